import { FdmCalculatorError } from "../../../errors.js";
import type { PreparedField } from "./input.js";
import type { RenureRule } from "./rules.js";
import type { RenureGebruiksnormResult } from "./types.js";

// The same text on every field of a year, so built once per rule.
const TEXTS = new WeakMap<RenureRule, string>();

/**
 * The RENURE norm of a validated field: the year's figure, the same on every
 * field.
 *
 * @throws FdmCalculatorError `INVALID_INPUT` in a year without a RENURE norm.
 */
export function renureNorm(field: PreparedField): RenureGebruiksnormResult {
  const { renure, year } = field.rules;
  if (renure === null) {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `Field "${field.input.fieldId}": there is no RENURE norm in ${year}; it came with the rules of 2026`,
      { fieldId: field.input.fieldId },
    );
  }
  let explanation = TEXTS.get(renure);
  if (explanation === undefined) {
    explanation = `RENURE norm ${year}: ${renure.norm} kg N/ha from RENURE products (mestcodes ${renure.mestcodes.join(", ")}), on top of the dierlijke-mest-gebruiksnorm`;
    TEXTS.set(renure, explanation);
  }
  return { normValue: renure.norm, unit: "kg N/ha", explanation, mestcodes: renure.mestcodes };
}
