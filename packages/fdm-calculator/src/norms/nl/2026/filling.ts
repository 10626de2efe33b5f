/** The public 2026 filling functions: each is one line over the engine with the rules of 2026. */
import {
  dierlijkeMestGebruiksNormFilling,
  fosfaatGebruiksNormFilling,
  renureGebruiksNormFilling,
  stikstofGebruiksNormFilling,
} from "../engine/api.js";
import type { GebruiksnormFillingResult } from "../engine/types.js";
import { RULES_2026 } from "./rules.js";
import type { NL2026NormsInput } from "./types.js";

/**
 * Computes how much of the 2026 stikstofgebruiksnorm (nitrogen application
 * norm) a field's applications use: for each application, amount (kg/ha) × N
 * content (kg/ton) × werkingscoëfficiënt / 1000, in kg effective N/ha, with
 * Table 9 of 2026 (the 2025 figures and the new category Renure, mestcodes
 * 130–134, at 100%). The N content is the measured one, else the forfaitaire
 * content of Table 11; a RENURE product needs its measured N content.
 *
 * @param input - The field's plain 2026 input, with its applications.
 * @returns The filling in kg N/ha with the contribution of each application.
 * @throws {FdmCalculatorError} `RENURE_CONTENT_REQUIRED` for a RENURE product without a
 *   measured N content above 0, `UNKNOWN_CONTENT`, `MISSING_ORIGIN`, and the validation errors
 *   of the input (`DATE_OUTSIDE_YEAR` for an application dated outside 2026).
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateNL2026StikstofGebruiksNormFilling } from "fdm-calculator";
 *
 * const empty = { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null };
 * const filling = calculateNL2026StikstofGebruiksNormFilling({
 *   fieldId: "field-1",
 *   area: 5,
 *   region: "zand_zuid",
 *   isNVGebied: false,
 *   hasGrazingIntention: false,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_259", startDate: new Date("2026-05-01") }],
 *   applications: [
 *     // 30 ton pig slurry: 30 × 6.4 kg N/ton × 80% (pigs on sand) = 153.6
 *     { date: new Date("2026-04-20"), amount: 30000, fertilizer: { typeRvo: 50, composition: empty } },
 *     // 200 kg ammonium sulphate (RENURE) with 80 g N/kg measured, at 100% = 16
 *     { date: new Date("2026-05-20"), amount: 200, fertilizer: { typeRvo: 130, composition: { ...empty, n: 80, p2o5: 0 } } },
 *   ],
 * });
 * assert.equal(Math.round(filling.normFilling * 10) / 10, 169.6);
 * ```
 */
export function calculateNL2026StikstofGebruiksNormFilling(
  input: NL2026NormsInput,
): GebruiksnormFillingResult {
  return stikstofGebruiksNormFilling(input, RULES_2026);
}

/**
 * Computes how much of the 2026 fosfaatgebruiksnorm a field's applications
 * use, by the rule of 2025: amount × P2O5 content / 1000, with organic-rich
 * products (compost 25%; solid cattle, goat, horse, sheep manure and champost
 * 75%, solid pig manure 75% on an organic farm) reduced when they bring at
 * least 20 kg P2O5/ha, up to the norm. A RENURE product counts at 100% with its
 * measured P2O5 content (Table 11 has no forfaitaire one, so it must be given;
 * 0 stands for a product without phosphate).
 *
 * @param input - The field's plain 2026 input; `soilPhosphate` is needed when the reduction applies.
 * @returns The filling in kg P2O5/ha with the contribution of each application.
 * @throws {FdmCalculatorError} `UNKNOWN_CONTENT` when no P2O5 content is known,
 *   `MISSING_SOIL_ANALYSIS` when the cap needs the norm, and the validation errors of the input.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateNL2026FosfaatGebruiksNormFilling } from "fdm-calculator";
 *
 * const empty = { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null };
 * const filling = calculateNL2026FosfaatGebruiksNormFilling({
 *   fieldId: "field-1",
 *   area: 5,
 *   region: "klei",
 *   isNVGebied: false,
 *   hasGrazingIntention: false,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_233", startDate: new Date("2025-10-20") }],
 *   soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
 *   applications: [
 *     // 300 kg struvite (RENURE) with 280 g P2O5/kg measured: 84 kg P2O5/ha at 100%
 *     { date: new Date("2026-03-01"), amount: 300, fertilizer: { typeRvo: 133, composition: { ...empty, n: 55, p2o5: 280 } } },
 *   ],
 * });
 * assert.equal(filling.normFilling, 84);
 * ```
 */
export function calculateNL2026FosfaatGebruiksNormFilling(
  input: NL2026NormsInput,
): GebruiksnormFillingResult {
  return fosfaatGebruiksNormFilling(input, RULES_2026);
}

/**
 * Computes how much of the 2026 dierlijke-mest-gebruiksnorm (170 kg N/ha) a
 * field's applications use: the total N, kg/ha, of the products that count as
 * animal manure in Table 11 of 2026. RENURE products (130–134) do not count
 * here; they fill the RENURE norm.
 *
 * @param input - The field's plain 2026 input, with its applications.
 * @returns The filling in kg N/ha with the contribution of each application.
 * @throws {FdmCalculatorError} `UNKNOWN_CONTENT` when an animal manure has no N content, and the
 *   validation errors of the input.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateNL2026DierlijkeMestGebruiksNormFilling } from "fdm-calculator";
 *
 * const empty = { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null };
 * const filling = calculateNL2026DierlijkeMestGebruiksNormFilling({
 *   fieldId: "field-1",
 *   area: 5,
 *   region: "zand_nwc",
 *   isNVGebied: false,
 *   hasGrazingIntention: true,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_265", startDate: new Date("2010-01-01") }],
 *   applications: [
 *     // 35 ton cattle slurry at the forfaitaire 4 kg N/ton = 140
 *     { date: new Date("2026-03-10"), amount: 35000, origin: "eigen_bedrijf", fertilizer: { typeRvo: 14, composition: empty } },
 *     // RENURE does not count for this norm
 *     { date: new Date("2026-04-01"), amount: 500, fertilizer: { typeRvo: 132, composition: { ...empty, n: 90, p2o5: 0 } } },
 *   ],
 * });
 * assert.equal(filling.normFilling, 140);
 * ```
 */
export function calculateNL2026DierlijkeMestGebruiksNormFilling(
  input: NL2026NormsInput,
): GebruiksnormFillingResult {
  return dierlijkeMestGebruiksNormFilling(input, RULES_2026);
}

/**
 * Computes how much of the 2026 RENURE norm (80 kg N/ha) a field's
 * applications use: Σ amount (kg/ha) × measured N content (kg/ton) / 1000 over
 * the applications of RENURE products (mestcodes 130–134). Table 11 gives no
 * forfaitaire content for them, so an application without a measured N
 * content above 0 is refused rather than counted as 0.
 *
 * @param input - The field's plain 2026 input, with its applications.
 * @returns The filling in kg N/ha with the contribution of each application (0 for other products).
 * @throws {FdmCalculatorError} `RENURE_CONTENT_REQUIRED` for a RENURE product without a measured N
 *   content above 0, and the validation errors of the input.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateNL2026RenureGebruiksNormFilling } from "fdm-calculator";
 *
 * const empty = { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null };
 * const filling = calculateNL2026RenureGebruiksNormFilling({
 *   fieldId: "field-1",
 *   area: 5,
 *   region: "klei",
 *   isNVGebied: false,
 *   hasGrazingIntention: false,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_256", startDate: new Date("2026-04-01") }],
 *   applications: [
 *     // 500 kg mineral concentrate (RENURE) × 90 g N/kg = 45 kg N/ha
 *     { date: new Date("2026-04-01"), amount: 500, fertilizer: { typeRvo: 132, composition: { ...empty, n: 90, p2o5: 0 } } },
 *   ],
 * });
 * assert.equal(filling.normFilling, 45);
 * ```
 */
export function calculateNL2026RenureGebruiksNormFilling(
  input: NL2026NormsInput,
): GebruiksnormFillingResult {
  return renureGebruiksNormFilling(input, RULES_2026);
}
