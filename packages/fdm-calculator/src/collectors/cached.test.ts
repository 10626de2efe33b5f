import { addFertilizerApplication, closeFdm, FdmPermissionError, fdmSchema } from "fdm-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getNormYears } from "../norms/nl/norms.js";
import { getGebruiksnormenForFarm, getNitrogenBalanceForFarm } from "./cached.js";
import { createTestFarm, type TestFarm } from "./test-farm.js";

const YEAR = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };

let farm: TestFarm;
let balanceOptions: Parameters<typeof getNitrogenBalanceForFarm>[4];

beforeAll(async () => {
  farm = await createTestFarm();
  balanceOptions = {
    fields: {
      [farm.arable.fieldId]: { soilType: "klei", deposition: 20, mineralization: 50 },
      [farm.grass.fieldId]: { soilType: "zand_nwc", deposition: 25 },
    },
  };
}, 60_000);

afterAll(async () => {
  if (farm) await closeFdm(farm.fdm);
});

/** The rows fdm-core's calculation cache holds for one calculator. */
async function cached(name: string) {
  const rows = await farm.fdm.select().from(fdmSchema.calculationResults);
  return rows.filter((r) => r.calculatorName === name);
}

describe("getNitrogenBalanceForFarm", () => {
  it("answers the same farm data from fdm-core's calculation cache", async () => {
    const first = await getNitrogenBalanceForFarm(
      farm.fdm,
      farm.owner,
      farm.farmId,
      YEAR,
      balanceOptions,
    );
    // 500 kg × 270 g/kg of CAN on the Akker.
    expect(first.fields[0]?.supply.fertilizers.mineral).toBeCloseTo(135, 9);
    expect(await cached("calculateNitrogenBalance")).toHaveLength(1);

    const second = await getNitrogenBalanceForFarm(
      farm.fdm,
      farm.owner,
      farm.farmId,
      YEAR,
      balanceOptions,
    );
    expect(second).toEqual(first);
    expect(await cached("calculateNitrogenBalance")).toHaveLength(1);

    // Mark the stored result: a third call that returns the mark was served from the cache.
    const [row] = await cached("calculateNitrogenBalance");
    const marked = {
      ...JSON.parse(row?.result ?? "{}"),
      emissionFactorSource: "served from cache",
    };
    await farm.fdm.update(fdmSchema.calculationResults).set({ result: JSON.stringify(marked) });
    const third = await getNitrogenBalanceForFarm(
      farm.fdm,
      farm.owner,
      farm.farmId,
      YEAR,
      balanceOptions,
    );
    expect(third.emissionFactorSource).toBe("served from cache");
    expect(third.timeframe.start).toEqual(new Date("2025-01-01"));
  });

  it("computes again when the farm's data changed", async () => {
    await addFertilizerApplication(farm.fdm, farm.owner, farm.arable.fieldId, {
      fertilizerId: farm.canId,
      amountKgPerHa: 100,
      method: "broadcasting",
      applicationDate: new Date("2025-05-01"),
    });
    const balance = await getNitrogenBalanceForFarm(
      farm.fdm,
      farm.owner,
      farm.farmId,
      YEAR,
      balanceOptions,
    );
    // (500 + 100) kg × 270 g/kg = 162.
    expect(balance.fields[0]?.supply.fertilizers.mineral).toBeCloseTo(162, 9);
    // No factors of its own given: NMI's, named as the source.
    expect(balance.emissionFactorSource).toMatch(
      /^NMI, fdm-calculator nitrogen balance figures \(MIT\)/,
    );
    expect(await cached("calculateNitrogenBalance")).toHaveLength(2);
  });

  it("checks access before the cache: a principal without a role gets fdm-core's permission error", async () => {
    await expect(
      getNitrogenBalanceForFarm(farm.fdm, farm.stranger, farm.farmId, YEAR, balanceOptions),
    ).rejects.toThrow(FdmPermissionError);
    expect(await cached("calculateNitrogenBalance")).toHaveLength(2);
  });
});

describe("getGebruiksnormenForFarm", () => {
  // Each year is cached under the name its farm function had before 1.0, so results cached then
  // are still found and one year's results never answer another's.
  const cacheName = (year: number) => `calculateNL${year}GebruiksnormenForFarm`;
  let options: Parameters<typeof getGebruiksnormenForFarm>[4];

  it("computes the farm's 2025 norms once and answers the same data from the cache", async () => {
    options = {
      fields: {
        [farm.arable.fieldId]: { region: "klei" as const, isNVGebied: false, isGWBG: false },
        [farm.grass.fieldId]: { region: "zand_nwc" as const, isNVGebied: false, isGWBG: false },
      },
      hasGrazingIntention: true,
      manureOrigin: { [farm.slurryId]: "eigen_bedrijf" as const },
    };
    const first = await getGebruiksnormenForFarm(farm.fdm, farm.owner, farm.farmId, 2025, options);
    // Wheat on klei 245, grassland with beweiden on zand_nwc 250 kg N/ha.
    expect(first.fields.map((f) => f.stikstof.norm?.normValue)).toEqual([245, 250]);
    const second = await getGebruiksnormenForFarm(farm.fdm, farm.owner, farm.farmId, 2025, options);
    expect(second).toEqual(first);
    expect(await cached(cacheName(2025))).toHaveLength(1);
  });

  it("keeps each year's results apart, under a name of its own", async () => {
    for (const year of getNormYears()) {
      const norms = await getGebruiksnormenForFarm(
        farm.fdm,
        farm.owner,
        farm.farmId,
        year,
        options,
      );
      expect(norms.fields.map((f) => f.fieldId)).toEqual([farm.arable.fieldId, farm.grass.fieldId]);
      expect(await cached(cacheName(year))).toHaveLength(1);
    }
    await expect(
      getGebruiksnormenForFarm(farm.fdm, farm.owner, farm.farmId, 2024, options),
    ).rejects.toThrow(/the supported years are/);
  });
});
