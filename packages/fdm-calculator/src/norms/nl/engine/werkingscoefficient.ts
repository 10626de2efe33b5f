import { FdmCalculatorError } from "../../../errors.js";
import { daysOfYear, type NLRegion } from "../calendar.js";
import type { PreparedApplication, PreparedCultivation } from "./input.js";
import type { NormYearRules } from "./rules.js";
import { dependsOnOrigin } from "./table-index.js";
import type { WerkingscoefficientRow } from "./table-types.js";

/** Crops that make the land grasland for Table 9 on the day of application. */
const GRASLAND_CODES = new Set([265, 266, 331, 332]);

/** RVO mestcode 115: kunstmest (mineral fertilizer). */
export const KUNSTMEST = 115;

/** Grassland (265, 266, 331, 332) is on the field on `day`. */
function onGrasland(cultivations: readonly PreparedCultivation[], day: number): boolean {
  for (const c of cultivations) {
    if (GRASLAND_CODES.has(c.code) && c.start <= day && (c.end === null || day < c.end)) {
      return true;
    }
  }
  return false;
}

// The result of a Table-9 sub-case, built once per row: the norms need it for every application.
const OF_ROW = new WeakMap<WerkingscoefficientRow, Werkingscoefficient>();
function ofRow(row: WerkingscoefficientRow): Werkingscoefficient {
  let result = OF_ROW.get(row);
  if (result === undefined) {
    result = Object.freeze({
      coefficient: row.coefficient,
      why: `Table 9 "${row.category}"${row.condition ? `, ${row.condition}` : ""}: ${Math.round(row.coefficient * 100)}%`,
    });
    OF_ROW.set(row, result);
  }
  return result;
}

// The 100% of a mestcode in no Table-9 category, built once per mestcode (a number).
const OUTSIDE_TABLE_9 = new Map<number, Werkingscoefficient>();
function outsideTable9(code: number): Werkingscoefficient {
  let result = OUTSIDE_TABLE_9.get(code);
  if (result === undefined) {
    result = Object.freeze({
      coefficient: 1,
      why: `mestcode ${code} is in no Table-9 category: 100%`,
    });
    OUTSIDE_TABLE_9.set(code, result);
  }
  return result;
}

/**
 * The day falls from 1 September to 31 January (a sub-case's season): read
 * off the year's days when the day is in the rules' year, which it is after
 * validation, else from the date itself.
 */
function inAutumnWinter(day: number, year: number): boolean {
  const { jan1, feb1, sep1, nextJan1 } = daysOfYear(year);
  if (day >= jan1 && day < nextJan1) return day < feb1 || day >= sep1;
  const month = new Date(day).getUTCMonth() + 1;
  return month >= 9 || month === 1;
}

/** A content in kg/ton with where it came from. */
export interface Content {
  value: number;
  source: "measured" | "forfaitair";
}

/**
 * The N or P2O5 content of an application's fertilizer: the measured content
 * when above 0, otherwise the forfaitaire content of Table 11; a measured 0
 * stands when Table 11 has no forfaitaire content. `null` when nothing is known,
 * kunstmest (115) included: Table 11 has no content for it, and a product whose
 * N or P2O5 is not recorded is not taken to hold none (record 0 for a nutrient
 * its label does not declare).
 */
export function content(application: PreparedApplication, nutrient: "n" | "p2o5"): Content | null {
  const measured = application.source.fertilizer.composition[nutrient];
  if (typeof measured === "number" && measured > 0) return { value: measured, source: "measured" };
  const standard =
    nutrient === "n" ? application.mestcode.nForfaitair : application.mestcode.p2o5Forfaitair;
  if (standard !== null) return { value: standard, source: "forfaitair" };
  // RENURE has no forfaitaire content and a 0 would hide it from the RENURE norm.
  if (application.mestcode.isRenure && nutrient === "n") return null;
  if (measured === 0) return { value: 0, source: "measured" };
  return null;
}

/** Like {@link content}, but throws when the content is unknown. */
export function requireContent(
  application: PreparedApplication,
  nutrient: "n" | "p2o5",
  fieldId: string,
): Content {
  const found = content(application, nutrient);
  if (found === null && application.mestcode.isRenure && nutrient === "n") {
    throw new FdmCalculatorError(
      "RENURE_CONTENT_REQUIRED",
      `Field "${fieldId}": application ${application.source.id ?? application.index} of mestcode ${application.mestcode.code} (${application.mestcode.description}) needs its measured N content above 0 g/kg: RENURE products have no forfaitaire content in Table 11`,
      { fieldId },
    );
  }
  if (found === null && application.mestcode.code === KUNSTMEST) {
    const name = nutrient === "n" ? "N" : "P2O5";
    throw new FdmCalculatorError(
      "UNKNOWN_CONTENT",
      `Field "${fieldId}": application ${application.source.id ?? application.index} of kunstmest (mestcode 115) has no ${name} content in its composition, and Table 11 has no forfaitaire one for kunstmest; give the declared content (composition.${nutrient}, kg/ton; 0 when the label declares none)`,
      { fieldId },
    );
  }
  if (found === null) {
    const name = nutrient === "n" ? "N" : "P2O5";
    throw new FdmCalculatorError(
      "UNKNOWN_CONTENT",
      `Field "${fieldId}": application ${application.source.id ?? application.index} has no ${name} content in its composition, and mestcode ${application.mestcode.code} (${application.mestcode.description}) has no forfaitaire ${name} content in Table 11; give the analysed content`,
      { fieldId },
    );
  }
  return found;
}

/** A werkingscoëfficiënt with the Table-9 sub-case it came from. */
export interface Werkingscoefficient {
  coefficient: number;
  why: string;
}

/**
 * The werkingscoëfficiënt (nitrogen working coefficient) of an application by
 * Uitvoeringsregeling Meststoffenwet Table 9 of the rules' year: the first sub-case, in
 * table order, whose origin, grazing, soil region, land use and period hold.
 * Mestcodes in no category count at 100%.
 */
export function werkingscoefficient(
  application: PreparedApplication,
  context: {
    fieldId: string;
    region: NLRegion;
    hasGrazingIntention: boolean;
    cultivations: PreparedCultivation[];
    rules: NormYearRules;
  },
): Werkingscoefficient {
  const code = application.mestcode.code;
  const rows = context.rules.werkingscoefficienten.get(code);
  if (!rows) return outsideTable9(code);
  const origin = application.source.origin;
  if (origin === undefined && dependsOnOrigin(rows)) {
    throw new FdmCalculatorError(
      "MISSING_ORIGIN",
      `Field "${context.fieldId}": application ${application.source.id ?? application.index} of mestcode ${code} (${application.mestcode.description}) needs its origin ("eigen_bedrijf" or "aangevoerd"), because its werkingscoëfficiënt in Table 9 depends on it; the collectors take it from options.manureOrigin, keyed by the id of the farm's fertilizer (not its catalogue item id)`,
      { fieldId: context.fieldId },
    );
  }
  const grazing = context.hasGrazingIntention ? "met_beweiding" : "zonder_beweiding";
  let autumnWinter: boolean | null = null;
  let grasland: boolean | null = null;
  for (const row of rows) {
    if (row.herkomst !== null && row.herkomst !== origin) continue;
    if (row.beweiding !== null && row.beweiding !== grazing) continue;
    if (row.regions !== null && !row.regions.includes(context.region)) continue;
    if (row.autumnWinterOnly) {
      autumnWinter ??= inAutumnWinter(application.day, context.rules.year);
      if (!autumnWinter) continue;
    }
    if (row.landUse === "bouwland") {
      grasland ??= onGrasland(context.cultivations, application.day);
      if (grasland) continue;
    }
    return ofRow(row);
  }
  throw new Error(`Table 9 has no sub-case for mestcode ${code}`);
}
