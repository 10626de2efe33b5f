import { deepFreeze } from "fdm-data";
import { BRP_GEWASCODES, mestcodesOfTable11 } from "../engine/catalogue-codes.js";
import { indexTable2, indexTable9, indexVarieties, type NormYearRules } from "../engine/rules.js";
import { DIERLIJKE_MEST_TABLE_2025 } from "./dierlijke-mest-data.js";
import { FOSFAAT_TABLE_2025 } from "./fosfaat-data.js";
import { STIKSTOF_TABLE_2025, STIKSTOF_VARIETY_LISTS_2025 } from "./stikstof-data.js";
import { WERKINGSCOEFFICIENTEN_2025 } from "./werkingscoefficienten-data.js";

/**
 * The rules of 2025: RVO's tables of 2025, indexed, and the choices that are
 * the year's own. Crop codes and names and the Table-11 mestcodes of 2025 come
 * from fdm-data's catalogues; 2025 has no RENURE norm and no RENURE mestcodes,
 * and only a declared purpose makes grass a catch crop. The engine computes
 * every 2025 figure from this value; the registry (`../registry.ts`) finds it by year.
 */
export const RULES_2025: NormYearRules = deepFreeze({
  year: 2025,
  flags: [
    "isNVGebied",
    "isGWBG",
    "isNatura2000",
    "isDerogatievrijeZone",
    "hasDerogation",
    "hasGrazingIntention",
    "isOrganicCertified",
  ],
  lineByCode: indexTable2(STIKSTOF_TABLE_2025),
  varieties: indexVarieties(STIKSTOF_VARIETY_LISTS_2025),
  // Table 11 of 2025: fdm-data's codes of the 2025 table, none of them RENURE.
  mestcodes: mestcodesOfTable11(2025, []),
  werkingscoefficienten: indexTable9(WERKINGSCOEFFICIENTEN_2025),
  fosfaat: FOSFAAT_TABLE_2025,
  dierlijkeMest: DIERLIJKE_MEST_TABLE_2025,
  cropName: (code) => BRP_GEWASCODES.get(code),
  renure: null,
  grassCatchCrop: null,
});
