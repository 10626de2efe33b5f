export {
  NITROGEN_BALANCE_DEFAULTS,
  type NitrogenBalanceDefaults,
  type NitrogenBalanceLandType,
  type NitrogenBalanceLeachingFraction,
  type NitrogenBalanceLeachingSoilGroup,
  type NitrogenBalanceManureEmissionFactor,
  type NitrogenBalanceNmiMethod,
  type NitrogenBalanceSoilType,
  type NitrogenBalanceTargetRow,
} from "./balance/nitrogen/defaults.js";
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
  ORGANIC_MATTER_BALANCE_DEFAULTS,
  type OrganicMatterBalanceBound,
  type OrganicMatterBalanceDefaults,
  type OrganicMatterBalanceFigure,
  type OrganicMatterBalanceSoilType,
} from "./balance/organic-matter/defaults.js";
export { calculateOrganicMatterBalance } from "./balance/organic-matter/organic-matter-balance.js";
export type {
  OrganicMatterBalance,
  OrganicMatterBalanceApplication,
  OrganicMatterBalanceApplicationResult,
  OrganicMatterBalanceByProductType,
  OrganicMatterBalanceComponents,
  OrganicMatterBalanceCultivation,
  OrganicMatterBalanceCultivationResult,
  OrganicMatterBalanceDegradation,
  OrganicMatterBalanceEstimate,
  OrganicMatterBalanceFertilizer,
  OrganicMatterBalanceField,
  OrganicMatterBalanceFieldInput,
  OrganicMatterBalanceInput,
  OrganicMatterBalanceMissing,
  OrganicMatterBalanceMissingItem,
  OrganicMatterBalanceProductType,
  OrganicMatterBalanceSoil,
  OrganicMatterBalanceTimeframe,
} from "./balance/organic-matter/types.js";
export {
  OutOfBoundsError,
  PHYSICAL_BOUNDS,
  type PhysicalBound,
  type PhysicalBoundName,
} from "./bounds.js";
export {
  type BalancesCollectorOptions,
  type BalancesInput,
  collectInputForBalances,
} from "./collectors/balances.js";
export {
  getNitrogenBalanceForFarm,
  getNL2025GebruiksnormenForFarm,
  getNL2026GebruiksnormenForFarm,
} from "./collectors/cached.js";
export {
  collectInputForNitrogenBalance,
  type NitrogenBalanceCollectorOptions,
  type NitrogenBalanceFieldDetails,
} from "./collectors/nitrogen-balance.js";
export {
  collectInputForDose,
  collectInputForNL2025Norms,
  collectInputForNL2026Norms,
  collectInputForNorms,
  type DoseForFieldOptions,
  getDoseForField,
  type NL2025CultivationDetails,
  type NL2025FieldLocation,
  type NL2025NormsCollectorOptions,
  type NL2026FieldLocation,
  type NL2026NormsCollectorOptions,
} from "./collectors/norms.js";
export {
  collectInputForOrganicMatterBalance,
  getOrganicMatterBalanceForFarm,
  type OrganicMatterBalanceCollectorOptions,
  type OrganicMatterBalanceFieldDetails,
} from "./collectors/organic-matter-balance.js";
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
  type DepositionLookupOptions,
  type FieldGeometry,
  getDeposition,
  getRegion,
  isFieldInGWGBGebied,
  isFieldInNVGebied,
  type RegionLookupOptions,
} from "./location/location.js";
export {
  calculateNL2025GebruiksnormenForFarm,
  type NL2025FarmGebruiksnormen,
  type NL2025FarmNormTotal,
  type NL2025FieldGebruiksnormen,
} from "./norms/nl/2025/farm.js";
export {
  calculateNL2025DierlijkeMestGebruiksNormFilling,
  calculateNL2025FosfaatGebruiksNormFilling,
  calculateNL2025StikstofGebruiksNormFilling,
} from "./norms/nl/2025/filling.js";
export {
  getNL2025DierlijkeMestGebruiksNorm,
  getNL2025FosfaatGebruiksNorm,
  getNL2025Hoofdteelt,
  getNL2025StikstofGebruiksNorm,
  type NL2025Hoofdteelt,
} from "./norms/nl/2025/norms.js";
export type {
  NL2025Application,
  NL2025Cultivation,
  NL2025Fertilizer,
  NL2025NormsInput,
  NL2025Region,
  NL2025SoilPhosphate,
} from "./norms/nl/2025/types.js";
export {
  calculateNL2026GebruiksnormenForFarm,
  type NL2026FarmGebruiksnormen,
  type NL2026FarmNormTotal,
  type NL2026FieldGebruiksnormen,
} from "./norms/nl/2026/farm.js";
export {
  calculateNL2026DierlijkeMestGebruiksNormFilling,
  calculateNL2026FosfaatGebruiksNormFilling,
  calculateNL2026RenureGebruiksNormFilling,
  calculateNL2026StikstofGebruiksNormFilling,
} from "./norms/nl/2026/filling.js";
export {
  getNL2026DierlijkeMestGebruiksNorm,
  getNL2026FosfaatGebruiksNorm,
  getNL2026Hoofdteelt,
  getNL2026RenureGebruiksNorm,
  getNL2026StikstofGebruiksNorm,
  type NL2026Hoofdteelt,
} from "./norms/nl/2026/norms.js";
export type {
  NL2026Application,
  NL2026Cultivation,
  NL2026Fertilizer,
  NL2026NormsInput,
  NL2026Region,
  NL2026SoilPhosphate,
} from "./norms/nl/2026/types.js";
export type { NLRegion } from "./norms/nl/calendar.js";
export type {
  BaseFarmGebruiksnormen,
  BaseFieldGebruiksnormen,
  FarmGebruiksnormen,
  FarmNormTotal,
  FieldGebruiksnormen,
  NoNormForCrop,
  NormWithFilling,
  RenureFarmGebruiksnormen,
} from "./norms/nl/engine/farm.js";
export type { Hoofdteelt } from "./norms/nl/engine/hoofdteelt.js";
export type {
  DerogationFlags,
  DierlijkeMestGebruiksnormResult,
  FosfaatGebruiksnormResult,
  GebruiksnormFillingResult,
  GebruiksnormResult,
  GebruiksnormUnit,
  NormFillingApplication,
  NormsApplication,
  NormsCultivation,
  NormsFertilizer,
  NormsFieldInput,
  NormsSoilPhosphate,
  RenureGebruiksnormResult,
  StikstofGebruiksnormResult,
} from "./norms/nl/engine/types.js";
export {
  calculateDierlijkeMestGebruiksNormFilling,
  calculateFosfaatGebruiksNormFilling,
  calculateGebruiksnormenForFarm,
  calculateRenureGebruiksNormFilling,
  calculateStikstofGebruiksNormFilling,
  describeNormYear,
  getDierlijkeMestGebruiksNorm,
  getFosfaatGebruiksNorm,
  getHoofdteelt,
  getNormYears,
  getRenureGebruiksNorm,
  getStikstofGebruiksNorm,
  type NormYearDescription,
} from "./norms/nl/norms.js";
export {
  NUTRIENT_ADVICE_NUTRIENTS,
  type NutrientAdvice,
  NutrientAdviceError,
  type NutrientAdviceErrorCode,
  type NutrientAdviceInput,
  type NutrientAdviceNutrient,
  type NutrientAdviceNutrients,
  type NutrientAdviceOptions,
  type NutrientAdviceServiceCode,
  type NutrientAdviceSoilData,
  requestNutrientAdvice,
} from "./nutrient-advice/nutrient-advice.js";
