import { inArray } from "drizzle-orm";
import type { FdmType } from "./fdm.js";
import {
  cultivationHarvesting,
  cultivationStarting,
  cultivations,
  fields,
  harvestables,
  soilAnalyses,
  soilSampling,
} from "./schema.js";

// Assets hang off actions, so removing a parent means finding its child assets
// through the actions first; the action rows then go by ON DELETE CASCADE.

/** Removes cultivations with their harvests (the harvestables and their analyses). */
export async function removeCultivationsTx(tx: FdmType, cultivationIds: string[]): Promise<void> {
  if (cultivationIds.length === 0) return;
  const harvests = await tx
    .select({ id: cultivationHarvesting.harvestableId })
    .from(cultivationHarvesting)
    .where(inArray(cultivationHarvesting.cultivationId, cultivationIds));
  if (harvests.length > 0) {
    await tx.delete(harvestables).where(
      inArray(
        harvestables.id,
        harvests.map((h) => h.id),
      ),
    );
  }
  await tx.delete(cultivations).where(inArray(cultivations.id, cultivationIds));
}

/** Removes fields with their cultivations, harvests, applications and soil analyses. */
export async function removeFieldsTx(tx: FdmType, fieldIds: string[]): Promise<void> {
  if (fieldIds.length === 0) return;
  const cults = await tx
    .select({ id: cultivationStarting.cultivationId })
    .from(cultivationStarting)
    .where(inArray(cultivationStarting.fieldId, fieldIds));
  await removeCultivationsTx(
    tx,
    cults.map((c) => c.id),
  );
  const samples = await tx
    .select({ id: soilSampling.analysisId })
    .from(soilSampling)
    .where(inArray(soilSampling.fieldId, fieldIds));
  if (samples.length > 0) {
    await tx.delete(soilAnalyses).where(
      inArray(
        soilAnalyses.id,
        samples.map((s) => s.id),
      ),
    );
  }
  await tx.delete(fields).where(inArray(fields.id, fieldIds));
}
