import { getCultivationCatalogue, getFertilizersCatalogue } from "fdm-data";
import { FOSFAAT_TABLE_2025 } from "../2025/fosfaat-data.js";
import { STIKSTOF_VARIETY_LISTS_2025 } from "../2025/stikstof-data.js";
import { indexTable2, indexTable9, indexVarieties, type NormYearRules } from "../rules.js";
import { DIERLIJKE_MEST_TABLE_2026 } from "./dierlijke-mest-data.js";
import { MESTCODE_FIGURES_2026 } from "./mestcodes-data.js";
import { STIKSTOF_TABLE_2026 } from "./stikstof-data.js";
import { WERKINGSCOEFFICIENTEN_2026 } from "./werkingscoefficienten-data.js";

const lineByCode = indexTable2(STIKSTOF_TABLE_2026);
const cropNames = new Map(getCultivationCatalogue("brp").map((c) => [c.sourceCode, c.sourceName]));
const mestcodeNames = new Map(
  getFertilizersCatalogue("rvo").map((f) => [f.typeRvo, f.sourceName] as const),
);

/**
 * The RVO tables of 2026, indexed. Crop and mestcode names come from fdm-data;
 * a BRP code RVO put on a 2026 Table-2 line that fdm-data does not list yet is
 * still a crop, named after its line. The variety lists and phosphate classes
 * are those of 2025 (the generator checks they are identical).
 */
export const RULES_2026: NormYearRules = {
  year: 2026,
  dateError: "DATE_OUTSIDE_2026",
  flags: ["isNVGebied", "hasGrazingIntention", "isOrganicCertified"],
  lineByCode,
  varieties: indexVarieties(STIKSTOF_VARIETY_LISTS_2025),
  mestcodes: new Map(
    MESTCODE_FIGURES_2026.map((row) => [
      row.code,
      { ...row, description: mestcodeNames.get(row.code) ?? `mestcode ${row.code}` },
    ]),
  ),
  werkingscoefficienten: indexTable9(WERKINGSCOEFFICIENTEN_2026),
  fosfaat: FOSFAAT_TABLE_2025,
  dierlijkeMest: DIERLIJKE_MEST_TABLE_2026,
  cropName: (code) => cropNames.get(code) ?? lineByCode.get(code)?.[0]?.table2Name,
  catchCropGrassExempt: true,
};
