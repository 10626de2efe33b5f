import { describe, expect, it } from "vitest";
import { FdmCalculatorError } from "../../../errors.js";
import { getFosfaatGebruiksNorm } from "../norms.js";
import { crop, field } from "../test-fields.js";

const grasland = [crop("nl_265", "2012-01-01")];
const bouwland = [crop("nl_2014", "2025-04-10", "2025-09-20")];
const fosfaat = (cultivations: typeof grasland, pCaCl2: number, pAl: number) =>
  getFosfaatGebruiksNorm(2025, field({ cultivations, soilPhosphate: { pCaCl2, pAl } }));

// RVO Differentiatie fosfaatgebruiksnorm 2025: [P-CaCl2, P-AL, klasse, norm], both sides of each bound.
const GRASLAND: [number, number, string, number][] = [
  [0.7, 20, "Arm", 120],
  [0.7, 21, "Laag", 105],
  [0.7, 45, "Laag", 105],
  [0.7, 46, "Neutraal", 95],
  [0.7, 55, "Neutraal", 95],
  [0.7, 56, "Ruim", 90],
  [0.8, 20, "Arm", 120],
  [0.8, 21, "Laag", 105],
  [1.4, 30, "Laag", 105],
  [1.4, 31, "Neutraal", 95],
  [1.4, 45, "Neutraal", 95],
  [1.4, 46, "Ruim", 90],
  [1.5, 20, "Laag", 105],
  [1.5, 21, "Neutraal", 95],
  [2.4, 30, "Neutraal", 95],
  [2.4, 31, "Ruim", 90],
  [2.4, 55, "Ruim", 90],
  [2.4, 56, "Hoog", 75],
  [2.5, 20, "Neutraal", 95],
  [2.5, 21, "Ruim", 90],
  [3.4, 45, "Ruim", 90],
  [3.4, 46, "Hoog", 75],
  [3.5, 30, "Ruim", 90],
  [3.5, 31, "Hoog", 75],
];
const BOUWLAND: [number, number, string, number][] = [
  [0.7, 45, "Arm", 120],
  [0.7, 46, "Laag", 80],
  [0.8, 45, "Arm", 120],
  [0.8, 46, "Laag", 80],
  [1.4, 55, "Laag", 80],
  [1.4, 56, "Neutraal", 70],
  [1.5, 30, "Arm", 120],
  [1.5, 31, "Laag", 80],
  [2.4, 45, "Laag", 80],
  [2.4, 46, "Neutraal", 70],
  [2.4, 55, "Neutraal", 70],
  [2.4, 56, "Ruim", 60],
  [2.5, 20, "Arm", 120],
  [2.5, 21, "Laag", 80],
  [3.4, 30, "Laag", 80],
  [3.4, 31, "Neutraal", 70],
  [3.4, 45, "Neutraal", 70],
  [3.4, 46, "Ruim", 60],
  [3.4, 55, "Ruim", 60],
  [3.4, 56, "Hoog", 40],
  [3.5, 30, "Laag", 80],
  [3.5, 31, "Neutraal", 70],
  [3.5, 45, "Neutraal", 70],
  [3.5, 46, "Ruim", 60],
  [3.5, 55, "Ruim", 60],
  [3.5, 56, "Hoog", 40],
];

describe("fosfaatklasse and norm", () => {
  it.each(GRASLAND)("grasland, P-CaCl2 %d, P-AL %i: %s %i", (pCaCl2, pAl, klasse, norm) => {
    const result = fosfaat(grasland, pCaCl2, pAl);
    expect(result).toMatchObject({ landUse: "grasland", fosfaatklasse: klasse, normValue: norm });
    expect(result.unit).toBe("kg P2O5/ha");
  });
  it.each(BOUWLAND)("bouwland, P-CaCl2 %d, P-AL %i: %s %i", (pCaCl2, pAl, klasse, norm) => {
    expect(fosfaat(bouwland, pCaCl2, pAl)).toMatchObject({
      landUse: "bouwland",
      fosfaatklasse: klasse,
      normValue: norm,
    });
  });
});

describe("half-up rounding (P-CaCl2 to 1 decimal, P-AL to a whole number)", () => {
  it("P-CaCl2 0.74 is 0.7 and 0.75 is 0.8 (bouwland, P-AL 50)", () => {
    expect(fosfaat(bouwland, 0.74, 50).fosfaatklasse).toBe("Laag");
    expect(fosfaat(bouwland, 0.75, 60).fosfaatklasse).toBe("Neutraal");
    expect(fosfaat(bouwland, 0.74, 60).fosfaatklasse).toBe("Laag");
  });
  it("P-CaCl2 1.44 is 1.4 and 1.45 is 1.5 (grasland, P-AL 20)", () => {
    expect(fosfaat(grasland, 1.44, 20).fosfaatklasse).toBe("Arm");
    expect(fosfaat(grasland, 1.45, 20).fosfaatklasse).toBe("Laag");
  });
  it("P-CaCl2 2.449 is 2.4 and 2.45 is 2.5; 3.449 is 3.4 and 3.45 is 3.5 (bouwland)", () => {
    expect(fosfaat(bouwland, 2.449, 25).fosfaatklasse).toBe("Arm");
    expect(fosfaat(bouwland, 2.45, 25).fosfaatklasse).toBe("Laag");
    expect(fosfaat(bouwland, 3.449, 25).fosfaatklasse).toBe("Laag");
    expect(fosfaat(bouwland, 3.45, 35).fosfaatklasse).toBe("Neutraal");
  });
  it("P-AL 20.4 is 20 and 20.5 is 21 (grasland, P-CaCl2 0.5)", () => {
    expect(fosfaat(grasland, 0.5, 20.4)).toMatchObject({ fosfaatklasse: "Arm", normValue: 120 });
    expect(fosfaat(grasland, 0.5, 20.5)).toMatchObject({ fosfaatklasse: "Laag", normValue: 105 });
  });
  it("extremes: 0 and very high values", () => {
    expect(fosfaat(bouwland, 0, 0)).toMatchObject({ fosfaatklasse: "Arm", normValue: 120 });
    expect(fosfaat(bouwland, 12.3, 140)).toMatchObject({ fosfaatklasse: "Hoog", normValue: 40 });
  });
});

describe("land use from the main crop", () => {
  it.each(["nl_265", "nl_266", "nl_331", "nl_332", "nl_335"])("%s counts as grasland", (id) => {
    expect(fosfaat([crop(id, "2020-01-01")], 2.0, 40)).toMatchObject({
      landUse: "grasland",
      fosfaatklasse: "Ruim",
      normValue: 90,
    });
  });
  it("maïs (259) counts as bouwland", () => {
    expect(fosfaat([crop("nl_259", "2025-05-01")], 2.0, 40)).toMatchObject({
      landUse: "bouwland",
      fosfaatklasse: "Laag",
      normValue: 80,
    });
  });
});

describe("bad input", () => {
  it("throws without a soil analysis, naming the field", () => {
    const run = () =>
      getFosfaatGebruiksNorm(2025, field({ fieldId: "north", cultivations: grasland }));
    expect(run).toThrow(FdmCalculatorError);
    expect(run).toThrow(/Field "north": the fosfaatgebruiksnorm needs a soil analysis/);
    try {
      run();
    } catch (error) {
      expect((error as FdmCalculatorError).code).toBe("MISSING_SOIL_ANALYSIS");
      expect((error as FdmCalculatorError).fieldId).toBe("north");
    }
  });
  it("throws for a negative soil value", () => {
    expect(() => fosfaat(grasland, -0.1, 40)).toThrow(/soilPhosphate.pCaCl2/);
    expect(() => fosfaat(grasland, 1, Number.NaN)).toThrow(/soilPhosphate.pAl/);
  });
});
