import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  addDerogation,
  addOrganicCertification,
  closeFdm,
  FdmPermissionError,
  setGrazingIntention,
} from "fdm-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FdmCalculatorError } from "../errors.js";
import { calculateGebruiksnormenForFarm, getNormYears } from "../index.js";
import { clearGeodataCache } from "../location/geodata.js";
import { collectInputForDose, collectInputForNorms, getDoseForField } from "./norms.js";
import { createTestFarm, type TestFarm } from "./test-farm.js";

const YEAR = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };

let farm: TestFarm;
let dir: string;
let base: NonNullable<Parameters<typeof collectInputForNorms>[4]>;

beforeAll(async () => {
  farm = await createTestFarm();
  dir = await mkdtemp(join(tmpdir(), "fdm-collector-norms-"));
  base = {
    fields: {
      [farm.arable.fieldId]: { region: "klei", isNVGebied: false, isGWBG: false },
      [farm.grass.fieldId]: { region: "zand_nwc", isNVGebied: false, isGWBG: false },
    },
    hasDerogation: false,
    hasGrazingIntention: true,
    isOrganicCertified: false,
    manureOrigin: { [farm.slurryId]: "eigen_bedrijf" },
  };
}, 60_000);

afterAll(async () => {
  if (farm) await closeFdm(farm.fdm);
  await rm(dir, { recursive: true, force: true });
});

// KAS as NMI's baat catalogue gives it (baat_028): 270 g N/kg, no P, K, S or Mg, CaO not given.
const canComposition = { n: 270, p2o5: 0, k2o: 0, so3: 0, mgo: 0, cao: null };
const slurryComposition = { n: 4, p2o5: 1.5, k2o: null, so3: null, mgo: null, cao: null };

describe("collectInputForNorms, 2025", () => {
  it("builds the norms input of every field held in 2025", async () => {
    const { arable, grass } = farm;
    const inputs = await collectInputForNorms(farm.fdm, farm.owner, farm.farmId, 2025, base);
    expect(inputs.map((i) => i.fieldId)).toEqual([arable.fieldId, grass.fieldId]);
    const flags = {
      isNVGebied: false,
      isGWBG: false,
      isNatura2000: false,
      isDerogatievrijeZone: false,
      hasDerogation: false,
      hasGrazingIntention: true,
      isOrganicCertified: false,
    };
    expect(inputs[0]?.area).toBeCloseTo(1, 2);
    expect({ ...inputs[0], area: 1 }).toEqual({
      fieldId: arable.fieldId,
      area: 1,
      region: "klei",
      ...flags,
      // 2024's maize stays in: the catch-crop reduction looks back at it.
      cultivations: [
        {
          cultivationId: "nl_259",
          startDate: new Date("2024-04-20"),
          endDate: new Date("2024-10-01"),
        },
        {
          cultivationId: "nl_233",
          startDate: new Date("2024-10-20"),
          endDate: new Date("2025-08-01"),
        },
      ],
      soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
      applications: [
        {
          id: arable.canApplicationId,
          date: new Date("2025-03-15"),
          amount: 500,
          method: "broadcasting",
          fertilizer: { id: "baat_028", typeRvo: 115, composition: canComposition },
        },
      ],
    });
    expect({ ...inputs[1], area: 1 }).toEqual({
      fieldId: grass.fieldId,
      area: 1,
      region: "zand_nwc",
      ...flags,
      cultivations: [{ cultivationId: "nl_265", startDate: new Date("2015-01-01"), endDate: null }],
      soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
      applications: [
        {
          id: grass.slurryApplicationId,
          date: new Date("2025-03-15"),
          amount: 30000,
          method: "shallow_injection",
          fertilizer: { id: "rvo_14", typeRvo: 14, composition: slurryComposition },
          origin: "eigen_bedrijf",
        },
      ],
    });
  });

  it("feeds calculateGebruiksnormenForFarm(2025, …) end to end: the 2025 norms of the farm in fdm-core", async () => {
    const inputs = await collectInputForNorms(farm.fdm, farm.owner, farm.farmId, 2025, base);
    const norms = calculateGebruiksnormenForFarm(2025, inputs);
    const [akker, weide] = norms.fields;
    // RVO Table 2, "Akkerbouwgewassen, wintertarwe" on klei: 245 kg N/ha.
    expect(akker?.stikstof.norm?.normValue).toBe(245);
    // CAN is kunstmest (werkingscoëfficiënt 100%): 500 kg × 270 g/kg = 135.
    expect(akker?.stikstof.filling.normFilling).toBeCloseTo(135, 9);
    // Bouwland, P-CaCl2 2.0 and P-AL 40: class Laag, 80 kg P2O5/ha.
    expect(akker?.fosfaat.norm.normValue).toBe(80);
    expect(akker?.dierlijkeMest.norm.normValue).toBe(170);
    expect(akker?.dierlijkeMest.filling.normFilling).toBe(0);
    // Table 2, "Grasland" with beweiden on zand_nwc: 250 kg N/ha.
    expect(weide?.stikstof.norm?.normValue).toBe(250);
    // 30,000 kg × 4 g/kg = 120 kg N; own slurry on a grazing farm counts for 45%: 54.
    expect(weide?.stikstof.filling.normFilling).toBeCloseTo(54, 9);
    // Grasland, P-CaCl2 2.0 and P-AL 40: class Ruim, 90 kg P2O5/ha; 30,000 kg × 1.5 g/kg = 45.
    expect(weide?.fosfaat.norm.normValue).toBe(90);
    expect(weide?.fosfaat.filling.normFilling).toBeCloseTo(45, 9);
    expect(weide?.dierlijkeMest.filling.normFilling).toBeCloseTo(120, 9);
  });

  it("looks up NV-gebied in a dataset when the options do not give the flag", async () => {
    clearGeodataCache();
    const path = join(dir, "nv.geojson");
    // One polygon over the second square (Weide) only.
    await writeFile(
      path,
      JSON.stringify({
        type: "FeatureCollection",
        features: [
          {
            type: "Feature",
            properties: {},
            geometry: {
              type: "Polygon",
              coordinates: [
                [
                  [5.6618, 51.97],
                  [5.67, 51.97],
                  [5.67, 51.99],
                  [5.6618, 51.99],
                  [5.6618, 51.97],
                ],
              ],
            },
          },
        ],
      }),
    );
    const inputs = await collectInputForNorms(farm.fdm, farm.owner, farm.farmId, 2025, {
      ...base,
      fields: {
        [farm.arable.fieldId]: { region: "klei", isGWBG: false },
        [farm.grass.fieldId]: { region: "zand_nwc", isGWBG: false },
      },
      nvGebiedGeodata: { source: path },
    });
    expect(inputs.map((i) => i.isNVGebied)).toEqual([false, true]);
  });

  it("throws MISSING_FIELD_DATA when no grazing intention for 2025 is recorded or given", async () => {
    const { hasGrazingIntention: _left, ...rest } = base ?? {};
    await expect(
      collectInputForNorms(farm.fdm, farm.owner, farm.farmId, 2025, rest),
    ).rejects.toMatchObject({
      code: "MISSING_FIELD_DATA",
      message: expect.stringContaining("setGrazingIntention or give options.hasGrazingIntention"),
    });
    await expect(
      getDoseForField(farm.fdm, farm.owner, farm.arable.fieldId, YEAR, { region: "klei" }),
    ).rejects.toMatchObject({ code: "MISSING_FIELD_DATA", fieldId: farm.arable.fieldId });
  });

  it("with derogatie, requires each field's Natura 2000 and derogatievrije-zone flags", async () => {
    const call = collectInputForNorms(farm.fdm, farm.owner, farm.farmId, 2025, {
      ...base,
      hasDerogation: true,
    });
    await expect(call).rejects.toThrow(FdmCalculatorError);
    await expect(call).rejects.toMatchObject({
      code: "MISSING_FIELD_DATA",
      fieldId: farm.arable.fieldId,
      message: expect.stringContaining("isNatura2000"),
    });
  });

  it("throws MISSING_FIELD_DATA naming the field when GWBG is neither given nor looked up", async () => {
    await expect(
      collectInputForNorms(farm.fdm, farm.owner, farm.farmId, 2025, {
        ...base,
        fields: {
          [farm.arable.fieldId]: { region: "klei", isNVGebied: false },
          [farm.grass.fieldId]: { region: "zand_nwc", isNVGebied: false, isGWBG: false },
        },
      }),
    ).rejects.toMatchObject({
      code: "MISSING_FIELD_DATA",
      fieldId: farm.arable.fieldId,
      message: expect.stringContaining("options.gwbgGeodata"),
    });
  });

  it("passes fdm-core's permission error through unchanged for a principal without a role", async () => {
    const call = collectInputForNorms(farm.fdm, farm.stranger, farm.farmId, 2025, base);
    await expect(call).rejects.toThrow(FdmPermissionError);
    await expect(call).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
  });

  // Runs last in this block: it records derogatie, grazing and a certificate for the farm.
  it("reads derogatie, grazing intention and organic certification for 2025 from fdm-core", async () => {
    await addDerogation(farm.fdm, farm.owner, farm.farmId, 2025);
    await setGrazingIntention(farm.fdm, farm.owner, farm.farmId, 2025, false);
    await addOrganicCertification(farm.fdm, farm.owner, farm.farmId, {
      tracesNumber: "NL-BIO-01.528-0002967.2024.001",
      skalNumber: "026281",
      issueDate: new Date("2024-06-01"),
      expiryDate: new Date("2025-05-31"),
    });
    const zones = {
      isNVGebied: false,
      isGWBG: false,
      isNatura2000: false,
      isDerogatievrijeZone: false,
    };
    const inputs = await collectInputForNorms(farm.fdm, farm.owner, farm.farmId, 2025, {
      fields: {
        [farm.arable.fieldId]: { region: "klei", ...zones },
        [farm.grass.fieldId]: { region: "zand_nwc", ...zones },
      },
      manureOrigin: { [farm.slurryId]: "eigen_bedrijf" },
    });
    expect(
      inputs.map((i) => [i.hasDerogation, i.hasGrazingIntention, i.isOrganicCertified]),
    ).toEqual([
      [true, false, true],
      [true, false, true],
    ]);
    const norms = calculateGebruiksnormenForFarm(2025, inputs);
    // With derogatie, outside NV-gebied, Natura 2000, GWBG and derogatievrije zone: 200 kg N/ha.
    expect(norms.fields[1]?.dierlijkeMest.norm.normValue).toBe(200);
    // Table 2, "Grasland" with volledig maaien (no grazing) on zand_nwc: 320 kg N/ha.
    expect(norms.fields[1]?.stikstof.norm?.normValue).toBe(320);
    // Own slurry on a farm without grazing counts for 60%: 120 × 0.6 = 72.
    expect(norms.fields[1]?.stikstof.filling.normFilling).toBeCloseTo(72, 9);
  });
});

describe("collectInputForNorms", () => {
  // That the year-named collectors of before 1.0 read the same: year-named.test.ts.
  it("takes the year as a value: each year reads the fields it holds, the derogation flags in 2025 only", async () => {
    const y2025 = await collectInputForNorms(farm.fdm, farm.owner, farm.farmId, 2025, base);
    const y2026 = await collectInputForNorms(farm.fdm, farm.owner, farm.farmId, 2026, base);
    expect(y2025.map((i) => i.fieldId)).toEqual([farm.arable.fieldId, farm.grass.fieldId]);
    expect(y2026.map((i) => i.fieldId)).toEqual([farm.arable.fieldId, farm.grass.fieldId]);
    expect(y2025.every((i) => i.hasDerogation === false)).toBe(true);
    expect(y2026.some((i) => "hasDerogation" in i)).toBe(false);
  });

  it("refuses a year without rules, naming the ones it knows", async () => {
    const next = Math.max(...getNormYears()) + 1; // the year after the last one with rules
    const call = collectInputForNorms(farm.fdm, farm.owner, farm.farmId, next, base);
    await expect(call).rejects.toThrow(FdmCalculatorError);
    await expect(call).rejects.toThrow(
      new RegExp(`${next}.*the supported years are ${getNormYears().join(", ")}`),
    );
  });
});

describe("collectInputForDose", () => {
  it("reads the field's applications in the timeframe with their origin, for calculateDose", async () => {
    const input = await collectInputForDose(farm.fdm, farm.owner, farm.grass.fieldId, YEAR, {
      region: "zand_nwc",
      hasGrazingIntention: true,
      manureOrigin: { [farm.slurryId]: "eigen_bedrijf" },
    });
    expect(input.year).toBe(2025);
    expect(input.region).toBe("zand_nwc");
    expect(input.applications).toHaveLength(1);
    expect(input.applications[0]).toMatchObject({
      amount: 30000,
      fertilizer: { typeRvo: 14, composition: slurryComposition },
      origin: "eigen_bedrijf",
    });
  });

  it("refuses a timeframe that runs into the next year", async () => {
    const twoYears = { start: new Date("2025-06-01"), end: new Date("2026-05-31") };
    await expect(
      collectInputForDose(farm.fdm, farm.owner, farm.grass.fieldId, twoYears, { region: "klei" }),
    ).rejects.toThrow(/runs from 2025 into 2026/);
  });
});

describe("getDoseForField", () => {
  it("returns the dose of the field's applications in the timeframe", async () => {
    const dose = await getDoseForField(farm.fdm, farm.owner, farm.grass.fieldId, YEAR, {
      region: "zand_nwc",
      hasGrazingIntention: true,
      manureOrigin: { [farm.slurryId]: "eigen_bedrijf" },
    });
    expect(dose.fieldId).toBe(farm.grass.fieldId);
    // 30,000 kg × 4 g N/kg = 120; × 45% = 54 effective; × 1.5 g P2O5/kg = 45.
    expect(dose.n).toBeCloseTo(120, 9);
    expect(dose.nEffective).toBeCloseTo(54, 9);
    expect(dose.p2o5).toBeCloseTo(45, 9);
    // Table 11 gives no K2O content and the product has none: unknown, not 0.
    expect(dose.k2o).toBeNull();
    expect(dose.applications.map((a) => a.applicationId)).toEqual([farm.grass.slurryApplicationId]);
  });

  it("counts kunstmest's undeclared nutrients as 0", async () => {
    const dose = await getDoseForField(farm.fdm, farm.owner, farm.arable.fieldId, YEAR, {
      region: "klei",
      hasGrazingIntention: false,
    });
    // The CAN of 2024-11-01 lies outside the timeframe; 500 kg × 270 g/kg = 135.
    expect(dose.n).toBeCloseTo(135, 9);
    expect(dose.nEffective).toBeCloseTo(135, 9);
    expect(dose.p2o5).toBe(0);
  });

  it("passes calculateDose's MISSING_ORIGIN through when the manure's origin is not given", async () => {
    await expect(
      getDoseForField(farm.fdm, farm.owner, farm.grass.fieldId, YEAR, {
        region: "zand_nwc",
        hasGrazingIntention: true,
      }),
    ).rejects.toMatchObject({ code: "MISSING_ORIGIN", fieldId: farm.grass.fieldId });
  });

  it("throws MISSING_FIELD_DATA without a region", async () => {
    await expect(
      getDoseForField(farm.fdm, farm.owner, farm.arable.fieldId, YEAR, {
        hasGrazingIntention: false,
      }),
    ).rejects.toMatchObject({ code: "MISSING_FIELD_DATA", fieldId: farm.arable.fieldId });
  });

  it("reads the grazing intention from fdm-core when the options do not give it", async () => {
    // The block above recorded "no grazing" for 2025: own slurry counts for 60%.
    const dose = await getDoseForField(farm.fdm, farm.owner, farm.grass.fieldId, YEAR, {
      region: "zand_nwc",
      manureOrigin: { [farm.slurryId]: "eigen_bedrijf" },
    });
    expect(dose.nEffective).toBeCloseTo(72, 9);
  });

  it("passes fdm-core's permission error through unchanged for a principal without a role", async () => {
    await expect(
      getDoseForField(farm.fdm, farm.stranger, farm.arable.fieldId, YEAR, {
        region: "klei",
        hasGrazingIntention: false,
      }),
    ).rejects.toThrow(FdmPermissionError);
  });
});
