import { describe, expect, it } from "vitest";
import { calculateDose } from "./dose.js";
import { FdmCalculatorError } from "./errors.js";
import { apply, crop } from "./norms/nl/2025/test-fields.js";
import type { NL2025Application } from "./norms/nl/2025/types.js";

const dose = (applications: NL2025Application[], hasGrazingIntention = true) =>
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
  it("throws for a negative amount or a date outside 2025, naming the field", () => {
    expect(() => dose([apply("2025-03-01", -5, 115, { composition: { n: 270 } })])).toThrow(
      FdmCalculatorError,
    );
    expect(() => dose([apply("2024-06-01", 5, 115, { composition: { n: 270 } })])).toThrow(
      /Field "field-1": application 0 is dated 2024-06-01/,
    );
  });
  it("throws when the effective N of grazing-animal manure needs the origin", () => {
    expect(() => dose([apply("2025-03-01", 100, 14)])).toThrow(/needs its origin/);
  });
});
