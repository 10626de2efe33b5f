// Enumerates fdm-core's exports and proves, for every function that writes, that a refused
// call and a call failing inside its work leave every table as it was and write one audit
// row; and that every function taking a principal refuses a stranger. A write that no valid
// input makes fail in its work is made to fail by a trigger refusing one of its tables.
import { eq, notInArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FdmError } from "./error.js";
import type { FdmType } from "./fdm.js";
import * as core from "./index.js";
import {
  apiKeys,
  auditLog,
  cultivationHarvesting,
  cultivations,
  derogations,
  farmCultivationCatalogues,
  farmFertilizerCatalogues,
  farmRoleOffers,
  farmRoles,
  farms,
  fertilizerAcquiring,
  fertilizerApplying,
  fieldAcquiring,
  fields,
  grazingIntentions,
  organicCertifications,
  organizationInvitations,
  organizations,
  soilSampling,
} from "./schema.js";
import {
  addUser,
  countRows,
  createTestDatabase,
  rowDigests,
  seedFarm,
  type TestDatabase,
} from "./test-setup.js";

interface Seed {
  fdm: FdmType;
  owner: string;
  stranger: string;
  member: string;
  farmId: string;
  fieldId: string;
  cultivationId: string;
  harvestId: string;
  fertilizerId: string;
  applicationId: string;
  analysisId: string;
  derogationId: string;
  certificationId: string;
  organizationId: string;
  invitationId: string;
  /** A farm whose only owner is the organization. */
  orgFarmId: string;
  /** A farm of the member on which the owner has an offer of the owner role. */
  offerFarmId: string;
}

type Call = (s: Seed) => Promise<unknown>;

/**
 * A call by the owner that passes the access check and then fails at its write to `table`:
 * while it runs, a trigger makes the database refuse every row written there.
 */
interface RefusedWrite {
  table: PgTable;
  call: Call;
}

/** A write: a call refused to a stranger, and a call by the owner that fails inside its work. */
interface WriteCase {
  denied: Call;
  /** The code of the refusal; PERMISSION_DENIED unless given. */
  deniedCode?: string;
  /** Fails through its input (checked in the work), or at a write the database refuses. */
  failing: Call | RefusedWrite;
  /**
   * The failing call is one the work itself refuses (an invitation that is unknown or not
   * addressed to the principal): its row says `refused`, not allowed, instead of `failed`.
   */
  failingRefused?: true;
}

/**
 * `call` with the database refusing its rows in `table`: for calls that write every valid
 * input. Where a call writes several tables, `table` is one written late, so that the
 * test shows the earlier writes rolled back.
 */
const failingTable = (table: PgTable, call: Call): RefusedWrite => ({ table, call });

const writes: Record<string, WriteCase> = {
  createApiKey: {
    // a key is made for an existing user only
    denied: (s) => core.createApiKey(s.fdm, "no-such-user", { name: "X" }),
    failing: failingTable(apiKeys, (s) => core.createApiKey(s.fdm, s.owner, { name: "X" })),
  },
  revokeApiKey: {
    denied: (s) => core.revokeApiKey(s.fdm, "no-such-user", "no-such-key"),
    // the owner holds no key with this id: the work refuses it (NOT_FOUND), as it refuses
    // another user's key
    failing: (s) => core.revokeApiKey(s.fdm, s.owner, "no-such-key"),
    failingRefused: true,
  },
  addFarm: {
    // any existing user may add a farm; a principal that is no user may not
    denied: (s) => core.addFarm(s.fdm, "no-such-user", { name: "X" }),
    // the owner role is written after the farm
    failing: failingTable(farmRoles, (s) => core.addFarm(s.fdm, s.owner, { name: "X" })),
  },
  updateFarm: {
    denied: (s) => core.updateFarm(s.fdm, s.stranger, s.farmId, { name: "X" }),
    failing: failingTable(farms, (s) => core.updateFarm(s.fdm, s.owner, s.farmId, { name: "X" })),
  },
  removeFarm: {
    denied: (s) => core.removeFarm(s.fdm, s.stranger, s.farmId),
    // the farm row goes last, after its fields, cultivations, harvests, analyses and fertilizers
    failing: failingTable(farms, (s) => core.removeFarm(s.fdm, s.owner, s.farmId)),
  },
  grantRoleToFarm: {
    denied: (s) => core.grantRoleToFarm(s.fdm, s.stranger, s.stranger, s.farmId, "owner"),
    failing: (s) => core.grantRoleToFarm(s.fdm, s.owner, s.owner, s.farmId, "advisor"),
  },
  updateRoleOfPrincipalAtFarm: {
    denied: (s) =>
      core.updateRoleOfPrincipalAtFarm(s.fdm, s.stranger, s.owner, s.farmId, "advisor"),
    failing: (s) =>
      core.updateRoleOfPrincipalAtFarm(s.fdm, s.owner, s.stranger, s.farmId, "advisor"),
  },
  revokePrincipalFromFarm: {
    denied: (s) => core.revokePrincipalFromFarm(s.fdm, s.stranger, s.owner, s.farmId),
    failing: (s) => core.revokePrincipalFromFarm(s.fdm, s.owner, s.owner, s.farmId),
  },
  acceptFarmRoleOffer: {
    // the stranger is no owner or admin of the organization it answers for
    denied: (s) =>
      core.acceptFarmRoleOffer(s.fdm, s.stranger, s.offerFarmId, {
        organizationId: s.organizationId,
      }),
    // the role is written first, then the offer removed
    failing: failingTable(farmRoleOffers, (s) =>
      core.acceptFarmRoleOffer(s.fdm, s.owner, s.offerFarmId),
    ),
  },
  declineFarmRoleOffer: {
    denied: (s) =>
      core.declineFarmRoleOffer(s.fdm, s.stranger, s.offerFarmId, {
        organizationId: s.organizationId,
      }),
    failing: failingTable(farmRoleOffers, (s) =>
      core.declineFarmRoleOffer(s.fdm, s.owner, s.offerFarmId),
    ),
  },
  leaveFarm: {
    denied: (s) =>
      core.leaveFarm(s.fdm, s.stranger, s.orgFarmId, { organizationId: s.organizationId }),
    // the owner is the farm's last owner
    failing: (s) => core.leaveFarm(s.fdm, s.owner, s.farmId),
  },
  enableCultivationCatalogue: {
    denied: (s) => core.enableCultivationCatalogue(s.fdm, s.stranger, s.farmId, "brp"),
    // the farm of the team has no catalogue enabled yet
    failing: failingTable(farmCultivationCatalogues, (s) =>
      core.enableCultivationCatalogue(s.fdm, s.owner, s.orgFarmId, "brp"),
    ),
  },
  disableCultivationCatalogue: {
    denied: (s) => core.disableCultivationCatalogue(s.fdm, s.stranger, s.farmId, "brp"),
    failing: failingTable(farmCultivationCatalogues, (s) =>
      core.disableCultivationCatalogue(s.fdm, s.owner, s.farmId, "brp"),
    ),
  },
  enableFertilizerCatalogue: {
    denied: (s) => core.enableFertilizerCatalogue(s.fdm, s.stranger, s.farmId, "rvo"),
    // srm is not enabled yet
    failing: failingTable(farmFertilizerCatalogues, (s) =>
      core.enableFertilizerCatalogue(s.fdm, s.owner, s.farmId, "srm"),
    ),
  },
  disableFertilizerCatalogue: {
    denied: (s) => core.disableFertilizerCatalogue(s.fdm, s.stranger, s.farmId, "rvo"),
    failing: failingTable(farmFertilizerCatalogues, (s) =>
      core.disableFertilizerCatalogue(s.fdm, s.owner, s.farmId, "rvo"),
    ),
  },
  addField: {
    denied: (s) =>
      core.addField(s.fdm, s.stranger, s.farmId, {
        name: "X",
        geometry: square,
        acquiringDate: new Date("2020-01-01"),
        acquiringMethod: "owner",
      }),
    // the field and its acquiring are one statement; the acquiring is refused
    failing: failingTable(fieldAcquiring, (s) =>
      core.addField(s.fdm, s.owner, s.farmId, {
        name: "X",
        geometry: square,
        acquiringDate: new Date("2020-01-01"),
        acquiringMethod: "owner",
      }),
    ),
  },
  addFields: {
    denied: (s) =>
      core.addFields(s.fdm, s.stranger, s.farmId, [
        {
          name: "X",
          geometry: square,
          acquiringDate: new Date("2020-01-01"),
          acquiringMethod: "owner",
        },
      ]),
    failing: failingTable(fieldAcquiring, (s) =>
      core.addFields(
        s.fdm,
        s.owner,
        s.farmId,
        ["X", "Y"].map((name) => ({
          name,
          geometry: square,
          acquiringDate: new Date("2020-01-01"),
          acquiringMethod: "owner" as const,
        })),
      ),
    ),
  },
  // The batch calls: checked once on the farm; a row that fails in the work writes nothing.
  addCultivations: {
    denied: (s) =>
      core.addCultivations(s.fdm, s.stranger, s.farmId, [
        { fieldId: s.fieldId, catalogueItemId: "nl_265", startDate: new Date("2022-03-01") },
      ]),
    failing: (s) =>
      core.addCultivations(s.fdm, s.owner, s.farmId, [
        { fieldId: s.fieldId, catalogueItemId: "nl_265", startDate: new Date("2022-03-01") },
        { fieldId: s.fieldId, catalogueItemId: "nl_999999", startDate: new Date("2022-03-01") },
      ]),
  },
  addFertilizerApplications: {
    denied: (s) =>
      core.addFertilizerApplications(s.fdm, s.stranger, s.farmId, [
        {
          fieldId: s.fieldId,
          fertilizerId: s.fertilizerId,
          amountKgPerHa: 20_000,
          method: "shallow_injection",
          applicationDate: new Date("2022-03-15"),
        },
      ]),
    // the second row's date is before the fertilizer's acquiring date
    failing: (s) =>
      core.addFertilizerApplications(
        s.fdm,
        s.owner,
        s.farmId,
        ["2022-03-15", "2020-06-01"].map((d) => ({
          fieldId: s.fieldId,
          fertilizerId: s.fertilizerId,
          amountKgPerHa: 20_000,
          method: "shallow_injection" as const,
          applicationDate: new Date(d),
        })),
      ),
  },
  addHarvests: {
    denied: (s) =>
      core.addHarvests(s.fdm, s.stranger, s.farmId, [
        { cultivationId: s.cultivationId, harvestDate: new Date("2022-06-01") },
      ]),
    failing: (s) =>
      core.addHarvests(s.fdm, s.owner, s.farmId, [
        { cultivationId: s.cultivationId, harvestDate: new Date("2022-06-01") },
        { cultivationId: s.cultivationId, harvestDate: new Date("2020-06-01") },
      ]),
  },
  addSoilAnalyses: {
    denied: (s) =>
      core.addSoilAnalyses(s.fdm, s.stranger, s.farmId, [
        {
          fieldId: s.fieldId,
          samplingDate: new Date("2022-02-01"),
          source: "laboratory",
          parameters: { pAl: 30 },
        },
      ]),
    failing: (s) =>
      core.addSoilAnalyses(s.fdm, s.owner, s.farmId, [
        {
          fieldId: "no-such-field",
          samplingDate: new Date("2022-02-01"),
          source: "laboratory",
          parameters: { pAl: 30 },
        },
      ]),
  },
  updateField: {
    denied: (s) => core.updateField(s.fdm, s.stranger, s.fieldId, { name: "X" }),
    // the field has a cultivation from 2021: acquiring it later is refused in the work
    failing: (s) =>
      core.updateField(s.fdm, s.owner, s.fieldId, { acquiringDate: new Date("2024-01-01") }),
  },
  discardField: {
    denied: (s) => core.discardField(s.fdm, s.stranger, s.fieldId, new Date("2030-01-01")),
    failing: (s) => core.discardField(s.fdm, s.owner, s.fieldId, new Date("2019-01-01")),
    // it is updateField with a discarding date, and audited as that
  },
  removeField: {
    denied: (s) => core.removeField(s.fdm, s.stranger, s.fieldId),
    // the field row goes last, after its cultivations, harvests and soil analyses
    failing: failingTable(fields, (s) => core.removeField(s.fdm, s.owner, s.fieldId)),
  },
  addCultivation: {
    denied: (s) =>
      core.addCultivation(s.fdm, s.stranger, s.fieldId, {
        catalogueItemId: "nl_265",
        startDate: new Date("2022-03-01"),
      }),
    failing: (s) =>
      core.addCultivation(s.fdm, s.owner, s.fieldId, {
        catalogueItemId: "nl_999999",
        startDate: new Date("2022-03-01"),
      }),
  },
  updateCultivation: {
    denied: (s) =>
      core.updateCultivation(s.fdm, s.stranger, s.cultivationId, {
        startDate: new Date("2021-03-02"),
      }),
    failing: (s) =>
      core.updateCultivation(s.fdm, s.owner, s.cultivationId, { catalogueItemId: "nl_999999" }),
  },
  endCultivation: {
    denied: (s) => core.endCultivation(s.fdm, s.stranger, s.cultivationId, new Date("2021-12-01")),
    // before its start (2021-03-01): the order is checked against the stored start, in the work
    failing: (s) => core.endCultivation(s.fdm, s.owner, s.cultivationId, new Date("2021-01-01")),
    // it is updateCultivation with an end date, and audited as that
  },
  removeCultivation: {
    denied: (s) => core.removeCultivation(s.fdm, s.stranger, s.cultivationId),
    // the cultivation goes after its harvest
    failing: failingTable(cultivations, (s) =>
      core.removeCultivation(s.fdm, s.owner, s.cultivationId),
    ),
  },
  addHarvest: {
    denied: (s) =>
      core.addHarvest(s.fdm, s.stranger, s.cultivationId, { harvestDate: new Date("2021-09-01") }),
    // before the cultivation's start
    failing: (s) =>
      core.addHarvest(s.fdm, s.owner, s.cultivationId, { harvestDate: new Date("2021-01-01") }),
  },
  removeHarvest: {
    denied: (s) => core.removeHarvest(s.fdm, s.stranger, s.harvestId),
    // the harvesting action goes with the harvestable (ON DELETE CASCADE)
    failing: failingTable(cultivationHarvesting, (s) =>
      core.removeHarvest(s.fdm, s.owner, s.harvestId),
    ),
  },
  addFertilizer: {
    denied: (s) =>
      core.addFertilizer(s.fdm, s.stranger, s.farmId, {
        catalogueItemId: "rvo_14",
        acquiringDate: new Date("2021-01-01"),
      }),
    failing: (s) =>
      core.addFertilizer(s.fdm, s.owner, s.farmId, {
        catalogueItemId: "no_such_item",
        acquiringDate: new Date("2021-01-01"),
      }),
  },
  updateFertilizer: {
    denied: (s) => core.updateFertilizer(s.fdm, s.stranger, s.fertilizerId, { amountKg: 1 }),
    failing: failingTable(fertilizerAcquiring, (s) =>
      core.updateFertilizer(s.fdm, s.owner, s.fertilizerId, { amountKg: 1 }),
    ),
  },
  removeFertilizer: {
    denied: (s) => core.removeFertilizer(s.fdm, s.stranger, s.fertilizerId),
    // its applications go with it (ON DELETE CASCADE)
    failing: failingTable(fertilizerApplying, (s) =>
      core.removeFertilizer(s.fdm, s.owner, s.fertilizerId),
    ),
  },
  addFertilizerApplication: {
    denied: (s) =>
      core.addFertilizerApplication(s.fdm, s.stranger, s.fieldId, {
        fertilizerId: s.fertilizerId,
        amountKgPerHa: 1000,
        method: "shallow_injection",
        applicationDate: new Date("2021-04-01"),
      }),
    // a fertilizer the farm does not hold
    failing: (s) =>
      core.addFertilizerApplication(s.fdm, s.owner, s.fieldId, {
        fertilizerId: "no-such-fertilizer",
        amountKgPerHa: 1000,
        method: "shallow_injection",
        applicationDate: new Date("2021-04-01"),
      }),
  },
  updateFertilizerApplication: {
    denied: (s) =>
      core.updateFertilizerApplication(s.fdm, s.stranger, s.applicationId, { amountKgPerHa: 5 }),
    failing: (s) =>
      core.updateFertilizerApplication(s.fdm, s.owner, s.applicationId, {
        fertilizerId: "no-such-fertilizer",
      }),
  },
  removeFertilizerApplication: {
    denied: (s) => core.removeFertilizerApplication(s.fdm, s.stranger, s.applicationId),
    failing: failingTable(fertilizerApplying, (s) =>
      core.removeFertilizerApplication(s.fdm, s.owner, s.applicationId),
    ),
  },
  addSoilAnalysis: {
    denied: (s) =>
      core.addSoilAnalysis(s.fdm, s.stranger, s.fieldId, {
        samplingDate: new Date("2021-02-01"),
        source: "laboratory",
        parameters: { pAl: 30 },
      }),
    // before the field was acquired (2020-01-01)
    failing: (s) =>
      core.addSoilAnalysis(s.fdm, s.owner, s.fieldId, {
        samplingDate: new Date("2019-02-01"),
        source: "laboratory",
        parameters: { pAl: 30 },
      }),
  },
  updateSoilAnalysis: {
    denied: (s) =>
      core.updateSoilAnalysis(s.fdm, s.stranger, s.analysisId, { parameters: { pAl: 31 } }),
    failing: (s) =>
      core.updateSoilAnalysis(s.fdm, s.owner, s.analysisId, {
        samplingDate: new Date("2019-02-01"),
      }),
  },
  removeSoilAnalysis: {
    denied: (s) => core.removeSoilAnalysis(s.fdm, s.stranger, s.analysisId),
    // the sampling action goes with the analysis (ON DELETE CASCADE)
    failing: failingTable(soilSampling, (s) =>
      core.removeSoilAnalysis(s.fdm, s.owner, s.analysisId),
    ),
  },
  addDerogation: {
    denied: (s) => core.addDerogation(s.fdm, s.stranger, s.farmId, 2024),
    // a second derogation for the same year
    failing: (s) => core.addDerogation(s.fdm, s.owner, s.farmId, 2023),
  },
  removeDerogation: {
    denied: (s) => core.removeDerogation(s.fdm, s.stranger, s.derogationId),
    failing: failingTable(derogations, (s) =>
      core.removeDerogation(s.fdm, s.owner, s.derogationId),
    ),
  },
  setGrazingIntention: {
    denied: (s) => core.setGrazingIntention(s.fdm, s.stranger, s.farmId, 2024, true),
    failing: failingTable(grazingIntentions, (s) =>
      core.setGrazingIntention(s.fdm, s.owner, s.farmId, 2024, true),
    ),
  },
  addOrganicCertification: {
    denied: (s) => core.addOrganicCertification(s.fdm, s.stranger, s.farmId, certificate),
    // the same certificate number twice
    failing: (s) => core.addOrganicCertification(s.fdm, s.owner, s.farmId, certificate),
  },
  removeOrganicCertification: {
    denied: (s) => core.removeOrganicCertification(s.fdm, s.stranger, s.certificationId),
    failing: failingTable(organicCertifications, (s) =>
      core.removeOrganicCertification(s.fdm, s.owner, s.certificationId),
    ),
  },
  createOrganization: {
    // a principal that is no user
    denied: (s) => core.createOrganization(s.fdm, "no-such-user", { name: "X", slug: "x-org" }),
    // the slug is taken
    failing: (s) => core.createOrganization(s.fdm, s.owner, { name: "X", slug: "team-one" }),
  },
  updateOrganization: {
    denied: (s) => core.updateOrganization(s.fdm, s.stranger, s.organizationId, { name: "X" }),
    failing: failingTable(organizations, (s) =>
      core.updateOrganization(s.fdm, s.owner, s.organizationId, { name: "X" }),
    ),
  },
  removeOrganization: {
    denied: (s) => core.removeOrganization(s.fdm, s.stranger, s.organizationId),
    // the organization is the last owner of a farm
    failing: (s) => core.removeOrganization(s.fdm, s.owner, s.organizationId),
  },
  updateRoleOfUserAtOrganization: {
    denied: (s) =>
      core.updateRoleOfUserAtOrganization(s.fdm, s.stranger, s.organizationId, s.member, "admin"),
    failing: (s) =>
      core.updateRoleOfUserAtOrganization(s.fdm, s.owner, s.organizationId, s.stranger, "admin"),
  },
  removeUserFromOrganization: {
    denied: (s) => core.removeUserFromOrganization(s.fdm, s.stranger, s.organizationId, s.member),
    failing: (s) => core.removeUserFromOrganization(s.fdm, s.owner, s.organizationId, s.stranger),
  },
  inviteUserToOrganization: {
    denied: (s) =>
      core.inviteUserToOrganization(s.fdm, s.stranger, s.organizationId, {
        email: "new@example.org",
        role: "member",
      }),
    // a pending invitation for that address exists
    failing: (s) =>
      core.inviteUserToOrganization(s.fdm, s.owner, s.organizationId, {
        email: "invited@example.org",
        role: "member",
      }),
  },
  acceptInvitation: {
    // the invitation is for another address: reported as unknown
    denied: (s) => core.acceptInvitation(s.fdm, s.stranger, s.invitationId),
    deniedCode: "NOT_FOUND",
    failing: (s) => core.acceptInvitation(s.fdm, s.owner, "no-such-invitation"),
    failingRefused: true,
  },
  declineInvitation: {
    denied: (s) => core.declineInvitation(s.fdm, s.stranger, s.invitationId),
    deniedCode: "NOT_FOUND",
    failing: (s) => core.declineInvitation(s.fdm, s.owner, "no-such-invitation"),
    failingRefused: true,
  },
  revokeInvitation: {
    // the stranger is no owner or admin of the invitation's organization
    denied: (s) => core.revokeInvitation(s.fdm, s.stranger, s.invitationId),
    failing: failingTable(organizationInvitations, (s) =>
      core.revokeInvitation(s.fdm, s.owner, s.invitationId),
    ),
  },
};

/** Reads that take a principal: a stranger is refused. */
const reads: Record<string, Call> = {
  getFarm: (s) => core.getFarm(s.fdm, s.stranger, s.farmId),
  listPrincipalsForFarm: (s) => core.listPrincipalsForFarm(s.fdm, s.stranger, s.farmId),
  listFarmRoleOffersForFarm: (s) => core.listFarmRoleOffersForFarm(s.fdm, s.stranger, s.farmId),
  getEnabledCatalogues: (s) => core.getEnabledCatalogues(s.fdm, s.stranger, s.farmId),
  getCultivationsFromCatalogue: (s) =>
    core.getCultivationsFromCatalogue(s.fdm, s.stranger, s.farmId),
  getFertilizersFromCatalogue: (s) => core.getFertilizersFromCatalogue(s.fdm, s.stranger, s.farmId),
  getField: (s) => core.getField(s.fdm, s.stranger, s.fieldId),
  getFields: (s) => core.getFields(s.fdm, s.stranger, s.farmId),
  getCultivation: (s) => core.getCultivation(s.fdm, s.stranger, s.cultivationId),
  getCultivations: (s) => core.getCultivations(s.fdm, s.stranger, s.fieldId),
  getCultivationsForFarm: (s) => core.getCultivationsForFarm(s.fdm, s.stranger, s.farmId),
  getHarvest: (s) => core.getHarvest(s.fdm, s.stranger, s.harvestId),
  getHarvests: (s) => core.getHarvests(s.fdm, s.stranger, s.cultivationId),
  getHarvestsForFarm: (s) => core.getHarvestsForFarm(s.fdm, s.stranger, s.farmId),
  getFertilizer: (s) => core.getFertilizer(s.fdm, s.stranger, s.fertilizerId),
  getFertilizers: (s) => core.getFertilizers(s.fdm, s.stranger, s.farmId),
  getFertilizerApplication: (s) =>
    core.getFertilizerApplication(s.fdm, s.stranger, s.applicationId),
  getFertilizerApplications: (s) => core.getFertilizerApplications(s.fdm, s.stranger, s.fieldId),
  getFertilizerApplicationsForFarm: (s) =>
    core.getFertilizerApplicationsForFarm(s.fdm, s.stranger, s.farmId),
  getSoilAnalysis: (s) => core.getSoilAnalysis(s.fdm, s.stranger, s.analysisId),
  getSoilAnalyses: (s) => core.getSoilAnalyses(s.fdm, s.stranger, s.fieldId),
  getCurrentSoilData: (s) => core.getCurrentSoilData(s.fdm, s.stranger, s.fieldId),
  getCurrentSoilDataForFarm: (s) => core.getCurrentSoilDataForFarm(s.fdm, s.stranger, s.farmId),
  getFarmRecords: (s) => core.getFarmRecords(s.fdm, s.stranger, s.farmId),
  listDerogations: (s) => core.listDerogations(s.fdm, s.stranger, s.farmId),
  isDerogationGrantedForYear: (s) =>
    core.isDerogationGrantedForYear(s.fdm, s.stranger, s.farmId, 2023),
  getGrazingIntention: (s) => core.getGrazingIntention(s.fdm, s.stranger, s.farmId, 2023),
  listGrazingIntentions: (s) => core.listGrazingIntentions(s.fdm, s.stranger, s.farmId),
  listOrganicCertifications: (s) => core.listOrganicCertifications(s.fdm, s.stranger, s.farmId),
  getOrganization: (s) => core.getOrganization(s.fdm, s.stranger, s.organizationId),
  listMembersOfOrganization: (s) =>
    core.listMembersOfOrganization(s.fdm, s.stranger, s.organizationId),
  listPendingInvitationsForOrganization: (s) =>
    core.listPendingInvitationsForOrganization(s.fdm, s.stranger, s.organizationId),
};

/** Calls that ask about the acting principal itself: a stranger gets nothing of others. */
const ownReads: Record<string, (s: Seed) => Promise<boolean>> = {
  getFarms: async (s) => (await core.getFarms(s.fdm, s.stranger)).length === 0,
  // a stranger holds no key
  listApiKeys: async (s) => (await core.listApiKeys(s.fdm, s.stranger)).length === 0,
  getOrganizationsForUser: async (s) =>
    (await core.getOrganizationsForUser(s.fdm, s.stranger)).length === 0,
  listPendingInvitationsForUser: async (s) =>
    (await core.listPendingInvitationsForUser(s.fdm, s.stranger)).length === 0,
  // a stranger sees a user's name but not the email address
  getPrincipal: async (s) => (await core.getPrincipal(s.fdm, s.stranger, s.owner))?.email === null,
  getPrincipalByUsername: async (s) =>
    (await core.getPrincipalByUsername(s.fdm, s.stranger, "olga"))?.email === null,
  getPrincipalByEmail: async (s) =>
    (await core.getPrincipalByEmail(s.fdm, s.stranger, "olga@example.org"))?.email !==
    "olga@example.org",
  isAllowedToShareFarm: async (s) =>
    !(await core.isAllowedToShareFarm(s.fdm, s.stranger, s.farmId)),
  isAllowedToDeleteFarm: async (s) =>
    !(await core.isAllowedToDeleteFarm(s.fdm, s.stranger, s.farmId)),
  // the offer to the owner is not shown to anyone else
  listFarmRoleOffers: async (s) => (await core.listFarmRoleOffers(s.fdm, s.stranger)).length === 0,
};

/** Functions that act for no principal: opening databases, pure helpers, catalogue sync, cache. */
const withoutPrincipal = [
  // finds the principal a key belongs to: it acts for none
  "verifyApiKey",
  "createFdmAuth",
  "createFdmLocal",
  "createFdmServer",
  "migrateFdm",
  "closeFdm",
  "hashCalculationInput",
  "withCalculationCache",
  "syncCatalogues",
  "getFertilizerParametersDescription",
  "getSoilParametersDescription",
  "isValidSkalNumber",
  "isValidTracesNumber",
];

const square = {
  type: "Polygon" as const,
  coordinates: [
    [
      [5.66, 51.98],
      [5.6614585, 51.98],
      [5.6614585, 51.98089832],
      [5.66, 51.98089832],
      [5.66, 51.98],
    ],
  ],
};
const certificate = {
  tracesNumber: "NL-BIO-01.528-0002967.2024.001",
  skalNumber: "026281",
  issueDate: new Date("2024-03-01"),
  expiryDate: new Date("2025-06-30"),
};

const writeName =
  /^(add|update|remove|set|enable|disable|grant|revoke|create|invite|accept|decline|leave|end|discard)[A-Z]/;
const exportedFunctions = Object.entries(core)
  .filter(([, v]) => typeof v === "function")
  .map(([k]) => k)
  .filter((k) => !["FdmError", "FdmPermissionError"].includes(k));

let db: TestDatabase;
let seed: Seed;

beforeAll(async () => {
  db = await createTestDatabase();
  const fdm = db.fdm;
  // The refusal the trigger of failingTable raises; dropped with the test database.
  await fdm.execute(
    sql.raw(`create function fdm_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'test: refused by trigger'; end $$`),
  );
  const owner = await addUser(fdm, { name: "Olga", email: "olga@example.org", username: "olga" });
  const stranger = await addUser(fdm, { name: "Sam", email: "sam@example.org" });
  const member = await addUser(fdm, { name: "Mila", email: "mila@example.org" });
  const { farmId, fieldId } = await seedFarm(fdm, owner);
  const cultivationId = await core.addCultivation(fdm, owner, fieldId, {
    catalogueItemId: "nl_265",
    startDate: new Date("2021-03-01"),
  });
  const harvestId = await core.addHarvest(fdm, owner, cultivationId, {
    harvestDate: new Date("2021-06-01"),
  });
  const fertilizerId = await core.addFertilizer(fdm, owner, farmId, {
    catalogueItemId: "rvo_14",
    acquiringDate: new Date("2021-01-01"),
  });
  const applicationId = await core.addFertilizerApplication(fdm, owner, fieldId, {
    fertilizerId,
    amountKgPerHa: 20_000,
    method: "shallow_injection",
    applicationDate: new Date("2021-03-15"),
  });
  const analysisId = await core.addSoilAnalysis(fdm, owner, fieldId, {
    samplingDate: new Date("2021-02-01"),
    source: "laboratory",
    parameters: { pAl: 30 },
  });
  const derogationId = await core.addDerogation(fdm, owner, farmId, 2023);
  const certificationId = await core.addOrganicCertification(fdm, owner, farmId, certificate);
  const organizationId = await core.createOrganization(fdm, owner, {
    name: "Team One",
    slug: "team-one",
  });
  const memberInvitation = await core.inviteUserToOrganization(fdm, owner, organizationId, {
    email: "mila@example.org",
    role: "member",
  });
  await core.acceptInvitation(fdm, member, memberInvitation);
  const invitationId = await core.inviteUserToOrganization(fdm, owner, organizationId, {
    email: "invited@example.org",
    role: "member",
  });
  // the organization is a farm's only owner, so removing it fails in the work
  const orgFarm = await core.addFarm(fdm, owner, { name: "Farm of the team" });
  await core.grantRoleToFarm(fdm, owner, organizationId, orgFarm, "owner");
  await core.acceptFarmRoleOffer(fdm, owner, orgFarm, { organizationId });
  await core.revokePrincipalFromFarm(fdm, owner, owner, orgFarm);
  const offerFarmId = await core.addFarm(fdm, member, { name: "Farm on offer" });
  await core.grantRoleToFarm(fdm, member, owner, offerFarmId, "owner");
  seed = {
    fdm,
    owner,
    stranger,
    member,
    farmId,
    fieldId,
    cultivationId,
    harvestId,
    fertilizerId,
    applicationId,
    analysisId,
    derogationId,
    certificationId,
    organizationId,
    invitationId,
    orgFarmId: orgFarm,
    offerFarmId,
  };
}, 120_000);
afterAll(async () => {
  await db?.close();
});

async function auditIds(fdm: FdmType): Promise<string[]> {
  return (await fdm.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id);
}

/**
 * Runs a call that must fail; returns its error, the row counts and row digests of every
 * other table before and after, and the audit rows it added (`last` when it added one).
 */
async function attempt(call: Call) {
  const before = await countRows(seed.fdm);
  const digestsBefore = await rowDigests(seed.fdm);
  const auditBefore = await auditIds(seed.fdm);
  const error = await call(seed).then(
    () => new Error("expected the call to fail, but it succeeded"),
    (err: unknown) => err,
  );
  const after = await countRows(seed.fdm);
  const digestsAfter = await rowDigests(seed.fdm);
  const addedRows = await seed.fdm
    .select()
    .from(auditLog)
    .where(auditBefore.length > 0 ? notInArray(auditLog.id, auditBefore) : undefined);
  return {
    error,
    before: { counts: before, rows: digestsBefore },
    after: { counts: after, rows: digestsAfter },
    added: addedRows.length,
    last: addedRows.length === 1 ? addedRows[0] : undefined,
  };
}

/** Runs `call` with the database refusing every row it writes to `table` (the trigger goes in any case). */
async function refusingWritesTo<T>(table: PgTable, call: () => Promise<T>): Promise<T> {
  await seed.fdm.execute(
    sql`create trigger fdm_test_fail before insert or update or delete on ${table}
      for each row execute function fdm_test_fail()`,
  );
  try {
    return await call();
  } finally {
    await seed.fdm.execute(sql`drop trigger fdm_test_fail on ${table}`);
  }
}

/** The messages of an error and of its causes, outermost first. */
function causeMessages(err: unknown): string[] {
  const out: string[] = [];
  for (let e = err; e instanceof Error; e = e.cause) out.push(e.message);
  return out;
}

describe("every exported function goes through the guard", () => {
  it("classifies every exported function, and the write table has exactly the writing exports", () => {
    const classified = [
      ...Object.keys(writes),
      ...Object.keys(reads),
      ...Object.keys(ownReads),
      ...withoutPrincipal,
    ];
    expect(new Set(classified).size).toBe(classified.length);
    expect([...classified].sort()).toEqual([...exportedFunctions].sort());
    const writing = exportedFunctions
      .filter((k) => writeName.test(k) && !withoutPrincipal.includes(k))
      .sort();
    expect(Object.keys(writes).sort()).toEqual(writing);
  });

  it.each(Object.entries(writes))(
    "%s: a refused call leaves every table as it was and writes one audit row, not allowed",
    async (_name, c) => {
      const { error, before, after, added, last } = await attempt(c.denied);
      expect(error).toBeInstanceOf(FdmError);
      expect((error as FdmError).code).toBe(c.deniedCode ?? "PERMISSION_DENIED");
      expect(after).toEqual(before);
      expect(added).toBe(1);
      expect(last?.allowed).toBe(false);
      expect(last).toMatchObject({
        outcome: "refused",
        errorCode: c.deniedCode ?? "PERMISSION_DENIED",
      });
    },
  );

  it.each(Object.entries(writes))(
    "%s: a call failing inside its work leaves every table as it was and writes one audit row",
    async (name, c) => {
      const failing = c.failing;
      if (typeof failing === "function") {
        const { error, before, after, added, last } = await attempt(failing);
        expect(error).toBeInstanceOf(FdmError);
        expect((error as FdmError).code).not.toBe("PERMISSION_DENIED");
        expect((error as FdmError).code).not.toBe("DATABASE");
        expect(after).toEqual(before);
        expect(added).toBe(1);
        expect(last).toMatchObject({ principalId: seed.owner, origin: name });
        // it passed the check, so its row says failed, with the code the call ended with
        expect(last).toMatchObject({
          allowed: !c.failingRefused,
          outcome: c.failingRefused ? "refused" : "failed",
          errorCode: (error as FdmError).code,
        });
        return;
      }
      const { error, before, after, added, last } = await attempt((s) =>
        refusingWritesTo(failing.table, () => failing.call(s)),
      );
      expect(error).toBeInstanceOf(FdmError);
      expect((error as FdmError).code).toBe("DATABASE");
      // names the function, not the statement or the database's words
      expect((error as FdmError).message).toBe(`${name} failed in the database.`);
      // it failed at the refused write, not earlier
      expect(causeMessages(error).some((m) => m.includes("test: refused by trigger"))).toBe(true);
      expect(after).toEqual(before);
      expect(added).toBe(1);
      expect(last).toMatchObject({ principalId: seed.owner, origin: name });
      expect(last).toMatchObject({ allowed: true, outcome: "failed", errorCode: "DATABASE" });
    },
  );

  it.each(Object.entries(reads))(
    "%s: refuses a stranger, recording the refusal",
    async (_n, call) => {
      const { error, before, after, added, last } = await attempt(call);
      expect(error).toMatchObject({ code: "PERMISSION_DENIED" });
      expect(after).toEqual(before);
      expect(added).toBe(1);
      expect(last?.allowed).toBe(false);
      expect(last).toMatchObject({ outcome: "refused", errorCode: "PERMISSION_DENIED" });
    },
  );

  it.each(Object.entries(ownReads))("%s: shows a stranger nothing of others", async (_n, call) => {
    const auditBefore = (await auditIds(seed.fdm)).length;
    expect(await call(seed)).toBe(true);
    expect((await auditIds(seed.fdm)).length).toBe(auditBefore + 1);
  });
});

describe("each audit row says how its call ended", () => {
  it.each<[string, Call]>([
    ["getFarm", (s) => core.getFarm(s.fdm, s.owner, s.farmId)],
    ["getFarms", (s) => core.getFarms(s.fdm, s.owner)],
    ["updateFarm", (s) => core.updateFarm(s.fdm, s.owner, s.farmId, { address: "Dorpsstraat 1" })],
    ["getOrganization", (s) => core.getOrganization(s.fdm, s.owner, s.organizationId)],
  ])("%s: a call that succeeds says done, allowed, without an error code", async (name, call) => {
    const auditBefore = await auditIds(seed.fdm);
    await call(seed);
    const added = await seed.fdm
      .select()
      .from(auditLog)
      .where(notInArray(auditLog.id, auditBefore));
    expect(added).toEqual([
      expect.objectContaining({
        origin: name,
        principalId: seed.owner,
        allowed: true,
        outcome: "done",
        errorCode: null,
      }),
    ]);
  });

  it.each<[string, Call]>([
    ["getFarm", (s) => core.getFarm(s.fdm, s.owner, "no-such-farm")],
    ["getCultivation", (s) => core.getCultivation(s.fdm, s.owner, "no-such-cultivation")],
    ["updateField", (s) => core.updateField(s.fdm, s.owner, "no-such-field", { name: "X" })],
    ["removeFertilizer", (s) => core.removeFertilizer(s.fdm, s.owner, "no-such-fertilizer")],
  ])("%s of an unknown id: refused with NOT_FOUND, writing nothing else", async (name, call) => {
    const { error, before, after, added, last } = await attempt(call);
    expect(error).toMatchObject({ code: "NOT_FOUND" });
    expect(after).toEqual(before);
    expect(added).toBe(1);
    expect(last).toMatchObject({
      origin: name,
      allowed: false,
      outcome: "refused",
      errorCode: "NOT_FOUND",
      farmId: null,
    });
  });
});

describe("only an existing user acts", () => {
  const ghost = "ghost-principal";

  /** A call by `principal` that must be refused with PERMISSION_DENIED naming it, writing only its audit row. */
  async function refused(principal: string, call: Call) {
    const { error, before, after, added, last } = await attempt(call);
    expect(error).toBeInstanceOf(core.FdmPermissionError);
    expect((error as core.FdmPermissionError).message).toContain(`'${principal}'`);
    expect(after).toEqual(before);
    expect(added).toBe(1);
    expect(last).toMatchObject({ principalId: principal, allowed: false, viaPrincipalId: null });
  }

  it("refuses addFarm by a principal that does not exist, writing nothing but its audit row", async () => {
    await refused(ghost, (s) => core.addFarm(s.fdm, ghost, { name: "Spookhoeve" }));
    expect(
      await seed.fdm.select().from(auditLog).where(eq(auditLog.principalId, ghost)),
    ).not.toContainEqual(expect.objectContaining({ allowed: true }));
  });

  it.each<[string, Call]>([
    ["getFarms", (s) => core.getFarms(s.fdm, ghost)],
    ["getFarm", (s) => core.getFarm(s.fdm, ghost, s.farmId)],
    // an unknown farm too: a ghost learns nothing about which ids exist
    ["getFarm of an unknown farm", (s) => core.getFarm(s.fdm, ghost, "no-such-farm")],
    ["getFields", (s) => core.getFields(s.fdm, ghost, s.farmId)],
    ["getField", (s) => core.getField(s.fdm, ghost, s.fieldId)],
    ["isAllowedToShareFarm", (s) => core.isAllowedToShareFarm(s.fdm, ghost, s.farmId)],
    ["getOrganizationsForUser", (s) => core.getOrganizationsForUser(s.fdm, ghost)],
    ["listPendingInvitationsForUser", (s) => core.listPendingInvitationsForUser(s.fdm, ghost)],
    ["getOrganization", (s) => core.getOrganization(s.fdm, ghost, s.organizationId)],
    ["getOrganization of an unknown one", (s) => core.getOrganization(s.fdm, ghost, "no-such-org")],
    [
      "createOrganization",
      (s) => core.createOrganization(s.fdm, ghost, { name: "G", slug: "ghosts" }),
    ],
  ])("refuses %s by a principal that does not exist", async (_n, call) => {
    await refused(ghost, call);
  });

  // Every call of the tables above, made by a principal that is no user instead of the stranger.
  const byGhost: [string, Call][] = [
    ...Object.entries(writes).map(([n, c]): [string, Call] => [n, c.denied]),
    ...Object.entries(reads),
    ...Object.entries(ownReads),
  ];
  it.each(byGhost)("%s: refuses a principal that is no user, naming it", async (_n, call) => {
    await refused("no-such-user", (s) => call({ ...s, stranger: "no-such-user" }));
  });

  it("refuses an organization id acting, even on a farm the organization owns", async () => {
    const org = seed.organizationId;
    await refused(org, (s) => core.getFarm(s.fdm, org, s.orgFarmId));
    await refused(org, (s) => core.updateFarm(s.fdm, org, s.orgFarmId, { name: "X" }));
    await refused(org, (s) => core.grantRoleToFarm(s.fdm, org, s.stranger, s.orgFarmId, "owner"));
    await refused(org, (s) => core.addFarm(s.fdm, org, { name: "Farm of the firm" }));
    await refused(org, (s) => core.getFarms(s.fdm, org));
    // its members still act through its role
    expect((await core.getFarm(seed.fdm, seed.owner, seed.orgFarmId)).roles).toEqual(["owner"]);
  });
});
