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
export { getGebruiksnormenForFarm, getNitrogenBalanceForFarm } from "./collectors/cached.js";
export {
  collectInputForNitrogenBalance,
  type NitrogenBalanceCollectorOptions,
  type NitrogenBalanceFieldDetails,
} from "./collectors/nitrogen-balance.js";
export {
  type CultivationDetails,
  collectInputForDose,
  collectInputForNorms,
  type DoseForFieldOptions,
  type FieldLocation,
  getDoseForField,
  type NormsCollectorOptions,
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
