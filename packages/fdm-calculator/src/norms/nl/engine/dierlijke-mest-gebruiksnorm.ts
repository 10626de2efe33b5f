import type { PreparedField } from "./input.js";
import { dierlijkeMestRow } from "./table-index.js";
import type { DierlijkeMestTableRow } from "./table-types.js";
import type { DierlijkeMestGebruiksnormResult } from "./types.js";

// The text of a row in a year, built once: a table has a handful of rows, and a row's text
// depends only on the row and the year.
const TEXTS = new WeakMap<DierlijkeMestTableRow, Map<number, string>>();
function explain(row: DierlijkeMestTableRow, year: number): string {
  let byYear = TEXTS.get(row);
  if (byYear === undefined) {
    byYear = new Map();
    TEXTS.set(row, byYear);
  }
  let text = byYear.get(year);
  if (text === undefined) {
    text = `${row.case}: ${row.norm} kg N/ha from animal manure (RVO dierlijke-mest-gebruiksnorm ${year}, "${row.label}")`;
    byYear.set(year, text);
  }
  return text;
}

/** The dierlijke-mest-gebruiksnorm of a validated field. */
export function dierlijkeMestNorm(field: PreparedField): DierlijkeMestGebruiksnormResult {
  const { input, rules } = field;
  const row = dierlijkeMestRow(rules.dierlijkeMest, input);
  if (!row) throw new Error("The dierlijke-mest table has no row for these flags");
  return {
    normValue: row.norm,
    unit: "kg N/ha",
    explanation: explain(row, rules.year),
    label: row.label,
  };
}
