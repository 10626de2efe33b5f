/**
 * fdm-core: the farm data model on PostgreSQL.
 *
 * A typed API over a PostgreSQL schema that follows the asset-action model:
 * farms, fields, cultivations, harvests, fertilizers and soil analyses are
 * assets, and what happens to them on a date (acquiring, starting, ending,
 * harvesting, applying, sampling) is recorded as actions, so history is kept.
 * Every function takes a database handle first and, where access is checked,
 * the acting principal's id second.
 *
 * @packageDocumentation
 */

export {
  type ApiKey,
  type ApiKeyInput,
  type CreatedApiKey,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  verifyApiKey,
} from "./api-key.js";
export { createFdmAuth, type FdmAuth, type FdmAuthOptions } from "./auth.js";
export type {
  FarmAction,
  FarmResource,
  FarmRole,
  OrganizationRole,
} from "./authorization.js";
export {
  type CalculationCacheOptions,
  hashCalculationInput,
  withCalculationCache,
} from "./calculation-cache.js";
export {
  type CultivationCatalogue,
  type CultivationCatalogueItem,
  disableCultivationCatalogue,
  disableFertilizerCatalogue,
  type EnabledCatalogues,
  enableCultivationCatalogue,
  enableFertilizerCatalogue,
  type FertilizerCatalogueItem,
  getCultivationsFromCatalogue,
  getEnabledCatalogues,
  getFertilizersFromCatalogue,
  type SyncCount,
  type SyncOptions,
  type SyncResult,
  syncCatalogues,
} from "./catalogue.js";
export {
  addCultivation,
  addCultivations,
  type Cultivation,
  type CultivationBatchRow,
  type CultivationInput,
  type CultivationUpdate,
  endCultivation,
  getCultivation,
  getCultivations,
  getCultivationsForFarm,
  removeCultivation,
  updateCultivation,
} from "./cultivation.js";
export {
  addDerogation,
  type Derogation,
  isDerogationGrantedForYear,
  listDerogations,
  removeDerogation,
} from "./derogation.js";
export { FdmError, type FdmErrorCode, type FdmErrorOptions, FdmPermissionError } from "./error.js";
export {
  addFarm,
  type Farm,
  type FarmInput,
  getFarm,
  getFarms,
  removeFarm,
  updateFarm,
} from "./farm.js";
export { type FarmRecords, type FarmRecordsOptions, getFarmRecords } from "./farm-records.js";
export {
  acceptFarmRoleOffer,
  declineFarmRoleOffer,
  type FarmPrincipal,
  type FarmRoleActingFor,
  type FarmRoleGrant,
  type FarmRoleOffer,
  grantRoleToFarm,
  isAllowedToDeleteFarm,
  isAllowedToShareFarm,
  leaveFarm,
  listFarmRoleOffers,
  listFarmRoleOffersForFarm,
  listPrincipalsForFarm,
  revokePrincipalFromFarm,
  updateRoleOfPrincipalAtFarm,
} from "./farm-sharing.js";
export {
  closeFdm,
  createFdmLocal,
  createFdmServer,
  type FdmLocalOptions,
  type FdmLocalType,
  type FdmServerType,
  type FdmType,
  migrateFdm,
  type PrincipalId,
} from "./fdm.js";
export {
  addFertilizer,
  type Fertilizer,
  type FertilizerInput,
  type FertilizerParameterDescription,
  type FertilizerParameters,
  getFertilizer,
  getFertilizerParametersDescription,
  getFertilizers,
  removeFertilizer,
  type TypeRvo,
  updateFertilizer,
} from "./fertilizer.js";
export {
  addFertilizerApplication,
  addFertilizerApplications,
  type FertilizerApplication,
  type FertilizerApplicationBatchRow,
  type FertilizerApplicationInput,
  getFertilizerApplication,
  getFertilizerApplications,
  getFertilizerApplicationsForFarm,
  removeFertilizerApplication,
  updateFertilizerApplication,
} from "./fertilizer-application.js";
export {
  type AcquiringMethod,
  addField,
  addFields,
  discardField,
  type Field,
  type FieldInput,
  getField,
  getFields,
  removeField,
  updateField,
} from "./field.js";
export {
  type GrazingIntention,
  getGrazingIntention,
  listGrazingIntentions,
  setGrazingIntention,
} from "./grazing-intention.js";
export {
  addHarvest,
  addHarvests,
  getHarvest,
  getHarvests,
  getHarvestsForFarm,
  type Harvest,
  type HarvestAnalysis,
  type HarvestBatchRow,
  type HarvestInput,
  removeHarvest,
} from "./harvest.js";
export {
  addOrganicCertification,
  isValidSkalNumber,
  isValidTracesNumber,
  listOrganicCertifications,
  type OrganicCertification,
  type OrganicCertificationInput,
  removeOrganicCertification,
} from "./organic-certification.js";
export {
  acceptInvitation,
  createOrganization,
  declineInvitation,
  getOrganization,
  getOrganizationsForUser,
  type InvitationInput,
  inviteUserToOrganization,
  listMembersOfOrganization,
  listPendingInvitationsForOrganization,
  listPendingInvitationsForUser,
  type Organization,
  type OrganizationInput,
  type OrganizationInvitation,
  type OrganizationMember,
  removeOrganization,
  removeUserFromOrganization,
  revokeInvitation,
  updateOrganization,
  updateRoleOfUserAtOrganization,
} from "./organization.js";
export { MAX_PAGE_LIMIT, type Page, type PageRequest } from "./page.js";
export {
  getPrincipal,
  getPrincipalByEmail,
  getPrincipalByUsername,
  type Principal,
} from "./principal.js";
export type { FieldGeometry } from "./schema.js";
export * as fdmSchema from "./schema.js";
export {
  addSoilAnalyses,
  addSoilAnalysis,
  type CurrentSoilData,
  type GwlClass,
  getCurrentSoilData,
  getCurrentSoilDataForFarm,
  getSoilAnalyses,
  getSoilAnalysis,
  getSoilParametersDescription,
  removeSoilAnalysis,
  type SoilAnalysis,
  type SoilAnalysisBatchRow,
  type SoilAnalysisInput,
  type SoilAnalysisSource,
  type SoilParameterDescription,
  type SoilParameters,
  type SoilType,
  updateSoilAnalysis,
} from "./soil.js";
export type { Timeframe } from "./validate.js";
