/**
 * A farm's records for a timeframe in one call: what a calculation over the
 * whole farm reads, behind one access check and one audit row instead of one
 * per list.
 */
import { type CultivationCatalogueItem, cropsOfFarm } from "./catalogue.js";
import { type Cultivation, cultivationsOfFarm } from "./cultivation.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { type Fertilizer, fertilizersOfFarm } from "./fertilizer.js";
import { applicationsOfFarm, type FertilizerApplication } from "./fertilizer-application.js";
import { type Field, fieldsOfFarm } from "./field.js";
import { guard } from "./guard.js";
import { type Harvest, harvestsOfFarm } from "./harvest.js";
import { type CurrentSoilData, soilDataOfFarm } from "./soil.js";
import { requireBoolean, requireObject, requireTimeframe, type Timeframe } from "./validate.js";

/** What {@link getFarmRecords} returns: each list as the single-list function returns it. */
export interface FarmRecords {
  /** The fields the farm holds at some moment in the timeframe, as {@link getFields} lists them. */
  fields: Field[];
  /** The cultivations overlapping the timeframe, as {@link getCultivationsForFarm} lists them. */
  cultivations: Cultivation[];
  /**
   * The catalogue items those cultivations grow, as {@link getCultivationsFromCatalogue} with
   * their `itemIds` returns them: only items of catalogues the farm has enabled (a crop of a
   * catalogue disabled since is absent).
   */
  crops: CultivationCatalogueItem[];
  /** The farm's fertilizers, as {@link getFertilizers} lists them. */
  fertilizers: Fertilizer[];
  /** The applications in the timeframe, as {@link getFertilizerApplicationsForFarm} lists them. */
  applications: FertilizerApplication[];
  /**
   * The harvests in the timeframe, as {@link getHarvestsForFarm} lists them; `null` when
   * `options.harvests` is `false`.
   */
  harvests: Harvest[] | null;
  /**
   * Per field id, its current soil data on the timeframe's end (the latest data when the
   * timeframe has no end), as {@link getCurrentSoilDataForFarm} returns them.
   */
  soil: Record<string, CurrentSoilData>;
}

/** Options of {@link getFarmRecords}. */
export interface FarmRecordsOptions {
  /** Whether to read the harvests; default `true`. A calculation that needs none skips the read. */
  harvests?: boolean;
}

/**
 * Reads a farm's records for a timeframe in one call: its fields, cultivations
 * with the catalogue items they grow, fertilizers, applications, harvests and
 * each field's current soil data. Each list is what the function of that list
 * returns (see {@link FarmRecords}); the difference is one access check and
 * one audit row for all of them, which is what a calculation over a whole farm
 * wants (fdm-calculator's balances read through it). Access is decided before
 * anything is read: a refused principal gets nothing.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param farmId - The farm.
 * @param timeframe - The period to look at; everything the farm holds when omitted.
 * @param options - `harvests: false` skips the harvests (returned as `null`).
 * @returns The farm's records.
 * @throws {FdmError} `INVALID_INPUT` for a reversed timeframe or options that are not an object
 *   with a boolean `harvests`; `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 * @example
 * ```ts fragment="continues the addCultivation example"
 * import assert from "node:assert";
 * import { getFarmRecords } from "fdm-core";
 * const year = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };
 * const records = await getFarmRecords(fdm, me, farmId, year, { harvests: false });
 * assert.deepEqual(records.fields.map((f) => f.id), [fieldId]);
 * assert.deepEqual(records.cultivations.map((c) => c.catalogueItemId), ["nl_265"]);
 * assert.deepEqual(records.crops.map((c) => c.itemId), ["nl_265"]);
 * assert.equal(records.harvests, null);
 * ```
 */
export async function getFarmRecords(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe?: Timeframe,
  options?: FarmRecordsOptions,
): Promise<FarmRecords> {
  const tf = requireTimeframe(timeframe);
  const withHarvests = harvestsOption(options);
  return guard(fdm, principalId, "getFarmRecords").list("farm", farmId, async (db) => {
    // One after the other: PGlite runs one statement at a time anyway, and on a server this
    // keeps the call to one connection of the pool.
    const fields = await fieldsOfFarm(db, farmId, tf);
    const cultivations = await cultivationsOfFarm(db, farmId, tf);
    const crops = await cropsOfFarm(db, farmId, [
      ...new Set(cultivations.map((c) => c.catalogueItemId)),
    ]);
    const fertilizers = await fertilizersOfFarm(db, farmId);
    const applications = await applicationsOfFarm(db, farmId, tf);
    const harvests = withHarvests ? await harvestsOfFarm(db, farmId, tf) : null;
    const soil = await soilDataOfFarm(db, farmId, tf.end);
    return { fields, cultivations, crops, fertilizers, applications, harvests, soil };
  });
}

function harvestsOption(options: unknown): boolean {
  if (options === undefined) return true;
  const o = requireObject(options, "options");
  return o.harvests === undefined ? true : requireBoolean(o.harvests, "options.harvests");
}
