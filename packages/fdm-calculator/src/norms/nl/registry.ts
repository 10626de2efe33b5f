/**
 * The years the calculator knows, each found by its number: the one place that
 * ties a year to its rules. Adding a year is one line here (see the
 * contributing page, "Adding a year").
 */
import { FdmCalculatorError } from "../../errors.js";
import { RULES_2025 } from "./2025/rules.js";
import { RULES_2026 } from "./2026/rules.js";
import type { NormYearRules } from "./engine/rules.js";

const REGISTRY: ReadonlyMap<number, NormYearRules> = new Map([
  [2025, RULES_2025],
  [2026, RULES_2026],
]);

/** The years with rules, ascending. */
export const NORM_YEARS: readonly number[] = Object.freeze([...REGISTRY.keys()].sort());

/**
 * The rules of a year.
 *
 * @param year - The calendar year.
 * @param what - What needs the year, for the error message (e.g. `calculateDose`).
 * @param fieldId - The field concerned, if any.
 * @throws FdmCalculatorError `INVALID_INPUT` naming the supported years when the year has no rules.
 */
export function rulesForYear(year: unknown, what: string, fieldId: string | null = null) {
  const rules = typeof year === "number" ? REGISTRY.get(year) : undefined;
  if (rules === undefined) {
    const field = fieldId === null ? "" : `Field "${fieldId}": `;
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `${field}${what}: year ${String(year)} has no RVO tables in fdm-calculator; the supported years are ${NORM_YEARS.join(", ")}`,
      { fieldId },
    );
  }
  return rules;
}
