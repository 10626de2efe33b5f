/** The public 2025 filling functions: each is one line over the engine with the rules of 2025. */
import {
  dierlijkeMestGebruiksNormFilling,
  fosfaatGebruiksNormFilling,
  stikstofGebruiksNormFilling,
} from "../engine/api.js";
import type { GebruiksnormFillingResult } from "../engine/types.js";
import { RULES_2025 } from "./rules.js";
import type { NL2025NormsInput } from "./types.js";

/**
 * Computes how much of the stikstofgebruiksnorm (nitrogen application norm) a
 * field's applications use: for each application, amount (kg/ha) × N content
 * (kg/ton) × werkingscoëfficiënt / 1000, in kg effective N/ha.
 *
 * The N content is the measured one, or the forfaitaire content of Table 11
 * when the measured content is unknown or 0. The werkingscoëfficiënt (working
 * coefficient) comes from Table 9 of the Uitvoeringsregeling Meststoffenwet:
 * the first sub-case of the mestcode's category whose origin (own farm or
 * brought in), grazing intention, soil region, land use on the day (bouwland
 * unless grassland 265/266/331/332 is on the field) and period (1 September to
 * 31 January) hold. Products in no category, such as kunstmest (115), count
 * at 100%.
 *
 * @param input - The field's plain input, with its applications.
 * @returns The filling in kg N/ha with the contribution of each application.
 * @throws {FdmCalculatorError} `UNKNOWN_CONTENT` when neither a measured nor a forfaitaire N
 *   content is known, `MISSING_ORIGIN` when the coefficient depends on the manure's origin and
 *   none is given, and the validation errors of the input.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateNL2025StikstofGebruiksNormFilling } from "fdm-calculator";
 *
 * const filling = calculateNL2025StikstofGebruiksNormFilling({
 *   fieldId: "field-1",
 *   area: 10,
 *   region: "zand_zuid",
 *   isNVGebied: false,
 *   isGWBG: false,
 *   isNatura2000: false,
 *   isDerogatievrijeZone: false,
 *   hasDerogation: false,
 *   hasGrazingIntention: false,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_259", startDate: new Date("2025-05-01") }],
 *   applications: [
 *     {
 *       date: new Date("2025-04-20"),
 *       amount: 30000, // 30 ton slurry of fattening pigs
 *       fertilizer: {
 *         typeRvo: 50,
 *         composition: { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null },
 *       },
 *     },
 *   ],
 * });
 * // 30 ton × 6.4 kg N/ton × 80% (pig slurry on sand) = 153.6 kg N/ha
 * assert.equal(Math.round(filling.normFilling * 10) / 10, 153.6);
 * ```
 */
export function calculateNL2025StikstofGebruiksNormFilling(
  input: NL2025NormsInput,
): GebruiksnormFillingResult {
  return stikstofGebruiksNormFilling(input, RULES_2025);
}

/**
 * Computes how much of the fosfaatgebruiksnorm (phosphate application norm) a
 * field's applications use: for each application, amount (kg/ha) × P2O5 content
 * (kg/ton) / 1000, in kg P2O5/ha, with the rule for organic-rich fertilizers
 * (Staatscourant 2023, nr. 5152).
 *
 * Compost and very clean compost (mestcodes 111, 112) count for 25%; solid
 * cattle, goat, horse and sheep manure (10, 61, 25, 56) and champost (110) for
 * 75%, and solid pig manure (40) for 75% on a certified organic farm. The
 * reduction applies only when these products bring at least 20 kg P2O5/ha in
 * total, and only up to the field's fosfaatgebruiksnorm (the 25% products
 * first); phosphate above that cap counts for 100%. The P2O5 content is the
 * measured one, or the forfaitaire content of Table 11 when it is unknown or 0;
 * kunstmest (115) without a declared P2O5 content brings none.
 *
 * @param input - The field's plain input, with its applications; `soilPhosphate` is needed
 *   when the reduction applies, because the cap is the field's fosfaatgebruiksnorm.
 * @returns The filling in kg P2O5/ha with the contribution of each application.
 * @throws {FdmCalculatorError} `UNKNOWN_CONTENT` when neither a measured nor a forfaitaire P2O5
 *   content is known, `MISSING_SOIL_ANALYSIS` when the cap needs the norm and there is no soil
 *   analysis, and the validation errors of the input.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateNL2025FosfaatGebruiksNormFilling } from "fdm-calculator";
 *
 * const filling = calculateNL2025FosfaatGebruiksNormFilling({
 *   fieldId: "field-1",
 *   area: 10,
 *   region: "klei",
 *   isNVGebied: false,
 *   isGWBG: false,
 *   isNatura2000: false,
 *   isDerogatievrijeZone: false,
 *   hasDerogation: false,
 *   hasGrazingIntention: false,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_233", startDate: new Date("2024-10-20") }],
 *   soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
 *   applications: [
 *     {
 *       date: new Date("2025-03-01"),
 *       amount: 10000, // 10 ton solid cattle manure
 *       origin: "aangevoerd",
 *       fertilizer: {
 *         typeRvo: 10,
 *         composition: { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null },
 *       },
 *     },
 *   ],
 * });
 * // 10 ton × 3.2 kg P2O5/ton = 32 kg (at least 20), counted for 75% = 24 kg P2O5/ha
 * assert.equal(Math.round(filling.normFilling * 10) / 10, 24);
 * ```
 */
export function calculateNL2025FosfaatGebruiksNormFilling(
  input: NL2025NormsInput,
): GebruiksnormFillingResult {
  return fosfaatGebruiksNormFilling(input, RULES_2025);
}

/**
 * Computes how much of the dierlijke-mest-gebruiksnorm (animal-manure nitrogen
 * norm) a field's applications use: the total N, in kg N/ha, of the
 * applications whose mestcode counts as animal manure under the Nitrates
 * Directive (Table 11): amount (kg/ha) × N content (kg/ton) / 1000, with the
 * measured content, or the forfaitaire one when it is unknown or 0. Other
 * products (kunstmest, compost, sewage sludge) contribute 0, with the reason.
 *
 * @param input - The field's plain input, with its applications.
 * @returns The filling in kg N/ha with the contribution of each application.
 * @throws {FdmCalculatorError} `UNKNOWN_CONTENT` when an animal manure has neither a measured nor
 *   a forfaitaire N content, and the validation errors of the input.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateNL2025DierlijkeMestGebruiksNormFilling } from "fdm-calculator";
 *
 * const empty = { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null };
 * const filling = calculateNL2025DierlijkeMestGebruiksNormFilling({
 *   fieldId: "field-1",
 *   area: 10,
 *   region: "zand_nwc",
 *   isNVGebied: false,
 *   isGWBG: false,
 *   isNatura2000: false,
 *   isDerogatievrijeZone: false,
 *   hasDerogation: true,
 *   hasGrazingIntention: true,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_265", startDate: new Date("2010-01-01") }],
 *   applications: [
 *     // 25 ton cattle slurry at the forfaitaire 4 kg N/ton
 *     { date: new Date("2025-03-10"), amount: 25000, origin: "eigen_bedrijf", fertilizer: { typeRvo: 14, composition: empty } },
 *     // kunstmest does not count for this norm
 *     { date: new Date("2025-04-01"), amount: 200, fertilizer: { typeRvo: 115, composition: { ...empty, n: 270 } } },
 *   ],
 * });
 * assert.equal(filling.normFilling, 100);
 * ```
 */
export function calculateNL2025DierlijkeMestGebruiksNormFilling(
  input: NL2025NormsInput,
): GebruiksnormFillingResult {
  return dierlijkeMestGebruiksNormFilling(input, RULES_2025);
}
