import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeFdm, disableCultivationCatalogue, FdmPermissionError } from "fdm-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateNitrogenBalance } from "../balance/nitrogen/nitrogen-balance.js";
import { FdmCalculatorError } from "../errors.js";
import { clearGeodataCache } from "../location/geodata.js";
import { collectInputForNitrogenBalance } from "./nitrogen-balance.js";
import { createTestFarm, OWNER, type TestFarm } from "./test-farm.js";

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
  it("returns the farm as the balance input: what lies in the timeframe, with the options' figures", async () => {
    const { arable, grass } = farm;
    const input = await collectInputForNitrogenBalance(farm.fdm, OWNER, farm.farmId, YEAR, {
      fields: {
        [arable.fieldId]: { soilType: "klei", deposition: 20, mineralization: 50 },
        [grass.fieldId]: { soilType: "zand_nwc" },
      },
      deposition: 25,
      residueNitrogen: { nl_233: 0 },
    });
    expect(input.timeframe).toEqual(YEAR);
    expect(input.emissionFactors).toBeNull();
    expect(input.surplusTargets).toBeNull();
    expect(input.fields.map((f) => f.id)).toEqual([arable.fieldId, grass.fieldId]);
    const [akker, weide] = input.fields;
    expect(akker?.area).toBeCloseTo(1, 2);
    expect({ ...akker, area: 1 }).toEqual({
      id: arable.fieldId,
      area: 1,
      soilType: "klei",
      groundwaterClass: "VI",
      deposition: 20,
      mineralization: 50,
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
          fertilizer: can,
        },
      ],
    });
    expect({ ...weide, area: 1 }).toEqual({
      id: grass.fieldId,
      area: 1,
      soilType: "zand_nwc",
      groundwaterClass: null,
      deposition: 25,
      mineralization: null,
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
          residueNitrogen: null,
          harvests: [
            { id: grass.firstCutId, date: new Date("2025-05-20"), yield: 3000, nContent: 30 },
            { id: grass.secondCutId, date: new Date("2025-07-01"), yield: 2500, nContent: null },
          ],
        },
      ],
      applications: [
        {
          id: grass.slurryApplicationId,
          date: new Date("2025-03-15"),
          amount: 30000,
          method: "shallow_injection",
          fertilizer: slurry,
        },
      ],
    });
  });

  it("leaves out harvests and applications outside a shorter timeframe", async () => {
    const spring = { start: new Date("2025-03-16"), end: new Date("2025-06-30") };
    const input = await collectInputForNitrogenBalance(farm.fdm, OWNER, farm.farmId, spring, {
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

  it("feeds calculateNitrogenBalance end to end: the figures of the farm in fdm-core", async () => {
    const { arable, grass } = farm;
    const input = await collectInputForNitrogenBalance(farm.fdm, OWNER, farm.farmId, YEAR, {
      fields: {
        [arable.fieldId]: { soilType: "klei", deposition: 20, mineralization: 50 },
        [grass.fieldId]: { soilType: "zand_nwc", deposition: 25 },
      },
      residueNitrogen: { nl_233: 0 },
      emissionFactors: {
        source: "test factors",
        fertilizers: [
          { type: "mineral", method: "broadcasting", factor: 0.02 },
          { type: "manure", method: "shallow_injection", factor: 0.1 },
        ],
        cropResidue: 0.1,
      },
      surplusTargets: [
        { soilType: "klei", groundwaterClass: null, target: 100, source: "test targets" },
        { soilType: "zand_nwc", groundwaterClass: null, target: 80, source: "test targets" },
      ],
    });
    const balance = calculateNitrogenBalance(input);
    const akker = balance.fields[0];
    // Supply: 500 kg × 270 g/kg = 135 from CAN, + 20 deposition + 50 mineralization = 205.
    expect(akker?.supply.total).toBeCloseTo(205, 9);
    // Removal: 8,000 kg DM × 20 g N/kg DM = 160.
    expect(akker?.removal.total).toBeCloseTo(160, 9);
    // Emission: 135 × 0.02 = 2.7; residues 0 kg N × 0.1 = 0.
    expect(akker?.emission.total).toBeCloseTo(2.7, 9);
    expect(akker?.balance).toBeCloseTo(42.3, 9);
    expect(akker?.complete).toBe(true);
    // 2025 has 365 days, so the yearly target applies as it is.
    expect(akker?.target).toEqual({ value: 100, source: "test targets" });
    expect(akker?.overTarget).toBe(false);

    const weide = balance.fields[1];
    // 30,000 kg × 4 g/kg = 120 kg N from cattle slurry; 120 × 0.1 = 12 emitted.
    expect(weide?.supply.fertilizers.manure).toBeCloseTo(120, 9);
    expect(weide?.emission.fertilizers.manure).toBeCloseTo(12, 9);
    expect(weide?.supply.deposition).toBe(25);
    expect(weide?.complete).toBe(false);
    expect(weide?.balance).toBeNull();
    expect(
      weide?.missing.map((m) => [m.item, m.ref]).sort((a, b) => String(a).localeCompare(String(b))),
    ).toEqual([
      // The second cut has no analysis: the catalogue's 28.6 g N/kg DM stands in for it.
      ["mineralization", null],
      ["residueNitrogen", grass.grassId],
    ]);
    expect(balance.complete).toBe(false);
  });

  it("looks up the soil region in a region dataset when the options do not give it", async () => {
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
    const input = await collectInputForNitrogenBalance(farm.fdm, OWNER, farm.farmId, YEAR, {
      regionGeodata: { source: path },
      fields: { [farm.grass.fieldId]: { groundwaterClass: "III" } },
    });
    expect(input.fields.map((f) => [f.soilType, f.groundwaterClass])).toEqual([
      ["veen", "VI"],
      ["zand_zuid", "III"],
    ]);
  });

  it("throws MISSING_FIELD_DATA naming the field when its soil region is neither given nor looked up", async () => {
    const call = collectInputForNitrogenBalance(farm.fdm, OWNER, farm.farmId, YEAR, {
      fields: { [farm.arable.fieldId]: { soilType: "klei" } },
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
      collectInputForNitrogenBalance(farm.fdm, OWNER, farm.farmId, YEAR, {
        fields: { "no-such-field": { soilType: "klei" } },
      }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT", fieldId: "no-such-field" });
    await expect(
      collectInputForNitrogenBalance(farm.fdm, OWNER, farm.farmId, {
        start: new Date("2025-12-31"),
        end: new Date("2025-01-01"),
      }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  it("passes fdm-core's permission error through unchanged for a principal without a role", async () => {
    const call = collectInputForNitrogenBalance(farm.fdm, "stranger-9", farm.farmId, YEAR, {
      deposition: 20,
    });
    await expect(call).rejects.toThrow(FdmPermissionError);
    await expect(call).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    await expect(call).rejects.not.toThrow(FdmCalculatorError);
  });

  // Runs last: it disables the farm's cultivation catalogue.
  it("throws INCONSISTENT_DATA naming field and cultivation when a crop is not in the enabled catalogues", async () => {
    await disableCultivationCatalogue(farm.fdm, OWNER, farm.farmId, "brp");
    const call = collectInputForNitrogenBalance(farm.fdm, OWNER, farm.farmId, YEAR, {
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
