import { type PreparedField, prepareField } from "./input.js";
import type { FlagCondition } from "./table-types.js";
import type { DierlijkeMestGebruiksnormResult, NL2025NormsInput } from "./types.js";

const holds = (condition: FlagCondition, value: boolean | undefined) =>
  condition === "any" || condition === value;

/** The dierlijke-mest-gebruiksnorm of a validated field. */
export function dierlijkeMestNorm(field: PreparedField): DierlijkeMestGebruiksnormResult {
  const { input, rules } = field;
  const row = rules.dierlijkeMest.find(
    (r) =>
      holds(r.derogation, input.hasDerogation) &&
      holds(r.natura2000, input.isNatura2000) &&
      holds(r.gwbg, input.isGWBG) &&
      holds(r.derogatievrijeZone, input.isDerogatievrijeZone) &&
      holds(r.nvArea, input.isNVGebied),
  );
  if (!row) throw new Error("The dierlijke-mest table has no row for these flags");
  const memo = field.texts
    .at("dierlijke mest norm")
    .at(rules.year)
    .at(row.case)
    .at(row.label)
    .at(row.norm);
  return {
    normValue: row.norm,
    unit: "kg N/ha",
    explanation:
      memo.text ??
      memo.keep(
        `${row.case}: ${row.norm} kg N/ha from animal manure (RVO dierlijke-mest-gebruiksnorm ${rules.year}, "${row.label}")`,
      ),
    label: row.label,
  };
}

/**
 * Determines the dierlijke-mest-gebruiksnorm (norm for nitrogen from animal
 * manure, kg N/ha) of a field for 2025. It does not depend on the crop.
 *
 * Without derogatie (derogation) the norm is 170. With derogatie it is 200
 * outside and 190 inside an NV-gebied, but it stays 170 for a field in (or in
 * the mapped zone around) a Natura 2000 area, in a grondwaterbeschermingsgebied
 * (GWBG, groundwater protection area) or in a derogatievrije zone. The rules are
 * checked in RVO's priority order and the first match applies.
 *
 * @param input - The field's plain input.
 * @returns The norm in kg N/ha with RVO's label of the case and an explanation.
 * @throws {FdmCalculatorError} The validation errors of the input (`INVALID_INPUT`,
 *   `UNKNOWN_CULTIVATION`, `DATE_OUTSIDE_2025`, `UNKNOWN_MESTCODE`).
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getNL2025DierlijkeMestGebruiksNorm } from "fdm-calculator";
 *
 * const norm = getNL2025DierlijkeMestGebruiksNorm({
 *   fieldId: "field-1",
 *   area: 4.2,
 *   region: "zand_nwc",
 *   isNVGebied: true,
 *   isGWBG: false,
 *   isNatura2000: false,
 *   isDerogatievrijeZone: false,
 *   hasDerogation: true,
 *   hasGrazingIntention: true,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_265", startDate: new Date("2015-01-01") }],
 *   applications: [],
 * });
 * assert.equal(norm.normValue, 190); // derogatie in NV-gebied
 * ```
 */
export function getNL2025DierlijkeMestGebruiksNorm(
  input: NL2025NormsInput,
): DierlijkeMestGebruiksnormResult {
  return dierlijkeMestNorm(prepareField(input));
}
