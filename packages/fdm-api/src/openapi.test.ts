import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "./app.js";
import { square, startTestApi, type TestApi } from "./test-server.js";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe("GET /v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const res = await api.call(null, "GET", "/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    const result = await new Validator().validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists exactly the operations the app routes", async () => {
    const doc = (await api.call(null, "GET", "/v1/openapi.json")).body;
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([p, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} /v1${p.replace(/\{(\w+)\}/g, ":$1")}`),
      )
      .sort();
    const app = createApi({ fdm: api.fdm, auth: api.auth, log: false });
    const routed = [
      ...new Set(
        app.routes
          .filter(
            (r) => r.path.startsWith("/v1/") && r.method !== "ALL" && r.path !== "/v1/openapi.json",
          )
          .map((r) => `${r.method} ${r.path}`),
      ),
    ].sort();
    expect(documented).toEqual(routed);
    // Every operation has an id, and all ids differ.
    const ids = Object.values(
      doc.paths as Record<string, Record<string, { operationId: string }>>,
    ).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(70);
  });

  it("describes problems as application/problem+json and lists as pages", async () => {
    const doc = (await api.call(null, "GET", "/v1/openapi.json")).body;
    const getFarm = doc.paths["/farms/{farmId}"].get;
    expect(Object.keys(getFarm.responses["404"].content)).toEqual(["application/problem+json"]);
    expect(doc.components.schemas.Problem.required).toEqual([
      "type",
      "title",
      "status",
      "detail",
      "code",
    ]);
    const limit = doc.paths["/farms/{farmId}/fields"].get.parameters.find(
      (p: { name: string }) => p.name === "limit",
    );
    expect(limit.schema).toMatchObject({ minimum: 1, maximum: 1000, default: 100 });
  });
});

describe("cursor pagination and concurrent writes", () => {
  it("stores exactly 50 fields from 50 parallel creates, and pages them without loss or repeat", async () => {
    const u = await api.user("paula");
    const farmId = (await api.call(u.key, "POST", "/v1/farms", { name: "Parallel" })).body.id;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.call(u.key, "POST", `/v1/farms/${farmId}/fields`, {
          name: `Veld ${i}`,
          geometry: square(i),
          acquiringDate: "2020-01-01",
          acquiringMethod: "owner",
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `?limit=7&cursor=${encodeURIComponent(cursor)}` : "?limit=7";
      const page = await api.call(u.key, "GET", `/v1/farms/${farmId}/fields${q}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((f: { id: string }) => f.id));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor);
    // 50 items at 7 a page: 8 pages (7 × 7 = 49, then 1).
    expect(pages).toBe(8);
    expect(seen.length).toBe(50);
    expect(new Set(seen).size).toBe(50);
    expect(new Set(seen)).toEqual(new Set(results.map((r) => r.body.id)));
  });

  it("neither loses nor repeats an item when items are added between pages", async () => {
    const u = await api.user("quinten");
    const farmId = (await api.call(u.key, "POST", "/v1/farms", { name: "Growing" })).body.id;
    const add = (i: number) =>
      api.call(u.key, "POST", `/v1/farms/${farmId}/fields`, {
        name: `F${i}`,
        geometry: square(i),
        acquiringDate: "2020-01-01",
        acquiringMethod: "owner",
      });
    const first = [];
    for (let i = 0; i < 6; i++) first.push((await add(i)).body.id);
    const page1 = await api.call(u.key, "GET", `/v1/farms/${farmId}/fields?limit=3`);
    const later = (await add(99)).body.id as string;
    const rest: string[] = [];
    let cursor = page1.body.nextCursor as string | null;
    while (cursor) {
      const p = await api.call(
        u.key,
        "GET",
        `/v1/farms/${farmId}/fields?limit=3&cursor=${encodeURIComponent(cursor)}`,
      );
      rest.push(...p.body.items.map((f: { id: string }) => f.id));
      cursor = p.body.nextCursor;
    }
    const all = [...page1.body.items.map((f: { id: string }) => f.id), ...rest];
    expect(new Set(all).size).toBe(all.length);
    for (const id of first) expect(all).toContain(id);
    // The new field is served if it sorts after the first page, and never twice.
    const page1Ids = page1.body.items.map((f: { id: string }) => f.id) as string[];
    if (later > (page1Ids[2] as string)) expect(rest).toContain(later);
  });
});
