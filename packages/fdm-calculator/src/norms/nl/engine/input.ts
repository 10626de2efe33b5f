/**
 * Validation of a field's input for the norms of one year, and its dates turned
 * into day numbers. Every function takes the year's rules: the engine has no
 * year of its own.
 */
import { describeNonNumericMestcode } from "fdm-data";
import { isWithinBound, OutOfBoundsError, type PhysicalBoundName } from "../../../bounds.js";
import { FdmCalculatorError } from "../../../errors.js";
import { dayOf, daysOfYear, formatDay, REGIONS } from "../calendar.js";
import { BRP_CODE_BY_ID } from "./catalogue-codes.js";
import type { NormYearRules, YearMestcode } from "./rules.js";
import { noMemo, type TextMemo } from "./text-memo.js";
import type {
  NormsApplication,
  NormsCultivation,
  NormsFieldInput,
  NormsSoilPhosphate,
} from "./types.js";

/** The main crop of a field, once resolved (see `hoofdteelt.ts`). */
export interface ResolvedMainCrop {
  code: number;
  id: string;
  cultivation: PreparedCultivation | null;
  days: number;
  explanation: string;
}

export interface PreparedCultivation {
  id: string;
  code: number;
  start: number;
  /** Exclusive end day, or `null` while the crop stays. */
  end: number | null;
  source: NormsCultivation;
}

export interface PreparedApplication {
  index: number;
  day: number;
  mestcode: YearMestcode;
  source: NormsApplication;
}

/** A validated field with its dates turned into day numbers. */
export interface PreparedField {
  input: NormsFieldInput;
  rules: NormYearRules;
  cultivations: PreparedCultivation[];
  applications: PreparedApplication[];
  /** The explanation texts of the computation the field is part of (shared by a farm's fields). */
  texts: TextMemo;
  /** The main crop, once resolved: the stikstof and fosfaat norms both need it. */
  mainCrop?: ResolvedMainCrop;
}

const invalid = (fieldId: string, message: string) =>
  new FdmCalculatorError("INVALID_INPUT", `Field "${fieldId}": ${message}`, { fieldId });

/** The error of a number outside its physical bound (the callers build `input` only then). */
const outOfBounds = (input: string, value: number, boundName: PhysicalBoundName, fieldId: string) =>
  new OutOfBoundsError(input, value, boundName, { fieldId });

function requireBoolean(input: NormsFieldInput, key: string) {
  if (typeof (input as unknown as Record<string, unknown>)[key] !== "boolean") {
    throw invalid(input.fieldId, `${key} must be true or false`);
  }
}

/**
 * Reads the BRP gewascode out of a cultivation catalogue id (`nl_265` → 265).
 *
 * @throws FdmCalculatorError `UNKNOWN_CULTIVATION` when the id is not a BRP gewascode.
 */
export function brpCode(cultivationId: unknown, fieldId: string, rules: NormYearRules): number {
  const code = typeof cultivationId === "string" ? codeOfId(cultivationId) : Number.NaN;
  if (rules.cropName(code) === undefined) {
    throw new FdmCalculatorError(
      "UNKNOWN_CULTIVATION",
      `Field "${fieldId}": cultivation "${String(cultivationId)}" is not a BRP gewascode of the cultivation catalogue (expected nl_<code>, e.g. nl_265)`,
      { fieldId },
    );
  }
  return code;
}

/** The number of an id `nl_<digits>`, else `NaN`; catalogue ids are looked up, other spellings (`nl_0265`) parsed. */
function codeOfId(id: string): number {
  const known = BRP_CODE_BY_ID.get(id);
  if (known !== undefined) return known;
  const match = /^nl_(\d+)$/.exec(id);
  return match ? Number(match[1]) : Number.NaN;
}

/** The Table-11 row of a mestcode. */
export function mestcode(
  code: unknown,
  fieldId: string,
  what: string,
  rules: NormYearRules,
): YearMestcode {
  if (typeof code !== "number") {
    const notANumber = describeNonNumericMestcode(code) ?? String(code);
    // A code written as text gets the number to give; anything else, what a code is.
    const rule = notANumber.includes("give the number")
      ? ""
      : "; it must be an RVO mestcode of Table 11 as a number, e.g. 14";
    throw new FdmCalculatorError(
      "UNKNOWN_MESTCODE",
      `Field "${fieldId}": ${what} has typeRvo ${notANumber}${rule}`,
      { fieldId },
    );
  }
  const row = rules.mestcodes.get(code);
  if (!row) {
    throw new FdmCalculatorError(
      "UNKNOWN_MESTCODE",
      `Field "${fieldId}": ${what} has typeRvo ${String(code)}, which is not an RVO mestcode of Table 11 (Uitvoeringsregeling Meststoffenwet) for ${rules.year}`,
      { fieldId },
    );
  }
  return row;
}

/** A cultivation as error messages name it. */
const cultivationName = (c: NormsCultivation, i: number) =>
  `cultivation ${i} (${String(c?.cultivationId)})`;

export function prepareCultivations(
  cultivations: unknown,
  fieldId: string,
  rules: NormYearRules,
): PreparedCultivation[] {
  if (!Array.isArray(cultivations)) throw invalid(fieldId, "cultivations must be a list");
  const last = daysOfYear(rules.year).dec31;
  return cultivations.map((c: NormsCultivation, i): PreparedCultivation => {
    const code = brpCode(c?.cultivationId, fieldId, rules);
    const start = dayOf(c.startDate);
    if (Number.isNaN(start)) {
      throw invalid(fieldId, `startDate of ${cultivationName(c, i)} must be a valid Date`);
    }
    const end = c.endDate === null || c.endDate === undefined ? null : dayOf(c.endDate);
    if (Number.isNaN(end)) {
      throw invalid(fieldId, `endDate of ${cultivationName(c, i)} must be a valid Date`);
    }
    if (start > last) {
      throw new FdmCalculatorError(
        "DATE_OUTSIDE_YEAR",
        `Field "${fieldId}": ${cultivationName(c, i)} starts on ${formatDay(start)}, after ${rules.year}; the ${rules.year} norms only use cultivations that start before ${rules.year + 1}`,
        { fieldId, year: rules.year },
      );
    }
    if (end !== null && end < start) {
      throw invalid(
        fieldId,
        `${cultivationName(c, i)} ends (${formatDay(end)}) before it starts (${formatDay(start)})`,
      );
    }
    if (
      c.grassPurpose != null &&
      c.grassPurpose !== "vanggewas_na_mais" &&
      c.grassPurpose !== "vanggewas" &&
      c.grassPurpose !== "groenbemester" &&
      c.grassPurpose !== "grasland"
    ) {
      throw invalid(
        fieldId,
        `grassPurpose of ${cultivationName(c, i)} must be "vanggewas_na_mais", "vanggewas", "groenbemester", "grasland" or null`,
      );
    }
    return { id: c.cultivationId, code, start, end, source: c };
  });
}

/** An application as error messages name it. */
const applicationName = (a: NormsApplication, index: number) => `application ${a?.id ?? index}`;

export function prepareApplications(
  applications: unknown,
  fieldId: string,
  rules: NormYearRules,
): PreparedApplication[] {
  if (!Array.isArray(applications)) throw invalid(fieldId, "applications must be a list");
  const first = daysOfYear(rules.year).jan1;
  const last = daysOfYear(rules.year).dec31;
  return applications.map((a: NormsApplication, index): PreparedApplication => {
    const applied = dayOf(a?.date);
    if (Number.isNaN(applied)) {
      throw invalid(fieldId, `date of ${applicationName(a, index)} must be a valid Date`);
    }
    if (applied < first || applied > last) {
      throw new FdmCalculatorError(
        "DATE_OUTSIDE_YEAR",
        `Field "${fieldId}": ${applicationName(a, index)} is dated ${formatDay(applied)}; the ${rules.year} gebruiksnormen count only applications from ${rules.year}-01-01 to ${rules.year}-12-31`,
        { fieldId, year: rules.year },
      );
    }
    if (typeof a.amount !== "number" || !Number.isFinite(a.amount) || a.amount < 0) {
      throw invalid(
        fieldId,
        `amount of ${applicationName(a, index)} must be a number of kg/ha of at least 0`,
      );
    }
    if (!isWithinBound(a.amount, "applicationAmount")) {
      const what = `amount of ${applicationName(a, index)}`;
      throw outOfBounds(what, a.amount, "applicationAmount", fieldId);
    }
    const fertilizer = a.fertilizer;
    if (!fertilizer || typeof fertilizer !== "object" || !fertilizer.composition) {
      throw invalid(
        fieldId,
        `${applicationName(a, index)} needs a fertilizer with typeRvo and composition`,
      );
    }
    const composition = fertilizer.composition as unknown as Record<string, unknown>;
    for (const nutrient in composition) {
      const value = composition[nutrient];
      if (value === null) continue;
      if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
        throw invalid(
          fieldId,
          `composition.${nutrient} of ${applicationName(a, index)} must be null or at least 0 g/kg`,
        );
      }
      if (!isWithinBound(value, "fertilizerContent")) {
        const what = `composition.${nutrient} of ${applicationName(a, index)}`;
        throw outOfBounds(what, value, "fertilizerContent", fieldId);
      }
    }
    if (a.origin !== undefined && a.origin !== "eigen_bedrijf" && a.origin !== "aangevoerd") {
      throw invalid(
        fieldId,
        `origin of ${applicationName(a, index)} must be "eigen_bedrijf" or "aangevoerd"`,
      );
    }
    const code = fertilizer.typeRvo;
    const row = typeof code === "number" ? rules.mestcodes.get(code) : undefined;
    return {
      index,
      day: applied,
      // mestcode() refuses the code, naming the application.
      mestcode: row ?? mestcode(code, fieldId, applicationName(a, index), rules),
      source: a,
    };
  });
}

const SOIL_KEYS = ["pCaCl2", "pAl"] as const;

function checkSoil(soil: NormsSoilPhosphate | null | undefined, fieldId: string) {
  if (soil === null || soil === undefined) return;
  for (const key of SOIL_KEYS) {
    const v = soil[key];
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0) {
      throw invalid(fieldId, `soilPhosphate.${key} must be a number of at least 0`);
    }
    const bound = key === "pCaCl2" ? "soilPCaCl2" : "soilPAl";
    if (!isWithinBound(v, bound)) throw outOfBounds(`soilPhosphate.${key}`, v, bound, fieldId);
  }
}
/**
 * Validates one field's input and turns its dates into day numbers.
 *
 * @param texts - The explanation texts to share: a farm passes one memo to all its fields; a
 *   field alone remembers none ({@link noMemo}).
 * @throws FdmCalculatorError for every value the norms cannot use.
 */
export function prepareField(
  input: NormsFieldInput,
  rules: NormYearRules,
  texts: TextMemo = noMemo(),
): PreparedField {
  if (!input || typeof input !== "object") {
    throw new FdmCalculatorError("INVALID_INPUT", "The input of a field must be an object");
  }
  const fieldId = input.fieldId;
  if (typeof fieldId !== "string" || fieldId === "") {
    throw new FdmCalculatorError("INVALID_INPUT", "fieldId must be a non-empty string");
  }
  if (typeof input.area !== "number" || !Number.isFinite(input.area) || input.area <= 0) {
    throw invalid(fieldId, "area must be a number of ha above 0");
  }
  if (!isWithinBound(input.area, "fieldArea")) {
    throw outOfBounds("area", input.area, "fieldArea", fieldId);
  }
  if (!REGIONS.includes(input.region)) {
    throw invalid(fieldId, `region must be one of ${REGIONS.join(", ")}`);
  }
  for (const key of rules.flags) requireBoolean(input, key);
  if (input.mainCropId !== undefined) brpCode(input.mainCropId, fieldId, rules);
  checkSoil(input.soilPhosphate, fieldId);
  return {
    input,
    rules,
    cultivations: prepareCultivations(input.cultivations, fieldId, rules),
    applications: prepareApplications(input.applications, fieldId, rules),
    texts,
  };
}
