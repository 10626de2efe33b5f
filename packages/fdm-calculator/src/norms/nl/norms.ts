/**
 * The gebruiksnormen by year number: one engine, the year a value. Each
 * function finds the year's rules in the registry and runs the year-neutral
 * engine, so a year the registry gains is served by the same functions.
 */
import { isMestcode, type Mestcode } from "fdm-data";
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
 * const years = getNormYears();
 * assert.deepEqual(years.slice(0, 2), [2025, 2026]); // ascending, from 2025
 * assert.deepEqual([...years].sort((a, b) => a - b), years);
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
  /**
   * The mestcodes of Table 11 that fill the year's RENURE norm (130–134 in 2026); empty in
   * a year without one.
   */
  renureMestcodes: readonly Mestcode[];
}

/**
 * Describes a year of the gebruiksnormen: the flags its field input needs,
 * whether it has derogation and a RENURE norm, and the mestcodes that fill the
 * RENURE norm, so one form can serve every year.
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
 * assert.deepEqual(describeNormYear(2026).renureMestcodes, [130, 131, 132, 133, 134]);
 * assert.deepEqual(describeNormYear(2025).renureMestcodes, []);
 * ```
 */
export function describeNormYear(year: number): NormYearDescription {
  const rules = rulesForYear(year, "describeNormYear");
  return {
    year: rules.year,
    flags: [...rules.flags],
    derogation: rules.flags.includes("hasDerogation"),
    renure: rules.renure !== null,
    renureMestcodes: (rules.renure?.mestcodes ?? []).filter(isMestcode),
  };
}

/**
 * Determines the stikstofgebruiksnorm (nitrogen application norm, kg effective
 * N/ha) of a field for a year from RVO's Tabel 2 Stikstof landbouwgrond of
 * that year:
 *
 * 1. The hoofdteelt (main crop) is `mainCropId`, or else the crop found by
 *    {@link getHoofdteelt} (longest on the field between 15 May and 15 July).
 * 2. The crop's BRP code gives the Table-2 line; a code on two lines belongs to
 *    the line RVO lists first.
 * 3. A line with variants is resolved by grazing intention (Grasland), by the
 *    period the temporary grassland is on the field (Tijdelijk grasland), by
 *    variety (potatoes), by derogation (maïs, 2025 only: from 2026 maïs has
 *    one figure set), by crop year (a crop of the same line in the year before
 *    means the following-years figure), by BRP code (koolzaad), as 1e teelt
 *    for the main crop (Spinazie, Slasoorten, Andijvie), or by the teeltwijze
 *    given with the cultivation (Bladgewassen overig, Kruiden, Iris, Krokus,
 *    Gladiool).
 * 4. The figure is the column of the field's soil region, the lower NV-gebied
 *    figure when the field lies in an NV-gebied.
 * 5. On zand and löss the korting is subtracted (none on klei and veen): the
 *    catch-crop reduction, 0, 5, 10 or 20 kg N/ha by the sowing date of the
 *    first catch crop sown after 15 July of the year before and before
 *    1 February that stayed until at least 1 February (20 without one; none
 *    for a winter crop). From 2026, instead, 65 kg N/ha on maïs and consumption
 *    or factory potatoes after grassland destroyed from 1 February to 10 May
 *    (not when the grass was a catch crop: a catch-crop line of Table 2, sown
 *    in or after August of the year before, or a declared `grassPurpose`), and
 *    50 kg N/ha on grassland renewed from 1 June to 31 August. The norm does
 *    not go below 0.
 *
 * @param year - The calendar year of the norms (see {@link getNormYears}).
 * @param input - The field's plain input; the flags the year needs must be given
 *   (2025 also needs the {@link DerogationFlags}; see {@link describeNormYear}).
 * @returns The norm in kg N/ha with the Table-2 line, variant, korting and an explanation.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules (the message names the
 *   supported ones); `NO_NORM_FOR_CROP` when the main crop has no Table-2 line;
 *   `GRASSLAND_DESTRUCTION_NOT_ALLOWED` (from 2026) for grassland destroyed on zand or löss
 *   outside the periods RVO allows; `MISSING_VARIANT` when the line needs a teeltwijze that is
 *   not given; `NO_NORM_FOR_PERIOD` or `MISSING_CULTIVATION` for temporary grassland whose period
 *   cannot be read; and the validation errors of the input (`INVALID_INPUT`,
 *   `UNKNOWN_CULTIVATION`, `DATE_OUTSIDE_YEAR`, `UNKNOWN_MESTCODE`).
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
 *
 * // 2025 asks the derogation flags too (describeNormYear(2025).flags).
 * const grass = getStikstofGebruiksNorm(2025, {
 *   fieldId: "field-2",
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
 * assert.equal(grass.normValue, 345); // Grasland, beweiden, klei
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
 * The land use is grasland when the hoofdteelt (main crop) is BRP 265, 266,
 * 331, 332 or 335, and bouwland otherwise. P-CaCl2 is rounded half up to one
 * decimal and P-AL to a whole number; together they give the fosfaatklasse
 * (Arm, Laag, Neutraal, Ruim, Hoog) of RVO's Differentiatie
 * fosfaatgebruiksnorm, whose norm is read from the year's Tabel
 * fosfaatgebruiksnormen (2025 and 2026: grasland 120/105/95/90/75, bouwland
 * 120/80/70/60/40).
 *
 * @param year - The calendar year of the norms (see {@link getNormYears}).
 * @param input - The field's plain input, with `soilPhosphate`.
 * @returns The norm in kg P2O5/ha with the land use, the class and an explanation.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules, `MISSING_SOIL_ANALYSIS`
 *   without P-CaCl2 and P-AL, and the validation errors of the input (`INVALID_INPUT`,
 *   `UNKNOWN_CULTIVATION`, `DATE_OUTSIDE_YEAR`, `UNKNOWN_MESTCODE`).
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
 * manure, kg N/ha) of a field for a year. It does not depend on the crop.
 *
 * In 2025, without derogatie (derogation) the norm is 170; with derogatie it
 * is 200 outside and 190 inside an NV-gebied, but it stays 170 for a field in
 * (or in the mapped zone around) a Natura 2000 area, in a
 * grondwaterbeschermingsgebied (GWBG) or in a derogatievrije zone; the rules
 * are checked in RVO's priority order and the first match applies. Derogation
 * ended with 2025: from 2026 the norm is 170 kg N/ha on every field, and
 * RENURE products (mestcodes 130–134) fill a norm of their own
 * ({@link getRenureGebruiksNorm}).
 *
 * @param year - The calendar year of the norms (see {@link getNormYears}).
 * @param input - The field's plain input.
 * @returns The norm in kg N/ha with RVO's label of the case and an explanation.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules, and the validation errors
 *   of the input (`INVALID_INPUT`, `UNKNOWN_CULTIVATION`, `DATE_OUTSIDE_YEAR`, `UNKNOWN_MESTCODE`).
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
 * assert.equal(norm.label, "Standaard - geen derogatie");
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
 * use: for each application, amount (kg/ha) × N content (kg/ton) ×
 * werkingscoëfficiënt / 1000, in kg effective N/ha.
 *
 * The N content is the measured one, or the forfaitaire content of Table 11
 * when the measured content is unknown or 0; a RENURE product (from 2026)
 * needs its measured N content. The werkingscoëfficiënt (working coefficient)
 * comes from Table 9 of the year: the first sub-case of the mestcode's
 * category whose origin (own farm or brought in), grazing intention, soil
 * region, land use on the day (bouwland unless grassland 265/266/331/332 is on
 * the field) and period (1 September to 31 January) hold. Products in no
 * category, such as kunstmest (115), count at 100%, as does the category
 * Renure of 2026.
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
 * use: for each application, amount (kg/ha) × P2O5 content (kg/ton) / 1000, in
 * kg P2O5/ha, with the rule for organic-rich fertilizers (Staatscourant 2023,
 * nr. 5152).
 *
 * Compost and very clean compost (mestcodes 111, 112) count for 25%; solid
 * cattle, goat, horse and sheep manure (10, 61, 25, 56) and champost (110) for
 * 75%, and solid pig manure (40) for 75% on a certified organic farm. The
 * reduction applies only when these products bring at least 20 kg P2O5/ha in
 * total, and only up to the field's fosfaatgebruiksnorm (the 25% products
 * first); phosphate above that cap counts for 100%. The P2O5 content is the
 * measured one, or the forfaitaire content of Table 11 when it is unknown or 0;
 * kunstmest (115) without a declared P2O5 content brings none, and a RENURE
 * product (from 2026) needs its measured content (0 for one without phosphate).
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
 * applications use: the total N, in kg N/ha, of the applications whose
 * mestcode Table 11 of that year counts as animal manure under the Nitrates
 * Directive: amount (kg/ha) × N content (kg/ton) / 1000, with the measured
 * content, or the forfaitaire one when it is unknown or 0. Other products
 * (kunstmest, compost, sewage sludge, RENURE products) contribute 0, with the reason.
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
 * field longest between 15 May and 15 July of that year.
 *
 * Days are counted as end date minus start date, clipped to that window; a
 * crop without an end date counts as present until 15 July. When crops tie,
 * the one whose BRP code comes first in alphabetical order (as text, so `1919`
 * before `265`) is taken. When no crop is on the field in the window, the main
 * crop is BRP 6794 "groene braak, spontane opkomst", whose Table-2 line is
 * "Geen plaatsingsruimte" (norm 0).
 *
 * @param year - The calendar year (see {@link getNormYears}).
 * @param input - The field: its `fieldId` (named in errors) and its `cultivations`.
 * @returns The main crop, the cultivation it came from and how it was chosen.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules or invalid dates,
 *   `UNKNOWN_CULTIVATION` for an id that is not a BRP gewascode, and `DATE_OUTSIDE_YEAR` for a
 *   crop starting after the year.
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
 *
 * Per field this gives each norm in kg/ha beside the kg/ha the field's
 * applications use. For the farm, each norm and filling is multiplied by the
 * field's area and summed (the legal norms apply to the farm as a whole), so a
 * caller can show "used X of Y kg"; the area-weighted kg/ha figures are given
 * as well. A field whose main crop has no line in RVO Table 2 does not stop
 * the farm: its stikstof `norm` is `null`, its `noNormForCrop` carries the
 * typed `NO_NORM_FOR_CROP` reason, and the farm's stikstof total lists it in
 * `fieldsWithoutNorm` (its filling still counts).
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
