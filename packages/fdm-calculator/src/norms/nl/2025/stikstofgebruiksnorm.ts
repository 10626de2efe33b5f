import { FdmCalculatorError } from "../../../errors.js";
import { BRP_GEWASCODES } from "./catalogue-codes.js";
import { type ResolvedMainCrop, resolveMainCrop } from "./hoofdteelt.js";
import { day, formatDay, type PreparedField, prepareField } from "./input.js";
import { STIKSTOF_TABLE_2025, STIKSTOF_VARIETY_LISTS_2025 } from "./stikstof-data.js";
import type { StikstofTableRow } from "./table-types.js";
import type { NL2025NormsInput, StikstofGebruiksnormResult } from "./types.js";

/**
 * The rows of the default Table-2 line per BRP code. A code listed on two
 * lines belongs by default to the line RVO lists first.
 */
const LINE_BY_CODE = new Map<number, StikstofTableRow[]>();
for (const row of STIKSTOF_TABLE_2025) {
  for (const code of row.brpCodes) {
    const rows = LINE_BY_CODE.get(code);
    if (!rows) LINE_BY_CODE.set(code, [row]);
    else if (rows[0]?.table2Name === row.table2Name) rows.push(row);
  }
}

/** The default Table-2 line of a BRP code, or `undefined` when Table 2 has none. */
export const table2Line = (code: number) => LINE_BY_CODE.get(code);

const VARIETIES = new Map<string, Set<string>>(
  STIKSTOF_VARIETY_LISTS_2025.map((list) => [
    `${list.table2Name}|${list.variant}`,
    new Set(list.varieties.map((v) => v.toLowerCase())),
  ]),
);

const FIRST_YEAR_VARIANTS = new Set([
  "eerste jaar",
  "inzaai in september en eerste jaar",
  "1e jaars",
]);
const KOOLZAAD_VARIANT: Record<number, string> = { 1922: "winter", 1923: "zomer" };

const APR_15 = day(2025, 4, 15);
const MAY_15 = day(2025, 5, 15);
const AUG_15 = day(2025, 8, 15);
const SEP_15 = day(2025, 9, 15);
const OCT_15 = day(2025, 10, 15);
const START_2024 = day(2024, 1, 1);
const END_2024 = day(2024, 12, 31);

function byVariant(rows: StikstofTableRow[], variant: string): StikstofTableRow {
  const row = rows.find((r) => r.variant === variant);
  if (!row) throw new Error(`Table 2 line "${rows[0]?.table2Name}" has no variant "${variant}"`);
  return row;
}

/** Picks the period variant of Tijdelijk grasland (266) from the crop's dates in 2025. */
function temporaryGrasslandRow(
  rows: StikstofTableRow[],
  main: ResolvedMainCrop,
  fieldId: string,
): { row: StikstofTableRow; why: string } {
  const c = main.cultivation;
  if (!c) {
    throw new FdmCalculatorError(
      "MISSING_CULTIVATION",
      `Field "${fieldId}": tijdelijk grasland (${main.id}) needs its dates to choose the period of RVO Table 2, but no cultivation with that id is given`,
      { fieldId },
    );
  }
  const until = c.end ?? Number.POSITIVE_INFINITY;
  const dates = `on the field from ${formatDay(c.start)} until ${c.end === null ? "after 2025" : formatDay(c.end)}`;
  const pick = (variant: string) => ({
    row: byVariant(rows, variant),
    why: `tijdelijk grasland ${dates}`,
  });
  if (c.start <= day(2025, 1, 1)) {
    if (until >= OCT_15) return pick("van 1 januari tot minstens 15 oktober");
    if (until >= SEP_15) return pick("van 1 januari tot minstens 15 september");
    if (until >= AUG_15) return pick("van 1 januari tot minstens 15 augustus");
    if (until >= MAY_15) return pick("van 1 januari tot minstens 15 mei");
    if (until >= APR_15) return pick("van 1 januari tot minstens 15 april");
  } else if (c.start > SEP_15) {
    return pick("vanaf 15 oktober");
  } else if (until >= OCT_15) {
    if (c.start <= APR_15) return pick("vanaf 15 april tot minstens 15 oktober");
    if (c.start <= MAY_15) return pick("vanaf 15 mei tot minstens 15 oktober");
    if (c.start <= AUG_15) return pick("vanaf 15 augustus tot minstens 15 oktober");
    return pick("vanaf 15 september tot minstens 15 oktober");
  }
  throw new FdmCalculatorError(
    "NO_NORM_FOR_PERIOD",
    `Field "${fieldId}": tijdelijk grasland ${dates} matches no period of RVO Table 2 (from 1 January until at least 15 April, or from a date until at least 15 October)`,
    { fieldId },
  );
}

function chooseRow(
  rows: StikstofTableRow[],
  main: ResolvedMainCrop,
  field: PreparedField,
): { row: StikstofTableRow; why: string } {
  const first = rows[0] as StikstofTableRow;
  const { input } = field;
  const fieldId = input.fieldId;
  if (rows.length === 1) return { row: first, why: "the line has one figure set" };
  switch (first.variantBasis) {
    case "beweiding":
      return input.hasGrazingIntention
        ? { row: byVariant(rows, "beweiden"), why: "the farm intends to graze (beweiding)" }
        : { row: byVariant(rows, "volledig maaien"), why: "the farm does not intend to graze" };
    case "einddatum_periode":
      return temporaryGrasslandRow(rows, main, fieldId);
    case "ras": {
      const variety = main.cultivation?.source.variety?.trim().toLowerCase();
      for (const variant of ["hoge norm", "lage norm"]) {
        if (variety && VARIETIES.get(`${first.table2Name}|${variant}`)?.has(variety)) {
          return {
            row: byVariant(rows, variant),
            why: `variety "${main.cultivation?.source.variety}" is on the ${variant} list`,
          };
        }
      }
      return {
        row: byVariant(rows, "overig"),
        why: variety
          ? `variety "${main.cultivation?.source.variety}" is on neither variety list`
          : "no variety is given",
      };
    }
    case "derogatie":
      return input.hasDerogation
        ? { row: byVariant(rows, "derogatie"), why: "the farm has derogatie" }
        : { row: byVariant(rows, "non-derogatie"), why: "the farm has no derogatie" };
    case "teeltjaar": {
      const lastYear = field.cultivations.some(
        (c) =>
          table2Line(c.code)?.[0]?.table2Name === first.table2Name &&
          c.start <= END_2024 &&
          (c.end === null || c.end >= START_2024),
      );
      const row = rows.find((r) => FIRST_YEAR_VARIANTS.has(r.variant ?? "") !== lastYear);
      if (!row) throw new Error(`Table 2 line "${first.table2Name}" lacks a crop-year variant`);
      return {
        row,
        why: lastYear
          ? "a crop of the same line was on the field in 2024"
          : "no crop of the same line was on the field in 2024 (first year)",
      };
    }
    case "brp_code": {
      const variant = KOOLZAAD_VARIANT[main.code];
      if (!variant) throw new Error(`No koolzaad variant for BRP code ${main.code}`);
      return { row: byVariant(rows, variant), why: `BRP code ${main.code} is ${variant}koolzaad` };
    }
    case "teeltvolgorde":
      return { row: byVariant(rows, "1e teelt"), why: "the crop is the main crop (1e teelt)" };
    case "teeltwijze": {
      const given = main.cultivation?.source.teeltwijze?.trim().toLowerCase();
      const row = rows.find((r) => r.variant?.toLowerCase() === given);
      if (!row) {
        const options = rows.map((r) => `"${r.variant}"`).join(", ");
        throw new FdmCalculatorError(
          "MISSING_VARIANT",
          `Field "${fieldId}": RVO Table 2 line "${first.table2Name}" depends on the teeltwijze, which the crop code alone does not decide; give the main crop's teeltwijze as one of ${options}${given ? ` (got "${main.cultivation?.source.teeltwijze}")` : ""}`,
          { fieldId },
        );
      }
      return { row, why: `teeltwijze "${row.variant}"` };
    }
    default:
      throw new Error(`Table 2 line "${first.table2Name}" has variants without a basis`);
  }
}

const KORTING_START = day(2024, 7, 15);
const KORTING_END = day(2025, 2, 1);

/** The korting (catch-crop reduction) of the field, kg N/ha, with its reason. */
function korting(field: PreparedField, row: StikstofTableRow): { value: number; why: string } {
  const { region } = field.input;
  if (region === "klei" || region === "veen") {
    return { value: 0, why: `no korting (catch-crop reduction) on ${region}` };
  }
  if (row.isWinterteelt) {
    return { value: 0, why: "no korting (catch-crop reduction): the main crop is a winter crop" };
  }
  let sown: number | null = null;
  for (const c of field.cultivations) {
    if (
      table2Line(c.code)?.[0]?.isVanggewas === true &&
      c.start > KORTING_START &&
      c.start < KORTING_END &&
      (c.end === null || c.end >= KORTING_END) &&
      (sown === null || c.start < sown)
    ) {
      sown = c.start;
    }
  }
  if (sown === null) {
    return {
      value: 20,
      why: "korting of 20 kg N/ha: no catch crop (vanggewas) from winter 2024–2025",
    };
  }
  const value =
    sown <= day(2024, 10, 1)
      ? 0
      : sown <= day(2024, 10, 14)
        ? 5
        : sown <= day(2024, 10, 31)
          ? 10
          : 20;
  return {
    value,
    why: `korting of ${value} kg N/ha: catch crop (vanggewas) sown ${formatDay(sown)}`,
  };
}

/** The stikstofgebruiksnorm of a validated field. */
export function stikstofNorm(field: PreparedField): StikstofGebruiksnormResult {
  const { input } = field;
  const main = resolveMainCrop(field);
  const rows = table2Line(main.code);
  if (!rows) {
    throw new FdmCalculatorError(
      "NO_NORM_FOR_CROP",
      `Field "${input.fieldId}": the hoofdteelt ${main.id} (${BRP_GEWASCODES.get(main.code)}) has no line in RVO Table 2 Stikstof landbouwgrond 2025, so it has no stikstofgebruiksnorm`,
      { fieldId: input.fieldId },
    );
  }
  const { row, why } = chooseRow(rows, main, field);
  const figures = row.norms[input.region];
  const tableValue = input.isNVGebied ? figures.nv : figures.standard;
  const reduction = korting(field, row);
  const normValue = Math.max(0, tableValue - reduction.value);
  const line =
    row.variant === null ? `"${row.table2Name}"` : `"${row.table2Name}" (${row.variant})`;
  return {
    normValue,
    unit: "kg N/ha",
    explanation: `${main.explanation}; RVO Table 2 line ${line} because ${why}; ${tableValue} kg N/ha on ${input.region}${input.isNVGebied ? " in NV-gebied" : ""}; ${reduction.why}${tableValue - reduction.value < 0 ? "; the norm does not go below 0" : ""}`,
    mainCropId: main.id,
    table2Name: row.table2Name,
    variant: row.variant,
    tableValue,
    korting: reduction.value,
  };
}

/**
 * Determines the stikstofgebruiksnorm (nitrogen application norm, kg effective
 * N/ha) of a field for 2025 from RVO Table 2 Stikstof landbouwgrond 2025.
 *
 * 1. The hoofdteelt (main crop) is `mainCropId`, or else the crop found by
 *    {@link getNL2025Hoofdteelt}.
 * 2. The crop's BRP code gives the Table-2 line; a code on two lines belongs to
 *    the line RVO lists first.
 * 3. A line with variants is resolved by grazing intention (Grasland), by the
 *    period the temporary grassland is on the field (Tijdelijk grasland), by
 *    variety (potatoes), by derogation (maïs), by crop year (a crop of the same
 *    line in 2024 means the following-years figure), by BRP code (koolzaad),
 *    as 1e teelt for the main crop (Spinazie, Slasoorten, Andijvie), or by the
 *    teeltwijze given with the cultivation (Bladgewassen overig, Kruiden, Iris,
 *    Krokus, Gladiool).
 * 4. The figure is the column of the field's soil region, the lower NV-gebied
 *    figure when the field lies in an NV-gebied.
 * 5. On zand and löss, unless the main crop is a winter crop, the korting
 *    (catch-crop reduction) is subtracted: 0, 5, 10 or 20 kg N/ha by the sowing
 *    date of the first catch crop sown after 15 July 2024 and before 1 February
 *    2025 that stayed until at least 1 February 2025; 20 without one. The norm
 *    does not go below 0.
 *
 * @param input - The field's plain input.
 * @returns The norm in kg N/ha with the Table-2 line, variant, korting and an explanation.
 * @throws {FdmCalculatorError} `NO_NORM_FOR_CROP` when the main crop has no Table-2 line,
 *   `MISSING_VARIANT` when the line needs a teeltwijze that is not given, `NO_NORM_FOR_PERIOD`
 *   or `MISSING_CULTIVATION` for temporary grassland whose period cannot be read, and the
 *   validation errors of the input (`INVALID_INPUT`, `UNKNOWN_CULTIVATION`, `DATE_OUTSIDE_2025`,
 *   `UNKNOWN_MESTCODE`).
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getNL2025StikstofGebruiksNorm } from "fdm-calculator";
 *
 * const norm = getNL2025StikstofGebruiksNorm({
 *   fieldId: "field-1",
 *   area: 4.2,
 *   region: "klei",
 *   isNVGebied: false,
 *   isGWBG: false,
 *   isNatura2000: false,
 *   isDerogatievrijeZone: false,
 *   hasDerogation: false,
 *   hasGrazingIntention: true,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_265", startDate: new Date("2018-04-01") }],
 *   applications: [],
 * });
 * assert.equal(norm.normValue, 345); // Grasland, beweiden, klei
 * ```
 */
export function getNL2025StikstofGebruiksNorm(input: NL2025NormsInput): StikstofGebruiksnormResult {
  return stikstofNorm(prepareField(input));
}
