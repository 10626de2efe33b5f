import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { type FarmRole, farmRoleOrder, lastOwner, rowsOf } from "./authorization.js";
import { FdmError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { guard } from "./guard.js";
import { authUser, farmRoles, organizations } from "./schema.js";
import { requireEnum, requireId } from "./validate.js";

/** A principal and its role on a farm, as {@link listPrincipalsForFarm} returns it. */
export interface FarmPrincipal {
  /** The principal holding the role. */
  principalId: PrincipalId;
  /** Its role on the farm. */
  role: FarmRole;
  /** When the role was granted or last changed. */
  grantedAt: Date;
}

/** Only principals that exist count: users (auth_user) and organizations. */
const exists = (principal: SQL | string) =>
  sql`(exists (select 1 from ${authUser} where ${authUser.id} = ${principal})
    or exists (select 1 from ${organizations} where ${organizations.id} = ${principal}))`;

/**
 * The owners of a farm that exist (the farm row is already locked by the guard's `share`):
 * a role row left by a principal that does not exist never counts as an owner.
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

/**
 * Gives a principal — an existing user or organization — a role on a farm. Only a
 * principal that may share the farm (an owner, or an owner or admin of an organization
 * that owns it) can grant roles.
 *
 * @param fdm - The database handle.
 * @param principalId - Who grants the role; needs the `share` right on the farm.
 * @param granteeId - Who receives the role.
 * @param farmId - The farm.
 * @param role - `owner`, `advisor` or `researcher`.
 * @returns Resolves when the role is stored.
 * @throws {FdmError} `INVALID_INPUT` for a bad id or role, `NOT_FOUND` for an unknown farm or a
 *   grantee that is neither a user nor an organization, `CONFLICT` when the grantee already holds
 *   a role (use {@link updateRoleOfPrincipalAtFarm}), `DATABASE` when a query fails.
 * @throws {FdmPermissionError} When `principalId` may not share the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, grantRoleToFarm, listPrincipalsForFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const { user: advisor } = await auth.api.signUpEmail({
 *   body: { name: "Bram Visser", email: "bram@example.org", password: "correct horse battery" },
 * });
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await grantRoleToFarm(fdm, me, advisor.id, farmId, "advisor");
 * const principals = await listPrincipalsForFarm(fdm, me, farmId);
 * assert.deepEqual(principals.map((p) => [p.principalId, p.role]), [[me, "owner"], [advisor.id, "advisor"]]);
 * ```
 */
export async function grantRoleToFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  granteeId: PrincipalId,
  farmId: string,
  role: FarmRole,
): Promise<void> {
  const grantee = requireId(granteeId, "granteeId");
  const r = requireEnum(role, "role", farmRoleOrder);
  await guard(fdm, principalId, "grantRoleToFarm").share("farm", farmId, async (tx) => {
    await requirePrincipal(tx, grantee);
    const [existing] = await tx
      .select({ role: farmRoles.role, via: farmRoles.principalId })
      .from(farmRoles)
      .where(and(eq(farmRoles.farmId, farmId), eq(farmRoles.principalId, grantee)));
    if (existing) {
      throw new FdmError(
        "CONFLICT",
        `granteeId: principal '${grantee}' already holds the role '${existing.role}' on farm '${farmId}'; use updateRoleOfPrincipalAtFarm to change it.`,
        { field: "granteeId" },
      );
    }
    await tx.insert(farmRoles).values({ farmId, principalId: grantee, role: r });
  });
}

/**
 * Changes the role a principal holds on a farm. The last owner cannot be
 * demoted: a farm keeps at least one owner.
 *
 * @param fdm - The database handle.
 * @param principalId - Who changes the role; needs the `share` right on the farm.
 * @param granteeId - Whose role changes.
 * @param farmId - The farm.
 * @param role - The new role.
 * @returns Resolves when the role is changed.
 * @throws {FdmError} `INVALID_INPUT` for a bad id or role, `NOT_FOUND` when the farm is
 *   unknown or the grantee holds no role on it, `CONFLICT` when it would leave the farm without an owner.
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
 * ```
 */
export async function updateRoleOfPrincipalAtFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  granteeId: PrincipalId,
  farmId: string,
  role: FarmRole,
): Promise<void> {
  const grantee = requireId(granteeId, "granteeId");
  const r = requireEnum(role, "role", farmRoleOrder);
  await guard(fdm, principalId, "updateRoleOfPrincipalAtFarm").share("farm", farmId, async (tx) => {
    const owners = await ownersOf(tx, farmId);
    await requireGrantee(tx, farmId, grantee);
    if (r !== "owner" && !owners.some((o) => o !== grantee)) {
      throw lastOwner("granteeId", grantee, `farm '${farmId}'`);
    }
    await tx
      .update(farmRoles)
      .set({ role: r, grantedAt: new Date() })
      .where(and(eq(farmRoles.farmId, farmId), eq(farmRoles.principalId, grantee)));
  });
}

/**
 * Takes away the role a principal holds on a farm. The last owner cannot be
 * revoked: a farm keeps at least one owner.
 *
 * @param fdm - The database handle.
 * @param principalId - Who revokes; needs the `share` right on the farm.
 * @param granteeId - Whose role is taken away.
 * @param farmId - The farm.
 * @returns Resolves when the role is removed.
 * @throws {FdmError} `NOT_FOUND` when the farm is unknown or the grantee holds no role on it,
 *   `CONFLICT` when the grantee is the farm's last owner.
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
    await requireGrantee(tx, farmId, grantee);
    if (!owners.some((o) => o !== grantee)) {
      throw lastOwner("granteeId", grantee, `farm '${farmId}'`);
    }
    await tx
      .delete(farmRoles)
      .where(and(eq(farmRoles.farmId, farmId), eq(farmRoles.principalId, grantee)));
  });
}

async function requireGrantee(tx: FdmType, farmId: string, grantee: string): Promise<void> {
  const [row] = await tx
    .select({ role: farmRoles.role, via: farmRoles.principalId })
    .from(farmRoles)
    .where(and(eq(farmRoles.farmId, farmId), eq(farmRoles.principalId, grantee)));
  if (!row) {
    throw new FdmError(
      "NOT_FOUND",
      `granteeId: principal '${grantee}' holds no role on farm '${farmId}'.`,
      { field: "granteeId" },
    );
  }
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
): Promise<FarmPrincipal[]> {
  return guard(fdm, principalId, "listPrincipalsForFarm").read("farm", farmId, async (db) => {
    const rows = await db
      .select({
        principalId: farmRoles.principalId,
        role: farmRoles.role,
        grantedAt: farmRoles.grantedAt,
      })
      .from(farmRoles)
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
