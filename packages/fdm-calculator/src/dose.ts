import type { ApplicationMethods } from "fdm-data";
import type { OutOfBoundsError } from "./bounds.js";
import { FdmCalculatorError } from "./errors.js";
import { dayOf, type NLRegion, REGIONS, yearOf } from "./norms/nl/calendar.js";
import { prepareApplications, prepareCultivations } from "./norms/nl/engine/input.js";
import type { NormsApplication, NormsCultivation } from "./norms/nl/engine/types.js";
import { content, KUNSTMEST, werkingscoefficient } from "./norms/nl/engine/werkingscoefficient.js";
import { rulesForYear } from "./norms/nl/registry.js";

/**
 * Nutrients applied to a field, in kg per ha. A `null` means the amount is not
 * known: at least one application's fertilizer has no known content of that
 * nutrient, so no total can be given.
 */
export interface DoseNutrients {
  /** Total nitrogen, kg N/ha. */
  n: number | null;
  /** Effective nitrogen (total N × werkingscoëfficiënt of Table 9 of the applications' year), kg N/ha. */
  nEffective: number | null;
  /** Phosphate, kg P2O5/ha. */
  p2o5: number | null;
  /** Potash, kg K2O/ha. */
  k2o: number | null;
  /** Sulphur, kg SO3/ha. */
  so3: number | null;
  /** Magnesium, kg MgO/ha. */
  mgo: number | null;
  /** Calcium, kg CaO/ha. */
  cao: number | null;
}

/** The dose of one application. */
export interface ApplicationDose extends DoseNutrients {
  /** The application's `id`, or `null` when it has none. */
  applicationId: string | null;
  /** Position of the application in the input list. */
  index: number;
  /** Amount of product, kg/ha. */
  amount: number;
  /** Day of application. */
  date: Date;
  /** How it was spread, when given. */
  method: ApplicationMethods | null;
}

/** The nutrients a field received from its applications, in total and per application. */
export interface Dose extends DoseNutrients {
  /** The field's id. */
  fieldId: string;
  /** The dose of each application, in input order. */
  applications: ApplicationDose[];
}

/** What {@link calculateDose} needs: a field's applications and the context of their effective N. */
export interface DoseInput {
  /** Identifier of the field; every error message names it. */
  fieldId: string;
  /** Soil region of the field (grondsoortenkaart of the Meststoffenwet); Table 9 depends on it. */
  region: NLRegion;
  /** The farm intends to graze (beweiding) in the year; Table 9 depends on it. */
  hasGrazingIntention: boolean;
  /** The cultivations of the field: they give the land use (grassland or arable) on each application day. */
  cultivations: NormsCultivation[];
  /** The fertilizer applications, all dated in one calendar year. */
  applications: NormsApplication[];
  /**
   * The year whose Table 9 (werkingscoëfficiënten) and Table 11 (forfaitaire
   * contents) apply; the applications must be dated in it. Absent: the year
   * the applications are dated in.
   */
  year?: number;
}

const OTHER_NUTRIENTS = ["k2o", "so3", "mgo", "cao"] as const;

const add = (sum: number | null, value: number | null) =>
  sum === null || value === null ? null : sum + value;

/**
 * Calculates the dose a field received: per application and in total, the kg/ha
 * of total and effective nitrogen, P2O5, K2O, SO3, MgO and CaO, from the amount
 * of product (kg/ha) and the fertilizer's composition (g/kg = kg/ton).
 *
 * N and P2O5 use the measured content, or the forfaitaire content of Table 11
 * (Uitvoeringsregeling Meststoffenwet) when it is unknown or 0. Effective N is
 * total N × the werkingscoëfficiënt (working coefficient) of Table 9, which
 * depends on the mestcode, the manure's origin, the farm's grazing, the soil
 * region, the land use on the day and the date. Both tables are those of the
 * year the applications are dated in (`year`, or the applications' own year;
 * 2025 and 2026 are known), so the applications must lie in one calendar
 * year. Kunstmest (mestcode 115) declares what it contains, so its
 * `null` contents count as 0. A nutrient whose content is unknown for any
 * other application is `null` for that application and in the total.
 *
 * @param input - The field's id, soil region, grazing intention, cultivations and applications,
 *   and optionally the `year`; a `NormsFieldInput` fits.
 * @returns The dose per application and its sum for the field, in kg/ha.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a negative amount or invalid date (an
 *   {@link OutOfBoundsError} for an amount or content beyond its physical bound), or a year
 *   without RVO tables (the message names the supported years); `MIXED_YEARS` for applications
 *   dated in more than one year; `DATE_OUTSIDE_YEAR` for an application
 *   outside the given `year`; `UNKNOWN_MESTCODE` (a mestcode not in that year's Table 11),
 *   `UNKNOWN_CULTIVATION`, and `MISSING_ORIGIN` when the effective N of grazing-animal manure
 *   needs the manure's origin.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateDose } from "fdm-calculator";
 *
 * const dose = calculateDose({
 *   fieldId: "field-1",
 *   region: "zand_nwc",
 *   hasGrazingIntention: true,
 *   cultivations: [{ cultivationId: "nl_265", startDate: new Date("2010-01-01") }],
 *   applications: [
 *     {
 *       date: new Date("2025-04-01"),
 *       amount: 300, // kg/ha of calcium ammonium nitrate
 *       method: "broadcasting",
 *       fertilizer: {
 *         typeRvo: 115,
 *         composition: { n: 270, p2o5: 0, k2o: 0, so3: 0, mgo: 0, cao: 110 },
 *       },
 *     },
 *   ],
 * });
 * assert.equal(dose.n, 81); // 300 kg × 270 g/kg
 * assert.equal(dose.nEffective, 81); // kunstmest counts at 100%
 * assert.equal(dose.cao, 33);
 * ```
 */
export function calculateDose(input: DoseInput): Dose {
  const fieldId = input?.fieldId;
  if (typeof fieldId !== "string" || fieldId === "") {
    throw new FdmCalculatorError("INVALID_INPUT", "fieldId must be a non-empty string");
  }
  if (!REGIONS.includes(input.region)) {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `Field "${fieldId}": region must be one of ${REGIONS.join(", ")}`,
      { fieldId },
    );
  }
  if (typeof input.hasGrazingIntention !== "boolean") {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `Field "${fieldId}": hasGrazingIntention must be true or false`,
      { fieldId },
    );
  }
  const totals: DoseNutrients = { n: 0, nEffective: 0, p2o5: 0, k2o: 0, so3: 0, mgo: 0, cao: 0 };
  const year = doseYear(input, fieldId);
  if (year === null) {
    // No application: nothing applied, whatever the year.
    if (!Array.isArray(input.cultivations)) {
      throw new FdmCalculatorError(
        "INVALID_INPUT",
        `Field "${fieldId}": cultivations must be a list`,
        {
          fieldId,
        },
      );
    }
    return { fieldId, ...totals, applications: [] };
  }
  const rules = rulesForYear(year, "calculateDose", fieldId);
  const cultivations = prepareCultivations(input.cultivations, fieldId, rules);
  const context = {
    fieldId,
    region: input.region,
    hasGrazingIntention: input.hasGrazingIntention,
    cultivations,
    rules,
  };
  const applications = prepareApplications(input.applications, fieldId, rules).map((a) => {
    const { amount } = a.source;
    const { composition } = a.source.fertilizer;
    // Kunstmest declares what it contains, so an undeclared nutrient is absent.
    const undeclared = a.mestcode.code === KUNSTMEST ? 0 : null;
    const perHa = (gPerKg: number | null | undefined) => {
      const value = gPerKg ?? undeclared;
      return value === null ? null : (amount * value) / 1000;
    };
    const n = perHa(content(a, "n")?.value);
    const dose: ApplicationDose = {
      applicationId: a.source.id ?? null,
      index: a.index,
      amount,
      date: a.source.date,
      method: a.source.method ?? null,
      n,
      nEffective: n === null ? null : n * werkingscoefficient(a, context).coefficient,
      p2o5: perHa(content(a, "p2o5")?.value),
      k2o: perHa(composition.k2o),
      so3: perHa(composition.so3),
      mgo: perHa(composition.mgo),
      cao: perHa(composition.cao),
    };
    totals.n = add(totals.n, dose.n);
    totals.nEffective = add(totals.nEffective, dose.nEffective);
    totals.p2o5 = add(totals.p2o5, dose.p2o5);
    for (const key of OTHER_NUTRIENTS) totals[key] = add(totals[key], dose[key]);
    return dose;
  });
  return { fieldId, ...totals, applications };
}

/**
 * The year of a dose: `input.year` when given, else the one calendar year the
 * applications are dated in; `null` without applications.
 */
function doseYear(input: DoseInput, fieldId: string): number | null {
  if (input.year !== undefined) return input.year;
  if (!Array.isArray(input.applications)) {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `Field "${fieldId}": applications must be a list`,
      {
        fieldId,
      },
    );
  }
  const years = new Set<number>();
  input.applications.forEach((a, index) => {
    const day = dayOf(a?.date);
    if (Number.isNaN(day)) {
      throw new FdmCalculatorError(
        "INVALID_INPUT",
        `Field "${fieldId}": date of application ${a?.id ?? index} must be a valid Date`,
        { fieldId },
      );
    }
    years.add(yearOf(day));
  });
  if (years.size > 1) {
    throw new FdmCalculatorError(
      "MIXED_YEARS",
      `Field "${fieldId}": the applications are dated in ${[...years].sort().join(" and ")}; the werkingscoëfficiënten (Table 9) are set per calendar year, so compute the dose of each year on its own`,
      { fieldId },
    );
  }
  const [only] = years;
  return only ?? null;
}
