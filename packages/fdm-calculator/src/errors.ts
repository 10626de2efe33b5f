/**
 * Why a calculation refused its input.
 *
 * - `INVALID_INPUT`: a value has the wrong type or range (a negative amount, an area of 0).
 * - `DATE_OUTSIDE_YEAR`: an application date lies outside the calendar year of the norms
 *   (2025, 2026, …), or a cultivation starts after it; the error's `year` names the year.
 * - `MIXED_YEARS`: one farm call holds fields of different years (2025 and 2026).
 * - `UNKNOWN_CULTIVATION`: a cultivation id is not a BRP gewascode (`nl_<code>`).
 * - `UNKNOWN_MESTCODE`: a fertilizer's `typeRvo` is not an RVO mestcode of Table 11.
 * - `NO_NORM_FOR_CROP`: the main crop has no line in RVO Table 2.
 * - `NO_NORM_FOR_PERIOD`: the dates of temporary grassland match no period of Table 2.
 * - `MISSING_VARIANT`: the Table-2 line needs a variant (teeltwijze) the input does not give.
 * - `MISSING_CULTIVATION`: the norm needs the dates of the main crop, but no cultivation has its id.
 * - `MISSING_SOIL_ANALYSIS`: the fosfaatgebruiksnorm needs P-CaCl2 and P-AL.
 * - `MISSING_ORIGIN`: the werkingscoëfficiënt depends on where the manure was produced.
 * - `UNKNOWN_CONTENT`: a fertilizer has no N or P2O5 content and Table 11 gives no forfaitaire one.
 * - `RENURE_CONTENT_REQUIRED`: a RENURE product (mestcodes 130–134) has no measured N content above 0;
 *   Table 11 gives none, and counting it as 0 would hide it from the RENURE norm.
 * - `GRASSLAND_DESTRUCTION_NOT_ALLOWED`: on zand or löss, grassland was destroyed outside the period
 *   RVO allows (1 February–10 May before maïs or potatoes, 1 February–31 August for renewal).
 * - `GEODATA_NOT_CONFIGURED`: a location lookup was called without a dataset source.
 * - `GEODATA_UNREADABLE`: the dataset file or URL could not be opened or fetched.
 * - `GEODATA_MALFORMED`: the dataset is not valid FlatGeobuf or GeoJSON, or a feature in it is unusable.
 * - `NUTRIENT_ADVICE_NOT_CONFIGURED`: the nutrient-advice endpoint or API key is missing.
 * - `NUTRIENT_ADVICE_UNREACHABLE`: the nutrient-advice service could not be reached.
 * - `NUTRIENT_ADVICE_TIMEOUT`: the nutrient-advice service did not answer in time.
 * - `NUTRIENT_ADVICE_HTTP_ERROR`: the nutrient-advice service answered with an HTTP error status.
 * - `NUTRIENT_ADVICE_MALFORMED_RESPONSE`: the nutrient-advice service's answer does not fit the contract.
 * - `DATE_OUTSIDE_TIMEFRAME`: a dated input of a balance (application, harvest, cultivation) lies outside its timeframe.
 * - `UNKNOWN_APPLICATION_METHOD`: an application method is not one of fdm-data's `ApplicationMethods`.
 * - `MISSING_FIELD_DATA`: a collector needs a figure about a field that fdm-core does not hold
 *   and the options do not give (e.g. its soil region, or deposition for the nitrogen balance).
 * - `INCONSISTENT_DATA`: what a collector read from fdm-core does not hold together
 *   (e.g. an application of a fertilizer the farm does not hold).
 */
export type FdmCalculatorErrorCode =
  | "INVALID_INPUT"
  | "DATE_OUTSIDE_YEAR"
  | "MIXED_YEARS"
  | "RENURE_CONTENT_REQUIRED"
  | "GRASSLAND_DESTRUCTION_NOT_ALLOWED"
  | "UNKNOWN_CULTIVATION"
  | "UNKNOWN_MESTCODE"
  | "NO_NORM_FOR_CROP"
  | "NO_NORM_FOR_PERIOD"
  | "MISSING_VARIANT"
  | "MISSING_CULTIVATION"
  | "MISSING_SOIL_ANALYSIS"
  | "MISSING_ORIGIN"
  | "UNKNOWN_CONTENT"
  | "GEODATA_NOT_CONFIGURED"
  | "GEODATA_UNREADABLE"
  | "GEODATA_MALFORMED"
  | "NUTRIENT_ADVICE_NOT_CONFIGURED"
  | "NUTRIENT_ADVICE_UNREACHABLE"
  | "NUTRIENT_ADVICE_TIMEOUT"
  | "NUTRIENT_ADVICE_HTTP_ERROR"
  | "NUTRIENT_ADVICE_MALFORMED_RESPONSE"
  | "DATE_OUTSIDE_TIMEFRAME"
  | "UNKNOWN_APPLICATION_METHOD"
  | "MISSING_FIELD_DATA"
  | "INCONSISTENT_DATA";

/**
 * The error every fdm-calculator function throws for input it cannot compute
 * a figure from. The message names the field and the rule; `code` lets a
 * caller react without parsing the message.
 *
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { FdmCalculatorError, getDierlijkeMestGebruiksNorm } from "fdm-calculator";
 *
 * try {
 *   getDierlijkeMestGebruiksNorm(2025, { fieldId: "f1" } as never);
 *   assert.fail("expected a refusal");
 * } catch (error) {
 *   assert.ok(error instanceof FdmCalculatorError);
 *   assert.equal(error.code, "INVALID_INPUT");
 *   assert.equal(error.message, 'Field "f1": area must be a number of ha above 0');
 * }
 * ```
 */
export class FdmCalculatorError extends Error {
  /** Machine-readable reason. */
  readonly code: FdmCalculatorErrorCode;
  /** The field the input belongs to, where known. */
  readonly fieldId: string | null;
  /** For `DATE_OUTSIDE_YEAR`: the year of the norms the date lies outside; otherwise `null`. */
  readonly year: number | null;

  /**
   * Creates the error.
   *
   * @param code - Machine-readable reason.
   * @param message - What is wrong, naming the field and the rule.
   * @param options - `fieldId` of the field concerned, the `year` a `DATE_OUTSIDE_YEAR` is about, and the `cause`, if any.
   * @returns The error.
   * @throws Never.
   * @example
   * ```ts
   * import assert from "node:assert";
   * import { FdmCalculatorError } from "fdm-calculator";
   *
   * const error = new FdmCalculatorError("INVALID_INPUT", 'Field "f1": area must be above 0 ha', {
   *   fieldId: "f1",
   * });
   * assert.deepEqual([error.code, error.fieldId], ["INVALID_INPUT", "f1"]);
   * ```
   */
  constructor(
    code: FdmCalculatorErrorCode,
    message: string,
    options: { fieldId?: string | null; year?: number | null; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "FdmCalculatorError";
    this.code = code;
    this.fieldId = options.fieldId ?? null;
    this.year = options.year ?? null;
  }
}
