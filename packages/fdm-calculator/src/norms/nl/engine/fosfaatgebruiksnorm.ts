import { FdmCalculatorError } from "../../../errors.js";
import { resolveMainCrop } from "./hoofdteelt.js";
import type { PreparedField } from "./input.js";
import { fosfaatRow, roundHalfUp } from "./table-index.js";
import { flat } from "./text-memo.js";
import type { FosfaatGebruiksnormResult } from "./types.js";

/** Main-crop BRP codes that count as grasland for the fosfaatgebruiksnorm (RVO 2025 and 2026). */
const GRASLAND_CODES = new Set([265, 266, 331, 332, 335]);

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
  const row = fosfaatRow(rules.fosfaat, landUse, cacl2Tenths, pAl);
  if (!row)
    throw new Error(`No phosphate class for ${landUse}, P-CaCl2 ${cacl2Tenths / 10}, P-AL ${pAl}`);
  // The land use and the class follow from the main crop (its explanation names it, and so its
  // code) and the analysis on the path.
  const memo = field.texts
    .at("fosfaat norm")
    .at(rules.year)
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
