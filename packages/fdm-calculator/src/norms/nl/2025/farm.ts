/** The public 2025 farm function: one line over the engine with the rules of 2025. */
import { farmGebruiksnormen } from "../engine/api.js";
import type {
  BaseFarmGebruiksnormen,
  BaseFieldGebruiksnormen,
  FarmNormTotal,
} from "../engine/farm.js";
import { RULES_2025 } from "./rules.js";
import type { NL2025NormsInput } from "./types.js";

/** The three 2025 gebruiksnormen of one field and their filling. */
export type NL2025FieldGebruiksnormen = BaseFieldGebruiksnormen;

/** One 2025 norm summed over the farm. */
export type NL2025FarmNormTotal = FarmNormTotal;

/** The 2025 gebruiksnormen of a farm: per field and summed. */
export type NL2025FarmGebruiksnormen = BaseFarmGebruiksnormen;

/**
 * Computes the three 2025 gebruiksnormen (application norms) and their filling
 * for every field of a farm, and sums them for the farm.
 *
 * Per field this gives the stikstofgebruiksnorm, the fosfaatgebruiksnorm and
 * the dierlijke-mest-gebruiksnorm in kg/ha, each beside the kg/ha the field's
 * applications use. For the farm, each norm and filling is multiplied by the
 * field's area and summed (the legal norms apply to the farm as a whole), so a
 * caller can show "used X of Y kg"; the area-weighted kg/ha figures are given
 * as well.
 *
 * A field whose main crop has no line in RVO Table 2 does not stop the farm:
 * its stikstof `norm` is `null`, its `noNormForCrop` carries the typed
 * `NO_NORM_FOR_CROP` reason, and the farm's stikstof total lists it in
 * `fieldsWithoutNorm` (its filling still counts).
 *
 * @param fields - The plain input of each field (at least one, unique `fieldId`s).
 * @returns The per-field results and the farm totals.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for an empty list or a repeated `fieldId`,
 *   `MIXED_YEARS` when the fields' applications are dated in more than one year (e.g. 2025 and
 *   2026), and every other error of the per-field norm and filling functions, naming the field.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateNL2025GebruiksnormenForFarm } from "fdm-calculator";
 *
 * const empty = { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null };
 * const farm = calculateNL2025GebruiksnormenForFarm([
 *   {
 *     fieldId: "grass",
 *     area: 10,
 *     region: "klei",
 *     isNVGebied: false,
 *     isGWBG: false,
 *     isNatura2000: false,
 *     isDerogatievrijeZone: false,
 *     hasDerogation: false,
 *     hasGrazingIntention: true,
 *     isOrganicCertified: false,
 *     cultivations: [{ cultivationId: "nl_265", startDate: new Date("2012-01-01") }],
 *     soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
 *     applications: [
 *       { date: new Date("2025-03-15"), amount: 30000, origin: "eigen_bedrijf", fertilizer: { typeRvo: 14, composition: empty } },
 *     ],
 *   },
 * ]);
 * assert.equal(farm.stikstof.normTotal, 3450); // 345 kg N/ha × 10 ha
 * assert.equal(farm.dierlijkeMest.explanation, "used 1200 of 1700 kg N");
 * ```
 */
export function calculateNL2025GebruiksnormenForFarm(
  fields: NL2025NormsInput[],
): NL2025FarmGebruiksnormen {
  return farmGebruiksnormen(fields, RULES_2025) as NL2025FarmGebruiksnormen;
}
