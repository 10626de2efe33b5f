// A farm written with fdm-core alone gets a complete nitrogen balance: every
// coefficient from the catalogues (NMI, fdm-data catalogues (MIT)), the soil
// analyses and NMI's default figures. The expected figures are worked by hand
// from reference/nmi-catalogues and reference/nmi-nitrogen-balance.
import {
  addCultivation,
  addFarm,
  addFertilizer,
  addFertilizerApplication,
  addField,
  addHarvest,
  addSoilAnalysis,
  closeFdm,
  createFdmLocal,
  enableCultivationCatalogue,
  enableFertilizerCatalogue,
  type FdmLocalType,
  syncCatalogues,
} from "fdm-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NitrogenBalance, NitrogenBalanceField } from "../balance/nitrogen/types.js";
import { getNitrogenBalanceForFarm } from "./cached.js";
import { signUpOwner, squareHa } from "./test-farm.js";

const YEAR = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };
// Catalogue items: NMI's Runderdrijfmest (srm; 4.1 g N/kg, 1.9 g NH4-N/kg) and KAS (baat;
// 270 g N/kg, NH3 factor 0.025).
const SLURRY = "srm_9d855a14df2045c2";
const KAS = "baat_028";

let fdm: FdmLocalType;
let owner: string;
let farmId: string;
let weideId: string;
let akkerId: string;
let balance: NitrogenBalance;

beforeAll(async () => {
  fdm = await createFdmLocal();
  owner = await signUpOwner(fdm);
  await syncCatalogues(fdm);
  farmId = await addFarm(fdm, owner, { name: "Melkveebedrijf De Hoeve" });
  await enableCultivationCatalogue(fdm, owner, farmId, "brp");
  await enableFertilizerCatalogue(fdm, owner, farmId, "srm");
  await enableFertilizerCatalogue(fdm, owner, farmId, "baat");
  const slurry = await addFertilizer(fdm, owner, farmId, {
    catalogueItemId: SLURRY,
    acquiringDate: new Date("2025-01-01"),
  });
  const kas = await addFertilizer(fdm, owner, farmId, {
    catalogueItemId: KAS,
    acquiringDate: new Date("2025-01-01"),
  });

  // Weide: permanent grassland on dekzand, Gt VI; slurry and KAS; three cuts.
  weideId = await addField(fdm, owner, farmId, {
    name: "A Weide",
    geometry: squareHa(0),
    acquiringDate: new Date("2010-01-01"),
    acquiringMethod: "owner",
  });
  await addSoilAnalysis(fdm, owner, weideId, {
    samplingDate: new Date("2024-02-01"),
    source: "laboratory",
    parameters: { soilType: "dekzand", gwlClass: "VI", organicMatter: 4.5, pAl: 40 },
  });
  const grass = await addCultivation(fdm, owner, weideId, {
    catalogueItemId: "nl_265",
    startDate: new Date("2015-01-01"),
  });
  await addFertilizerApplication(fdm, owner, weideId, {
    fertilizerId: slurry,
    amountKgPerHa: 40_000,
    method: "shallow_injection",
    applicationDate: new Date("2025-03-15"),
  });
  await addFertilizerApplication(fdm, owner, weideId, {
    fertilizerId: kas,
    amountKgPerHa: 400,
    method: "broadcasting",
    applicationDate: new Date("2025-04-10"),
  });
  await addHarvest(fdm, owner, grass, {
    harvestDate: new Date("2025-05-20"),
    dryMatterYield: 3500,
    nitrogenContent: 32,
  });
  await addHarvest(fdm, owner, grass, {
    harvestDate: new Date("2025-07-05"),
    dryMatterYield: 3000,
  });
  await addHarvest(fdm, owner, grass, {
    harvestDate: new Date("2025-09-01"),
    dryMatterYield: 2000,
  });

  // Akker: winter wheat on zeeklei, Gt VII; slurry injected and KAS; harvested 1 August.
  akkerId = await addField(fdm, owner, farmId, {
    name: "B Akker",
    geometry: squareHa(1),
    acquiringDate: new Date("2010-01-01"),
    acquiringMethod: "owner",
  });
  await addSoilAnalysis(fdm, owner, akkerId, {
    samplingDate: new Date("2023-11-01"),
    source: "laboratory",
    parameters: { soilType: "zeeklei", gwlClass: "VII", organicMatter: 2.8, pAl: 35 },
  });
  const wheat = await addCultivation(fdm, owner, akkerId, {
    catalogueItemId: "nl_233",
    startDate: new Date("2024-10-20"),
  });
  await addFertilizerApplication(fdm, owner, akkerId, {
    fertilizerId: slurry,
    amountKgPerHa: 25_000,
    method: "injection",
    applicationDate: new Date("2025-03-01"),
  });
  await addFertilizerApplication(fdm, owner, akkerId, {
    fertilizerId: kas,
    amountKgPerHa: 500,
    method: "broadcasting",
    applicationDate: new Date("2025-03-15"),
  });
  await addHarvest(fdm, owner, wheat, {
    harvestDate: new Date("2025-08-01"),
    dryMatterYield: 8000,
    nitrogenContent: 20,
  });

  // No options: everything from the database, the catalogues and the default tables.
  balance = await getNitrogenBalanceForFarm(fdm, owner, farmId, YEAR);
}, 120_000);

afterAll(async () => {
  if (fdm) await closeFdm(fdm);
});

function field(id: string): NitrogenBalanceField {
  const found = balance.fields.find((f) => f.fieldId === id);
  if (!found) throw new Error(`no field ${id}`);
  return found;
}

/** Every number of the components, so a single null anywhere fails the test. */
function numbers(f: NitrogenBalance | NitrogenBalanceField) {
  return [
    f.supply.total,
    ...Object.values(f.supply.fertilizers),
    f.supply.fixation,
    f.supply.deposition,
    f.supply.mineralization,
    f.removal.total,
    f.removal.harvests,
    f.removal.residues,
    f.emission.total,
    ...Object.values(f.emission.fertilizers),
    f.emission.residues,
    f.balance,
    f.nitrateLeaching,
  ];
}

describe("getNitrogenBalanceForFarm on a farm written with fdm-core alone", () => {
  it("is complete: every component of every field and of the farm is known", () => {
    expect(balance.missing).toEqual([]);
    expect(balance.complete).toBe(true);
    for (const f of [balance, ...balance.fields]) {
      expect(numbers(f).every((v) => typeof v === "number" && Number.isFinite(v))).toBe(true);
    }
    expect(balance.fields.every((f) => f.target !== null)).toBe(true);
    expect(balance.emissionFactorSource).toMatch(/^NMI, fdm-calculator nitrogen balance figures/);
  });

  it("Weide (grassland, dekzand, Gt VI): supply, removal, emission and surplus worked by hand", () => {
    const f = field(weideId);
    // Supply
    //   slurry 40,000 kg × 4.1 g N/kg / 1000 = 164.0 (manure)
    //   KAS 400 kg × 270 g N/kg / 1000 = 108.0 (mineral)
    //   fixation nl_265: 0; deposition: national average 19.3 × 365/365 = 19.3
    //   mineralization: dekzand under grass = 0
    //   total 164 + 108 + 0 + 19.3 + 0 = 291.3
    expect(f.supply.fertilizers.manure).toBeCloseTo(164, 9);
    expect(f.supply.fertilizers.mineral).toBeCloseTo(108, 9);
    expect(f.supply.fixation).toBe(0);
    expect(f.supply.deposition).toBeCloseTo(19.3, 9);
    expect(f.supply.mineralization).toBe(0);
    expect(f.supply.total).toBeCloseTo(291.3, 9);
    expect(f.depositionSource).toMatch(/^default: national average total N deposition 2022/);
    // Removal: 3500 × 32 (own analysis) + 3000 × 28.6 + 2000 × 28.6 (nl_265's N content), / 1000
    //   = 112.0 + 85.8 + 57.2 = 255.0; fdm-core records no residues taken off: 0
    expect(f.removal.harvests).toBeCloseTo(255, 9);
    expect(f.removal.residues).toBe(0);
    // Emission
    //   slurry: shallow injection on grassland 0.17 of NH4-N: 40,000 × 1.9 / 1000 × 0.17 = 12.92
    //   KAS: the catalogue's factor 0.025 × 108 = 2.7
    //   residues: mean yield (3500 + 3000 + 2000) / 3 = 2833.33; HI 0.67, 22.9 g N/kg DM:
    //     2833.33 / 0.67 × 0.33 × 22.9 / 1000 = 31.957463 kg N, factor (0.41 × 22.9 − 5.42) / 100
    //     = 0.03969, so 31.957463 × 0.03969 = 1.268392
    //   total 12.92 + 2.7 + 1.268392 = 16.888392
    expect(f.emission.fertilizers.manure).toBeCloseTo(12.92, 9);
    expect(f.emission.fertilizers.mineral).toBeCloseTo(2.7, 9);
    expect(f.emission.residues).toBeCloseTo(1.268392, 5);
    expect(f.emission.total).toBeCloseTo(16.888392, 5);
    // Surplus 291.3 − 255.0 − 16.888392 = 19.411608; nitrate on sand, grassland, Gt VI: × 0.21 = 4.076438
    expect(f.balance).toBeCloseTo(19.411608, 5);
    expect(f.nitrateLeachingFraction).toBe(0.21);
    expect(f.nitrateLeaching).toBeCloseTo(4.076438, 5);
    // Target: grassland on sand, Gt VI is "average": 125 kg N/ha per year, whole year.
    expect(f.target?.value).toBe(125);
    expect(f.overTarget).toBe(false);
  });

  it("Akker (winter wheat, zeeklei, Gt VII): supply, removal, emission and surplus worked by hand", () => {
    const f = field(akkerId);
    // Supply: KAS 500 × 270 / 1000 = 135.0; slurry 25,000 × 4.1 / 1000 = 102.5;
    //   deposition 19.3; mineralization zeeklei 0; fixation nl_233: 0 → 256.8
    expect(f.supply.fertilizers.mineral).toBeCloseTo(135, 9);
    expect(f.supply.fertilizers.manure).toBeCloseTo(102.5, 9);
    expect(f.supply.mineralization).toBe(0);
    expect(f.supply.total).toBeCloseTo(256.8, 9);
    // Removal: 8000 × 20 / 1000 = 160.0
    expect(f.removal.total).toBeCloseTo(160, 9);
    // Emission: KAS 135 × 0.025 = 3.375; slurry injected while the wheat stands (cropland):
    //   25,000 × 1.9 / 1000 × 0.24 = 11.4; residues 8000 / 0.44 × 0.56 × 5.3 / 1000 = 53.96 kg N,
    //   factor (0.41 × 5.3 − 5.42) / 100 < 0 → 0, so 0; total 14.775
    expect(f.emission.fertilizers.mineral).toBeCloseTo(3.375, 9);
    expect(f.emission.fertilizers.manure).toBeCloseTo(11.4, 9);
    expect(f.emission.residues).toBe(0);
    expect(f.emission.total).toBeCloseTo(14.775, 9);
    // Surplus 256.8 − 160 − 14.775 = 82.025; nitrate on clay cropland: × 0.33 = 27.06825
    expect(f.balance).toBeCloseTo(82.025, 9);
    expect(f.nitrateLeaching).toBeCloseTo(27.06825, 9);
    // Target: arable on clay, Gt VII is "dry": 115.
    expect(f.target?.value).toBe(115);
    expect(f.overTarget).toBe(false);
  });

  it("weighs the fields by area for the farm (two squares of equal area: the mean)", () => {
    // Equal areas (squareHa shifts in longitude only), so each farm figure is the mean of the two fields.
    expect(balance.fields[0]?.area).toBeCloseTo(balance.fields[1]?.area ?? 0, 9);
    // (19.411608 + 82.025) / 2 = 50.718304; (291.3 + 256.8) / 2 = 274.05; (255 + 160) / 2 = 207.5
    expect(balance.balance).toBeCloseTo(50.718304, 5);
    expect(balance.supply.total).toBeCloseTo(274.05, 9);
    expect(balance.removal.total).toBeCloseTo(207.5, 9);
    // (4.076438 + 27.06825) / 2 = 15.572344
    expect(balance.nitrateLeaching).toBeCloseTo(15.572344, 5);
  });

  // Runs last: it adds a field.
  it("lists what is truly missing for a field without a soil analysis, and only that", async () => {
    const bare = await addField(fdm, owner, farmId, {
      name: "C Nieuw perceel",
      geometry: squareHa(2),
      acquiringDate: new Date("2025-01-01"),
      acquiringMethod: "lease",
    });
    const again = await getNitrogenBalanceForFarm(fdm, owner, farmId, YEAR);
    expect(again.complete).toBe(false);
    expect(again.missing.map((m) => [m.fieldId, m.item])).toEqual([
      [bare, "mineralization"],
      [bare, "surplusTarget"],
      [bare, "nitrateLeachingFraction"],
    ]);
    // The other fields keep their complete balance.
    expect(again.fields.filter((f) => f.complete).map((f) => f.fieldId)).toEqual([
      weideId,
      akkerId,
    ]);
  });
});
