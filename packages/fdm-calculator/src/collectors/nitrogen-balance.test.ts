import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeFdm, disableCultivationCatalogue, FdmPermissionError } from "fdm-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FdmCalculatorError } from "../errors.js";
import { clearGeodataCache } from "../location/geodata.js";
import { collectInputForNitrogenBalance } from "./nitrogen-balance.js";
import { createTestFarm, type TestFarm } from "./test-farm.js";

const YEAR = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };

let farm: TestFarm;
let dir: string;

beforeAll(async () => {
  farm = await createTestFarm();
  dir = await mkdtemp(join(tmpdir(), "fdm-collector-"));
}, 60_000);

afterAll(async () => {
  if (farm) await closeFdm(farm.fdm);
  await rm(dir, { recursive: true, force: true });
});

const can = {
  id: "baat_028",
  typeRvo: 115,
  isMineral: true,
  isManure: false,
  isCompost: false,
  composition: { n: 270 },
};
const slurry = {
  id: "rvo_14",
  typeRvo: 14,
  isMineral: false,
  isManure: true,
  isCompost: false,
  composition: { n: 4 },
};

describe("collectInputForNitrogenBalance", () => {
  const factors = {
    source: "test factors",
    fertilizers: [{ type: "mineral" as const, method: "broadcasting" as const, factor: 0.02 }],
    cropResidue: 0.1,
  };

  it("returns the farm as the balance input: what lies in the timeframe, with the options' figures", async () => {
    const { arable, grass } = farm;
    const input = await collectInputForNitrogenBalance(farm.fdm, farm.owner, farm.farmId, YEAR, {
      fields: { [arable.fieldId]: { deposition: 20, mineralization: 50 } },
      deposition: 25,
      residueNitrogen: { nl_233: 0, nl_265: 4 },
      emissionFactors: factors,
    });
    expect(input.timeframe).toEqual(YEAR);
    // Own factors replace NMI's: passed on, and no application or crop gets one of its own.
    expect(input.emissionFactors).toEqual(factors);
    expect(input.surplusTargets).toBeNull();
    expect(input.fields.map((f) => f.id)).toEqual([arable.fieldId, grass.fieldId]);
    const [akker, weide] = input.fields;
    expect(akker?.area).toBeCloseTo(1, 2);
    expect({ ...akker, area: 1 }).toEqual({
      id: arable.fieldId,
      area: 1,
      groundwaterClass: "VI",
      deposition: 20,
      depositionSource: "given for the field",
      mineralization: 50,
      // The soil analysis names no soil type: no NMI target or leaching fraction.
      surplusTarget: null,
      nitrateLeachingFraction: null,
      // The maize ended in 2024 and the CAN of 2024-11-01 lies before the timeframe.
      cultivations: [
        {
          id: arable.wheatId,
          cultivationId: "nl_233",
          rotation: "cereal",
          startDate: new Date("2024-10-20"),
          endDate: new Date("2025-08-01"),
          // NMI, fdm-data catalogues: winter wheat fixes no N and holds 23.5 g N/kg DM.
          nitrogenFixation: 0,
          nitrogenContentHarvest: 23.5,
          residueNitrogen: 0,
          residueEmissionFactor: null,
          harvests: [
            { id: arable.wheatHarvestId, date: new Date("2025-08-01"), yield: 8000, nContent: 20 },
          ],
        },
      ],
      applications: [
        {
          id: arable.canApplicationId,
          date: new Date("2025-03-15"),
          amount: 500,
          method: "broadcasting",
          emissionFactor: null,
          fertilizer: can,
        },
      ],
    });
    expect({ ...weide, area: 1 }).toMatchObject({
      id: grass.fieldId,
      groundwaterClass: null,
      deposition: 25,
      depositionSource: "given for the farm",
      // No soil type in its analysis: the mineralization is missing, not 0.
      mineralization: null,
      surplusTarget: null,
      nitrateLeachingFraction: null,
      cultivations: [
        {
          id: grass.grassId,
          cultivationId: "nl_265",
          rotation: "grassland",
          startDate: new Date("2015-01-01"),
          endDate: null,
          // NMI, fdm-data catalogues: permanent grassland, no fixation, 28.6 g N/kg DM.
          nitrogenFixation: 0,
          nitrogenContentHarvest: 28.6,
          residueNitrogen: 4,
          harvests: [
            { id: grass.firstCutId, date: new Date("2025-05-20"), yield: 3000, nContent: 30 },
            {
              id: grass.secondCutId,
              date: new Date("2025-07-01"),
              yield: 2500,
              nContent: null,
            },
          ],
        },
      ],
      applications: [
        {
          id: grass.slurryApplicationId,
          date: new Date("2025-03-15"),
          amount: 30000,
          method: "shallow_injection",
          emissionFactor: null,
          fertilizer: slurry,
        },
      ],
    });
    expect(weide?.soilType).toBeUndefined();
  });

  it("works out mineralization, leaching fraction and target from the soil type and NMI's figures", async () => {
    const { arable, grass } = farm;
    const input = await collectInputForNitrogenBalance(farm.fdm, farm.owner, farm.farmId, YEAR, {
      fields: {
        // Akker: Gt VI from its soil analysis.
        [arable.fieldId]: { agriculturalSoilType: "veen" },
        [grass.fieldId]: { agriculturalSoilType: "dalgrond", groundwaterClass: "VII" },
      },
    });
    const [akker, weide] = input.fields;
    // veen, no grass in 2025 (wheat): 20 kg N/ha per year; leaching veen cropland 0.17;
    // target: veen counts as clay, arable, Gt VI is "average": 125.
    expect(akker?.mineralization).toBeCloseTo(20, 10);
    expect(akker?.nitrateLeachingFraction).toBe(0.17);
    expect(akker?.surplusTarget).toEqual({
      value: 125,
      source: "NMI, fdm-calculator nitrogen balance figures (MIT): Ros et al. 2023",
    });
    // dalgrond: 20 under any land use; sand grassland Gt VII: 0.27; grassland sand "dry": 80.
    expect(weide?.mineralization).toBeCloseTo(20, 10);
    expect(weide?.nitrateLeachingFraction).toBe(0.27);
    expect(weide?.surplusTarget?.value).toBe(80);
    // A sandy field whose grondwatertrap is unknown gets no fraction and no target.
    const unknown = await collectInputForNitrogenBalance(farm.fdm, farm.owner, farm.farmId, YEAR, {
      fields: { [grass.fieldId]: { agriculturalSoilType: "dekzand" } },
    });
    expect(unknown.fields[1]?.nitrateLeachingFraction).toBeNull();
    expect(unknown.fields[1]?.surplusTarget).toBeNull();
    expect(unknown.fields[1]?.mineralization).toBe(0);
  });

  it("lets the options replace the target, leaching fraction and mineralization of a field", async () => {
    const input = await collectInputForNitrogenBalance(farm.fdm, farm.owner, farm.farmId, YEAR, {
      fields: {
        [farm.arable.fieldId]: {
          agriculturalSoilType: "veen",
          surplusTarget: 60,
          nitrateLeachingFraction: 0.3,
          mineralization: 75,
        },
      },
      mineralization: 10,
    });
    expect(input.fields[0]).toMatchObject({
      surplusTarget: { value: 60, source: "given for the field" },
      nitrateLeachingFraction: 0.3,
      mineralization: 75,
    });
    expect(input.fields[1]?.mineralization).toBe(10);
    const clover = await collectInputForNitrogenBalance(farm.fdm, farm.owner, farm.farmId, YEAR, {
      nitrogenFixation: { nl_265: 80 },
    });
    // Grass with clover: 80 instead of the catalogue's 0 for nl_265; the wheat keeps its 0.
    expect(clover.fields.map((f) => f.cultivations[0]?.nitrogenFixation)).toEqual([0, 80]);
  });

  it("takes deposition from a configured dataset, else the national average 2022", async () => {
    const plain = await collectInputForNitrogenBalance(farm.fdm, farm.owner, farm.farmId, YEAR);
    expect(plain.fields.map((f) => f.deposition)).toEqual([19.3, 19.3]);
    expect(plain.fields[0]?.depositionSource).toMatch(
      /^default: national average total N deposition 2022/,
    );
    clearGeodataCache();
    const path = join(dir, "deposition.geojson");
    // 31 kg N/ha over the first square (Akker); the second (Weide) lies off the map.
    await writeFile(
      path,
      JSON.stringify({
        type: "FeatureCollection",
        features: [
          {
            type: "Feature",
            properties: { ntot: 31 },
            geometry: {
              type: "Polygon",
              coordinates: [
                [
                  [5.65, 51.97],
                  [5.6615, 51.97],
                  [5.6615, 51.99],
                  [5.65, 51.99],
                  [5.65, 51.97],
                ],
              ],
            },
          },
        ],
      }),
    );
    const mapped = await collectInputForNitrogenBalance(farm.fdm, farm.owner, farm.farmId, YEAR, {
      depositionGeodata: { source: path, property: "ntot", name: "test map" },
    });
    expect(mapped.fields.map((f) => [f.deposition, f.depositionSource])).toEqual([
      [31, "test map"],
      [19.3, expect.stringMatching(/^default:/)],
    ]);
  });

  it("leaves out harvests and applications outside a shorter timeframe", async () => {
    const spring = { start: new Date("2025-03-16"), end: new Date("2025-06-30") };
    const input = await collectInputForNitrogenBalance(farm.fdm, farm.owner, farm.farmId, spring, {
      fields: {
        [farm.arable.fieldId]: { soilType: "klei" },
        [farm.grass.fieldId]: { soilType: "zand_nwc" },
      },
    });
    const weide = input.fields.find((f) => f.id === farm.grass.fieldId);
    expect(weide?.applications).toEqual([]);
    expect(weide?.cultivations[0]?.harvests.map((h) => h.id)).toEqual([farm.grass.firstCutId]);
    expect(input.fields.find((f) => f.id === farm.arable.fieldId)?.applications).toEqual([]);
  });

  it("looks up the soil region in a region dataset when own surplus targets need it", async () => {
    clearGeodataCache();
    const path = join(dir, "regions.geojson");
    // Veen over the first square (Akker), zand_zuid over the second (Weide).
    const box = (x0: number, x1: number, region: string) => ({
      type: "Feature",
      properties: { region },
      geometry: {
        type: "Polygon",
        coordinates: [
          [
            [x0, 51.97],
            [x1, 51.97],
            [x1, 51.99],
            [x0, 51.99],
            [x0, 51.97],
          ],
        ],
      },
    });
    await writeFile(
      path,
      JSON.stringify({
        type: "FeatureCollection",
        features: [box(5.65, 5.6615, "veen"), box(5.6615, 5.67, "zand_zuid")],
      }),
    );
    const input = await collectInputForNitrogenBalance(farm.fdm, farm.owner, farm.farmId, YEAR, {
      regionGeodata: { source: path },
      fields: { [farm.grass.fieldId]: { groundwaterClass: "III" } },
      surplusTargets: [{ soilType: "veen", groundwaterClass: null, target: 100, source: "test" }],
    });
    expect(input.fields.map((f) => [f.soilType, f.groundwaterClass])).toEqual([
      ["veen", "VI"],
      ["zand_zuid", "III"],
    ]);
  });

  it("throws MISSING_FIELD_DATA naming the field when own targets need a region neither given nor looked up", async () => {
    const call = collectInputForNitrogenBalance(farm.fdm, farm.owner, farm.farmId, YEAR, {
      fields: { [farm.arable.fieldId]: { soilType: "klei" } },
      surplusTargets: [{ soilType: "klei", groundwaterClass: null, target: 100, source: "test" }],
    });
    await expect(call).rejects.toThrow(FdmCalculatorError);
    await expect(call).rejects.toMatchObject({
      code: "MISSING_FIELD_DATA",
      fieldId: farm.grass.fieldId,
      message: expect.stringContaining(`Field "${farm.grass.fieldId}"`),
    });
  });

  it("rejects options for a field the farm does not hold, and a reversed timeframe", async () => {
    await expect(
      collectInputForNitrogenBalance(farm.fdm, farm.owner, farm.farmId, YEAR, {
        fields: { "no-such-field": { soilType: "klei" } },
      }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT", fieldId: "no-such-field" });
    await expect(
      collectInputForNitrogenBalance(farm.fdm, farm.owner, farm.farmId, {
        start: new Date("2025-12-31"),
        end: new Date("2025-01-01"),
      }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  it("passes fdm-core's permission error through unchanged for a principal without a role", async () => {
    const call = collectInputForNitrogenBalance(farm.fdm, farm.stranger, farm.farmId, YEAR, {
      deposition: 20,
    });
    await expect(call).rejects.toThrow(FdmPermissionError);
    await expect(call).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    await expect(call).rejects.not.toThrow(FdmCalculatorError);
  });

  // Runs last: it disables the farm's cultivation catalogue.
  it("throws INCONSISTENT_DATA naming field and cultivation when a crop is not in the enabled catalogues", async () => {
    await disableCultivationCatalogue(farm.fdm, farm.owner, farm.farmId, "brp");
    const call = collectInputForNitrogenBalance(farm.fdm, farm.owner, farm.farmId, YEAR, {
      fields: {
        [farm.arable.fieldId]: { soilType: "klei" },
        [farm.grass.fieldId]: { soilType: "zand_nwc" },
      },
    });
    await expect(call).rejects.toMatchObject({
      code: "INCONSISTENT_DATA",
      fieldId: farm.arable.fieldId,
      message: expect.stringContaining(`cultivation ${farm.arable.wheatId} grows nl_233`),
    });
  });
});
