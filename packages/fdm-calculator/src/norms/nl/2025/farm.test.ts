import { describe, expect, it } from "vitest";
import { FdmCalculatorError } from "../../../errors.js";
import { calculateGebruiksnormenForFarm } from "../norms.js";
import { apply, crop, field } from "../test-fields.js";

describe("calculateGebruiksnormenForFarm(2025, …)", () => {
  const grassland = field({
    fieldId: "grass",
    area: 10,
    region: "zand_nwc",
    isNVGebied: true,
    hasDerogation: true,
    hasGrazingIntention: true,
    cultivations: [crop("nl_265", "2010-01-01")],
    soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
    applications: [apply("2025-03-01", 30000, 14, { origin: "eigen_bedrijf" })],
  });
  const maize = field({
    fieldId: "maize",
    area: 5,
    region: "zand_nwc",
    isNVGebied: true,
    hasDerogation: true,
    hasGrazingIntention: true,
    cultivations: [crop("nl_259", "2025-05-01", "2025-10-01")],
    soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
    applications: [
      apply("2025-04-20", 20000, 14, { origin: "eigen_bedrijf" }),
      apply("2025-05-10", 200, 115, { composition: { n: 270, p2o5: 0 } }),
    ],
  });

  it("gives each field's norms beside their filling", () => {
    const farm = calculateGebruiksnormenForFarm(2025, [grassland, maize]);
    const [grass, corn] = farm.fields;
    // Table 2: Grasland beweiden zand_nwc NV 200; maïs derogatie zand_nwc NV 112 (winter crop, no korting)
    expect(grass?.stikstof.norm?.normValue).toBe(200);
    expect(corn?.stikstof.norm?.normValue).toBe(112);
    // grasland 1.5–2.4 / 31–55: Ruim 90; bouwland 1.5–2.4 / 31–45: Laag 80
    expect(grass?.fosfaat.norm.normValue).toBe(90);
    expect(corn?.fosfaat.norm.normValue).toBe(80);
    // derogatie in NV-gebied: 190
    expect(grass?.dierlijkeMest.norm.normValue).toBe(190);
    // 30 t × 4 × 45% = 54; 20 t × 4 × 45% + 200 kg × 270 g/kg = 36 + 54 = 90
    expect(grass?.stikstof.filling.normFilling).toBeCloseTo(54, 9);
    expect(corn?.stikstof.filling.normFilling).toBeCloseTo(90, 9);
    expect(corn?.dierlijkeMest.filling.normFilling).toBeCloseTo(80, 9);
    expect(corn?.fosfaat.filling.normFilling).toBeCloseTo(30, 9);
  });

  it("sums norm × area and filling × area for the farm", () => {
    const farm = calculateGebruiksnormenForFarm(2025, [grassland, maize]);
    expect(farm.area).toBe(15);
    // 200 × 10 + 112 × 5 = 2560 kg N; filling 54 × 10 + 90 × 5 = 990 kg N
    expect(farm.stikstof).toMatchObject({ normTotal: 2560, unit: "kg N" });
    expect(farm.stikstof.fillingTotal).toBeCloseTo(990, 9);
    expect(farm.stikstof.remaining).toBeCloseTo(1570, 9);
    expect(farm.stikstof.explanation).toBe("used 990 of 2560 kg N");
    // 90 × 10 + 80 × 5 = 1300 kg P2O5; filling 45 × 10 + 30 × 5 = 600
    expect(farm.fosfaat.normTotal).toBe(1300);
    expect(farm.fosfaat.fillingTotal).toBeCloseTo(600, 9);
    // 190 × 15 = 2850 kg N from manure; filling 120 × 10 + 80 × 5 = 1600
    expect(farm.dierlijkeMest.normTotal).toBe(2850);
    expect(farm.dierlijkeMest.fillingTotal).toBeCloseTo(1600, 9);
    expect(farm.dierlijkeMest.explanation).toBe("used 1600 of 2850 kg N");
    // area-weighted: 2560 / 15
    expect(farm.stikstof.normPerHa).toBeCloseTo(170.6667, 3);
  });

  it("throws for an empty farm or a repeated field id", () => {
    expect(() => calculateGebruiksnormenForFarm(2025, [])).toThrow(/at least one field/);
    expect(() => calculateGebruiksnormenForFarm(2025, [grassland, grassland])).toThrow(
      /Field "grass": appears more than once/,
    );
  });

  it("stops at the first field it cannot compute, naming it", () => {
    const noSoil = { ...maize, soilPhosphate: null };
    try {
      calculateGebruiksnormenForFarm(2025, [grassland, noSoil]);
      throw new Error("expected an error");
    } catch (error) {
      expect(error).toBeInstanceOf(FdmCalculatorError);
      expect((error as FdmCalculatorError).code).toBe("MISSING_SOIL_ANALYSIS");
      expect((error as FdmCalculatorError).fieldId).toBe("maize");
    }
  });
});
