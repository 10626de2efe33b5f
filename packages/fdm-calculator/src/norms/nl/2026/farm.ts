/** The public 2026 farm function: one line over the engine with the rules of 2026. */
import { farmGebruiksnormen } from "../engine/api.js";
import type { BaseFieldGebruiksnormen, FarmNormTotal, NormWithFilling } from "../engine/farm.js";
import type { RenureGebruiksnormResult } from "../engine/types.js";
import { RULES_2026 } from "./rules.js";
import type { NL2026NormsInput } from "./types.js";

/** The four 2026 gebruiksnormen of one field and their filling: stikstof, fosfaat, dierlijke mest and RENURE. */
export interface NL2026FieldGebruiksnormen extends BaseFieldGebruiksnormen {
  /** RENURE norm (kg N/ha from mestcodes 130–134) and its filling. */
  renure: NormWithFilling<RenureGebruiksnormResult>;
}

/** One 2026 norm summed over the farm. */
export type NL2026FarmNormTotal = FarmNormTotal;

/** The 2026 gebruiksnormen of a farm: per field and summed. */
export interface NL2026FarmGebruiksnormen {
  /** Total area of the fields, ha. */
  area: number;
  /** The norms and filling of each field, in input order. */
  fields: NL2026FieldGebruiksnormen[];
  /** Stikstofgebruiksnorm of the farm. */
  stikstof: NL2026FarmNormTotal;
  /** Fosfaatgebruiksnorm of the farm. */
  fosfaat: NL2026FarmNormTotal;
  /** Dierlijke-mest-gebruiksnorm of the farm. */
  dierlijkeMest: NL2026FarmNormTotal;
  /** RENURE norm of the farm. */
  renure: NL2026FarmNormTotal;
}

/**
 * Computes the four 2026 gebruiksnormen (application norms) and their filling
 * for every field of a farm, and sums them for the farm: the
 * stikstofgebruiksnorm, the fosfaatgebruiksnorm, the dierlijke-mest-
 * gebruiksnorm (170 kg N/ha on every field) and the RENURE norm (80 kg N/ha),
 * each in kg/ha beside what the field's applications use, and for the farm
 * norm × area and filling × area summed, as for 2025
 * ({@link calculateNL2025GebruiksnormenForFarm} takes the same shape, so a
 * caller switches by year).
 *
 * A field whose main crop has no line in RVO Table 2 does not stop the farm:
 * its stikstof `norm` is `null` and `noNormForCrop` carries the typed
 * `NO_NORM_FOR_CROP` reason.
 *
 * @param fields - The plain 2026 input of each field (at least one, unique `fieldId`s).
 * @returns The per-field results and the farm totals.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for an empty list or a repeated `fieldId`,
 *   `MIXED_YEARS` when the fields' applications are dated in more than one year (a farm with
 *   2025 and 2026 fields), and every other error of the per-field 2026 functions, naming the field.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateNL2026GebruiksnormenForFarm } from "fdm-calculator";
 *
 * const empty = { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null };
 * const farm = calculateNL2026GebruiksnormenForFarm([
 *   {
 *     fieldId: "grass",
 *     area: 10,
 *     region: "klei",
 *     isNVGebied: false,
 *     hasGrazingIntention: true,
 *     isOrganicCertified: false,
 *     cultivations: [{ cultivationId: "nl_265", startDate: new Date("2012-01-01") }],
 *     soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
 *     applications: [
 *       { date: new Date("2026-03-15"), amount: 30000, origin: "eigen_bedrijf", fertilizer: { typeRvo: 14, composition: empty } },
 *       { date: new Date("2026-04-15"), amount: 400, fertilizer: { typeRvo: 130, composition: { ...empty, n: 80, p2o5: 0 } } },
 *     ],
 *   },
 * ]);
 * assert.equal(farm.stikstof.normTotal, 3450); // 345 kg N/ha × 10 ha
 * assert.equal(farm.dierlijkeMest.explanation, "used 1200 of 1700 kg N"); // 30 t × 4 kg N/t × 10 ha
 * assert.equal(farm.renure.explanation, "used 320 of 800 kg N"); // 400 kg × 80 g/kg × 10 ha
 * ```
 */
export function calculateNL2026GebruiksnormenForFarm(
  fields: NL2026NormsInput[],
): NL2026FarmGebruiksnormen {
  return farmGebruiksnormen(fields, RULES_2026) as NL2026FarmGebruiksnormen;
}
