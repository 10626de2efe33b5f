/**
 * The engine's entry points: each norm and filling of one field under the
 * rules of a year. The public functions, which take the year as a value
 * (`getStikstofGebruiksNorm(2026, input)`), are one line over these.
 */
import { FdmCalculatorError } from "../../../errors.js";
import { dierlijkeMestNorm } from "./dierlijke-mest-gebruiksnorm.js";
import { fosfaatFilling, nitrogenFilling, stikstofFilling } from "./filling.js";
import { fosfaatNorm } from "./fosfaatgebruiksnorm.js";
import { type PreparedFieldWithApplications, prepareField, prepareFieldForNorm } from "./input.js";
import { renureNorm } from "./renure.js";
import type { NormYearRules } from "./rules.js";
import { stikstofNorm } from "./stikstofgebruiksnorm.js";
import type {
  DierlijkeMestGebruiksnormResult,
  FosfaatGebruiksnormResult,
  GebruiksnormFillingResult,
  NormsFieldInput,
  RenureGebruiksnormResult,
  StikstofGebruiksnormResult,
} from "./types.js";

export { farmGebruiksnormen } from "./farm.js";
export { hoofdteelt } from "./hoofdteelt.js";

/** The stikstofgebruiksnorm of a field under a year's rules. */
export const stikstofGebruiksNorm = (
  input: NormsFieldInput,
  rules: NormYearRules,
): StikstofGebruiksnormResult => stikstofNorm(prepareFieldForNorm(input, rules));

/** The fosfaatgebruiksnorm of a field under a year's rules. */
export const fosfaatGebruiksNorm = (
  input: NormsFieldInput,
  rules: NormYearRules,
): FosfaatGebruiksnormResult => fosfaatNorm(prepareFieldForNorm(input, rules));

/** The dierlijke-mest-gebruiksnorm of a field under a year's rules. */
export const dierlijkeMestGebruiksNorm = (
  input: NormsFieldInput,
  rules: NormYearRules,
): DierlijkeMestGebruiksnormResult => dierlijkeMestNorm(prepareFieldForNorm(input, rules));

/** The RENURE norm of a field under a year's rules (`INVALID_INPUT` in a year without one). */
export const renureGebruiksNorm = (
  input: NormsFieldInput,
  rules: NormYearRules,
): RenureGebruiksnormResult => renureNorm(prepareFieldForNorm(input, rules));

/** The stikstofgebruiksnorm filling of a field under a year's rules. */
export const stikstofGebruiksNormFilling = (
  input: NormsFieldInput,
  rules: NormYearRules,
): GebruiksnormFillingResult => stikstofFilling(prepareField(input, rules));

/** The fosfaatgebruiksnorm filling of a field under a year's rules. */
export const fosfaatGebruiksNormFilling = (
  input: NormsFieldInput,
  rules: NormYearRules,
): GebruiksnormFillingResult => fosfaatFilling(prepareField(input, rules));

/** The dierlijke-mest-gebruiksnorm filling of a field under a year's rules. */
export const dierlijkeMestGebruiksNormFilling = (
  input: NormsFieldInput,
  rules: NormYearRules,
): GebruiksnormFillingResult => nitrogenFilling(prepareField(input, rules));

/** The RENURE filling of a field under a year's rules (`INVALID_INPUT` in a year without a RENURE norm). */
export function renureGebruiksNormFilling(
  input: NormsFieldInput,
  rules: NormYearRules,
): GebruiksnormFillingResult {
  const field: PreparedFieldWithApplications = prepareField(input, rules);
  if (rules.renure === null) {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `Field "${input.fieldId}": there is no RENURE norm in ${rules.year}, so nothing fills it`,
      { fieldId: input.fieldId },
    );
  }
  return nitrogenFilling(field, "renure");
}
