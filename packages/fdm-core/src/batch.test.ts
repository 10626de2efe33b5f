// The batch calls an importer uses: addCultivations, addFertilizerApplications,
// addHarvests and addSoilAnalyses. Each checks access once on the farm, checks
// every row with the single-row rules, names the bad row, and writes all or nothing.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addCultivation,
  addCultivations,
  type CultivationBatchRow,
  getCultivation,
  getCultivationsForFarm,
} from "./cultivation.js";
import { FdmError, FdmPermissionError } from "./error.js";
import { addFertilizer } from "./fertilizer.js";
import {
  addFertilizerApplication,
  addFertilizerApplications,
  type FertilizerApplicationBatchRow,
  getFertilizerApplication,
  getFertilizerApplicationsForFarm,
} from "./fertilizer-application.js";
import { addFields } from "./field.js";
import { addHarvests, getHarvest, getHarvests, type HarvestBatchRow } from "./harvest.js";
import { auditLog } from "./schema.js";
import {
  addSoilAnalyses,
  getSoilAnalyses,
  getSoilAnalysis,
  type SoilAnalysisBatchRow,
} from "./soil.js";
import {
  addUser,
  countRows,
  createTestDatabase,
  expectNoWrite,
  seedFarm,
  squareHa,
  type TestDatabase,
} from "./test-setup.js";

let db: TestDatabase;
let owner: string;
let attacker: string;
let victimOwner: string;
let farmId: string;
let fieldId: string;
let otherFieldId: string;
let victimFarmId: string;
let victimFieldId: string;
let slurry: string;
let can: string;
let victimSlurry: string;

beforeAll(async () => {
  db = await createTestDatabase();
  owner = await addUser(db.fdm, { name: "Grower", email: "grower@example.org" });
  attacker = await addUser(db.fdm, { name: "Mallory", email: "mallory@example.org" });
  victimOwner = await addUser(db.fdm, { name: "Victim", email: "victim@example.org" });
  ({ farmId, fieldId } = await seedFarm(db.fdm, owner));
  [otherFieldId] = (await addFields(db.fdm, owner, farmId, [
    {
      name: "Perceel 2",
      geometry: squareHa,
      acquiringDate: new Date("2022-01-01"),
      acquiringMethod: "lease",
      discardingDate: new Date("2025-12-31"),
    },
  ])) as [string];
  ({ farmId: victimFarmId, fieldId: victimFieldId } = await seedFarm(db.fdm, victimOwner));
  slurry = await addFertilizer(db.fdm, owner, farmId, {
    catalogueItemId: "rvo_14",
    acquiringDate: new Date("2020-01-01"),
  });
  can = await addFertilizer(db.fdm, owner, farmId, {
    catalogueItemId: "baat_028",
    acquiringDate: new Date("2020-01-01"),
  });
  victimSlurry = await addFertilizer(db.fdm, victimOwner, victimFarmId, {
    catalogueItemId: "rvo_14",
    acquiringDate: new Date("2020-01-01"),
  });
}, 60_000);
afterAll(async () => {
  await db?.close();
});

/** The audit rows of one function called by one principal, allowed or not. */
async function audits(principal: string, origin: string, allowed: boolean): Promise<number> {
  const [row] = await db.fdm
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.principalId, principal),
        eq(auditLog.origin, origin),
        eq(auditLog.allowed, allowed),
      ),
    );
  return row?.n ?? 0;
}

describe("addCultivations", () => {
  it("starts every cultivation on its field, ids in input order, with end dates", async () => {
    const before = (await getCultivationsForFarm(db.fdm, owner, farmId)).length;
    const ids = await addCultivations(db.fdm, owner, farmId, [
      { fieldId, catalogueItemId: "nl_265", startDate: new Date("2024-01-01") },
      {
        fieldId: otherFieldId,
        catalogueItemId: "nl_233",
        startDate: new Date("2023-10-15"),
        endDate: new Date("2024-08-01"),
      },
    ]);
    expect(ids).toHaveLength(2);
    expect(await getCultivation(db.fdm, owner, ids[0] as string)).toMatchObject({
      fieldId,
      farmId,
      catalogueItemId: "nl_265",
      startDate: new Date("2024-01-01"),
      endDate: null,
    });
    expect(await getCultivation(db.fdm, owner, ids[1] as string)).toMatchObject({
      fieldId: otherFieldId,
      catalogueItemId: "nl_233",
      nameEn: "Wheat, winter",
      startDate: new Date("2023-10-15"),
      endDate: new Date("2024-08-01"),
    });
    expect((await getCultivationsForFarm(db.fdm, owner, farmId)).length).toBe(before + 2);
  });

  const good: CultivationBatchRow = {
    fieldId: "",
    catalogueItemId: "nl_265",
    startDate: new Date("2024-03-01"),
  };
  it.each([
    [
      "an invalid start date",
      { startDate: new Date("nope") },
      "INVALID_INPUT",
      "startDate",
      "must be a valid Date",
    ],
    [
      "an end before the start",
      { endDate: new Date("2024-01-01") },
      "INVALID_INPUT",
      "endDate",
      "must not be before startDate",
    ],
    [
      "a start before the farm acquired the field",
      { startDate: new Date("2019-06-01") },
      "INVALID_INPUT",
      "startDate",
      "must not be before the field's acquiring date",
    ],
    [
      "an unknown crop",
      { catalogueItemId: "nl_999999" },
      "NOT_FOUND",
      "catalogueItemId",
      "no cultivation catalogue item",
    ],
    [
      "a field the farm does not hold",
      { fieldId: "no-such-field" },
      "NOT_FOUND",
      "fieldId",
      "holds no field with id 'no-such-field'",
    ],
  ])(
    "refuses %s in row 2, naming the row, and writes nothing",
    async (_label, change, code, field, rule) => {
      const rows = [0, 1, 2].map((i) => ({ ...good, fieldId, ...(i === 2 ? change : {}) }));
      const { error, before, after } = await expectNoWrite(db.fdm, () =>
        addCultivations(db.fdm, owner, farmId, rows),
      );
      expect(error).toBeInstanceOf(FdmError);
      expect(error).toMatchObject({ code, field: `cultivations[2].${field}` });
      expect((error as Error).message).toMatch(
        new RegExp(`^cultivations\\[2\\]\\.${field}: .*${rule.replace(/[()'.]/g, ".")}`),
      );
      expect(after).toEqual(before);
    },
  );

  it("checks a row with the same rule as addCultivation", async () => {
    const row = { ...good, fieldId: otherFieldId, startDate: new Date("2021-06-01") };
    const single = await addCultivation(db.fdm, owner, otherFieldId, row).catch((e) => e);
    const batch = await addCultivations(db.fdm, owner, farmId, [row]).catch((e) => e);
    expect(single).toMatchObject({ code: "INVALID_INPUT", field: "startDate" });
    expect(batch).toMatchObject({ code: "INVALID_INPUT", field: "cultivations[0].startDate" });
    expect((batch as Error).message).toBe(`cultivations[0].${(single as Error).message}`);
  });

  it("refuses an empty list, a list too long and a row that is not an object", async () => {
    await expect(addCultivations(db.fdm, owner, farmId, [])).rejects.toMatchObject({
      code: "INVALID_INPUT",
      field: "cultivations",
    });
    await expect(
      addCultivations(
        db.fdm,
        owner,
        farmId,
        Array.from({ length: 20_001 }, () => good),
      ),
    ).rejects.toMatchObject({ code: "INVALID_INPUT", field: "cultivations" });
    await expect(
      addCultivations(db.fdm, owner, farmId, [
        { ...good, fieldId },
        null as unknown as CultivationBatchRow,
      ]),
    ).rejects.toMatchObject({
      field: "cultivations[1]",
      message: "cultivations[1]: must be an object.",
    });
  });
});

describe("an attacker's batch", () => {
  let ownFarmId: string;
  let ownFieldId: string;
  beforeAll(async () => {
    ({ farmId: ownFarmId, fieldId: ownFieldId } = await seedFarm(db.fdm, attacker));
  });

  /** Runs the call, expects it to fail, no data row to change and one more audit row. */
  async function refused(origin: string, allowed: boolean, call: () => Promise<unknown>) {
    const audited = await audits(attacker, origin, allowed);
    const { error, before, after } = await expectNoWrite(db.fdm, call);
    expect(after).toEqual(before);
    expect(await audits(attacker, origin, allowed)).toBe(audited + 1);
    return error;
  }

  it("cannot reach another farm's field through its own farm (rows checked in SQL)", async () => {
    const cultivation = await refused("addCultivations", true, () =>
      addCultivations(db.fdm, attacker, ownFarmId, [
        { fieldId: ownFieldId, catalogueItemId: "nl_265", startDate: new Date("2024-03-01") },
        { fieldId: victimFieldId, catalogueItemId: "nl_265", startDate: new Date("2024-03-01") },
      ]),
    );
    expect(cultivation).toMatchObject({ code: "NOT_FOUND", field: "cultivations[1].fieldId" });
    // The message tells nothing about the victim's farm.
    expect((cultivation as Error).message).not.toContain(victimFarmId);

    const application = await refused("addFertilizerApplications", true, () =>
      addFertilizerApplications(db.fdm, attacker, ownFarmId, [
        {
          fieldId: victimFieldId,
          fertilizerId: victimSlurry,
          amountKgPerHa: 10_000,
          method: "shallow_injection",
          applicationDate: new Date("2025-03-01"),
        },
      ]),
    );
    expect(application).toMatchObject({ code: "NOT_FOUND", field: "applications[0].fieldId" });

    // Its own field, but the victim's fertilizer.
    const fertilizer = await refused("addFertilizerApplications", true, () =>
      addFertilizerApplications(db.fdm, attacker, ownFarmId, [
        {
          fieldId: ownFieldId,
          fertilizerId: victimSlurry,
          amountKgPerHa: 10_000,
          method: "shallow_injection",
          applicationDate: new Date("2025-03-01"),
        },
      ]),
    );
    expect(fertilizer).toMatchObject({ code: "NOT_FOUND", field: "applications[0].fertilizerId" });

    const analysis = await refused("addSoilAnalyses", true, () =>
      addSoilAnalyses(db.fdm, attacker, ownFarmId, [
        {
          fieldId: victimFieldId,
          samplingDate: new Date("2025-02-01"),
          source: "laboratory",
          parameters: { pAl: 40 },
        },
      ]),
    );
    expect(analysis).toMatchObject({ code: "NOT_FOUND", field: "analyses[0].fieldId" });
  });

  it("cannot harvest another farm's cultivation through its own farm", async () => {
    const [victimCultivation] = await addCultivations(db.fdm, victimOwner, victimFarmId, [
      { fieldId: victimFieldId, catalogueItemId: "nl_265", startDate: new Date("2024-01-01") },
    ]);
    const error = await refused("addHarvests", true, () =>
      addHarvests(db.fdm, attacker, ownFarmId, [
        { cultivationId: victimCultivation as string, harvestDate: new Date("2024-06-01") },
      ]),
    );
    expect(error).toMatchObject({ code: "NOT_FOUND", field: "harvests[0].cultivationId" });
    expect(await getHarvests(db.fdm, victimOwner, victimCultivation as string)).toEqual([]);
  });

  it("is denied on a farm it holds no role on: nothing written, the denial audited", async () => {
    const calls: [string, () => Promise<unknown>][] = [
      [
        "addCultivations",
        () =>
          addCultivations(db.fdm, attacker, victimFarmId, [
            {
              fieldId: victimFieldId,
              catalogueItemId: "nl_265",
              startDate: new Date("2024-03-01"),
            },
          ]),
      ],
      [
        "addFertilizerApplications",
        () =>
          addFertilizerApplications(db.fdm, attacker, victimFarmId, [
            {
              fieldId: victimFieldId,
              fertilizerId: victimSlurry,
              amountKgPerHa: 10_000,
              method: "shallow_injection",
              applicationDate: new Date("2025-03-01"),
            },
          ]),
      ],
      [
        "addHarvests",
        () =>
          addHarvests(db.fdm, attacker, victimFarmId, [
            { cultivationId: "any", harvestDate: new Date("2024-06-01") },
          ]),
      ],
      [
        "addSoilAnalyses",
        () =>
          addSoilAnalyses(db.fdm, attacker, victimFarmId, [
            {
              fieldId: victimFieldId,
              samplingDate: new Date("2025-02-01"),
              source: "laboratory",
              parameters: { pAl: 40 },
            },
          ]),
      ],
    ];
    for (const [origin, call] of calls) {
      const error = await refused(origin, false, call);
      expect(error).toBeInstanceOf(FdmPermissionError);
      expect(error).toMatchObject({
        code: "PERMISSION_DENIED",
        resource: "farm",
        resourceId: victimFarmId,
      });
    }
  });
});

describe("addFertilizerApplications", () => {
  const row = (change: Partial<FertilizerApplicationBatchRow> = {}) => ({
    fieldId,
    fertilizerId: slurry,
    amountKgPerHa: 25_000,
    method: "shallow_injection" as const,
    applicationDate: new Date("2025-03-15"),
    ...change,
  });

  it("records every application with its values, ids in input order", async () => {
    const before = (await getFertilizerApplicationsForFarm(db.fdm, owner, farmId)).length;
    const ids = await addFertilizerApplications(db.fdm, owner, farmId, [
      row(),
      row({
        fieldId: otherFieldId,
        fertilizerId: can,
        amountKgPerHa: 250,
        method: "broadcasting",
        applicationDate: new Date("2025-04-01"),
      }),
    ]);
    expect(await getFertilizerApplication(db.fdm, owner, ids[0] as string)).toMatchObject({
      fieldId,
      fertilizerId: slurry,
      catalogueItemId: "rvo_14",
      amountKgPerHa: 25_000,
      method: "shallow_injection",
      applicationDate: new Date("2025-03-15"),
    });
    expect(await getFertilizerApplication(db.fdm, owner, ids[1] as string)).toMatchObject({
      fieldId: otherFieldId,
      fertilizerId: can,
      amountKgPerHa: 250,
      method: "broadcasting",
    });
    expect((await getFertilizerApplicationsForFarm(db.fdm, owner, farmId)).length).toBe(before + 2);
  });

  it.each([
    ["a zero amount", { amountKgPerHa: 0 }, "INVALID_INPUT", "amountKgPerHa"],
    ["an amount above 200 t/ha", { amountKgPerHa: 200_001 }, "INVALID_INPUT", "amountKgPerHa"],
    // Slurry must be spread with low emission: broadcasting is not among its methods.
    ["broadcasting slurry", { method: "broadcasting" as const }, "INVALID_INPUT", "method"],
    ["an unknown fertilizer", { fertilizerId: "no-such" }, "NOT_FOUND", "fertilizerId"],
    [
      "a date after the farm gave up the field",
      { fieldId: "the discarded field", applicationDate: new Date("2026-03-01") },
      "INVALID_INPUT",
      "applicationDate",
    ],
  ])(
    "refuses %s in row 1, naming the row, and writes nothing",
    async (_label, change, code, field) => {
      const { error, before, after } = await expectNoWrite(db.fdm, () =>
        addFertilizerApplications(db.fdm, owner, farmId, [
          row(),
          // The table is built before beforeAll ran: the discarded field's id is filled in here.
          row("fieldId" in change ? { ...change, fieldId: otherFieldId } : change),
          row(),
        ]),
      );
      expect(error).toMatchObject({ code, field: `applications[1].${field}` });
      expect((error as Error).message).toMatch(new RegExp(`^applications\\[1\\]\\.${field}: `));
      expect(after).toEqual(before);
    },
  );
});

describe("addFertilizerApplications and the fertilizer's acquiring date", () => {
  it("refuses a row dated before the farm acquired the fertilizer, as addFertilizerApplication does", async () => {
    const late = await addFertilizer(db.fdm, owner, farmId, {
      catalogueItemId: "baat_028",
      acquiringDate: new Date("2025-01-01"),
    });
    const row = (date: string) => ({
      fieldId,
      fertilizerId: late,
      amountKgPerHa: 200,
      method: "broadcasting" as const,
      applicationDate: new Date(date),
    });
    const single = await addFertilizerApplication(db.fdm, owner, fieldId, row("2024-06-01")).catch(
      (e: unknown) => e,
    );
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addFertilizerApplications(db.fdm, owner, farmId, [row("2025-03-01"), row("2024-06-01")]),
    );
    expect(error).toMatchObject({
      code: "INVALID_INPUT",
      field: "applications[1].applicationDate",
    });
    expect((error as Error).message).toBe(`applications[1].${(single as Error).message}`);
    expect((error as Error).message).toContain("fertilizer's acquiring date");
    expect(after).toEqual(before);
  });
});

describe("addHarvests", () => {
  it("records every harvest with its analysis, and ends a crop harvested once", async () => {
    const [grass, wheat] = (await addCultivations(db.fdm, owner, farmId, [
      { fieldId, catalogueItemId: "nl_265", startDate: new Date("2025-01-01") },
      { fieldId: otherFieldId, catalogueItemId: "nl_233", startDate: new Date("2024-10-15") },
    ])) as [string, string];
    const ids = await addHarvests(db.fdm, owner, farmId, [
      { cultivationId: grass, harvestDate: new Date("2025-05-10"), dryMatterYield: 3200 },
      { cultivationId: wheat, harvestDate: new Date("2025-07-25"), dryMatterYield: 8500 },
      { cultivationId: grass, harvestDate: new Date("2025-06-20"), nitrogenContent: 30 },
    ]);
    expect(ids).toHaveLength(3);
    expect(await getHarvest(db.fdm, owner, ids[1] as string)).toMatchObject({
      cultivationId: wheat,
      harvestDate: new Date("2025-07-25"),
      analysis: { dryMatterYield: 8500, nitrogenContent: null },
    });
    expect((await getHarvests(db.fdm, owner, grass)).map((h) => h.harvestDate)).toEqual([
      new Date("2025-05-10"),
      new Date("2025-06-20"),
    ]);
    // As with addHarvest: the harvest of a crop harvested once ends it on the harvest date.
    expect((await getCultivation(db.fdm, owner, wheat)).endDate).toEqual(new Date("2025-07-25"));
    expect((await getCultivation(db.fdm, owner, grass)).endDate).toBeNull();
  });

  it("counts the rows before it: a second harvest of a crop harvested once is refused", async () => {
    const [wheat] = (await addCultivations(db.fdm, owner, farmId, [
      { fieldId, catalogueItemId: "nl_233", startDate: new Date("2024-10-15") },
    ])) as [string];
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addHarvests(db.fdm, owner, farmId, [
        { cultivationId: wheat, harvestDate: new Date("2025-07-25") },
        { cultivationId: wheat, harvestDate: new Date("2025-07-25") },
      ]),
    );
    expect(error).toMatchObject({ code: "CONFLICT", field: "harvests[1].cultivationId" });
    expect((error as Error).message).toContain("harvested once");
    expect(after).toEqual(before);
    expect((await getCultivation(db.fdm, owner, wheat)).endDate).toBeNull();
  });

  it.each([
    [
      "a harvest before the start",
      { harvestDate: new Date("2024-12-31") },
      "INVALID_INPUT",
      "harvestDate",
    ],
    ["a yield out of range", { dryMatterYield: 100_001 }, "INVALID_INPUT", "dryMatterYield"],
    ["an unknown cultivation", { cultivationId: "no-such" }, "NOT_FOUND", "cultivationId"],
  ])(
    "refuses %s in row 1, naming the row, and writes nothing",
    async (_label, change, code, field) => {
      const [grass] = (await addCultivations(db.fdm, owner, farmId, [
        { fieldId, catalogueItemId: "nl_265", startDate: new Date("2025-01-01") },
      ])) as [string];
      const row = (c: Partial<HarvestBatchRow> = {}) => ({
        cultivationId: grass,
        harvestDate: new Date("2025-05-10"),
        ...c,
      });
      const { error, before, after } = await expectNoWrite(db.fdm, () =>
        addHarvests(db.fdm, owner, farmId, [row(), row(change)]),
      );
      expect(error).toMatchObject({ code, field: `harvests[1].${field}` });
      expect(after).toEqual(before);
    },
  );

  it("refuses a harvest of a crop that is not harvestable", async () => {
    // nl_335: natuurterreinen, harvestable none
    const [nature] = (await addCultivations(db.fdm, owner, farmId, [
      { fieldId, catalogueItemId: "nl_335", startDate: new Date("2025-01-01") },
    ])) as [string];
    await expect(
      addHarvests(db.fdm, owner, farmId, [
        { cultivationId: nature, harvestDate: new Date("2025-06-01") },
      ]),
    ).rejects.toMatchObject({ code: "CONFLICT", field: "harvests[0].cultivationId" });
  });
});

describe("addSoilAnalyses", () => {
  const row = (change: Partial<SoilAnalysisBatchRow> = {}): SoilAnalysisBatchRow => ({
    fieldId,
    samplingDate: new Date("2024-02-01"),
    source: "laboratory",
    parameters: { pAl: 40, organicMatter: 4, soilType: "dekzand" },
    ...change,
  });

  it("records every analysis with its sampling, ids in input order", async () => {
    const ids = await addSoilAnalyses(db.fdm, owner, farmId, [
      row(),
      row({
        fieldId: otherFieldId,
        depthUpperCm: 0,
        depthLowerCm: 10,
        source: "other",
        parameters: { ph: 5.5, clay: 20, silt: 30, sand: 50 },
      }),
    ]);
    expect(await getSoilAnalysis(db.fdm, owner, ids[0] as string)).toMatchObject({
      fieldId,
      samplingDate: new Date("2024-02-01"),
      depthUpperCm: 0,
      depthLowerCm: 30,
      source: "laboratory",
      parameters: { pAl: 40, organicMatter: 4, soilType: "dekzand", ph: null },
    });
    expect(await getSoilAnalysis(db.fdm, owner, ids[1] as string)).toMatchObject({
      fieldId: otherFieldId,
      depthLowerCm: 10,
      source: "other",
      parameters: { ph: 5.5, clay: 20, silt: 30, sand: 50, pAl: null },
    });
  });

  it.each([
    ["a P-AL above 250", { parameters: { pAl: 251 } }, "INVALID_INPUT", "pAl"],
    ["no parameter", { parameters: {} }, "INVALID_INPUT", "parameters"],
    [
      "texture above 100%",
      { parameters: { clay: 50, silt: 40, sand: 20 } },
      "INVALID_INPUT",
      "clay",
    ],
    ["a lower depth above the upper", { depthLowerCm: 0 }, "INVALID_INPUT", "depthLowerCm"],
    [
      "a sampling before the farm acquired the field",
      { samplingDate: new Date("2019-01-01") },
      "INVALID_INPUT",
      "samplingDate",
    ],
  ])(
    "refuses %s in row 3, naming the row, and writes nothing",
    async (_label, change, code, field) => {
      const rows = [row(), row(), row(), row(change as Partial<SoilAnalysisBatchRow>)];
      const { error, before, after } = await expectNoWrite(db.fdm, () =>
        addSoilAnalyses(db.fdm, owner, farmId, rows),
      );
      expect(error).toMatchObject({ code, field: `analyses[3].${field}` });
      expect(after).toEqual(before);
    },
  );

  it("writes a batch larger than one statement's 65,535 parameters, all or nothing", async () => {
    // About 20 parameters per analysis: 5,000 rows need several statements.
    const dates = (i: number) => new Date(Date.UTC(2022, 0, 2) + i * 3_600_000);
    const rows = Array.from({ length: 5_000 }, (_, i) =>
      row({ fieldId: otherFieldId, samplingDate: dates(i), parameters: { pAl: i % 250 } }),
    );
    const before = await countRows(db.fdm);
    // One bad row among them: nothing is written.
    const bad = [...rows.slice(0, 4_999), row({ fieldId: otherFieldId, parameters: { pAl: -1 } })];
    await expect(addSoilAnalyses(db.fdm, owner, farmId, bad)).rejects.toMatchObject({
      field: "analyses[4999].pAl",
    });
    expect(await countRows(db.fdm)).toEqual(before);
    const ids = await addSoilAnalyses(db.fdm, owner, farmId, rows);
    expect(new Set(ids).size).toBe(5_000);
    const after = await countRows(db.fdm);
    expect(after.soilAnalyses - before.soilAnalyses).toBe(5_000);
    expect(after.soilSampling - before.soilSampling).toBe(5_000);
    const stored = await getSoilAnalyses(db.fdm, owner, otherFieldId);
    expect(stored.filter((a) => a.samplingDate < new Date("2023-01-01")).length).toBe(5_000);
  }, 60_000);
});
