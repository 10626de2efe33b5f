// Two instances on one PostgreSQL database: the API keeps no state of its own. Only the
// "fdm-api (postgres)" project runs this file (vitest.config.mts): PGlite is one process's
// database.
import { randomBytes } from "node:crypto";
import { closeFdm, createFdmAuth, createFdmServer } from "fdm-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApi } from "./app.js";
import { keyCacheDefaults } from "./key-cache.js";
import { type RunningApi, startApi } from "./server.js";
import { square, startTestApi, type TestApi } from "./test-server.js";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  if (!api.databaseUrl)
    throw new Error("this file needs FDM_TEST_DATABASE_URL (a PostgreSQL server)");
});
afterAll(async () => {
  await api?.close();
});

describe("two instances on one PostgreSQL", () => {
  let second: RunningApi;
  let secondFdm: ReturnType<typeof createFdmServer>;
  beforeAll(async () => {
    secondFdm = createFdmServer(api.databaseUrl as string);
    const auth = createFdmAuth(secondFdm, { secret: randomBytes(32).toString("hex") });
    second = await startApi(createApi({ fdm: secondFdm, auth, log: false }), { port: 0 });
  });
  afterAll(async () => {
    await second?.close();
    await closeFdm(secondFdm);
  });

  it("accepts one key on both, and 40 parallel writes split over both store exactly 40 fields", async () => {
    const u = await api.user("tess");
    const farmId = (await api.call(u.key, "POST", "/v1/farms", { name: "Shared" })).body.id;
    const viaSecond = await fetch(`${second.url}/v1/farms/${farmId}`, {
      headers: { authorization: `Bearer ${u.key}` },
    });
    expect(viaSecond.status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${i % 2 === 0 ? api.server.url : second.url}/v1/farms/${farmId}/fields`, {
          method: "POST",
          headers: { authorization: `Bearer ${u.key}`, "content-type": "application/json" },
          body: JSON.stringify({
            name: `F${i}`,
            geometry: square(i),
            acquiringDate: "2020-01-01",
            acquiringMethod: "owner",
          }),
        }).then((r) => r.status),
      ),
    );
    expect(results).toEqual(Array(40).fill(201));
    const list = await fetch(`${second.url}/v1/farms/${farmId}/fields?limit=1000`, {
      headers: { authorization: `Bearer ${u.key}` },
    }).then((r) => r.json() as Promise<{ items: { id: string }[] }>);
    expect(list.items).toHaveLength(40);
    expect(new Set(list.items.map((f) => f.id)).size).toBe(40);
    // A key revoked through one instance is refused there at once, and by the other once the
    // 5 s it keeps verified keys have passed (its clock is moved on by that much).
    const keys = await api.call(u.key, "GET", "/v1/api-keys");
    await api.call(u.key, "DELETE", `/v1/api-keys/${keys.body.items[0].id}`);
    expect((await api.call(u.key, "GET", "/v1/farms")).status).toBe(401);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + keyCacheDefaults.ttlMs);
      const after = await fetch(`${second.url}/v1/farms`, {
        headers: { authorization: `Bearer ${u.key}` },
      });
      expect(after.status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});
