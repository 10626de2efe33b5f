import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey, listApiKeys, revokeApiKey, verifyApiKey } from "./api-key.js";
import { FdmError, FdmPermissionError } from "./error.js";
import { apiKeys, auditLog } from "./schema.js";
import { createTestDatabase, type TestDatabase } from "./test-setup.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe("createApiKey", () => {
  it("returns a 256-bit key once and stores only its SHA-256", async () => {
    const created = await createApiKey(db.fdm, "amy", { name: " farm ERP " });
    // "fdm_" + 43 base64url characters = 32 bytes.
    expect(created.key).toMatch(/^fdm_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: "farm ERP",
      prefix: created.key.slice(0, 12),
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
    });
    const [row] = await db.fdm.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    const { createHash } = await import("node:crypto");
    expect(row?.keyHash).toBe(createHash("sha256").update(created.key).digest("hex"));
    const stored = JSON.stringify(await db.fdm.select().from(apiKeys));
    expect(stored).not.toContain(created.key);
    expect(stored).not.toContain(created.key.slice(12));
  });

  it("makes a different key every time", async () => {
    const a = await createApiKey(db.fdm, "amy", { name: "a" });
    const b = await createApiKey(db.fdm, "amy", { name: "b" });
    expect(a.key).not.toBe(b.key);
  });

  it("refuses an empty name and an expiry in the past, writing nothing", async () => {
    const before = await db.fdm.select().from(apiKeys);
    await expect(createApiKey(db.fdm, "amy", { name: " " })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      field: "name",
    });
    await expect(
      createApiKey(db.fdm, "amy", { name: "old", expiresAt: new Date("2020-01-01") }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT", field: "expiresAt" });
    expect(await db.fdm.select().from(apiKeys)).toEqual(before);
  });

  it("refuses a principal that is no user", async () => {
    await expect(createApiKey(db.fdm, "nobody-at-all", { name: "x" })).rejects.toBeInstanceOf(
      FdmPermissionError,
    );
  });

  it("refuses a 101st active key of one user", async () => {
    for (let i = 0; i < 100; i++) await createApiKey(db.fdm, "bob", { name: `k${i}` });
    const err = await createApiKey(db.fdm, "bob", { name: "one too many" }).catch((e) => e);
    expect(err).toBeInstanceOf(FdmError);
    expect(err.code).toBe("CONFLICT");
    // After revoking one, a new one fits again.
    const [first] = await listApiKeys(db.fdm, "bob");
    await revokeApiKey(db.fdm, "bob", first?.id as string);
    await expect(createApiKey(db.fdm, "bob", { name: "replacement" })).resolves.toBeTruthy();
  }, 60_000);
});

describe("verifyApiKey", () => {
  it("answers the user of a valid key and records its last use", async () => {
    const created = await createApiKey(db.fdm, "ann", { name: "script" });
    expect(await verifyApiKey(db.fdm, created.key)).toBe("ann");
    const [listed] = await listApiKeys(db.fdm, "ann");
    expect(listed?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("answers null for a wrong, malformed, revoked or expired key", async () => {
    const created = await createApiKey(db.fdm, "ann", { name: "soon gone" });
    const wrong = `${created.key.slice(0, -1)}${created.key.endsWith("A") ? "B" : "A"}`;
    expect(await verifyApiKey(db.fdm, wrong)).toBeNull();
    expect(await verifyApiKey(db.fdm, "fdm_short")).toBeNull();
    expect(await verifyApiKey(db.fdm, 42 as unknown as string)).toBeNull();

    const expiring = await createApiKey(db.fdm, "ann", {
      name: "expiring",
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await verifyApiKey(db.fdm, expiring.key)).toBe("ann");
    // Move its expiry into the past, as time would.
    await db.fdm
      .update(apiKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiKeys.id, expiring.id));
    expect(await verifyApiKey(db.fdm, expiring.key)).toBeNull();

    await revokeApiKey(db.fdm, "ann", created.id);
    expect(await verifyApiKey(db.fdm, created.key)).toBeNull();
  });
});

describe("listApiKeys and revokeApiKey", () => {
  it("lists only the asker's keys and never the key", async () => {
    const mine = await createApiKey(db.fdm, "ben", { name: "mine" });
    await createApiKey(db.fdm, "zed", { name: "theirs" });
    const keys = await listApiKeys(db.fdm, "ben");
    expect(keys.map((k) => k.name)).toEqual(["mine"]);
    expect(JSON.stringify(keys)).not.toContain(mine.key);
  });

  it("does not let one user revoke another's key, and says only NOT_FOUND", async () => {
    const theirs = await createApiKey(db.fdm, "zed", { name: "zed's" });
    const err = await revokeApiKey(db.fdm, "ben", theirs.id).catch((e) => e);
    expect(err).toMatchObject({ code: "NOT_FOUND", field: "apiKeyId" });
    expect(await verifyApiKey(db.fdm, theirs.key)).toBe("zed");
    const refused = await db.fdm.select().from(auditLog).where(eq(auditLog.resourceId, theirs.id));
    // Creating it was zed's; ben's attempt is recorded as refused.
    expect(refused.map((r) => [r.principalId, r.allowed, r.outcome])).toEqual([
      ["zed", true, "done"],
      ["ben", false, "refused"],
    ]);
  });

  it("keeps the first revocation time when revoked twice", async () => {
    const k = await createApiKey(db.fdm, "ben", { name: "twice" });
    const first = await revokeApiKey(db.fdm, "ben", k.id);
    const second = await revokeApiKey(db.fdm, "ben", k.id);
    expect(first.revokedAt).toBeInstanceOf(Date);
    expect(second.revokedAt?.getTime()).toBe(first.revokedAt?.getTime());
  });
});
