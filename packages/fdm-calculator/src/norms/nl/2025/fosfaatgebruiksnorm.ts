import { FdmCalculatorError } from "../../../errors.js";
import { resolveMainCrop } from "./hoofdteelt.js";
import { type PreparedField, prepareField } from "./input.js";
import { flat } from "./text-memo.js";
import type { FosfaatGebruiksnormResult, NL2025NormsInput } from "./types.js";

/** Main-crop BRP codes that count as grasland for the fosfaatgebruiksnorm (RVO 2025). */
const GRASLAND_CODES = new Set([265, 266, 331, 332, 335]);

/** Rounds half up to a whole number; the small margin absorbs binary fractions such as 14.499999999999998. */
const roundHalfUp = (value: number) => Math.floor(value + 0.5 + 1e-9);

/** The fosfaatgebruiksnorm of a validated field. */
export function fosfaatNorm(field: PreparedField): FosfaatGebruiksnormResult {
  const { input, rules } = field;
  const soil = input.soilPhosphate;
  if (!soil) {
    throw new FdmCalculatorError(
      "MISSING_SOIL_ANALYSIS",
      `Field "${input.fieldId}": the fosfaatgebruiksnorm needs a soil analysis with P-CaCl2 and P-AL (RVO Differentiatie fosfaatgebruiksnorm ${rules.year}); RVO gives no default for a field without one`,
      { fieldId: input.fieldId },
    );
  }
  const main = resolveMainCrop(field);
  const landUse = GRASLAND_CODES.has(main.code) ? "grasland" : "bouwland";
  const cacl2Tenths = roundHalfUp(soil.pCaCl2 * 10);
  const pAl = roundHalfUp(soil.pAl);
  const row = rules.fosfaat.find(
    (r) =>
      r.landUse === landUse &&
      (r.pCaCl2MinTenths === null || cacl2Tenths >= r.pCaCl2MinTenths) &&
      (r.pCaCl2MaxTenths === null || cacl2Tenths <= r.pCaCl2MaxTenths) &&
      (r.pAlMin === null || pAl >= r.pAlMin) &&
      (r.pAlMax === null || pAl <= r.pAlMax),
  );
  if (!row)
    throw new Error(`No phosphate class for ${landUse}, P-CaCl2 ${cacl2Tenths / 10}, P-AL ${pAl}`);
  // The land use and the class follow from the main crop and the analysis on the path.
  const memo = field.texts
    .at("fosfaat norm")
    .at(rules.year)
    .at(main.code)
    .at(main.explanation)
    .at(soil.pCaCl2)
    .at(soil.pAl);
  return {
    normValue: row.norm,
    unit: "kg P2O5/ha",
    explanation:
      memo.text ??
      memo.keep(
        flat`${main.explanation}, so ${landUse}; P-CaCl2 ${soil.pCaCl2} rounds to ${(cacl2Tenths / 10).toFixed(1)} mg P/kg and P-AL ${soil.pAl} to ${pAl} mg P2O5/100 g: fosfaatklasse ${row.fosfaatklasse}, ${row.norm} kg P2O5/ha (RVO Tabel fosfaatgebruiksnormen ${rules.year})`,
      ),
    landUse,
    fosfaatklasse: row.fosfaatklasse,
  };
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
 *   validation errors of the input (`INVALID_INPUT`, `UNKNOWN_CULTIVATION`, `DATE_OUTSIDE_2025`,
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
  return fosfaatNorm(prepareField(input));
}
