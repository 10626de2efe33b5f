import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { FdmError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { guard } from "./guard.js";
import { authUser, organizationMembers, organizations } from "./schema.js";
import { requireId } from "./validate.js";

/**
 * Someone who can hold a role on a farm, with what a user interface shows
 * of it. A principal is a user (an account of {@link createFdmAuth}) or an
 * organization.
 */
export interface Principal {
  /** The principal's id: a user id or an organization id. */
  id: PrincipalId;
  /** Whether it is a user or an organization. */
  kind: "user" | "organization";
  /** A user's username or an organization's slug; `null` for a user without a username. */
  username: string | null;
  /** The name to show: a user's name or an organization's name. */
  displayName: string;
  /** One or two capital letters for an avatar, from the first and last word of the name. */
  initials: string;
  /** A user's image URL, or `null`; organizations have none. */
  image: string | null;
  /**
   * A user's email address — only when the asker may see it (see
   * {@link getPrincipal}); otherwise `null`. Always `null` for an organization.
   */
  email: string | null;
}

/** Usernames and organization slugs: 3–30 of a–z, 0–9, `_`, `.`, `-`, starting with a letter or digit. */
export const handlePattern = /^[a-z0-9][a-z0-9_.-]{2,29}$/;

/**
 * Initials of a name: the first letter of its first word and of its last
 * word (one letter for a one-word name), in capitals.
 */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s\-_.]+/)
    .filter((w) => w !== "");
  const first = Array.from(words[0] ?? "")[0] ?? "";
  const last = words.length > 1 ? (Array.from(words[words.length - 1] ?? "")[0] ?? "") : "";
  return `${first}${last}`.toUpperCase();
}

interface UserRow {
  id: string;
  name: string;
  email: string;
  image: string | null;
  username: string | null;
}

const userColumns = {
  id: authUser.id,
  name: authUser.name,
  email: authUser.email,
  image: authUser.image,
  username: authUser.username,
};

/** The users among `userIds` whose email the asker may see. */
async function visibleEmails(db: FdmType, askerId: string, userIds: string[]) {
  const visible = new Set(userIds.filter((id) => id === askerId));
  const others = userIds.filter((id) => id !== askerId);
  if (others.length === 0) return visible;
  const mine = alias(organizationMembers, "mine");
  const rows = await db
    .selectDistinct({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .innerJoin(
      mine,
      and(eq(mine.organizationId, organizationMembers.organizationId), eq(mine.userId, askerId)),
    )
    .where(inArray(organizationMembers.userId, others));
  for (const r of rows) visible.add(r.userId);
  return visible;
}

async function toUserPrincipals(
  db: FdmType,
  askerId: string,
  rows: UserRow[],
): Promise<Principal[]> {
  const visible = await visibleEmails(
    db,
    askerId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: "user",
    username: r.username,
    displayName: r.name,
    initials: initialsOf(r.name),
    image: r.image,
    email: visible.has(r.id) ? r.email : null,
  }));
}

function toOrganizationPrincipal(row: { id: string; name: string; slug: string }): Principal {
  return {
    id: row.id,
    kind: "organization",
    username: row.slug,
    displayName: row.name,
    initials: initialsOf(row.name),
    image: null,
    email: null,
  };
}

async function lookup(
  fdm: FdmType,
  askerId: PrincipalId,
  by: "id" | "username" | "email",
  value: string,
  origin: string,
): Promise<Principal | null> {
  return guard(fdm, askerId, origin).lookup(value, async (db, { principalId: asker }) => {
    const userWhere =
      by === "id"
        ? eq(authUser.id, value)
        : by === "username"
          ? eq(authUser.username, value.toLowerCase())
          : sql`lower(${authUser.email}) = ${value.toLowerCase()}`;
    const users = await db.select(userColumns).from(authUser).where(userWhere);
    const [user] = await toUserPrincipals(db, asker, users);
    // By email, a user the asker may not see is answered as no user at all: whether an
    // address has an account is not told to strangers.
    if (by === "email") return user?.email ? user : null;
    if (user) return user;
    const [org] = await db
      .select({ id: organizations.id, name: organizations.name, slug: organizations.slug })
      .from(organizations)
      .where(
        by === "id" ? eq(organizations.id, value) : eq(organizations.slug, value.toLowerCase()),
      );
    return org ? toOrganizationPrincipal(org) : null;
  });
}

/**
 * Looks up a principal — a user or an organization — by its id.
 *
 * Who may see a user's email: the user itself, and users who are a member of
 * an organization the user is also a member of. Everyone else gets the
 * principal with `email: null`. Organizations never show an email. Every
 * lookup is recorded in the audit log.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks: an existing user.
 * @param id - The id of the user or organization.
 * @returns The principal, or `null` when no user or organization has that id.
 * @throws {FdmError} `INVALID_INPUT` for an empty id; `PERMISSION_DENIED` when the asker is not
 *   an existing user (an unknown id or an organization); `DATABASE` when the query fails.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { randomBytes } from "node:crypto";
 * import { createFdmAuth, createFdmLocal, getPrincipal } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const { user } = await auth.api.signUpEmail({
 *   body: { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery", username: "anna" },
 * });
 * const me = await getPrincipal(fdm, user.id, user.id);
 * assert.strictEqual(me?.initials, "AB");
 * assert.strictEqual(me?.email, "anna@example.org");
 * const { user: bram } = await auth.api.signUpEmail({
 *   body: { name: "Bram Visser", email: "bram@example.org", password: "correct horse battery" },
 * });
 * const seenByStranger = await getPrincipal(fdm, bram.id, user.id);
 * assert.strictEqual(seenByStranger?.email, null);
 * ```
 */
export async function getPrincipal(
  fdm: FdmType,
  principalId: PrincipalId,
  id: string,
): Promise<Principal | null> {
  return lookup(fdm, principalId, "id", requireId(id, "id"), "getPrincipal");
}

/**
 * Looks up a principal by username: a user's username, or else an
 * organization's slug (the two share one namespace). Case does not matter.
 * The email rule of {@link getPrincipal} applies.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks: an existing user.
 * @param username - The username or slug.
 * @returns The principal, or `null` when none has that username.
 * @throws {FdmError} `INVALID_INPUT` for an empty username; `PERMISSION_DENIED` when the asker is
 *   not an existing user; `DATABASE` when the query fails.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { randomBytes } from "node:crypto";
 * import { createFdmAuth, createFdmLocal, getPrincipalByUsername } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * await auth.api.signUpEmail({
 *   body: { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery", username: "anna" },
 * });
 * const { user: bram } = await auth.api.signUpEmail({
 *   body: { name: "Bram Visser", email: "bram@example.org", password: "correct horse battery" },
 * });
 * const anna = await getPrincipalByUsername(fdm, bram.id, "Anna");
 * assert.strictEqual(anna?.displayName, "Anna de Boer");
 * ```
 */
export async function getPrincipalByUsername(
  fdm: FdmType,
  principalId: PrincipalId,
  username: string,
): Promise<Principal | null> {
  return lookup(
    fdm,
    principalId,
    "username",
    requireId(username, "username").trim(),
    "getPrincipalByUsername",
  );
}

/**
 * Looks up a user by email address, case-insensitively — e.g. to find a colleague
 * to share a farm with. It answers only what the asker may see (the rule of
 * {@link getPrincipal}): the user itself, or a user who shares an organization
 * with the asker. For anyone else the answer is `null`, the same as for an
 * address without an account, so the call does not tell strangers which
 * addresses have accounts. To reach an address, invite it
 * ({@link inviteUserToOrganization}).
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks: an existing user.
 * @param email - The email address.
 * @returns The user with its email, or `null` when no user the asker may see has that address.
 * @throws {FdmError} `INVALID_INPUT` for an empty address or one without `@`; `PERMISSION_DENIED`
 *   when the asker is not an existing user; `DATABASE` when the query fails.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { randomBytes } from "node:crypto";
 * import { createFdmAuth, createFdmLocal, getPrincipalByEmail } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const { user: anna } = await auth.api.signUpEmail({
 *   body: { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery", username: "anna" },
 * });
 * const { user: bram } = await auth.api.signUpEmail({
 *   body: { name: "Bram Visser", email: "bram@example.org", password: "correct horse battery" },
 * });
 * assert.strictEqual((await getPrincipalByEmail(fdm, anna.id, "ANNA@example.org"))?.username, "anna");
 * // Bram shares no organization with Anna: answered as if the address had no account.
 * assert.strictEqual(await getPrincipalByEmail(fdm, bram.id, "anna@example.org"), null);
 * ```
 */
export async function getPrincipalByEmail(
  fdm: FdmType,
  principalId: PrincipalId,
  email: string,
): Promise<Principal | null> {
  const value = requireId(email, "email").trim();
  if (!value.includes("@")) {
    throw new FdmError("INVALID_INPUT", "email: must be an email address.", { field: "email" });
  }
  return lookup(fdm, principalId, "email", value, "getPrincipalByEmail");
}

/** The users with these ids as principals, with emails as the asker may see them. */
export async function usersAsPrincipals(
  db: FdmType,
  askerId: string,
  userIds: string[],
): Promise<Map<string, Principal>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select(userColumns).from(authUser).where(inArray(authUser.id, userIds));
  const principals = await toUserPrincipals(db, askerId, rows);
  return new Map(principals.map((p) => [p.id, p]));
}
