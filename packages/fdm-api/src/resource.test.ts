// The route builders on a bare app with stand-in fdm-core functions (no database): what each
// call receives and what the client gets; and the compile-time ties of schemas to fdm-core.
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Farm, FdmType, Field, Harvest } from "fdm-core";
import { describe, expect, it } from "vitest";
import { resource } from "./resource.js";
import { type ApiEnv, documents } from "./route.js";
import { dateOutput, farmSchema, fieldSchema, harvestSchema } from "./schemas.js";

const thing = z.object({ id: z.string(), at: dateOutput }).openapi("Thing");
const thingInput = z.object({ name: z.string() }).strict().openapi("ThingInput");

/** An app whose principal is `p1`, with the operations `build` registers and the calls they made. */
function appWith(build: (things: ReturnType<typeof resource<typeof thing>>) => void) {
  const app = new OpenAPIHono<ApiEnv>();
  app.use(async (c, next) => {
    c.set("principalId", "p1");
    await next();
  });
  build(resource({ app, fdm: {} as FdmType }, ["Things"], thing));
  return app;
}

describe("resource", () => {
  it("lists: the path's id, the timeframe and the page go to the call; the page comes back with a cursor", async () => {
    const calls: unknown[][] = [];
    const app = appWith((things) =>
      things.list({
        path: "/boxes/{boxId}/things",
        operationId: "listThings",
        summary: "Things.",
        page: "ThingPage",
        returns: "A page of things.",
        timeframe: true,
        call: async (_fdm, ...args) => {
          calls.push(args);
          return { items: [{ id: "t1", at: new Date(0) }], next: "t1" };
        },
      }),
    );
    const res = await app.request("/boxes/b1/things?limit=1&start=2025-01-01");
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: unknown[]; nextCursor: string };
    expect(page.items).toEqual([{ id: "t1", at: "1970-01-01T00:00:00.000Z" }]);
    expect(typeof page.nextCursor).toBe("string");
    expect(calls).toEqual([
      ["p1", "b1", { start: new Date("2025-01-01"), end: null }, { limit: 1 }],
    ]);
    await app.request(`/boxes/b1/things?cursor=${page.nextCursor}`);
    expect(calls[1]).toEqual(["p1", "b1", undefined, { limit: 100, after: "t1" }]);
  });

  it("creates with { returning: 'record' } and answers 201; updates answer 200; removes 204", async () => {
    const calls: unknown[][] = [];
    const record = async (_fdm: FdmType, ...args: unknown[]) => {
      calls.push(args);
      return { id: "t1", at: "2025-01-01T00:00:00.000Z" };
    };
    const app = appWith((things) => {
      things.create({
        path: "/boxes/{boxId}/things",
        operationId: "addThing",
        summary: "Add.",
        body: thingInput,
        returns: "Added.",
        call: record,
      });
      things.update({
        path: "/boxes/{boxId}/things/{thingId}",
        operationId: "updateThing",
        summary: "Change.",
        body: thingInput,
        returns: "Changed.",
        call: record,
      });
      things.remove({
        path: "/boxes/{boxId}/things/{thingId}",
        operationId: "removeThing",
        summary: "Remove.",
        call: async (_fdm, ...args) => {
          calls.push(args);
        },
      });
    });
    const json = (method: string, body: unknown) => ({
      method,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const created = await app.request("/boxes/b1/things", json("POST", { name: "n" }));
    expect([created.status, await created.json()]).toEqual([
      201,
      { id: "t1", at: "2025-01-01T00:00:00.000Z" },
    ]);
    const changed = await app.request("/boxes/b1/things/t1", json("PATCH", { name: "m" }));
    expect(changed.status).toBe(200);
    const removed = await app.request("/boxes/b1/things/t1", { method: "DELETE" });
    expect([removed.status, await removed.text()]).toEqual([204, ""]);
    expect(calls).toEqual([
      ["p1", "b1", { name: "n" }, { returning: "record" }],
      ["p1", "b1", "t1", { name: "m" }],
      ["p1", "b1", "t1"],
    ]);
  });

  it("documents each {name} of the path as an id parameter, in order", () => {
    const app = appWith((things) =>
      things.get({
        path: "/boxes/{boxId}/things/{thingId}",
        operationId: "getThing",
        summary: "One.",
        returns: "The thing.",
        call: async () => ({ id: "t1", at: new Date(0) }),
      }),
    );
    const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
    const get = doc.paths?.["/boxes/{boxId}/things/{thingId}"]?.get;
    expect(get?.parameters?.map((p) => ("name" in p ? [p.name, p.in] : null))).toEqual([
      ["boxId", "path"],
      ["thingId", "path"],
    ]);
    expect(get?.tags).toEqual(["Things"]);
  });

  it("refuses, when compiled, a call whose result the response schema does not document", () => {
    appWith((things) => {
      things.get({
        path: "/things/{thingId}",
        operationId: "getThing",
        summary: "One.",
        returns: "The thing.",
        // @ts-expect-error `at` is missing from what the call returns
        call: async (_fdm, _principalId, id) => ({ id }),
      });
      things.get({
        path: "/things/{thingId}",
        operationId: "getThing2",
        summary: "One.",
        returns: "The thing.",
        // @ts-expect-error the path has one id; the call takes two
        call: async (_fdm: FdmType, _principalId: string, id: string, other: string) => ({
          id: id + other,
          at: new Date(0),
        }),
      });
    });
  });
});

describe("documents", () => {
  it("compiles for a schema that documents its fdm-core type, and does nothing when run", () => {
    expect(documents<typeof farmSchema, Farm>(true)).toBeUndefined();
  });

  it("fails the type-check when a schema and fdm-core's type drift apart, at any depth", () => {
    const missing = farmSchema.omit({ postalCode: true });
    // @ts-expect-error undocumented: "postalCode"
    documents<typeof missing, Farm>(true);
    const extra = farmSchema.extend({ vat: z.string() });
    // @ts-expect-error notInFdmCore: "vat"
    documents<typeof extra, Farm>(true);
    const retyped = fieldSchema.extend({ discardingDate: dateOutput });
    // @ts-expect-error mistyped: "discardingDate" (fdm-core's may be null)
    documents<typeof retyped, Field>(true);
    const nested = harvestSchema.extend({
      analysis: z.object({ dryMatterYield: z.number().nullable() }),
    });
    // @ts-expect-error undocumented: "analysis.dryMatterContent" and the other figures
    documents<typeof nested, Harvest>(true);
  });
});
