import { getFertilizersCatalogue } from "fdm-data";
import { describe, expect, it } from "vitest";
import { FdmCalculatorError } from "../../../errors.js";
import type { DerogationFlags, NormsApplication, NormsFieldInput } from "../engine/types.js";
import {
  calculateDierlijkeMestGebruiksNormFilling,
  calculateFosfaatGebruiksNormFilling,
  calculateStikstofGebruiksNormFilling,
} from "../norms.js";
import { apply, crop, field } from "../test-fields.js";

const grass = crop("nl_265", "2010-01-01");
const wheat = crop("nl_233", "2024-10-20", "2025-08-01");

/** Effective N (kg/ha) of one application; Table 9 figures are checked by hand below. */
const effectiveN = (
  application: NormsApplication,
  overrides: Partial<NormsFieldInput & DerogationFlags> = {},
) =>
  calculateStikstofGebruiksNormFilling(
    2025,
    field({ cultivations: [wheat], applications: [application], ...overrides }),
  ).normFilling;

function expectCode(run: () => unknown, code: string, text: RegExp) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FdmCalculatorError);
    expect((error as FdmCalculatorError).code).toBe(code);
    expect((error as Error).message).toMatch(text);
    return;
  }
  throw new Error("expected an FdmCalculatorError");
}

describe("filling of mixed manure and mineral applications", () => {
  // zand_nwc, grazing farm, permanent grassland.
  const mixed = field({
    region: "zand_nwc",
    hasGrazingIntention: true,
    cultivations: [grass],
    soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
    applications: [
      apply("2025-03-01", 30000, 14, { id: "slurry", origin: "eigen_bedrijf" }),
      apply("2025-04-01", 300, 115, { id: "can", composition: { n: 270, p2o5: 0 } }),
      apply("2025-10-01", 10000, 10, { id: "solid", origin: "aangevoerd" }),
    ],
  });
  it("stikstof: 54 + 81 + 25.6 = 160.6 kg effective N/ha", () => {
    const filling = calculateStikstofGebruiksNormFilling(2025, mixed);
    // 30 t × 4 kg N/t × 45%; 300 kg × 270 g/kg × 100%; 10 t × 6.4 kg N/t × 40%
    expect(filling.applications.map((a) => a.value)).toEqual([54, 81, expect.closeTo(25.6, 9)]);
    expect(filling.normFilling).toBeCloseTo(160.6, 9);
    expect(filling.unit).toBe("kg N/ha");
    expect(filling.applications[0]?.applicationId).toBe("slurry");
  });
  it("dierlijke mest: 120 + 0 + 64 = 184 kg N/ha", () => {
    const filling = calculateDierlijkeMestGebruiksNormFilling(2025, mixed);
    expect(filling.applications.map((a) => a.value)).toEqual([120, 0, 64]);
    expect(filling.normFilling).toBe(184);
    expect(filling.applications[1]?.explanation).toMatch(/not animal manure/);
  });
  it("fosfaat: 45 + 0 + 32 × 75% = 69 kg P2O5/ha", () => {
    const filling = calculateFosfaatGebruiksNormFilling(2025, mixed);
    expect(filling.applications.map((a) => a.value)).toEqual([45, 0, expect.closeTo(24, 9)]);
    expect(filling.normFilling).toBeCloseTo(69, 9);
    expect(filling.unit).toBe("kg P2O5/ha");
  });
});

describe("werkingscoëfficiënten (Table 9) and their precedence", () => {
  it("cattle slurry (14): own farm 45% with grazing, 60% without; brought in 60%", () => {
    const slurry = (origin: "eigen_bedrijf" | "aangevoerd") =>
      apply("2025-03-01", 10000, 14, { origin });
    expect(effectiveN(slurry("eigen_bedrijf"), { hasGrazingIntention: true })).toBeCloseTo(18, 9);
    expect(effectiveN(slurry("eigen_bedrijf"), { hasGrazingIntention: false })).toBeCloseTo(24, 9);
    expect(effectiveN(slurry("aangevoerd"), { hasGrazingIntention: true })).toBeCloseTo(24, 9);
  });
  it("pig slurry (50): 60% on klei and veen, 80% on zand and löss", () => {
    const slurry = apply("2025-03-01", 10000, 50);
    expect(effectiveN(slurry, { region: "klei" })).toBeCloseTo(38.4, 9);
    expect(effectiveN(slurry, { region: "veen" })).toBeCloseTo(38.4, 9);
    expect(effectiveN(slurry, { region: "zand_zuid" })).toBeCloseTo(51.2, 9);
    expect(effectiveN(slurry, { region: "loess" })).toBeCloseTo(51.2, 9);
  });
  it("chicken slurry (30) counts under Drijfmest van overige diersoorten: 60%", () => {
    expect(effectiveN(apply("2025-10-01", 10000, 30))).toBeCloseTo(59.4, 9);
  });
  it("solid cattle manure (10), own farm: 30% on arable klei from September to January", () => {
    const solid = (date: string) => apply(date, 10000, 10, { origin: "eigen_bedrijf" });
    expect(effectiveN(solid("2025-09-01"))).toBeCloseTo(19.2, 9);
    expect(effectiveN(solid("2025-01-31"))).toBeCloseTo(19.2, 9);
    // other times: 45% with grazing, 60% without
    expect(effectiveN(solid("2025-08-31"), { hasGrazingIntention: true })).toBeCloseTo(28.8, 9);
    expect(effectiveN(solid("2025-02-01"), { hasGrazingIntention: false })).toBeCloseTo(38.4, 9);
    // on grassland, or on zand, the autumn sub-case does not apply
    expect(
      effectiveN(solid("2025-10-01"), { cultivations: [grass], hasGrazingIntention: true }),
    ).toBeCloseTo(28.8, 9);
    expect(effectiveN(solid("2025-10-01"), { region: "zand_nwc" })).toBeCloseTo(38.4, 9);
  });
  it("solid cattle manure (10) brought in: 30% in autumn on arable veen, 40% otherwise", () => {
    const solid = (date: string) => apply(date, 10000, 10, { origin: "aangevoerd" });
    expect(effectiveN(solid("2025-11-15"), { region: "veen" })).toBeCloseTo(19.2, 9);
    expect(effectiveN(solid("2025-03-15"), { region: "veen" })).toBeCloseTo(25.6, 9);
  });
  it("cattle filtrate (11): 30% on arable klei in autumn, 40% otherwise", () => {
    expect(effectiveN(apply("2025-09-10", 10000, 11))).toBeCloseTo(12, 9);
    expect(effectiveN(apply("2025-04-10", 10000, 11))).toBeCloseTo(16, 9);
  });
  it("solid pig manure 55%, dunne fractie 80%, champost 25%, sludge 40%, overige 50%", () => {
    expect(effectiveN(apply("2025-03-01", 10000, 40))).toBeCloseTo(44.55, 9);
    expect(effectiveN(apply("2025-03-01", 10000, 41))).toBeCloseTo(54.4, 9);
    expect(effectiveN(apply("2025-03-01", 10000, 110))).toBeCloseTo(17.5, 9);
    expect(effectiveN(apply("2025-03-01", 1000, 113, { composition: { n: 10 } }))).toBeCloseTo(
      4,
      9,
    );
    expect(effectiveN(apply("2025-03-01", 1000, 116, { composition: { n: 10 } }))).toBeCloseTo(
      5,
      9,
    );
  });
  it("compost 10%, mineral concentrate 100%, kunstmest and substrate 100%", () => {
    expect(effectiveN(apply("2025-03-01", 10000, 111, { composition: { n: 8 } }))).toBeCloseTo(
      8,
      9,
    );
    expect(effectiveN(apply("2025-03-01", 1000, 120, { composition: { n: 7 } }))).toBeCloseTo(7, 9);
    expect(effectiveN(apply("2025-03-01", 500, 115, { composition: { n: 460 } }))).toBeCloseTo(
      230,
      9,
    );
    expect(effectiveN(apply("2025-03-01", 10000, 107))).toBeCloseTo(55, 9);
  });
  it("uses the measured N content, and the forfaitaire one when it is 0", () => {
    expect(effectiveN(apply("2025-03-01", 10000, 50, { composition: { n: 7 } }))).toBeCloseTo(
      42,
      9,
    );
    expect(effectiveN(apply("2025-03-01", 10000, 50, { composition: { n: 0 } }))).toBeCloseTo(
      38.4,
      9,
    );
  });
});

describe("fosfaat: organic-rich fertilizers (Staatscourant 2023, 5152)", () => {
  const phosphate = (
    applications: NormsApplication[],
    overrides: Partial<NormsFieldInput & DerogationFlags> = {},
  ) =>
    calculateFosfaatGebruiksNormFilling(
      2025,
      field({
        cultivations: [wheat],
        soilPhosphate: { pCaCl2: 2.0, pAl: 50 },
        applications,
        ...overrides,
      }),
    ).normFilling;
  const solidCattle = (amount: number, p2o5?: number) =>
    apply("2025-03-01", amount, 10, { origin: "aangevoerd", composition: { p2o5: p2o5 ?? null } });
  const compost = (amount: number, p2o5: number) =>
    apply("2025-03-01", amount, 111, { composition: { n: 8, p2o5 } });

  it("below 20 kg P2O5/ha organic-rich phosphate counts for 100%", () => {
    expect(phosphate([solidCattle(5000)])).toBeCloseTo(16, 9);
    expect(phosphate([solidCattle(4975, 4)])).toBeCloseTo(19.9, 9);
  });
  it("from 20 kg P2O5/ha on, solid cattle manure counts for 75%", () => {
    expect(phosphate([solidCattle(5000, 4)])).toBeCloseTo(15, 9);
  });
  it("compost counts for 25%", () => {
    expect(phosphate([compost(20000, 3)])).toBeCloseTo(15, 9);
  });
  it("caps the reduced phosphate at the norm (bouwland Hoog, 40 kg)", () => {
    // 80 kg of compost: 40 at 25% + 40 at 100%; 32 kg cattle manure above the cap at 100%
    const filling = phosphate([compost(20000, 4), solidCattle(10000)], {
      soilPhosphate: { pCaCl2: 3.5, pAl: 60 },
    });
    expect(filling).toBeCloseTo(82, 9);
  });
  it("takes the 25% products first (bouwland Ruim, cap 60)", () => {
    // compost 40 kg within the cap (10), cattle 20 of 32 kg within the cap (15) + 12
    const soilPhosphate = { pCaCl2: 2.0, pAl: 60 };
    expect(phosphate([solidCattle(10000), compost(10000, 4)], { soilPhosphate })).toBeCloseTo(
      37,
      9,
    );
  });
  it("solid pig manure (40) counts for 75% only on a certified organic farm", () => {
    const pig = apply("2025-03-01", 10000, 40);
    expect(phosphate([pig], { isOrganicCertified: false })).toBeCloseTo(80, 9);
    // 80 kg: 70 within the cap (bouwland Neutraal) at 75% + 10 at 100%
    expect(phosphate([pig], { isOrganicCertified: true })).toBeCloseTo(62.5, 9);
  });
  it("needs the soil analysis only when the reduction applies", () => {
    expect(phosphate([solidCattle(5000)], { soilPhosphate: null })).toBeCloseTo(16, 9);
    expectCode(
      () => phosphate([solidCattle(10000)], { soilPhosphate: null }),
      "MISSING_SOIL_ANALYSIS",
      /Field "field-1"/,
    );
  });
});

describe("bad input", () => {
  it("throws for a negative amount, naming the field", () => {
    expectCode(
      () => effectiveN(apply("2025-03-01", -1, 115, { composition: { n: 270 } })),
      "INVALID_INPUT",
      /Field "field-1": amount of application 0 must be .* at least 0/,
    );
  });
  it("throws for a date outside 2025", () => {
    expectCode(
      () => effectiveN(apply("2024-12-31", 100, 115, { composition: { n: 270 } })),
      "DATE_OUTSIDE_YEAR",
      /2024-12-31/,
    );
    expectCode(
      () => effectiveN(apply("2026-01-01", 100, 115, { composition: { n: 270 } })),
      "DATE_OUTSIDE_YEAR",
      /2026-01-01/,
    );
  });
  it("throws for an unknown mestcode", () => {
    expectCode(
      () => effectiveN(apply("2025-03-01", 100, 24 as never)),
      "UNKNOWN_MESTCODE",
      /typeRvo 24/,
    );
  });
  it("throws when the N content is unknown and Table 11 has no forfaitaire one", () => {
    expectCode(
      () => effectiveN(apply("2025-03-01", 100, 111, { id: "compost-1" })),
      "UNKNOWN_CONTENT",
      /application compost-1 has no N content/,
    );
  });
  it("throws for kunstmest whose N or P2O5 content is not recorded, never counting it as 0", () => {
    const kas = (composition: { n?: number | null; p2o5?: number | null }) =>
      apply("2025-03-01", 300, 115, { id: "kas-1", composition });
    const message = (name: string, key: string) =>
      `Field "field-1": application kas-1 of kunstmest (mestcode 115) has no ${name} content in its composition, and Table 11 has no forfaitaire one for kunstmest; give the declared content (composition.${key}, kg/ton; 0 when the label declares none)`;
    expect(() => effectiveN(kas({ n: null, p2o5: 0 }))).toThrow(message("N", "n"));
    expect(() =>
      calculateFosfaatGebruiksNormFilling(
        2025,
        field({ cultivations: [wheat], applications: [kas({ n: 270 })] }),
      ),
    ).toThrow(message("P2O5", "p2o5"));
    // A recorded 0 stands: 300 kg × 0 kg N/ton = 0.
    expect(effectiveN(kas({ n: 0, p2o5: 0 }))).toBe(0);
  });
  it("throws when the origin of grazing-animal manure is missing", () => {
    expectCode(() => effectiveN(apply("2025-03-01", 100, 14)), "MISSING_ORIGIN", /eigen_bedrijf/);
  });
  it("an empty list of applications fills nothing", () => {
    const filling = calculateStikstofGebruiksNormFilling(2025, field({ cultivations: [wheat] }));
    expect(filling).toMatchObject({ normFilling: 0, applications: [] });
  });
});

describe("fertilizers straight from the fdm-data catalogues", () => {
  const byId = (name: "rvo" | "baat", id: string) => {
    const item = getFertilizersCatalogue(name).find((f) => f.id === id);
    if (!item) throw new Error(`${id} is not in the ${name} catalogue`);
    return item;
  };
  const input = field({
    cultivations: [wheat],
    soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
    applications: [
      { date: new Date("2025-03-01"), amount: 20000, fertilizer: byId("rvo", "rvo_50") },
      { date: new Date("2025-04-01"), amount: 300, fertilizer: byId("baat", "baat_028") },
    ],
  });
  it("stikstof: 20 t pig slurry × 6.4 × 60% (klei) + 300 kg CAN × 270 g/kg = 76.8 + 81", () => {
    expect(calculateStikstofGebruiksNormFilling(2025, input).normFilling).toBeCloseTo(157.8, 9);
  });
  it("fosfaat: CAN holds 0 g P2O5/kg (NMI), so only the slurry counts: 20 t × 3.8 = 76", () => {
    const filling = calculateFosfaatGebruiksNormFilling(2025, input);
    expect(filling.normFilling).toBeCloseTo(76, 9);
    expect(filling.applications[1]?.explanation).toBe(
      "300 kg/ha × 0 kg P2O5/ton (measured) = 0 kg P2O5/ha",
    );
  });
});
