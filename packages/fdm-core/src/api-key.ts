import { sha256 } from "@noble/hashes/sha2";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { FdmError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { guard, system } from "./guard.js";
import { afterKey, byKey, type Page, type PageRequest, pageOf, requirePage } from "./page.js";
import { apiKeys } from "./schema.js";
import { createId, optionalDate, requireId, requireText } from "./validate.js";

/** What {@link createApiKey} needs: a name the user knows the key by, and when it stops working. */
export interface ApiKeyInput {
  /** A name for the key, e.g. the program that uses it; 1–100 characters. */
  name: string;
  /** The moment the key stops working (in the future, before 2201); `null` or absent: never. */
  expiresAt?: Date | null;
}

/** An API key as {@link listApiKeys} shows it: never the key itself, which is not stored. */
export interface ApiKey {
  /** The key's id (not the key). */
  id: string;
  /** The name the user gave it. */
  name: string;
  /** The key's first 12 characters (`fdm_` and 8 more), to tell keys apart. */
  prefix: string;
  /** When it was created. */
  createdAt: Date;
  /** When it stops working, or `null` for never. */
  expiresAt: Date | null;
  /** When it was last used to authenticate (recorded to the minute), or `null`. */
  lastUsedAt: Date | null;
  /** When it was revoked, or `null` while it is not. */
  revokedAt: Date | null;
}

/** What {@link createApiKey} returns: the key's record and, this once, the key. */
export interface CreatedApiKey extends ApiKey {
  /** The key: `fdm_` and 43 base64url characters (256 random bits). Shown only here. */
  key: string;
}

/** The most keys a user may hold that are neither revoked nor expired. */
const MAX_ACTIVE_KEYS = 100;
const keyPattern = /^fdm_[A-Za-z0-9_-]{43}$/;

const hashKey = (key: string): string => bytesToHex(sha256(utf8ToBytes(key)));

function newKey(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return `fdm_${btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
}

const publicColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

const active = sql`${apiKeys.revokedAt} is null and (${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`;

/**
 * Creates an API key for the acting user: 256 random bits written as `fdm_` and 43
 * base64url characters. Only the key's SHA-256 is stored, so the key is returned
 * this once and cannot be shown again; a lost key is revoked and replaced. Whoever
 * presents the key acts as the user (see {@link verifyApiKey}).
 *
 * @param fdm - The database handle.
 * @param principalId - The user the key acts for; must be an existing user.
 * @param input - The key's name and, optionally, when it expires.
 * @returns The key's record and the key itself.
 * @throws {FdmError} `INVALID_INPUT` (field `name` or `expiresAt`) for an empty or over-long name
 *   or an expiry not in the future; `CONFLICT` when the user already holds 100 active keys.
 * @throws {FdmPermissionError} When the principal is not an existing user.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { randomBytes } from "node:crypto";
 * import { createApiKey, createFdmAuth, createFdmLocal, verifyApiKey } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id;
 * const created = await createApiKey(fdm, me, { name: "farm ERP" });
 * assert.match(created.key, /^fdm_/);
 * assert.equal(await verifyApiKey(fdm, created.key), me);
 * ```
 */
export async function createApiKey(
  fdm: FdmType,
  principalId: PrincipalId,
  input: ApiKeyInput,
): Promise<CreatedApiKey> {
  if (typeof input !== "object" || input === null) {
    throw new FdmError("INVALID_INPUT", "input: must be an object with a name.", {
      field: "input",
    });
  }
  const name = requireText(input.name, "name", 100);
  const expiresAt = optionalDate(input.expiresAt, "expiresAt");
  if (expiresAt !== null && expiresAt.getTime() <= Date.now()) {
    throw new FdmError("INVALID_INPUT", "expiresAt: must be in the future.", {
      field: "expiresAt",
    });
  }
  const id = createId();
  return guard(fdm, principalId, "createApiKey").writeOwn("api_key", id, async (tx, ctx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, ctx.principalId), active));
    if ((held?.n ?? 0) >= MAX_ACTIVE_KEYS) {
      throw new FdmError(
        "CONFLICT",
        `name: a user may hold at most ${MAX_ACTIVE_KEYS} active API keys; revoke one first.`,
        { field: "name" },
      );
    }
    const key = newKey();
    const [row] = await tx
      .insert(apiKeys)
      .values({
        id,
        userId: ctx.principalId,
        name,
        prefix: key.slice(0, 12),
        keyHash: hashKey(key),
        expiresAt,
      })
      .returning(publicColumns);
    if (!row) throw new FdmError("DATABASE", "createApiKey: the key was not stored.");
    return { ...row, key };
  });
}

/**
 * Lists the acting user's API keys, revoked and expired ones included, oldest first.
 * The keys themselves are not stored and so never shown.
 *
 * @param fdm - The database handle.
 * @param principalId - The user whose keys are listed.
 * @returns The user's keys.
 * @throws {FdmPermissionError} When the principal is not an existing user.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { randomBytes } from "node:crypto";
 * import { createApiKey, createFdmAuth, createFdmLocal, listApiKeys } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id;
 * const created = await createApiKey(fdm, me, { name: "farm ERP" });
 * const keys = await listApiKeys(fdm, me);
 * assert.deepEqual(keys.map((k) => k.prefix), [created.key.slice(0, 12)]);
 * ```
 */
export async function listApiKeys(fdm: FdmType, principalId: PrincipalId): Promise<ApiKey[]>;
/**
 * Lists one page of the acting user's API keys, by id (ids compare as bytes): at most
 * `page.limit` whose ids come after `page.after`, read in SQL. See {@link getFields} for how
 * pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - The user whose keys are listed.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's keys and the `after` of the next page (`next`, `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for a bad page (`field: "page.limit"` or `"page.after"`).
 * @throws {FdmPermissionError} When the principal is not an existing user.
 */
export async function listApiKeys(
  fdm: FdmType,
  principalId: PrincipalId,
  page: PageRequest,
): Promise<Page<ApiKey>>;
export async function listApiKeys(
  fdm: FdmType,
  principalId: PrincipalId,
  page?: PageRequest,
): Promise<ApiKey[] | Page<ApiKey>> {
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "listApiKeys").readOwn("api_key", "*", async (db, ctx) => {
    const mine = eq(apiKeys.userId, ctx.principalId);
    if (checked === null) {
      return db
        .select(publicColumns)
        .from(apiKeys)
        .where(mine)
        .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
    }
    const rows = await db
      .select(publicColumns)
      .from(apiKeys)
      .where(and(mine, afterKey(apiKeys.id, checked)))
      .orderBy(byKey(apiKeys.id))
      .limit(checked.limit + 1);
    return pageOf(rows, checked, (k) => k.id);
  });
}

/**
 * Revokes one of the acting user's API keys: from then on it authenticates no one.
 * Revoking a key twice changes nothing the second time.
 *
 * @param fdm - The database handle.
 * @param principalId - The user who holds the key.
 * @param apiKeyId - The key's id (as {@link listApiKeys} shows it), not the key.
 * @returns The key's record, with `revokedAt` set.
 * @throws {FdmError} `NOT_FOUND` (field `apiKeyId`) when the user holds no key with this id —
 *   another user's key included, so that ids of others' keys are not confirmed.
 * @throws {FdmPermissionError} When the principal is not an existing user.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { randomBytes } from "node:crypto";
 * import { createApiKey, createFdmAuth, createFdmLocal, revokeApiKey, verifyApiKey } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id;
 * const created = await createApiKey(fdm, me, { name: "farm ERP" });
 * await revokeApiKey(fdm, me, created.id);
 * assert.equal(await verifyApiKey(fdm, created.key), null);
 * ```
 */
export async function revokeApiKey(
  fdm: FdmType,
  principalId: PrincipalId,
  apiKeyId: string,
): Promise<ApiKey> {
  const id = requireId(apiKeyId, "apiKeyId");
  return guard(fdm, principalId, "revokeApiKey").writeOwn("api_key", id, async (tx, ctx) => {
    const mine = and(eq(apiKeys.id, id), eq(apiKeys.userId, ctx.principalId));
    await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(mine, isNull(apiKeys.revokedAt)));
    const [row] = await tx.select(publicColumns).from(apiKeys).where(mine);
    if (!row) {
      throw new FdmError("NOT_FOUND", `apiKeyId: you hold no API key with id '${id}'.`, {
        field: "apiKeyId",
      });
    }
    return row;
  });
}

/**
 * Tells which user an API key acts for: the user's id for a key that is stored, not
 * revoked and not expired; `null` for anything else (a malformed string included), so a
 * caller cannot tell a wrong key from a revoked one. The key's last use is recorded, at
 * most once a minute per key. Only the key's SHA-256 is looked up; the key is neither
 * stored nor put in an error.
 *
 * @param fdm - The database handle.
 * @param key - The key as presented, e.g. from an `Authorization: Bearer` header.
 * @returns The id of the user the key acts for, or `null`.
 * @throws {FdmError} `DATABASE` when the database fails.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { createFdmLocal, verifyApiKey } from "fdm-core";
 * const fdm = await createFdmLocal();
 * assert.equal(await verifyApiKey(fdm, "fdm_not-a-key"), null);
 * ```
 */
export async function verifyApiKey(fdm: FdmType, key: string): Promise<string | null> {
  if (typeof key !== "string" || !keyPattern.test(key)) return null;
  const hash = hashKey(key);
  return system(fdm, "verifyApiKey").read(async (db) => {
    const [row] = await db
      .select({
        id: apiKeys.id,
        userId: apiKeys.userId,
        stale: sql<boolean>`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`,
      })
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, hash), active));
    if (!row) return null;
    if (row.stale === true || (row.stale as unknown) === "t") {
      await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, row.id));
    }
    return row.userId;
  });
}
