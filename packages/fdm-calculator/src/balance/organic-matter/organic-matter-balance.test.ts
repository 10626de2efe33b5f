// The organic-matter balance on plain input. Expected figures are worked by hand from
// reference/nmi-organic-matter-balance/README.md and the catalogue figures of
// reference/nmi-catalogues (NMI, MIT); each comment shows the working.
import { describe, expect, it } from "vitest";
import { FdmCalculatorError } from "../../errors.js";
import { calculateOrganicMatterBalance } from "./organic-matter-balance.js";
import type {
  OrganicMatterBalanceApplication,
  OrganicMatterBalanceCultivation,
  OrganicMatterBalanceFieldInput,
  OrganicMatterBalanceInput,
} from "./types.js";

const YEAR = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };

const wheat = (over: Partial<OrganicMatterBalanceCultivation> = {}) => ({
  id: "wheat",
  cultivationId: "nl_233", // tarwe, winter-: b_lu_eom 1640, b_lu_eom_residue 990
  rotation: "cereal" as const,
  startDate: new Date("2024-10-20"),
  endDate: new Date("2025-08-01"),
  effectiveOrganicMatter: 1640,
  effectiveOrganicMatterResidue: 990,
  ...over,
});

const grass = (over: Partial<OrganicMatterBalanceCultivation> = {}) => ({
  id: "grass",
  cultivationId: "nl_265", // grasland, blijvend: b_lu_eom 3975, b_lu_eom_residue 0
  rotation: "grassland" as const,
  startDate: new Date("2015-01-01"),
  endDate: null,
  effectiveOrganicMatter: 3975,
  effectiveOrganicMatterResidue: 0,
  ...over,
});

const field = (
  over: Partial<OrganicMatterBalanceFieldInput> = {},
): OrganicMatterBalanceFieldInput => ({
  id: "f1",
  area: 1,
  soil: { organicMatter: 4, bulkDensity: 1.3 },
  cultivations: [],
  applications: [],
  ...over,
});

const balance = (
  fields: OrganicMatterBalanceFieldInput[],
  extra: Partial<OrganicMatterBalanceInput> = {},
) => calculateOrganicMatterBalance({ timeframe: YEAR, fields, ...extra });

const application = (
  id: string,
  amount: number,
  eom: number | null,
  type: "manure" | "compost" | "other" | "mineral",
): OrganicMatterBalanceApplication => ({
  id,
  date: new Date("2025-03-15"),
  amount,
  fertilizer: {
    id: `product-${id}`,
    isMineral: type === "mineral",
    isManure: type === "manure",
    isCompost: type === "compost",
    effectiveOrganicMatter: eom,
  },
});

describe("calculateOrganicMatterBalance: the reference's worked example", () => {
  // README: arable, SOM 4 %, ρ 1.3 g/cm³, T 9.3 °C:
  //   4 × 30 × 1300 = 156,000 kg OM/ha in the layer
  //   rate = 0.038228 − 0.008934 × ln 4 = 0.038228 − 0.008934 × 1.386294 = 0.0258428
  //   f_T = 2^((9.3 − 13) / 10) = 2^(−0.37) = 0.773782
  //   156,000 × 0.0258428 × 0.773782 = 3,119.49 kg OM/ha/yr (README: ≈ 3,120)
  // Grassland with the same soil, d = 10 cm: a third, 1,039.83 (README: ≈ 1,040).
  const nmiTemperature = { temperature: { value: 9.3, source: "NMI's code" } };

  it("degrades 3,119.5 kg OM/ha in a year of arable land", () => {
    const result = balance(
      [field({ cultivations: [wheat({ startDate: new Date("2025-03-01") })] })],
      nmiTemperature,
    );
    expect(result.fields[0]?.degradation).toBeCloseTo(3119.49, 2);
    expect(result.fields[0]?.soil).toMatchObject({
      organicMatter: 4,
      bulkDensity: 1.3,
      bulkDensitySource: "measured",
      grasslandDays: 0,
      arableDays: 365,
      capped: false,
    });
    expect(result.fields[0]?.soil.temperatureFactor).toBeCloseTo(0.773782, 6);
    expect(result.temperature).toEqual({ value: 9.3, source: "NMI's code" });
  });

  it("degrades 1,039.8 kg OM/ha in a year of grassland (10 cm instead of 30)", () => {
    const result = balance([field({ cultivations: [grass()] })], nmiTemperature);
    expect(result.fields[0]?.degradation).toBeCloseTo(1039.83, 2);
    expect(result.fields[0]?.soil.grasslandDays).toBe(365);
  });

  it("corrects to 10.6 °C (De Bilt 1991–2020) when the input names no temperature", () => {
    // f_T = 2^((10.6 − 13) / 10) = 2^(−0.24) = 0.846745; 156,000 × 0.0258428 × 0.846745 = 3,413.64
    const result = balance([field()]);
    expect(result.temperature.value).toBe(10.6);
    expect(result.temperature.source).toMatch(/De Bilt.*1991–2020/);
    expect(result.fields[0]?.degradation).toBeCloseTo(3413.64, 2);
  });
});

describe("calculateOrganicMatterBalance: supply", () => {
  it("splits products by type: manure, compost and other, a mineral fertilizer counting 0", () => {
    const result = balance([
      field({
        applications: [
          // 30 t cattle slurry × 44.8643 g EOM/kg (NMI srm Runderdrijfmest) / 1000 = 1,345.929
          application("slurry", 30_000, 44.8643, "manure"),
          // 15 t green compost × 98.9037 g/kg (NMI srm Groencompost) / 1000 = 1,483.5555
          application("compost", 15_000, 98.9037, "compost"),
          // 5 t of a product that is neither: 5,000 × 10 / 1000 = 50
          application("other", 5_000, 10, "other"),
          // KAS without a figure: a mineral fertilizer holds no organic matter
          application("kas", 300, null, "mineral"),
        ],
      }),
    ]);
    const f = result.fields[0];
    expect(f?.supply.products.manure).toBeCloseTo(1345.929, 9);
    expect(f?.supply.products.compost).toBeCloseTo(1483.5555, 9);
    expect(f?.supply.products.other).toBe(50);
    expect(f?.supply.products.total).toBeCloseTo(2879.4845, 9);
    expect(f?.applications.map((a) => [a.applicationId, a.type, a.effectiveOrganicMatter])).toEqual(
      [
        ["slurry", "manure", 44.8643],
        ["compost", "compost", 98.9037],
        ["other", "other", 10],
        ["kas", "other", 0],
      ],
    );
    expect(f?.complete).toBe(true);
  });

  it("counts a crop for the days it stood in the timeframe, per 365, and its residues once when it ends", () => {
    // Winter wheat 2024-10-20 to 2025-08-01 stood 1 January to 1 August in 2025:
    //   31 + 28 + 31 + 30 + 31 + 30 + 31 + 1 = 213 days; 1,640 × 213 / 365 = 349,320 / 365 = 957.0411.
    // Its residues are left (not recorded: they stay): the 990 of one harvest, counted once.
    // NMI counts the full 1,640 in 2024 and again in 2025.
    const result = balance([field({ cultivations: [wheat()] })]);
    const c = result.fields[0]?.cultivations[0];
    expect(c?.days).toBe(213);
    expect(c?.share).toBeCloseTo(213 / 365, 12);
    expect(c?.crop).toBeCloseTo(957.0411, 4);
    expect(c?.residuesLeft).toBe(true);
    expect(c?.residues).toBe(990);
    expect(result.fields[0]?.supply.crops).toBeCloseTo(957.0411, 4);
    expect(result.fields[0]?.supply.residues).toBe(990);
  });

  it("lets two crops in one year add up to at most one year of crop EOM", () => {
    // Rye (nl_237, 1,500 kg EOM/ha per year, residues 1,020) 2025-01-01 to 2025-06-30:
    //   31 + 28 + 31 + 30 + 31 + 30 = 181 days; then a catch crop (nl_6755, 1,100)
    //   2025-07-01 to 2025-12-31: 31 + 31 + 30 + 31 + 30 + 31 = 184 days. Together 365 days.
    //   Crops: (1,500 × 181 + 1,100 × 184) / 365 = (271,500 + 202,400) / 365 = 473,900 / 365
    //   = 1,298.3562, between the two yearly figures: at most one year of the larger, 1,500.
    // NMI (and a rule counting each season once): 1,500 + 1,100 = 2,600.
    // Residues are per harvest, not per year: the rye's 1,020 once, the catch crop's 0.
    const result = balance([
      field({
        cultivations: [
          {
            id: "rye",
            cultivationId: "nl_237",
            rotation: "cereal",
            startDate: new Date("2025-01-01"),
            endDate: new Date("2025-06-30"),
            effectiveOrganicMatter: 1500,
            effectiveOrganicMatterResidue: 1020,
          },
          {
            id: "catch",
            cultivationId: "nl_6755",
            rotation: "catch_crop",
            startDate: new Date("2025-07-01"),
            endDate: new Date("2025-12-31"),
            effectiveOrganicMatter: 1100,
            effectiveOrganicMatterResidue: 0,
          },
        ],
      }),
    ]);
    const f = result.fields[0];
    expect(f?.cultivations.map((c) => c.days)).toEqual([181, 184]);
    expect(f?.cultivations[0]?.crop).toBeCloseTo(743.8356, 4); // 271,500 / 365
    expect(f?.cultivations[1]?.crop).toBeCloseTo(554.5205, 4); // 202,400 / 365
    expect(f?.supply.crops).toBeCloseTo(1298.3562, 4);
    expect(f?.supply.crops).toBeLessThanOrEqual(1500);
    expect(f?.supply.residues).toBe(1020);
  });

  it("splits a crop over the years it stands in, each year its days / 365", () => {
    // A catch crop (nl_6755, 1,100 kg EOM/ha per year) from 2025-08-20 to 2026-03-15:
    //   in 2025 12 + 30 + 31 + 30 + 31 = 134 days: 1,100 × 134 / 365 = 147,400 / 365 = 403.8356;
    //   in 2026 31 + 28 + 15 = 74 days: 1,100 × 74 / 365 = 81,400 / 365 = 223.0137.
    //   Together 208 days: 1,100 × 208 / 365 = 626.8493, less than a year's 1,100.
    const catchCrop = {
      id: "catch",
      cultivationId: "nl_6755",
      rotation: "catch_crop" as const,
      startDate: new Date("2025-08-20"),
      endDate: new Date("2026-03-15"),
      effectiveOrganicMatter: 1100,
      effectiveOrganicMatterResidue: 0,
    };
    const in2025 = balance([field({ cultivations: [catchCrop] })]);
    const in2026 = calculateOrganicMatterBalance({
      timeframe: { start: new Date("2026-01-01"), end: new Date("2026-12-31") },
      fields: [field({ cultivations: [catchCrop] })],
    });
    expect(in2025.fields[0]?.supply.crops).toBeCloseTo(403.8356, 4);
    expect(in2026.fields[0]?.supply.crops).toBeCloseTo(223.0137, 4);
    expect(
      (in2025.fields[0]?.supply.crops ?? 0) + (in2026.fields[0]?.supply.crops ?? 0),
    ).toBeCloseTo(626.8493, 4);
  });

  it("counts a crop without an end date per 365 days too: permanent grassland over two years counts twice", () => {
    // 2024-01-01 to 2025-12-31 is 731 days: 3,975 × 731 / 365 = 7,960.8904.
    const result = calculateOrganicMatterBalance({
      timeframe: { start: new Date("2024-01-01"), end: new Date("2025-12-31") },
      fields: [field({ cultivations: [grass()] })],
    });
    expect(result.days).toBe(731);
    expect(result.fields[0]?.supply.crops).toBeCloseTo(7960.8904, 4);
    // A quarter: 3,975 × 90 / 365 = 980.1370 (NMI: the full 3,975).
    const quarter = calculateOrganicMatterBalance({
      timeframe: { start: new Date("2025-01-01"), end: new Date("2025-03-31") },
      fields: [field({ cultivations: [grass()] })],
    });
    expect(quarter.fields[0]?.supply.crops).toBeCloseTo(980.137, 3);
  });

  it("counts no residues when they are taken off, or when the crop has not ended", () => {
    const baled = balance([field({ cultivations: [wheat({ residuesLeft: false })] })]);
    expect(baled.fields[0]?.cultivations[0]).toMatchObject({ residuesLeft: false, residues: 0 });
    const standing = balance([field({ cultivations: [wheat({ endDate: null })] })]);
    // Open: 365 days in 2025, per 365: the full 1,640; no residues yet.
    expect(standing.fields[0]?.cultivations[0]).toMatchObject({ crop: 1640, residues: 0 });
    const nextYear = balance([
      field({ cultivations: [wheat({ endDate: new Date("2026-07-30") })] }),
    ]);
    expect(nextYear.fields[0]?.supply.residues).toBe(0);
  });
});

describe("calculateOrganicMatterBalance: degradation by land use", () => {
  it("takes 10 cm on the days a grassland crop stands and 30 cm on the others", () => {
    // Temporary grassland until 2025-04-30 (120 days of 2025), then maize: 245 arable days.
    // SOM 3 %, ρ 1.4, 10.6 °C: rate = 0.038228 − 0.008934 × ln 3 = 0.0284130
    //   10 cm: 3 × 10 × 1.4 × 1000 × 0.0284130 × 0.846745 = 1,010.4601 kg OM/ha/yr
    //   30 cm: 3,031.3802
    //   (1,010.4601 × 120 + 3,031.3802 × 245) / 365 = 2,366.9681
    // NMI: grassland for the whole year (a grass crop stood on the field): 1,010.46.
    const result = balance([
      field({
        soil: { organicMatter: 3, bulkDensity: 1.4 },
        cultivations: [
          grass({
            id: "temp",
            cultivationId: "nl_266",
            startDate: new Date("2022-04-01"),
            endDate: new Date("2025-04-30"),
            effectiveOrganicMatter: 1875,
          }),
          {
            id: "maize",
            cultivationId: "nl_259",
            rotation: "maize",
            startDate: new Date("2025-05-10"),
            endDate: new Date("2025-10-01"),
            effectiveOrganicMatter: 660,
            effectiveOrganicMatterResidue: 0,
          },
        ],
      }),
    ]);
    const soil = result.fields[0]?.soil;
    expect([soil?.grasslandDays, soil?.arableDays]).toEqual([120, 245]);
    expect(soil?.yearlyGrassland).toBeCloseTo(1010.4601, 4);
    expect(soil?.yearlyArable).toBeCloseTo(3031.3802, 4);
    expect(result.fields[0]?.degradation).toBeCloseTo(2366.9681, 4);
  });

  it("refuses a rotation that is not an fdm-data rotation group: NMI's 'grass' is not taken for arable land", () => {
    // Taken as arable, SOM 4 %, ρ 1.3 would degrade 3,413.6 instead of grassland's 1,137.9.
    expect(() =>
      balance([field({ cultivations: [grass({ rotation: "grass" as never })] })]),
    ).toThrow(
      'Field "f1": rotation of cultivation "grass" is "grass"; it must be an fdm-data rotation group: grassland, cereal, maize, potato, sugar_beet, legume, oilseed, vegetable, flower_bulb, tree_nursery, fruit, catch_crop, fallow, nature, other',
    );
  });

  it("counts only the days the farm held the field: acquired on 1 July with grass from that day", () => {
    // SOM 4 %, ρ 1.3, 10.6 °C: 10 cm: 4 × 10 × 1.3 × 1000 × 0.0258428 × 0.846745 = 1,137.88 kg OM/ha/yr.
    // Held 1 July – 31 December 2025: 184 days, all of them grassland: 1,137.88 × 184 / 365 = 573.6.
    // Counting the 181 days before as arable (30 cm, 3,413.64/yr) would add 1,692.8: 2,266.4.
    const result = balance([
      field({
        held: { start: new Date("2025-07-01"), end: null },
        cultivations: [grass({ startDate: new Date("2025-07-01") })],
      }),
    ]);
    const f = result.fields[0];
    expect([f?.soil.grasslandDays, f?.soil.arableDays]).toEqual([184, 0]);
    expect(f?.degradation).toBeCloseTo(573.6, 1);
    // The grass's own EOM counts for the same 184 days: 3,975 × 184 / 365 = 2,003.8.
    expect(f?.supply.crops).toBeCloseTo(2003.84, 2);
  });

  it("counts a crop only for the days the farm held the field, and nothing after it gave the field up", () => {
    // Held 1 January – 31 March 2025 (90 days) of a field under permanent grass since 2015:
    // degradation 1,137.88 × 90 / 365 = 280.57; the grass's EOM 3,975 × 90 / 365 = 980.14.
    const result = balance([
      field({
        held: { start: new Date("2010-05-01"), end: new Date("2025-03-31") },
        cultivations: [grass()],
      }),
    ]);
    const f = result.fields[0];
    expect([f?.soil.grasslandDays, f?.soil.arableDays]).toEqual([90, 0]);
    expect(f?.degradation).toBeCloseTo(280.57, 1);
    expect(f?.supply.crops).toBeCloseTo(980.14, 2);
  });

  it("caps a yearly degradation at 3,500 kg OM/ha and says so", () => {
    // SOM 6 %, ρ 1.4, 30 cm: 6 × 30 × 1.4 × 1000 × (0.038228 − 0.008934 × ln 6) × 0.846745 = 4,741.39 > 3,500
    const result = balance([field({ soil: { organicMatter: 6, bulkDensity: 1.4 } })]);
    expect(result.fields[0]?.degradation).toBe(3500);
    expect(result.fields[0]?.soil.capped).toBe(true);
  });

  it("degrades nothing in a soil without organic matter", () => {
    const result = balance([field({ soil: { organicMatter: 0, bulkDensity: 1.5 } })]);
    expect(result.fields[0]?.degradation).toBe(0);
  });
});

describe("calculateOrganicMatterBalance: bulk density and missing input", () => {
  it("estimates a bulk density that is not measured, and says it did", () => {
    // dekzand, SOM 5 %: 1 / (0.02525 × 5 + 0.6541) = 1 / 0.78035 = 1.281476 g/cm³
    // zeeklei, SOM 3 %: 6.7e-7 × 81 − 7.792e-5 × 27 + 0.00314712 × 9 − 0.06039523 × 3 + 1.33932206 = 1.184411
    const result = balance([
      field({ id: "sand", soil: { organicMatter: 5, bulkDensity: null, soilType: "dekzand" } }),
      field({ id: "clay", soil: { organicMatter: 3, bulkDensity: null, soilType: "zeeklei" } }),
    ]);
    expect(result.fields[0]?.soil.bulkDensity).toBeCloseTo(1.281476, 6);
    expect(result.fields[1]?.soil.bulkDensity).toBeCloseTo(1.184411, 6);
    expect(result.fields.map((f) => f.soil.bulkDensitySource)).toEqual(["estimated", "estimated"]);
    expect(result.estimated.map((e) => [e.fieldId, e.item])).toEqual([
      ["sand", "bulkDensity"],
      ["clay", "bulkDensity"],
    ]);
    expect(result.estimated[0]?.reason).toMatch(
      /not measured: estimated for dekzand from 5 % organic matter/,
    );
    expect(result.complete).toBe(true);
  });

  it("reports a missing organic-matter content as missing degradation, never 0", () => {
    const result = balance([
      field({ id: "known" }),
      field({
        id: "unknown",
        soil: { organicMatter: null, bulkDensity: 1.3 },
        applications: [application("compost", 10_000, 100, "compost")],
      }),
    ]);
    const f = result.fields[1];
    expect(f?.degradation).toBeNull();
    expect(f?.balance).toBeNull();
    expect(f?.supply.total).toBe(1000); // the known part stays visible
    expect(f?.complete).toBe(false);
    expect(result.missing.map((m) => [m.fieldId, m.item, m.ref])).toEqual([
      ["unknown", "organicMatter", null],
    ]);
    // The farm's degradation and balance depend on it: unknown too.
    expect([result.degradation, result.balance, result.complete]).toEqual([null, null, false]);
    expect(result.supply.total).toBe(500); // (0 × 1 + 1,000 × 1) / 2
  });

  it("reports a bulk density it can neither read nor estimate as missing", () => {
    const result = balance([
      field({ id: "no-type", soil: { organicMatter: 4, bulkDensity: null } }),
      // The clay relation turns upward above 48 % organic matter: no estimate.
      field({ id: "peat", soil: { organicMatter: 60, bulkDensity: null, soilType: "veen" } }),
      field({ id: "nothing", soil: { organicMatter: null, bulkDensity: null, soilType: "veen" } }),
    ]);
    expect(result.fields.map((f) => f.degradation)).toEqual([null, null, null]);
    expect(result.missing.map((m) => [m.fieldId, m.item])).toEqual([
      ["no-type", "bulkDensity"],
      ["peat", "bulkDensity"],
      ["nothing", "organicMatter"],
      ["nothing", "bulkDensity"], // neither measured nor estimable without organic matter
    ]);
    expect(result.missing[0]?.reason).toMatch(/cannot be estimated without the soil type/);
    expect(result.estimated).toEqual([]);
  });

  it("lists products and crops without an EOM figure as missing", () => {
    const result = balance([
      field({
        applications: [application("generic", 30_000, null, "manure")],
        cultivations: [
          wheat({ effectiveOrganicMatter: null, effectiveOrganicMatterResidue: null }),
        ],
      }),
    ]);
    const f = result.fields[0];
    expect(f?.supply.products.manure).toBeNull();
    expect(f?.supply.crops).toBeNull();
    expect(f?.supply.residues).toBeNull();
    expect(f?.supply.total).toBeNull();
    expect(f?.degradation).toBeCloseTo(3413.64, 2); // the degradation is still known
    expect(result.missing.map((m) => [m.item, m.ref])).toEqual([
      ["productEffectiveOrganicMatter", "generic"],
      ["cropEffectiveOrganicMatter", "wheat"],
      ["residueEffectiveOrganicMatter", "wheat"],
    ]);
  });
});

describe("calculateOrganicMatterBalance: the farm", () => {
  it("weighs each field's figures by its area", () => {
    // A: 3 ha arable, compost 20 t × 100 g/kg = 2,000 supply, degradation 3,413.64 (SOM 4, ρ 1.3)
    // B: 1 ha grassland, 3,975 supply, degradation 1,137.88 (10 cm: 3,413.64 / 3)
    // Farm supply (2,000 × 3 + 3,975 × 1) / 4 = 2,493.75; degradation (3,413.64 × 3 + 1,137.88) / 4 = 2,844.70
    const result = balance([
      field({ id: "A", area: 3, applications: [application("c", 20_000, 100, "compost")] }),
      field({ id: "B", area: 1, cultivations: [grass()] }),
    ]);
    expect(result.area).toBe(4);
    expect(result.supply.total).toBeCloseTo(2493.75, 9);
    expect(result.supply.products.compost).toBe(1500);
    expect(result.supply.crops).toBeCloseTo(993.75, 9);
    expect(result.degradation).toBeCloseTo(2844.7, 2);
    expect(result.balance).toBeCloseTo(2493.75 - 2844.7, 2);
    expect(result.complete).toBe(true);
  });

  it("gives an empty farm no figures", () => {
    const result = balance([]);
    expect([result.supply.total, result.degradation, result.balance, result.complete]).toEqual([
      null,
      null,
      null,
      true,
    ]);
  });
});

describe("calculateOrganicMatterBalance: bad input", () => {
  const refused = (input: unknown) => {
    try {
      calculateOrganicMatterBalance(input as OrganicMatterBalanceInput);
    } catch (error) {
      expect(error).toBeInstanceOf(FdmCalculatorError);
      return { code: (error as FdmCalculatorError).code, message: (error as Error).message };
    }
    throw new Error("expected a refusal");
  };
  const withField = (over: Partial<OrganicMatterBalanceFieldInput>) => ({
    timeframe: YEAR,
    fields: [field(over)],
  });

  it.each([
    ["a field of 0 ha", withField({ area: 0 }), 'Field "f1": area (ha) must be a number above 0'],
    [
      "an organic matter above 100 %",
      withField({ soil: { organicMatter: 120, bulkDensity: 1.3 } }),
      'Field "f1": soil.organicMatter is 120 %; it must be at most 100 %',
    ],
    [
      "a bulk density of 0",
      withField({ soil: { organicMatter: 4, bulkDensity: 0 } }),
      'Field "f1": soil.bulkDensity is 0 g/cm³; it must be above 0 g/cm³',
    ],
    [
      "a bulk density above quartz",
      withField({ soil: { organicMatter: 4, bulkDensity: 3 } }),
      'Field "f1": soil.bulkDensity is 3 g/cm³; it must be at most 2.65 g/cm³',
    ],
    [
      "a text for organic matter",
      withField({ soil: { organicMatter: "4" as never, bulkDensity: 1.3 } }),
      'Field "f1": soil.organicMatter must be a number of % from 0 to 100',
    ],
    [
      "an unknown soil type",
      withField({ soil: { organicMatter: 4, bulkDensity: null, soilType: "klei" as never } }),
      'Field "f1": soil.soilType must be one of zeeklei,',
    ],
    [
      "a negative amount",
      withField({ applications: [application("a", -5, 10, "manure")] }),
      'Field "f1": amount of application "a" (kg/ha) must be a number of at least 0',
    ],
    [
      "an EOM content above 1,000 g/kg",
      withField({ applications: [application("a", 5, 1200, "manure")] }),
      'Field "f1": effectiveOrganicMatter of the fertilizer of application "a" is 1200 g EOM/kg product; it must be at most 1000',
    ],
    [
      "a negative crop EOM",
      withField({ cultivations: [wheat({ effectiveOrganicMatter: -1 })] }),
      'Field "f1": effectiveOrganicMatter of cultivation "wheat" is -1 kg EOM/ha; it must be at least 0',
    ],
    [
      "residuesLeft that is not a boolean",
      withField({ cultivations: [wheat({ residuesLeft: "yes" as never })] }),
      'Field "f1": residuesLeft of cultivation "wheat" must be true, false or null',
    ],
    [
      "a fertilizer of two types",
      withField({
        applications: [
          {
            ...application("a", 5, 10, "manure"),
            fertilizer: {
              id: "x",
              isMineral: false,
              isManure: true,
              isCompost: true,
              effectiveOrganicMatter: 10,
            },
          },
        ],
      }),
      'the fertilizer "x" of application "a" has isManure and isCompost',
    ],
    [
      "a cultivation that ends before it starts",
      withField({ cultivations: [wheat({ endDate: new Date("2024-01-01") })] }),
      'Field "f1": cultivation "wheat" ends (2024-01-01) before it starts (2024-10-20)',
    ],
    [
      "a duplicate application id",
      withField({
        applications: [application("a", 5, 10, "manure"), application("a", 5, 10, "manure")],
      }),
      'Field "f1": application "a" appears twice',
    ],
    [
      "a reversed timeframe",
      { timeframe: { start: YEAR.end, end: YEAR.start }, fields: [] },
      "timeframe.end (2025-01-01) lies before timeframe.start (2025-12-31)",
    ],
    [
      "a timeframe of eleven years",
      { timeframe: { start: new Date("2015-01-01"), end: new Date("2025-12-31") }, fields: [] },
      "the timeframe is 4018 days; it must be at most 3660 days",
    ],
    [
      "a temperature of 40 °C",
      { timeframe: YEAR, fields: [], temperature: { value: 40, source: "x" } },
      "temperature.value is 40 °C; it must be at most 30 °C",
    ],
    [
      "a temperature without a source",
      { timeframe: YEAR, fields: [], temperature: { value: 10, source: " " } },
      "temperature.source must be a non-empty text",
    ],
    [
      "an invalid date",
      { timeframe: { start: new Date("nope"), end: YEAR.end }, fields: [] },
      "timeframe.start must be a valid Date",
    ],
    [
      "the same field twice",
      { timeframe: YEAR, fields: [field(), field()] },
      'Field "f1": the field id appears twice in the input',
    ],
    ["no input", null, "the input must be an object"],
  ])("refuses %s, naming the field and the rule", (_what, input, message) => {
    const error = refused(input);
    expect(error.code).toBe("INVALID_INPUT");
    expect(error.message).toContain(message);
  });

  it("refuses an application or cultivation outside the timeframe with DATE_OUTSIDE_TIMEFRAME", () => {
    const late = refused(
      withField({
        applications: [{ ...application("a", 5, 10, "manure"), date: new Date("2026-01-02") }],
      }),
    );
    expect(late).toEqual({
      code: "DATE_OUTSIDE_TIMEFRAME",
      message:
        'Field "f1": application "a" is dated 2026-01-02, outside the timeframe 2025-01-01 to 2025-12-31; a balance counts only what happens within it',
    });
    const gone = refused(
      withField({
        cultivations: [
          wheat({ startDate: new Date("2023-10-20"), endDate: new Date("2024-08-01") }),
        ],
      }),
    );
    expect(gone.code).toBe("DATE_OUTSIDE_TIMEFRAME");
    expect(gone.message).toContain(
      'cultivation "wheat" (2023-10-20 to 2024-08-01) is not on the field during the timeframe',
    );
  });
});
