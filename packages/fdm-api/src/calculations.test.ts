import { randomBytes } from "node:crypto";
import {
  getDoseForField,
  getGebruiksnormenForFarm,
  getNitrogenBalanceForFarm,
  getOrganicMatterBalanceForFarm,
} from "fdm-calculator";
import {
  addCultivations,
  addFarm,
  addFertilizer,
  addFertilizerApplication,
  addFields,
  addSoilAnalyses,
  createFdmAuth,
  enableCultivationCatalogue,
  enableFertilizerCatalogue,
  type FdmType,
  getFields,
  setGrazingIntention,
} from "fdm-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "./app.js";
import { square, startTestApi, type TestApi } from "./test-server.js";

let api: TestApi;
let anna: { id: string; key: string };
let bert: { id: string; key: string };
beforeAll(async () => {
  api = await startTestApi();
  anna = await api.user("anna");
  bert = await api.user("bert");
}, 120_000);
afterAll(async () => {
  await api?.close();
});

/** A farm of `n` fields of permanent grassland with a soil analysis, grazed in 2025 and 2026. */
async function grassFarm(fdm: FdmType, me: string, n: number) {
  const farmId = await addFarm(fdm, me, { name: `Weidebedrijf ${n}` });
  await enableCultivationCatalogue(fdm, me, farmId, "brp");
  await enableFertilizerCatalogue(fdm, me, farmId, "rvo");
  await setGrazingIntention(fdm, me, farmId, 2025, true);
  await setGrazingIntention(fdm, me, farmId, 2026, true);
  const ids = await addFields(
    fdm,
    me,
    farmId,
    Array.from({ length: n }, (_, i) => ({
      name: `Perceel ${String(i + 1).padStart(4, "0")}`,
      geometry: square(i),
      acquiringDate: new Date("2020-01-01"),
      acquiringMethod: "owner" as const,
    })),
  );
  await addCultivations(
    fdm,
    me,
    farmId,
    ids.map((fieldId) => ({
      fieldId,
      catalogueItemId: "nl_265",
      startDate: new Date("2020-01-01"),
    })),
  );
  await addSoilAnalyses(
    fdm,
    me,
    farmId,
    ids.map((fieldId) => ({
      fieldId,
      samplingDate: new Date("2024-03-01"),
      source: "laboratory" as const,
      parameters: { pCaCl2: 2.0, pAl: 40, organicMatter: 4, bulkDensity: 1.2 },
    })),
  );
  const onKlei = {
    fields: Object.fromEntries(
      ids.map((id) => [id, { region: "klei", isNVGebied: false, isGWBG: false }]),
    ),
  };
  return { farmId, ids, onKlei };
}

const normsPath = (farmId: string, year: number | string) =>
  `/v1/farms/${farmId}/calculations/norms/${year}`;

describe("a calculation runs off the main thread, one per user at a time", () => {
  it("answers another user while one user's 1,000-field balance runs, and refuses that user a second calculation meanwhile", async () => {
    const big = await grassFarm(api.fdm, anna.id, 1000);
    const mine = await grassFarm(api.fdm, anna.id, 1);
    const bertsFarm = await addFarm(api.fdm, bert.id, { name: "Bert's" });
    const order: string[] = [];

    // A short body, so Anna's request is in the runner before Bert's; and the first calculation
    // of the file, which also starts the worker thread, so it is still running when Bert's
    // request and Anna's second one have been answered.
    const balance = `/v1/farms/${big.farmId}/calculations/nitrogen-balance`;
    const first = api
      .call(anna.key, "POST", balance, { start: "2025-01-01", end: "2025-12-31" })
      .then((r) => {
        order.push("anna's 1,000 fields");
        return r;
      });
    const farms = await api.call(bert.key, "GET", "/v1/farms");
    order.push("bert's farms");
    // Anna's balance is still running: her second calculation is refused, not queued.
    const second = await api.call(anna.key, "POST", normsPath(mine.farmId, 2025), mine.onKlei);
    order.push("anna's second");
    const done = await first;

    expect(order).toEqual(["bert's farms", "anna's second", "anna's 1,000 fields"]);
    expect(farms.status).toBe(200);
    expect(farms.body.items.map((f: { id: string }) => f.id)).toEqual([bertsFarm]);
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("1");
    expect(second.headers.get("content-type")).toBe("application/problem+json");
    expect(second.body).toEqual({
      type: "urn:fdm:problem:calculation-in-progress",
      title: "Too many requests",
      status: 429,
      code: "CALCULATION_IN_PROGRESS",
      detail:
        "One calculation at a time per user: your previous calculation is still running; retry after 1 s.",
    });
    expect(done.status).toBe(200);
    expect(done.headers.get("content-type")).toBe("application/json");
    expect(done.body.fields).toHaveLength(1000);

    // Her turn is over once it is answered: the 1,000-field norms, then another year's.
    const norms = await api.call(anna.key, "POST", normsPath(big.farmId, 2025), big.onKlei);
    expect(norms.status).toBe(200);
    expect(norms.body.fields).toHaveLength(1000);
    // Permanent grassland with grazing on klei: 345 kg N/ha (RVO Table 2, 2025); 170 kg N/ha
    // from manure without derogatie, over the farm's area as fdm-core holds it.
    expect(norms.body.fields[0].stikstof.norm.normValue).toBe(345);
    expect(norms.body.fields[999].dierlijkeMest.norm.normValue).toBe(170);
    const area = (await getFields(api.fdm, anna.id, big.farmId)).reduce((a, f) => a + f.areaHa, 0);
    expect(norms.body.dierlijkeMest.normTotal).toBeCloseTo(170 * area, 6);
    const again = await api.call(anna.key, "POST", normsPath(mine.farmId, 2026), mine.onKlei);
    expect(again.status).toBe(200);
    expect(again.body.fields[0].renure.norm.normValue).toBe(80);
  });

  it("answers what fdm-calculator's functions answer for the same farm", async () => {
    const farm = await grassFarm(api.fdm, anna.id, 3);
    const fieldId = farm.ids[0] as string;
    const slurry = await addFertilizer(api.fdm, anna.id, farm.farmId, {
      catalogueItemId: "rvo_14", // cattle slurry
      acquiringDate: new Date("2025-01-01"),
    });
    await addFertilizerApplication(api.fdm, anna.id, fieldId, {
      fertilizerId: slurry,
      amountKgPerHa: 20_000,
      method: "shallow_injection",
      applicationDate: new Date("2025-03-15"),
    });
    const year = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };
    const days = { start: "2025-01-01", end: "2025-12-31" };
    const origin = { manureOrigin: { [slurry]: "eigen_bedrijf" as const } };
    const viaLibrary = JSON.parse(
      JSON.stringify([
        await getGebruiksnormenForFarm(api.fdm, anna.id, farm.farmId, 2025, {
          ...farm.onKlei,
          ...origin,
        } as never),
        await getNitrogenBalanceForFarm(api.fdm, anna.id, farm.farmId, year),
        await getOrganicMatterBalanceForFarm(api.fdm, anna.id, farm.farmId, year),
        await getDoseForField(api.fdm, anna.id, fieldId, year, { region: "klei", ...origin }),
      ]),
    );
    const base = `/v1/farms/${farm.farmId}/calculations`;
    const viaHttp = [
      await api.call(anna.key, "POST", `${base}/norms/2025`, { ...farm.onKlei, ...origin }),
      await api.call(anna.key, "POST", `${base}/nitrogen-balance`, days),
      await api.call(anna.key, "POST", `${base}/organic-matter-balance`, days),
      await api.call(anna.key, "POST", `/v1/fields/${fieldId}/calculations/dose`, {
        ...days,
        region: "klei",
        ...origin,
      }),
    ];
    expect(viaHttp.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(viaHttp.map((r) => r.body)).toEqual(viaLibrary);
    // 20 t/ha of cattle slurry at 4.0 kg N/t (Table 11, 2025): 80 kg N/ha.
    expect(viaHttp[3]?.body.n).toBe(80);
  });
});

describe("the time budget", () => {
  let slow: TestApi;
  beforeAll(async () => {
    slow = await startTestApi({ calculationTimeoutMs: 1 });
  }, 120_000);
  afterAll(async () => {
    await slow?.close();
  });

  it("answers 504 CALCULATION_TIMEOUT when a calculation does not finish within it", async () => {
    const me = await slow.user("dirk");
    const farm = await grassFarm(slow.fdm, me.id, 20);
    const res = await slow.call(me.key, "POST", normsPath(farm.farmId, 2025), farm.onKlei);
    expect(res.status).toBe(504);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body).toEqual({
      type: "urn:fdm:problem:calculation-timeout",
      title: "Calculation timed out",
      status: 504,
      code: "CALCULATION_TIMEOUT",
      detail:
        "The calculation did not finish within its budget of 1 ms and was stopped; ask for a shorter period or fewer fields.",
    });
  });

  it("is an option of createApi, checked like the other limits", () => {
    const auth = createFdmAuth(api.fdm, { secret: randomBytes(32).toString("hex") });
    for (const [option, value, rule] of [
      ["calculationTimeoutMs", 0, "calculationTimeoutMs: must be a whole number from 1 to 600000."],
      ["calculationThreads", 65, "calculationThreads: must be a whole number from 1 to 64."],
      ["calculationQueue", -1, "calculationQueue: must be a whole number from 0 to 1000."],
    ] as const) {
      expect(() => createApi({ fdm: api.fdm, auth, log: false, [option]: value })).toThrow(
        new RangeError(rule),
      );
    }
  });
});

describe("the year of the norms comes from fdm-calculator's registry", () => {
  it("serves 2025 and 2026 and refuses 2024 and 2027 with 422, naming the years it has", async () => {
    const farm = await grassFarm(api.fdm, bert.id, 1);
    for (const year of [2025, 2026]) {
      const res = await api.call(bert.key, "POST", normsPath(farm.farmId, year), farm.onKlei);
      expect([year, res.status]).toEqual([year, 200]);
    }
    for (const year of ["2024", "2027", "2025.5", "twee"]) {
      const res = await api.call(bert.key, "POST", normsPath(farm.farmId, year), farm.onKlei);
      expect([year, res.status, res.body]).toEqual([
        year,
        422,
        {
          type: "urn:fdm:problem:invalid-input",
          title: "Invalid input",
          status: 422,
          code: "INVALID_INPUT",
          detail: "year: must be a year with norms in fdm-calculator: 2025, 2026.",
          field: "year",
          rule: "must be a year with norms in fdm-calculator: 2025, 2026",
        },
      ]);
    }
  });

  it("says so in the document", async () => {
    const doc = (await api.call(null, "GET", "/v1/openapi.json")).body;
    const op = doc.paths["/farms/{farmId}/calculations/norms/{year}"].post;
    const year = op.parameters.find((p: { name: string }) => p.name === "year");
    expect(year.description).toBe(
      "A year with norms in fdm-calculator: 2025, 2026. Another year is refused with 422 `INVALID_INPUT`, `field` `year`.",
    );
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["429", "503", "504"]));
  });
});

describe("the calculator's problems name the HTTP body", () => {
  it("names the body's fields.<id>.region when a field of the norms has no region", async () => {
    const farm = await grassFarm(api.fdm, bert.id, 2);
    const [a, b] = farm.ids as [string, string];
    const res = await api.call(bert.key, "POST", normsPath(farm.farmId, 2025), {
      fields: { [a]: { region: "klei", isNVGebied: false, isGWBG: false } },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      type: "urn:fdm:problem:missing-field-data",
      title: "Invalid input",
      status: 422,
      code: "MISSING_FIELD_DATA",
      detail: `Field "${b}": collectInputForNorms needs the field's soil region, which fdm-core does not hold; give it as fields["${b}"].region in the body`,
      field: `fields.${b}.region`,
      rule: `collectInputForNorms needs the field's soil region, which fdm-core does not hold; give it as fields["${b}"].region in the body`,
    });
    const flag = await api.call(bert.key, "POST", normsPath(farm.farmId, 2025), {
      fields: {
        [a]: { region: "klei", isNVGebied: false, isGWBG: false },
        [b]: { region: "klei", isGWBG: false },
      },
    });
    expect(flag.body).toMatchObject({
      status: 422,
      code: "MISSING_FIELD_DATA",
      detail: `Field "${b}": collectInputForNorms needs isNVGebied, which fdm-core does not hold; give it as fields["${b}"].isNVGebied in the body`,
      field: `fields.${b}.isNVGebied`,
    });
  });

  it("names the body's fields and the grazing-intention operation", async () => {
    const farm = await grassFarm(api.fdm, bert.id, 1);
    const unknown = await api.call(bert.key, "POST", normsPath(farm.farmId, 2025), {
      fields: { ...farm.onKlei.fields, nope: { region: "klei" } },
    });
    expect(unknown.body).toMatchObject({
      status: 422,
      code: "INVALID_INPUT",
      detail: 'fields names field "nope", which the farm does not hold in the timeframe',
      field: "fields",
    });
    const bare = await addFarm(api.fdm, bert.id, { name: "Zonder beweiding" });
    const noGrazing = await api.call(bert.key, "POST", normsPath(bare, 2025), {});
    expect(noGrazing.body).toMatchObject({
      status: 422,
      code: "MISSING_FIELD_DATA",
      detail: `Farm "${bare}": the werkingscoëfficiënt depends on the farm's grazing intention, and farm "${bare}" has none recorded for 2025; record it with PUT /v1/farms/${bare}/grazing-intentions/2025 or give hasGrazingIntention in the body`,
      field: "hasGrazingIntention",
    });
  });

  it("names the body's region for the dose, and says manureOrigin is keyed by the farm's fertilizer id", async () => {
    const farm = await grassFarm(api.fdm, bert.id, 1);
    const fieldId = farm.ids[0] as string;
    const slurry = await addFertilizer(api.fdm, bert.id, farm.farmId, {
      catalogueItemId: "rvo_14",
      acquiringDate: new Date("2025-01-01"),
    });
    const applicationId = await addFertilizerApplication(api.fdm, bert.id, fieldId, {
      fertilizerId: slurry,
      amountKgPerHa: 20_000,
      method: "shallow_injection",
      applicationDate: new Date("2025-03-15"),
    });
    const dose = `/v1/fields/${fieldId}/calculations/dose`;
    const days = { start: "2025-01-01", end: "2025-12-31" };

    const noRegion = await api.call(bert.key, "POST", dose, days);
    expect(noRegion.body).toEqual({
      type: "urn:fdm:problem:missing-field-data",
      title: "Invalid input",
      status: 422,
      code: "MISSING_FIELD_DATA",
      detail: `Field "${fieldId}": getDoseForField needs the field's soil region, which fdm-core does not hold; give it as region in the body`,
      field: "region",
      rule: "getDoseForField needs the field's soil region, which fdm-core does not hold; give it as region in the body",
    });

    const missingOrigin = `Field "${fieldId}": application ${applicationId} of mestcode 14 (Rundvee - Drijfmest behalve van vleeskalveren) needs its origin ("eigen_bedrijf" or "aangevoerd"), because its werkingscoëfficiënt in Table 9 depends on it; give it in the body's manureOrigin, keyed by the id of the farm's fertilizer (not its catalogue item id)`;
    // Keyed by the catalogue item instead of the farm's fertilizer: not found, so still missing.
    for (const manureOrigin of [undefined, { rvo_14: "eigen_bedrijf" }]) {
      const res = await api.call(bert.key, "POST", dose, { ...days, region: "klei", manureOrigin });
      expect(res.body).toMatchObject({
        status: 422,
        code: "MISSING_ORIGIN",
        detail: missingOrigin,
        field: "manureOrigin",
      });
    }
    const norms = await api.call(bert.key, "POST", normsPath(farm.farmId, 2025), farm.onKlei);
    expect(norms.body).toMatchObject({ code: "MISSING_ORIGIN", detail: missingOrigin });

    const right = await api.call(bert.key, "POST", dose, {
      ...days,
      region: "klei",
      manureOrigin: { [slurry]: "eigen_bedrijf" },
    });
    expect(right.status).toBe(200);
    expect(right.body.applications).toHaveLength(1);
  });

  it("documents which id each option map is keyed by", async () => {
    const doc = (await api.call(null, "GET", "/v1/openapi.json")).body;
    const schemas = doc.components.schemas;
    for (const name of ["NormsOptions", "DoseRequest"]) {
      expect(schemas[name].properties.manureOrigin.description).toMatch(
        /^Herkomst \(origin\) of animal manure, keyed by the id of \*\*the farm's fertilizer\*\* \(the `id` of an item of `GET \/v1\/farms\/\{farmId\}\/fertilizers`/,
      );
    }
    expect(
      schemas.OrganicMatterBalanceRequest.properties.effectiveOrganicMatter.description,
    ).toMatch(
      /^Effective organic matter, g EOM\/kg product, keyed by \*\*fertilizer catalogue item id\*\*/,
    );
  });
});
