import { deepFreeze, getCultivationCatalogue, getFertilizersCatalogue } from "fdm-data";
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
 * catalogue: the codes of 2025 and the RENURE codes 130–134 that the 2026 table
 * adds. {@link MESTCODES_2025} says which of them the 2025 table holds.
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

/**
 * The mestcodes of Table 11 of 2025: the `rvo` items whose source is the 2025
 * table (the RENURE codes 130–134 came with the 2026 table and do not exist in
 * the 2025 norms).
 */
export const MESTCODES_2025: ReadonlySet<number> = deepFreeze(
  new Set(
    getFertilizersCatalogue("rvo")
      .filter((item) => item.source.endsWith("2025"))
      .map((item) => item.typeRvo),
  ),
);
