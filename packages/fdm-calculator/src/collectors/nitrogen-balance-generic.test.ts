// A farm written with fdm-core alone, recording manure as most Dutch farm records and RVO's
// forms do: the generic product of its RVO mestcode (`rvo_14`, runderdrijfmest), with no
// NH4-N of its own. The balance takes the NH4-N share of NMI's srm products of the same
// mestcode and is complete by every method the product allows; a 2026 farm with a RENURE
// product reads the 2026 Table 11. Every expected figure is worked by hand from:
// - reference/nl-2025/mestcodes-2025.csv and nl-2026/mestcodes-2026.csv: code 14, 4 kg N/ton;
// - reference/nmi-catalogues/srm-fertilizers.csv: Runderdrijfmest (14), 4.1 g N/kg, 1.9 g NH4-N/kg;
// - reference/nmi-nitrogen-balance/ammonia-emission-factors-manure.csv: on grassland 0.17 for
//   narrowband, shallow injection, injection and incorporation (the last assumed by NMI);
// - reference/nmi-nitrogen-balance/ammonia-emission-factors-mineral.csv: k3 = 2.498e-4 % per (g N/kg)².
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
  type FdmLocalType,
  getFertilizer,
  syncCatalogues,
} from "fdm-core";
import type { ApplicationMethods } from "fdm-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NitrogenBalance, NitrogenBalanceField } from "../balance/nitrogen/types.js";
import { getNitrogenBalanceForFarm } from "./cached.js";
import { signUpOwner, squareHa } from "./test-farm.js";

const METHODS: ApplicationMethods[] = [
  "narrowband",
  "shallow_injection",
  "injection",
  "incorporation",
];
// 30,000 kg × 4 kg N/ton (Table 11, code 14) / 1000 = 120 kg N/ha.
const SLURRY_N = 120;
// 120 kg N × 1.9 / 4.1 (NH4-N share of srm Runderdrijfmest) × 0.17 (grassland) = 9.453658…
const SLURRY_NH3 = (120 * 1.9 * 0.17) / 4.1;

let fdm: FdmLocalType;
let owner: string;
let farmId: string;
const fieldOf = new Map<string, string>();
let customFieldId: string;
let balance2025: NitrogenBalance;
let renureFieldId: string;
let balance2026: NitrogenBalance;

async function grassland(name: string, i: number) {
  const id = await addField(fdm, owner, farmId, {
    name,
    geometry: squareHa(i),
    acquiringDate: new Date("2010-01-01"),
    acquiringMethod: "owner",
  });
  await addSoilAnalysis(fdm, owner, id, {
    samplingDate: new Date("2024-02-01"),
    source: "laboratory",
    parameters: { soilType: "dekzand", gwlClass: "VI", organicMatter: 4.5, pAl: 40 },
  });
  await addCultivation(fdm, owner, id, {
    catalogueItemId: "nl_265",
    startDate: new Date("2015-01-01"),
  });
  return id;
}

beforeAll(async () => {
  fdm = await createFdmLocal();
  owner = await signUpOwner(fdm);
  await syncCatalogues(fdm);
  farmId = await addFarm(fdm, owner, { name: "Melkveebedrijf Generiek" });
  await enableCultivationCatalogue(fdm, owner, farmId, "brp");
  await enableFertilizerCatalogue(fdm, owner, farmId, "rvo");
  const slurry = await addFertilizer(fdm, owner, farmId, {
    catalogueItemId: "rvo_14",
    acquiringDate: new Date("2025-01-01"),
  });
  // Permanent grassland on dekzand, one field per method: 30 t/ha of rvo_14 in March 2025
  // and again in March 2026.
  for (const [i, method] of METHODS.entries()) {
    const id = await grassland(`Weide ${i + 1} ${method}`, i);
    fieldOf.set(method, id);
    for (const date of ["2025-03-15", "2026-03-15"]) {
      await addFertilizerApplication(fdm, owner, id, {
        fertilizerId: slurry,
        amountKgPerHa: 30_000,
        method,
        applicationDate: new Date(date),
      });
    }
  }
  // A custom slurry with its own analysis: 4.5 g N/kg, of which 2.5 g NH4-N/kg.
  const analysed = await addFertilizer(fdm, owner, farmId, {
    custom: {
      name: "Drijfmest met analyse",
      typeRvo: 14,
      isManure: true,
      form: "slurry",
      n: 4.5,
      nNh4: 2.5,
      nNo3: 0,
      applicationMethods: ["shallow_injection"],
    },
    acquiringDate: new Date("2025-01-01"),
  });
  customFieldId = await grassland("Weide 5 eigen analyse", 4);
  await addFertilizerApplication(fdm, owner, customFieldId, {
    fertilizerId: analysed,
    amountKgPerHa: 30_000,
    method: "shallow_injection",
    applicationDate: new Date("2025-03-15"),
  });
  // 2026: RENURE ammonium sulphate (mestcode 130) with its measured content: all of its
  // 80 g N/kg is NH4-N, no nitrate; sulphur as SO3.
  const renure = await addFertilizer(fdm, owner, farmId, {
    custom: {
      name: "Ammoniumsulfaat uit luchtwasser",
      typeRvo: 130,
      isMineral: true,
      form: "liquid",
      n: 80,
      nNh4: 80,
      nNo3: 0,
      so3: 229,
      p2o5: 0,
      applicationMethods: ["broadcasting"],
    },
    acquiringDate: new Date("2026-01-01"),
  });
  renureFieldId = fieldOf.get("shallow_injection") as string;
  await addFertilizerApplication(fdm, owner, renureFieldId, {
    fertilizerId: renure,
    amountKgPerHa: 400,
    method: "broadcasting",
    applicationDate: new Date("2026-04-15"),
  });

  balance2025 = await getNitrogenBalanceForFarm(fdm, owner, farmId, {
    start: new Date("2025-01-01"),
    end: new Date("2025-12-31"),
  });
  balance2026 = await getNitrogenBalanceForFarm(fdm, owner, farmId, {
    start: new Date("2026-01-01"),
    end: new Date("2026-12-31"),
  });
}, 180_000);

afterAll(async () => {
  if (fdm) await closeFdm(fdm);
});

const field = (b: NitrogenBalance, id: string): NitrogenBalanceField => {
  const found = b.fields.find((f) => f.fieldId === id);
  if (!found) throw new Error(`no field ${id}`);
  return found;
};

describe("generic RVO products: the NH4-N share of their mestcode", () => {
  it.each(METHODS)("rvo_14 by %s on grassland: a complete 2025 balance", (method) => {
    const f = field(balance2025, fieldOf.get(method) as string);
    expect(f.missing).toEqual([]);
    expect(f.complete).toBe(true);
    expect(f.supply.fertilizers.manure).toBeCloseTo(SLURRY_N, 9);
    expect(f.emission.fertilizers.manure).toBeCloseTo(SLURRY_NH3, 9);
    expect(f.applications[0]?.emissionFactor).toBeCloseTo((0.17 * 1.9) / 4.1, 12);
  });

  it("a custom product's own NH4-N wins: 30,000 kg × 2.5 g NH4-N/kg × 0.17 = 12.75", () => {
    const f = field(balance2025, customFieldId);
    expect(f.complete).toBe(true);
    // supply 30,000 × 4.5 / 1000 = 135
    expect(f.supply.fertilizers.manure).toBeCloseTo(135, 9);
    expect(f.emission.fertilizers.manure).toBeCloseTo(12.75, 9);
  });

  it("names the source of the NH4-N share", () => {
    expect(balance2025.emissionFactorSource).toMatch(
      /mean NH4-N\/N of NMI's srm products of the same RVO mestcode/,
    );
    expect(balance2025.complete).toBe(true);
  });
});

describe("a 2026 balance reads the 2026 tables", () => {
  it("is complete with cattle slurry and a RENURE product (mestcode 130)", () => {
    const f = field(balance2026, renureFieldId);
    expect(f.missing).toEqual([]);
    expect(f.complete).toBe(true);
    // Slurry as in 2025 (Table 11 of 2026: code 14 still 4 kg N/ton).
    expect(f.supply.fertilizers.manure).toBeCloseTo(SLURRY_N, 9);
    expect(f.emission.fertilizers.manure).toBeCloseTo(SLURRY_NH3, 9);
    // RENURE: 400 kg × 80 g N/kg / 1000 = 32 kg N/ha, measured (Table 11 has no figure).
    expect(f.supply.fertilizers.mineral).toBeCloseTo(32, 9);
    const renure = f.applications.find((a) => a.nContent === 80);
    expect(renure?.nContentSource).toBe("measured");
    // NH3 of a mineral fertilizer without a catalogue factor: (k3 × NH4²) / 100 with no
    // organic N and no nitrate = 2.498e-4 × 80² / 100 = 0.0159872; × 32 = 0.5115904.
    expect(f.emission.fertilizers.mineral).toBeCloseTo(0.5115904, 9);
  });

  it("the whole farm is complete in 2026", () => {
    expect(balance2026.missing).toEqual([]);
    expect(balance2026.complete).toBe(true);
  });
});

describe("a product without its ammonium N", () => {
  it("is missing its NH4-N, named with the field to give, not a factor the table has", async () => {
    // Liquid sewage sludge (mestcode 113): neither its own NH4-N nor an NMI srm product of
    // code 113 to take a share from. The table does have the factor for broadcasting on
    // grassland (0.68 per kg NH4-N, Van Bruggen et al. 2024); what is missing is the NH4-N.
    const farm = await addFarm(fdm, owner, { name: "Slib zonder ammonium" });
    await enableCultivationCatalogue(fdm, owner, farm, "brp");
    const sludge = await addFertilizer(fdm, owner, farm, {
      custom: {
        name: "Zuiveringsslib zonder NH4-analyse",
        typeRvo: 113,
        form: "slurry",
        n: 5,
        applicationMethods: ["broadcasting"],
      },
      acquiringDate: new Date("2025-01-01"),
    });
    const saved = farmId;
    farmId = farm;
    const fieldId = await grassland("Weide slib", 20);
    farmId = saved;
    const applicationId = await addFertilizerApplication(fdm, owner, fieldId, {
      fertilizerId: sludge,
      amountKgPerHa: 10_000,
      method: "broadcasting",
      applicationDate: new Date("2025-04-01"),
    });
    const itemId = (await getFertilizer(fdm, owner, sludge)).catalogueItemId;
    const result = await getNitrogenBalanceForFarm(fdm, owner, farm, {
      start: new Date("2025-01-01"),
      end: new Date("2025-12-31"),
    });
    const f = field(result, fieldId);
    expect(f.missing).toEqual([
      {
        fieldId,
        item: "fertilizerEmissionFactor",
        ref: applicationId,
        reason: `fertilizer "${itemId}" has no ammonium N figure (nNh4, g NH4-N/kg) and no NMI srm product of its RVO mestcode 113 gives one to take a share from; give its nNh4 so that NMI's factor for broadcasting on grassland (0.68 kg NH3-N per kg NH4-N) applies`,
      },
    ]);
    // Its N counts: 10,000 kg × 5 g N/kg / 1000 = 50 kg N/ha; only the emission is unknown.
    expect(f.supply.fertilizers.other).toBeCloseTo(50, 9);
    expect(f.emission.fertilizers.other).toBeNull();
  });
});
