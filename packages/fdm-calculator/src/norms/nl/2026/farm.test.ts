import { getCultivationCatalogue } from "fdm-data";
import { describe, expect, it } from "vitest";
import { FdmCalculatorError } from "../../../errors.js";
import type { NormsFieldInput } from "../engine/types.js";
import {
  calculateDierlijkeMestGebruiksNormFilling,
  calculateFosfaatGebruiksNormFilling,
  calculateGebruiksnormenForFarm,
  calculateRenureGebruiksNormFilling,
  calculateStikstofGebruiksNormFilling,
  getNormYears,
  getStikstofGebruiksNorm,
} from "../norms.js";
import { rulesForYear } from "../registry.js";
import { apply, crop, field } from "../test-fields.js";

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FdmCalculatorError);
    return `${(error as FdmCalculatorError).code}: ${(error as Error).message}`;
  }
  throw new Error("expected an FdmCalculatorError");
}

const grass = crop("nl_265", "2012-01-01");
const ammoniumSulphate = (n: number | null, date = "2026-04-15") =>
  apply(date, 400, 130, { composition: { n, p2o5: 0 } });

describe("2026 filling: RENURE", () => {
  const input = (applications: NormsFieldInput["applications"]) =>
    field({ region: "zand_nwc", cultivations: [grass], applications });

  it("fills the RENURE norm with the measured N content: 400 kg × 80 g/kg = 32 kg N/ha", () => {
    const renure = calculateRenureGebruiksNormFilling(2026, input([ammoniumSulphate(80)]));
    expect(renure.normFilling).toBe(32);
    expect(renure.applications[0]?.explanation).toMatch(/measured/);
    // Not animal manure in 2026, and 100% (Table 9 Renure) for the stikstofgebruiksnorm.
    expect(
      calculateDierlijkeMestGebruiksNormFilling(2026, input([ammoniumSulphate(80)])).normFilling,
    ).toBe(0);
    expect(
      calculateStikstofGebruiksNormFilling(2026, input([ammoniumSulphate(80)])).normFilling,
    ).toBe(32);
  });

  it("every code 130–134 fills it; other products do not", () => {
    const applications = ([130, 131, 132, 133, 134] as const).map((code) =>
      apply("2026-05-01", 100, code, { composition: { n: 100, p2o5: 0 } }),
    );
    applications.push(apply("2026-03-01", 20000, 14, { origin: "eigen_bedrijf" }));
    const renure = calculateRenureGebruiksNormFilling(2026, input(applications));
    expect(renure.normFilling).toBe(50); // 5 × 100 kg × 100 g/kg
    expect(renure.applications[5]?.value).toBe(0);
  });

  it("without a measured N content: a typed error, never 0", () => {
    for (const n of [null, 0]) {
      const message = codeOf(() =>
        calculateRenureGebruiksNormFilling(2026, input([ammoniumSulphate(n)])),
      );
      expect(message).toMatch(
        /^RENURE_CONTENT_REQUIRED: Field "field-1".*mestcode 130 \(Ammoniumsulfaat \(Renure\)\)/,
      );
      expect(
        codeOf(() => calculateStikstofGebruiksNormFilling(2026, input([ammoniumSulphate(n)]))),
      ).toMatch(/^RENURE_CONTENT_REQUIRED/);
    }
  });

  it("phosphate of a RENURE product: its measured content at 100%, unknown refused", () => {
    const struvite = (p2o5: number | null) =>
      apply("2026-03-01", 300, 133, { composition: { n: 55, p2o5 } });
    const soil = { soilPhosphate: { pCaCl2: 2.0, pAl: 40 } };
    expect(
      calculateFosfaatGebruiksNormFilling(2026, { ...input([struvite(280)]), ...soil }).normFilling,
    ).toBe(84);
    expect(
      codeOf(() =>
        calculateFosfaatGebruiksNormFilling(2026, { ...input([struvite(null)]), ...soil }),
      ),
    ).toMatch(/^UNKNOWN_CONTENT/);
  });

  it("RENURE mestcodes do not exist in the 2025 norms", () => {
    expect(
      codeOf(() =>
        getStikstofGebruiksNorm(
          2025,
          field({ cultivations: [grass], applications: [ammoniumSulphate(80, "2025-04-15")] }),
        ),
      ),
    ).toMatch(/^UNKNOWN_MESTCODE: .*for 2025/);
  });

  it("an application dated outside 2026 is DATE_OUTSIDE_YEAR", () => {
    expect(
      codeOf(() =>
        calculateStikstofGebruiksNormFilling(2026, input([ammoniumSulphate(80, "2025-12-31")])),
      ),
    ).toMatch(/^DATE_OUTSIDE_YEAR: Field "field-1": application 0 is dated 2025-12-31/);
  });
});

describe("calculateGebruiksnormenForFarm(2026, …)", () => {
  const grassland = field({
    fieldId: "grass",
    area: 10,
    region: "zand_nwc",
    isNVGebied: true,
    hasGrazingIntention: true,
    cultivations: [grass],
    soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
    applications: [
      apply("2026-03-01", 45000, 14, { origin: "eigen_bedrijf" }),
      ammoniumSulphate(80),
    ],
  });
  const maize = field({
    fieldId: "maize",
    area: 5,
    region: "zand_zuid",
    hasGrazingIntention: true,
    cultivations: [crop("nl_259", "2026-05-01", "2026-10-01")],
    soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
    applications: [apply("2026-04-20", 20000, 14, { origin: "eigen_bedrijf" })],
  });

  it("gives each field's four norms beside their filling, and the farm totals", () => {
    const farm = calculateGebruiksnormenForFarm(2026, [grassland, maize]);
    const [g, m] = farm.fields;
    // Grasland beweiden zand_nwc NV 200; maïs zand_zuid 112 (winter crop: no korting)
    expect(g?.stikstof.norm?.normValue).toBe(200);
    expect(m?.stikstof.norm?.normValue).toBe(112);
    expect(g?.dierlijkeMest.norm.normValue).toBe(170);
    expect(m?.dierlijkeMest.norm.normValue).toBe(170);
    expect(g?.renure?.norm.normValue).toBe(80);
    // 45 t × 4 kg N/t = 180 kg N/ha of animal manure: above 170 on this field
    expect(g?.dierlijkeMest.filling.normFilling).toBe(180);
    expect(g?.renure?.filling.normFilling).toBe(32);
    // 45 t × 4 × 45% + 32 = 113
    expect(g?.stikstof.filling.normFilling).toBeCloseTo(113, 9);
    // dierlijke mest: 170 × 15 ha = 2550; used 1800 + 5 × 80 = 2200
    expect(farm.dierlijkeMest.normTotal).toBe(2550);
    expect(farm.dierlijkeMest.fillingTotal).toBe(2200);
    expect(farm.renure).toMatchObject({ normTotal: 1200, fillingTotal: 320, remaining: 880 });
    expect(farm.stikstof.normTotal).toBe(2000 + 560);
  });

  it("refuses a farm mixing 2025 and 2026 fields, naming them", () => {
    const old = field({
      fieldId: "last-year",
      cultivations: [grass],
      applications: [apply("2025-03-01", 10000, 14, { origin: "eigen_bedrijf" })],
    });
    for (const run of [
      () => calculateGebruiksnormenForFarm(2026, [grassland, old]),
      () => calculateGebruiksnormenForFarm(2025, [old, grassland]),
    ]) {
      expect(codeOf(run)).toMatch(
        /^MIXED_YEARS: The farm's fields are dated in more than one year \(2025: "last-year"; 2026: "grass"\)/,
      );
    }
    // A field planted for 2026 in a 2025 call is mixed as well.
    const next = field({ fieldId: "next", cultivations: [crop("nl_259", "2026-05-01")] });
    expect(codeOf(() => calculateGebruiksnormenForFarm(2025, [old, next]))).toMatch(
      /^MIXED_YEARS: .*2026: "next"/,
    );
  });

  it("a field whose crop has no norm does not stop the farm (both years)", () => {
    const nature = (year: number) =>
      field({
        fieldId: "nature",
        area: 2,
        cultivations: [crop("nl_332", "2010-01-01")],
        soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
        applications: [apply(`${year}-04-01`, 100, 115, { composition: { n: 270, p2o5: 0 } })],
      });
    const wheat = (year: number) =>
      field({
        fieldId: "wheat",
        area: 3,
        cultivations: [crop("nl_233", `${year - 1}-10-20`, `${year}-08-01`)],
        soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
      });
    const results = [
      calculateGebruiksnormenForFarm(2025, [nature(2025), wheat(2025)]),
      calculateGebruiksnormenForFarm(2026, [nature(2026), wheat(2026)]),
    ];
    for (const farm of results) {
      const [n, w] = farm.fields;
      expect(n?.stikstof.norm).toBeNull();
      expect(n?.noNormForCrop?.code).toBe("NO_NORM_FOR_CROP");
      expect(n?.noNormForCrop?.message).toMatch(/Field "nature": the hoofdteelt nl_332/);
      expect(n?.fosfaat.norm.normValue).toBe(90); // 332 is grasland: 1.5–2.4 and 31–55, Ruim
      expect(w?.stikstof.norm?.normValue).toBe(245); // wintertarwe on klei
      expect(w?.noNormForCrop).toBeNull();
      // The farm's stikstof norm counts the wheat; the filling counts both (100 kg × 270 g/kg × 2 ha)
      expect(farm.stikstof).toMatchObject({
        normTotal: 735,
        fillingTotal: 54,
        fieldsWithoutNorm: ["nature"],
      });
      expect(farm.stikstof.explanation).toBe(
        'used 54 of 735 kg N; no norm for "nature" (main crop without a line in RVO Table 2)',
      );
    }
  });
});

describe("every BRP code of fdm-data's catalogue through the calculator, every year", () => {
  const catalogue = getCultivationCatalogue("brp");
  for (const year of getNormYears()) {
    const rules = rulesForYear(year, "test");
    it(`${year}: each code gets a norm or the typed NO_NORM_FOR_CROP`, () => {
      let withNorm = 0;
      const withoutNorm: number[] = [];
      for (const item of catalogue) {
        // Lines the code alone does not decide take their first teeltwijze.
        const line = rules.lineByCode.get(item.sourceCode)?.[0];
        const teeltwijze = line?.variantBasis === "teeltwijze" ? line.variant : null;
        const input = field({
          region: "klei",
          mainCropId: item.id,
          cultivations: [crop(item.id, `${year}-01-01`, null, { teeltwijze })],
        });
        try {
          const result = getStikstofGebruiksNorm(year, input);
          expect(result.normValue, item.id).toBeGreaterThanOrEqual(0);
          withNorm++;
        } catch (error) {
          if (!(error instanceof FdmCalculatorError)) throw error;
          expect(error.code, `${item.id}: ${error.message}`).toBe("NO_NORM_FOR_CROP");
          withoutNorm.push(item.sourceCode);
        }
      }
      expect(withNorm + withoutNorm.length).toBe(catalogue.length);
      expect(withNorm).toBeGreaterThan(300);
      // Codes on no line of Table 2, e.g. 332 natural grassland and 2026 braak met bos.
      expect(withoutNorm).toContain(332);
      expect(withoutNorm).toContain(2026);
      expect(withoutNorm).not.toContain(265);
    });
  }
});
