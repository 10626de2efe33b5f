import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCultivation, getCultivation } from "./cultivation.js";
import { addField } from "./field.js";
import {
  addHarvest,
  getHarvest,
  getHarvests,
  getHarvestsForFarm,
  removeHarvest,
} from "./harvest.js";
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
  ({ fieldId } = await seedFarm(db.fdm, "grower"));
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const start = (item: string, endDate: Date | null = null) =>
  addCultivation(db.fdm, "grower", fieldId, {
    catalogueItemId: item,
    startDate: new Date("2024-03-01"),
    endDate,
  });

describe("addHarvest and getHarvest", () => {
  it("stores the harvest with its analysis", async () => {
    const cultivationId = await start("nl_265");
    const id = await addHarvest(db.fdm, "grower", cultivationId, {
      harvestDate: new Date("2024-05-20"),
      dryMatterYield: 3500,
      dryMatterContent: 350,
      nitrogenContent: 32,
      phosphateContent: 9,
      potashContent: 40,
    });
    const harvest = await getHarvest(db.fdm, "grower", id);
    expect(harvest).toMatchObject({
      id,
      cultivationId,
      harvestDate: new Date("2024-05-20"),
      analysis: {
        dryMatterYield: 3500,
        dryMatterContent: 350,
        nitrogenContent: 32,
        phosphateContent: 9,
        potashContent: 40,
      },
    });
    expect(harvest.harvestableId).toEqual(expect.any(String));
  });

  it("allows several harvests of a crop harvested multiple times, listed by date", async () => {
    const cultivationId = await start("nl_265");
    const second = await addHarvest(db.fdm, "grower", cultivationId, {
      harvestDate: new Date("2024-07-01"),
    });
    const first = await addHarvest(db.fdm, "grower", cultivationId, {
      harvestDate: new Date("2024-05-15"),
    });
    const third = await addHarvest(db.fdm, "grower", cultivationId, {
      harvestDate: new Date("2024-09-01"),
    });
    const harvests = await getHarvests(db.fdm, "grower", cultivationId);
    expect(harvests.map((h) => h.id)).toEqual([first, second, third]);
    expect(harvests[0]?.analysis).toEqual({
      dryMatterYield: null,
      dryMatterContent: null,
      nitrogenContent: null,
      phosphateContent: null,
      potashContent: null,
    });
  });

  it("ends a crop harvested once on its harvest date, and refuses a second harvest", async () => {
    const cultivationId = await start("nl_233");
    await addHarvest(db.fdm, "grower", cultivationId, {
      harvestDate: new Date("2024-08-01"),
      dryMatterYield: 8000,
    });
    expect((await getCultivation(db.fdm, "grower", cultivationId)).endDate).toEqual(
      new Date("2024-08-01"),
    );
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addHarvest(db.fdm, "grower", cultivationId, { harvestDate: new Date("2024-08-01") }),
    );
    expect(error).toMatchObject({ code: "CONFLICT", field: "cultivationId" });
    expect((error as Error).message).toBe(
      "cultivationId: crop 'nl_233' is harvested once (catalogue harvestable 'once') and already has a harvest; a second harvest is not allowed.",
    );
    expect(after).toEqual(before);
  });

  it("keeps an end date that a crop harvested once already has", async () => {
    const cultivationId = await start("nl_259", new Date("2024-11-01"));
    await addHarvest(db.fdm, "grower", cultivationId, { harvestDate: new Date("2024-10-01") });
    expect((await getCultivation(db.fdm, "grower", cultivationId)).endDate).toEqual(
      new Date("2024-11-01"),
    );
  });

  it("refuses any harvest of a crop that is not harvested", async () => {
    // nl_335: natuurterreinen, harvestable none
    const cultivationId = await start("nl_335");
    const { error, after, before } = await expectNoWrite(db.fdm, () =>
      addHarvest(db.fdm, "grower", cultivationId, { harvestDate: new Date("2024-08-01") }),
    );
    expect(error).toMatchObject({ code: "CONFLICT" });
    expect(error).toMatchObject({ field: "cultivationId" });
    expect((error as Error).message).toBe(
      "cultivationId: crop 'nl_335' is not harvestable (catalogue harvestable 'none'): a crop that is never harvested cannot have a harvest.",
    );
    expect(after).toEqual(before);
  });

  it("rejects dates outside the cultivation and values out of range, writing nothing", async () => {
    const cultivationId = await start("nl_265", new Date("2024-10-31"));
    const cases: [Record<string, unknown>, string][] = [
      [{ harvestDate: new Date("2024-02-28") }, "harvestDate"],
      [{ harvestDate: new Date("2024-11-01") }, "harvestDate"],
      [{ harvestDate: "2024-06-01" }, "harvestDate"],
      [{ harvestDate: new Date("2024-06-01"), dryMatterYield: -1 }, "dryMatterYield"],
      [{ harvestDate: new Date("2024-06-01"), dryMatterYield: 100_001 }, "dryMatterYield"],
      [{ harvestDate: new Date("2024-06-01"), dryMatterContent: 1001 }, "dryMatterContent"],
      [{ harvestDate: new Date("2024-06-01"), nitrogenContent: Number.NaN }, "nitrogenContent"],
      [{ harvestDate: new Date("2024-06-01"), phosphateContent: 101 }, "phosphateContent"],
      [{ harvestDate: new Date("2024-06-01"), potashContent: "40" }, "potashContent"],
    ];
    for (const [input, field] of cases) {
      const { error, before, after } = await expectNoWrite(db.fdm, () =>
        addHarvest(db.fdm, "grower", cultivationId, input as never),
      );
      expect(error).toMatchObject({ code: "INVALID_INPUT", field });
      expect(after).toEqual(before);
    }
  });

  it("reports an unknown cultivation and harvest as NOT_FOUND", async () => {
    await expect(
      addHarvest(db.fdm, "grower", "nope", { harvestDate: new Date() }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(getHarvest(db.fdm, "grower", "nope")).rejects.toMatchObject({
      code: "NOT_FOUND",
      field: "harvestId",
    });
  });

  it("records exactly one of two concurrent harvests of a crop harvested once", async () => {
    const cultivationId = await start("nl_2014");
    const other = await db.openSecond();
    const results = await Promise.allSettled([
      addHarvest(db.fdm, "grower", cultivationId, { harvestDate: new Date("2024-09-01") }),
      addHarvest(other, "grower", cultivationId, { harvestDate: new Date("2024-09-02") }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await getHarvests(db.fdm, "grower", cultivationId)).toHaveLength(1);
  });
});

describe("removeHarvest", () => {
  it("removes the harvest with its harvestable and analysis", async () => {
    const cultivationId = await start("nl_265");
    const before = await countRows(db.fdm);
    const id = await addHarvest(db.fdm, "grower", cultivationId, {
      harvestDate: new Date("2024-06-01"),
      dryMatterYield: 3000,
    });
    await removeHarvest(db.fdm, "grower", id);
    expect(await countRows(db.fdm)).toEqual(before);
  });

  it("is denied to a principal without a role", async () => {
    const cultivationId = await start("nl_265");
    const id = await addHarvest(db.fdm, "grower", cultivationId, {
      harvestDate: new Date("2024-06-01"),
    });
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      removeHarvest(db.fdm, "stranger", id),
    );
    expect(error).toMatchObject({
      code: "PERMISSION_DENIED",
      action: "write",
      resource: "harvest",
    });
    expect(after).toEqual(before);
  });
});

describe("getHarvestsForFarm", () => {
  it("lists the harvests on every field of the farm by date, within the timeframe, and nothing of another farm", async () => {
    const own = await seedFarm(db.fdm, "mower");
    const second = await addField(db.fdm, "mower", own.farmId, {
      name: "Perceel 2",
      geometry: squareHa,
      acquiringDate: new Date("2020-01-01"),
      acquiringMethod: "owner",
    });
    const grass = await addCultivation(db.fdm, "mower", own.fieldId, {
      catalogueItemId: "nl_265",
      startDate: new Date("2024-01-01"),
    });
    const wheat = await addCultivation(db.fdm, "mower", second, {
      catalogueItemId: "nl_233",
      startDate: new Date("2024-10-20"),
    });
    const cut = (cultivationId: string, date: string, dryMatterYield: number) =>
      addHarvest(db.fdm, "mower", cultivationId, { harvestDate: new Date(date), dryMatterYield });
    const c2024 = await cut(grass, "2024-06-01", 2000);
    const c2025 = await cut(grass, "2025-05-20", 3000);
    const w2025 = await cut(wheat, "2025-08-01", 8000);
    // a harvest on the farm of the other tests in this file
    const other = await start("nl_265");
    await addHarvest(db.fdm, "grower", other, { harvestDate: new Date("2025-06-01") });

    const all = await getHarvestsForFarm(db.fdm, "mower", own.farmId);
    expect(all.map((h) => [h.id, h.cultivationId, h.analysis.dryMatterYield])).toEqual([
      [c2024, grass, 2000],
      [c2025, grass, 3000],
      [w2025, wheat, 8000],
    ]);
    const in2025 = await getHarvestsForFarm(db.fdm, "mower", own.farmId, {
      start: new Date("2025-01-01"),
      end: new Date("2025-12-31"),
    });
    expect(in2025.map((h) => h.id)).toEqual([c2025, w2025]);
    const untilJuly = await getHarvestsForFarm(db.fdm, "mower", own.farmId, {
      start: null,
      end: new Date("2025-07-31"),
    });
    expect(untilJuly.map((h) => h.id)).toEqual([c2024, c2025]);
  });

  it("refuses a principal without a role on the farm", async () => {
    const own = await seedFarm(db.fdm, "baler");
    await expect(getHarvestsForFarm(db.fdm, "stranger", own.farmId)).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
      resource: "farm",
    });
    await expect(getHarvestsForFarm(db.fdm, "baler", "no-farm")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
