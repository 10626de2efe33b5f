// Pages over HTTP sent again from kept bodies (pagination.ts, KeptBodies): the same request at
// the same revision of the list gets the same bytes; any change to the list shows on the next
// read; access is checked on every read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KeptBodies } from "./pagination.js";
import { square, startTestApi, type TestApi } from "./test-server.js";

/** A kept body (UTF-8 bytes) as the client reads it. */
const parsed = (body: Uint8Array) => JSON.parse(new TextDecoder().decode(body));

describe("KeptBodies", () => {
  it("writes a page once per revision and request, and pages without a revision every time", () => {
    const kept = new KeptBodies();
    const page = { items: [{ id: "a" }], next: null, revision: 4 };
    const first = kept.body("/v1/farms/f/fields?{}", page);
    expect(parsed(first)).toEqual({ items: [{ id: "a" }], nextCursor: null });
    // Same request, same revision: the kept text, although these items differ (they cannot,
    // in fdm-core, at one revision: the revision is what makes keeping sound).
    expect(kept.body("/v1/farms/f/fields?{}", { ...page, items: [{ id: "b" }] })).toBe(first);
    expect(
      parsed(kept.body("/v1/farms/f/fields?{}", { ...page, items: [{ id: "c" }], revision: 5 })),
    ).toEqual({ items: [{ id: "c" }], nextCursor: null });
    // A slower read of revision 4 does not replace the newer body.
    kept.body("/v1/farms/f/fields?{}", { ...page, items: [{ id: "old" }] });
    expect(
      parsed(kept.body("/v1/farms/f/fields?{}", { ...page, items: [], revision: 5 })).items,
    ).toEqual([{ id: "c" }]);
    // Another request is another body; a list without revisions is written every time.
    expect(parsed(kept.body('/v1/farms/f/fields?{"limit":1}', page)).items).toEqual([{ id: "a" }]);
    const plain = { items: [{ id: "x" }], next: null };
    expect(parsed(kept.body("/v1/organizations?{}", plain)).items).toEqual([{ id: "x" }]);
    expect(
      parsed(kept.body("/v1/organizations?{}", { ...plain, items: [{ id: "y" }] })).items,
    ).toEqual([{ id: "y" }]);
  });
});

describe("a page of fields read again over HTTP", () => {
  let api: TestApi;
  let owner: { id: string; key: string };
  let stranger: { id: string; key: string };
  beforeAll(async () => {
    api = await startTestApi();
    owner = await api.user("owner");
    stranger = await api.user("stranger");
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  const addField = async (farmId: string, name: string) => {
    const res = await api.call(owner.key, "POST", `/v1/farms/${farmId}/fields`, {
      name,
      geometry: square(0),
      acquiringDate: "2024-01-01",
      acquiringMethod: "owner",
    });
    expect(res.status).toBe(201);
  };

  it("is the same text while the list is unchanged, and shows every change on the next read", async () => {
    const farm = await api.call(owner.key, "POST", "/v1/farms", { name: "Kept bodies" });
    const farmId = farm.body.id as string;
    await addField(farmId, "A");
    await addField(farmId, "B");
    const path = `/v1/farms/${farmId}/fields?limit=1`;
    const read = async (key = owner.key) => {
      const res = await fetch(`${api.server.url}${path}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      return { status: res.status, text: await res.text() };
    };
    const first = await read();
    expect(first.status).toBe(200);
    expect(await read()).toEqual(first);
    const firstName = JSON.parse(first.text).items[0].name as string;
    // A change to the field on the page shows at once.
    const id = JSON.parse(first.text).items[0].id as string;
    const renamed = await api.call(owner.key, "PATCH", `/v1/fields/${id}`, {
      name: `${firstName} renamed`,
    });
    expect(renamed.status).toBe(200);
    const after = await read();
    expect(JSON.parse(after.text).items[0].name).toBe(`${firstName} renamed`);
    // A stranger is refused the page the owner's reads kept.
    const refused = await read(stranger.key);
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain(firstName);
  }, 60_000);
});
