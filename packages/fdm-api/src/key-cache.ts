// API keys verified in the last few seconds, so that a client's requests do not each look its
// key up in the database. Entries are keyed by the key's SHA-256, never the key itself, and
// live 5 s: a key revoked (or expired) on another instance is refused there within 5 s, and
// at once on the instance that revoked it.
import { createHash } from "node:crypto";
import { type FdmType, verifyApiKey } from "fdm-core";

/** Options of {@link ApiKeyCache}. */
export interface ApiKeyCacheOptions {
  /** How long a verified key is trusted without asking the database again; 5,000 ms by default. */
  ttlMs?: number;
  /** The most keys kept; the oldest goes first. 10,000 by default. */
  maxEntries?: number;
  /** The clock, in milliseconds (tests pass their own). */
  now?: () => number;
}

/** How long a verified key is trusted, and how many are kept, unless told otherwise. */
export const keyCacheDefaults = Object.freeze({ ttlMs: 5_000, maxEntries: 10_000 });

const hashOf = (key: string) => createHash("sha256").update(key).digest("hex");

/**
 * Verified API keys of one database, for a few seconds: {@link ApiKeyCache.userOf} answers
 * from memory what fdm-core's `verifyApiKey` answered less than `ttlMs` ago, and asks it
 * otherwise. Only keys that verified are kept (a wrong key is asked about every time, and
 * cannot push good ones out); requests for the same key at once share one look-up.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, { userId: string; until: number }>();
  private readonly pending = new Map<string, Promise<string | null>>();
  /** Bumped by forgetUser: a look-up begun before it does not store its answer. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  /**
   * @param verify - The look-up: fdm-core's `verifyApiKey` on the database.
   * @param options - The time to live, the size and the clock.
   */
  constructor(
    private readonly verify: (key: string) => Promise<string | null>,
    options: ApiKeyCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? keyCacheDefaults.ttlMs;
    this.maxEntries = options.maxEntries ?? keyCacheDefaults.maxEntries;
    this.now = options.now ?? (() => Date.now());
  }

  /**
   * The user the key acts for, or `null` for a key that is not valid (as `verifyApiKey`).
   *
   * @param key - The key as presented.
   * @returns The user's id, or `null`.
   * @throws {FdmError} `DATABASE` when the look-up fails.
   */
  async userOf(key: string): Promise<string | null> {
    const hash = hashOf(key);
    const hit = this.entries.get(hash);
    if (hit !== undefined) {
      if (hit.until > this.now()) return hit.userId;
      this.entries.delete(hash);
    }
    const asked = this.pending.get(hash);
    if (asked !== undefined) return asked;
    const generation = this.generation;
    const lookup = this.verify(key).then(
      (userId) => {
        this.pending.delete(hash);
        if (userId !== null && generation === this.generation) this.remember(hash, userId);
        return userId;
      },
      (err: unknown) => {
        this.pending.delete(hash);
        throw err;
      },
    );
    this.pending.set(hash, lookup);
    return lookup;
  }

  /**
   * Drops every key of the user, e.g. when it revoked one here: the next request with any of
   * its keys is verified in the database.
   *
   * @param userId - The user.
   */
  forgetUser(userId: string): void {
    this.generation++;
    this.pending.clear();
    for (const [hash, entry] of this.entries) {
      if (entry.userId === userId) this.entries.delete(hash);
    }
  }

  private remember(hash: string, userId: string): void {
    this.entries.delete(hash);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(hash, { userId, until: this.now() + this.ttlMs });
  }
}

const caches = new WeakMap<FdmType, ApiKeyCache>();

/**
 * The key cache of a database handle: one per handle, shared by the apps made on it.
 *
 * @param fdm - The database handle.
 * @returns Its cache, made on first use with the defaults.
 */
export function keyCacheOf(fdm: FdmType): ApiKeyCache {
  let cache = caches.get(fdm);
  if (cache === undefined) {
    cache = new ApiKeyCache((key) => verifyApiKey(fdm, key));
    caches.set(fdm, cache);
  }
  return cache;
}
