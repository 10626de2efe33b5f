import { and, asc, eq, gt, notInArray, type SQL, sql } from "drizzle-orm";
import {
  lastOwner,
  type OrganizationRole,
  organizationPermissions,
  organizationRoleOrder,
} from "./authorization.js";
import { FdmError, FdmPermissionError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { guard, system } from "./guard.js";
import {
  afterKey,
  byKey,
  type CheckedPage,
  type Page,
  type PageRequest,
  pageOf,
  requirePage,
} from "./page.js";
import { handlePattern, type Principal, usersAsPrincipals } from "./principal.js";
import { type ReturningRecord, wantsRecord } from "./returning.js";
import {
  authUser,
  farmRoles,
  organizationInvitations,
  organizationMembers,
  organizations,
} from "./schema.js";
import {
  createId,
  optionalDate,
  optionalText,
  requireEnum,
  requireId,
  requireObject,
  requireSomeKey,
  requireText,
  tied,
} from "./validate.js";

/** The details of an organization that a user enters. */
export interface OrganizationInput {
  /** The organization's name, 1–200 characters. */
  name: string;
  /**
   * Its short handle, unique among organization slugs and usernames: 3–30 of
   * `a`–`z`, `0`–`9`, `_`, `.`, `-`, starting with a letter or digit.
   */
  slug: string;
  /** What the organization is, up to 1,000 characters; optional. */
  description?: string | null;
}

/** An organization as fdm-core returns it. */
export interface Organization {
  /** The organization's id, a {@link PrincipalId} that can hold roles on farms. */
  id: string;
  /** Its name. */
  name: string;
  /** Its slug. */
  slug: string;
  /** Its description, or `null`. */
  description: string | null;
  /** The asking user's role in it. */
  role: OrganizationRole;
  /** When it was created. */
  createdAt: Date;
  /** When its details were last changed, or `null`. */
  updatedAt: Date | null;
}

// The interface follows its tables: a column added there and not here fails the type-check.
tied<Organization, typeof organizations.$inferSelect>(true, true);

/** A member of an organization, as {@link listMembersOfOrganization} returns it. */
export interface OrganizationMember {
  /** The member as a principal; its `email` follows the rule of {@link getPrincipal}. */
  user: Principal;
  /** The member's role. */
  role: OrganizationRole;
  /** When the user joined. */
  joinedAt: Date;
}

/** An invitation to join an organization. */
export interface OrganizationInvitation {
  /** The invitation's id. */
  id: string;
  /** The organization. */
  organizationId: string;
  /** The organization's name, for showing to the invited user. */
  organizationName: string;
  /** The invited email address, in lower case. */
  email: string;
  /** The role the user gets on accepting. */
  role: OrganizationRole;
  /** The user who invited. */
  inviterId: string;
  /** After this moment it can no longer be accepted. */
  expiresAt: Date;
  /** When it was made. */
  createdAt: Date;
}

// The interface follows its tables: a column added there and not here fails the type-check.
tied<OrganizationInvitation, typeof organizationInvitations.$inferSelect, "status" | "respondedAt">(
  true,
  true,
);

/** Options of {@link inviteUserToOrganization}. */
export interface InvitationInput {
  /** The email address to invite. */
  email: string;
  /** The role the user gets on accepting. */
  role: OrganizationRole;
  /**
   * When the invitation expires: after now and at most 30 days ahead.
   * Defaults to 7 days from now.
   */
  expiresAt?: Date;
}

const roleValues = organizationRoleOrder;
const dayMs = 24 * 60 * 60 * 1000;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function requireSlug(value: unknown): string {
  if (typeof value !== "string" || !handlePattern.test(value)) {
    throw new FdmError(
      "INVALID_INPUT",
      "slug: must be 3–30 characters of a–z, 0–9, '_', '.' and '-', starting with a letter or digit.",
      { field: "slug" },
    );
  }
  return value;
}

function requireEmail(value: unknown): string {
  if (typeof value !== "string" || value.length > 254 || !emailPattern.test(value.trim())) {
    throw new FdmError("INVALID_INPUT", "email: must be an email address.", { field: "email" });
  }
  return value.trim().toLowerCase();
}

const conflict = (field: string, message: string) =>
  new FdmError("CONFLICT", `${field}: ${message}.`, { field });

/**
 * Whether a member with role `inviter` may invite someone with role `role`: owners and admins
 * manage members, and only owners may make owners. {@link inviteUserToOrganization} applies it
 * when inviting and {@link acceptInvitation} again when the invitation is accepted.
 */
function mayInvite(inviter: OrganizationRole | undefined, role: OrganizationRole): boolean {
  if (inviter === undefined || !organizationPermissions[inviter].includes("share")) return false;
  return role !== "owner" || inviter === "owner";
}

/** The roles a member with role `inviter` may invite with. */
const invitableBy = (inviter: OrganizationRole): OrganizationRole[] =>
  roleValues.filter((role) => mayInvite(inviter, role));

/**
 * Revokes the open invitations `inviterId` made in the organization that its role `role`
 * (`undefined`: no longer a member) no longer lets it make, so that none outlives the right to
 * grant it.
 */
async function revokeInvitationsBeyond(
  tx: FdmType,
  organizationId: string,
  inviterId: string,
  role: OrganizationRole | undefined,
): Promise<void> {
  const allowed = role === undefined ? [] : invitableBy(role);
  if (allowed.length === roleValues.length) return;
  const now = new Date();
  await tx
    .update(organizationInvitations)
    .set({ status: "revoked", respondedAt: now })
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        eq(organizationInvitations.inviterId, inviterId),
        eq(organizationInvitations.status, "pending"),
        gt(organizationInvitations.expiresAt, now),
        allowed.length > 0 ? notInArray(organizationInvitations.role, allowed) : undefined,
      ),
    );
}

const unknownInvitation = (id: string, forUser = false) =>
  new FdmError(
    "NOT_FOUND",
    `invitationId: no invitation with id '${id}'${forUser ? " for this user" : ""}.`,
    { field: "invitationId" },
  );

/** Throws CONFLICT when the slug is taken by another organization or by a username. */
async function requireFreeSlug(tx: FdmType, slug: string, except?: string): Promise<void> {
  const orgs = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, slug));
  const users = await tx
    .select({ id: authUser.id })
    .from(authUser)
    .where(eq(authUser.username, slug));
  if (orgs.some((o) => o.id !== except) || users.length > 0) {
    throw conflict("slug", `'${slug}' is already taken by an organization or a username`);
  }
}

async function requireUser(
  db: FdmType,
  principalId: unknown,
  field = "principalId",
): Promise<{ id: string; email: string; emailVerified: boolean }> {
  const id = requireId(principalId, field);
  const [user] = await db
    .select({ id: authUser.id, email: authUser.email, emailVerified: authUser.emailVerified })
    .from(authUser)
    .where(eq(authUser.id, id));
  if (!user) {
    throw new FdmError("NOT_FOUND", `${field}: no user with id '${id}'.`, { field });
  }
  return user;
}

/**
 * Creates an organization and makes the user its first owner, in one transaction.
 *
 * @param fdm - The database handle.
 * @param principalId - The user who creates it (a user id of {@link createFdmAuth}).
 * @param organization - Name, slug and optional description.
 * @returns The new organization's id.
 * @throws {FdmError} `INVALID_INPUT` for a bad name, slug or description; `NOT_FOUND` when the
 *   principal is not a user; `CONFLICT` when the slug is taken by an organization or a username.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import { createFdmAuth, createFdmLocal, createOrganization } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const { user } = await auth.api.signUpEmail({
 *   body: { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" },
 * });
 * const organizationId = await createOrganization(fdm, user.id, {
 *   name: "Adviesbureau Zand",
 *   slug: "adviesbureau-zand",
 * });
 * ```
 */
export async function createOrganization(
  fdm: FdmType,
  principalId: PrincipalId,
  organization: OrganizationInput,
): Promise<string>;
/**
 * Creates an organization as {@link createOrganization} does, and returns it as
 * {@link getOrganization} shows it (with the role `owner`), read in the same transaction: one
 * audit row for the create and the read.
 *
 * @param fdm - The database handle.
 * @param principalId - The user who creates it (a user id of {@link createFdmAuth}).
 * @param organization - Name, slug and optional description.
 * @param options - `{ returning: "record" }`.
 * @returns The new organization.
 * @throws {FdmError} As {@link createOrganization}; `INVALID_INPUT` (`field:
 *   "options.returning"`) for other options.
 */
export async function createOrganization(
  fdm: FdmType,
  principalId: PrincipalId,
  organization: OrganizationInput,
  options: ReturningRecord,
): Promise<Organization>;
export async function createOrganization(
  fdm: FdmType,
  principalId: PrincipalId,
  organization: OrganizationInput,
  options?: ReturningRecord,
): Promise<string | Organization> {
  const input = requireObject(organization, "organization");
  const name = requireText(input.name, "name", 200);
  const slug = requireSlug(input.slug);
  const description = optionalText(input.description, "description", 1000);
  const record = wantsRecord(options);
  const id = createId();
  return guard(fdm, principalId, "createOrganization").writeOwn("organization", id, async (tx) => {
    const user = await requireUser(tx, principalId);
    await requireFreeSlug(tx, slug);
    await tx.insert(organizations).values({ id, name, slug, description });
    await tx
      .insert(organizationMembers)
      .values({ organizationId: id, userId: user.id, role: "owner" });
    return record ? readOrganization(tx, user.id, id) : id;
  });
}

const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  slug: organizations.slug,
  description: organizations.description,
  role: organizationMembers.role,
  createdAt: organizations.createdAt,
  updatedAt: organizations.updatedAt,
};

/** An organization with the asker's role in it; the guard has found the membership. */
async function readOrganization(
  db: FdmType,
  principalId: string,
  organizationId: string,
): Promise<Organization> {
  const [row] = await db
    .select(organizationColumns)
    .from(organizations)
    .innerJoin(organizationMembers, eq(organizationMembers.organizationId, organizations.id))
    .where(and(eq(organizations.id, organizationId), eq(organizationMembers.userId, principalId)));
  if (!row) {
    throw new FdmError(
      "NOT_FOUND",
      `organizationId: no organization with id '${organizationId}'.`,
      {
        field: "organizationId",
      },
    );
  }
  return row;
}

/**
 * Reads an organization. Only its members may.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; must be a member.
 * @param organizationId - The organization.
 * @returns The organization with the asker's role in it.
 * @throws {FdmError} `NOT_FOUND` for an unknown organization.
 * @throws {FdmPermissionError} When the asker is not a member.
 * @example
 * ```ts fragment="continues the createOrganization example"
 * import assert from "node:assert";
 * import { getOrganization } from "fdm-core";
 * const organization = await getOrganization(fdm, user.id, organizationId);
 * assert.strictEqual(organization.role, "owner");
 * ```
 */
export async function getOrganization(
  fdm: FdmType,
  principalId: PrincipalId,
  organizationId: string,
): Promise<Organization> {
  return guard(fdm, principalId, "getOrganization").readOrganization(
    "read",
    organizationId,
    (db, ctx) => readOrganization(db, ctx.principalId, ctx.organizationId),
  );
}

/**
 * Lists the organizations a user is a member of, by name.
 *
 * @param fdm - The database handle.
 * @param principalId - The user.
 * @returns The organizations with the user's role in each; empty when there are none.
 * @throws {FdmError} `INVALID_INPUT` for an empty id.
 * @example
 * ```ts fragment="continues the createOrganization example"
 * import assert from "node:assert";
 * import { getOrganizationsForUser } from "fdm-core";
 * const mine = await getOrganizationsForUser(fdm, user.id);
 * assert.deepStrictEqual(mine.map((o) => o.slug), ["adviesbureau-zand"]);
 * ```
 */
export async function getOrganizationsForUser(
  fdm: FdmType,
  principalId: PrincipalId,
): Promise<Organization[]>;
/**
 * Lists one page of the organizations a user is a member of, by id (ids compare as bytes): at
 * most `page.limit` whose ids come after `page.after`, read in SQL. See {@link getFields} for
 * how pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - The user.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's organizations with the user's role in each, and the `after` of the next
 *   page (`next`, `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for an empty id or a bad page (`field: "page.limit"` or
 *   `"page.after"`).
 */
export async function getOrganizationsForUser(
  fdm: FdmType,
  principalId: PrincipalId,
  page: PageRequest,
): Promise<Page<Organization>>;
export async function getOrganizationsForUser(
  fdm: FdmType,
  principalId: PrincipalId,
  page?: PageRequest,
): Promise<Organization[] | Page<Organization>> {
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "getOrganizationsForUser").readOwn(
    "organization",
    "*",
    async (db, ctx) => {
      const query = db
        .select(organizationColumns)
        .from(organizations)
        .innerJoin(organizationMembers, eq(organizationMembers.organizationId, organizations.id))
        .$dynamic();
      const mine = eq(organizationMembers.userId, ctx.principalId);
      if (checked === null) {
        return query.where(mine).orderBy(asc(organizations.name), asc(organizations.id));
      }
      const rows = await query
        .where(and(mine, afterKey(organizations.id, checked)))
        .orderBy(byKey(organizations.id))
        .limit(checked.limit + 1);
      return pageOf(rows, checked, (o) => o.id);
    },
  );
}

/**
 * Changes an organization's name, slug or description. Owners and admins may.
 *
 * @param fdm - The database handle.
 * @param principalId - Who changes it; an owner or admin.
 * @param organizationId - The organization.
 * @param update - The fields to change (at least one); `description: null` clears it.
 * @returns The organization as stored afterwards.
 * @throws {FdmError} `INVALID_INPUT` for an empty update or a bad value; `NOT_FOUND` for an
 *   unknown organization; `CONFLICT` when the new slug is taken.
 * @throws {FdmPermissionError} When the asker is a plain member or not a member.
 * @example
 * ```ts fragment="continues the createOrganization example"
 * import assert from "node:assert";
 * import { updateOrganization } from "fdm-core";
 * const updated = await updateOrganization(fdm, user.id, organizationId, { description: "Bodemadvies op zandgrond" });
 * assert.deepEqual([updated.name, updated.description], ["Adviesbureau Zand", "Bodemadvies op zandgrond"]);
 * ```
 */
export async function updateOrganization(
  fdm: FdmType,
  principalId: PrincipalId,
  organizationId: string,
  update: Partial<OrganizationInput>,
): Promise<Organization> {
  const patch = requireObject(update, "update");
  requireSomeKey(patch, ["name", "slug", "description"]);
  const values: { name?: string; slug?: string; description?: string | null } = {};
  if (patch.name !== undefined) values.name = requireText(patch.name, "name", 200);
  if (patch.slug !== undefined) values.slug = requireSlug(patch.slug);
  if (patch.description !== undefined)
    values.description = optionalText(patch.description, "description", 1000);
  return guard(fdm, principalId, "updateOrganization").writeOrganization(
    "write",
    organizationId,
    async (tx, ctx) => {
      if (values.slug !== undefined) await requireFreeSlug(tx, values.slug, ctx.organizationId);
      await tx
        .update(organizations)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(organizations.id, ctx.organizationId));
      return readOrganization(tx, ctx.principalId, ctx.organizationId);
    },
  );
}

/**
 * Removes an organization with its memberships, invitations and the roles it
 * holds on farms, in one transaction. Only an owner may. An organization that
 * is the only owner of a farm cannot be removed: make someone else owner of
 * that farm first.
 *
 * @param fdm - The database handle.
 * @param principalId - Who removes it; an owner.
 * @param organizationId - The organization.
 * @returns Resolves when it is gone.
 * @throws {FdmError} `NOT_FOUND` for an unknown organization; `CONFLICT` when it is the last
 *   owner of a farm.
 * @throws {FdmPermissionError} When the asker is not an owner.
 * @example
 * ```ts fragment="continues the createOrganization example"
 * import assert from "node:assert";
 * import { getOrganizationsForUser, removeOrganization } from "fdm-core";
 * await removeOrganization(fdm, user.id, organizationId);
 * assert.deepEqual(await getOrganizationsForUser(fdm, user.id), []);
 * ```
 */
export async function removeOrganization(
  fdm: FdmType,
  principalId: PrincipalId,
  organizationId: string,
): Promise<void> {
  await guard(fdm, principalId, "removeOrganization").writeOrganization(
    "delete",
    organizationId,
    async (tx) => {
      const owned = await tx
        .select({ farmId: farmRoles.farmId })
        .from(farmRoles)
        .where(and(eq(farmRoles.principalId, organizationId), eq(farmRoles.role, "owner")))
        .for("update");
      for (const { farmId } of owned) {
        const [others] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(farmRoles)
          .where(
            and(
              eq(farmRoles.farmId, farmId),
              eq(farmRoles.role, "owner"),
              sql`${farmRoles.principalId} <> ${organizationId}`,
            ),
          );
        if ((others?.n ?? 0) === 0) {
          throw conflict(
            "organizationId",
            `organization '${organizationId}' is the last owner of farm '${farmId}'; a farm keeps at least one owner`,
          );
        }
      }
      await tx.delete(farmRoles).where(eq(farmRoles.principalId, organizationId));
      // members and invitations go with the organization (ON DELETE CASCADE)
      await tx.delete(organizations).where(eq(organizations.id, organizationId));
    },
  );
}

/**
 * Lists an organization's members, owners first, then admins, then members,
 * each group by name. Any member may; members see each other's emails (see
 * {@link getPrincipal}).
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; a member.
 * @param organizationId - The organization.
 * @returns The members with their roles.
 * @throws {FdmError} `NOT_FOUND` for an unknown organization.
 * @throws {FdmPermissionError} When the asker is not a member.
 * @example
 * ```ts fragment="continues the createOrganization example"
 * import assert from "node:assert";
 * import { listMembersOfOrganization } from "fdm-core";
 * const members = await listMembersOfOrganization(fdm, user.id, organizationId);
 * assert.deepStrictEqual(members.map((m) => m.role), ["owner"]);
 * ```
 */
export async function listMembersOfOrganization(
  fdm: FdmType,
  principalId: PrincipalId,
  organizationId: string,
): Promise<OrganizationMember[]>;
/**
 * Lists one page of the members of an organization, by user id (ids compare as bytes): at
 * most `page.limit` whose user ids come after `page.after`, read in SQL. See
 * {@link getFields} for how pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; a member.
 * @param organizationId - The organization.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's members with their roles, and the `after` of the next page (`next`,
 *   `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for a bad page (`field: "page.limit"` or `"page.after"`);
 *   `NOT_FOUND` for an unknown organization.
 * @throws {FdmPermissionError} When the asker is not a member.
 */
export async function listMembersOfOrganization(
  fdm: FdmType,
  principalId: PrincipalId,
  organizationId: string,
  page: PageRequest,
): Promise<Page<OrganizationMember>>;
export async function listMembersOfOrganization(
  fdm: FdmType,
  principalId: PrincipalId,
  organizationId: string,
  page?: PageRequest,
): Promise<OrganizationMember[] | Page<OrganizationMember>> {
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "listMembersOfOrganization").readOrganization(
    "list",
    organizationId,
    async (db) => {
      const query = db
        .select({
          userId: organizationMembers.userId,
          role: organizationMembers.role,
          joinedAt: organizationMembers.joinedAt,
        })
        .from(organizationMembers)
        .$dynamic();
      const ofOrganization = eq(organizationMembers.organizationId, organizationId);
      const rows =
        checked === null
          ? await query.where(ofOrganization)
          : await query
              .where(and(ofOrganization, afterKey(organizationMembers.userId, checked)))
              .orderBy(byKey(organizationMembers.userId))
              .limit(checked.limit + 1);
      const users = await usersAsPrincipals(
        db,
        principalId,
        rows.map((r) => r.userId),
      );
      const members = rows.flatMap((r) => {
        const user = users.get(r.userId);
        return user ? [{ user, role: r.role, joinedAt: r.joinedAt }] : [];
      });
      if (checked !== null) {
        // Every member is a user; `next` comes from the rows read, so a page stays whole.
        const paged = pageOf(rows, checked, (r) => r.userId);
        const shown = new Set(paged.items.map((r) => r.userId));
        return { items: members.filter((m) => shown.has(m.user.id)), next: paged.next };
      }
      return members.sort(
        (a, b) =>
          roleValues.indexOf(a.role) - roleValues.indexOf(b.role) ||
          a.user.displayName.localeCompare(b.user.displayName) ||
          a.user.id.localeCompare(b.user.id),
      );
    },
  );
}

/** Locks the organization for the rest of the transaction and returns its members' roles. */
async function lockMembers(tx: FdmType, organizationId: string) {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for("update");
  const rows = await tx
    .select({ userId: organizationMembers.userId, role: organizationMembers.role })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId));
  return new Map(rows.map((r) => [r.userId, r.role]));
}

function requireMember(
  members: Map<string, OrganizationRole>,
  userId: string,
  organizationId: string,
): OrganizationRole {
  const role = members.get(userId);
  if (!role) {
    throw new FdmError(
      "NOT_FOUND",
      `userId: user '${userId}' is not a member of organization '${organizationId}'.`,
      { field: "userId" },
    );
  }
  return role;
}

const ownerCount = (members: Map<string, OrganizationRole>) =>
  [...members.values()].filter((r) => r === "owner").length;

const lastOrgOwner = (userId: string, organizationId: string) =>
  lastOwner("userId", userId, `organization '${organizationId}'`);

/**
 * Changes the role of a member. Owners may change any role; admins may change
 * admins and members between `admin` and `member`, but cannot make anyone
 * owner nor change an owner. The last owner cannot be demoted. A member whose
 * new role may no longer invite with some role loses, in the same transaction,
 * its open invitations with that role: they become `revoked`.
 *
 * @param fdm - The database handle.
 * @param principalId - Who changes it; an owner or admin.
 * @param organizationId - The organization.
 * @param userId - The member whose role changes.
 * @param role - `owner`, `admin` or `member`.
 * @returns Resolves when the role is changed.
 * @throws {FdmError} `INVALID_INPUT` for a bad role; `NOT_FOUND` for an unknown organization or a
 *   user who is not a member; `CONFLICT` when it would leave the organization without an owner.
 * @throws {FdmPermissionError} When the asker is a plain member, not a member, or an admin
 *   touching the owner role.
 * @example
 * ```ts fragment="continues the acceptInvitation example"
 * import { listMembersOfOrganization, updateRoleOfUserAtOrganization } from "fdm-core";
 * await updateRoleOfUserAtOrganization(fdm, anna.id, organizationId, bram.id, "admin");
 * const members = await listMembersOfOrganization(fdm, anna.id, organizationId);
 * assert.deepEqual(members.map((m) => [m.user.displayName, m.role]), [
 *   ["Anna de Boer", "owner"],
 *   ["Bram Visser", "admin"],
 * ]);
 * ```
 */
export async function updateRoleOfUserAtOrganization(
  fdm: FdmType,
  principalId: PrincipalId,
  organizationId: string,
  userId: string,
  role: OrganizationRole,
): Promise<void> {
  const target = requireId(userId, "userId");
  const newRole = requireEnum(role, "role", roleValues);
  await guard(fdm, principalId, "updateRoleOfUserAtOrganization").writeOrganization(
    "share",
    organizationId,
    async (tx, { members, role: mine }) => {
      const current = requireMember(members, target, organizationId);
      if (mine !== "owner" && (current === "owner" || newRole === "owner")) {
        throw new FdmPermissionError(principalId, "share", "organization", organizationId);
      }
      if (current === "owner" && newRole !== "owner" && ownerCount(members) === 1) {
        throw lastOrgOwner(target, organizationId);
      }
      await tx
        .update(organizationMembers)
        .set({ role: newRole })
        .where(
          and(
            eq(organizationMembers.organizationId, organizationId),
            eq(organizationMembers.userId, target),
          ),
        );
      await revokeInvitationsBeyond(tx, organizationId, target, newRole);
    },
  );
}

/**
 * Removes a user from an organization. Owners may remove anyone, admins may
 * remove admins and members, and every member may leave (remove itself). The
 * last owner cannot be removed. The open invitations the user made in the
 * organization are revoked in the same transaction.
 *
 * @param fdm - The database handle.
 * @param principalId - Who removes; an owner, an admin, or the member itself.
 * @param organizationId - The organization.
 * @param userId - The member to remove.
 * @returns Resolves when the membership is gone.
 * @throws {FdmError} `NOT_FOUND` for an unknown organization or a user who is not a member;
 *   `CONFLICT` for the last owner.
 * @throws {FdmPermissionError} When the asker may not remove that member.
 * @example
 * ```ts fragment="continues the acceptInvitation example"
 * import { listMembersOfOrganization, removeUserFromOrganization } from "fdm-core";
 * await removeUserFromOrganization(fdm, anna.id, organizationId, bram.id);
 * const members = await listMembersOfOrganization(fdm, anna.id, organizationId);
 * assert.deepEqual(members.map((m) => m.user.displayName), ["Anna de Boer"]);
 * ```
 */
export async function removeUserFromOrganization(
  fdm: FdmType,
  principalId: PrincipalId,
  organizationId: string,
  userId: string,
): Promise<void> {
  const target = requireId(userId, "userId");
  const leaving = target === principalId;
  await guard(fdm, principalId, "removeUserFromOrganization").writeOrganization(
    leaving ? "read" : "share",
    organizationId,
    async (tx, { members, role: mine }) => {
      const current = requireMember(members, target, organizationId);
      if (!leaving && mine !== "owner" && current === "owner") {
        throw new FdmPermissionError(principalId, "share", "organization", organizationId);
      }
      if (current === "owner" && ownerCount(members) === 1) {
        throw lastOrgOwner(target, organizationId);
      }
      await tx
        .delete(organizationMembers)
        .where(
          and(
            eq(organizationMembers.organizationId, organizationId),
            eq(organizationMembers.userId, target),
          ),
        );
      await revokeInvitationsBeyond(tx, organizationId, target, undefined);
    },
  );
}

/**
 * Invites an email address to join an organization with a role. Owners and
 * admins may invite; only owners may invite as owner. The address need not
 * belong to an account yet: whoever signs up with it and verifies it can accept.
 * The invitation holds only while the inviter may still invite with its role:
 * {@link acceptInvitation} checks that again, and removing or demoting the
 * inviter revokes it. Owners and admins may revoke it ({@link revokeInvitation}).
 *
 * @param fdm - The database handle.
 * @param principalId - Who invites; an owner or admin.
 * @param organizationId - The organization.
 * @param invitation - Email address, role and optional expiry (default: 7 days from now).
 * @returns The invitation's id.
 * @throws {FdmError} `INVALID_INPUT` for a bad email, role or expiry (not after now or more than
 *   30 days ahead); `NOT_FOUND` for an unknown organization; `CONFLICT` when the address belongs
 *   to a member already, or a pending, unexpired invitation for it exists.
 * @throws {FdmPermissionError} When the asker may not manage members, or an admin invites as owner.
 * @example
 * ```ts fragment="continues the createOrganization example"
 * import { inviteUserToOrganization } from "fdm-core";
 * const invitationId = await inviteUserToOrganization(fdm, user.id, organizationId, {
 *   email: "bram@example.org",
 *   role: "member",
 * });
 * ```
 */
export async function inviteUserToOrganization(
  fdm: FdmType,
  principalId: PrincipalId,
  organizationId: string,
  invitation: InvitationInput,
): Promise<string> {
  const input = requireObject(invitation, "invitation");
  const email = requireEmail(input.email);
  const role = requireEnum(input.role, "role", roleValues);
  const now = Date.now();
  const expiresAt = optionalDate(input.expiresAt, "expiresAt") ?? new Date(now + 7 * dayMs);
  if (expiresAt.getTime() <= now || expiresAt.getTime() > now + 30 * dayMs) {
    throw new FdmError("INVALID_INPUT", "expiresAt: must be after now and at most 30 days ahead.", {
      field: "expiresAt",
    });
  }
  const id = createId();
  return guard(fdm, principalId, "inviteUserToOrganization").writeOrganization(
    "share",
    organizationId,
    async (tx, { role: myRole }) => {
      if (!mayInvite(myRole, role)) {
        throw new FdmPermissionError(principalId, "share", "organization", organizationId);
      }
      const [member] = await tx
        .select({ userId: organizationMembers.userId })
        .from(organizationMembers)
        .innerJoin(authUser, eq(authUser.id, organizationMembers.userId))
        .where(
          and(
            eq(organizationMembers.organizationId, organizationId),
            sql`lower(${authUser.email}) = ${email}`,
          ),
        );
      if (member) throw conflict("email", `'${email}' is already a member of this organization`);
      const [pending] = await tx
        .select({ id: organizationInvitations.id })
        .from(organizationInvitations)
        .where(
          and(
            eq(organizationInvitations.organizationId, organizationId),
            eq(organizationInvitations.email, email),
            eq(organizationInvitations.status, "pending"),
            gt(organizationInvitations.expiresAt, new Date()),
          ),
        );
      if (pending) throw conflict("email", `'${email}' already has a pending invitation`);
      await tx.insert(organizationInvitations).values({
        id,
        organizationId,
        email,
        role,
        inviterId: principalId,
        expiresAt,
      });
      return id;
    },
  );
}

const invitationColumns = {
  id: organizationInvitations.id,
  organizationId: organizationInvitations.organizationId,
  organizationName: organizations.name,
  email: organizationInvitations.email,
  role: organizationInvitations.role,
  inviterId: organizationInvitations.inviterId,
  expiresAt: organizationInvitations.expiresAt,
  createdAt: organizationInvitations.createdAt,
};

/**
 * Lists the pending invitations of an organization that have not expired,
 * soonest expiry first, each with its id, address, role and inviter: what
 * {@link revokeInvitation} needs. Owners and admins may.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; an owner or admin.
 * @param organizationId - The organization.
 * @returns The pending invitations.
 * @throws {FdmError} `NOT_FOUND` for an unknown organization.
 * @throws {FdmPermissionError} When the asker may not manage members.
 * @example
 * ```ts fragment="continues the inviteUserToOrganization example"
 * import assert from "node:assert";
 * import { listPendingInvitationsForOrganization } from "fdm-core";
 * const pending = await listPendingInvitationsForOrganization(fdm, user.id, organizationId);
 * assert.deepStrictEqual(pending.map((i) => [i.id, i.email]), [[invitationId, "bram@example.org"]]);
 * ```
 */
export async function listPendingInvitationsForOrganization(
  fdm: FdmType,
  principalId: PrincipalId,
  organizationId: string,
): Promise<OrganizationInvitation[]>;
/**
 * Lists one page of the pending, unexpired invitations of an organization, by id (ids compare
 * as bytes): at most `page.limit` whose ids come after `page.after`, read in SQL. See
 * {@link getFields} for how pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; an owner or admin.
 * @param organizationId - The organization.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's invitations and the `after` of the next page (`next`, `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for a bad page (`field: "page.limit"` or `"page.after"`);
 *   `NOT_FOUND` for an unknown organization.
 * @throws {FdmPermissionError} When the asker may not manage members.
 */
export async function listPendingInvitationsForOrganization(
  fdm: FdmType,
  principalId: PrincipalId,
  organizationId: string,
  page: PageRequest,
): Promise<Page<OrganizationInvitation>>;
export async function listPendingInvitationsForOrganization(
  fdm: FdmType,
  principalId: PrincipalId,
  organizationId: string,
  page?: PageRequest,
): Promise<OrganizationInvitation[] | Page<OrganizationInvitation>> {
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "listPendingInvitationsForOrganization").readOrganization(
    "share",
    organizationId,
    (db) =>
      pendingInvitations(db, eq(organizationInvitations.organizationId, organizationId), checked),
  );
}

/** The pending, unexpired invitations matching `where`: all by expiry, or one page by id. */
async function pendingInvitations(
  db: FdmType,
  where: SQL,
  page: CheckedPage | null,
): Promise<OrganizationInvitation[] | Page<OrganizationInvitation>> {
  const query = db
    .select(invitationColumns)
    .from(organizationInvitations)
    .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
    .$dynamic();
  const pending = and(
    where,
    eq(organizationInvitations.status, "pending"),
    gt(organizationInvitations.expiresAt, new Date()),
  );
  if (page === null) {
    return query
      .where(pending)
      .orderBy(asc(organizationInvitations.expiresAt), asc(organizationInvitations.id));
  }
  const rows = await query
    .where(and(pending, afterKey(organizationInvitations.id, page)))
    .orderBy(byKey(organizationInvitations.id))
    .limit(page.limit + 1);
  return pageOf(rows, page, (i) => i.id);
}

/**
 * Revokes a pending invitation: it can then no longer be accepted or declined,
 * and the address can be invited again. Owners and admins of the invitation's
 * organization may; only owners may revoke an invitation as owner (the rule of
 * {@link inviteUserToOrganization}). An invitation that has expired but was
 * never answered may be revoked too.
 *
 * @param fdm - The database handle.
 * @param principalId - Who revokes; an owner or admin of the invitation's organization.
 * @param invitationId - The invitation, e.g. from {@link listPendingInvitationsForOrganization}.
 * @returns Resolves when it is revoked.
 * @throws {FdmError} `INVALID_INPUT` for an empty id; `NOT_FOUND` for an unknown invitation;
 *   `CONFLICT` when it was already accepted, declined or revoked; `DATABASE` when a query fails.
 * @throws {FdmPermissionError} When the asker is not an owner or admin of the invitation's
 *   organization, or an admin revokes an invitation as owner.
 * @example
 * ```ts fragment="continues the inviteUserToOrganization example"
 * import assert from "node:assert";
 * import { listPendingInvitationsForOrganization, revokeInvitation } from "fdm-core";
 * await revokeInvitation(fdm, user.id, invitationId);
 * assert.deepStrictEqual(await listPendingInvitationsForOrganization(fdm, user.id, organizationId), []);
 * // the address can be invited again
 * await inviteUserToOrganization(fdm, user.id, organizationId, { email: "bram@example.org", role: "member" });
 * ```
 */
export async function revokeInvitation(
  fdm: FdmType,
  principalId: PrincipalId,
  invitationId: string,
): Promise<void> {
  const id = requireId(invitationId, "invitationId");
  const name = "revokeInvitation";
  // The organization is looked up first so that the guard can check the asker's role in it;
  // the invitation is read again, locked, in the guarded transaction.
  const [found] = await system(fdm, name).read((db) =>
    db
      .select({ organizationId: organizationInvitations.organizationId })
      .from(organizationInvitations)
      .where(eq(organizationInvitations.id, id)),
  );
  if (!found) {
    // No organization to check a role in: only an existing user learns the id is unknown.
    return guard(fdm, principalId, name).writeOwn("invitation", id, async () => {
      throw unknownInvitation(id);
    });
  }
  await guard(fdm, principalId, name).writeOrganization(
    "share",
    found.organizationId,
    async (tx, { role: myRole }) => {
      const [row] = await tx
        .select({ role: organizationInvitations.role, status: organizationInvitations.status })
        .from(organizationInvitations)
        .where(
          and(
            eq(organizationInvitations.id, id),
            eq(organizationInvitations.organizationId, found.organizationId),
          ),
        )
        .for("update");
      if (!row) throw unknownInvitation(id);
      if (!mayInvite(myRole, row.role)) {
        throw new FdmPermissionError(principalId, "share", "organization", found.organizationId);
      }
      if (row.status !== "pending") {
        throw conflict("invitationId", `the invitation was already ${row.status}`);
      }
      await tx
        .update(organizationInvitations)
        .set({ status: "revoked", respondedAt: new Date() })
        .where(eq(organizationInvitations.id, id));
    },
  );
}

/**
 * Lists the pending, unexpired invitations sent to a user's email address,
 * soonest expiry first.
 *
 * @param fdm - The database handle.
 * @param principalId - The user.
 * @returns The invitations; empty when there are none.
 * @throws {FdmError} `NOT_FOUND` when the principal is not a user.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { randomBytes } from "node:crypto";
 * import {
 *   createFdmAuth, createFdmLocal, createOrganization, inviteUserToOrganization,
 *   listPendingInvitationsForUser,
 * } from "fdm-core";
 * const fdm = await createFdmLocal();
 * // An application mails the verification link; here the single-use tokens are kept instead.
 * const tokens = new Map<string, string>();
 * const auth = createFdmAuth(fdm, {
 *   secret: randomBytes(32).toString("hex"),
 *   sendVerificationEmail: async ({ user, token }) => {
 *     tokens.set(user.email, token);
 *   },
 * });
 * const signUp = async (name: string, email: string) => {
 *   const { user } = await auth.api.signUpEmail({ body: { name, email, password: "correct horse battery" } });
 *   await auth.api.verifyEmail({ query: { token: tokens.get(email) ?? "" } }); // opening the mailed link
 *   return user;
 * };
 * const anna = await signUp("Anna de Boer", "anna@example.org");
 * const bram = await signUp("Bram Visser", "bram@example.org");
 * const organizationId = await createOrganization(fdm, anna.id, { name: "Adviesbureau Zand", slug: "zand" });
 * await inviteUserToOrganization(fdm, anna.id, organizationId, { email: "bram@example.org", role: "member" });
 * const [invitation] = await listPendingInvitationsForUser(fdm, bram.id);
 * assert.ok(invitation);
 * assert.equal(invitation.organizationName, "Adviesbureau Zand");
 * ```
 */
export async function listPendingInvitationsForUser(
  fdm: FdmType,
  principalId: PrincipalId,
): Promise<OrganizationInvitation[]>;
/**
 * Lists one page of the pending, unexpired invitations sent to a user's email address, by id
 * (ids compare as bytes): at most `page.limit` whose ids come after `page.after`, read in SQL.
 * See {@link getFields} for how pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - The user.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's invitations and the `after` of the next page (`next`, `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for a bad page (`field: "page.limit"` or `"page.after"`);
 *   `NOT_FOUND` when the principal is not a user.
 */
export async function listPendingInvitationsForUser(
  fdm: FdmType,
  principalId: PrincipalId,
  page: PageRequest,
): Promise<Page<OrganizationInvitation>>;
export async function listPendingInvitationsForUser(
  fdm: FdmType,
  principalId: PrincipalId,
  page?: PageRequest,
): Promise<OrganizationInvitation[] | Page<OrganizationInvitation>> {
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "listPendingInvitationsForUser").readOwn(
    "invitation",
    "*",
    async (db) => {
      const user = await requireUser(db, principalId);
      // Invitations reach an account only once it has proven its address.
      if (!user.emailVerified) return checked === null ? [] : { items: [], next: null };
      return pendingInvitations(
        db,
        eq(organizationInvitations.email, user.email.toLowerCase()),
        checked,
      );
    },
  );
}

/** Loads an invitation addressed to the user, locked, and checks it can still be answered. */
async function openInvitation(
  tx: FdmType,
  user: { id: string; email: string; emailVerified: boolean },
  id: string,
) {
  const [row] = await tx
    .select({
      organizationId: organizationInvitations.organizationId,
      email: organizationInvitations.email,
      role: organizationInvitations.role,
      status: organizationInvitations.status,
      inviterId: organizationInvitations.inviterId,
      expiresAt: organizationInvitations.expiresAt,
    })
    .from(organizationInvitations)
    .where(eq(organizationInvitations.id, id))
    .for("update");
  // An invitation for another address is reported as unknown, so ids cannot be probed.
  if (!row || row.email !== user.email.toLowerCase()) throw unknownInvitation(id, true);
  // Anyone can sign up with any address: only a verified one proves it is theirs.
  if (!user.emailVerified) {
    throw new FdmError(
      "PERMISSION_DENIED",
      "email: the account's email address must be verified before it can answer an invitation to it.",
      { field: "email" },
    );
  }
  if (row.status === "revoked") {
    throw conflict("invitationId", "the invitation was revoked by the organization");
  }
  if (row.status !== "pending") {
    throw conflict("invitationId", `the invitation was already ${row.status}`);
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    throw conflict("invitationId", `the invitation expired at ${row.expiresAt.toISOString()}`);
  }
  return row;
}

/**
 * Accepts an invitation: the user becomes a member with the invited role, in
 * one transaction with marking the invitation accepted. Only the user whose
 * email address was invited may accept; an expired, declined, revoked or
 * already accepted invitation cannot be. The inviter must still be a member
 * allowed to invite with that role (owner or admin; owner for the role
 * `owner`), checked with the organization locked: an invitation does not
 * outlive its inviter's right to grant it.
 *
 * @param fdm - The database handle.
 * @param principalId - The invited user.
 * @param invitationId - The invitation.
 * @returns The organization's id.
 * @throws {FdmError} `NOT_FOUND` when the principal is not a user or the invitation is unknown or
 *   for another address; `CONFLICT` when it was already accepted, declined or revoked, has
 *   expired, its inviter may no longer invite with its role, or the user is already a member.
 * @throws {FdmError} `PERMISSION_DENIED` (field `email`) when the account's email address is not
 *   verified (see `sendVerificationEmail` of {@link createFdmAuth}); `DATABASE` when a query fails.
 * @example
 * ```ts fragment="continues the listPendingInvitationsForUser example"
 * import { acceptInvitation } from "fdm-core";
 * assert.equal(await acceptInvitation(fdm, bram.id, invitation.id), organizationId);
 * ```
 */
export async function acceptInvitation(
  fdm: FdmType,
  principalId: PrincipalId,
  invitationId: string,
): Promise<string> {
  const id = requireId(invitationId, "invitationId");
  return guard(fdm, principalId, "acceptInvitation").writeOwn("invitation", id, async (tx) => {
    const user = await requireUser(tx, principalId);
    // The organization is locked before the invitation, in the order of the calls that change
    // members and revoke invitations, so that they wait for each other instead of deadlocking.
    const [peek] = await tx
      .select({ organizationId: organizationInvitations.organizationId })
      .from(organizationInvitations)
      .where(eq(organizationInvitations.id, id));
    const members = peek
      ? await lockMembers(tx, peek.organizationId)
      : new Map<string, OrganizationRole>();
    const invitation = await openInvitation(tx, user, id);
    if (!mayInvite(members.get(invitation.inviterId), invitation.role)) {
      throw conflict(
        "invitationId",
        `the invitation is no longer valid: its inviter may no longer invite with the role '${invitation.role}'; ask the organization for a new one`,
      );
    }
    if (members.has(user.id)) {
      throw conflict("invitationId", "the user is already a member of the organization");
    }
    await tx.insert(organizationMembers).values({
      organizationId: invitation.organizationId,
      userId: user.id,
      role: invitation.role,
    });
    await tx
      .update(organizationInvitations)
      .set({ status: "accepted", respondedAt: new Date() })
      .where(eq(organizationInvitations.id, id));
    return invitation.organizationId;
  });
}

/**
 * Declines an invitation; it can then no longer be accepted. Only the user
 * whose email address was invited may decline.
 *
 * @param fdm - The database handle.
 * @param principalId - The invited user.
 * @param invitationId - The invitation.
 * @returns Resolves when it is declined.
 * @throws {FdmError} `NOT_FOUND` when the principal is not a user or the invitation is unknown or
 *   for another address; `CONFLICT` when it was already answered or has expired.
 * @throws {FdmError} `PERMISSION_DENIED` (field `email`) when the account's email address is not
 *   verified; `DATABASE` when a query fails.
 * @example
 * ```ts fragment="continues the listPendingInvitationsForUser example"
 * import { declineInvitation } from "fdm-core";
 * await declineInvitation(fdm, bram.id, invitation.id);
 * assert.deepEqual(await listPendingInvitationsForUser(fdm, bram.id), []);
 * ```
 */
export async function declineInvitation(
  fdm: FdmType,
  principalId: PrincipalId,
  invitationId: string,
): Promise<void> {
  const id = requireId(invitationId, "invitationId");
  await guard(fdm, principalId, "declineInvitation").writeOwn("invitation", id, async (tx) => {
    const user = await requireUser(tx, principalId);
    await openInvitation(tx, user, id);
    await tx
      .update(organizationInvitations)
      .set({ status: "declined", respondedAt: new Date() })
      .where(eq(organizationInvitations.id, id));
  });
}
