/**
 * The public 2026 norm functions: each is one line over the year-neutral
 * engine with the rules of 2026 (`RULES_2026`). The same computations by year
 * number: `getStikstofGebruiksNorm(2026, input)` and its siblings.
 */
import {
  dierlijkeMestGebruiksNorm,
  fosfaatGebruiksNorm,
  hoofdteelt,
  renureGebruiksNorm,
  stikstofGebruiksNorm,
} from "../engine/api.js";
import type { Hoofdteelt } from "../engine/hoofdteelt.js";
import type {
  DierlijkeMestGebruiksnormResult,
  FosfaatGebruiksnormResult,
  RenureGebruiksnormResult,
  StikstofGebruiksnormResult,
} from "../engine/types.js";
import { RULES_2026 } from "./rules.js";
import type { NL2026Cultivation, NL2026NormsInput } from "./types.js";

/** The hoofdteelt (main crop) of a field in 2026. */
export type NL2026Hoofdteelt = Hoofdteelt;

/**
 * Finds the hoofdteelt (main crop) of a field for 2026: the crop that is on the
 * field for the longest time between 15 May and 15 July 2026, by the rule of
 * the hoofdteelt, with 2026's window. With no crop in the window the
 * main crop is BRP 6794 "groene braak, spontane opkomst" (norm 0).
 *
 * @param input - The field: its `fieldId` (named in errors) and its `cultivations`.
 * @returns The main crop, the cultivation it came from and how it was chosen.
 * @throws {FdmCalculatorError} `UNKNOWN_CULTIVATION` for an id that is not a BRP gewascode,
 *   `INVALID_INPUT` for invalid dates, `DATE_OUTSIDE_YEAR` for a crop starting after 2026.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getNL2026Hoofdteelt } from "fdm-calculator";
 *
 * const hoofdteelt = getNL2026Hoofdteelt({
 *   fieldId: "field-1",
 *   cultivations: [
 *     { cultivationId: "nl_265", startDate: new Date("2015-04-01"), endDate: new Date("2026-04-20") },
 *     { cultivationId: "nl_259", startDate: new Date("2026-05-01"), endDate: new Date("2026-10-10") },
 *   ],
 * });
 * assert.equal(hoofdteelt.cultivationId, "nl_259"); // snijmaïs, 61 days in the window
 * ```
 */
export function getNL2026Hoofdteelt(input: {
  fieldId: string;
  cultivations: NL2026Cultivation[];
}): NL2026Hoofdteelt {
  return hoofdteelt(input, RULES_2026);
}

/**
 * Determines the stikstofgebruiksnorm (nitrogen application norm, kg effective
 * N/ha) of a field for 2026 from RVO Tabel 2 Stikstof landbouwgrond 2026, with
 * the steps of {@link getNL2025StikstofGebruiksNorm} moved on one year:
 *
 * 1. The hoofdteelt (main crop) is `mainCropId`, or the crop longest on the
 *    field between 15 May and 15 July 2026.
 * 2. Its BRP code gives the Table-2 line. Maïs has one figure set in 2026
 *    (derogation is gone). New BRP codes sit on existing lines (7195, 7196 on
 *    "Ui overig"; 7139, 7193, 7194 on "kers"; 7136, 7197 on "Snelgroeiende
 *    houtsoorten"); "Aardappel, bestrijdingsmaatregel" is BRP 2025.
 * 3. Variants as in 2025 (grazing, period, variety, crop year with 2025 as the
 *    year before, BRP code, teeltwijze).
 * 4. The column of the soil region, the NV-gebied figure inside an NV-gebied.
 * 5. On zand and löss only, the korting: 65 kg N/ha on maïs and consumption or
 *    factory potatoes after grassland destroyed from 1 February to 10 May 2026,
 *    but not when the grass was a catch crop: its Table-2 line is a catch-crop
 *    line, or it was sown in or after August 2025 (a declared `grassPurpose`
 *    decides first: `vanggewas_na_mais`, `groenbemester` or `vanggewas` make
 *    it a catch crop, `grasland` keeps it grassland); 50 kg N/ha on grassland renewed from
 *    1 June to 31 August 2026; otherwise the catch-crop reduction (0, 5, 10 or
 *    20 kg N/ha by the sowing date of a catch crop sown after 15 July 2025 and
 *    before 1 February 2026, staying until 1 February 2026; none for a winter
 *    crop). No korting on klei and veen. The norm does not go below 0.
 *
 * @param input - The field's plain 2026 input.
 * @returns The norm in kg N/ha with the Table-2 line, variant, korting and an explanation.
 * @throws {FdmCalculatorError} `NO_NORM_FOR_CROP` when the main crop has no Table-2 line,
 *   `GRASSLAND_DESTRUCTION_NOT_ALLOWED` for grassland destroyed on zand or löss outside the
 *   periods RVO allows, `MISSING_VARIANT`, `NO_NORM_FOR_PERIOD`, `MISSING_CULTIVATION`, and the
 *   validation errors of the input (`INVALID_INPUT`, `UNKNOWN_CULTIVATION`, `DATE_OUTSIDE_YEAR`,
 *   `UNKNOWN_MESTCODE`).
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getNL2026StikstofGebruiksNorm } from "fdm-calculator";
 *
 * const norm = getNL2026StikstofGebruiksNorm({
 *   fieldId: "field-1",
 *   area: 3,
 *   region: "zand_zuid",
 *   isNVGebied: false,
 *   hasGrazingIntention: true,
 *   isOrganicCertified: false,
 *   cultivations: [
 *     { cultivationId: "nl_265", startDate: new Date("2016-04-01"), endDate: new Date("2026-04-15") },
 *     { cultivationId: "nl_259", startDate: new Date("2026-04-25"), endDate: new Date("2026-10-01") },
 *   ],
 *   applications: [],
 * });
 * assert.equal(norm.tableValue, 112); // maïs on zand_zuid
 * assert.equal(norm.korting, 65); // grassland destroyed on 15 April
 * assert.equal(norm.normValue, 47);
 * ```
 */
export function getNL2026StikstofGebruiksNorm(input: NL2026NormsInput): StikstofGebruiksnormResult {
  return stikstofGebruiksNorm(input, RULES_2026);
}

/**
 * Determines the fosfaatgebruiksnorm (phosphate application norm, kg P2O5/ha)
 * of a field for 2026. The classes, their bounds, the rounding and the norms
 * are those of 2025 (RVO Tabel fosfaatgebruiksnormen 2026 is unchanged):
 * grasland when the main crop is BRP 265, 266, 331, 332 or 335, else bouwland;
 * P-CaCl2 rounded half up to one decimal and P-AL to a whole number give the
 * class Arm, Laag, Neutraal, Ruim or Hoog (grasland 120/105/95/90/75, bouwland
 * 120/80/70/60/40).
 *
 * @param input - The field's plain 2026 input, with `soilPhosphate`.
 * @returns The norm in kg P2O5/ha with the land use, the class and an explanation.
 * @throws {FdmCalculatorError} `MISSING_SOIL_ANALYSIS` without P-CaCl2 and P-AL, and the
 *   validation errors of the input (`DATE_OUTSIDE_YEAR` among them).
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getNL2026FosfaatGebruiksNorm } from "fdm-calculator";
 *
 * const norm = getNL2026FosfaatGebruiksNorm({
 *   fieldId: "field-1",
 *   area: 3,
 *   region: "klei",
 *   isNVGebied: false,
 *   hasGrazingIntention: false,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_265", startDate: new Date("2012-03-01") }],
 *   soilPhosphate: { pCaCl2: 0.8, pAl: 20 },
 *   applications: [],
 * });
 * assert.equal(norm.fosfaatklasse, "Arm"); // grasland, P-CaCl2 0.8–1.4 and P-AL up to 20
 * assert.equal(norm.normValue, 120);
 * ```
 */
export function getNL2026FosfaatGebruiksNorm(input: NL2026NormsInput): FosfaatGebruiksnormResult {
  return fosfaatGebruiksNorm(input, RULES_2026);
}

/**
 * Determines the dierlijke-mest-gebruiksnorm (norm for nitrogen from animal
 * manure, kg N/ha) of a field for 2026: 170 kg N/ha on every field. Derogation
 * ended with 2025, so the norm no longer depends on derogation, NV-gebied,
 * Natura 2000, GWBG or the derogatievrije zone. RENURE products (mestcodes
 * 130–134) do not count for it; they fill the RENURE norm
 * ({@link getNL2026RenureGebruiksNorm}).
 *
 * @param input - The field's plain 2026 input.
 * @returns The norm in kg N/ha with RVO's label of the case and an explanation.
 * @throws {FdmCalculatorError} The validation errors of the input (`INVALID_INPUT`,
 *   `UNKNOWN_CULTIVATION`, `DATE_OUTSIDE_YEAR`, `UNKNOWN_MESTCODE`).
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getNL2026DierlijkeMestGebruiksNorm } from "fdm-calculator";
 *
 * const norm = getNL2026DierlijkeMestGebruiksNorm({
 *   fieldId: "field-1",
 *   area: 3,
 *   region: "zand_nwc",
 *   isNVGebied: true,
 *   hasGrazingIntention: true,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_265", startDate: new Date("2015-01-01") }],
 *   applications: [],
 * });
 * assert.equal(norm.normValue, 170);
 * assert.equal(norm.label, "Standaard - geen derogatie");
 * ```
 */
export function getNL2026DierlijkeMestGebruiksNorm(
  input: NL2026NormsInput,
): DierlijkeMestGebruiksnormResult {
  return dierlijkeMestGebruiksNorm(input, RULES_2026);
}

/**
 * Determines the RENURE norm of a field for 2026: 80 kg N/ha from RENURE
 * products (REcovered Nitrogen from manURE, mestcodes 130–134), a ceiling of
 * its own on top of the dierlijke-mest-gebruiksnorm of 170 kg N/ha. It is the
 * same on every field.
 *
 * @param input - The field's plain 2026 input (validated like every 2026 norm).
 * @returns The norm in kg N/ha with the mestcodes that fill it.
 * @throws {FdmCalculatorError} The validation errors of the input (`INVALID_INPUT`,
 *   `UNKNOWN_CULTIVATION`, `DATE_OUTSIDE_YEAR`, `UNKNOWN_MESTCODE`).
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getNL2026RenureGebruiksNorm } from "fdm-calculator";
 *
 * const norm = getNL2026RenureGebruiksNorm({
 *   fieldId: "field-1",
 *   area: 3,
 *   region: "klei",
 *   isNVGebied: false,
 *   hasGrazingIntention: false,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_233", startDate: new Date("2025-10-20") }],
 *   applications: [],
 * });
 * assert.equal(norm.normValue, 80);
 * assert.deepEqual(norm.mestcodes, [130, 131, 132, 133, 134]);
 * ```
 */
export function getNL2026RenureGebruiksNorm(input: NL2026NormsInput): RenureGebruiksnormResult {
  return renureGebruiksNorm(input, RULES_2026);
}
