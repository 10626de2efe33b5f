import { describe, expect, it } from "vitest";
import { FdmCalculatorError } from "../../errors.js";
import {
  type DerogationFlags,
  getStikstofGebruiksNorm,
  type NormsCultivation,
  type NormsFieldInput,
  type StikstofGebruiksnormResult,
} from "../../index.js";
import { crop, field } from "./test-fields.js";

// The grassland kortingen of RVO (graslandvernietiging) on zand and löss, in
// both years. Table figures typed in from reference/nl-2025 and nl-2026:
// maïs (non-derogatie 2025, the one set 2026): zand_nwc 140, zand_zuid 112,
// loess 112, klei 185; consumptie aardappelen overig zand_nwc 235;
// zetmeelaardappelen zand_zuid 184; consumptieaardappel vroeg zand_zuid 96;
// pootaardappelen overig zand_nwc 140 (not cut); suikermaïs zand_zuid 148;
// Grasland beweiden zand_nwc 250, loess 250, klei 345.
const years = [
  {
    year: 2025,
    norm: (input: Partial<NormsFieldInput & DerogationFlags>) =>
      getStikstofGebruiksNorm(2025, field({ hasGrazingIntention: true, ...input })),
  },
  {
    year: 2026,
    norm: (input: Partial<NormsFieldInput & DerogationFlags>) =>
      getStikstofGebruiksNorm(2026, field({ hasGrazingIntention: true, ...input })),
  },
] as const;

function expectRefused(run: () => StikstofGebruiksnormResult, text: RegExp) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FdmCalculatorError);
    expect((error as FdmCalculatorError).code).toBe("GRASSLAND_DESTRUCTION_NOT_ALLOWED");
    expect((error as Error).message).toMatch(text);
    return;
  }
  throw new Error("expected GRASSLAND_DESTRUCTION_NOT_ALLOWED");
}

for (const { year, norm } of years) {
  const d = (monthDay: string) => `${year}-${monthDay}`;
  /** Grass from 2015 destroyed on `destroyed`, then `code` from `sown` until October. */
  const afterGrass = (
    code: string,
    destroyed: string,
    sown: string,
    extra: Partial<NormsCultivation> = {},
    variety: string | null = null,
  ) => [
    crop("nl_265", "2015-04-01", d(destroyed), extra),
    crop(code, d(sown), d("10-01"), { variety }),
  ];

  describe(`${year}: 65 kg N/ha after destroying grassland (graslandvernietiging)`, () => {
    it("cuts maïs on zand_nwc, zand_zuid and löss, not on klei or veen", () => {
      const cultivations = afterGrass("nl_259", "04-15", "04-25");
      expect(norm({ region: "zand_nwc", cultivations })).toMatchObject({
        tableValue: 140,
        korting: 65,
        normValue: 75,
        kortingRule: "graslandvernietiging",
      });
      expect(norm({ region: "zand_zuid", cultivations }).normValue).toBe(47);
      expect(norm({ region: "loess", cultivations }).normValue).toBe(47);
      expect(norm({ region: "zand_nwc", isNVGebied: true, cultivations }).normValue).toBe(47);
      expect(norm({ region: "klei", cultivations })).toMatchObject({ normValue: 185, korting: 0 });
      expect(norm({ region: "veen", cultivations })).toMatchObject({ normValue: 150, korting: 0 });
    });

    it("cuts consumption and factory potatoes, instead of the catch-crop reduction", () => {
      const ware = afterGrass("nl_2014", "03-01", "04-15");
      // 235 − 65; without the grass the catch-crop reduction would take 20.
      expect(norm({ region: "zand_nwc", cultivations: ware })).toMatchObject({
        tableValue: 235,
        korting: 65,
        normValue: 170,
      });
      const starch = afterGrass("nl_2017", "03-01", "04-15");
      expect(norm({ region: "zand_zuid", cultivations: starch }).normValue).toBe(119);
      const early = afterGrass("nl_1911", "03-01", "03-20");
      expect(norm({ region: "zand_zuid", cultivations: early }).normValue).toBe(31);
    });

    it("does not cut seed potatoes or suikermaïs", () => {
      const seed = norm({
        region: "zand_nwc",
        cultivations: afterGrass("nl_2015", "03-01", "04-15"),
      });
      expect(seed.kortingRule).toBe("vanggewas");
      expect(seed.korting).toBe(20); // no catch crop; seed potatoes are no winter crop
      const sweet = norm({
        region: "zand_zuid",
        cultivations: afterGrass("nl_814", "03-01", "05-01"),
      });
      expect(sweet).toMatchObject({ tableValue: 148, korting: 0, kortingRule: "vanggewas" });
    });

    it("applies from 1 February to 10 May and refuses other dates", () => {
      expect(
        norm({ region: "zand_nwc", cultivations: afterGrass("nl_259", "02-01", "04-25") }).korting,
      ).toBe(65);
      expect(
        norm({ region: "zand_nwc", cultivations: afterGrass("nl_259", "05-10", "05-12") }).korting,
      ).toBe(65);
      expectRefused(
        () => norm({ region: "zand_nwc", cultivations: afterGrass("nl_259", "05-11", "05-15") }),
        /1 February to 10 May/,
      );
      expectRefused(
        () => norm({ region: "loess", cultivations: afterGrass("nl_259", "01-31", "04-25") }),
        /1 February to 10 May/,
      );
    });

    it("exception: the grass was the mandatory catch crop after maïs", () => {
      const cultivations = afterGrass("nl_259", "04-15", "04-25", {
        grassPurpose: "vanggewas_na_mais",
      });
      expect(norm({ region: "zand_nwc", cultivations })).toMatchObject({
        korting: 0,
        normValue: 140,
      });
    });

    it("exception: the grass was a grass green manure (groenbemester)", () => {
      const cultivations = afterGrass("nl_2014", "03-01", "04-15", {
        grassPurpose: "groenbemester",
      });
      // Back to the catch-crop reduction: no catch crop, 20.
      expect(norm({ region: "zand_nwc", cultivations })).toMatchObject({
        korting: 20,
        kortingRule: "vanggewas",
        normValue: 215,
      });
    });

    it("an exempt grass may be destroyed outside the window", () => {
      const cultivations = afterGrass("nl_259", "05-20", "05-25", {
        grassPurpose: "groenbemester",
      });
      expect(norm({ region: "zand_nwc", cultivations }).normValue).toBe(140);
    });
  });

  describe(`${year}: 50 kg N/ha when grassland is renewed (graslandvernieuwing)`, () => {
    const renewed = (destroyed: string, resown: string) => [
      crop("nl_265", "2015-04-01", d(destroyed)),
      crop("nl_265", d(resown)),
    ];
    it("cuts grassland renewed from 1 June to 31 August on zand and löss", () => {
      expect(norm({ region: "zand_nwc", cultivations: renewed("06-10", "06-15") })).toMatchObject({
        tableValue: 250,
        korting: 50,
        normValue: 200,
        kortingRule: "graslandvernieuwing",
      });
      expect(norm({ region: "zand_nwc", cultivations: renewed("06-01", "06-05") }).korting).toBe(
        50,
      );
      // Renewed on 31 August: the old grass is the main crop, still cut.
      expect(norm({ region: "loess", cultivations: renewed("08-31", "09-05") }).normValue).toBe(
        200,
      );
    });
    it("not before 1 June, not on klei", () => {
      expect(norm({ region: "zand_nwc", cultivations: renewed("05-31", "06-03") })).toMatchObject({
        korting: 0,
        normValue: 250,
      });
      expect(norm({ region: "klei", cultivations: renewed("06-10", "06-15") }).normValue).toBe(345);
    });
    it("refuses renewal after 31 August on zand and löss", () => {
      expectRefused(
        () => norm({ region: "zand_zuid", cultivations: renewed("09-01", "09-05") }),
        /1 February to 31 August/,
      );
    });
  });
}

describe("a grass catch crop (not after maïs): 65 in 2025, no korting from 2026", () => {
  const purpose = { grassPurpose: "vanggewas" as const };
  it("2025: only the catch crop after maïs is an exception", () => {
    const cultivations = [
      crop("nl_266", "2024-09-01", "2025-04-01", purpose),
      crop("nl_259", "2025-04-25", "2025-10-01"),
    ];
    expect(
      getStikstofGebruiksNorm(2025, field({ region: "zand_nwc", cultivations })).normValue,
    ).toBe(75);
  });
  it("2026: any catch crop is an exception", () => {
    const cultivations = [
      crop("nl_266", "2025-09-01", "2026-04-01", purpose),
      crop("nl_259", "2026-04-25", "2026-10-01"),
    ];
    expect(
      getStikstofGebruiksNorm(2026, field({ region: "zand_nwc", cultivations })).normValue,
    ).toBe(140);
  });
  it("refuses an unknown grassPurpose", () => {
    expect(() =>
      getStikstofGebruiksNorm(
        2026,
        field({
          cultivations: [crop("nl_265", "2020-01-01", null, { grassPurpose: "hay" as never })],
        }),
      ),
    ).toThrow(/grassPurpose of cultivation 0/);
  });
});

describe("2025: a derogation farm in an NV-gebied follows the zand and löss rules on every soil", () => {
  const cultivations = [
    crop("nl_265", "2015-04-01", "2025-04-15"),
    crop("nl_259", "2025-04-25", "2025-10-01"),
  ];
  it("cuts maïs on klei in an NV-gebied with derogatie: 128 − 65", () => {
    // maïs derogatie, klei, NV-gebied: 128
    const norm = getStikstofGebruiksNorm(
      2025,
      field({ region: "klei", isNVGebied: true, hasDerogation: true, cultivations }),
    );
    expect(norm).toMatchObject({ tableValue: 128, korting: 65, normValue: 63 });
  });
  it("not without derogatie, nor outside an NV-gebied", () => {
    expect(
      getStikstofGebruiksNorm(2025, field({ region: "klei", isNVGebied: true, cultivations }))
        .korting,
    ).toBe(0);
    expect(
      getStikstofGebruiksNorm(2025, field({ region: "klei", hasDerogation: true, cultivations }))
        .korting,
    ).toBe(0);
  });
});
