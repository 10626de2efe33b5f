/** CSV reading and cell parsing shared by the generators of the NL norm data modules. */
import { readFileSync } from "node:fs";

/** Parses RFC 4180 CSV (quoted fields, doubled quotes) into records keyed by the header. */
export function readCsvFile(path: string): Record<string, string>[] {
  const name = path;
  const text = readFileSync(path, "utf8").replace(/^\uFEFF/, "");
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else {
      field += c;
    }
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows.filter((r) => r.some((v) => v !== ""));
  if (!header) throw new Error(`${name} is empty`);
  return body.map((r) => {
    if (r.length !== header.length) throw new Error(`${name}: row with ${r.length} fields`);
    return Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""]));
  });
}

export function num(value: string | undefined, what: string): number {
  const n = Number(value);
  if (value === undefined || value === "" || !Number.isFinite(n)) {
    throw new Error(`${what}: not a number: "${value}"`);
  }
  return n;
}
export const numOrNull = (value: string | undefined, what: string) =>
  value === undefined || value === "" ? null : num(value, what);
export const bool = (value: string | undefined, what: string) => {
  if (value === "true") return true;
  if (value === "false") return false;
  throw new Error(`${what}: not a boolean: "${value}"`);
};
export const flag = (value: string | undefined, what: string) =>
  value === "any" ? "any" : bool(value, what);
export const codes = (value: string | undefined) =>
  (value ?? "")
    .split(" ")
    .filter((c) => c !== "")
    .map((c) => num(c, "code"));
export const orNull = (value: string | undefined) =>
  value === undefined || value === "" ? null : value;

type Row = Record<string, string>;

const regions = ["klei", "zand_nwc", "zand_zuid", "loess", "veen"] as const;

/** One row of a stikstof-norms CSV as a StikstofTableRow. */
export const stikstofRow = (r: Row) => ({
  rowId: num(r.row_id, "row_id"),
  table2Name: r.table2_name,
  variant: orNull(r.variant),
  variantBasis: orNull(r.variant_basis),
  periodStart: orNull(r.period_start),
  periodEnd: orNull(r.period_end),
  brpCodes: codes(r.brp_codes),
  isWinterteelt: bool(r.is_winterteelt, "is_winterteelt"),
  isVanggewas: bool(r.is_vanggewas, "is_vanggewas"),
  norms: Object.fromEntries(
    regions.map((region) => [
      region,
      { standard: num(r[region], region), nv: num(r[`${region}_nv`], `${region}_nv`) },
    ]),
  ),
});

/** One row of a dierlijke-mest CSV as a DierlijkeMestTableRow. */
export const dierlijkeMestRow = (r: Row) => ({
  priority: num(r.priority, "priority"),
  case: r.case,
  derogation: flag(r.derogation, "derogation"),
  natura2000: flag(r.natura2000, "natura2000"),
  gwbg: flag(r.gwbg, "gwbg"),
  derogatievrijeZone: flag(r.derogatievrije_zone, "derogatievrije_zone"),
  nvArea: flag(r.nv_area, "nv_area"),
  norm: num(r.norm_kg_n_ha, "norm_kg_n_ha"),
  label: r.label,
});

/** One row of a werkingscoefficienten CSV as a WerkingscoefficientRow. */
export const table9Row = (r: Row) => {
  if (r.application_period !== "" && r.application_period !== "09-01..01-31") {
    throw new Error(`Unexpected application_period "${r.application_period}"`);
  }
  return {
    category: r.category,
    condition: orNull(r.condition),
    mestcodes: codes(r.mestcodes),
    herkomst: orNull(r.herkomst),
    beweiding: orNull(r.beweiding),
    regions: r.grondsoort_regions ? (r.grondsoort_regions as string).split(" ") : null,
    landUse: orNull(r.land_use),
    autumnWinterOnly: r.application_period === "09-01..01-31",
    coefficient: num(r.werkingscoefficient, "werkingscoefficient"),
  };
};
