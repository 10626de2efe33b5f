import { deepFreeze } from "fdm-data";
import { FOSFAAT_TABLE_2025 } from "../2025/fosfaat-data.js";
import { STIKSTOF_VARIETY_LISTS_2025 } from "../2025/stikstof-data.js";
import { day } from "../calendar.js";
import { BRP_GEWASCODES, mestcodesOfTable11 } from "../engine/catalogue-codes.js";
import { indexTable2, indexTable9, indexVarieties, type NormYearRules } from "../engine/rules.js";
import { DIERLIJKE_MEST_TABLE_2026 } from "./dierlijke-mest-data.js";
import { RENURE_2026 } from "./renure-data.js";
import { STIKSTOF_TABLE_2026 } from "./stikstof-data.js";
import { WERKINGSCOEFFICIENTEN_2026 } from "./werkingscoefficienten-data.js";

/**
 * The rules of 2026: RVO's tables of 2026, indexed, and the choices that are
 * the year's own. Crop codes and names and the Table-11 mestcodes (names,
 * forfaitaire contents, animal manure or not) come from fdm-data's catalogues;
 * the RENURE norm (80 kg N/ha) and its mestcodes 130–134 are new; derogation
 * is gone (no derogation flags); grass sown in or after August 2025 counts as
 * a catch crop. The variety lists and phosphate classes are the 2025 tables
 * (the generator checks that RVO's 2026 tables are identical).
 */
export const RULES_2026: NormYearRules = deepFreeze({
  year: 2026,
  flags: ["isNVGebied", "hasGrazingIntention", "isOrganicCertified"],
  lineByCode: indexTable2(STIKSTOF_TABLE_2026),
  varieties: indexVarieties(STIKSTOF_VARIETY_LISTS_2025),
  // Table 11 of 2026: fdm-data's codes of the 2025 and 2026 tables, 130–134 RENURE.
  mestcodes: mestcodesOfTable11(2026, RENURE_2026.mestcodes),
  werkingscoefficienten: indexTable9(WERKINGSCOEFFICIENTEN_2026),
  fosfaat: FOSFAAT_TABLE_2025,
  dierlijkeMest: DIERLIJKE_MEST_TABLE_2026,
  cropName: (code) => BRP_GEWASCODES.get(code),
  renure: { norm: RENURE_2026.norm, mestcodes: RENURE_2026.mestcodes },
  // Reference nl-2026 README, rule 4: grass sown in or after August 2025 is a catch crop.
  grassCatchCrop: { sownFrom: day(2025, 8, 1) },
});
