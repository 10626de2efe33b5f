import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { type FarmRole, farmRoleOrder, lastOwner, rowsOf } from "./authorization.js";
import { FdmError, FdmPermissionError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { guard } from "./guard.js";
import { afterKey, byKey, type Page, type PageRequest, pageOf, requirePage } from "./page.js";
import {
  authUser,
  farmRoleOffers,
  farmRoles,
  farms,
  organizationMembers,
  organizations,
} from "./schema.js";
import { requireEnum, requireId, requireObject } from "./validate.js";

/** A principal and its role on a farm, as {@link listPrincipalsForFarm} returns it. */
export interface FarmPrincipal {
  /** The principal holding the role. */
  principalId: PrincipalId;
  /** Its role on the farm. */
  role: FarmRole;
  /** When the role was granted or last changed. */
  grantedAt: Date;
}

/**
 * What {@link grantRoleToFarm} and {@link updateRoleOfPrincipalAtFarm} did: `granted` when the
 * role took effect, `offered` when it went out as an offer that gives nothing until its receiver
 * accepts it ({@link acceptFarmRoleOffer}): the owner role for another principal, and any role
 * for an organization of which the granter is neither owner nor admin.
 */
export type FarmRoleGrant = "granted" | "offered";

/**
 * An offer of a role on a farm that its receiver has not yet answered, as
 * {@link listFarmRoleOffers} and {@link listFarmRoleOffersForFarm} return it.
 */
export interface FarmRoleOffer {
  /** The farm. */
  farmId: string;
  /** The farm's name, for showing to the receiver. */
  farmName: string;
  /** To whom the role is offered: a user, or an organization. */
  principalId: PrincipalId;
  /** The role offered: `owner` to any other principal; any role to an organization. */
  role: FarmRole;
  /** The user who made the offer. */
  offeredBy: PrincipalId;
  /** When it was made. */
  offeredAt: Date;
}

/**
 * For whom a user answers an offer, leaves a farm or lists offers: itself when omitted, or
 * the organization `organizationId`, of which the user must be an owner or admin.
 */
export interface FarmRoleActingFor {
  /** The organization the user acts for. */
  organizationId?: string;
}

/** Only principals that exist count: users (auth_user) and organizations. */
const exists = (principal: SQL | string) =>
  sql`(exists (select 1 from ${authUser} where ${authUser.id} = ${principal})
    or exists (select 1 from ${organizations} where ${organizations.id} = ${principal}))`;

/**
 * The owners of a farm that exist (the farm row is already locked): a role row left by a
 * principal that does not exist never counts as an owner, nor does an offer.
 */
async function ownersOf(tx: FdmType, farmId: string): Promise<string[]> {
  const rows = await tx
    .select({ principalId: farmRoles.principalId })
    .from(farmRoles)
    .where(
      and(
        eq(farmRoles.farmId, farmId),
        eq(farmRoles.role, "owner"),
        exists(sql`${farmRoles.principalId}`),
      ),
    );
  return rows.map((r) => r.principalId);
}

/** Throws NOT_FOUND unless the grantee is a user or an organization. */
async function requirePrincipal(tx: FdmType, grantee: string): Promise<void> {
  const [row] = await rowsOf<{ found: boolean }>(tx, sql`select ${exists(grantee)} as found`);
  if (!row?.found) {
    throw new FdmError("NOT_FOUND", `granteeId: no user or organization with id '${grantee}'.`, {
      field: "granteeId",
    });
  }
}

/** The role a principal holds on a farm, or `null`. */
async function roleOf(tx: FdmType, farmId: string, principal: string): Promise<FarmRole | null> {
  const [row] = await tx
    .select({ role: farmRoles.role })
    .from(farmRoles)
    .where(and(eq(farmRoles.farmId, farmId), eq(farmRoles.principalId, principal)));
  return row?.role ?? null;
}

/** The role offered to a principal on a farm, its row locked; or `null`. */
async function offerTo(tx: FdmType, farmId: string, principal: string): Promise<FarmRole | null> {
  const [row] = await tx
    .select({ role: farmRoleOffers.role })
    .from(farmRoleOffers)
    .where(and(eq(farmRoleOffers.farmId, farmId), eq(farmRoleOffers.principalId, principal)))
    .for("update");
  return row?.role ?? null;
}

const dropOffer = (tx: FdmType, farmId: string, principal: string) =>
  tx
    .delete(farmRoleOffers)
    .where(and(eq(farmRoleOffers.farmId, farmId), eq(farmRoleOffers.principalId, principal)));

/** Writes an offer of a role; one pending offer per principal and farm. */
async function offerRole(
  tx: FdmType,
  farmId: string,
  grantee: string,
  role: FarmRole,
  offeredBy: string,
): Promise<"offered"> {
  const pending = await offerTo(tx, farmId, grantee);
  if (pending) {
    throw new FdmError(
      "CONFLICT",
      `granteeId: an offer of the role '${pending}' on farm '${farmId}' to principal '${grantee}' is pending; it can accept or decline it, or revokePrincipalFromFarm withdraws it.`,
      { field: "granteeId" },
    );
  }
  await tx.insert(farmRoleOffers).values({ farmId, principalId: grantee, role, offeredBy });
  return "offered";
}

/**
 * Whether the grantee is an organization of which the user is neither owner nor admin: one
 * that must consent to a role. Its row is share-locked, so that the user's role in it cannot
 * change before the transaction ends.
 */
async function isForeignOrganization(
  tx: FdmType,
  userId: string,
  grantee: string,
): Promise<boolean> {
  const [org] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, grantee))
    .for("share");
  if (!org) return false;
  const [member] = await tx
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, grantee), eq(organizationMembers.userId, userId)),
    );
  return member?.role !== "owner" && member?.role !== "admin";
}

/**
 * Locks the farm row for the rest of the transaction, as the guard's `share` does, so that
 * answers, departures and role changes on one farm are serialised.
 */
async function lockFarm(tx: FdmType, farmId: string): Promise<void> {
  await tx.select({ id: farms.id }).from(farms).where(eq(farms.id, farmId)).for("no key update");
}

/** The organization named by the options, or `null` for the user itself; checks no database. */
function actingFor(options: unknown): string | null {
  if (options === undefined) return null;
  const o = requireObject(options, "options");
  // A misspelt key would otherwise make a user act for itself instead of the organization.
  for (const key of Object.keys(o)) {
    if (key !== "organizationId") {
      throw new FdmError(
        "INVALID_INPUT",
        `options: unknown option '${key}'; only organizationId.`,
        {
          field: "options",
        },
      );
    }
  }
  return o.organizationId === undefined ? null : requireId(o.organizationId, "organizationId");
}

/**
 * Checks that the user is an owner or admin of the organization, in the transaction; with
 * `lock` the organization row is share-locked, so that the user's organization role cannot
 * change before the transaction ends.
 */
async function requireSpeaksFor(
  db: FdmType,
  userId: string,
  organizationId: string,
  lock: boolean,
): Promise<void> {
  const org = db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const [found] = lock ? await org.for("share") : await org;
  if (!found) {
    throw new FdmError(
      "NOT_FOUND",
      `organizationId: no organization with id '${organizationId}'.`,
      {
        field: "organizationId",
      },
    );
  }
  const [member] = await db
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.userId, userId),
      ),
    );
  if (member?.role !== "owner" && member?.role !== "admin") {
    throw new FdmPermissionError(userId, "share", "organization", organizationId);
  }
}

/** The principal a call acts for: the user, or the organization it speaks for (checked). */
async function receiverOf(
  tx: FdmType,
  userId: string,
  organizationId: string | null,
): Promise<{ id: string; field: string }> {
  if (organizationId === null) return { id: userId, field: "principalId" };
  await requireSpeaksFor(tx, userId, organizationId, true);
  return { id: organizationId, field: "organizationId" };
}

const offerColumns = {
  farmId: farmRoleOffers.farmId,
  farmName: farms.name,
  principalId: farmRoleOffers.principalId,
  role: farmRoleOffers.role,
  offeredBy: farmRoleOffers.offeredBy,
  offeredAt: farmRoleOffers.offeredAt,
};

/**
 * Gives a principal — an existing user or organization — a role on a farm. Only a
 * principal that may share the farm (an owner, or an owner or admin of an organization
 * that owns it) can grant roles.
 *
 * Some grants are only offered: the offer gives no access, does not count as an owner (so the
 * granter cannot leave the farm to it) and becomes a role when its receiver accepts it with
 * {@link acceptFarmRoleOffer} (or is dropped by {@link declineFarmRoleOffer}):
 *
 * - `owner` for anyone but the caller: nobody is made a farm's owner without consent.
 * - any role for an organization of which the caller is neither `owner` nor `admin` (in
 *   `organization_members`): that organization's owners and admins answer the offer, so that
 *   nobody puts a farm in front of another organization's members without its consent.
 *
 * `advisor` and `researcher` for a user, or for an organization the caller owns or administers,
 * take effect at once (the receiver can always give them up with {@link leaveFarm}).
 *
 * @param fdm - The database handle.
 * @param principalId - Who grants the role; needs the `share` right on the farm.
 * @param granteeId - Who receives the role.
 * @param farmId - The farm.
 * @param role - `owner`, `advisor` or `researcher`.
 * @returns `granted` when the role took effect, `offered` when the role was only offered.
 * @throws {FdmError} `INVALID_INPUT` for a bad id or role, `NOT_FOUND` for an unknown farm or a
 *   grantee that is neither a user nor an organization, `CONFLICT` when the grantee already holds
 *   a role (use {@link updateRoleOfPrincipalAtFarm}) or has a pending offer on the farm,
 *   `DATABASE` when a query fails.
 * @throws {FdmPermissionError} When `principalId` may not share the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   acceptFarmRoleOffer, addFarm, createFdmAuth, createFdmLocal, createOrganization,
 *   grantRoleToFarm, listPrincipalsForFarm,
 * } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const { user: advisor } = await auth.api.signUpEmail({
 *   body: { name: "Bram Visser", email: "bram@example.org", password: "correct horse battery" },
 * });
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * assert.equal(await grantRoleToFarm(fdm, me, advisor.id, farmId, "advisor"), "granted");
 * const principals = await listPrincipalsForFarm(fdm, me, farmId);
 * assert.deepEqual(principals.map((p) => [p.principalId, p.role]), [[me, "owner"], [advisor.id, "advisor"]]);
 * // ownership is only offered: Bram holds no owner role until he accepts
 * const other = await addFarm(fdm, me, { name: "Het Veld" });
 * assert.equal(await grantRoleToFarm(fdm, me, advisor.id, other, "owner"), "offered");
 * assert.deepEqual((await listPrincipalsForFarm(fdm, me, other)).map((p) => p.principalId), [me]);
 * // Bram's firm, which Anna does not run, gets a role only when its owner or admin accepts it
 * const firm = await createOrganization(fdm, advisor.id, { name: "Adviesbureau Zand", slug: "zand" });
 * assert.equal(await grantRoleToFarm(fdm, me, firm, farmId, "researcher"), "offered");
 * assert.equal(await acceptFarmRoleOffer(fdm, advisor.id, farmId, { organizationId: firm }), "researcher");
 * ```
 */
export async function grantRoleToFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  granteeId: PrincipalId,
  farmId: string,
  role: FarmRole,
): Promise<FarmRoleGrant> {
  const grantee = requireId(granteeId, "granteeId");
  const r = requireEnum(role, "role", farmRoleOrder);
  return guard(fdm, principalId, "grantRoleToFarm").share("farm", farmId, async (tx, ctx) => {
    await requirePrincipal(tx, grantee);
    const held = await roleOf(tx, farmId, grantee);
    if (held) {
      throw new FdmError(
        "CONFLICT",
        `granteeId: principal '${grantee}' already holds the role '${held}' on farm '${farmId}'; use updateRoleOfPrincipalAtFarm to change it.`,
        { field: "granteeId" },
      );
    }
    if (
      (r === "owner" && grantee !== ctx.principalId) ||
      (await isForeignOrganization(tx, ctx.principalId, grantee))
    ) {
      return offerRole(tx, farmId, grantee, r, ctx.principalId);
    }
    await tx.insert(farmRoles).values({ farmId, principalId: grantee, role: r });
    return "granted";
  });
}

/**
 * Changes the role a principal holds on a farm. The last owner cannot be
 * demoted: a farm keeps at least one owner. A raise that {@link grantRoleToFarm} would only
 * offer is only offered here too — to `owner` for another principal, and any raise for an
 * organization of which the caller is neither owner nor admin: the grantee keeps its current
 * role until it accepts. Lowering a role takes effect at once.
 *
 * @param fdm - The database handle.
 * @param principalId - Who changes the role; needs the `share` right on the farm.
 * @param granteeId - Whose role changes.
 * @param farmId - The farm.
 * @param role - The new role.
 * @returns `granted` when the role changed, `offered` when the raise was only offered.
 * @throws {FdmError} `INVALID_INPUT` for a bad id or role, `NOT_FOUND` when the farm is
 *   unknown or the grantee holds no role on it, `CONFLICT` when it would leave the farm without
 *   an owner or an offer to the grantee is pending.
 * @throws {FdmPermissionError} When `principalId` may not share the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addFarm, createFdmAuth, createFdmLocal, grantRoleToFarm, listPrincipalsForFarm,
 *   updateRoleOfPrincipalAtFarm,
 * } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const bram = (await auth.api.signUpEmail({ body: { ...body, name: "Bram Visser", email: "bram@example.org" } })).user.id;
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await grantRoleToFarm(fdm, me, bram, farmId, "researcher");
 * await updateRoleOfPrincipalAtFarm(fdm, me, bram, farmId, "advisor");
 * const principals = await listPrincipalsForFarm(fdm, me, farmId);
 * assert.deepEqual(principals.map((p) => p.role), ["owner", "advisor"]);
 * // to owner: an offer; Bram stays advisor until he accepts
 * assert.equal(await updateRoleOfPrincipalAtFarm(fdm, me, bram, farmId, "owner"), "offered");
 * ```
 */
export async function updateRoleOfPrincipalAtFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  granteeId: PrincipalId,
  farmId: string,
  role: FarmRole,
): Promise<FarmRoleGrant> {
  const grantee = requireId(granteeId, "granteeId");
  const r = requireEnum(role, "role", farmRoleOrder);
  return guard(fdm, principalId, "updateRoleOfPrincipalAtFarm").share(
    "farm",
    farmId,
    async (tx, ctx) => {
      const owners = await ownersOf(tx, farmId);
      const current = await requireGrantee(tx, farmId, grantee);
      const raises = farmRoleOrder.indexOf(r) < farmRoleOrder.indexOf(current);
      if (
        raises &&
        ((r === "owner" && grantee !== ctx.principalId) ||
          (await isForeignOrganization(tx, ctx.principalId, grantee)))
      ) {
        return offerRole(tx, farmId, grantee, r, ctx.principalId);
      }
      if (r !== "owner" && !owners.some((o) => o !== grantee)) {
        throw lastOwner("granteeId", grantee, `farm '${farmId}'`);
      }
      await tx
        .update(farmRoles)
        .set({ role: r, grantedAt: new Date() })
        .where(and(eq(farmRoles.farmId, farmId), eq(farmRoles.principalId, grantee)));
      return "granted";
    },
  );
}

/**
 * Takes away the role a principal holds on a farm, and withdraws an offer made to it. The
 * last owner cannot be revoked: a farm keeps at least one owner (an offer is no owner).
 *
 * @param fdm - The database handle.
 * @param principalId - Who revokes; needs the `share` right on the farm.
 * @param granteeId - Whose role is taken away, or to whom the offer was made.
 * @param farmId - The farm.
 * @returns Resolves when the role and the offer are gone.
 * @throws {FdmError} `NOT_FOUND` when the farm is unknown or the grantee holds no role on it and
 *   has no offer, `CONFLICT` when the grantee is the farm's last owner.
 * @throws {FdmPermissionError} When `principalId` may not share the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addFarm, createFdmAuth, createFdmLocal, grantRoleToFarm, listPrincipalsForFarm,
 *   revokePrincipalFromFarm,
 * } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const bram = (await auth.api.signUpEmail({ body: { ...body, name: "Bram Visser", email: "bram@example.org" } })).user.id;
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await grantRoleToFarm(fdm, me, bram, farmId, "advisor");
 * await revokePrincipalFromFarm(fdm, me, bram, farmId);
 * assert.deepEqual((await listPrincipalsForFarm(fdm, me, farmId)).map((p) => p.role), ["owner"]);
 * ```
 */
export async function revokePrincipalFromFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  granteeId: PrincipalId,
  farmId: string,
): Promise<void> {
  const grantee = requireId(granteeId, "granteeId");
  await guard(fdm, principalId, "revokePrincipalFromFarm").share("farm", farmId, async (tx) => {
    const owners = await ownersOf(tx, farmId);
    const held = await roleOf(tx, farmId, grantee);
    const offered = await offerTo(tx, farmId, grantee);
    if (!held && !offered) {
      throw new FdmError(
        "NOT_FOUND",
        `granteeId: principal '${grantee}' holds no role on farm '${farmId}' and has no offer of one.`,
        { field: "granteeId" },
      );
    }
    if (held && !owners.some((o) => o !== grantee)) {
      throw lastOwner("granteeId", grantee, `farm '${farmId}'`);
    }
    await tx
      .delete(farmRoles)
      .where(and(eq(farmRoles.farmId, farmId), eq(farmRoles.principalId, grantee)));
    await dropOffer(tx, farmId, grantee);
  });
}

/** The grantee's role on the farm; NOT_FOUND when it holds none. */
async function requireGrantee(tx: FdmType, farmId: string, grantee: string): Promise<FarmRole> {
  const held = await roleOf(tx, farmId, grantee);
  if (!held) {
    throw new FdmError(
      "NOT_FOUND",
      `granteeId: principal '${grantee}' holds no role on farm '${farmId}'.`,
      { field: "granteeId" },
    );
  }
  return held;
}

/**
 * Lists who holds which role on a farm, owners first.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param farmId - The farm.
 * @returns The principals with their roles.
 * @throws {FdmError} `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When `principalId` may not read the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, listPrincipalsForFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * const principals = await listPrincipalsForFarm(fdm, me, farmId);
 * assert.deepStrictEqual(principals.map((p) => p.role), ["owner"]);
 * ```
 */
export async function listPrincipalsForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
): Promise<FarmPrincipal[]>;
/**
 * Lists one page of who holds which role on a farm, by principal id (ids compare as bytes): at
 * most `page.limit` whose ids come after `page.after`, read in SQL. See `getFields` for how
 * pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param farmId - The farm.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's principals with their roles, and the `after` of the next page (`next`,
 *   `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for a bad page (`field: "page.limit"` or `"page.after"`);
 *   `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When `principalId` may not read the farm.
 */
export async function listPrincipalsForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  page: PageRequest,
): Promise<Page<FarmPrincipal>>;
export async function listPrincipalsForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  page?: PageRequest,
): Promise<FarmPrincipal[] | Page<FarmPrincipal>> {
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "listPrincipalsForFarm").read("farm", farmId, async (db) => {
    const query = db
      .select({
        principalId: farmRoles.principalId,
        role: farmRoles.role,
        grantedAt: farmRoles.grantedAt,
      })
      .from(farmRoles)
      .$dynamic();
    if (checked !== null) {
      const rows = await query
        .where(and(eq(farmRoles.farmId, farmId), afterKey(farmRoles.principalId, checked)))
        .orderBy(byKey(farmRoles.principalId))
        .limit(checked.limit + 1);
      return pageOf(rows, checked, (r) => r.principalId);
    }
    const rows = await query
      .where(eq(farmRoles.farmId, farmId))
      .orderBy(asc(farmRoles.principalId));
    const rank = (r: FarmRole) => farmRoleOrder.indexOf(r);
    return rows.sort((a, b) => rank(a.role) - rank(b.role));
  });
}

/**
 * Tells whether a principal may share a farm (grant, change and revoke roles).
 * The check is recorded in the audit log like any other.
 *
 * @param fdm - The database handle.
 * @param principalId - The principal.
 * @param farmId - The farm.
 * @returns `true` for an owner; `false` otherwise, also for an unknown farm.
 * @throws {FdmError} `INVALID_INPUT` for an empty id, `DATABASE` when the query fails.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, isAllowedToShareFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const bram = (await auth.api.signUpEmail({ body: { ...body, name: "Bram Visser", email: "bram@example.org" } })).user.id;
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * assert.strictEqual(await isAllowedToShareFarm(fdm, me, farmId), true);
 * assert.strictEqual(await isAllowedToShareFarm(fdm, bram, farmId), false);
 * ```
 */
export async function isAllowedToShareFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
): Promise<boolean> {
  return guard(fdm, principalId, "isAllowedToShareFarm").allowed("share", farmId);
}

/**
 * Tells whether a principal may delete a farm. The check is recorded in the
 * audit log like any other.
 *
 * @param fdm - The database handle.
 * @param principalId - The principal.
 * @param farmId - The farm.
 * @returns `true` for an owner; `false` otherwise, also for an unknown farm.
 * @throws {FdmError} `INVALID_INPUT` for an empty id, `DATABASE` when the query fails.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, grantRoleToFarm, isAllowedToDeleteFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const bram = (await auth.api.signUpEmail({ body: { ...body, name: "Bram Visser", email: "bram@example.org" } })).user.id;
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await grantRoleToFarm(fdm, me, bram, farmId, "advisor");
 * assert.strictEqual(await isAllowedToDeleteFarm(fdm, bram, farmId), false);
 * ```
 */
export async function isAllowedToDeleteFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
): Promise<boolean> {
  return guard(fdm, principalId, "isAllowedToDeleteFarm").allowed("delete", farmId);
}

/**
 * Accepts an offer of a role on a farm: the offered role becomes the receiver's role (a role
 * it already holds is kept when it gives more access) and the offer is gone, in one
 * transaction with the farm row locked, recorded in one audit row. A user accepts an offer
 * made to itself; an owner or admin of an organization accepts one made to the organization
 * by passing `organizationId`. Nobody else can accept it.
 *
 * @param fdm - The database handle.
 * @param principalId - The user who accepts.
 * @param farmId - The farm of the offer.
 * @param options - `organizationId` to accept for that organization; omitted for the user itself.
 * @returns The role the receiver holds on the farm afterwards.
 * @throws {FdmError} `INVALID_INPUT` for a bad id or option; `NOT_FOUND` when there is no
 *   offer on that farm to the receiver (also after it was accepted, declined or withdrawn) or
 *   the organization is unknown; `DATABASE` when a query fails.
 * @throws {FdmPermissionError} When the principal is not a user, or is not an owner or admin of
 *   the organization.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   acceptFarmRoleOffer, addFarm, createFdmAuth, createFdmLocal, getFarms, grantRoleToFarm,
 *   leaveFarm, listFarmRoleOffers,
 * } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const anna = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const bram = (await auth.api.signUpEmail({ body: { ...body, name: "Bram Visser", email: "bram@example.org" } })).user.id;
 * const farmId = await addFarm(fdm, anna, { name: "De Hoeve" });
 * await grantRoleToFarm(fdm, anna, bram, farmId, "owner"); // Anna hands the farm over
 * const [offer] = await listFarmRoleOffers(fdm, bram);
 * assert.deepEqual([offer?.farmName, offer?.role, offer?.offeredBy], ["De Hoeve", "owner", anna]);
 * assert.equal(await acceptFarmRoleOffer(fdm, bram, farmId), "owner");
 * assert.deepEqual((await getFarms(fdm, bram)).map((f) => f.name), ["De Hoeve"]);
 * await leaveFarm(fdm, anna, farmId); // handed over: Anna may leave now
 * ```
 */
export async function acceptFarmRoleOffer(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  options?: FarmRoleActingFor,
): Promise<FarmRole> {
  const farm = requireId(farmId, "farmId");
  const organizationId = actingFor(options);
  return guard(fdm, principalId, "acceptFarmRoleOffer").writeOwn("farm", farm, async (tx, ctx) => {
    const receiver = await receiverOf(tx, ctx.principalId, organizationId);
    await lockFarm(tx, farm);
    const offered = await offerTo(tx, farm, receiver.id);
    if (!offered) throw noOffer(farm, receiver);
    const held = await roleOf(tx, farm, receiver.id);
    const rank = (r: FarmRole) => farmRoleOrder.indexOf(r);
    const role = held && rank(held) <= rank(offered) ? held : offered;
    if (!held) {
      await tx.insert(farmRoles).values({ farmId: farm, principalId: receiver.id, role });
    } else if (role !== held) {
      await tx
        .update(farmRoles)
        .set({ role, grantedAt: new Date() })
        .where(and(eq(farmRoles.farmId, farm), eq(farmRoles.principalId, receiver.id)));
    }
    await dropOffer(tx, farm, receiver.id);
    return role;
  });
}

const noOffer = (farmId: string, receiver: { id: string }) =>
  new FdmError(
    "NOT_FOUND",
    `farmId: no pending offer of a role on farm '${farmId}' to '${receiver.id}'.`,
    { field: "farmId" },
  );

/**
 * Declines an offer of a role on a farm: the offer is gone and nothing else changes. Who may
 * decline is who may accept (see {@link acceptFarmRoleOffer}).
 *
 * @param fdm - The database handle.
 * @param principalId - The user who declines.
 * @param farmId - The farm of the offer.
 * @param options - `organizationId` to decline for that organization; omitted for the user itself.
 * @returns Resolves when the offer is gone.
 * @throws {FdmError} `INVALID_INPUT` for a bad id or option; `NOT_FOUND` when there is no
 *   offer on that farm to the receiver or the organization is unknown; `DATABASE` when a query fails.
 * @throws {FdmPermissionError} When the principal is not a user, or is not an owner or admin of
 *   the organization.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addFarm, createFdmAuth, createFdmLocal, declineFarmRoleOffer, grantRoleToFarm,
 *   listFarmRoleOffers,
 * } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const anna = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const bram = (await auth.api.signUpEmail({ body: { ...body, name: "Bram Visser", email: "bram@example.org" } })).user.id;
 * const farmId = await addFarm(fdm, anna, { name: "De Hoeve" });
 * await grantRoleToFarm(fdm, anna, bram, farmId, "owner");
 * await declineFarmRoleOffer(fdm, bram, farmId);
 * assert.deepEqual(await listFarmRoleOffers(fdm, bram), []);
 * ```
 */
export async function declineFarmRoleOffer(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  options?: FarmRoleActingFor,
): Promise<void> {
  const farm = requireId(farmId, "farmId");
  const organizationId = actingFor(options);
  await guard(fdm, principalId, "declineFarmRoleOffer").writeOwn("farm", farm, async (tx, ctx) => {
    const receiver = await receiverOf(tx, ctx.principalId, organizationId);
    await lockFarm(tx, farm);
    if (!(await offerTo(tx, farm, receiver.id))) throw noOffer(farm, receiver);
    await dropOffer(tx, farm, receiver.id);
  });
}

/**
 * Lists the offers of roles on farms that await an answer from a user: those made to the user
 * and those made to organizations of which it is an owner or admin; oldest first.
 *
 * @param fdm - The database handle.
 * @param principalId - The user.
 * @param options - `organizationId` to list only the offers to that organization.
 * @returns The offers; empty when there are none.
 * @throws {FdmError} `INVALID_INPUT` for a bad option; `NOT_FOUND` for an unknown organization;
 *   `DATABASE` when a query fails.
 * @throws {FdmPermissionError} When the principal is not a user, or with `organizationId` is
 *   not an owner or admin of it.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, grantRoleToFarm, listFarmRoleOffers } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const anna = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const bram = (await auth.api.signUpEmail({ body: { ...body, name: "Bram Visser", email: "bram@example.org" } })).user.id;
 * const farmId = await addFarm(fdm, anna, { name: "De Hoeve" });
 * await grantRoleToFarm(fdm, anna, bram, farmId, "owner");
 * const offers = await listFarmRoleOffers(fdm, bram);
 * assert.deepEqual(offers.map((o) => [o.farmName, o.principalId, o.role]), [["De Hoeve", bram, "owner"]]);
 * assert.deepEqual(await listFarmRoleOffers(fdm, anna), []);
 * ```
 */
export async function listFarmRoleOffers(
  fdm: FdmType,
  principalId: PrincipalId,
  options?: FarmRoleActingFor,
): Promise<FarmRoleOffer[]>;
/**
 * Lists one page of the offers of roles on farms that await an answer from a user, by farm id
 * and then receiver id (ids compare as bytes): at most `page.limit` after the offer whose key
 * is `page.after`, read in SQL. See `getFields` for how pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - The user.
 * @param options - `organizationId` to list only the offers to that organization, or `undefined`.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's offers and the `after` of the next page (`next`, `null` on the last).
 * @throws {FdmError} As without a page, and `INVALID_INPUT` for a bad page (`field:
 *   "page.limit"` or `"page.after"`).
 * @throws {FdmPermissionError} When the principal is not a user, or with `organizationId` is
 *   not an owner or admin of it.
 */
export async function listFarmRoleOffers(
  fdm: FdmType,
  principalId: PrincipalId,
  options: FarmRoleActingFor | undefined,
  page: PageRequest,
): Promise<Page<FarmRoleOffer>>;
export async function listFarmRoleOffers(
  fdm: FdmType,
  principalId: PrincipalId,
  options?: FarmRoleActingFor,
  page?: PageRequest,
): Promise<FarmRoleOffer[] | Page<FarmRoleOffer>> {
  const organizationId = actingFor(options);
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "listFarmRoleOffers").readOwn(
    "farm_role_offer",
    organizationId ?? "*",
    async (db, ctx) => {
      let to: SQL | undefined;
      if (organizationId !== null) {
        await requireSpeaksFor(db, ctx.principalId, organizationId, false);
        to = eq(farmRoleOffers.principalId, organizationId);
      } else {
        const spokenFor = db
          .select({ id: organizationMembers.organizationId })
          .from(organizationMembers)
          .where(
            and(
              eq(organizationMembers.userId, ctx.principalId),
              inArray(organizationMembers.role, ["owner", "admin"]),
            ),
          );
        to = or(
          eq(farmRoleOffers.principalId, ctx.principalId),
          inArray(farmRoleOffers.principalId, spokenFor),
        );
      }
      const query = db
        .select(offerColumns)
        .from(farmRoleOffers)
        .innerJoin(farms, eq(farms.id, farmRoleOffers.farmId))
        .$dynamic();
      if (checked !== null) {
        // A user may hold an offer of a farm itself and through an organization: the key is
        // the farm and the receiver, joined by a character no id holds (ids hold no controls).
        const key = sql`${farmRoleOffers.farmId} || chr(1) || ${farmRoleOffers.principalId}`;
        const rows = await query
          .where(and(to, afterKey(key, checked)))
          .orderBy(byKey(key))
          .limit(checked.limit + 1);
        return pageOf(rows, checked, offerKey);
      }
      return query
        .where(to)
        .orderBy(
          asc(farmRoleOffers.offeredAt),
          asc(farmRoleOffers.farmId),
          asc(farmRoleOffers.principalId),
        );
    },
  );
}

/** The key of an offer in the pages of {@link listFarmRoleOffers}: farm, then receiver. */
const offerKey = (o: FarmRoleOffer) => `${o.farmId}\u0001${o.principalId}`;

/**
 * Lists the offers made on a farm that await an answer, oldest first: what its owners have
 * offered and may withdraw with {@link revokePrincipalFromFarm}. Offers are kept apart from
 * {@link listPrincipalsForFarm}, which lists only roles that are in force.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `share` right on the farm.
 * @param farmId - The farm.
 * @returns The pending offers; empty when there are none.
 * @throws {FdmError} `INVALID_INPUT` for an empty id, `NOT_FOUND` for an unknown farm,
 *   `DATABASE` when a query fails.
 * @throws {FdmPermissionError} When `principalId` may not share the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addFarm, createFdmAuth, createFdmLocal, grantRoleToFarm, listFarmRoleOffersForFarm,
 *   revokePrincipalFromFarm,
 * } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const anna = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const bram = (await auth.api.signUpEmail({ body: { ...body, name: "Bram Visser", email: "bram@example.org" } })).user.id;
 * const farmId = await addFarm(fdm, anna, { name: "De Hoeve" });
 * await grantRoleToFarm(fdm, anna, bram, farmId, "owner");
 * const pending = await listFarmRoleOffersForFarm(fdm, anna, farmId);
 * assert.deepEqual(pending.map((o) => [o.principalId, o.role]), [[bram, "owner"]]);
 * await revokePrincipalFromFarm(fdm, anna, bram, farmId); // withdraws the offer
 * assert.deepEqual(await listFarmRoleOffersForFarm(fdm, anna, farmId), []);
 * ```
 */
export async function listFarmRoleOffersForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
): Promise<FarmRoleOffer[]>;
/**
 * Lists one page of the offers made on a farm that await an answer, by receiver id (ids
 * compare as bytes): at most `page.limit` whose receiver ids come after `page.after`, read in
 * SQL. See `getFields` for how pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `share` right on the farm.
 * @param farmId - The farm.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's offers and the `after` of the next page (`next`, `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for an empty id or a bad page (`field: "page.limit"` or
 *   `"page.after"`), `NOT_FOUND` for an unknown farm, `DATABASE` when a query fails.
 * @throws {FdmPermissionError} When `principalId` may not share the farm.
 */
export async function listFarmRoleOffersForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  page: PageRequest,
): Promise<Page<FarmRoleOffer>>;
export async function listFarmRoleOffersForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  page?: PageRequest,
): Promise<FarmRoleOffer[] | Page<FarmRoleOffer>> {
  const checked = page === undefined ? null : requirePage(page);
  // `share`: only who may withdraw an offer sees it.
  return guard(fdm, principalId, "listFarmRoleOffersForFarm").share("farm", farmId, async (tx) => {
    const query = tx
      .select(offerColumns)
      .from(farmRoleOffers)
      .innerJoin(farms, eq(farms.id, farmRoleOffers.farmId))
      .$dynamic();
    const onFarm = and(
      eq(farmRoleOffers.farmId, farmId),
      exists(sql`${farmRoleOffers.principalId}`),
    );
    if (checked === null) {
      return query
        .where(onFarm)
        .orderBy(asc(farmRoleOffers.offeredAt), asc(farmRoleOffers.principalId));
    }
    const rows = await query
      .where(and(onFarm, afterKey(farmRoleOffers.principalId, checked)))
      .orderBy(byKey(farmRoleOffers.principalId))
      .limit(checked.limit + 1);
    return pageOf(rows, checked, (o) => o.principalId);
  });
}

/**
 * Gives up a role on a farm: a user drops its own role, an owner or admin of an organization
 * drops the organization's role (pass `organizationId`). A pending offer to the same principal
 * goes too. Refused only where the principal is the farm's last owner: a farm keeps at least
 * one owner, so its last owner removes the farm ({@link removeFarm}) or hands it over (offers
 * `owner` to another principal, which accepts) first.
 *
 * @param fdm - The database handle.
 * @param principalId - The user who leaves, or who leaves for its organization.
 * @param farmId - The farm.
 * @param options - `organizationId` to leave for that organization; omitted for the user itself.
 * @returns Resolves when the role is gone.
 * @throws {FdmError} `INVALID_INPUT` for a bad id or option; `NOT_FOUND` when the principal
 *   holds no role on the farm and has no offer of one, or the organization is unknown;
 *   `CONFLICT` when it is the farm's last owner; `DATABASE` when a query fails.
 * @throws {FdmPermissionError} When the principal is not a user, or is not an owner or admin of
 *   the organization.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, getFarms, grantRoleToFarm, leaveFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const anna = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const bram = (await auth.api.signUpEmail({ body: { ...body, name: "Bram Visser", email: "bram@example.org" } })).user.id;
 * const farmId = await addFarm(fdm, anna, { name: "De Hoeve" });
 * await grantRoleToFarm(fdm, anna, bram, farmId, "advisor");
 * await leaveFarm(fdm, bram, farmId);
 * assert.deepEqual(await getFarms(fdm, bram), []);
 * // the last owner cannot leave: remove the farm or hand it over instead
 * await assert.rejects(leaveFarm(fdm, anna, farmId), { code: "CONFLICT" });
 * ```
 */
export async function leaveFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  options?: FarmRoleActingFor,
): Promise<void> {
  const farm = requireId(farmId, "farmId");
  const organizationId = actingFor(options);
  await guard(fdm, principalId, "leaveFarm").writeOwn("farm", farm, async (tx, ctx) => {
    const leaver = await receiverOf(tx, ctx.principalId, organizationId);
    await lockFarm(tx, farm);
    const held = await roleOf(tx, farm, leaver.id);
    if (!held && !(await offerTo(tx, farm, leaver.id))) {
      throw new FdmError(
        "NOT_FOUND",
        `farmId: '${leaver.id}' holds no role on farm '${farm}' and has no offer of one.`,
        { field: "farmId" },
      );
    }
    if (held === "owner" && !(await ownersOf(tx, farm)).some((o) => o !== leaver.id)) {
      throw new FdmError(
        "CONFLICT",
        `${leaver.field}: '${leaver.id}' is the last owner of farm '${farm}'; remove the farm, or hand it over (another principal accepts the owner role) before leaving.`,
        { field: leaver.field },
      );
    }
    await tx
      .delete(farmRoles)
      .where(and(eq(farmRoles.farmId, farm), eq(farmRoles.principalId, leaver.id)));
    await dropOffer(tx, farm, leaver.id);
  });
}
