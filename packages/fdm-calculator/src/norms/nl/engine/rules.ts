/**
 * The rules of one legal year of the Dutch gebruiksnormen, as lookup maps built
 * once at load. The engine holds no year: every function takes the rules of
 * the year it computes, and reads its tables and dates from them. A year is a
 * `NormYearRules` value (in its folder's `rules.ts`) found through the registry
 * (`../registry.ts`).
 */
import type {
  DierlijkeMestTableRow,
  FosfaatTableRow,
  MestcodeRow,
  StikstofTableRow,
  WerkingscoefficientRow,
} from "./table-types.js";

/** A Table-11 row with the RENURE flag (always `false` before 2026). */
export interface YearMestcode extends MestcodeRow {
  isRenure: boolean;
}

/** The RENURE norm of a year: a ceiling of its own for the N of RENURE products. */
export interface RenureRule {
  /** The norm, kg N/ha from RENURE products on every field. */
  norm: number;
  /** The RVO mestcodes of the RENURE products that fill it. */
  mestcodes: readonly number[];
}

/** The tables and year-specific choices of one year of the norms. */
export interface NormYearRules {
  /** The calendar year the norms are for. */
  year: number;
  /** The boolean flags the input of a field must give. */
  flags: readonly string[];
  /** The rows of the default Table-2 line per BRP code. */
  lineByCode: ReadonlyMap<number, StikstofTableRow[]>;
  /** The potato variety lists (lower case) by Table-2 line and variant. */
  varieties: ReadonlyMap<string, ReadonlyMap<string, ReadonlySet<string>>>;
  /** Table 11 by mestcode. */
  mestcodes: ReadonlyMap<number, YearMestcode>;
  /** Table-9 sub-cases by mestcode. */
  werkingscoefficienten: ReadonlyMap<number, WerkingscoefficientRow[]>;
  /** The phosphate class table. */
  fosfaat: readonly FosfaatTableRow[];
  /** The dierlijke-mest-gebruiksnorm cases in priority order. */
  dierlijkeMest: readonly DierlijkeMestTableRow[];
  /** The RENURE norm, or `null` in a year without one. */
  renure: RenureRule | null;
  /** The name of a BRP code, `undefined` for a code that is not a BRP gewascode. */
  cropName: (code: number) => string | undefined;
  /**
   * The catch-crop rule for grass destroyed before maïs or potatoes (no 65 kg
   * graslandvernietiging korting when the grass was a catch crop). `null`: only
   * a declared `grassPurpose` of `vanggewas_na_mais` or `groenbemester` makes
   * grass a catch crop (2025). Otherwise grass is a catch crop when its Table-2
   * line is a catch-crop line, when it was sown on or after `sownFrom` (a day
   * number), or when declared `vanggewas`; a declared `grasland` keeps it
   * grassland (2026: sown in or after August 2025).
   */
  grassCatchCrop: { sownFrom: number } | null;
}

/** Indexes Table 2 by BRP code; a code on two lines belongs to the line RVO lists first. */
export function indexTable2(table: readonly StikstofTableRow[]) {
  const byCode = new Map<number, StikstofTableRow[]>();
  for (const row of table) {
    for (const code of row.brpCodes) {
      const rows = byCode.get(code);
      if (!rows) byCode.set(code, [row]);
      else if (rows[0]?.table2Name === row.table2Name) rows.push(row);
    }
  }
  return byCode;
}

/** Indexes the variety lists by Table-2 line and variant, lower case. */
export function indexVarieties(
  lists: readonly { table2Name: string; variant: string; varieties: string[] }[],
) {
  const byLine = new Map<string, Map<string, ReadonlySet<string>>>();
  for (const list of lists) {
    const byVariant = byLine.get(list.table2Name) ?? new Map<string, ReadonlySet<string>>();
    byVariant.set(list.variant, new Set(list.varieties.map((v) => v.toLowerCase())));
    byLine.set(list.table2Name, byVariant);
  }
  return byLine;
}

/** Indexes Table 9 by mestcode, keeping the table's order of precedence. */
export function indexTable9(table: readonly WerkingscoefficientRow[]) {
  const byCode = new Map<number, WerkingscoefficientRow[]>();
  for (const row of table) {
    for (const code of row.mestcodes) {
      const rows = byCode.get(code) ?? [];
      rows.push(row);
      byCode.set(code, rows);
    }
  }
  return byCode;
}
