/**
 * fdm-core in a browser (`import … from "fdm-core/browser"`): the same API as
 * the package's main entry on PGlite in the page or a worker, in memory or in
 * IndexedDB, with the migrations bundled. It pulls no Node-only module, so it
 * leaves out what needs a server: `createFdmServer` (a PostgreSQL connection)
 * and `createFdmAuth` (sign-in with better-auth). Bundlers must load `.sql`
 * files as text (see sql.d.ts). Written by scripts/browser-entry.mjs from index.ts.
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
export type { FdmLocalOptions, FdmLocalType, FdmType, PrincipalId } from "./fdm.js";
export { closeFdm, createFdmLocal, type FdmBrowserOptions, migrateFdm } from "./fdm-browser.js";
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
