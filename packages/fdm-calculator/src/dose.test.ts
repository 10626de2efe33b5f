import { describe, expect, it } from "vitest";
import { calculateDose } from "./dose.js";
import { FdmCalculatorError } from "./errors.js";
import type { NormsApplication } from "./index.js";
import { getNormYears } from "./norms/nl/norms.js";
import { apply, crop } from "./norms/nl/test-fields.js";

const dose = (applications: NormsApplication[], hasGrazingIntention = true) =>
  calculateDose({
    fieldId: "field-1",
    region: "zand_nwc",
    hasGrazingIntention,
    cultivations: [crop("nl_265", "2010-01-01")],
    applications,
  });

const slurry = apply("2025-03-01", 25000, 14, {
  id: "slurry",
  origin: "eigen_bedrijf",
  method: "shallow_injection",
  composition: { n: 4.5, p2o5: 1.8, k2o: 6, so3: null, mgo: 1, cao: 2 },
});
const can = apply("2025-04-01", 300, 115, {
  id: "can",
  method: "broadcasting",
  composition: { n: 270, p2o5: 0, k2o: 0, so3: 0, mgo: 0, cao: 110 },
});

describe("calculateDose", () => {
  it("gives each application's dose in kg/ha", () => {
    const result = dose([slurry, can]);
    expect(result.applications[0]).toMatchObject({
      applicationId: "slurry",
      amount: 25000,
      method: "shallow_injection",
      n: 112.5, // 25 t × 4.5 kg N/t
      p2o5: 45,
      k2o: 150,
      so3: null,
      mgo: 25,
      cao: 50,
    });
    // own-farm cattle slurry on a grazing farm: 45%
    expect(result.applications[0]?.nEffective).toBeCloseTo(50.625, 9);
    expect(result.applications[1]).toMatchObject({ n: 81, nEffective: 81, p2o5: 0, cao: 33 });
  });
  it("sums the field total; an unknown content makes that nutrient unknown", () => {
    const result = dose([slurry, can]);
    expect(result.fieldId).toBe("field-1");
    expect(result.n).toBeCloseTo(193.5, 9);
    expect(result.nEffective).toBeCloseTo(131.625, 9);
    expect(result.p2o5).toBeCloseTo(45, 9);
    expect(result.k2o).toBeCloseTo(150, 9);
    expect(result.so3).toBeNull();
    expect(result.mgo).toBeCloseTo(25, 9);
    expect(result.cao).toBeCloseTo(83, 9);
  });
  it("uses the forfaitaire N and P2O5 of Table 11 when the content is unknown", () => {
    const result = dose([apply("2025-03-01", 20000, 50)]);
    expect(result.n).toBeCloseTo(128, 9); // 20 t × 6.4
    expect(result.nEffective).toBeCloseTo(102.4, 9); // pig slurry on zand: 80%
    expect(result.p2o5).toBeCloseTo(76, 9); // 20 t × 3.8
    expect(result.k2o).toBeNull();
  });
  it("counts the undeclared nutrients of kunstmest as 0", () => {
    const result = dose([apply("2025-04-01", 300, 115, { composition: { n: 270 } })]);
    expect(result).toMatchObject({ n: 81, nEffective: 81, p2o5: 0, k2o: 0, so3: 0, cao: 0 });
  });
  it("gives null, not 0, for compost without a known N content", () => {
    const result = dose([apply("2025-03-01", 10000, 111)]);
    expect(result).toMatchObject({ n: null, nEffective: null, p2o5: null });
  });
  it("a field without applications gets a dose of 0", () => {
    expect(dose([])).toMatchObject({ n: 0, nEffective: 0, p2o5: 0, k2o: 0, applications: [] });
  });
  it("throws for a negative amount or a year without RVO tables, naming the field and the years", () => {
    expect(() => dose([apply("2025-03-01", -5, 115, { composition: { n: 270 } })])).toThrow(
      FdmCalculatorError,
    );
    expect(() => dose([apply("2024-06-01", 5, 115, { composition: { n: 270 } })])).toThrow(
      new RegExp(
        `^Field "field-1": calculateDose: year 2024 has no RVO tables in fdm-calculator; the supported years are ${getNormYears().join(", ")}$`,
      ),
    );
  });
  it("refuses an application outside the year it is given", () => {
    const error = (() => {
      try {
        calculateDose({
          year: 2025,
          fieldId: "field-1",
          region: "zand_nwc",
          hasGrazingIntention: true,
          cultivations: [],
          applications: [apply("2026-03-01", 5, 115, { composition: { n: 270 } })],
        });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toMatchObject({ code: "DATE_OUTSIDE_YEAR", year: 2025 });
  });
  it("refuses applications of two years: each year has its own Table 9", () => {
    const two = () =>
      dose([
        apply("2025-12-20", 5, 115, { composition: { n: 270 } }),
        apply("2026-01-05", 5, 115, { composition: { n: 270 } }),
      ]);
    expect(two).toThrow(/applications are dated in 2025 and 2026/);
    try {
      two();
    } catch (e) {
      expect((e as FdmCalculatorError).code).toBe("MIXED_YEARS");
    }
  });
  it("throws when the effective N of grazing-animal manure needs the origin", () => {
    expect(() => dose([apply("2025-03-01", 100, 14)])).toThrow(/needs its origin/);
  });
});

describe("calculateDose in 2026", () => {
  // Figures from reference/nl-2026: mestcodes-2026.csv (14: 4 kg N and 1.5 kg P2O5 per ton;
  // 130 RENURE: no forfaitaire content) and werkingscoefficienten-2026.csv (cattle slurry
  // of the farm itself with grazing 45%, Renure 100%).
  const applications = [
    apply("2026-03-10", 30000, 14, { id: "slurry", origin: "eigen_bedrijf" }),
    apply("2026-04-15", 400, 130, { id: "renure", composition: { n: 80, p2o5: 0 } }),
  ];
  it("uses Table 9 and Table 11 of 2026, RENURE included", () => {
    const result = dose(applications);
    // slurry: 30 t × 4 = 120 kg N, × 45% = 54; RENURE: 400 kg × 80 g/kg = 32 kg N, × 100% = 32
    expect(result.applications.map((a) => [a.n, a.nEffective])).toEqual([
      [120, 54],
      [32, 32],
    ]);
    expect(result.n).toBe(152);
    expect(result.nEffective).toBe(86);
    // P2O5: 30 t × 1.5 = 45 from the slurry, 0 measured in the RENURE product
    expect(result.p2o5).toBe(45);
  });
  it("gives the same with the year named", () => {
    const named = calculateDose({
      year: 2026,
      fieldId: "field-1",
      region: "zand_nwc",
      hasGrazingIntention: true,
      cultivations: [crop("nl_265", "2010-01-01")],
      applications,
    });
    expect(named.nEffective).toBe(86);
  });
});
