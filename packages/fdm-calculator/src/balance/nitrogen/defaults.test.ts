import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  applicationEmissionFactor,
  NITROGEN_BALANCE_DEFAULTS as D,
  type DefaultsCultivation,
  landTypeOn,
  leachingFraction,
  leachingLandType,
  residueEmissionFactor,
  residueNitrogen,
  surplusTarget,
  yearlyMineralization,
} from "./defaults.js";

// The tables these figures were typed from; every row is compared below.
const dir = fileURLToPath(
  new URL("../../../../../reference/nmi-nitrogen-balance/", import.meta.url),
);

function csv(name: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const text = readFileSync(dir + name, "utf8");
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      if (row.some((c) => c !== "")) rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  const [head, ...body] = rows;
  return body.map((r) => Object.fromEntries((head ?? []).map((h, i) => [h, r[i] ?? ""])));
}

const list = (value: string) => value.split(";").map((s) => s.trim());

describe("NITROGEN_BALANCE_DEFAULTS", () => {
  it("holds every mineralization default of mineralization-defaults.csv", () => {
    const rows = csv("mineralization-defaults.csv");
    expect(rows).toHaveLength(18);
    for (const r of rows) {
      const soil = r.b_soiltype_agr as keyof typeof D.mineralization;
      expect(r.unit).toBe("kg N/ha/yr");
      expect(D.mineralization[soil][r.land_use as "grassland" | "arable"]).toBe(
        Number(r.mineralization),
      );
    }
    expect(Object.keys(D.mineralization)).toHaveLength(9);
  });

  it("holds every manure emission factor of ammonia-emission-factors-manure.csv, marking the assumed ones", () => {
    const rows = csv("ammonia-emission-factors-manure.csv");
    expect(rows).toHaveLength(30);
    expect(D.manureEmissionFactors).toHaveLength(30);
    for (const r of rows) {
      const landType =
        r.land_type_at_application === "bare soil" ? "bare_soil" : r.land_type_at_application;
      const found = D.manureEmissionFactors.filter(
        (f) => f.method === r.p_app_method && f.landType === landType,
      );
      expect(found).toHaveLength(1);
      expect(found[0]?.factor).toBe(Number(r.emission_factor));
      expect(found[0]?.assumed).toBe(r.note?.startsWith("not in table"));
      expect(r.original_source).toContain("WOT-technical report 264, table B18.3");
    }
    // fdm-data's methods are NMI methods of the same name.
    for (const [ours, nmi] of Object.entries(D.methods)) {
      expect(nmi.replace(" ", "_")).toBe(ours);
    }
  });

  it("holds the mineral fertilizer coefficients of ammonia-emission-factors-mineral.csv", () => {
    const k = Object.fromEntries(
      csv("ammonia-emission-factors-mineral.csv").map((r) => [r.constant, Number(r.value)]),
    );
    expect(D.mineralEmission).toEqual({
      organicNSquared: k.k_norg_sq_without_inhibitor,
      organicNSquaredWithInhibitor: k.k_norg_sq_with_inhibitor,
      nitrateTimesSulphur: k.k_no3_x_s,
      ammoniumSquared: k.k_nh4_sq,
    });
    expect(k.percent_to_fraction_divisor).toBe(100);
  });

  it("holds the residue emission line of residue-ammonia-emission.csv", () => {
    const k = Object.fromEntries(
      csv("residue-ammonia-emission.csv").map((r) => [r.constant, Number(r.value)]),
    );
    expect(D.residueEmission).toEqual({ slope: k.slope, intercept: k.intercept });
    expect([k.clamp_min, k.clamp_max, k.percent_to_fraction_divisor]).toEqual([0, 1, 100]);
  });

  it("holds every nitrate leaching fraction of nitrate-leaching-fractions.csv", () => {
    const rows = csv("nitrate-leaching-fractions.csv");
    expect(rows).toHaveLength(22);
    expect(D.leachingFractions).toHaveLength(22);
    for (const r of rows) {
      const landType = r.land_type === "grassland" ? "grassland" : "cropland";
      const classes = r.b_gwl_class_values === "any" ? null : list(r.b_gwl_class_values ?? "");
      const found = D.leachingFractions.filter(
        (f) =>
          f.soilGroup === r.soil_group &&
          f.landType === landType &&
          JSON.stringify(f.groundwaterClasses) === JSON.stringify(classes),
      );
      expect(found.map((f) => f.fraction)).toEqual([Number(r.leaching_fraction)]);
      for (const soil of list(r.b_soiltype_agr_values ?? "")) {
        expect(D.leachingSoilGroups[soil as keyof typeof D.leachingSoilGroups]).toBe(r.soil_group);
      }
    }
  });

  it("holds every surplus target of surplus-targets.csv", () => {
    const rows = csv("surplus-targets.csv");
    expect(
      rows.map((r) => [r.land_use, r.soil_group, r.groundwater_group, Number(r.target_surplus)]),
    ).toEqual(D.surplusTargets.map((t) => [t.landUse, t.soilGroup, t.groundwaterGroup, t.target]));
    expect(rows.every((r) => r.original_source?.startsWith("Ros et al. 2023"))).toBe(true);
  });

  it("classifies soils, groundwater classes and crops as classification-rules.csv does", () => {
    const rows = csv("classification-rules.csv");
    const targetSoils = rows.filter(
      (r) => r.dimension === "soil" && r.used_by === "surplus target",
    );
    expect(targetSoils).toHaveLength(9);
    for (const r of targetSoils) {
      expect(D.targetSoilGroups[r.input_value as keyof typeof D.targetSoilGroups]).toBe(r.class);
    }
    const gwl = rows.filter((r) => r.dimension === "groundwater");
    expect(Object.fromEntries(gwl.map((r) => [r.input_value, r.class]))).toEqual(
      D.groundwaterGroups,
    );
    const excluded = rows
      .filter((r) => r.input_field === "b_lu_catalogue")
      .map((r) => r.input_value?.split(" ")[0]);
    expect(excluded).toEqual(D.landTypeExcludedCrops);
  });

  it("uses the national deposition average of deposition.csv as its default", () => {
    const row = csv("deposition.csv").find((r) => r.item === "national_average_2022");
    expect(row?.value).toBe("19.3");
    expect(D.deposition.value).toBe(19.3);
    // 1,375 mol N/ha × 14.007 g/mol = 19.26 kg N/ha.
    expect((1375 * 14.007) / 1000).toBeCloseTo(D.deposition.value, 1);
  });
});

describe("NH4-N share of generic products (ammoniumShares)", () => {
  // reference/nmi-catalogues/srm-fertilizers.csv, read here without the code under test.
  const srm = csv("../nmi-catalogues/srm-fertilizers.csv");

  it("is 1.9 / 4.1 for runderdrijfmest (code 14): srm Runderdrijfmest alone", () => {
    expect(D.ammoniumShares.get(14)?.share).toBeCloseTo(1.9 / 4.1, 12);
    expect(D.ammoniumShares.get(14)?.products).toHaveLength(1);
    // Code 42 (gier): the mean of Varkens gier 6.1/6.5 and Zeugen gier 1.9/2.
    expect(D.ammoniumShares.get(42)?.share).toBeCloseTo((6.1 / 6.5 + 1.9 / 2) / 2, 12);
  });

  it("holds, for every mestcode, the mean NH4-N / N of the srm products that give both", () => {
    const byCode = new Map<number, number[]>();
    for (const row of srm) {
      const n = Number(row.p_n_rt);
      if (row.p_nh4_rt === "" || row.p_n_rt === "" || !(n > 0)) continue;
      const list = byCode.get(Number(row.p_type_rvo)) ?? [];
      list.push(Number(row.p_nh4_rt) / n);
      byCode.set(Number(row.p_type_rvo), list);
    }
    expect([...D.ammoniumShares.keys()].sort((a, b) => a - b)).toEqual(
      [...byCode.keys()].sort((a, b) => a - b),
    );
    for (const [code, shares] of byCode) {
      const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
      expect(D.ammoniumShares.get(code)?.share, `mestcode ${code}`).toBeCloseTo(mean, 12);
    }
    // No srm product of code 11 gives NH4-N: its emission stays missing.
    expect(D.ammoniumShares.has(11)).toBe(false);
  });

  it("gives a product without NH4-N the share of its mestcode, and its own NH4-N wins", () => {
    const generic = {
      isMineral: false,
      typeRvo: 14,
      n: 4,
      nNh4: null,
      nNo3: null,
      so3: null,
      ammoniaEmissionFactor: null,
    };
    // narrowband on grassland: 0.17 × 1.9 / 4.1
    expect(applicationEmissionFactor(generic, "narrowband", "grassland")).toBeCloseTo(
      (0.17 * 1.9) / 4.1,
      12,
    );
    expect(
      applicationEmissionFactor({ ...generic, nNh4: 2 }, "narrowband", "grassland"),
    ).toBeCloseTo((0.17 * 2) / 4, 12);
    expect(
      applicationEmissionFactor({ ...generic, typeRvo: 11 }, "injection", "cropland"),
    ).toBeNull();
  });
});

describe("NOTICE", () => {
  it("ships NMI's copyright and permission notice with the package", () => {
    const pkg = fileURLToPath(new URL("../../../", import.meta.url));
    const notice = readFileSync(`${pkg}NOTICE`, "utf8");
    const licence = readFileSync(`${dir}LICENSE-NMI.txt`, "utf8").trim();
    expect(notice).toContain(licence);
    expect(notice).toContain("NMI, fdm-calculator nitrogen balance figures (MIT)");
    const files: string[] = JSON.parse(readFileSync(`${pkg}package.json`, "utf8")).files;
    expect(files).toContain("NOTICE");
  });
});

describe("applying the defaults", () => {
  const day = (s: string) => Date.parse(`${s}T00:00:00Z`);
  const grass: DefaultsCultivation = {
    cultivationId: "nl_265",
    rotation: "grassland",
    start: day("2020-01-01"),
    end: null,
  };
  const maize: DefaultsCultivation = {
    cultivationId: "nl_259",
    rotation: "maize",
    start: day("2025-04-25"),
    end: day("2025-10-01"),
  };
  const fallow: DefaultsCultivation = {
    cultivationId: "nl_6794",
    rotation: "fallow",
    start: day("2025-01-01"),
    end: null,
  };

  it("decides the land type on a day, skipping the excluded crops", () => {
    expect(landTypeOn([grass, maize], day("2025-06-01"))).toBe("grassland");
    expect(landTypeOn([maize, fallow], day("2025-06-01"))).toBe("cropland");
    expect(landTypeOn([maize, fallow], day("2025-03-01"))).toBe("bare_soil");
    expect(leachingLandType([maize])).toBe("cropland");
    expect(leachingLandType([fallow])).toBe("cropland");
    expect(leachingLandType([maize, grass])).toBe("grassland");
  });

  it("pro-rates mineralization per calendar year by that year's land use", () => {
    const y2025 = [day("2025-01-01"), day("2025-12-31")] as const;
    // veen under grass: 160; a whole year gives 160 per year
    expect(yearlyMineralization("veen", [grass], ...y2025)).toBeCloseTo(160, 10);
    expect(yearlyMineralization("veen", [maize], ...y2025)).toBeCloseTo(20, 10);
    expect(yearlyMineralization("dekzand", [grass], ...y2025)).toBe(0);
    // grass ending 2024-06-01 (in the 15 May–15 July window of 2024 only), timeframe 2024-07-01 … 2025-06-30:
    // 2024: 160 × 184 / 366; 2025: 20 × 181 / 365 → total 80.44 + 9.92 = 90.36 over 365 days
    const ended = { ...grass, end: day("2024-06-01") };
    const total = (160 * 184) / 366 + (20 * 181) / 365;
    expect(yearlyMineralization("veen", [ended], day("2024-07-01"), day("2025-06-30"))).toBeCloseTo(
      total,
      10,
    );
  });

  it("gives a manure application NMI's factor × NH4-N / N, and a mineral its catalogue factor or formula", () => {
    const slurry = {
      isMineral: false,
      n: 4.1,
      nNh4: 1.9,
      nNo3: 0,
      so3: null,
      ammoniaEmissionFactor: null,
    };
    // shallow injection on grassland: 0.17 × 1.9 / 4.1
    expect(applicationEmissionFactor(slurry, "shallow_injection", "grassland")).toBeCloseTo(
      (0.17 * 1.9) / 4.1,
      12,
    );
    // broadcasting on bare soil: 0.69 × 1.9 / 4.1
    expect(applicationEmissionFactor(slurry, "broadcasting", "bare_soil")).toBeCloseTo(
      (0.69 * 1.9) / 4.1,
      12,
    );
    expect(
      applicationEmissionFactor({ ...slurry, nNh4: null }, "injection", "cropland"),
    ).toBeNull();
    const kas = {
      isMineral: true,
      n: 270,
      nNh4: 135,
      nNo3: 135,
      so3: 0,
      ammoniaEmissionFactor: 0.025,
    };
    expect(applicationEmissionFactor(kas, "broadcasting", "grassland")).toBe(0.025);
    // urea-like: N 460 all organic, no SO3: 7.021e-5 × 460² / 100 = 0.14856…
    const urea = { isMineral: true, n: 460, nNh4: 0, nNo3: 0, so3: 0, ammoniaEmissionFactor: null };
    expect(applicationEmissionFactor(urea, "broadcasting", "cropland")).toBeCloseTo(
      (7.021e-5 * 460 ** 2) / 100,
      12,
    );
    expect(
      applicationEmissionFactor({ ...urea, so3: null }, "broadcasting", "cropland"),
    ).toBeNull();
  });

  it("works out residue N and its factor", () => {
    // wheat: 7830 / 0.44 × 0.56 × 5.3 / 1000 = 52.818…; factor (0.41 × 5.3 − 5.42) / 100 < 0 → 0
    expect(residueNitrogen(7830, 0.44, 5.3)).toBeCloseTo(((7830 / 0.44) * 0.56 * 5.3) / 1000, 10);
    expect(residueEmissionFactor(5.3)).toBe(0);
    // grass residue 22.9 g N/kg: (0.41 × 22.9 − 5.42) / 100 = 0.03969
    expect(residueEmissionFactor(22.9)).toBeCloseTo(0.03969, 12);
    expect(residueNitrogen(7830, 0, 5.3)).toBe(0);
    expect(residueNitrogen(null, 0.44, 5.3)).toBeNull();
  });

  it("looks up leaching fractions and targets by soil, land use and groundwater", () => {
    expect(leachingFraction("dekzand", "grassland", "VI")).toBe(0.21);
    expect(leachingFraction("dekzand", "cropland", null)).toBeNull();
    expect(leachingFraction("zeeklei", "cropland", null)).toBe(0.33);
    expect(leachingFraction("maasklei", "grassland", "II")).toBe(0.11);
    expect(surplusTarget("dekzand", true, "VI")).toBe(125);
    expect(surplusTarget("dekzand", false, "VII")).toBe(50);
    expect(surplusTarget("veen", false, "II")).toBe(125);
    expect(surplusTarget("zeeklei", false, "VIII")).toBe(115);
    expect(surplusTarget("zeeklei", false, null)).toBeNull();
  });
});
