import { describe, expect, it } from "vitest";
import { FdmCalculatorError } from "../../../errors.js";
import type { NLRegion } from "../calendar.js";
import type { DerogationFlags, NormsCultivation, NormsFieldInput } from "../engine/types.js";
import { getStikstofGebruiksNorm } from "../norms.js";
import { crop, field } from "../test-fields.js";

const grass = crop("nl_265", "2015-03-01");
const norm = (overrides: Partial<NormsFieldInput & DerogationFlags>) =>
  getStikstofGebruiksNorm(2025, field(overrides)).normValue;
const onRegions =
  (cultivations: NormsCultivation[], extra: Partial<NormsFieldInput & DerogationFlags> = {}) =>
  (region: NLRegion, isNVGebied: boolean) =>
    norm({ region, isNVGebied, cultivations, ...extra });

function expectError(
  overrides: Partial<NormsFieldInput & DerogationFlags>,
  code: string,
  text: RegExp,
) {
  try {
    getStikstofGebruiksNorm(2025, field(overrides));
  } catch (error) {
    expect(error).toBeInstanceOf(FdmCalculatorError);
    expect((error as FdmCalculatorError).code).toBe(code);
    expect((error as Error).message).toMatch(/Field "field-1"/);
    expect((error as Error).message).toMatch(text);
    return;
  }
  throw new Error("expected an FdmCalculatorError");
}

// Figures from RVO Tabel 2 Stikstof landbouwgrond 2025: [region, outside NV, inside NV].
describe("Grasland (265): beweiden versus volledig maaien, every region", () => {
  const beweiden: [NLRegion, number, number][] = [
    ["klei", 345, 276],
    ["zand_nwc", 250, 200],
    ["zand_zuid", 250, 200],
    ["loess", 250, 200],
    ["veen", 265, 212],
  ];
  const maaien: [NLRegion, number, number][] = [
    ["klei", 385, 308],
    ["zand_nwc", 320, 256],
    ["zand_zuid", 320, 256],
    ["loess", 320, 256],
    ["veen", 300, 240],
  ];
  it.each(beweiden)("beweiden on %s: %i, NV-gebied %i", (region, standard, nv) => {
    const get = onRegions([grass], { hasGrazingIntention: true });
    expect(get(region, false)).toBe(standard);
    expect(get(region, true)).toBe(nv);
  });
  it.each(maaien)("volledig maaien on %s: %i, NV-gebied %i", (region, standard, nv) => {
    const get = onRegions([grass], { hasGrazingIntention: false });
    expect(get(region, false)).toBe(standard);
    expect(get(region, true)).toBe(nv);
  });
  it("names the line and variant", () => {
    const result = getStikstofGebruiksNorm(
      2025,
      field({ cultivations: [crop("nl_331", "2000-01-01")], hasGrazingIntention: true }),
    );
    expect(result).toMatchObject({
      table2Name: "Grasland",
      variant: "beweiden",
      unit: "kg N/ha",
      korting: 0,
    });
    expect(result.explanation).toContain('"Grasland" (beweiden)');
  });
});

describe("wintertarwe (233), a winter crop without korting, every region", () => {
  const rows: [NLRegion, number, number][] = [
    ["klei", 245, 196],
    ["zand_nwc", 160, 128],
    ["zand_zuid", 160, 128],
    ["loess", 190, 152],
    ["veen", 160, 128],
  ];
  it.each(rows)("on %s: %i, NV-gebied %i", (region, standard, nv) => {
    const get = onRegions([crop("nl_233", "2024-10-20", "2025-08-01")]);
    expect(get(region, false)).toBe(standard);
    expect(get(region, true)).toBe(nv);
  });
});

describe("Tijdelijk grasland (266): period variants", () => {
  const temp = (
    start: string,
    end: string | null,
    extra: Partial<NormsFieldInput & DerogationFlags> = {},
  ) => norm({ cultivations: [crop("nl_266", start, end)], mainCropId: "nl_266", ...extra });
  it("van 1 januari tot minstens 15 april: 60", () => {
    expect(temp("2024-09-01", "2025-04-20")).toBe(60);
  });
  it("van 1 januari tot minstens 15 mei: 110, zand NV-gebied 72", () => {
    expect(temp("2024-09-01", "2025-06-01")).toBe(110);
    expect(temp("2024-09-01", "2025-06-01", { region: "zand_nwc", isNVGebied: true })).toBe(72);
  });
  it("van 1 januari tot minstens 15 augustus: 250", () => {
    expect(temp("2024-09-01", "2025-08-20")).toBe(250);
  });
  it("van 1 januari tot minstens 15 september: 280", () => {
    expect(temp("2024-09-01", "2025-09-15")).toBe(280);
  });
  it("van 1 januari tot minstens 15 oktober: 310, veen 265", () => {
    expect(temp("2024-09-01", null)).toBe(310);
    expect(temp("2024-09-01", "2025-10-15", { region: "veen" })).toBe(265);
  });
  it("one day short of 15 oktober falls back to 15 september: 280", () => {
    expect(temp("2024-09-01", "2025-10-14")).toBe(280);
  });
  it("vanaf 15 april tot minstens 15 oktober: 310", () => {
    expect(temp("2025-04-15", null)).toBe(310);
  });
  it("vanaf 15 mei tot minstens 15 oktober: 280", () => {
    expect(temp("2025-04-16", "2025-11-01")).toBe(280);
    expect(temp("2025-05-15", "2025-11-01")).toBe(280);
  });
  it("vanaf 15 augustus tot minstens 15 oktober: 95 (sown after 15 May)", () => {
    expect(temp("2025-06-01", null)).toBe(95);
  });
  it("vanaf 15 september tot minstens 15 oktober: 30", () => {
    expect(temp("2025-08-20", null)).toBe(30);
  });
  it("vanaf 15 oktober: 0", () => {
    expect(temp("2025-10-20", null)).toBe(0);
  });
  it("names the period variant it chose", () => {
    const variant = (start: string, end: string | null) =>
      getStikstofGebruiksNorm(
        2025,
        field({ cultivations: [crop("nl_266", start, end)], mainCropId: "nl_266" }),
      ).variant;
    expect(variant("2024-09-01", null)).toBe("van 1 januari tot minstens 15 oktober");
    expect(variant("2025-04-15", null)).toBe("vanaf 15 april tot minstens 15 oktober");
    expect(variant("2025-09-16", "2025-10-10")).toBe("vanaf 15 oktober");
  });
  it("derives the main crop when it is on the field in the window", () => {
    expect(norm({ cultivations: [crop("nl_266", "2025-04-01", null)] })).toBe(310);
  });
  it("throws for sown after 1 January and ended before 15 October", () => {
    expectError(
      { cultivations: [crop("nl_266", "2025-03-01", "2025-09-01")] },
      "NO_NORM_FOR_PERIOD",
      /matches no period of RVO Table 2/,
    );
  });
  it("throws when mainCropId is 266 but no cultivation gives its dates", () => {
    expectError({ mainCropId: "nl_266", cultivations: [] }, "MISSING_CULTIVATION", /dates/);
  });
});

describe("potatoes: variety decides hoge norm, lage norm or overig", () => {
  const potato = (code: string, variety?: string) => [
    crop(code, "2025-04-15", "2025-09-20", { variety: variety ?? null }),
  ];
  it("consumptie (2014) on klei: Bintje 275, Agria 225, other 250", () => {
    expect(norm({ cultivations: potato("nl_2014", "Bintje") })).toBe(275);
    expect(norm({ cultivations: potato("nl_2014", "bintje") })).toBe(275);
    expect(norm({ cultivations: potato("nl_2014", "Agria") })).toBe(225);
    expect(norm({ cultivations: potato("nl_2014", "Unknown variety") })).toBe(250);
    expect(norm({ cultivations: potato("nl_2014") })).toBe(250);
  });
  it("consumptie (2014) in every region, NV-gebied and with catch crop (no korting)", () => {
    const cultivations = [
      ...potato("nl_2014", "Bintje"),
      crop("nl_3504", "2024-08-20", "2025-03-01"),
    ];
    const get = onRegions(cultivations);
    expect(get("klei", true)).toBe(220);
    expect(get("zand_nwc", false)).toBe(260);
    expect(get("zand_zuid", false)).toBe(208);
    expect(get("zand_zuid", true)).toBe(166);
    expect(get("loess", false)).toBe(204);
    expect(get("loess", true)).toBe(163);
    expect(get("veen", false)).toBe(270);
    expect(get("veen", true)).toBe(216);
  });
  it("pootaardappelen (2015) on klei: Adora 140, Arcade 100, other 120", () => {
    expect(norm({ cultivations: potato("nl_2015", "Adora") })).toBe(140);
    expect(norm({ cultivations: potato("nl_2015", "Arcade") })).toBe(100);
    expect(norm({ cultivations: potato("nl_2015") })).toBe(120);
  });
});

describe("maïs (259): derogatie versus non-derogatie", () => {
  const maize = [crop("nl_259", "2025-05-01", "2025-10-01")];
  it("klei: 160 with derogatie, 185 without (as the table has it)", () => {
    expect(norm({ cultivations: maize, hasDerogation: true })).toBe(160);
    expect(norm({ cultivations: maize, hasDerogation: false })).toBe(185);
    expect(norm({ cultivations: maize, hasDerogation: false, isNVGebied: true })).toBe(148);
  });
  it("zand_zuid: 112 either way, 90 in NV-gebied", () => {
    expect(norm({ cultivations: maize, hasDerogation: true, region: "zand_zuid" })).toBe(112);
    expect(
      norm({ cultivations: maize, hasDerogation: true, region: "zand_zuid", isNVGebied: true }),
    ).toBe(90);
  });
});

describe("teeltjaar: first year unless a crop of the same line was there in 2024", () => {
  it("Luzerne (258): 40 in the first year, 0 in following years", () => {
    expect(norm({ cultivations: [crop("nl_258", "2025-03-01")] })).toBe(40);
    expect(norm({ cultivations: [crop("nl_258", "2024-04-01")] })).toBe(0);
    expect(
      norm({
        cultivations: [crop("nl_663", "2024-03-01", "2024-10-01"), crop("nl_258", "2025-03-01")],
      }),
    ).toBe(0);
  });
  it("Graszaad, Engels raaigras (2030): 165 first year, 200 overjarig", () => {
    expect(norm({ cultivations: [crop("nl_2030", "2025-03-01", "2025-08-01")] })).toBe(165);
    expect(norm({ cultivations: [crop("nl_2030", "2024-09-01", "2025-08-01")] })).toBe(200);
  });
  it("Gras voor industriële verwerking (3805): 30 first year, 310 following", () => {
    expect(norm({ cultivations: [crop("nl_3805", "2025-03-01")] })).toBe(30);
    expect(norm({ cultivations: [crop("nl_3805", "2023-04-01")] })).toBe(310);
  });
  it("Roodzwenkgras (1917): 85 first year, 115 overjarig", () => {
    expect(norm({ cultivations: [crop("nl_1917", "2025-03-01", "2025-08-01")] })).toBe(85);
    expect(norm({ cultivations: [crop("nl_1917", "2024-03-01", "2025-08-01")] })).toBe(115);
  });
  it("BRP 1919 belongs to the Engels raaigras line by default", () => {
    const result = getStikstofGebruiksNorm(
      2025,
      field({ cultivations: [crop("nl_1919", "2025-03-01", "2025-08-01")] }),
    );
    expect(result.table2Name).toBe("Akkerbouwgewassen, Graszaad, Engels raaigras");
    expect(result.normValue).toBe(165);
  });
});

describe("brp_code and teeltvolgorde variants", () => {
  it("koolzaad: 1922 winter 205, 1923 zomer 120 on klei", () => {
    expect(norm({ cultivations: [crop("nl_1922", "2024-09-01", "2025-07-20")] })).toBe(205);
    expect(norm({ cultivations: [crop("nl_1923", "2025-03-20", "2025-08-10")] })).toBe(120);
  });
  it("Spinazie (2773) as main crop is 1e teelt: klei 260, zand_nwc 190", () => {
    const cultivations = [crop("nl_2773", "2025-04-01", "2025-07-01")];
    expect(norm({ cultivations })).toBe(260);
    expect(norm({ cultivations, region: "zand_nwc" })).toBe(190);
  });
  it("Andijvie (2708) as main crop is 1e teelt: 180", () => {
    expect(norm({ cultivations: [crop("nl_2708", "2025-04-01", "2025-07-20")] })).toBe(180);
  });
});

describe("teeltwijze: supplied by the user", () => {
  const grown = (code: string, teeltwijze?: string) => [
    crop(code, "2025-04-01", "2025-09-01", teeltwijze ? { teeltwijze } : {}),
  ];
  it("Bladgewassen overig (2791): eenmalige oogst 150, meermalige oogst 275", () => {
    expect(norm({ cultivations: grown("nl_2791", "eenmalige oogst") })).toBe(150);
    expect(norm({ cultivations: grown("nl_2791", "Meermalige oogst") })).toBe(275);
  });
  it("Kruiden (2743): 150, 275, 200, 100", () => {
    expect(norm({ cultivations: grown("nl_2743", "bladgewas, eenmalige oogst") })).toBe(150);
    expect(norm({ cultivations: grown("nl_2743", "bladgewas, meermalig oogsten") })).toBe(275);
    expect(norm({ cultivations: grown("nl_2743", "wortelgewassen") })).toBe(200);
    expect(norm({ cultivations: grown("nl_2743", "zaadgewassen") })).toBe(100);
  });
  it("Iris (973) 170/140, Krokus (976) 175/90, Gladiool (967) 260/190", () => {
    expect(norm({ cultivations: grown("nl_973", "grofbollig") })).toBe(170);
    expect(norm({ cultivations: grown("nl_973", "fijnbollig") })).toBe(140);
    expect(norm({ cultivations: grown("nl_976", "grote gele") })).toBe(175);
    expect(norm({ cultivations: grown("nl_976", "overig") })).toBe(90);
    expect(norm({ cultivations: grown("nl_967", "pitten") })).toBe(260);
    expect(norm({ cultivations: grown("nl_967", "kralen") })).toBe(190);
  });
  it("throws a clear error when the teeltwijze is missing or not a variant", () => {
    expectError({ cultivations: grown("nl_2791") }, "MISSING_VARIANT", /"meermalige oogst"/);
    expectError({ cultivations: grown("nl_973", "middel") }, "MISSING_VARIANT", /got "middel"/);
  });
});

describe("korting (catch-crop reduction) on zand and löss", () => {
  // zomergerst (236) is no winter crop: 80 kg N/ha in every region before the korting.
  const barley = crop("nl_236", "2025-03-20", "2025-08-01");
  const withCatchCrop = (sown: string, ended = "2025-03-01", region: NLRegion = "zand_nwc") =>
    getStikstofGebruiksNorm(
      2025,
      field({ region, cultivations: [crop("nl_3504", sown, ended), barley] }),
    );
  it("20 without a catch crop", () => {
    const result = getStikstofGebruiksNorm(
      2025,
      field({ region: "zand_nwc", cultivations: [barley] }),
    );
    expect(result).toMatchObject({ tableValue: 80, korting: 20, normValue: 60 });
  });
  it("0 when sown on or before 1 October 2024", () => {
    expect(withCatchCrop("2024-09-20").normValue).toBe(80);
    expect(withCatchCrop("2024-10-01").normValue).toBe(80);
  });
  it("5 when sown 2–14 October", () => {
    expect(withCatchCrop("2024-10-02").normValue).toBe(75);
    expect(withCatchCrop("2024-10-14").normValue).toBe(75);
  });
  it("10 when sown 15–31 October", () => {
    expect(withCatchCrop("2024-10-15").normValue).toBe(70);
    expect(withCatchCrop("2024-10-31").normValue).toBe(70);
  });
  it("20 when sown on or after 1 November", () => {
    expect(withCatchCrop("2024-11-01").normValue).toBe(60);
  });
  it("a catch crop must be sown after 15 July 2024 and stay until 1 February 2025", () => {
    expect(withCatchCrop("2024-07-15").normValue).toBe(60);
    expect(withCatchCrop("2024-07-16").normValue).toBe(80);
    expect(withCatchCrop("2024-09-01", "2025-01-31").normValue).toBe(60);
    expect(withCatchCrop("2024-09-01", "2025-02-01").normValue).toBe(80);
  });
  it("takes the catch crop sown first", () => {
    const result = getStikstofGebruiksNorm(
      2025,
      field({
        region: "loess",
        cultivations: [
          crop("nl_3504", "2024-10-20", "2025-03-01"),
          crop("nl_6753", "2024-10-05", "2025-03-01"),
          barley,
        ],
      }),
    );
    expect(result).toMatchObject({ korting: 5, normValue: 75 });
  });
  it("applies on zand_zuid in NV-gebied: 64 − 10 = 54", () => {
    const result = getStikstofGebruiksNorm(
      2025,
      field({
        region: "zand_zuid",
        isNVGebied: true,
        cultivations: [crop("nl_3504", "2024-10-20", "2025-03-01"), barley],
      }),
    );
    expect(result).toMatchObject({ tableValue: 64, korting: 10, normValue: 54 });
  });
  it("is 0 on klei and veen", () => {
    expect(norm({ region: "klei", cultivations: [barley] })).toBe(80);
    expect(norm({ region: "veen", cultivations: [barley] })).toBe(80);
  });
  it("is 0 when the main crop is a winter crop", () => {
    expect(norm({ region: "zand_nwc", cultivations: [crop("nl_233", "2024-11-10")] })).toBe(160);
  });
  it("does not take the norm below 0", () => {
    const result = getStikstofGebruiksNorm(2025, field({ region: "zand_nwc", cultivations: [] }));
    expect(result).toMatchObject({
      mainCropId: "nl_6794",
      tableValue: 0,
      korting: 20,
      normValue: 0,
    });
  });
});

describe("hoofdteelt and bad input", () => {
  it("a field without a crop in the window gets Geen plaatsingsruimte (0)", () => {
    const result = getStikstofGebruiksNorm(
      2025,
      field({ cultivations: [crop("nl_236", "2025-03-01", "2025-05-15")] }),
    );
    expect(result).toMatchObject({
      mainCropId: "nl_6794",
      table2Name: "Geen plaatsingsruimte",
      normValue: 0,
    });
  });
  it("mainCropId overrides the derived main crop", () => {
    expect(norm({ mainCropId: "nl_233", cultivations: [crop("nl_236", "2025-03-01")] })).toBe(245);
  });
  it("throws for an unknown crop id, naming the field", () => {
    expectError(
      { cultivations: [crop("nl_99999", "2025-03-01")] },
      "UNKNOWN_CULTIVATION",
      /nl_99999/,
    );
    expectError({ cultivations: [crop("265", "2025-03-01")] }, "UNKNOWN_CULTIVATION", /"265"/);
  });
  it("throws for a BRP code without a Table-2 line", () => {
    expectError({ cultivations: [crop("nl_332", "2010-03-01")] }, "NO_NORM_FOR_CROP", /nl_332/);
  });
  it("throws for a cultivation starting after 2025 or ending before it starts", () => {
    expectError(
      { cultivations: [crop("nl_265", "2026-01-01")] },
      "DATE_OUTSIDE_YEAR",
      /after 2025/,
    );
    expectError(
      { cultivations: [crop("nl_236", "2025-05-01", "2025-04-01")] },
      "INVALID_INPUT",
      /ends/,
    );
  });
  it("throws for a missing flag or a bad region", () => {
    expectError({ hasDerogation: undefined as never }, "INVALID_INPUT", /hasDerogation/);
    expectError({ region: "sand" as never }, "INVALID_INPUT", /region/);
    expectError({ area: 0 }, "INVALID_INPUT", /area/);
  });
});
