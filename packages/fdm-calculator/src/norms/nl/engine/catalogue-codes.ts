import { deepFreeze, getCultivationCatalogue, getFertilizersCatalogue } from "fdm-data";
import type { YearMestcode } from "./rules.js";
import type { MestcodeRow } from "./table-types.js";

/**
 * The BRP gewascodes with their names as the BRP writes them (lower case), read
 * from fdm-data's `brp` catalogue: the calculator keeps no crop list of its own.
 * A code without a line in the 2025 Table 2 has no stikstofgebruiksnorm.
 */
export const BRP_GEWASCODES: ReadonlyMap<number, string> = deepFreeze(
  new Map(getCultivationCatalogue("brp").map((item) => [item.sourceCode, item.sourceName])),
);

/** The code of each catalogue id `nl_<code>` of {@link BRP_GEWASCODES}. */
export const BRP_CODE_BY_ID: ReadonlyMap<string, number> = deepFreeze(
  new Map([...BRP_GEWASCODES.keys()].map((code) => [`nl_${code}`, code])),
);

/**
 * The RVO mestcodes of Table 11 with their forfaitaire N and P2O5 contents
 * (kg/ton) and whether they count as animal manure, read from fdm-data's `rvo`
 * catalogue: every code of every year's table (the 2025 codes and the RENURE
 * codes 130–134 that the 2026 table adds). A year holds the codes of its own
 * table: see {@link mestcodesOfTable11}.
 */
export const MESTCODES: ReadonlyMap<number, MestcodeRow> = deepFreeze(
  new Map(
    getFertilizersCatalogue("rvo").map((item) => [
      item.typeRvo,
      {
        code: item.typeRvo,
        description: item.sourceName,
        isDierlijkeMest: item.isManure,
        nForfaitair: item.composition.n,
        p2o5Forfaitair: item.composition.p2o5,
      },
    ]),
  ),
);

/** The year of the Table 11 an `rvo` item comes from, as fdm-data's `source` ends with it. */
function tableYear(source: string): number {
  const year = Number(source.match(/(\d{4})$/)?.[1]);
  if (!Number.isInteger(year)) {
    throw new Error(`fdm-data's rvo item source "${source}" does not end with its table's year`);
  }
  return year;
}

/**
 * Table 11 as a year's rules hold it: the mestcodes of fdm-data's `rvo`
 * catalogue whose table came out in `year` or before (fdm-data records with
 * each code the table it first appears in, so the 2025 rules hold the 58 codes
 * of 2025 and not the RENURE codes 130–134 that came with the 2026 table),
 * each marked RENURE or not. The code list itself stays in fdm-data; a year's
 * rules name only their year and their RENURE codes.
 *
 * @param year - The year of the rules.
 * @param renure - The mestcodes that fill the year's RENURE norm (none before 2026).
 */
export function mestcodesOfTable11(
  year: number,
  renure: readonly number[],
): ReadonlyMap<number, YearMestcode> {
  const renureCodes = new Set(renure);
  const inYear = new Set<number>(
    getFertilizersCatalogue("rvo")
      .filter((item) => tableYear(item.source) <= year)
      .map((item) => item.typeRvo),
  );
  return new Map(
    [...MESTCODES]
      .filter(([code]) => inYear.has(code))
      .map(([code, row]) => [code, { ...row, isRenure: renureCodes.has(code) }]),
  );
}
