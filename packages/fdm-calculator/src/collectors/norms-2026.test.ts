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
  setGrazingIntention,
  syncCatalogues,
} from "fdm-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FdmCalculatorError } from "../errors.js";
import { calculateGebruiksnormenForFarm, getNormYears } from "../index.js";
import { getGebruiksnormenForFarm } from "./cached.js";
import { collectInputForNorms, getDoseForField } from "./norms.js";
import { signUpOwner, squareHa } from "./test-farm.js";

// A sandy farm of 2026 written through fdm-core: grassland since 2015 destroyed
// on 2026-04-10 and followed by snijmaïs, RENURE ammonium sulphate with its
// measured content (a custom product: 80 g N/kg, no phosphate), and a cattle
// slurry application of 2025 that the 2026 norms must not read.
let fdm: FdmLocalType;
let owner: string;
let farmId: string;
let fieldId: string;
let grassId: string;
let renureId: string;

beforeAll(async () => {
  fdm = await createFdmLocal();
  owner = await signUpOwner(fdm);
  await syncCatalogues(fdm);
  farmId = await addFarm(fdm, owner, { name: "Zandhoeve" });
  await enableCultivationCatalogue(fdm, owner, farmId, "brp");
  await enableFertilizerCatalogue(fdm, owner, farmId, "rvo");
  await setGrazingIntention(fdm, owner, farmId, 2026, false);
  fieldId = await addField(fdm, owner, farmId, {
    name: "Maïs na gras",
    geometry: squareHa(0),
    acquiringDate: new Date("2014-01-01"),
    acquiringMethod: "owner",
  });
  grassId = await addCultivation(fdm, owner, fieldId, {
    catalogueItemId: "nl_265",
    startDate: new Date("2015-04-01"),
    endDate: new Date("2026-04-10"),
  });
  await addCultivation(fdm, owner, fieldId, {
    catalogueItemId: "nl_259",
    startDate: new Date("2026-04-20"),
    endDate: new Date("2026-10-01"),
  });
  await addSoilAnalysis(fdm, owner, fieldId, {
    samplingDate: new Date("2025-11-01"),
    source: "laboratory",
    parameters: { pCaCl2: 3.0, pAl: 50 },
  });
  renureId = await addFertilizer(fdm, owner, farmId, {
    custom: {
      name: "Ammoniumsulfaat uit mest",
      typeRvo: 130,
      form: "liquid",
      n: 80,
      p2o5: 0,
      applicationMethods: ["broadcasting"],
    },
    acquiringDate: new Date("2025-12-01"),
  });
  await addFertilizerApplication(fdm, owner, fieldId, {
    fertilizerId: renureId,
    amountKgPerHa: 400,
    method: "broadcasting",
    applicationDate: new Date("2026-05-05"),
  });
  const slurryId = await addFertilizer(fdm, owner, farmId, {
    catalogueItemId: "rvo_14",
    acquiringDate: new Date("2025-01-01"),
  });
  await addFertilizerApplication(fdm, owner, fieldId, {
    fertilizerId: slurryId,
    amountKgPerHa: 30000,
    method: "shallow_injection",
    applicationDate: new Date("2025-03-15"),
  });
}, 120_000);

afterAll(async () => {
  if (fdm) await closeFdm(fdm);
});

const location = () => ({
  fields: { [fieldId]: { region: "zand_zuid" as const, isNVGebied: false } },
});

describe("collectInputForNorms, 2026", () => {
  it("reads the 2026 input from fdm-core: cultivations of 2025–2026, applications of 2026 only", async () => {
    const [input] = await collectInputForNorms(fdm, owner, farmId, 2026, location());
    expect(input).toMatchObject({
      fieldId,
      region: "zand_zuid",
      isNVGebied: false,
      hasGrazingIntention: false,
      isOrganicCertified: false,
      soilPhosphate: { pCaCl2: 3.0, pAl: 50 },
    });
    expect(input && "hasDerogation" in input).toBe(false);
    expect(input?.cultivations.map((c) => c.cultivationId).sort()).toEqual(["nl_259", "nl_265"]);
    expect(input?.applications).toHaveLength(1);
    expect(input?.applications[0]?.fertilizer).toMatchObject({ typeRvo: 130 });
    expect(input?.applications[0]?.fertilizer.composition.n).toBe(80);
  });

  it("feeds calculateGebruiksnormenForFarm(2026, …): korting after grassland, RENURE filled", async () => {
    const farm = calculateGebruiksnormenForFarm(
      2026,
      await collectInputForNorms(fdm, owner, farmId, 2026, location()),
    );
    const field = farm.fields[0];
    // maïs on zand_zuid 112, grassland destroyed 2026-04-10: − 65
    expect(field?.stikstof.norm).toMatchObject({ tableValue: 112, korting: 65, normValue: 47 });
    expect(field?.dierlijkeMest).toMatchObject({
      norm: { normValue: 170 },
      filling: { normFilling: 0 },
    });
    // 400 kg × 80 g N/kg = 32
    expect(field?.renure).toMatchObject({ norm: { normValue: 80 }, filling: { normFilling: 32 } });
    // bouwland, P-CaCl2 3.0 and P-AL 50: Ruim, 60
    expect(field?.fosfaat.norm.normValue).toBe(60);
  });

  it("takes what the grass was from the options: a groenbemester brings no korting", async () => {
    const farm = await getGebruiksnormenForFarm(fdm, owner, farmId, 2026, {
      ...location(),
      cultivationDetails: { [grassId]: { grassPurpose: "groenbemester" } },
    });
    expect(farm.fields[0]?.stikstof.norm).toMatchObject({ korting: 0, normValue: 112 });
  });

  it("getDoseForField takes the year from the timeframe: 2026 reads the 2026 tables", async () => {
    const dose = await getDoseForField(
      fdm,
      owner,
      fieldId,
      { start: new Date("2026-01-01"), end: new Date("2026-12-31") },
      { region: "zand_zuid" },
    );
    // Only the RENURE application of 2026: 400 kg × 80 g N/kg = 32 kg N/ha, Table 9 of 2026
    // "Renure" 100% (reference/nl-2026/werkingscoefficienten-2026.csv); the slurry of 2025 is
    // outside the timeframe.
    expect(dose).toMatchObject({ n: 32, nEffective: 32, p2o5: 0 });
    expect(dose.applications).toHaveLength(1);
  });

  it("getDoseForField refuses a timeframe over two years and names the years it knows", async () => {
    await expect(
      getDoseForField(
        fdm,
        owner,
        fieldId,
        { start: new Date("2025-07-01"), end: new Date("2026-06-30") },
        { region: "zand_zuid" },
      ),
    ).rejects.toThrow(/timeframe runs from 2025 into 2026/);
    await expect(
      getDoseForField(
        fdm,
        owner,
        fieldId,
        { start: new Date("2024-01-01"), end: new Date("2024-12-31") },
        { region: "zand_zuid", hasGrazingIntention: false },
      ),
    ).rejects.toThrow(
      `year 2024 has no RVO tables in fdm-calculator; the supported years are ${getNormYears().join(", ")}`,
    );
  });

  it("refuses a RENURE product without a measured N content (the catalogue's rvo_131)", async () => {
    const bare = await addFertilizer(fdm, owner, farmId, {
      catalogueItemId: "rvo_131",
      acquiringDate: new Date("2026-01-01"),
    });
    await addFertilizerApplication(fdm, owner, fieldId, {
      fertilizerId: bare,
      amountKgPerHa: 100,
      method: "injection",
      applicationDate: new Date("2026-06-01"),
    });
    const error = await getGebruiksnormenForFarm(fdm, owner, farmId, 2026, location()).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FdmCalculatorError);
    expect((error as FdmCalculatorError).code).toBe("RENURE_CONTENT_REQUIRED");
    expect((error as Error).message).toMatch(/mestcode 131 \(Ammoniumnitraat \(Renure\)\)/);
  });

  it("throws MISSING_FIELD_DATA when no grazing intention for 2026 is recorded or given", async () => {
    const other = await addFarm(fdm, owner, { name: "Leeg" });
    const error = await collectInputForNorms(fdm, owner, other, 2026).catch((e: unknown) => e);
    expect((error as FdmCalculatorError).code).toBe("MISSING_FIELD_DATA");
    expect((error as Error).message).toMatch(/none recorded for 2026/);
  });
});
