import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { square, startTestApi, type TestApi } from "./test-server.js";

let api: TestApi;
let owner: { id: string; key: string; email: string };
let adviser: { id: string; key: string; email: string };
let farmId: string;
let fieldId: string;
let fertilizerId: string;
const ok = async (key: string, method: string, path: string, body: unknown, status: number) => {
  const res = await api.call(key, method, path, body);
  expect([method, path, res.status, res.status >= 400 ? res.body : null]).toEqual([
    method,
    path,
    status,
    null,
  ]);
  return res.body;
};

beforeAll(async () => {
  api = await startTestApi();
  owner = await api.user("owner");
  adviser = await api.user("adviser");
});
afterAll(async () => {
  await api?.close();
});

describe("farms", () => {
  it("creates, reads, lists, updates and removes farms", async () => {
    const farm = await ok(
      owner.key,
      "POST",
      "/v1/farms",
      { name: " De Hoeve ", businessId: "12345678" },
      201,
    );
    expect(farm).toMatchObject({
      name: "De Hoeve",
      businessId: "12345678",
      roles: ["owner"],
      updatedAt: null,
    });
    farmId = farm.id;
    expect(await ok(owner.key, "GET", `/v1/farms/${farmId}`, undefined, 200)).toEqual(farm);
    const changed = await ok(
      owner.key,
      "PATCH",
      `/v1/farms/${farmId}`,
      { postalCode: "6708 PB" },
      200,
    );
    expect(changed.postalCode).toBe("6708 PB");
    const other = await ok(owner.key, "POST", "/v1/farms", { name: "Tijdelijk" }, 201);
    const list = await ok(owner.key, "GET", "/v1/farms", undefined, 200);
    expect(list.items.map((f: { name: string }) => f.name).sort()).toEqual([
      "De Hoeve",
      "Tijdelijk",
    ]);
    await ok(owner.key, "DELETE", `/v1/farms/${other.id}`, undefined, 204);
    expect((await api.call(owner.key, "GET", `/v1/farms/${other.id}`)).status).toBe(404);
  });

  it("refuses a bad body with 422 naming the field, and an unknown field", async () => {
    const empty = await api.call(owner.key, "POST", "/v1/farms", { name: "   " });
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({
      code: "INVALID_INPUT",
      field: "name",
      rule: "must be a non-empty string",
    });
    const extra = await api.call(owner.key, "POST", "/v1/farms", { name: "x", colour: "red" });
    expect(extra.status).toBe(422);
    const wrongType = await api.call(owner.key, "POST", "/v1/farms", { name: 42 });
    expect(wrongType.body).toMatchObject({ status: 422, field: "name" });
  });
});

describe("fields", () => {
  it("adds a field from GeoJSON, computes its area, changes, discards and removes it", async () => {
    const field = await ok(
      owner.key,
      "POST",
      `/v1/farms/${farmId}/fields`,
      {
        name: "Achter de schuur",
        geometry: square(0),
        acquiringDate: "2020-01-01",
        acquiringMethod: "owner",
      },
      201,
    );
    fieldId = field.id;
    // 100 m × 100 m on turf's sphere: 1.00 ha.
    expect(field.areaHa).toBeCloseTo(1.0, 2);
    expect(field.acquiringDate).toBe("2020-01-01T00:00:00.000Z");
    expect(await ok(owner.key, "GET", `/v1/fields/${fieldId}`, undefined, 200)).toEqual(field);
    const renamed = await ok(
      owner.key,
      "PATCH",
      `/v1/fields/${fieldId}`,
      { name: "Voor de schuur" },
      200,
    );
    expect(renamed.name).toBe("Voor de schuur");
    const spare = await ok(
      owner.key,
      "POST",
      `/v1/farms/${farmId}/fields`,
      {
        name: "Spare",
        geometry: square(1),
        acquiringDate: "2020-01-01",
        acquiringMethod: "lease",
      },
      201,
    );
    const discarded = await ok(
      owner.key,
      "POST",
      `/v1/fields/${spare.id}/discard`,
      { discardingDate: "2024-06-01" },
      200,
    );
    expect(discarded.discardingDate).toBe("2024-06-01T00:00:00.000Z");
    const in2025 = await ok(
      owner.key,
      "GET",
      `/v1/farms/${farmId}/fields?start=2025-01-01&end=2025-12-31`,
      undefined,
      200,
    );
    expect(in2025.items.map((f: { id: string }) => f.id)).toEqual([fieldId]);
    await ok(owner.key, "DELETE", `/v1/fields/${spare.id}`, undefined, 204);
  });

  it("imports fields in a batch, all or none", async () => {
    const rows = [2, 3, 4].map((i) => ({
      name: `Import ${i}`,
      geometry: square(i),
      acquiringDate: "2021-01-01",
      acquiringMethod: "owner",
    }));
    const { ids } = await ok(owner.key, "POST", `/v1/farms/${farmId}/fields/batch`, { rows }, 201);
    expect(ids).toHaveLength(3);
    const bad = await api.call(owner.key, "POST", `/v1/farms/${farmId}/fields/batch`, {
      rows: [rows[0], { ...rows[1], name: "" }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.field).toMatch(/name/);
    const list = await ok(owner.key, "GET", `/v1/farms/${farmId}/fields`, undefined, 200);
    expect(list.items).toHaveLength(4);
    for (const id of ids) await ok(owner.key, "DELETE", `/v1/fields/${id}`, undefined, 204);
  });

  it("refuses a geometry that is no polygon", async () => {
    const res = await api.call(owner.key, "POST", `/v1/farms/${farmId}/fields`, {
      name: "Punt",
      geometry: { type: "Point", coordinates: [5.66, 51.98] },
      acquiringDate: "2020-01-01",
      acquiringMethod: "owner",
    });
    expect(res.status).toBe(422);
    expect(res.body.field).toMatch(/^geometry/);
  });
});

describe("catalogues, cultivations and harvests", () => {
  let cultivationId: string;
  it("enables and reads catalogues", async () => {
    await ok(owner.key, "PUT", `/v1/farms/${farmId}/catalogues/cultivations/brp`, undefined, 204);
    await ok(owner.key, "PUT", `/v1/farms/${farmId}/catalogues/fertilizers/rvo`, undefined, 204);
    await ok(owner.key, "PUT", `/v1/farms/${farmId}/catalogues/fertilizers/baat`, undefined, 204);
    await ok(
      owner.key,
      "DELETE",
      `/v1/farms/${farmId}/catalogues/fertilizers/baat`,
      undefined,
      204,
    );
    expect(await ok(owner.key, "GET", `/v1/farms/${farmId}/catalogues`, undefined, 200)).toEqual({
      cultivations: ["brp"],
      fertilizers: ["rvo"],
    });
    const crops = await ok(
      owner.key,
      "GET",
      `/v1/farms/${farmId}/catalogues/cultivations/items?limit=1000`,
      undefined,
      200,
    );
    expect(crops.items.some((i: { itemId: string }) => i.itemId === "nl_265")).toBe(true);
    const ferts = await ok(
      owner.key,
      "GET",
      `/v1/farms/${farmId}/catalogues/fertilizers/items?limit=5`,
      undefined,
      200,
    );
    expect(ferts.items).toHaveLength(5);
    expect(ferts.nextCursor).toEqual(expect.any(String));
  });

  it("starts, changes, ends and harvests a cultivation", async () => {
    const cultivation = await ok(
      owner.key,
      "POST",
      `/v1/fields/${fieldId}/cultivations`,
      {
        catalogueItemId: "nl_265",
        startDate: "2020-01-01",
      },
      201,
    );
    cultivationId = cultivation.id;
    expect(cultivation).toMatchObject({
      fieldId,
      farmId,
      catalogueItemId: "nl_265",
      endDate: null,
    });
    expect(
      (await ok(owner.key, "GET", `/v1/fields/${fieldId}/cultivations`, undefined, 200)).items,
    ).toHaveLength(1);
    expect(
      (await ok(owner.key, "GET", `/v1/farms/${farmId}/cultivations`, undefined, 200)).items,
    ).toHaveLength(1);
    const updated = await ok(
      owner.key,
      "PATCH",
      `/v1/cultivations/${cultivationId}`,
      { residuesLeft: false },
      200,
    );
    expect(updated.residuesLeft).toBe(false);
    const harvest = await ok(
      owner.key,
      "POST",
      `/v1/cultivations/${cultivationId}/harvests`,
      {
        harvestDate: "2025-06-01",
        dryMatterYield: 4000,
        nitrogenContent: 30,
      },
      201,
    );
    expect(harvest.analysis).toMatchObject({
      dryMatterYield: 4000,
      nitrogenContent: 30,
      potashContent: null,
    });
    expect(await ok(owner.key, "GET", `/v1/harvests/${harvest.id}`, undefined, 200)).toEqual(
      harvest,
    );
    expect(
      (await ok(owner.key, "GET", `/v1/cultivations/${cultivationId}/harvests`, undefined, 200))
        .items,
    ).toHaveLength(1);
    const { ids } = await ok(
      owner.key,
      "POST",
      `/v1/farms/${farmId}/harvests/batch`,
      {
        rows: [{ cultivationId, harvestDate: "2025-08-01", dryMatterYield: 3000 }],
      },
      201,
    );
    expect(
      (await ok(owner.key, "GET", `/v1/farms/${farmId}/harvests`, undefined, 200)).items,
    ).toHaveLength(2);
    await ok(owner.key, "DELETE", `/v1/harvests/${ids[0]}`, undefined, 204);
    const other = await ok(
      owner.key,
      "POST",
      `/v1/farms/${farmId}/cultivations/batch`,
      {
        rows: [
          { fieldId, catalogueItemId: "nl_259", startDate: "2021-05-01", endDate: "2021-10-01" },
        ],
      },
      201,
    );
    const ended = await ok(owner.key, "GET", `/v1/cultivations/${other.ids[0]}`, undefined, 200);
    expect(ended.endDate).toBe("2021-10-01T00:00:00.000Z");
    await ok(owner.key, "DELETE", `/v1/cultivations/${other.ids[0]}`, undefined, 204);
    const tmp = await ok(
      owner.key,
      "POST",
      `/v1/fields/${fieldId}/cultivations`,
      { catalogueItemId: "nl_259", startDate: "2022-05-01" },
      201,
    );
    const endedTmp = await ok(
      owner.key,
      "POST",
      `/v1/cultivations/${tmp.id}/end`,
      { endDate: "2022-10-01", residuesLeft: true },
      200,
    );
    expect(endedTmp).toMatchObject({ endDate: "2022-10-01T00:00:00.000Z", residuesLeft: true });
    await ok(owner.key, "DELETE", `/v1/cultivations/${tmp.id}`, undefined, 204);
  });
});

describe("fertilizers, applications and soil", () => {
  it("acquires a fertilizer and records, changes and removes applications", async () => {
    const fert = await ok(
      owner.key,
      "POST",
      `/v1/farms/${farmId}/fertilizers`,
      { catalogueItemId: "rvo_14", acquiringDate: "2025-01-01" },
      201,
    );
    expect(fert).toMatchObject({ catalogueItemId: "rvo_14", farmId });
    fertilizerId = fert.id;
    expect(
      (await ok(owner.key, "GET", `/v1/farms/${farmId}/fertilizers`, undefined, 200)).items,
    ).toHaveLength(1);
    expect(
      (await ok(owner.key, "PATCH", `/v1/fertilizers/${fert.id}`, { amountKg: 5000 }, 200))
        .amountKg,
    ).toBe(5000);
    expect(
      (await ok(owner.key, "GET", `/v1/fertilizers/${fert.id}`, undefined, 200)).amountKg,
    ).toBe(5000);
    const method = fert.applicationMethods[0];
    const app = await ok(
      owner.key,
      "POST",
      `/v1/fields/${fieldId}/fertilizer-applications`,
      {
        fertilizerId: fert.id,
        amountKgPerHa: 30000,
        method,
        applicationDate: "2025-03-15",
      },
      201,
    );
    expect(app).toMatchObject({ fieldId, fertilizerId: fert.id, amountKgPerHa: 30000 });
    const changed = await ok(
      owner.key,
      "PATCH",
      `/v1/fertilizer-applications/${app.id}`,
      { amountKgPerHa: 25000 },
      200,
    );
    expect(changed.amountKgPerHa).toBe(25000);
    expect(
      await ok(owner.key, "GET", `/v1/fertilizer-applications/${app.id}`, undefined, 200),
    ).toEqual(changed);
    const { ids } = await ok(
      owner.key,
      "POST",
      `/v1/farms/${farmId}/fertilizer-applications/batch`,
      {
        rows: [
          {
            fieldId,
            fertilizerId: fert.id,
            amountKgPerHa: 10000,
            method,
            applicationDate: "2025-05-01",
          },
        ],
      },
      201,
    );
    expect(
      (await ok(owner.key, "GET", `/v1/fields/${fieldId}/fertilizer-applications`, undefined, 200))
        .items,
    ).toHaveLength(2);
    expect(
      (await ok(owner.key, "GET", `/v1/farms/${farmId}/fertilizer-applications`, undefined, 200))
        .items,
    ).toHaveLength(2);
    await ok(owner.key, "DELETE", `/v1/fertilizer-applications/${ids[0]}`, undefined, 204);
    const tooMuch = await api.call(
      owner.key,
      "POST",
      `/v1/fields/${fieldId}/fertilizer-applications`,
      {
        fertilizerId: fert.id,
        amountKgPerHa: 300000,
        method,
        applicationDate: "2025-03-15",
      },
    );
    expect(tooMuch.body).toMatchObject({ status: 422, field: "amountKgPerHa" });
    const spare = await ok(
      owner.key,
      "POST",
      `/v1/farms/${farmId}/fertilizers`,
      { catalogueItemId: "rvo_14", acquiringDate: "2025-01-01" },
      201,
    );
    await ok(owner.key, "DELETE", `/v1/fertilizers/${spare.id}`, undefined, 204);
  });

  it("records soil analyses and answers the current soil data", async () => {
    const analysis = await ok(
      owner.key,
      "POST",
      `/v1/fields/${fieldId}/soil-analyses`,
      {
        samplingDate: "2024-03-01",
        source: "laboratory",
        parameters: { pCaCl2: 2.0, pAl: 40 },
      },
      201,
    );
    expect(analysis.parameters).toMatchObject({ pCaCl2: 2, pAl: 40 });
    const changed = await ok(
      owner.key,
      "PATCH",
      `/v1/soil-analyses/${analysis.id}`,
      { parameters: { pCaCl2: 2.5, pAl: 40 } },
      200,
    );
    expect(changed.parameters.pCaCl2).toBe(2.5);
    expect(await ok(owner.key, "GET", `/v1/soil-analyses/${analysis.id}`, undefined, 200)).toEqual(
      changed,
    );
    const { ids } = await ok(
      owner.key,
      "POST",
      `/v1/farms/${farmId}/soil-analyses/batch`,
      {
        rows: [
          { fieldId, samplingDate: "2023-03-01", source: "laboratory", parameters: { ph: 6.1 } },
        ],
      },
      201,
    );
    expect(
      (await ok(owner.key, "GET", `/v1/fields/${fieldId}/soil-analyses`, undefined, 200)).items,
    ).toHaveLength(2);
    const current = await ok(
      owner.key,
      "GET",
      `/v1/fields/${fieldId}/soil-data?date=2025-01-01`,
      undefined,
      200,
    );
    expect(current.items.find((v: { parameter: string }) => v.parameter === "pCaCl2").value).toBe(
      2.5,
    );
    await ok(owner.key, "DELETE", `/v1/soil-analyses/${ids[0]}`, undefined, 204);
    const bad = await api.call(owner.key, "POST", `/v1/fields/${fieldId}/soil-analyses`, {
      samplingDate: "2024-03-01",
      source: "laboratory",
      parameters: { pCaCl2: -1 },
    });
    expect(bad.body).toMatchObject({ status: 422, field: "pCaCl2" });
  });
});

describe("calculations", () => {
  it("answers the 2025 norms, the balances and the dose of the farm", async () => {
    await ok(
      owner.key,
      "PUT",
      `/v1/farms/${farmId}/grazing-intentions/2025`,
      { hasGrazingIntention: true },
      204,
    );
    expect(
      await ok(owner.key, "GET", `/v1/farms/${farmId}/grazing-intentions/2025`, undefined, 200),
    ).toEqual({ hasGrazingIntention: true });
    const norms = await ok(
      owner.key,
      "POST",
      `/v1/farms/${farmId}/calculations/norms/2025`,
      {
        fields: { [fieldId]: { region: "klei", isNVGebied: false, isGWBG: false } },
        manureOrigin: { [fertilizerId]: "eigen_bedrijf" },
      },
      200,
    );
    // Permanent grassland with grazing on klei: 345 kg N/ha (RVO Table 1, 2025); 170 kg N/ha manure without derogation.
    expect(norms.fields[0].stikstof.norm.normValue).toBe(345);
    expect(norms.fields[0].dierlijkeMest.norm.normValue).toBe(170);
    const missing = await api.call(
      owner.key,
      "POST",
      `/v1/farms/${farmId}/calculations/norms/2025`,
      {},
    );
    expect(missing.status).toBe(422);
    expect(missing.body.code).toEqual(expect.any(String));
    const n = await ok(
      owner.key,
      "POST",
      `/v1/farms/${farmId}/calculations/nitrogen-balance`,
      {
        start: "2025-01-01",
        end: "2025-12-31",
        mineralization: 40,
      },
      200,
    );
    expect(n.fields).toHaveLength(1);
    const om = await ok(
      owner.key,
      "POST",
      `/v1/farms/${farmId}/calculations/organic-matter-balance`,
      {
        start: "2025-01-01",
        end: "2025-12-31",
        fields: { [fieldId]: { organicMatter: 3.5, bulkDensity: 1.3 } },
      },
      200,
    );
    expect(om.fields).toHaveLength(1);
    const dose = await ok(
      owner.key,
      "POST",
      `/v1/fields/${fieldId}/calculations/dose`,
      {
        start: "2025-01-01",
        end: "2025-12-31",
        region: "klei",
        manureOrigin: { [fertilizerId]: "eigen_bedrijf" },
      },
      200,
    );
    expect(dose.fieldId).toBe(fieldId);
    expect(dose.applications).toHaveLength(1);
  });
});

describe("farm sharing", () => {
  it("grants, lists, changes and revokes a role, and lets a grantee leave", async () => {
    const permissions = await ok(
      owner.key,
      "GET",
      `/v1/farms/${farmId}/permissions`,
      undefined,
      200,
    );
    expect(permissions).toEqual({ share: true, delete: true });
    expect(
      await ok(
        owner.key,
        "POST",
        `/v1/farms/${farmId}/principals`,
        { principalId: adviser.id, role: "advisor" },
        200,
      ),
    ).toEqual({ result: "granted" });
    expect((await ok(adviser.key, "GET", `/v1/farms/${farmId}`, undefined, 200)).roles).toEqual([
      "advisor",
    ]);
    const principals = await ok(owner.key, "GET", `/v1/farms/${farmId}/principals`, undefined, 200);
    expect(principals.items.map((p: { role: string }) => p.role).sort()).toEqual([
      "advisor",
      "owner",
    ]);
    expect(
      await ok(
        owner.key,
        "PATCH",
        `/v1/farms/${farmId}/principals/${adviser.id}`,
        { role: "researcher" },
        200,
      ),
    ).toEqual({ result: "granted" });
    await ok(owner.key, "DELETE", `/v1/farms/${farmId}/principals/${adviser.id}`, undefined, 204);
    expect((await api.call(adviser.key, "GET", `/v1/farms/${farmId}`)).status).toBe(403);
    // An owner role for another user is an offer until accepted.
    expect(
      await ok(
        owner.key,
        "POST",
        `/v1/farms/${farmId}/principals`,
        { principalId: adviser.id, role: "owner" },
        200,
      ),
    ).toEqual({ result: "offered" });
    expect(
      (await ok(owner.key, "GET", `/v1/farms/${farmId}/offers`, undefined, 200)).items,
    ).toHaveLength(1);
    expect(
      (await ok(adviser.key, "GET", "/v1/farm-role-offers", undefined, 200)).items[0].farmId,
    ).toBe(farmId);
    await ok(adviser.key, "POST", `/v1/farms/${farmId}/offers/decline`, undefined, 204);
    await ok(
      owner.key,
      "POST",
      `/v1/farms/${farmId}/principals`,
      { principalId: adviser.id, role: "owner" },
      200,
    );
    await ok(adviser.key, "POST", `/v1/farms/${farmId}/offers/accept`, undefined, 204);
    expect((await ok(adviser.key, "GET", `/v1/farms/${farmId}`, undefined, 200)).roles).toEqual([
      "owner",
    ]);
    await ok(adviser.key, "POST", `/v1/farms/${farmId}/leave`, {}, 204);
    expect((await api.call(adviser.key, "GET", `/v1/farms/${farmId}`)).status).toBe(403);
  });
});

describe("organizations and invitations", () => {
  it("creates an organization, invites, accepts, changes roles and removes", async () => {
    const org = await ok(
      owner.key,
      "POST",
      "/v1/organizations",
      { name: "Loonbedrijf Jansen", slug: `jansen-${Date.now()}` },
      201,
    );
    expect(org).toMatchObject({ name: "Loonbedrijf Jansen", role: "owner" });
    expect(await ok(owner.key, "GET", `/v1/organizations/${org.id}`, undefined, 200)).toEqual(org);
    expect(
      (
        await ok(
          owner.key,
          "PATCH",
          `/v1/organizations/${org.id}`,
          { description: "Akkerbouw" },
          200,
        )
      ).description,
    ).toBe("Akkerbouw");
    expect((await ok(owner.key, "GET", "/v1/organizations", undefined, 200)).items).toHaveLength(1);
    const { id: invitationId } = await ok(
      owner.key,
      "POST",
      `/v1/organizations/${org.id}/invitations`,
      { email: adviser.email, role: "member" },
      201,
    );
    expect(
      (await ok(owner.key, "GET", `/v1/organizations/${org.id}/invitations`, undefined, 200)).items,
    ).toHaveLength(1);
    expect((await ok(adviser.key, "GET", "/v1/invitations", undefined, 200)).items[0].id).toBe(
      invitationId,
    );
    expect(
      await ok(adviser.key, "POST", `/v1/invitations/${invitationId}/accept`, undefined, 200),
    ).toEqual({ organizationId: org.id });
    const members = await ok(
      owner.key,
      "GET",
      `/v1/organizations/${org.id}/members`,
      undefined,
      200,
    );
    expect(members.items.map((m: { role: string }) => m.role).sort()).toEqual(["member", "owner"]);
    await ok(
      owner.key,
      "PATCH",
      `/v1/organizations/${org.id}/members/${adviser.id}`,
      { role: "admin" },
      204,
    );
    await ok(
      owner.key,
      "DELETE",
      `/v1/organizations/${org.id}/members/${adviser.id}`,
      undefined,
      204,
    );
    const second = await ok(
      owner.key,
      "POST",
      `/v1/organizations/${org.id}/invitations`,
      { email: adviser.email, role: "member" },
      201,
    );
    await ok(adviser.key, "POST", `/v1/invitations/${second.id}/decline`, undefined, 204);
    const third = await ok(
      owner.key,
      "POST",
      `/v1/organizations/${org.id}/invitations`,
      { email: adviser.email, role: "member" },
      201,
    );
    await ok(owner.key, "DELETE", `/v1/invitations/${third.id}`, undefined, 204);
    expect((await api.call(adviser.key, "GET", `/v1/organizations/${org.id}`)).status).toBe(403);
    await ok(owner.key, "DELETE", `/v1/organizations/${org.id}`, undefined, 204);
  });
});

describe("unknown routes", () => {
  it("answers 404 problem+json", async () => {
    const res = await api.call(owner.key, "GET", "/v1/tractors");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("ROUTE_NOT_FOUND");
  });
});
