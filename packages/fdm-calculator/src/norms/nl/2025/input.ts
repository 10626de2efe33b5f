import { checkBound } from "../../../bounds.js";
import { FdmCalculatorError } from "../../../errors.js";
import type { NormYearRules, YearMestcode } from "../rules.js";
import { RULES_2025 } from "./rules.js";
import type { NL2025Region } from "./table-types.js";
import type {
  NL2025Application,
  NL2025Cultivation,
  NL2025NormsInput,
  NL2025SoilPhosphate,
  NL2026NormsInput,
} from "./types.js";

/** The input of a field in either year: 2026 lacks the derogation flags of 2025. */
export type NormsInput = NL2026NormsInput &
  Partial<
    Pick<NL2025NormsInput, "isGWBG" | "isNatura2000" | "isDerogatievrijeZone" | "hasDerogation">
  >;

/** One day in milliseconds. */
export const DAY = 86_400_000;

/** A calendar day (UTC midnight, in ms since the epoch). */
export const day = (year: number, month: number, date: number) => Date.UTC(year, month - 1, date);

/** `2025-05-15` for a day number. */
export const formatDay = (t: number) => new Date(t).toISOString().slice(0, 10);

export const REGIONS: readonly NL2025Region[] = ["klei", "veen", "zand_nwc", "zand_zuid", "loess"];

export interface PreparedCultivation {
  id: string;
  code: number;
  start: number;
  /** Exclusive end day, or `null` while the crop stays. */
  end: number | null;
  source: NL2025Cultivation;
}

export interface PreparedApplication {
  index: number;
  day: number;
  mestcode: YearMestcode;
  source: NL2025Application;
}

/** A validated field with its dates turned into day numbers. */
export interface PreparedField {
  input: NormsInput;
  rules: NormYearRules;
  cultivations: PreparedCultivation[];
  applications: PreparedApplication[];
}

const invalid = (fieldId: string, message: string) =>
  new FdmCalculatorError("INVALID_INPUT", `Field "${fieldId}": ${message}`, { fieldId });

function toDay(value: unknown, fieldId: string, what: string): number {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw invalid(fieldId, `${what} must be a valid Date`);
  }
  return Math.floor(value.getTime() / DAY) * DAY;
}

function requireBoolean(input: NormsInput, key: string) {
  if (typeof (input as unknown as Record<string, unknown>)[key] !== "boolean") {
    throw invalid(input.fieldId, `${key} must be true or false`);
  }
}

/**
 * Reads the BRP gewascode out of a cultivation catalogue id (`nl_265` → 265).
 *
 * @throws FdmCalculatorError `UNKNOWN_CULTIVATION` when the id is not a BRP gewascode.
 */
export function brpCode(
  cultivationId: unknown,
  fieldId: string,
  rules: NormYearRules = RULES_2025,
): number {
  const match = typeof cultivationId === "string" ? /^nl_(\d+)$/.exec(cultivationId) : null;
  const code = match ? Number(match[1]) : Number.NaN;
  if (rules.cropName(code) === undefined) {
    throw new FdmCalculatorError(
      "UNKNOWN_CULTIVATION",
      `Field "${fieldId}": cultivation "${String(cultivationId)}" is not a BRP gewascode of the cultivation catalogue (expected nl_<code>, e.g. nl_265)`,
      { fieldId },
    );
  }
  return code;
}

/** The Table-11 row of a mestcode. */
export function mestcode(
  code: unknown,
  fieldId: string,
  what: string,
  rules: NormYearRules = RULES_2025,
): YearMestcode {
  const row = typeof code === "number" ? rules.mestcodes.get(code) : undefined;
  if (!row) {
    throw new FdmCalculatorError(
      "UNKNOWN_MESTCODE",
      `Field "${fieldId}": ${what} has typeRvo ${String(code)}, which is not an RVO mestcode of Table 11 (Uitvoeringsregeling Meststoffenwet) for ${rules.year}`,
      { fieldId },
    );
  }
  return row;
}

export function prepareCultivations(
  cultivations: unknown,
  fieldId: string,
  rules: NormYearRules = RULES_2025,
): PreparedCultivation[] {
  if (!Array.isArray(cultivations)) throw invalid(fieldId, "cultivations must be a list");
  const last = day(rules.year, 12, 31);
  return cultivations.map((c: NL2025Cultivation, i) => {
    const what = `cultivation ${i} (${String(c?.cultivationId)})`;
    const code = brpCode(c?.cultivationId, fieldId, rules);
    const start = toDay(c.startDate, fieldId, `startDate of ${what}`);
    const end =
      c.endDate === null || c.endDate === undefined
        ? null
        : toDay(c.endDate, fieldId, `endDate of ${what}`);
    if (start > last) {
      throw new FdmCalculatorError(
        rules.dateError,
        `Field "${fieldId}": ${what} starts on ${formatDay(start)}, after ${rules.year}; the ${rules.year} norms only use cultivations that start before ${rules.year + 1}`,
        { fieldId },
      );
    }
    if (end !== null && end < start) {
      throw invalid(
        fieldId,
        `${what} ends (${formatDay(end)}) before it starts (${formatDay(start)})`,
      );
    }
    if (
      c.grassPurpose != null &&
      c.grassPurpose !== "vanggewas_na_mais" &&
      c.grassPurpose !== "vanggewas" &&
      c.grassPurpose !== "groenbemester"
    ) {
      throw invalid(
        fieldId,
        `grassPurpose of ${what} must be "vanggewas_na_mais", "vanggewas", "groenbemester" or null`,
      );
    }
    return { id: c.cultivationId, code, start, end, source: c };
  });
}

export function prepareApplications(
  applications: unknown,
  fieldId: string,
  rules: NormYearRules = RULES_2025,
): PreparedApplication[] {
  if (!Array.isArray(applications)) throw invalid(fieldId, "applications must be a list");
  const first = day(rules.year, 1, 1);
  const last = day(rules.year, 12, 31);
  return applications.map((a: NL2025Application, index) => {
    const what = `application ${a?.id ?? index}`;
    const applied = toDay(a?.date, fieldId, `date of ${what}`);
    if (applied < first || applied > last) {
      throw new FdmCalculatorError(
        rules.dateError,
        `Field "${fieldId}": ${what} is dated ${formatDay(applied)}; the ${rules.year} gebruiksnormen count only applications from ${rules.year}-01-01 to ${rules.year}-12-31`,
        { fieldId },
      );
    }
    if (typeof a.amount !== "number" || !Number.isFinite(a.amount) || a.amount < 0) {
      throw invalid(fieldId, `amount of ${what} must be a number of kg/ha of at least 0`);
    }
    checkBound(a.amount, "applicationAmount", `amount of ${what}`, { fieldId });
    const fertilizer = a.fertilizer;
    if (!fertilizer || typeof fertilizer !== "object" || !fertilizer.composition) {
      throw invalid(fieldId, `${what} needs a fertilizer with typeRvo and composition`);
    }
    const composition = fertilizer.composition as unknown as Record<string, unknown>;
    for (const nutrient in composition) {
      const value = composition[nutrient];
      if (value !== null && (typeof value !== "number" || !Number.isFinite(value) || value < 0)) {
        throw invalid(
          fieldId,
          `composition.${nutrient} of ${what} must be null or at least 0 g/kg`,
        );
      }
      if (value !== null) {
        checkBound(value, "fertilizerContent", `composition.${nutrient} of ${what}`, { fieldId });
      }
    }
    if (a.origin !== undefined && a.origin !== "eigen_bedrijf" && a.origin !== "aangevoerd") {
      throw invalid(fieldId, `origin of ${what} must be "eigen_bedrijf" or "aangevoerd"`);
    }
    return {
      index,
      day: applied,
      mestcode: mestcode(fertilizer.typeRvo, fieldId, what, rules),
      source: a,
    };
  });
}

function checkSoil(soil: NL2025SoilPhosphate | null | undefined, fieldId: string) {
  if (soil === null || soil === undefined) return;
  for (const key of ["pCaCl2", "pAl"] as const) {
    const v = soil[key];
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0) {
      throw invalid(fieldId, `soilPhosphate.${key} must be a number of at least 0`);
    }
    checkBound(v, key === "pCaCl2" ? "soilPCaCl2" : "soilPAl", `soilPhosphate.${key}`, {
      fieldId,
    });
  }
}

/**
 * Validates one field's input and turns its dates into day numbers.
 *
 * @throws FdmCalculatorError for every value the norms cannot use.
 */
export function prepareField(input: NormsInput, rules: NormYearRules = RULES_2025): PreparedField {
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
  checkBound(input.area, "fieldArea", "area", { fieldId });
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
  };
}
