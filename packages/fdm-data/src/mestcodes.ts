import { deepFreeze } from "./freeze.js";

/**
 * Every RVO mestcode (product code of Table 11 of the Uitvoeringsregeling
 * Meststoffenwet) that fdm-data's `rvo` catalogue holds, in its order: the 58
 * codes of 2025 and the RENURE codes 130–134 that Table 11 of 2026 adds. Which
 * codes a given year's Table 11 holds is fdm-calculator's business (2025 has
 * no 130–134); this list is what any of the four packages may store.
 *
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { MESTCODES } from "fdm-data";
 * assert.equal(MESTCODES.length, 63);
 * assert.ok(MESTCODES.includes(115)); // kunstmest
 * ```
 */
export const MESTCODES = deepFreeze([
  10, 11, 12, 13, 14, 17, 18, 19, 23, 25, 26, 27, 30, 31, 32, 33, 35, 39, 40, 41, 42, 43, 46, 50,
  56, 60, 61, 75, 76, 80, 81, 90, 91, 92, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106,
  107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 120, 130, 131, 132, 133, 134,
] as const);

/**
 * An RVO mestcode as a number, e.g. `14` (cattle slurry) or `115` (kunstmest):
 * one of {@link MESTCODES}. The one type of `typeRvo` in fdm-data's
 * catalogues, fdm-core's fertilizers, fdm-calculator's inputs and fdm-api's
 * bodies, so a value read from one passes to the others as it is.
 */
export type Mestcode = (typeof MESTCODES)[number];

const known: ReadonlySet<number> = new Set(MESTCODES);

/**
 * Whether a value is an RVO mestcode of {@link MESTCODES}: a number, never the
 * same code as text (`"14"` is not one).
 *
 * @param value - Any value, e.g. a `typeRvo` read from a form or a file.
 * @returns `true` when `value` is one of {@link MESTCODES}.
 * @throws Never.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { isMestcode } from "fdm-data";
 * assert.ok(isMestcode(14));
 * assert.ok(!isMestcode("14"));
 * assert.ok(!isMestcode(999));
 * ```
 */
export function isMestcode(value: unknown): value is Mestcode {
  return typeof value === "number" && known.has(value);
}

/**
 * What a `typeRvo` that is not a number is, for an error message: `"14" (a
 * string; give the number 14)` for a code written as text, `"abc" (a string)`,
 * `undefined`, `null` or `{} (an object)` otherwise. `null` for a number, whose
 * message the caller writes (it knows which table the number is missing from).
 *
 * @param value - The `typeRvo` as it was given.
 * @returns The description, or `null` when `value` is a number.
 * @throws Never.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { describeNonNumericMestcode } from "fdm-data";
 * assert.equal(describeNonNumericMestcode("14"), '"14" (a string; give the number 14)');
 * assert.equal(describeNonNumericMestcode(14), null);
 * ```
 */
export function describeNonNumericMestcode(value: unknown): string | null {
  if (typeof value === "number") return null;
  if (value === undefined || value === null) return String(value);
  if (typeof value === "string") {
    const text = JSON.stringify(value);
    const asNumber = Number(value.trim());
    return value.trim() !== "" && isMestcode(asNumber)
      ? `${text} (a string; give the number ${asNumber})`
      : `${text} (a string)`;
  }
  const shown =
    typeof value === "object" ? (JSON.stringify(value) ?? String(value)) : String(value);
  const kind = Array.isArray(value) ? "array" : typeof value;
  return `${shown} (${kind === "array" || kind === "object" ? "an" : "a"} ${kind})`;
}
