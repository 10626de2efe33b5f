import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addField } from "./field.js";
import {
  addSoilAnalysis,
  getCurrentSoilData,
  getCurrentSoilDataForFarm,
  getSoilAnalyses,
  getSoilAnalysis,
  getSoilParametersDescription,
  removeSoilAnalysis,
  updateSoilAnalysis,
} from "./soil.js";
import { withAuditRows } from "./test-audit.js";
import {
  countRows,
  createTestDatabase,
  expectNoWrite,
  seedFarm,
  squareHa,
  type TestDatabase,
} from "./test-setup.js";

let db: TestDatabase;
let fieldId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  ({ fieldId } = await seedFarm(db.fdm, "owner"));
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const lab = (date: string, parameters: Record<string, unknown>) => ({
  samplingDate: new Date(date),
  source: "laboratory" as const,
  parameters,
});

describe("addSoilAnalysis and getSoilAnalysis", () => {
  it("stores the sampling and the analysis, with default depths 0–30 cm", async () => {
    const id = await addSoilAnalysis(
      db.fdm,
      "owner",
      fieldId,
      lab("2024-02-01", { pAl: 45, ph: 5.6, soilType: "dekzand", gwlClass: "V" }),
    );
    expect(await getSoilAnalysis(db.fdm, "owner", id)).toEqual({
      id,
      fieldId,
      samplingDate: new Date("2024-02-01"),
      depthUpperCm: 0,
      depthLowerCm: 30,
      source: "laboratory",
      parameters: {
        organicMatter: null,
        pAl: 45,
        pCaCl2: null,
        nTotal: null,
        kCaCl2: null,
        ph: 5.6,
        clay: null,
        silt: null,
        sand: null,
        bulkDensity: null,
        soilType: "dekzand",
        gwlClass: "V",
      },
    });
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ["no parameter", lab("2024-02-01", {}), "parameters"],
    ["only null parameters", lab("2024-02-01", { pAl: null }), "parameters"],
    ["an unknown parameter", lab("2024-02-01", { gold: 3 }), "gold"],
    ["a pH of 11", lab("2024-02-01", { ph: 11 }), "ph"],
    ["a negative P-AL", lab("2024-02-01", { pAl: -1 }), "pAl"],
    ["organic matter above 100%", lab("2024-02-01", { organicMatter: 101 }), "organicMatter"],
    ["an unknown soil type", lab("2024-02-01", { soilType: "maanzand" }), "soilType"],
    ["an unknown groundwater class", lab("2024-02-01", { gwlClass: "IX" }), "gwlClass"],
    ["texture above 100%", lab("2024-02-01", { clay: 40, silt: 40, sand: 30 }), "clay"],
    ["an unknown source", { ...lab("2024-02-01", { ph: 5 }), source: "guess" }, "source"],
    [
      "a lower depth above the upper",
      { ...lab("2024-02-01", { ph: 5 }), depthUpperCm: 30, depthLowerCm: 10 },
      "depthLowerCm",
    ],
    ["a sampling before the field was acquired", lab("2019-06-01", { ph: 5 }), "samplingDate"],
  ];
  it.each(cases)("rejects %s, writing nothing", async (_label, input, field) => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addSoilAnalysis(db.fdm, "owner", fieldId, input as never),
    );
    expect(error).toMatchObject({ code: "INVALID_INPUT", field });
    expect(after).toEqual(before);
  });
});

describe("listing, current data, update and removal", () => {
  it("lists newest first and combines the most recent value of each parameter", async () => {
    const { fieldId: fld } = await seedFarm(db.fdm, "owner");
    const old = await addSoilAnalysis(db.fdm, "owner", fld, {
      ...lab("2021-03-01", { pAl: 30, organicMatter: 3.1, clay: 8, soilType: "dekzand" }),
      depthLowerCm: 25,
    });
    const mid = await addSoilAnalysis(db.fdm, "owner", fld, {
      samplingDate: new Date("2023-03-01"),
      source: "estimate",
      parameters: { gwlClass: "VI", soilType: "dalgrond" },
    });
    const recent = await addSoilAnalysis(
      db.fdm,
      "owner",
      fld,
      lab("2025-02-01", { pAl: 42, ph: 5.2 }),
    );
    expect((await getSoilAnalyses(db.fdm, "owner", fld)).map((a) => a.id)).toEqual([
      recent,
      mid,
      old,
    ]);
    expect(
      (
        await getSoilAnalyses(db.fdm, "owner", fld, {
          start: new Date("2022-01-01"),
          end: new Date("2023-12-31"),
        })
      ).map((a) => a.id),
    ).toEqual([mid]);

    const current = await getCurrentSoilData(db.fdm, "owner", fld);
    expect(current.map((c) => [c.parameter, c.value, c.analysisId, c.source])).toEqual([
      ["organicMatter", 3.1, old, "laboratory"],
      ["pAl", 42, recent, "laboratory"],
      ["ph", 5.2, recent, "laboratory"],
      ["clay", 8, old, "laboratory"],
      ["soilType", "dalgrond", mid, "estimate"],
      ["gwlClass", "VI", mid, "estimate"],
    ]);
    expect(current[0]).toMatchObject({
      samplingDate: new Date("2021-03-01"),
      depthUpperCm: 0,
      depthLowerCm: 25,
    });

    const asOf2022 = await getCurrentSoilData(db.fdm, "owner", fld, new Date("2022-01-01"));
    expect(asOf2022.map((c) => [c.parameter, c.value])).toEqual([
      ["organicMatter", 3.1],
      ["pAl", 30],
      ["clay", 8],
      ["soilType", "dekzand"],
    ]);
    await expect(getCurrentSoilData(db.fdm, "owner", fld, "2022" as never)).rejects.toMatchObject({
      field: "date",
    });
  });

  it("updates parameters by merging and keeps at least one value", async () => {
    const id = await addSoilAnalysis(db.fdm, "owner", fieldId, lab("2024-05-01", { pAl: 40 }));
    const updated = await updateSoilAnalysis(db.fdm, "owner", id, {
      parameters: { ph: 5.4 },
      depthLowerCm: 10,
    });
    expect(updated.parameters).toMatchObject({ pAl: 40, ph: 5.4 });
    expect(updated.depthLowerCm).toBe(10);
    const cleared = await updateSoilAnalysis(db.fdm, "owner", id, { parameters: { pAl: null } });
    expect(cleared.parameters.pAl).toBeNull();
    for (const [patch, field] of [
      [{ parameters: { ph: null } }, "parameters"],
      [{ parameters: { clay: 60, sand: 50 } }, "clay"],
      [{ samplingDate: new Date("2019-01-01") }, "samplingDate"],
      [{ source: "rumour" }, "source"],
      [{}, "update"],
    ] as const) {
      const { error, before, after } = await expectNoWrite(db.fdm, () =>
        updateSoilAnalysis(db.fdm, "owner", id, patch as never),
      );
      expect(error).toMatchObject({ code: "INVALID_INPUT", field });
      expect(after).toEqual(before);
    }
  });

  it("makes one access decision for an update: one audit row, done, and returns what a later read gives", async () => {
    const id = await addSoilAnalysis(db.fdm, "owner", fieldId, lab("2024-05-02", { pAl: 40 }));
    const { result, rows } = await withAuditRows(db.fdm, () =>
      updateSoilAnalysis(db.fdm, "owner", id, { parameters: { ph: 5.1 }, depthLowerCm: 25 }),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        origin: "updateSoilAnalysis",
        principalId: "owner",
        resourceId: id,
        allowed: true,
        outcome: "done",
        errorCode: null,
      }),
    ]);
    expect(result.parameters).toMatchObject({ pAl: 40, ph: 5.1 });
    expect(result.depthLowerCm).toBe(25);
    expect(result).toEqual(await getSoilAnalysis(db.fdm, "owner", id));
  });

  it("removes an analysis with its sampling", async () => {
    const before = await countRows(db.fdm);
    const id = await addSoilAnalysis(db.fdm, "owner", fieldId, lab("2024-06-01", { ph: 6 }));
    await removeSoilAnalysis(db.fdm, "owner", id);
    expect(await countRows(db.fdm)).toEqual(before);
  });

  it("denies a stranger reading and writing soil data", async () => {
    const id = await addSoilAnalysis(db.fdm, "owner", fieldId, lab("2024-06-02", { ph: 6 }));
    for (const attempt of [
      () => getSoilAnalysis(db.fdm, "stranger", id),
      () => getCurrentSoilData(db.fdm, "stranger", fieldId),
      () => updateSoilAnalysis(db.fdm, "stranger", id, { parameters: { ph: 7 } }),
      () => removeSoilAnalysis(db.fdm, "stranger", id),
    ]) {
      const { error, before, after } = await expectNoWrite(db.fdm, attempt);
      expect(error).toMatchObject({ code: "PERMISSION_DENIED" });
      expect(after).toEqual(before);
    }
  });
});

describe("getSoilParametersDescription", () => {
  it("describes every parameter with unit and range", () => {
    const d = getSoilParametersDescription();
    expect(d.map((x) => x.parameter)).toEqual([
      "organicMatter",
      "pAl",
      "pCaCl2",
      "nTotal",
      "kCaCl2",
      "ph",
      "clay",
      "silt",
      "sand",
      "bulkDensity",
      "soilType",
      "gwlClass",
    ]);
    expect(d.find((x) => x.parameter === "ph")).toMatchObject({ unit: null, min: 3, max: 10 });
    expect(d.find((x) => x.parameter === "soilType")?.options).toHaveLength(8);
  });
});

describe("getCurrentSoilDataForFarm", () => {
  it("gives every field of the farm its current soil data up to the date, and nothing of another farm", async () => {
    const own = await seedFarm(db.fdm, "sampler");
    const second = await addField(db.fdm, "sampler", own.farmId, {
      name: "Perceel 2",
      geometry: squareHa,
      acquiringDate: new Date("2020-01-01"),
      acquiringMethod: "owner",
    });
    const bare = await addField(db.fdm, "sampler", own.farmId, {
      name: "Perceel 3",
      geometry: squareHa,
      acquiringDate: new Date("2020-01-01"),
      acquiringMethod: "owner",
    });
    const old = await addSoilAnalysis(
      db.fdm,
      "sampler",
      own.fieldId,
      lab("2022-02-01", { pAl: 30, gwlClass: "V" }),
    );
    const recent = await addSoilAnalysis(
      db.fdm,
      "sampler",
      own.fieldId,
      lab("2025-02-01", { pAl: 42 }),
    );
    const onSecond = await addSoilAnalysis(
      db.fdm,
      "sampler",
      second,
      lab("2024-03-01", { pCaCl2: 2.1 }),
    );
    // an analysis on the farm of the other tests in this file
    await addSoilAnalysis(db.fdm, "owner", fieldId, lab("2024-03-01", { pAl: 99 }));

    const all = await getCurrentSoilDataForFarm(db.fdm, "sampler", own.farmId);
    expect(Object.keys(all).sort()).toEqual([own.fieldId, second, bare].sort());
    expect(all[own.fieldId]?.map((c) => [c.parameter, c.value, c.analysisId])).toEqual([
      ["pAl", 42, recent],
      ["gwlClass", "V", old],
    ]);
    expect(all[second]?.map((c) => [c.parameter, c.value, c.analysisId])).toEqual([
      ["pCaCl2", 2.1, onSecond],
    ]);
    expect(all[bare]).toEqual([]);

    const until2024 = await getCurrentSoilDataForFarm(
      db.fdm,
      "sampler",
      own.farmId,
      new Date("2024-12-31"),
    );
    expect(until2024[own.fieldId]?.map((c) => [c.parameter, c.value])).toEqual([
      ["pAl", 30],
      ["gwlClass", "V"],
    ]);
    // the same answer as the per-field function
    expect(until2024[own.fieldId]).toEqual(
      await getCurrentSoilData(db.fdm, "sampler", own.fieldId, new Date("2024-12-31")),
    );
  });

  it("refuses a principal without a role on the farm, and a bad date", async () => {
    const own = await seedFarm(db.fdm, "prober");
    await expect(getCurrentSoilDataForFarm(db.fdm, "stranger", own.farmId)).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
      resource: "farm",
    });
    await expect(
      getCurrentSoilDataForFarm(db.fdm, "prober", own.farmId, new Date("not a date")),
    ).rejects.toMatchObject({ code: "INVALID_INPUT", field: "date" });
  });
});
