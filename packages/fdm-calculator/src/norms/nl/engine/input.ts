/**
 * Validation of a field's input for the norms of one year, and its dates turned
 * into day numbers. Every function takes the year's rules: the engine has no
 * year of its own.
 */
import { describeNonNumericMestcode } from "fdm-data";
import {
  OutOfBoundsError,
  PHYSICAL_BOUNDS,
  type PhysicalBound,
  type PhysicalBoundName,
} from "../../../bounds.js";
import { FdmCalculatorError } from "../../../errors.js";
import { dayOf, daysOfYear, formatDay, REGIONS, type YearDays } from "../calendar.js";
import { BRP_CODE_BY_ID } from "./catalogue-codes.js";
import type { NormYearRules, YearMestcode } from "./rules.js";
import { fieldMemo, type TextMemo } from "./text-memo.js";
import type {
  DerogationFlags,
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

/** A validated field with its cultivations' dates turned into day numbers: what the norms read. */
export interface PreparedField {
  input: NormsFieldInput;
  rules: NormYearRules;
  cultivations: PreparedCultivation[];
  /** The explanation texts of the computation the field is part of (shared by a farm's fields). */
  texts: TextMemo;
  /** The main crop, once resolved: the stikstof and fosfaat norms both need it. */
  mainCrop?: ResolvedMainCrop;
}

/** A validated field with its applications too: what the fillings read. */
export interface PreparedFieldWithApplications extends PreparedField {
  applications: PreparedApplication[];
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

/** Validates cultivation `i` of a field and turns its dates into day numbers. */
function prepareCultivation(
  c: NormsCultivation,
  i: number,
  fieldId: string,
  rules: NormYearRules,
  last: number,
): PreparedCultivation {
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
}

export function prepareCultivations(
  cultivations: unknown,
  fieldId: string,
  rules: NormYearRules,
): PreparedCultivation[] {
  if (!Array.isArray(cultivations)) throw invalid(fieldId, "cultivations must be a list");
  const last = daysOfYear(rules.year).dec31;
  // A loop rather than map(): the callback closure cost an allocation per field.
  const prepared: PreparedCultivation[] = [];
  for (let i = 0; i < cultivations.length; i++) {
    prepared.push(prepareCultivation(cultivations[i], i, fieldId, rules, last));
  }
  return prepared;
}

/** An application as error messages name it. */
const applicationName = (a: NormsApplication, index: number) => `application ${a?.id ?? index}`;

// The bounds read for every field, looked up once rather than by name per value.
const AREA_BOUND = PHYSICAL_BOUNDS.fieldArea;
const AMOUNT_BOUND = PHYSICAL_BOUNDS.applicationAmount;
const CONTENT_BOUND = PHYSICAL_BOUNDS.fertilizerContent;
const PCACL2_BOUND = PHYSICAL_BOUNDS.soilPCaCl2;
const PAL_BOUND = PHYSICAL_BOUNDS.soilPAl;
/** `isWithinBound` for a bound already looked up. */
const within = (value: number, bound: PhysicalBound) => !(value > bound.max || value < bound.min);

/**
 * Validates application `index` of a field, whose day is `applied`, and returns
 * its Table-11 row.
 */
function checkApplication(
  a: NormsApplication,
  index: number,
  applied: number,
  fieldId: string,
  rules: NormYearRules,
  days: YearDays,
): YearMestcode {
  if (Number.isNaN(applied)) {
    throw invalid(fieldId, `date of ${applicationName(a, index)} must be a valid Date`);
  }
  if (applied < days.jan1 || applied > days.dec31) {
    throw new FdmCalculatorError(
      "DATE_OUTSIDE_YEAR",
      `Field "${fieldId}": ${applicationName(a, index)} is dated ${formatDay(applied)}; the ${rules.year} gebruiksnormen count only applications from ${rules.year}-01-01 to ${rules.year}-12-31`,
      { fieldId, year: rules.year },
    );
  }
  const amount = a.amount;
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount < 0) {
    throw invalid(
      fieldId,
      `amount of ${applicationName(a, index)} must be a number of kg/ha of at least 0`,
    );
  }
  if (!within(amount, AMOUNT_BOUND)) {
    const what = `amount of ${applicationName(a, index)}`;
    throw outOfBounds(what, amount, "applicationAmount", fieldId);
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
    if (!within(value, CONTENT_BOUND)) {
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
  // mestcode() refuses the code, naming the application.
  return row ?? mestcode(code, fieldId, applicationName(a, index), rules);
}

export function prepareApplications(
  applications: unknown,
  fieldId: string,
  rules: NormYearRules,
): PreparedApplication[] {
  if (!Array.isArray(applications)) throw invalid(fieldId, "applications must be a list");
  const days = daysOfYear(rules.year);
  const prepared: PreparedApplication[] = [];
  for (let index = 0; index < applications.length; index++) {
    const a: NormsApplication = applications[index];
    const day = dayOf(a?.date);
    const row = checkApplication(a, index, day, fieldId, rules, days);
    prepared.push({ index, day, mestcode: row, source: a });
  }
  return prepared;
}

/**
 * Validates a field's applications as {@link prepareApplications} does, with the
 * same errors, without keeping what it reads: the norms themselves do not use
 * the applications, only their fillings do.
 */
function checkApplications(applications: unknown, fieldId: string, rules: NormYearRules): void {
  if (!Array.isArray(applications)) throw invalid(fieldId, "applications must be a list");
  const days = daysOfYear(rules.year);
  for (let index = 0; index < applications.length; index++) {
    const a: NormsApplication = applications[index];
    checkApplication(a, index, dayOf(a?.date), fieldId, rules, days);
  }
}

function checkSoil(soil: NormsSoilPhosphate | null | undefined, fieldId: string) {
  if (soil === null || soil === undefined) return;
  // pCaCl2 first, then pAl: the order of the errors.
  const pCaCl2 = soil.pCaCl2;
  if (typeof pCaCl2 !== "number" || !Number.isFinite(pCaCl2) || pCaCl2 < 0) {
    throw invalid(fieldId, "soilPhosphate.pCaCl2 must be a number of at least 0");
  }
  if (!within(pCaCl2, PCACL2_BOUND)) {
    throw outOfBounds("soilPhosphate.pCaCl2", pCaCl2, "soilPCaCl2", fieldId);
  }
  const pAl = soil.pAl;
  if (typeof pAl !== "number" || !Number.isFinite(pAl) || pAl < 0) {
    throw invalid(fieldId, "soilPhosphate.pAl must be a number of at least 0");
  }
  if (!within(pAl, PAL_BOUND)) throw outOfBounds("soilPhosphate.pAl", pAl, "soilPAl", fieldId);
}

const REGION_SET: ReadonlySet<unknown> = new Set(REGIONS);

// The flags the input types name, each with a bit. A year's flags are checked by reading each by
// its name: a loop reading `input[key]` for ever other keys is a megamorphic load, which cost a
// tenth of a norm.
const FLAG_BITS: Readonly<Record<string, number>> = Object.freeze({
  isNVGebied: 1,
  isGWBG: 2,
  isNatura2000: 4,
  isDerogatievrijeZone: 8,
  hasDerogation: 16,
  hasGrazingIntention: 32,
  isOrganicCertified: 64,
});

/** The bits of a year's flags, or -1 when one of them has no bit (it is then read by the loop). */
function bitsOf(flags: readonly string[]): number {
  let bits = 0;
  for (const flag of flags) {
    const bit = Object.hasOwn(FLAG_BITS, flag) ? FLAG_BITS[flag] : undefined;
    if (bit === undefined) return -1;
    bits |= bit;
  }
  return bits;
}

// The bits of the flags asked last: a process computes one year at a time, mostly.
let lastFlags: readonly string[] | null = null;
let lastBits = -1;

/** Whether every flag in `bits` is true or false. */
function flagsAreBooleans(input: NormsFieldInput & Partial<DerogationFlags>, bits: number) {
  return (
    ((bits & 1) === 0 || typeof input.isNVGebied === "boolean") &&
    ((bits & 2) === 0 || typeof input.isGWBG === "boolean") &&
    ((bits & 4) === 0 || typeof input.isNatura2000 === "boolean") &&
    ((bits & 8) === 0 || typeof input.isDerogatievrijeZone === "boolean") &&
    ((bits & 16) === 0 || typeof input.hasDerogation === "boolean") &&
    ((bits & 32) === 0 || typeof input.hasGrazingIntention === "boolean") &&
    ((bits & 64) === 0 || typeof input.isOrganicCertified === "boolean")
  );
}

/** Refuses the first of a year's flags, in the year's order, that is not true or false. */
function checkFlags(input: NormsFieldInput, flags: readonly string[]) {
  if (flags !== lastFlags) {
    lastFlags = flags;
    lastBits = bitsOf(flags);
  }
  if (lastBits >= 0 && flagsAreBooleans(input, lastBits)) return;
  for (let i = 0; i < flags.length; i++) requireBoolean(input, flags[i] as string);
}

/**
 * Validates everything of a field's input but its applications, and turns its
 * cultivations' dates into day numbers.
 */
function prepareFieldOnly(
  input: NormsFieldInput,
  rules: NormYearRules,
  texts: TextMemo,
): PreparedField {
  if (!input || typeof input !== "object") {
    throw new FdmCalculatorError("INVALID_INPUT", "The input of a field must be an object");
  }
  const fieldId = input.fieldId;
  if (typeof fieldId !== "string" || fieldId === "") {
    throw new FdmCalculatorError("INVALID_INPUT", "fieldId must be a non-empty string");
  }
  const area = input.area;
  if (typeof area !== "number" || !Number.isFinite(area) || area <= 0) {
    throw invalid(fieldId, "area must be a number of ha above 0");
  }
  if (!within(area, AREA_BOUND)) throw outOfBounds("area", area, "fieldArea", fieldId);
  if (!REGION_SET.has(input.region)) {
    throw invalid(fieldId, `region must be one of ${REGIONS.join(", ")}`);
  }
  checkFlags(input, rules.flags);
  if (input.mainCropId !== undefined) brpCode(input.mainCropId, fieldId, rules);
  checkSoil(input.soilPhosphate, fieldId);
  return {
    input,
    rules,
    cultivations: prepareCultivations(input.cultivations, fieldId, rules),
    texts,
  };
}

/**
 * Validates one field's input and turns its dates into day numbers, for a norm:
 * its applications are checked but not kept (see {@link prepareField}).
 *
 * @param texts - The explanation texts to share: a farm passes one memo to all its fields; a
 *   field alone shares the memo of the per-field functions ({@link fieldMemo}).
 * @throws FdmCalculatorError for every value the norms cannot use.
 */
export function prepareFieldForNorm(
  input: NormsFieldInput,
  rules: NormYearRules,
  texts: TextMemo = fieldMemo(),
): PreparedField {
  const field = prepareFieldOnly(input, rules, texts);
  checkApplications(input.applications, input.fieldId, rules);
  return field;
}

/**
 * Validates one field's input and turns its dates into day numbers, its
 * applications included, for a filling.
 *
 * @param texts - The explanation texts to share: a farm passes one memo to all its fields; a
 *   field alone shares the memo of the per-field functions ({@link fieldMemo}).
 * @throws FdmCalculatorError for every value the norms cannot use.
 */
export function prepareField(
  input: NormsFieldInput,
  rules: NormYearRules,
  texts: TextMemo = fieldMemo(),
): PreparedFieldWithApplications {
  const field = prepareFieldOnly(input, rules, texts);
  return {
    input: field.input,
    rules: field.rules,
    cultivations: field.cultivations,
    texts: field.texts,
    applications: prepareApplications(input.applications, input.fieldId, rules),
  };
}
