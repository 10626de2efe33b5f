/**
 * fdm-calculator in a browser (`import … from "fdm-calculator/browser"`): the
 * whole API, with no Node-only module. A location dataset (`getRegion`,
 * `isFieldInNVGebied`, …) must then be an http(s) URL: a page has no file
 * system, so a local path is refused with `GEODATA_UNREADABLE`.
 *
 * @packageDocumentation
 */

export { calculateNitrogenBalance } from "./balance/nitrogen/nitrogen-balance.js";
export type {
  NitrogenBalance,
  NitrogenBalanceApplication,
  NitrogenBalanceApplicationResult,
  NitrogenBalanceByFertilizerType,
  NitrogenBalanceComponents,
  NitrogenBalanceCultivation,
  NitrogenBalanceCultivationResult,
  NitrogenBalanceEmissionFactors,
  NitrogenBalanceFertilizer,
  NitrogenBalanceFertilizerEmissionFactor,
  NitrogenBalanceFertilizerType,
  NitrogenBalanceField,
  NitrogenBalanceFieldInput,
  NitrogenBalanceHarvest,
  NitrogenBalanceInput,
  NitrogenBalanceMissing,
  NitrogenBalanceMissingItem,
  NitrogenBalanceRemovalResult,
  NitrogenBalanceResidueRemoval,
  NitrogenBalanceSurplusTarget,
  NitrogenBalanceTimeframe,
} from "./balance/nitrogen/types.js";
export {
  getNitrogenBalanceForFarm,
  getNL2025GebruiksnormenForFarm,
} from "./collectors/cached.js";
export {
  collectInputForNitrogenBalance,
  type NitrogenBalanceCollectorOptions,
  type NitrogenBalanceFieldDetails,
} from "./collectors/nitrogen-balance.js";
export {
  collectInputForNL2025Norms,
  type DoseForFieldOptions,
  getDoseForField,
  type NL2025CultivationDetails,
  type NL2025FieldLocation,
  type NL2025NormsCollectorOptions,
} from "./collectors/norms.js";
export {
  type ApplicationDose,
  calculateDose,
  type Dose,
  type DoseInput,
  type DoseNutrients,
} from "./dose.js";
export { FdmCalculatorError, type FdmCalculatorErrorCode } from "./errors.js";
export {
  clearGeodataCache,
  GeodataError,
  type GeodataErrorCode,
  type GeodataFormat,
  type GeodataOptions,
} from "./location/geodata.js";
export {
  type AreaLookupOptions,
  type FieldGeometry,
  getRegion,
  isFieldInGWGBGebied,
  isFieldInNVGebied,
  type RegionLookupOptions,
} from "./location/location.js";
export { getNL2025DierlijkeMestGebruiksNorm } from "./norms/nl/2025/dierlijke-mest-gebruiksnorm.js";
export {
  calculateNL2025GebruiksnormenForFarm,
  type NL2025FarmGebruiksnormen,
  type NL2025FarmNormTotal,
  type NL2025FieldGebruiksnormen,
  type NormWithFilling,
} from "./norms/nl/2025/farm.js";
export {
  calculateNL2025DierlijkeMestGebruiksNormFilling,
  calculateNL2025FosfaatGebruiksNormFilling,
  calculateNL2025StikstofGebruiksNormFilling,
} from "./norms/nl/2025/filling.js";
export { getNL2025FosfaatGebruiksNorm } from "./norms/nl/2025/fosfaatgebruiksnorm.js";
export { getNL2025Hoofdteelt, type NL2025Hoofdteelt } from "./norms/nl/2025/hoofdteelt.js";
export { getNL2025StikstofGebruiksNorm } from "./norms/nl/2025/stikstofgebruiksnorm.js";
export type {
  DierlijkeMestGebruiksnormResult,
  FosfaatGebruiksnormResult,
  GebruiksnormFillingResult,
  GebruiksnormResult,
  GebruiksnormUnit,
  NL2025Application,
  NL2025Cultivation,
  NL2025Fertilizer,
  NL2025NormsInput,
  NL2025Region,
  NL2025SoilPhosphate,
  NormFillingApplication,
  StikstofGebruiksnormResult,
} from "./norms/nl/2025/types.js";
export {
  NUTRIENT_ADVICE_NUTRIENTS,
  type NutrientAdvice,
  NutrientAdviceError,
  type NutrientAdviceErrorCode,
  type NutrientAdviceInput,
  type NutrientAdviceNutrient,
  type NutrientAdviceNutrients,
  type NutrientAdviceOptions,
  type NutrientAdviceSoilData,
  requestNutrientAdvice,
} from "./nutrient-advice/nutrient-advice.js";
