import { getCultivationCatalogue, getFertilizersCatalogue } from "fdm-data";
import type { MestcodeRow } from "./table-types.js";

/**
 * The BRP gewascodes with their names as the BRP writes them (lower case), read
 * from fdm-data's `brp` catalogue: the calculator keeps no crop list of its own.
 * A code without a line in the 2025 Table 2 has no stikstofgebruiksnorm.
 */
export const BRP_GEWASCODES: ReadonlyMap<number, string> = new Map(
  getCultivationCatalogue("brp").map((item) => [item.sourceCode, item.sourceName]),
);

/**
 * The RVO mestcodes of Table 11 with their forfaitaire N and P2O5 contents
 * (kg/ton) and whether they count as animal manure, read from fdm-data's `rvo`
 * catalogue. The RENURE codes 130–134 of the 2026 table are in no 2025 Table-9
 * category, so the 2025 filling counts them at 100% of a measured content.
 */
export const MESTCODES: ReadonlyMap<number, MestcodeRow> = new Map(
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
);
