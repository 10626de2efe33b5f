import { describe, expect, it } from "vitest";
import { FdmCalculatorError } from "../../../errors.js";
import type { NLRegion } from "../calendar.js";
import type { NormsCultivation, NormsFieldInput } from "../engine/types.js";
import {
  getDierlijkeMestGebruiksNorm,
  getFosfaatGebruiksNorm,
  getHoofdteelt,
  getRenureGebruiksNorm,
  getStikstofGebruiksNorm,
} from "../norms.js";
import { crop, field } from "../test-fields.js";

const input = (overrides: Partial<NormsFieldInput>): NormsFieldInput => {
  const {
    hasDerogation: _d,
    isGWBG: _g,
    isNatura2000: _n,
    isDerogatievrijeZone: _z,
    ...rest
  } = field(overrides);
  return rest;
};
const stikstof = (overrides: Partial<NormsFieldInput>) =>
  getStikstofGebruiksNorm(2026, input(overrides));

function expectCode(run: () => unknown, code: string, text: RegExp) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FdmCalculatorError);
    expect((error as FdmCalculatorError).code).toBe(code);
    expect((error as Error).message).toMatch(text);
    return;
  }
  throw new Error(`expected FdmCalculatorError ${code}`);
}

const regions: NLRegion[] = ["klei", "zand_nwc", "zand_zuid", "loess", "veen"];

/** Expects the figures [standard, NV] per region, in the order of `regions`. */
function expectEveryRegion(
  cultivations: NormsCultivation[],
  figures: [number, number][],
  extra: Partial<NormsFieldInput> = {},
) {
  regions.forEach((region, i) => {
    const [standard, nv] = figures[i] as [number, number];
    for (const [isNVGebied, expected] of [
      [false, standard],
      [true, nv],
    ] as const) {
      const result = stikstof({ region, isNVGebied, cultivations, ...extra });
      expect(result.tableValue, `${region} NV=${isNVGebied}`).toBe(expected);
    }
  });
}

// Figures typed in from reference/nl-2026/stikstof-norms-2026.csv
// (klei, zand_nwc, zand_zuid, loess, veen; standard and NV-gebied).
describe("getStikstofGebruiksNorm(2026): Table 2 of 2026, every region", () => {
  it("Grasland 265: beweiden and volledig maaien", () => {
    const grass = [crop("nl_265", "2015-03-01")];
    expectEveryRegion(
      grass,
      [
        [345, 276],
        [250, 200],
        [250, 200],
        [250, 200],
        [265, 212],
      ],
      { hasGrazingIntention: true },
    );
    expectEveryRegion(
      grass,
      [
        [385, 308],
        [320, 256],
        [320, 256],
        [320, 256],
        [300, 240],
      ],
      { hasGrazingIntention: false },
    );
  });

  it("maïs has one figure set, the former non-derogatie figures", () => {
    expectEveryRegion(
      [crop("nl_259", "2026-05-01", "2026-10-01")],
      [
        [185, 148],
        [140, 112],
        [112, 90],
        [112, 90],
        [150, 120],
      ],
    );
    const result = stikstof({ cultivations: [crop("nl_1935", "2026-05-01", "2026-10-01")] });
    expect(result.table2Name).toBe("Akkerbouwgewassen, mais");
    expect(result.variant).toBeNull();
  });

  it("consumption potatoes: hoge norm, lage norm and overig by variety", () => {
    const potato = (variety: string | null) => [
      crop("nl_2014", "2026-04-15", "2026-09-20", { variety }),
    ];
    expectEveryRegion(potato("Bintje"), [
      [275, 220],
      [260, 208],
      [208, 166],
      [204, 163],
      [270, 216],
    ]);
    expectEveryRegion(potato(null), [
      [250, 200],
      [235, 188],
      [188, 150],
      [184, 147],
      [245, 196],
    ]);
    expect(stikstof({ cultivations: potato("Bintje") }).variant).toBe("hoge norm");
  });

  it("winter wheat 233", () => {
    expectEveryRegion(
      [crop("nl_233", "2025-10-20", "2026-08-01")],
      [
        [245, 196],
        [160, 128],
        [160, 128],
        [190, 152],
        [160, 128],
      ],
    );
  });

  it("luzerne: eerste jaar, and volgende jaren when it was on the field in 2025", () => {
    expect(stikstof({ cultivations: [crop("nl_258", "2026-04-01")] }).normValue).toBe(40);
    const second = stikstof({ cultivations: [crop("nl_258", "2025-04-01")] });
    expect(second.variant).toBe("volgende jaren");
    expect(second.normValue).toBe(0);
  });
});

describe("getStikstofGebruiksNorm(2026): the new BRP codes of 2026", () => {
  const cases: [number, string, number, number][] = [
    // [code, Table-2 line, klei, zand_nwc]
    [7195, "Akkerbouwgewassen, Ui overig", 120, 120],
    [7196, "Akkerbouwgewassen, Ui overig", 120, 120],
    [7139, "Fruitteeltgewassen, kers", 175, 165],
    [7193, "Fruitteeltgewassen, kers", 175, 165],
    [7194, "Fruitteeltgewassen, kers", 175, 165],
    [7136, "Boomkwekerijgewassen, Snelgroeiende houtsoorten voor biomassaproductie", 90, 90],
    [7197, "Boomkwekerijgewassen, Snelgroeiende houtsoorten voor biomassaproductie", 90, 90],
  ];
  for (const [code, line, klei, zand] of cases) {
    it(`nl_${code} is on "${line}"`, () => {
      // A winter crop or a perennial: no catch-crop reduction on zand.
      const cultivations = [crop(`nl_${code}`, "2026-03-01")];
      const onKlei = stikstof({ region: "klei", cultivations });
      expect(onKlei.table2Name).toBe(line);
      expect(onKlei.normValue).toBe(klei);
      expect(stikstof({ region: "zand_nwc", cultivations }).normValue).toBe(zand);
    });
  }

  it("decision: Aardappel, bestrijdingsmaatregel is BRP 2025, not BRP 2026 (braak met bos)", () => {
    const control = stikstof({ cultivations: [crop("nl_2025", "2026-04-01", "2026-08-01")] });
    expect(control.table2Name).toBe("Akkerbouwgewas, Aardappel, bestrijdingsmaatregel");
    expect(control.normValue).toBe(0);
    expectCode(
      () => stikstof({ cultivations: [crop("nl_2026", "2020-01-01")] }),
      "NO_NORM_FOR_CROP",
      /nl_2026.*Stikstof landbouwgrond 2026/,
    );
  });
});

describe("getStikstofGebruiksNorm(2026): catch-crop reduction moved on one year", () => {
  const beet = crop("nl_236", "2026-03-20", "2026-08-01"); // zomergerst, not a winter crop: 80
  it("20 without a catch crop in winter 2025–2026", () => {
    const r = stikstof({ region: "zand_nwc", cultivations: [beet] });
    expect(r).toMatchObject({ tableValue: 80, korting: 20, normValue: 60 });
    expect(r.kortingRule).toBe("vanggewas");
  });
  it("by the sowing date of the catch crop in autumn 2025", () => {
    const sown = (date: string) =>
      stikstof({
        region: "zand_nwc",
        cultivations: [beet, crop("nl_3504", date, "2026-03-01")],
      }).korting;
    expect(sown("2025-10-01")).toBe(0);
    expect(sown("2025-10-02")).toBe(5);
    expect(sown("2025-10-14")).toBe(5);
    expect(sown("2025-10-15")).toBe(10);
    expect(sown("2025-10-31")).toBe(10);
    expect(sown("2025-11-01")).toBe(20);
  });
  it("none on klei or veen", () => {
    expect(stikstof({ region: "klei", cultivations: [beet] }).kortingRule).toBe("geen");
    expect(stikstof({ region: "veen", cultivations: [beet] }).korting).toBe(0);
  });
});

describe("getHoofdteelt(2026)", () => {
  it("takes the crop longest on the field between 15 May and 15 July 2026", () => {
    const found = getHoofdteelt(2026, {
      fieldId: "f",
      cultivations: [
        crop("nl_236", "2026-03-20", "2026-07-30"),
        crop("nl_3504", "2026-07-30", null),
      ],
    });
    expect(found.cultivationId).toBe("nl_236");
    expect(found.daysInWindow).toBe(61);
  });
  it("refuses a crop starting after 2026", () => {
    expectCode(
      () => getHoofdteelt(2026, { fieldId: "f", cultivations: [crop("nl_265", "2027-01-05")] }),
      "DATE_OUTSIDE_YEAR",
      /after 2026/,
    );
  });
});

describe("getFosfaatGebruiksNorm(2026): both sides of each class boundary", () => {
  const grass = [crop("nl_265", "2012-01-01")];
  const arable = [crop("nl_233", "2025-10-20", "2026-08-01")];
  const norm = (cultivations: NormsCultivation[], pCaCl2: number, pAl: number) =>
    getFosfaatGebruiksNorm(2026, input({ cultivations, soilPhosphate: { pCaCl2, pAl } }));
  it("grasland, P-AL bounds at P-CaCl2 1.5–2.4", () => {
    expect(norm(grass, 2.0, 20).normValue).toBe(105); // Laag
    expect(norm(grass, 2.0, 21).normValue).toBe(95); // Neutraal
    expect(norm(grass, 2.0, 30).normValue).toBe(95);
    expect(norm(grass, 2.0, 31).normValue).toBe(90); // Ruim
    expect(norm(grass, 2.0, 55).normValue).toBe(90);
    expect(norm(grass, 2.0, 56).normValue).toBe(75); // Hoog
  });
  it("grasland, P-CaCl2 bounds at P-AL 40, with rounding half up", () => {
    expect(norm(grass, 0.7, 40).fosfaatklasse).toBe("Laag"); // ≤ 0.7, 21–45
    expect(norm(grass, 0.75, 40).fosfaatklasse).toBe("Neutraal"); // rounds to 0.8
    expect(norm(grass, 1.4, 40).normValue).toBe(95);
    expect(norm(grass, 1.45, 40).normValue).toBe(90); // rounds to 1.5: Ruim
    expect(norm(grass, 3.4, 40).normValue).toBe(90); // 2.5–3.4, 21–45: Ruim
    expect(norm(grass, 3.5, 40).normValue).toBe(75); // ≥ 3.5, ≥ 31: Hoog
  });
  it("bouwland, P-AL bounds at P-CaCl2 2.5–3.4 and P-CaCl2 bounds at P-AL 50", () => {
    expect(norm(arable, 3.0, 20).normValue).toBe(120); // Arm
    expect(norm(arable, 3.0, 21).normValue).toBe(80); // Laag
    expect(norm(arable, 3.0, 30).normValue).toBe(80);
    expect(norm(arable, 3.0, 31).normValue).toBe(70); // Neutraal
    expect(norm(arable, 3.0, 45).normValue).toBe(70);
    expect(norm(arable, 3.0, 46).normValue).toBe(60); // Ruim
    expect(norm(arable, 3.0, 55).normValue).toBe(60);
    expect(norm(arable, 3.0, 56).normValue).toBe(40); // Hoog
    expect(norm(arable, 0.7, 50).normValue).toBe(80); // ≤ 0.7, ≥ 46: Laag
    expect(norm(arable, 0.8, 50).normValue).toBe(80); // 0.8–1.4, 46–55: Laag
    expect(norm(arable, 1.4, 50).normValue).toBe(80);
    expect(norm(arable, 1.5, 50).normValue).toBe(70); // 1.5–2.4, 46–55: Neutraal
    expect(norm(arable, 2.4, 50).normValue).toBe(70);
    expect(norm(arable, 2.5, 50).normValue).toBe(60); // 2.5–3.4: Ruim
    expect(norm(arable, 3.4, 50).normValue).toBe(60);
    expect(norm(arable, 3.5, 50).normValue).toBe(60); // ≥ 3.5, 46–55: Ruim
  });
  it("names 2026 in its explanation and needs a soil analysis", () => {
    expect(norm(grass, 2.0, 40).explanation).toMatch(/fosfaatgebruiksnormen 2026/);
    expectCode(
      () => getFosfaatGebruiksNorm(2026, input({ cultivations: grass })),
      "MISSING_SOIL_ANALYSIS",
      /P-CaCl2/,
    );
  });
});

describe("getDierlijkeMestGebruiksNorm(2026) and getRenureGebruiksNorm(2026)", () => {
  it("170 kg N/ha on every field: derogation is gone, and no area changes it", () => {
    for (const region of regions) {
      for (const isNVGebied of [false, true]) {
        const norm = getDierlijkeMestGebruiksNorm(
          2026,
          input({ region, isNVGebied, cultivations: [crop("nl_265", "2010-01-01")] }),
        );
        expect(norm.normValue).toBe(170);
        expect(norm.label).toBe("Standaard - geen derogatie");
      }
    }
    // A 2025 input with derogation flags still gets 170 in 2026.
    const old = field({ hasDerogation: true, isNVGebied: false, region: "zand_nwc" });
    expect(getDierlijkeMestGebruiksNorm(2026, old).normValue).toBe(170);
  });
  it("RENURE: 80 kg N/ha from mestcodes 130–134", () => {
    const norm = getRenureGebruiksNorm(2026, input({}));
    expect(norm.normValue).toBe(80);
    expect(norm.unit).toBe("kg N/ha");
    expect(norm.mestcodes).toEqual([130, 131, 132, 133, 134]);
  });
  it("validates the input like the other 2026 norms", () => {
    expectCode(
      () => getRenureGebruiksNorm(2026, input({ area: 0 })),
      "INVALID_INPUT",
      /area must be/,
    );
  });
});
