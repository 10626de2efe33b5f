import type { PreparedField } from "./input.js";
import { dierlijkeMestRow } from "./table-index.js";
import type { DierlijkeMestGebruiksnormResult } from "./types.js";

/** The dierlijke-mest-gebruiksnorm of a validated field. */
export function dierlijkeMestNorm(field: PreparedField): DierlijkeMestGebruiksnormResult {
  const { input, rules } = field;
  const row = dierlijkeMestRow(rules.dierlijkeMest, input);
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
