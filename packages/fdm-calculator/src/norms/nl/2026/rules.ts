import { BRP_GEWASCODES, MESTCODES } from "../2025/catalogue-codes.js";
import { FOSFAAT_TABLE_2025 } from "../2025/fosfaat-data.js";
import { STIKSTOF_VARIETY_LISTS_2025 } from "../2025/stikstof-data.js";
import { indexTable2, indexTable9, indexVarieties, type NormYearRules } from "../rules.js";
import { DIERLIJKE_MEST_TABLE_2026 } from "./dierlijke-mest-data.js";
import { RENURE_2026 } from "./renure-data.js";
import { STIKSTOF_TABLE_2026 } from "./stikstof-data.js";
import { WERKINGSCOEFFICIENTEN_2026 } from "./werkingscoefficienten-data.js";

const renure = new Set(RENURE_2026.mestcodes);

/**
 * The RVO tables of 2026, indexed. Crop codes and names and the Table-11
 * mestcodes (names, forfaitaire contents, animal manure or not) come from
 * fdm-data's catalogues; the RENURE norm's mestcodes mark the RENURE products.
 * The variety lists and phosphate classes are those of 2025 (the generator
 * checks they are identical).
 */
export const RULES_2026: NormYearRules = {
  year: 2026,
  dateError: "DATE_OUTSIDE_2026",
  flags: ["isNVGebied", "hasGrazingIntention", "isOrganicCertified"],
  lineByCode: indexTable2(STIKSTOF_TABLE_2026),
  varieties: indexVarieties(STIKSTOF_VARIETY_LISTS_2025),
  mestcodes: new Map(
    [...MESTCODES].map(([code, row]) => [code, { ...row, isRenure: renure.has(code) }]),
  ),
  werkingscoefficienten: indexTable9(WERKINGSCOEFFICIENTEN_2026),
  fosfaat: FOSFAAT_TABLE_2025,
  dierlijkeMest: DIERLIJKE_MEST_TABLE_2026,
  cropName: (code) => BRP_GEWASCODES.get(code),
  catchCropGrassExempt: true,
};
