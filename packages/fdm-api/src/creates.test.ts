// A create answers what it wrote from its one guarded call: one access decision, one audit
// row; and the pages of every list are read in SQL, the cursor as before.
import { eq } from "drizzle-orm";
import { fdmSchema } from "fdm-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { square, startTestApi, type TestApi } from "./test-server.js";

let api: TestApi;
let user: { id: string; key: string; email: string };
beforeAll(async () => {
  api = await startTestApi();
  user = await api.user("creator");
});
afterAll(async () => {
  await api?.close();
});

/** The audit rows of the user, oldest first. */
const auditOf = (principalId: string) =>
  api.fdm
    .select({
      id: fdmSchema.auditLog.id,
      origin: fdmSchema.auditLog.origin,
      outcome: fdmSchema.auditLog.outcome,
    })
    .from(fdmSchema.auditLog)
    .where(eq(fdmSchema.auditLog.principalId, principalId));

/**
 * POSTs `body` to `path` and checks: 201, exactly one audit row (done, by `origin`), and an
 * answer equal to a later GET of `get(answer.id)`.
 */
async function createOnce(
  path: string,
  body: unknown,
  origin: string,
  get: (id: string) => string,
) {
  const before = new Set((await auditOf(user.id)).map((r) => r.id));
  const res = await api.call(user.key, "POST", path, body);
  expect([res.status, res.status === 201 ? null : res.body]).toEqual([201, null]);
  const added = (await auditOf(user.id)).filter((r) => !before.has(r.id));
  expect(added).toEqual([expect.objectContaining({ origin, outcome: "done" })]);
  const read = await api.call(user.key, "GET", get(res.body.id));
  expect(read.status).toBe(200);
  expect(res.body).toEqual(read.body);
  return res.body;
}

describe("the 8 create operations decide and audit once, and answer what a GET shows", () => {
  it("farm, field, cultivation, harvest, fertilizer, application, soil analysis, organization", async () => {
    const farm = await createOnce(
      "/v1/farms",
      { name: "Eén keer", postalCode: "6708 PB" },
      "addFarm",
      (id) => `/v1/farms/${id}`,
    );
    expect(farm).toMatchObject({ name: "Eén keer", roles: ["owner"] });
    for (const [kind, catalogue] of [
      ["cultivations", "brp"],
      ["fertilizers", "rvo"],
    ]) {
      const put = await api.call(
        user.key,
        "PUT",
        `/v1/farms/${farm.id}/catalogues/${kind}/${catalogue}`,
      );
      expect(put.status).toBeLessThan(300);
    }
    const field = await createOnce(
      `/v1/farms/${farm.id}/fields`,
      { name: "Veld", geometry: square(0), acquiringDate: "2020-01-01", acquiringMethod: "owner" },
      "addField",
      (id) => `/v1/fields/${id}`,
    );
    expect(field).toMatchObject({
      farmId: farm.id,
      name: "Veld",
      acquiringDate: "2020-01-01T00:00:00.000Z",
    });
    const cultivation = await createOnce(
      `/v1/fields/${field.id}/cultivations`,
      { catalogueItemId: "nl_265", startDate: "2024-01-01" },
      "addCultivation",
      (id) => `/v1/cultivations/${id}`,
    );
    const harvest = await createOnce(
      `/v1/cultivations/${cultivation.id}/harvests`,
      { harvestDate: "2024-06-01", dryMatterYield: 3500 },
      "addHarvest",
      (id) => `/v1/harvests/${id}`,
    );
    expect(harvest.analysis.dryMatterYield).toBe(3500);
    const fertilizer = await createOnce(
      `/v1/farms/${farm.id}/fertilizers`,
      { catalogueItemId: "rvo_14", acquiringDate: "2024-01-01" },
      "addFertilizer",
      (id) => `/v1/fertilizers/${id}`,
    );
    await createOnce(
      `/v1/fields/${field.id}/fertilizer-applications`,
      {
        fertilizerId: fertilizer.id,
        amountKgPerHa: 20000,
        method: "shallow_injection",
        applicationDate: "2024-03-01",
      },
      "addFertilizerApplication",
      (id) => `/v1/fertilizer-applications/${id}`,
    );
    await createOnce(
      `/v1/fields/${field.id}/soil-analyses`,
      { samplingDate: "2024-02-01", source: "laboratory", parameters: { pAl: 41 } },
      "addSoilAnalysis",
      (id) => `/v1/soil-analyses/${id}`,
    );
    await createOnce(
      "/v1/organizations",
      { name: "Eén BV", slug: "een-bv-creates" },
      "createOrganization",
      (id) => `/v1/organizations/${id}`,
    );
  });

  it("a refused create leaves one audit row, refused, and nothing else", async () => {
    const other = await api.user("outsider");
    const farm = (await api.call(user.key, "POST", "/v1/farms", { name: "Niet van jou" })).body;
    const before = (await auditOf(other.id)).length;
    const res = await api.call(other.key, "POST", `/v1/farms/${farm.id}/fields`, {
      name: "Inbraak",
      geometry: square(1),
      acquiringDate: "2020-01-01",
      acquiringMethod: "owner",
    });
    expect(res.status).toBe(403);
    const rows = await auditOf(other.id);
    expect(rows.slice(before)).toEqual([
      expect.objectContaining({ origin: "addField", outcome: "refused" }),
    ]);
    const fields = await api.call(user.key, "GET", `/v1/farms/${farm.id}/fields`);
    expect(fields.body).toEqual({ items: [], nextCursor: null });
  });
});

describe("the cursor of a page", () => {
  it("stays opaque base64url of the last key, and walks a list whatever its length in SQL", async () => {
    const farm = (await api.call(user.key, "POST", "/v1/farms", { name: "Lang" })).body;
    const rows = Array.from({ length: 25 }, (_, i) => ({
      name: `P${i}`,
      geometry: square(i),
      acquiringDate: "2020-01-01",
      acquiringMethod: "owner",
    }));
    const ids = (await api.call(user.key, "POST", `/v1/farms/${farm.id}/fields/batch`, { rows }))
      .body.ids as string[];
    const first = await api.call(user.key, "GET", `/v1/farms/${farm.id}/fields?limit=10`);
    const sorted = [...ids].sort();
    expect(first.body.items.map((f: { id: string }) => f.id)).toEqual(sorted.slice(0, 10));
    // The cursor holds the key of the page's last item, as clients have seen it so far.
    expect(JSON.parse(Buffer.from(first.body.nextCursor, "base64url").toString())).toEqual({
      k: sorted[9],
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor === null ? "" : `&cursor=${cursor}`;
      const page = await api.call(user.key, "GET", `/v1/farms/${farm.id}/fields?limit=10${q}`);
      seen.push(...page.body.items.map((f: { id: string }) => f.id));
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(sorted);
  });

  it("refuses a cursor this API did not make, and a limit out of range, naming the parameter", async () => {
    const farm = (await api.call(user.key, "POST", "/v1/farms", { name: "Fout" })).body;
    const notJson = Buffer.from("hello").toString("base64url");
    const notAKey = Buffer.from(JSON.stringify({ k: 5 })).toString("base64url");
    for (const cursor of ["garbage!", notJson, notAKey]) {
      const res = await api.call(user.key, "GET", `/v1/farms/${farm.id}/fields?cursor=${cursor}`);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "INVALID_INPUT", field: "cursor" });
    }
    const long = await api.call(user.key, "GET", `/v1/farms?cursor=${"a".repeat(201)}`);
    expect(long.body).toMatchObject({ status: 422, field: "cursor" });
    for (const limit of ["0", "1001", "2.5", "ten"]) {
      const res = await api.call(user.key, "GET", `/v1/farms?limit=${limit}`);
      expect(res.body).toMatchObject({ status: 422, field: "limit" });
    }
  });
});
