import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { NITROGEN_BALANCE_DEFAULTS as D } from "./defaults.js";

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
