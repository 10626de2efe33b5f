import { describe, expect, it } from "vitest";
import {
  calculateDierlijkeMestGebruiksNormFilling,
  calculateFosfaatGebruiksNormFilling,
  calculateGebruiksnormenForFarm,
  calculateRenureGebruiksNormFilling,
  calculateStikstofGebruiksNormFilling,
  getDierlijkeMestGebruiksNorm,
  getFosfaatGebruiksNorm,
  getHoofdteelt,
  getRenureGebruiksNorm,
  getStikstofGebruiksNorm,
  type NormsFieldInput,
} from "../../index.js";
import { apply, crop, field, UNKNOWN } from "./test-fields.js";

// The worked examples each year's functions carried in the API reference before 1.0, by year
// number: every figure worked by hand from reference/nl-2025 and nl-2026.

/** A 2026 field: the flags of 2026 only (derogation ended with 2025). */
function field2026(overrides: Partial<NormsFieldInput> = {}): NormsFieldInput {
  const {
    isGWBG: _g,
    isNatura2000: _n,
    isDerogatievrijeZone: _z,
    hasDerogation: _d,
    ...rest
  } = field();
  return { ...rest, ...overrides };
}

describe("the worked examples of 2025", () => {
  it("hoofdteelt: zomergerst, 61 days in the window", () => {
    const found = getHoofdteelt(2025, {
      fieldId: "field-1",
      cultivations: [crop("nl_236", "2025-03-20", "2025-07-30"), crop("nl_3504", "2025-07-30")],
    });
    expect(found.cultivationId).toBe("nl_236");
  });

  it("stikstof: Grasland, beweiden, klei is 345", () => {
    const norm = getStikstofGebruiksNorm(
      2025,
      field({ area: 4.2, hasGrazingIntention: true, cultivations: [crop("nl_265", "2018-04-01")] }),
    );
    expect(norm.normValue).toBe(345);
  });

  it("fosfaat: bouwland, P-CaCl2 2.0 and P-AL 40 is Laag, 80", () => {
    const norm = getFosfaatGebruiksNorm(
      2025,
      field({
        area: 4.2,
        region: "zand_zuid",
        cultivations: [crop("nl_2014", "2025-04-10")],
        soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
      }),
    );
    expect(norm.fosfaatklasse).toBe("Laag");
    expect(norm.normValue).toBe(80);
  });

  it("dierlijke mest: derogatie in NV-gebied is 190", () => {
    const norm = getDierlijkeMestGebruiksNorm(
      2025,
      field({
        area: 4.2,
        region: "zand_nwc",
        isNVGebied: true,
        hasDerogation: true,
        hasGrazingIntention: true,
        cultivations: [crop("nl_265", "2015-01-01")],
      }),
    );
    expect(norm.normValue).toBe(190);
  });

  it("stikstof filling: 30 ton × 6.4 kg N/ton × 80% (pig slurry on sand) = 153.6", () => {
    const filling = calculateStikstofGebruiksNormFilling(
      2025,
      field({
        area: 10,
        region: "zand_zuid",
        cultivations: [crop("nl_259", "2025-05-01")],
        applications: [apply("2025-04-20", 30000, 50)],
      }),
    );
    expect(Math.round(filling.normFilling * 10) / 10).toBe(153.6);
  });

  it("fosfaat filling: 10 ton × 3.2 kg P2O5/ton = 32 (at least 20), counted for 75% = 24", () => {
    const filling = calculateFosfaatGebruiksNormFilling(
      2025,
      field({
        area: 10,
        cultivations: [crop("nl_233", "2024-10-20")],
        soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
        applications: [apply("2025-03-01", 10000, 10, { origin: "aangevoerd" })],
      }),
    );
    expect(Math.round(filling.normFilling * 10) / 10).toBe(24);
  });

  it("dierlijke-mest filling: 25 ton cattle slurry × 4 kg N/ton = 100; kunstmest does not count", () => {
    const filling = calculateDierlijkeMestGebruiksNormFilling(
      2025,
      field({
        area: 10,
        region: "zand_nwc",
        hasDerogation: true,
        hasGrazingIntention: true,
        cultivations: [crop("nl_265", "2010-01-01")],
        applications: [
          apply("2025-03-10", 25000, 14, { origin: "eigen_bedrijf" }),
          apply("2025-04-01", 200, 115, { composition: { n: 270 } }),
        ],
      }),
    );
    expect(filling.normFilling).toBe(100);
  });

  it("a farm: 345 kg N/ha × 10 ha, and 1200 of 1700 kg N from animal manure", () => {
    const farm = calculateGebruiksnormenForFarm(2025, [
      field({
        fieldId: "grass",
        area: 10,
        hasGrazingIntention: true,
        cultivations: [crop("nl_265", "2012-01-01")],
        soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
        applications: [apply("2025-03-15", 30000, 14, { origin: "eigen_bedrijf" })],
      }),
    ]);
    expect(farm.stikstof.normTotal).toBe(3450);
    expect(farm.dierlijkeMest.explanation).toBe("used 1200 of 1700 kg N");
  });
});

describe("the worked examples of 2026", () => {
  it("hoofdteelt: snijmaïs, 61 days in the window", () => {
    const found = getHoofdteelt(2026, {
      fieldId: "field-1",
      cultivations: [
        crop("nl_265", "2015-04-01", "2026-04-20"),
        crop("nl_259", "2026-05-01", "2026-10-10"),
      ],
    });
    expect(found.cultivationId).toBe("nl_259");
  });

  it("stikstof: maïs on zand_zuid 112, less 65 for grassland destroyed on 15 April = 47", () => {
    const norm = getStikstofGebruiksNorm(
      2026,
      field2026({
        area: 3,
        region: "zand_zuid",
        hasGrazingIntention: true,
        cultivations: [
          crop("nl_265", "2016-04-01", "2026-04-15"),
          crop("nl_259", "2026-04-25", "2026-10-01"),
        ],
      }),
    );
    expect(norm.tableValue).toBe(112);
    expect(norm.korting).toBe(65);
    expect(norm.normValue).toBe(47);
  });

  it("fosfaat: grasland, P-CaCl2 0.8 and P-AL 20 is Arm, 120", () => {
    const norm = getFosfaatGebruiksNorm(
      2026,
      field2026({
        area: 3,
        cultivations: [crop("nl_265", "2012-03-01")],
        soilPhosphate: { pCaCl2: 0.8, pAl: 20 },
      }),
    );
    expect(norm.fosfaatklasse).toBe("Arm");
    expect(norm.normValue).toBe(120);
  });

  it("dierlijke mest: 170 on every field, also in an NV-gebied", () => {
    const norm = getDierlijkeMestGebruiksNorm(
      2026,
      field2026({
        area: 3,
        region: "zand_nwc",
        isNVGebied: true,
        hasGrazingIntention: true,
        cultivations: [crop("nl_265", "2015-01-01")],
      }),
    );
    expect(norm.normValue).toBe(170);
    expect(norm.label).toBe("Standaard - geen derogatie");
  });

  it("RENURE: 80, filled by mestcodes 130–134", () => {
    const norm = getRenureGebruiksNorm(
      2026,
      field2026({ area: 3, cultivations: [crop("nl_233", "2025-10-20")] }),
    );
    expect(norm.normValue).toBe(80);
    expect(norm.mestcodes).toEqual([130, 131, 132, 133, 134]);
  });

  it("stikstof filling: pig slurry 153.6 and ammonium sulphate (RENURE) 16 = 169.6", () => {
    const filling = calculateStikstofGebruiksNormFilling(
      2026,
      field2026({
        area: 5,
        region: "zand_zuid",
        cultivations: [crop("nl_259", "2026-05-01")],
        applications: [
          apply("2026-04-20", 30000, 50),
          apply("2026-05-20", 200, 130, { composition: { n: 80, p2o5: 0 } }),
        ],
      }),
    );
    expect(Math.round(filling.normFilling * 10) / 10).toBe(169.6);
  });

  it("fosfaat filling: 300 kg struvite (RENURE) × 280 g P2O5/kg = 84 at 100%", () => {
    const filling = calculateFosfaatGebruiksNormFilling(
      2026,
      field2026({
        area: 5,
        cultivations: [crop("nl_233", "2025-10-20")],
        soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
        applications: [apply("2026-03-01", 300, 133, { composition: { n: 55, p2o5: 280 } })],
      }),
    );
    expect(filling.normFilling).toBe(84);
  });

  it("dierlijke-mest filling: 35 ton cattle slurry × 4 kg N/ton = 140; RENURE does not count", () => {
    const filling = calculateDierlijkeMestGebruiksNormFilling(
      2026,
      field2026({
        area: 5,
        region: "zand_nwc",
        hasGrazingIntention: true,
        cultivations: [crop("nl_265", "2010-01-01")],
        applications: [
          apply("2026-03-10", 35000, 14, { origin: "eigen_bedrijf" }),
          apply("2026-04-01", 500, 132, { composition: { n: 90, p2o5: 0 } }),
        ],
      }),
    );
    expect(filling.normFilling).toBe(140);
  });

  it("RENURE filling: 500 kg mineral concentrate × 90 g N/kg = 45", () => {
    const filling = calculateRenureGebruiksNormFilling(
      2026,
      field2026({
        area: 5,
        cultivations: [crop("nl_256", "2026-04-01")],
        applications: [apply("2026-04-01", 500, 132, { composition: { n: 90, p2o5: 0 } })],
      }),
    );
    expect(filling.normFilling).toBe(45);
  });

  it("a farm: 3450 kg N, 1200 of 1700 kg N from animal manure, 320 of 800 kg N from RENURE", () => {
    const farm = calculateGebruiksnormenForFarm(2026, [
      field2026({
        fieldId: "grass",
        area: 10,
        hasGrazingIntention: true,
        cultivations: [crop("nl_265", "2012-01-01")],
        soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
        applications: [
          apply("2026-03-15", 30000, 14, { origin: "eigen_bedrijf" }),
          apply("2026-04-15", 400, 130, { composition: { ...UNKNOWN, n: 80, p2o5: 0 } }),
        ],
      }),
    ]);
    expect(farm.stikstof.normTotal).toBe(3450);
    expect(farm.dierlijkeMest.explanation).toBe("used 1200 of 1700 kg N");
    expect(farm.renure?.explanation).toBe("used 320 of 800 kg N");
  });
});
