/**
 * The public 2025 functions: each is one line over the year-neutral engine
 * with the rules of 2025 (`RULES_2025`). The same computations by year number:
 * `getStikstofGebruiksNorm(2025, input)` and its siblings.
 */

import {
  dierlijkeMestGebruiksNorm,
  fosfaatGebruiksNorm,
  hoofdteelt,
  stikstofGebruiksNorm,
} from "../engine/api.js";
import type { Hoofdteelt } from "../engine/hoofdteelt.js";
import type {
  DierlijkeMestGebruiksnormResult,
  FosfaatGebruiksnormResult,
  StikstofGebruiksnormResult,
} from "../engine/types.js";
import { RULES_2025 } from "./rules.js";
import type { NL2025Cultivation, NL2025NormsInput } from "./types.js";

/** The hoofdteelt (main crop) of a field in 2025. */
export type NL2025Hoofdteelt = Hoofdteelt;

/**
 * Finds the hoofdteelt (main crop) of a field for 2025: the crop that is on the
 * field for the longest time between 15 May and 15 July 2025.
 *
 * Days are counted as end date minus start date, clipped to that window; a
 * crop without an end date counts as present until 15 July. When crops tie,
 * the one whose BRP code comes first in alphabetical order (as text, so `1919`
 * before `265`) is taken. When no crop is on the field in the window, the main
 * crop is BRP 6794 "groene braak, spontane opkomst", whose Table-2 line is
 * "Geen plaatsingsruimte" (norm 0).
 *
 * @param input - The field: its `fieldId` (named in errors) and its `cultivations`.
 * @returns The main crop, the cultivation it came from and how it was chosen.
 * @throws {FdmCalculatorError} `UNKNOWN_CULTIVATION` for an id that is not a BRP gewascode,
 *   `INVALID_INPUT` for invalid dates, `DATE_OUTSIDE_YEAR` for a crop starting after 2025.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getNL2025Hoofdteelt } from "fdm-calculator";
 *
 * const hoofdteelt = getNL2025Hoofdteelt({
 *   fieldId: "field-1",
 *   cultivations: [
 *     { cultivationId: "nl_236", startDate: new Date("2025-03-20"), endDate: new Date("2025-07-30") },
 *     { cultivationId: "nl_3504", startDate: new Date("2025-07-30"), endDate: null },
 *   ],
 * });
 * assert.equal(hoofdteelt.cultivationId, "nl_236"); // zomergerst, 61 days in the window
 * ```
 */
export function getNL2025Hoofdteelt(input: {
  fieldId: string;
  cultivations: NL2025Cultivation[];
}): NL2025Hoofdteelt {
  return hoofdteelt(input, RULES_2025);
}

/**
 * Determines the stikstofgebruiksnorm (nitrogen application norm, kg effective
 * N/ha) of a field for 2025 from RVO Table 2 Stikstof landbouwgrond 2025.
 *
 * 1. The hoofdteelt (main crop) is `mainCropId`, or else the crop found by
 *    {@link getNL2025Hoofdteelt}.
 * 2. The crop's BRP code gives the Table-2 line; a code on two lines belongs to
 *    the line RVO lists first.
 * 3. A line with variants is resolved by grazing intention (Grasland), by the
 *    period the temporary grassland is on the field (Tijdelijk grasland), by
 *    variety (potatoes), by derogation (maïs), by crop year (a crop of the same
 *    line in 2024 means the following-years figure), by BRP code (koolzaad),
 *    as 1e teelt for the main crop (Spinazie, Slasoorten, Andijvie), or by the
 *    teeltwijze given with the cultivation (Bladgewassen overig, Kruiden, Iris,
 *    Krokus, Gladiool).
 * 4. The figure is the column of the field's soil region, the lower NV-gebied
 *    figure when the field lies in an NV-gebied.
 * 5. On zand and löss, unless the main crop is a winter crop, the korting
 *    (catch-crop reduction) is subtracted: 0, 5, 10 or 20 kg N/ha by the sowing
 *    date of the first catch crop sown after 15 July 2024 and before 1 February
 *    2025 that stayed until at least 1 February 2025; 20 without one. The norm
 *    does not go below 0.
 *
 * @param input - The field's plain input.
 * @returns The norm in kg N/ha with the Table-2 line, variant, korting and an explanation.
 * @throws {FdmCalculatorError} `NO_NORM_FOR_CROP` when the main crop has no Table-2 line,
 *   `MISSING_VARIANT` when the line needs a teeltwijze that is not given, `NO_NORM_FOR_PERIOD`
 *   or `MISSING_CULTIVATION` for temporary grassland whose period cannot be read, and the
 *   validation errors of the input (`INVALID_INPUT`, `UNKNOWN_CULTIVATION`, `DATE_OUTSIDE_YEAR`,
 *   `UNKNOWN_MESTCODE`).
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getNL2025StikstofGebruiksNorm } from "fdm-calculator";
 *
 * const norm = getNL2025StikstofGebruiksNorm({
 *   fieldId: "field-1",
 *   area: 4.2,
 *   region: "klei",
 *   isNVGebied: false,
 *   isGWBG: false,
 *   isNatura2000: false,
 *   isDerogatievrijeZone: false,
 *   hasDerogation: false,
 *   hasGrazingIntention: true,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_265", startDate: new Date("2018-04-01") }],
 *   applications: [],
 * });
 * assert.equal(norm.normValue, 345); // Grasland, beweiden, klei
 * ```
 */
export function getNL2025StikstofGebruiksNorm(input: NL2025NormsInput): StikstofGebruiksnormResult {
  return stikstofGebruiksNorm(input, RULES_2025);
}

/**
 * Determines the fosfaatgebruiksnorm (phosphate application norm, kg P2O5/ha)
 * of a field for 2025.
 *
 * The land use is grasland when the hoofdteelt (main crop) is BRP 265, 266,
 * 331, 332 or 335, and bouwland otherwise. P-CaCl2 is rounded half up to one
 * decimal and P-AL to a whole number; together they give the fosfaatklasse
 * (Arm, Laag, Neutraal, Ruim, Hoog) of RVO's Differentiatie
 * fosfaatgebruiksnorm, whose norm is read from the Tabel
 * fosfaatgebruiksnormen 2025 (grasland 120/105/95/90/75, bouwland
 * 120/80/70/60/40).
 *
 * @param input - The field's plain input, with `soilPhosphate`.
 * @returns The norm in kg P2O5/ha with the land use, the class and an explanation.
 * @throws {FdmCalculatorError} `MISSING_SOIL_ANALYSIS` without P-CaCl2 and P-AL, and the
 *   validation errors of the input (`INVALID_INPUT`, `UNKNOWN_CULTIVATION`, `DATE_OUTSIDE_YEAR`,
 *   `UNKNOWN_MESTCODE`).
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getNL2025FosfaatGebruiksNorm } from "fdm-calculator";
 *
 * const norm = getNL2025FosfaatGebruiksNorm({
 *   fieldId: "field-1",
 *   area: 4.2,
 *   region: "zand_zuid",
 *   isNVGebied: false,
 *   isGWBG: false,
 *   isNatura2000: false,
 *   isDerogatievrijeZone: false,
 *   hasDerogation: false,
 *   hasGrazingIntention: false,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_2014", startDate: new Date("2025-04-10") }],
 *   soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
 *   applications: [],
 * });
 * assert.equal(norm.fosfaatklasse, "Laag");
 * assert.equal(norm.normValue, 80); // bouwland, Laag
 * ```
 */
export function getNL2025FosfaatGebruiksNorm(input: NL2025NormsInput): FosfaatGebruiksnormResult {
  return fosfaatGebruiksNorm(input, RULES_2025);
}

/**
 * Determines the dierlijke-mest-gebruiksnorm (norm for nitrogen from animal
 * manure, kg N/ha) of a field for 2025. It does not depend on the crop.
 *
 * Without derogatie (derogation) the norm is 170. With derogatie it is 200
 * outside and 190 inside an NV-gebied, but it stays 170 for a field in (or in
 * the mapped zone around) a Natura 2000 area, in a grondwaterbeschermingsgebied
 * (GWBG, groundwater protection area) or in a derogatievrije zone. The rules are
 * checked in RVO's priority order and the first match applies.
 *
 * @param input - The field's plain input.
 * @returns The norm in kg N/ha with RVO's label of the case and an explanation.
 * @throws {FdmCalculatorError} The validation errors of the input (`INVALID_INPUT`,
 *   `UNKNOWN_CULTIVATION`, `DATE_OUTSIDE_YEAR`, `UNKNOWN_MESTCODE`).
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getNL2025DierlijkeMestGebruiksNorm } from "fdm-calculator";
 *
 * const norm = getNL2025DierlijkeMestGebruiksNorm({
 *   fieldId: "field-1",
 *   area: 4.2,
 *   region: "zand_nwc",
 *   isNVGebied: true,
 *   isGWBG: false,
 *   isNatura2000: false,
 *   isDerogatievrijeZone: false,
 *   hasDerogation: true,
 *   hasGrazingIntention: true,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_265", startDate: new Date("2015-01-01") }],
 *   applications: [],
 * });
 * assert.equal(norm.normValue, 190); // derogatie in NV-gebied
 * ```
 */
export function getNL2025DierlijkeMestGebruiksNorm(
  input: NL2025NormsInput,
): DierlijkeMestGebruiksnormResult {
  return dierlijkeMestGebruiksNorm(input, RULES_2025);
}
