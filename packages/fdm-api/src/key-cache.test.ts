import { createHash } from "node:crypto";
import { createApiKey, listApiKeys, revokeApiKey, verifyApiKey } from "fdm-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiKeyCache, keyCacheDefaults } from "./key-cache.js";
import { startTestApi, type TestApi } from "./test-server.js";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

/** A cache on the test database with its own clock, counting the look-ups it makes. */
function cacheWithClock(options: { maxEntries?: number } = {}) {
  const clock = { now: 1_000_000, lookups: 0 };
  const cache = new ApiKeyCache(
    (key) => {
      clock.lookups++;
      return verifyApiKey(api.fdm, key);
    },
    { now: () => clock.now, ...options },
  );
  return { cache, clock };
}

describe("the cache of verified API keys", () => {
  it("trusts a verified key for 5 s: a key revoked on another instance is refused once they pass", async () => {
    expect(keyCacheDefaults.ttlMs).toBe(5_000);
    const u = await api.user("kees");
    const { cache, clock } = cacheWithClock();
    expect(await cache.userOf(u.key)).toBe(u.id);
    // Revoked elsewhere: fdm-core on the database, not through this cache.
    const [record] = await listApiKeys(api.fdm, u.id);
    await revokeApiKey(api.fdm, u.id, record?.id as string);
    clock.now += 4_999;
    expect(await cache.userOf(u.key)).toBe(u.id);
    expect(clock.lookups).toBe(1);
    clock.now += 1;
    expect(await cache.userOf(u.key)).toBeNull();
    expect(clock.lookups).toBe(2);
  });

  it("holds the key's SHA-256 only, never the key", async () => {
    const u = await api.user("hash");
    const { cache } = cacheWithClock();
    await cache.userOf(u.key);
    const held = [...(cache as unknown as { entries: Map<string, unknown> }).entries.keys()];
    expect(held).toEqual([createHash("sha256").update(u.key).digest("hex")]);
    expect(
      JSON.stringify([...(cache as unknown as { entries: Map<string, unknown> }).entries]),
    ).not.toContain(u.key);
  });

  it("keeps at most maxEntries keys, dropping the oldest", async () => {
    const u = await api.user("many");
    const keys = [u.key];
    for (let i = 0; i < 2; i++)
      keys.push((await createApiKey(api.fdm, u.id, { name: `k${i}` })).key);
    const { cache, clock } = cacheWithClock({ maxEntries: 2 });
    for (const key of keys) expect(await cache.userOf(key)).toBe(u.id);
    expect(clock.lookups).toBe(3);
    await cache.userOf(keys[2] as string); // still held
    await cache.userOf(keys[1] as string); // still held
    expect(clock.lookups).toBe(3);
    await cache.userOf(keys[0] as string); // dropped first, asked again
    expect(clock.lookups).toBe(4);
  });

  it("keeps no wrong key, and asks once for a key many requests bring at once", async () => {
    const u = await api.user("burst");
    const { cache, clock } = cacheWithClock();
    const wrong = `fdm_${"A".repeat(43)}`;
    expect(await cache.userOf(wrong)).toBeNull();
    expect(await cache.userOf(wrong)).toBeNull();
    expect(clock.lookups).toBe(2);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.userOf(u.key)));
    expect(answers).toEqual(Array(20).fill(u.id));
    expect(clock.lookups).toBe(3);
  });

  it("forgets a user's keys at once when told, also a look-up under way", async () => {
    const u = await api.user("forget");
    const { cache, clock } = cacheWithClock();
    expect(await cache.userOf(u.key)).toBe(u.id);
    cache.forgetUser(u.id);
    expect(await cache.userOf(u.key)).toBe(u.id);
    expect(clock.lookups).toBe(2);
    // A look-up begun before the user's keys were forgotten does not keep its answer.
    cache.forgetUser(u.id);
    const underWay = cache.userOf(u.key);
    cache.forgetUser(u.id);
    expect(await underWay).toBe(u.id);
    await cache.userOf(u.key);
    expect(clock.lookups).toBe(4);
  });
});

describe("revoking a key over HTTP", () => {
  it("refuses the key on this instance at once, though it was verified a moment before", async () => {
    const u = await api.user("revoker");
    expect((await api.call(u.key, "GET", "/v1/farms")).status).toBe(200);
    const second = await createApiKey(api.fdm, u.id, { name: "second" });
    expect((await api.call(second.key, "GET", "/v1/farms")).status).toBe(200);
    const revoked = await api.call(u.key, "DELETE", `/v1/api-keys/${second.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    const refused = await api.call(second.key, "GET", "/v1/farms");
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: "UNAUTHENTICATED" });
    // The user's other key goes on working.
    expect((await api.call(u.key, "GET", "/v1/farms")).status).toBe(200);
  });
});
