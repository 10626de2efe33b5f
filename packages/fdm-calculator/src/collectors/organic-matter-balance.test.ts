// A farm written with fdm-core alone gets a complete organic-matter balance: the EOM of
// crops, residues and products from the catalogues (NMI, fdm-data catalogues (MIT)), the
// soil from the soil analyses, bulk density estimated where it was not measured. The
// expected figures are worked by hand from reference/nmi-catalogues and
// reference/nmi-organic-matter-balance (and nmi-nitrogen-balance/soil-parameter-estimation.csv).
import {
  addCultivation,
  addFarm,
  addFertilizer,
  addFertilizerApplication,
  addField,
  addSoilAnalysis,
  closeFdm,
  createFdmLocal,
  enableCultivationCatalogue,
  enableFertilizerCatalogue,
  endCultivation,
  type FdmLocalType,
  FdmPermissionError,
  fdmSchema,
  getFields,
  syncCatalogues,
  updateCultivation,
} from "fdm-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrganicMatterBalance } from "../balance/organic-matter/types.js";
import {
  collectInputForOrganicMatterBalance,
  getOrganicMatterBalanceForFarm,
} from "./organic-matter-balance.js";
import { signUpOwner, squareHa } from "./test-farm.js";

const YEAR = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };
// NMI's products (srm): Runderdrijfmest, manure, 44.8643 g EOM/kg; Groencompost, compost, 98.9037 g EOM/kg.
const SLURRY = "srm_9d855a14df2045c2";
const COMPOST = "srm_1ae98c5a34997eac";

let fdm: FdmLocalType;
let owner: string;
let stranger: string;
let farmId: string;
let akker: string;
let weide: string;
let stro: string;
let wheatA: string;
let areas: Map<string, number>;
let balance: OrganicMatterBalance;

beforeAll(async () => {
  fdm = await createFdmLocal();
  owner = await signUpOwner(fdm);
  stranger = await signUpOwner(fdm, "Sam Vreemd", "sam@example.org");
  await syncCatalogues(fdm);
  farmId = await addFarm(fdm, owner, { name: "Gemengd bedrijf De Hoeve" });
  await enableCultivationCatalogue(fdm, owner, farmId, "brp");
  await enableFertilizerCatalogue(fdm, owner, farmId, "srm");
  const acquired = { acquiringDate: new Date("2025-01-01") };
  const slurry = await addFertilizer(fdm, owner, farmId, { catalogueItemId: SLURRY, ...acquired });
  const compost = await addFertilizer(fdm, owner, farmId, {
    catalogueItemId: COMPOST,
    ...acquired,
  });
  const field = (name: string, i: number) =>
    addField(fdm, owner, farmId, {
      name,
      geometry: squareHa(i),
      acquiringDate: new Date("2010-01-01"),
      acquiringMethod: "owner",
    });

  // A Akker: winter wheat ended 1 August with its straw ploughed in, then a catch crop;
  // green compost; a soil analysis with a measured bulk density.
  akker = await field("A Akker", 0);
  wheatA = await addCultivation(fdm, owner, akker, {
    catalogueItemId: "nl_233",
    startDate: new Date("2024-10-20"),
  });
  await endCultivation(fdm, owner, wheatA, new Date("2025-08-01"), { residuesLeft: true });
  await addCultivation(fdm, owner, akker, {
    catalogueItemId: "nl_6755", // Italiaans raaigras, groenbemesting
    startDate: new Date("2025-08-20"),
  });
  await addFertilizerApplication(fdm, owner, akker, {
    fertilizerId: compost,
    amountKgPerHa: 15_000,
    method: "broadcasting",
    applicationDate: new Date("2025-09-01"),
  });
  await addSoilAnalysis(fdm, owner, akker, {
    samplingDate: new Date("2024-11-01"),
    source: "laboratory",
    parameters: { organicMatter: 3.0, bulkDensity: 1.35, soilType: "zeeklei" },
  });

  // B Weide: permanent grassland with cattle slurry twice; no bulk density measured.
  weide = await field("B Weide", 1);
  await addCultivation(fdm, owner, weide, {
    catalogueItemId: "nl_265",
    startDate: new Date("2015-01-01"),
  });
  for (const [amount, day] of [
    [30_000, "2025-03-15"],
    [20_000, "2025-06-01"],
  ] as const) {
    await addFertilizerApplication(fdm, owner, weide, {
      fertilizerId: slurry,
      amountKgPerHa: amount,
      method: "shallow_injection",
      applicationDate: new Date(day),
    });
  }
  await addSoilAnalysis(fdm, owner, weide, {
    samplingDate: new Date("2024-02-01"),
    source: "laboratory",
    parameters: { organicMatter: 5.0, soilType: "dekzand", pAl: 40 },
  });

  // C Akker: winter wheat whose straw was baled; no bulk density measured.
  stro = await field("C Akker", 2);
  const wheatC = await addCultivation(fdm, owner, stro, {
    catalogueItemId: "nl_233",
    startDate: new Date("2024-10-15"),
  });
  await endCultivation(fdm, owner, wheatC, new Date("2025-07-25"), { residuesLeft: false });
  await addSoilAnalysis(fdm, owner, stro, {
    samplingDate: new Date("2023-09-01"),
    source: "laboratory",
    parameters: { organicMatter: 2.5, soilType: "rivierklei" },
  });

  areas = new Map((await getFields(fdm, owner, farmId)).map((f) => [f.id, f.areaHa]));
  balance = await getOrganicMatterBalanceForFarm(fdm, owner, farmId, YEAR);
}, 120_000);

afterAll(async () => {
  if (fdm) await closeFdm(fdm);
});

const fieldOf = (id: string) => {
  const f = balance.fields.find((x) => x.fieldId === id);
  if (!f) throw new Error(`no field ${id}`);
  return f;
};

// Shared by the three fields: 10.6 °C, f_T = 2^((10.6 − 13) / 10) = 0.8467453.
describe("getOrganicMatterBalanceForFarm on a farm written with fdm-core alone", () => {
  it("is complete, with the estimated densities said", () => {
    expect(balance.complete).toBe(true);
    expect(balance.missing).toEqual([]);
    expect(balance.estimated.map((e) => [e.fieldId, e.item])).toEqual([
      [weide, "bulkDensity"],
      [stro, "bulkDensity"],
    ]);
    expect(balance.temperature.value).toBe(10.6);
  });

  it("A Akker: wheat and a catch crop for their days in 2025, the straw left, compost", () => {
    // Crop EOM counts × the days the crop stood in 2025 / 365:
    // Wheat (nl_233, 1,640 kg EOM/ha per year), 2024-10-20 to 2025-08-01: 213 days in 2025
    //   (31 + 28 + 31 + 30 + 31 + 30 + 31 + 1): 1,640 × 213 / 365 = 349,320 / 365 = 957.0411.
    //   Its residues stay: the 990 of its harvest, once.
    // Catch crop (nl_6755, 1,100), from 2025-08-20 and still standing: 134 days
    //   (12 + 30 + 31 + 30 + 31): 1,100 × 134 / 365 = 147,400 / 365 = 403.8356.
    // Crops: 496,720 / 365 = 1,360.8767 (347 of 365 days: under one year of either figure).
    // Compost: 15,000 kg × 98.9037 g/kg / 1000 = 1,483.5555.
    // Supply: 1,360.8767 + 990 + 1,483.5555 = 3,834.4322.
    // Degradation, measured ρ 1.35, SOM 3 %, no grassland: 3 × 30 × 1.35 × 1000
    //   × (0.038228 − 0.008934 × ln 3 = 0.0284130) × 0.8467453 = 2,923.1166.
    // Balance: 3,834.4322 − 2,923.1166 = 911.3156.
    const a = fieldOf(akker);
    expect(a.cultivations.map((c) => c.days)).toEqual([213, 134]);
    expect(a.supply.crops).toBeCloseTo(1360.8767, 4);
    expect(a.supply.residues).toBe(990);
    expect(a.supply.products).toEqual({
      total: 1483.5555,
      manure: 0,
      compost: 1483.5555,
      other: 0,
    });
    expect(a.supply.total).toBeCloseTo(3834.4322, 4);
    expect(a.soil).toMatchObject({
      bulkDensity: 1.35,
      bulkDensitySource: "measured",
      arableDays: 365,
    });
    expect(a.degradation).toBeCloseTo(2923.1166, 4);
    expect(a.balance).toBeCloseTo(911.3156, 4);
  });

  it("B Weide: a year of permanent grassland and slurry on an estimated density", () => {
    // Grass (nl_265), standing all 365 days: 3,975 × 365 / 365 = 3,975. Slurry: 50,000 × 44.8643 / 1000 = 2,243.215.
    // Supply: 6,218.215.
    // ρ estimated for dekzand: 1 / (0.02525 × 5 + 0.6541) = 1.2814763 g/cm³.
    // Degradation, 10 cm all year: 5 × 10 × 1.2814763 × 1000 × (0.038228 − 0.008934 × ln 5
    //   = 0.0238493) × 0.8467453 = 1,293.9237. Balance: 6,218.215 − 1,293.9237 = 4,924.2913.
    const b = fieldOf(weide);
    expect(b.supply.crops).toBe(3975);
    expect(b.supply.products.manure).toBeCloseTo(2243.215, 9);
    expect(b.supply.total).toBeCloseTo(6218.215, 9);
    expect(b.soil.bulkDensity).toBeCloseTo(1.2814763, 7);
    expect(b.soil.bulkDensitySource).toBe("estimated");
    expect(b.soil.grasslandDays).toBe(365);
    expect(b.degradation).toBeCloseTo(1293.9237, 4);
    expect(b.balance).toBeCloseTo(4924.2913, 4);
  });

  it("C Akker: wheat whose straw was baled depletes the soil", () => {
    // Wheat 2024-10-15 to 2025-07-25: 206 days in 2025 (181 to 30 June + 25):
    //   1,640 × 206 / 365 = 337,840 / 365 = 925.5890. Straw baled (residuesLeft false): 0.
    // ρ estimated for rivierklei at 2.5 %: 6.7e-7 × 2.5⁴ − 7.792e-5 × 2.5³ + 0.00314712 × 2.5²
    //   − 0.06039523 × 2.5 + 1.33932206 = 1.2068122 g/cm³.
    // Degradation: 2.5 × 30 × 1.2068122 × 1000 × (0.038228 − 0.008934 × ln 2.5 = 0.0300419)
    //   × 0.8467453 = 2,302.3987. Balance: 925.5890 − 2,302.3987 = −1,376.8097.
    const c = fieldOf(stro);
    expect(c.cultivations[0]).toMatchObject({ residuesLeft: false, residues: 0 });
    expect(c.supply.total).toBeCloseTo(925.589, 4);
    expect(c.soil.bulkDensity).toBeCloseTo(1.2068122, 7);
    expect(c.degradation).toBeCloseTo(2302.3987, 4);
    expect(c.balance).toBeCloseTo(-1376.8097, 4);
  });

  it("weighs the farm by the fields' areas", () => {
    // The three squares are 1.00 ha each (fdm-core's areas, read back):
    // balance ≈ (911.3156 + 4,924.2913 − 1,376.8097) / 3 = 4,458.7972 / 3 = 1,486.2657.
    const hand: [string, number][] = [
      [akker, 911.3156],
      [weide, 4924.2913],
      [stro, -1376.8097],
    ];
    const area = hand.reduce((s, [id]) => s + (areas.get(id) ?? 0), 0);
    const mean = hand.reduce((s, [id, v]) => s + v * (areas.get(id) ?? 0), 0) / area;
    expect(balance.area).toBeCloseTo(area, 9);
    expect(balance.balance).toBeCloseTo(mean, 3);
    expect(balance.balance).toBeCloseTo(1486.2657, 1);
  });

  it("answers the same data from the cache, and a change with a fresh result", async () => {
    const rows = async () =>
      (await fdm.select().from(fdmSchema.calculationResults)).filter(
        (r) => r.calculatorName === "calculateOrganicMatterBalance",
      );
    expect(await rows()).toHaveLength(1);
    expect(await getOrganicMatterBalanceForFarm(fdm, owner, farmId, YEAR)).toEqual(balance);
    expect(await rows()).toHaveLength(1);
    // The straw of A turns out to have been baled after all: its 990 go.
    await updateCultivation(fdm, owner, wheatA, { residuesLeft: false });
    const after = await getOrganicMatterBalanceForFarm(fdm, owner, farmId, YEAR);
    expect(after.fields.find((f) => f.fieldId === akker)?.supply.residues).toBe(0);
    expect(await rows()).toHaveLength(2);
    await updateCultivation(fdm, owner, wheatA, { residuesLeft: true });
  });

  it("refuses a principal without access to the farm, through fdm-core", async () => {
    await expect(
      getOrganicMatterBalanceForFarm(fdm, stranger, farmId, YEAR),
    ).rejects.toBeInstanceOf(FdmPermissionError);
  });
});

describe("collectInputForOrganicMatterBalance", () => {
  it("reads each field's soil, crops and products", async () => {
    const input = await collectInputForOrganicMatterBalance(fdm, owner, farmId, YEAR);
    const a = input.fields.find((f) => f.id === akker);
    expect(a?.soil).toEqual({ organicMatter: 3, bulkDensity: 1.35, soilType: "zeeklei" });
    expect(
      a?.cultivations.map((c) => [
        c.cultivationId,
        c.effectiveOrganicMatter,
        c.effectiveOrganicMatterResidue,
        c.residuesLeft,
      ]),
    ).toEqual([
      ["nl_233", 1640, 990, true],
      ["nl_6755", 1100, 0, null],
    ]);
    expect(a?.applications[0]?.fertilizer).toEqual({
      id: COMPOST,
      isMineral: false,
      isManure: false,
      isCompost: true,
      effectiveOrganicMatter: 98.9037,
    });
  });

  it("reports a field without organic matter, or without density and soil type, as missing, not 0", async () => {
    const farm = await addFarm(fdm, owner, { name: "Onbekende grond" });
    await enableCultivationCatalogue(fdm, owner, farm, "brp");
    const add = (name: string, i: number) =>
      addField(fdm, owner, farm, {
        name,
        geometry: squareHa(10 + i),
        acquiringDate: new Date("2010-01-01"),
        acquiringMethod: "owner",
      });
    const noOm = await add("Geen organische stof", 0);
    await addSoilAnalysis(fdm, owner, noOm, {
      samplingDate: new Date("2024-02-01"),
      source: "laboratory",
      parameters: { pAl: 40, bulkDensity: 1.4 },
    });
    const noDensity = await add("Geen dichtheid", 1);
    await addSoilAnalysis(fdm, owner, noDensity, {
      samplingDate: new Date("2024-02-01"),
      source: "laboratory",
      parameters: { organicMatter: 4 },
    });
    const result = await getOrganicMatterBalanceForFarm(fdm, owner, farm, YEAR);
    expect(result.fields.map((f) => [f.degradation, f.balance, f.complete])).toEqual([
      [null, null, false],
      [null, null, false],
    ]);
    expect(result.missing.map((m) => [m.fieldId, m.item])).toEqual([
      [noDensity, "bulkDensity"],
      [noOm, "organicMatter"],
    ]);
    expect([result.degradation, result.balance, result.complete]).toEqual([null, null, false]);
    // Given in the options, the density completes the field.
    const given = await getOrganicMatterBalanceForFarm(fdm, owner, farm, YEAR, {
      fields: { [noDensity]: { bulkDensity: 1.3 } },
    });
    // 4 × 30 × 1.3 × 1000 × 0.0258428 × 0.8467453 = 3,413.64 (the reference's example at 10.6 °C)
    expect(given.fields.find((f) => f.fieldId === noDensity)?.degradation).toBeCloseTo(3413.64, 2);
  });

  it("counts the soil of a field acquired mid-year only from its acquiring date", async () => {
    const farm = await addFarm(fdm, owner, { name: "Nieuw land" });
    await enableCultivationCatalogue(fdm, owner, farm, "brp");
    const bought = await addField(fdm, owner, farm, {
      name: "Gekocht op 1 juli",
      geometry: squareHa(20),
      acquiringDate: new Date("2025-07-01"),
      acquiringMethod: "owner",
    });
    await addCultivation(fdm, owner, bought, {
      catalogueItemId: "nl_265",
      startDate: new Date("2025-07-01"),
    });
    await addSoilAnalysis(fdm, owner, bought, {
      samplingDate: new Date("2025-07-01"),
      source: "laboratory",
      parameters: { organicMatter: 4, bulkDensity: 1.3 },
    });
    const input = await collectInputForOrganicMatterBalance(fdm, owner, farm, YEAR);
    expect(input.fields[0]?.held).toEqual({ start: new Date("2025-07-01"), end: null });
    const result = await getOrganicMatterBalanceForFarm(fdm, owner, farm, YEAR);
    // 184 days held (1 July – 31 December), all under grass at 10 cm:
    // 4 × 10 × 1.3 × 1000 × 0.0258428 × 0.8467453 = 1,137.88 a year; × 184 / 365 = 573.6.
    const f = result.fields[0];
    expect([f?.soil.grasslandDays, f?.soil.arableDays]).toEqual([184, 0]);
    expect(f?.degradation).toBeCloseTo(573.6, 1);
  });

  it("takes a product's EOM from the options where the catalogue gives none", async () => {
    const farm = await addFarm(fdm, owner, { name: "Generieke mest" });
    await enableFertilizerCatalogue(fdm, owner, farm, "rvo");
    const slurry = await addFertilizer(fdm, owner, farm, {
      catalogueItemId: "rvo_14", // Table 11 gives no EOM
      acquiringDate: new Date("2025-01-01"),
    });
    const id = await addField(fdm, owner, farm, {
      name: "Weide",
      geometry: squareHa(20),
      acquiringDate: new Date("2010-01-01"),
      acquiringMethod: "owner",
    });
    await addFertilizerApplication(fdm, owner, id, {
      fertilizerId: slurry,
      amountKgPerHa: 20_000,
      method: "shallow_injection",
      applicationDate: new Date("2025-04-01"),
    });
    const without = await getOrganicMatterBalanceForFarm(fdm, owner, farm, YEAR);
    expect(without.missing.map((m) => m.item)).toContain("productEffectiveOrganicMatter");
    expect(without.fields[0]?.supply.products.manure).toBeNull();
    const withFigure = await getOrganicMatterBalanceForFarm(fdm, owner, farm, YEAR, {
      effectiveOrganicMatter: { rvo_14: 44.8643 },
    });
    // 20,000 × 44.8643 / 1000 = 897.286
    expect(withFigure.fields[0]?.supply.products.manure).toBeCloseTo(897.286, 9);
  });

  it("refuses options naming a field the farm does not hold, and a bad timeframe", async () => {
    await expect(
      collectInputForOrganicMatterBalance(fdm, owner, farmId, YEAR, {
        fields: { "not-a-field": { bulkDensity: 1.3 } },
      }),
    ).rejects.toThrow(/options.fields names field "not-a-field", which the farm does not hold/);
    await expect(
      collectInputForOrganicMatterBalance(fdm, owner, farmId, { start: YEAR.end, end: YEAR.start }),
    ).rejects.toThrow(/timeframe.end \(2025-01-01\) lies before timeframe.start \(2025-12-31\)/);
    await expect(
      collectInputForOrganicMatterBalance(fdm, owner, farmId, YEAR, {
        effectiveOrganicMatter: "45" as never,
      }),
    ).rejects.toThrow(/options.effectiveOrganicMatter must be an object/);
  });
});
