/**
 * The gebruiksnormen by year number: one engine, the year a value. Each
 * function finds the year's rules in the registry and runs the year-neutral
 * engine; the year-named functions (`getNL2025StikstofGebruiksNorm`, …) are
 * the same computations with the year fixed.
 */
import * as engine from "./engine/api.js";
import type { FarmGebruiksnormen } from "./engine/farm.js";
import type { Hoofdteelt } from "./engine/hoofdteelt.js";
import type {
  DierlijkeMestGebruiksnormResult,
  FosfaatGebruiksnormResult,
  GebruiksnormFillingResult,
  NormsCultivation,
  NormsFieldInput,
  RenureGebruiksnormResult,
  StikstofGebruiksnormResult,
} from "./engine/types.js";
import { NORM_YEARS, rulesForYear } from "./registry.js";

/**
 * The years whose gebruiksnormen fdm-calculator knows, ascending.
 *
 * @returns The supported calendar years, e.g. `[2025, 2026]`.
 * @throws Never.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getNormYears } from "fdm-calculator";
 *
 * assert.deepEqual(getNormYears(), [2025, 2026]);
 * ```
 */
export function getNormYears(): number[] {
  return [...NORM_YEARS];
}

/** What a year of the gebruiksnormen asks and gives, for a form that serves every year. */
export interface NormYearDescription {
  /** The calendar year. */
  year: number;
  /** The yes/no flags a field input of the year must give (2025: the derogation flags too). */
  flags: readonly string[];
  /** The year has derogatie (derogation): 2025 yes, from 2026 no. */
  derogation: boolean;
  /** The year has a RENURE norm (from 2026). */
  renure: boolean;
}

/**
 * Describes a year of the gebruiksnormen: the flags its field input needs and
 * whether it has derogation and a RENURE norm, so one form can serve every year.
 *
 * @param year - The calendar year (see {@link getNormYears}).
 * @returns The year's flags and norms.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules, naming the supported ones.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { describeNormYear } from "fdm-calculator";
 *
 * assert.equal(describeNormYear(2025).derogation, true);
 * assert.equal(describeNormYear(2026).renure, true);
 * ```
 */
export function describeNormYear(year: number): NormYearDescription {
  const rules = rulesForYear(year, "describeNormYear");
  return {
    year: rules.year,
    flags: [...rules.flags],
    derogation: rules.flags.includes("hasDerogation"),
    renure: rules.renure !== null,
  };
}

/**
 * Determines the stikstofgebruiksnorm (nitrogen application norm, kg effective
 * N/ha) of a field for a year, with that year's RVO Table 2 and korting rules
 * (see `getNL2025StikstofGebruiksNorm` and `getNL2026StikstofGebruiksNorm` for
 * the steps).
 *
 * @param year - The calendar year of the norms (see {@link getNormYears}).
 * @param input - The field's plain input; the flags the year needs must be given
 *   (2025 also needs the derogation flags of `NL2025NormsInput`).
 * @returns The norm in kg N/ha with the Table-2 line, variant, korting and an explanation.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules (the message names the
 *   supported ones), and every error of the year's function (e.g. `NO_NORM_FOR_CROP`,
 *   `DATE_OUTSIDE_YEAR`).
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getStikstofGebruiksNorm } from "fdm-calculator";
 *
 * const norm = getStikstofGebruiksNorm(2026, {
 *   fieldId: "field-1",
 *   area: 3,
 *   region: "zand_zuid",
 *   isNVGebied: false,
 *   hasGrazingIntention: false,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_259", startDate: new Date("2026-05-01") }],
 *   applications: [],
 * });
 * assert.equal(norm.normValue, 112); // maïs on zand_zuid
 * ```
 */
export function getStikstofGebruiksNorm(
  year: number,
  input: NormsFieldInput,
): StikstofGebruiksnormResult {
  return engine.stikstofGebruiksNorm(input, rulesForYear(year, "getStikstofGebruiksNorm"));
}

/**
 * Determines the fosfaatgebruiksnorm (phosphate application norm, kg P2O5/ha)
 * of a field for a year from its soil analysis and main crop.
 *
 * @param year - The calendar year of the norms (see {@link getNormYears}).
 * @param input - The field's plain input, with `soilPhosphate`.
 * @returns The norm in kg P2O5/ha with the land use, the class and an explanation.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules, `MISSING_SOIL_ANALYSIS`
 *   without P-CaCl2 and P-AL, and the validation errors of the input.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getFosfaatGebruiksNorm } from "fdm-calculator";
 *
 * const norm = getFosfaatGebruiksNorm(2026, {
 *   fieldId: "field-1",
 *   area: 3,
 *   region: "klei",
 *   isNVGebied: false,
 *   hasGrazingIntention: false,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_265", startDate: new Date("2012-03-01") }],
 *   soilPhosphate: { pCaCl2: 0.8, pAl: 20 },
 *   applications: [],
 * });
 * assert.equal(norm.normValue, 120); // grasland, Arm
 * ```
 */
export function getFosfaatGebruiksNorm(
  year: number,
  input: NormsFieldInput,
): FosfaatGebruiksnormResult {
  return engine.fosfaatGebruiksNorm(input, rulesForYear(year, "getFosfaatGebruiksNorm"));
}

/**
 * Determines the dierlijke-mest-gebruiksnorm (norm for nitrogen from animal
 * manure, kg N/ha) of a field for a year: in 2025 by derogation and location,
 * from 2026 170 kg N/ha on every field.
 *
 * @param year - The calendar year of the norms (see {@link getNormYears}).
 * @param input - The field's plain input.
 * @returns The norm in kg N/ha with RVO's label of the case and an explanation.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules, and the validation errors of the input.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getDierlijkeMestGebruiksNorm } from "fdm-calculator";
 *
 * const norm = getDierlijkeMestGebruiksNorm(2026, {
 *   fieldId: "field-1",
 *   area: 3,
 *   region: "zand_nwc",
 *   isNVGebied: true,
 *   hasGrazingIntention: true,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_265", startDate: new Date("2015-01-01") }],
 *   applications: [],
 * });
 * assert.equal(norm.normValue, 170);
 * ```
 */
export function getDierlijkeMestGebruiksNorm(
  year: number,
  input: NormsFieldInput,
): DierlijkeMestGebruiksnormResult {
  return engine.dierlijkeMestGebruiksNorm(
    input,
    rulesForYear(year, "getDierlijkeMestGebruiksNorm"),
  );
}

/**
 * Determines the RENURE norm of a field for a year that has one (from 2026:
 * 80 kg N/ha from RENURE products, mestcodes 130–134).
 *
 * @param year - The calendar year of the norms (see {@link getNormYears}).
 * @param input - The field's plain input.
 * @returns The norm in kg N/ha with the mestcodes that fill it.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules or without a RENURE norm
 *   (2025), and the validation errors of the input.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getRenureGebruiksNorm } from "fdm-calculator";
 *
 * const input = {
 *   fieldId: "field-1",
 *   area: 3,
 *   region: "klei" as const,
 *   isNVGebied: false,
 *   hasGrazingIntention: false,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_233", startDate: new Date("2025-10-20") }],
 *   applications: [],
 * };
 * assert.equal(getRenureGebruiksNorm(2026, input).normValue, 80);
 * ```
 */
export function getRenureGebruiksNorm(
  year: number,
  input: NormsFieldInput,
): RenureGebruiksnormResult {
  return engine.renureGebruiksNorm(input, rulesForYear(year, "getRenureGebruiksNorm"));
}

/**
 * Computes how much of a year's stikstofgebruiksnorm a field's applications
 * use: amount × N content × werkingscoëfficiënt (Table 9 of that year) / 1000.
 *
 * @param year - The calendar year of the norms (see {@link getNormYears}).
 * @param input - The field's plain input, with its applications (dated in `year`).
 * @returns The filling in kg N/ha with the contribution of each application.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules, `UNKNOWN_CONTENT`,
 *   `MISSING_ORIGIN`, `RENURE_CONTENT_REQUIRED`, and the validation errors of the input.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateStikstofGebruiksNormFilling } from "fdm-calculator";
 *
 * const empty = { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null };
 * const filling = calculateStikstofGebruiksNormFilling(2026, {
 *   fieldId: "field-1",
 *   area: 5,
 *   region: "zand_zuid",
 *   isNVGebied: false,
 *   hasGrazingIntention: false,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_259", startDate: new Date("2026-05-01") }],
 *   applications: [
 *     // 200 kg ammonium sulphate (RENURE), 80 g N/kg measured, at 100%: 16 kg N/ha
 *     { date: new Date("2026-05-20"), amount: 200, fertilizer: { typeRvo: 130, composition: { ...empty, n: 80, p2o5: 0 } } },
 *   ],
 * });
 * assert.equal(filling.normFilling, 16);
 * ```
 */
export function calculateStikstofGebruiksNormFilling(
  year: number,
  input: NormsFieldInput,
): GebruiksnormFillingResult {
  return engine.stikstofGebruiksNormFilling(
    input,
    rulesForYear(year, "calculateStikstofGebruiksNormFilling"),
  );
}

/**
 * Computes how much of a year's fosfaatgebruiksnorm a field's applications
 * use: amount × P2O5 content / 1000, organic-rich products reduced as the year's rules say.
 *
 * @param year - The calendar year of the norms (see {@link getNormYears}).
 * @param input - The field's plain input; `soilPhosphate` is needed when the reduction applies.
 * @returns The filling in kg P2O5/ha with the contribution of each application.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules, `UNKNOWN_CONTENT`,
 *   `MISSING_SOIL_ANALYSIS`, and the validation errors of the input.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateFosfaatGebruiksNormFilling } from "fdm-calculator";
 *
 * const empty = { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null };
 * const filling = calculateFosfaatGebruiksNormFilling(2025, {
 *   fieldId: "field-1",
 *   area: 5,
 *   region: "klei",
 *   isNVGebied: false,
 *   isGWBG: false,
 *   isNatura2000: false,
 *   isDerogatievrijeZone: false,
 *   hasDerogation: false,
 *   hasGrazingIntention: true,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_265", startDate: new Date("2012-01-01") }],
 *   applications: [
 *     // 30 t cattle slurry × 1.5 kg P2O5/t (Table 11) = 45
 *     { date: new Date("2025-03-15"), amount: 30000, fertilizer: { typeRvo: 14, composition: empty } },
 *   ],
 * });
 * assert.equal(filling.normFilling, 45);
 * ```
 */
export function calculateFosfaatGebruiksNormFilling(
  year: number,
  input: NormsFieldInput,
): GebruiksnormFillingResult {
  return engine.fosfaatGebruiksNormFilling(
    input,
    rulesForYear(year, "calculateFosfaatGebruiksNormFilling"),
  );
}

/**
 * Computes how much of a year's dierlijke-mest-gebruiksnorm a field's
 * applications use: amount × N content / 1000 of the products Table 11 of
 * that year counts as animal manure.
 *
 * @param year - The calendar year of the norms (see {@link getNormYears}).
 * @param input - The field's plain input, with its applications.
 * @returns The filling in kg N/ha with the contribution of each application.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules, `UNKNOWN_CONTENT`, and the
 *   validation errors of the input.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateDierlijkeMestGebruiksNormFilling } from "fdm-calculator";
 *
 * const empty = { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null };
 * const filling = calculateDierlijkeMestGebruiksNormFilling(2026, {
 *   fieldId: "field-1",
 *   area: 5,
 *   region: "klei",
 *   isNVGebied: false,
 *   hasGrazingIntention: true,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_265", startDate: new Date("2012-01-01") }],
 *   applications: [
 *     // 30 t cattle slurry × 4 kg N/t (Table 11) = 120
 *     { date: new Date("2026-03-15"), amount: 30000, fertilizer: { typeRvo: 14, composition: empty } },
 *   ],
 * });
 * assert.equal(filling.normFilling, 120);
 * ```
 */
export function calculateDierlijkeMestGebruiksNormFilling(
  year: number,
  input: NormsFieldInput,
): GebruiksnormFillingResult {
  return engine.dierlijkeMestGebruiksNormFilling(
    input,
    rulesForYear(year, "calculateDierlijkeMestGebruiksNormFilling"),
  );
}

/**
 * Computes how much of a year's RENURE norm a field's applications use:
 * amount × measured N content / 1000 of RENURE products (mestcodes 130–134).
 *
 * @param year - The calendar year of the norms; it must have a RENURE norm (from 2026).
 * @param input - The field's plain input, with its applications.
 * @returns The filling in kg N/ha with the contribution of each application.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules or without a RENURE
 *   norm, `RENURE_CONTENT_REQUIRED`, and the validation errors of the input.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateRenureGebruiksNormFilling } from "fdm-calculator";
 *
 * const empty = { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null };
 * const filling = calculateRenureGebruiksNormFilling(2026, {
 *   fieldId: "field-1",
 *   area: 5,
 *   region: "klei",
 *   isNVGebied: false,
 *   hasGrazingIntention: false,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_233", startDate: new Date("2025-10-20") }],
 *   applications: [
 *     { date: new Date("2026-04-01"), amount: 400, fertilizer: { typeRvo: 130, composition: { ...empty, n: 80 } } },
 *   ],
 * });
 * assert.equal(filling.normFilling, 32); // 400 kg × 80 g N/kg
 * ```
 */
export function calculateRenureGebruiksNormFilling(
  year: number,
  input: NormsFieldInput,
): GebruiksnormFillingResult {
  return engine.renureGebruiksNormFilling(
    input,
    rulesForYear(year, "calculateRenureGebruiksNormFilling"),
  );
}

/**
 * Finds the hoofdteelt (main crop) of a field for a year: the crop on the
 * field longest between 15 May and 15 July of that year (BRP 6794 when none is).
 *
 * @param year - The calendar year (see {@link getNormYears}).
 * @param input - The field: its `fieldId` (named in errors) and its `cultivations`.
 * @returns The main crop, the cultivation it came from and how it was chosen.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules or invalid dates,
 *   `UNKNOWN_CULTIVATION`, and the year's `DATE_OUTSIDE_<year>` for a crop starting after it.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getHoofdteelt } from "fdm-calculator";
 *
 * const found = getHoofdteelt(2026, {
 *   fieldId: "field-1",
 *   cultivations: [
 *     { cultivationId: "nl_265", startDate: new Date("2015-04-01"), endDate: new Date("2026-04-20") },
 *     { cultivationId: "nl_259", startDate: new Date("2026-05-01"), endDate: new Date("2026-10-10") },
 *   ],
 * });
 * assert.equal(found.cultivationId, "nl_259");
 * ```
 */
export function getHoofdteelt(
  year: number,
  input: { fieldId: string; cultivations: NormsCultivation[] },
): Hoofdteelt {
  return engine.hoofdteelt(input, rulesForYear(year, "getHoofdteelt"));
}

/**
 * Computes a year's gebruiksnormen (application norms) and their filling for
 * every field of a farm, and sums them for the farm: the stikstof-, fosfaat-
 * and dierlijke-mest-gebruiksnorm, and the RENURE norm in a year that has one.
 * The year-named `calculateNL2025GebruiksnormenForFarm` and
 * `calculateNL2026GebruiksnormenForFarm` are this function with the year fixed.
 *
 * @param year - The calendar year of the norms (see {@link getNormYears}).
 * @param fields - The plain input of each field (at least one, unique `fieldId`s), dated in `year`.
 * @returns The per-field results and the farm totals (`renure` only in a year with a RENURE norm).
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules, an empty list or a
 *   repeated `fieldId`; `MIXED_YEARS` when the fields are dated in more than one year; and every
 *   error of the per-field functions, naming the field.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateGebruiksnormenForFarm } from "fdm-calculator";
 *
 * const farm = calculateGebruiksnormenForFarm(2026, [
 *   {
 *     fieldId: "maize",
 *     area: 2,
 *     region: "zand_zuid",
 *     isNVGebied: false,
 *     hasGrazingIntention: false,
 *     isOrganicCertified: false,
 *     cultivations: [{ cultivationId: "nl_259", startDate: new Date("2026-05-01") }],
 *     soilPhosphate: { pCaCl2: 3.0, pAl: 50 },
 *     applications: [],
 *   },
 * ]);
 * assert.equal(farm.stikstof.normTotal, 224); // 112 kg N/ha × 2 ha
 * assert.equal(farm.renure?.normTotal, 160); // 80 kg N/ha × 2 ha
 * ```
 */
export function calculateGebruiksnormenForFarm(
  year: number,
  fields: NormsFieldInput[],
): FarmGebruiksnormen {
  return engine.farmGebruiksnormen(fields, rulesForYear(year, "calculateGebruiksnormenForFarm"));
}
