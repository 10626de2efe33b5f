import type { PreparedField } from "./input.js";
import type { FlagCondition } from "./table-types.js";
import type { DierlijkeMestGebruiksnormResult } from "./types.js";

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
