import { describe, expect, it } from "vitest";
import {
  calculateDierlijkeMestGebruiksNormFilling,
  calculateFosfaatGebruiksNormFilling,
  calculateGebruiksnormenForFarm,
  calculateRenureGebruiksNormFilling,
  calculateStikstofGebruiksNormFilling,
  describeNormYear,
  FdmCalculatorError,
  getDierlijkeMestGebruiksNorm,
  getFosfaatGebruiksNorm,
  getHoofdteelt,
  getNormYears,
  getRenureGebruiksNorm,
  getStikstofGebruiksNorm,
  type NormsFieldInput,
} from "../../index.js";
import { apply, crop, field } from "./test-fields.js";

// The gebruiksnormen by year number: one engine, the year a value. Figures from
// reference/nl-2025 and nl-2026 (stikstof-norms, mestcodes, werkingscoefficienten, fosfaat-norms).

/** Grassland on zand_nwc, grazed, with cattle slurry of the farm and a RENURE product (2026 only). */
function grassland(year: 2025 | 2026): NormsFieldInput {
  const base = field({
    region: "zand_nwc",
    hasGrazingIntention: true,
    cultivations: [crop("nl_265", "2015-01-01")],
    soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
    applications: [apply(`${year}-03-15`, 30000, 14, { origin: "eigen_bedrijf" })],
  });
  if (year === 2025) return base;
  const {
    hasDerogation: _d,
    isGWBG: _g,
    isNatura2000: _n,
    isDerogatievrijeZone: _z,
    ...rest
  } = base;
  return {
    ...rest,
    applications: [
      ...rest.applications,
      apply("2026-04-15", 400, 130, { composition: { n: 80, p2o5: 0 } }),
    ],
  };
}

function refusal(run: () => unknown): FdmCalculatorError {
  try {
    run();
  } catch (error) {
    if (error instanceof FdmCalculatorError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the years", () => {
  it("getNormYears lists 2025 and 2026", () => {
    expect(getNormYears()).toEqual([2025, 2026]);
  });
  it("describeNormYear: derogation in 2025, RENURE from 2026, and the flags each needs", () => {
    expect(describeNormYear(2025)).toMatchObject({
      year: 2025,
      derogation: true,
      renure: false,
      renureMestcodes: [],
    });
    expect(describeNormYear(2025).flags).toContain("hasDerogation");
    expect(describeNormYear(2026)).toEqual({
      year: 2026,
      flags: ["isNVGebied", "hasGrazingIntention", "isOrganicCertified"],
      derogation: false,
      renure: true,
      renureMestcodes: [130, 131, 132, 133, 134],
    });
  });
  it("an unknown year is refused, naming the supported ones", () => {
    for (const run of [
      () => describeNormYear(2024),
      // The year after the last one with rules.
      () => getStikstofGebruiksNorm(Math.max(...getNormYears()) + 1, grassland(2026)),
      () => calculateGebruiksnormenForFarm(2024, [grassland(2025)]),
    ]) {
      const error = refusal(run);
      expect(error.code).toBe("INVALID_INPUT");
      expect(error.message).toMatch(
        new RegExp(`the supported years are ${getNormYears().join(", ")}$`),
      );
    }
  });
});

describe("each norm by year number", () => {
  it("stikstof: Grasland beweiden on zand_nwc is 250 in both years", () => {
    expect(getStikstofGebruiksNorm(2025, grassland(2025)).normValue).toBe(250);
    expect(getStikstofGebruiksNorm(2026, grassland(2026)).normValue).toBe(250);
  });
  it("fosfaat: grasland, P-CaCl2 2.0 and P-AL 40 is Ruim, 90", () => {
    expect(getFosfaatGebruiksNorm(2026, grassland(2026))).toMatchObject({
      fosfaatklasse: "Ruim",
      normValue: 90,
    });
  });
  it("dierlijke mest: 170 without derogation (2025) and on every field (2026)", () => {
    expect(getDierlijkeMestGebruiksNorm(2025, grassland(2025)).normValue).toBe(170);
    expect(getDierlijkeMestGebruiksNorm(2026, grassland(2026)).normValue).toBe(170);
  });
  it("RENURE: 80 in 2026; no RENURE norm in 2025", () => {
    expect(getRenureGebruiksNorm(2026, grassland(2026)).normValue).toBe(80);
    expect(refusal(() => getRenureGebruiksNorm(2025, grassland(2025))).message).toMatch(
      /no RENURE norm in 2025/,
    );
    expect(refusal(() => calculateRenureGebruiksNormFilling(2025, grassland(2025))).code).toBe(
      "INVALID_INPUT",
    );
  });
  it("the fillings: 30 t cattle slurry × 4 kg N/t = 120 N, × 45% = 54 effective; 1.5 kg P2O5/t = 45", () => {
    expect(calculateStikstofGebruiksNormFilling(2025, grassland(2025)).normFilling).toBe(54);
    expect(calculateDierlijkeMestGebruiksNormFilling(2025, grassland(2025)).normFilling).toBe(120);
    expect(calculateFosfaatGebruiksNormFilling(2025, grassland(2025)).normFilling).toBe(45);
    // 2026 adds the RENURE product: 400 kg × 80 g N/kg = 32 at 100%; it is not animal manure.
    expect(calculateStikstofGebruiksNormFilling(2026, grassland(2026)).normFilling).toBe(86);
    expect(calculateDierlijkeMestGebruiksNormFilling(2026, grassland(2026)).normFilling).toBe(120);
    expect(calculateRenureGebruiksNormFilling(2026, grassland(2026)).normFilling).toBe(32);
  });
  it("the hoofdteelt of the year's window", () => {
    const cultivations = [
      crop("nl_265", "2015-04-01", "2026-04-20"),
      crop("nl_259", "2026-05-01", "2026-10-10"),
    ];
    expect(getHoofdteelt(2026, { fieldId: "f", cultivations }).cultivationId).toBe("nl_259");
    // In 2025 the grass was on the field the whole window; a crop starting in 2026 is refused.
    const grass = [crop("nl_265", "2015-04-01", "2026-04-20")];
    expect(getHoofdteelt(2025, { fieldId: "f", cultivations: grass }).cultivationId).toBe("nl_265");
    expect(refusal(() => getHoofdteelt(2025, { fieldId: "f", cultivations })).code).toBe(
      "DATE_OUTSIDE_YEAR",
    );
  });
});

describe("calculateGebruiksnormenForFarm", () => {
  // That each year-named farm function of before 1.0 gives the same: year-named.test.ts.
  it("computes each year's norms, RENURE only where the year has it", () => {
    const y2025 = calculateGebruiksnormenForFarm(2025, [grassland(2025)]);
    const y2026 = calculateGebruiksnormenForFarm(2026, [grassland(2026)]);
    expect("renure" in y2025).toBe(false);
    expect(y2026.renure?.explanation).toBe("used 32 of 80 kg N"); // 1 ha
  });
  it("refuses a 2025 field in a 2026 farm (MIXED_YEARS)", () => {
    const {
      hasDerogation: _d,
      isGWBG: _g,
      isNatura2000: _n,
      isDerogatievrijeZone: _z,
      ...old
    } = grassland(2025);
    const error = refusal(() =>
      calculateGebruiksnormenForFarm(2026, [{ ...old, fieldId: "old" }, grassland(2026)]),
    );
    expect(error.code).toBe("MIXED_YEARS");
  });
  it("a 2025 field needs the derogation flags of 2025", () => {
    const { hasDerogation: _d, ...withoutDerogation } = grassland(2025);
    expect(
      refusal(() => calculateGebruiksnormenForFarm(2025, [withoutDerogation])).message,
    ).toMatch(/hasDerogation must be true or false/);
  });
});

describe("the flags of a field", () => {
  const flags2025 = [
    "isNVGebied",
    "isGWBG",
    "isNatura2000",
    "isDerogatievrijeZone",
    "hasDerogation",
    "hasGrazingIntention",
    "isOrganicCertified",
  ];
  it.each(flags2025)("2025 refuses %s given as text, in every norm", (flag) => {
    const input = { ...grassland(2025), [flag]: "true" } as unknown as NormsFieldInput;
    for (const run of [
      () => getStikstofGebruiksNorm(2025, input),
      () => getFosfaatGebruiksNorm(2025, input),
      () => getDierlijkeMestGebruiksNorm(2025, input),
      () => calculateStikstofGebruiksNormFilling(2025, input),
    ]) {
      const error = refusal(run);
      expect(error.code).toBe("INVALID_INPUT");
      expect(error.message).toBe(`Field "field-1": ${flag} must be true or false`);
    }
  });
  it("names the first wrong flag in the year's order", () => {
    const input = {
      ...grassland(2025),
      isOrganicCertified: null,
      isNatura2000: undefined,
    } as unknown as NormsFieldInput;
    expect(refusal(() => getDierlijkeMestGebruiksNorm(2025, input)).message).toBe(
      'Field "field-1": isNatura2000 must be true or false',
    );
  });
  it("2026 asks only its own flags", () => {
    const {
      hasDerogation: _d,
      isGWBG: _g,
      ...input
    } = field({
      region: "klei",
      cultivations: [crop("nl_265", "2015-01-01")],
    });
    expect(getDierlijkeMestGebruiksNorm(2026, input).normValue).toBe(170);
    expect(
      refusal(() =>
        getDierlijkeMestGebruiksNorm(2026, { ...input, hasGrazingIntention: 1 } as never),
      ).message,
    ).toBe('Field "field-1": hasGrazingIntention must be true or false');
  });
});
