// The farm-wide reads return their list as one JSON value built in SQL (json-list.ts). These
// tests hold every field of a representative row against the values written, and against the
// row-by-row reads of one item, on PGlite and on PostgreSQL — also in a session whose time zone
// is not UTC, since JSON carries a timestamp as text with the session's offset.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "./authorization.js";
import {
  addCultivation,
  getCultivation,
  getCultivationsForFarm,
  updateCultivation,
} from "./cultivation.js";
import type { FdmType } from "./fdm.js";
import { addFertilizer, getFertilizer, getFertilizers } from "./fertilizer.js";
import {
  addFertilizerApplication,
  getFertilizerApplication,
  getFertilizerApplicationsForFarm,
} from "./fertilizer-application.js";
import { addField } from "./field.js";
import { addHarvest, getHarvest, getHarvestsForFarm } from "./harvest.js";
import { addSoilAnalysis, getCurrentSoilData, getCurrentSoilDataForFarm } from "./soil.js";
import { createTestDatabase, seedFarm, squareHa, type TestDatabase } from "./test-setup.js";

let db: TestDatabase;
let farmId: string;
let fieldId: string;
let wheat: string;
let grass: string;
let harvestId: string;
let kas: string;
let applicationId: string;
let analysisId: string;
const year = { start: new Date("2025-01-01"), end: new Date("2025-12-31T23:59:59.999Z") };

beforeAll(async () => {
  db = await createTestDatabase();
  ({ farmId, fieldId } = await seedFarm(db.fdm, "owner"));
  // A second field the farm gave up: its rows must not mix with the first's.
  const leased = await addField(db.fdm, "owner", farmId, {
    name: "Perceel 2",
    geometry: squareHa,
    acquiringDate: new Date("2021-03-04"),
    acquiringMethod: "lease",
    discardingDate: new Date("2025-11-30"),
  });
  wheat = await addCultivation(db.fdm, "owner", fieldId, {
    catalogueItemId: "nl_233",
    startDate: new Date("2024-10-20T07:08:09.123Z"),
    endDate: new Date("2025-08-05"),
  });
  await updateCultivation(db.fdm, "owner", wheat, { residuesLeft: false });
  grass = await addCultivation(db.fdm, "owner", leased, {
    catalogueItemId: "nl_265",
    startDate: new Date("2021-04-01"),
  });
  harvestId = await addHarvest(db.fdm, "owner", wheat, {
    harvestDate: new Date("2025-08-01T10:20:30.456Z"),
    dryMatterYield: 8123.25,
    nitrogenContent: 19.875,
  });
  await addHarvest(db.fdm, "owner", grass, {
    harvestDate: new Date("2025-05-20"),
    dryMatterYield: 3000,
  });
  kas = await addFertilizer(db.fdm, "owner", farmId, {
    catalogueItemId: "baat_028",
    acquiringDate: new Date("2024-02-03T04:05:06.789Z"),
    amountKg: 12_345.5,
  });
  applicationId = await addFertilizerApplication(db.fdm, "owner", fieldId, {
    fertilizerId: kas,
    amountKgPerHa: 300.125,
    method: "broadcasting",
    applicationDate: new Date("2025-04-01T06:07:08.009Z"),
  });
  await addFertilizerApplication(db.fdm, "owner", leased, {
    fertilizerId: kas,
    amountKgPerHa: 150,
    method: "broadcasting",
    applicationDate: new Date("2025-03-01"),
  });
  analysisId = await addSoilAnalysis(db.fdm, "owner", fieldId, {
    samplingDate: new Date("2024-02-01T12:00:00.5Z"),
    depthUpperCm: 5,
    depthLowerCm: 25.5,
    source: "laboratory",
    parameters: { organicMatter: 3.1, pAl: 41.7, soilType: "zeeklei", gwlClass: "VI" },
  });
}, 60_000);
afterAll(async () => {
  await db?.close();
});

/** A handle whose session time zone is `zone`: JSON then writes timestamps with that offset. */
async function inTimeZone(zone: string): Promise<FdmType> {
  if (db.mode === "pglite") {
    // PGlite is one session: set it there (and back to UTC after the test).
    await db.fdm.execute(sql.raw(`set time zone '${zone}'`));
    return db.fdm;
  }
  const [row] = await rowsOf<{ name: string }>(db.fdm, sql`select current_database() as name`);
  await db.fdm.execute(sql.raw(`alter database "${row?.name}" set timezone to '${zone}'`));
  return db.openSecond(); // new sessions take the database's setting
}

async function sessionZone(fdm: FdmType): Promise<string | undefined> {
  const [row] = await rowsOf<{ zone: string }>(
    fdm,
    sql`select current_setting('TimeZone') as zone`,
  );
  return row?.zone;
}

/** Every farm-wide read, for checking in a given session. */
async function checkReads(fdm: FdmType): Promise<void> {
  // Cultivations: by start date, the wheat with every column as written.
  const cultivations = await getCultivationsForFarm(fdm, "owner", farmId, year);
  expect(cultivations.map((c) => c.id)).toEqual([grass, wheat]);
  const one = await getCultivation(fdm, "owner", wheat);
  const listed = cultivations[1];
  expect(listed).toStrictEqual({
    id: wheat,
    fieldId,
    farmId,
    catalogueItemId: "nl_233",
    catalogue: "brp",
    nameNl: "Tarwe, winter-",
    nameEn: one.nameEn, // the catalogue's, not written here
    harvestable: "once",
    rotation: "cereal",
    startDate: new Date("2024-10-20T07:08:09.123Z"),
    endDate: new Date("2025-08-05"),
    residuesLeft: false,
    createdAt: one.createdAt,
    updatedAt: one.updatedAt,
  });
  expect(listed?.createdAt).toBeInstanceOf(Date);
  expect(listed?.updatedAt).toBeInstanceOf(Date); // set by updateCultivation
  expect(Object.keys(listed ?? {})).toEqual(Object.keys(one));
  expect(cultivations[0]).toMatchObject({ endDate: null, residuesLeft: null, updatedAt: null });
  expect(cultivations[0]).toStrictEqual(await getCultivation(fdm, "owner", grass));

  // Harvests: by date; nulls for what was not measured.
  const harvests = await getHarvestsForFarm(fdm, "owner", farmId, year);
  expect(harvests.map((h) => h.harvestDate)).toEqual([
    new Date("2025-05-20"),
    new Date("2025-08-01T10:20:30.456Z"),
  ]);
  const harvest = await getHarvest(fdm, "owner", harvestId);
  expect(harvests[1]).toStrictEqual({
    id: harvestId,
    cultivationId: wheat,
    harvestableId: harvest.harvestableId,
    harvestDate: new Date("2025-08-01T10:20:30.456Z"),
    analysis: {
      dryMatterYield: 8123.25,
      dryMatterContent: null,
      nitrogenContent: 19.875,
      phosphateContent: null,
      potashContent: null,
    },
  });
  expect(harvests[1]).toStrictEqual(harvest);

  // Fertilizers: the product's figures (NMI, fdm-data catalogues: baat-fertilizers.csv,
  // BAAT028 KAS: 270 g N/kg, half NH4, half NO3, emission factor 0.025, no CaO given).
  const [fertilizer, ...others] = await getFertilizers(fdm, "owner", farmId);
  expect(others).toEqual([]);
  expect(fertilizer).toMatchObject({
    id: kas,
    farmId,
    catalogueItemId: "baat_028",
    catalogue: "baat",
    typeRvo: 115,
    isMineral: true,
    isManure: false,
    n: 270,
    nNh4: 135,
    nNo3: 135,
    nOrganic: 0,
    ammoniaEmissionFactor: 0.025,
    cao: null,
    acquiringDate: new Date("2024-02-03T04:05:06.789Z"),
    amountKg: 12_345.5,
  });
  expect(fertilizer).toStrictEqual(await getFertilizer(fdm, "owner", kas));
  expect(Array.isArray(fertilizer?.applicationMethods)).toBe(true);

  // Applications: by date, every column as written.
  const applications = await getFertilizerApplicationsForFarm(fdm, "owner", farmId, year);
  expect(applications.map((a) => a.amountKgPerHa)).toEqual([150, 300.125]);
  expect(applications[1]).toStrictEqual({
    id: applicationId,
    fieldId,
    fertilizerId: kas,
    catalogueItemId: "baat_028",
    nameNl: fertilizer?.nameNl,
    amountKgPerHa: 300.125,
    method: "broadcasting",
    applicationDate: new Date("2025-04-01T06:07:08.009Z"),
  });
  expect(applications[1]).toStrictEqual(
    await getFertilizerApplication(fdm, "owner", applicationId),
  );

  // Soil: per field, each parameter's latest value; numbers stay numbers, text stays text.
  const soil = await getCurrentSoilDataForFarm(fdm, "owner", farmId, year.end);
  expect(Object.keys(soil)).toHaveLength(2);
  const common = {
    samplingDate: new Date("2024-02-01T12:00:00.5Z"),
    source: "laboratory",
    analysisId,
    depthUpperCm: 5,
    depthLowerCm: 25.5,
  };
  expect(soil[fieldId]).toStrictEqual([
    { parameter: "organicMatter", value: 3.1, ...common },
    { parameter: "pAl", value: 41.7, ...common },
    { parameter: "soilType", value: "zeeklei", ...common },
    { parameter: "gwlClass", value: "VI", ...common },
  ]);
  expect(soil[fieldId]).toStrictEqual(await getCurrentSoilData(fdm, "owner", fieldId, year.end));
  expect(Object.values(soil).filter((list) => list.length === 0)).toHaveLength(1);
}

describe("farm-wide reads", () => {
  it("return every value as written: numbers, nulls, booleans, text, Dates to the millisecond", async () => {
    await checkReads(db.fdm);
  });

  it("return the same instants in a session whose time zone is not UTC", async () => {
    const fdm = await inTimeZone("Pacific/Chatham"); // UTC+12:45 or +13:45
    try {
      expect(await sessionZone(fdm)).toBe("Pacific/Chatham");
      await checkReads(fdm);
    } finally {
      if (db.mode === "pglite") await db.fdm.execute(sql`set time zone 'UTC'`);
    }
  });
});
