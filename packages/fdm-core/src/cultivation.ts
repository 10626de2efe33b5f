import { and, asc, count, eq, gte, isNull, lte, max, min, or, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Harvestable, Rotation } from "fdm-data";
import { removeCultivationsTx } from "./cascade.js";
import { requireCultivationItem } from "./catalogue.js";
import { FdmError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { guard } from "./guard.js";
import { chunksFor, insertTogether, refreshStatistics } from "./insert-together.js";
import { jsonList } from "./json-list.js";
import {
  type CheckedPage,
  type Page,
  type PageRequest,
  pageOf,
  readJsonPage,
  requirePage,
} from "./page.js";
import { type ReturningRecord, wantsRecord } from "./returning.js";
import {
  cultivationCatalogue,
  cultivationEnding,
  cultivationHarvesting,
  cultivationResidues,
  cultivationStarting,
  cultivations,
  fieldAcquiring,
} from "./schema.js";
import { requireInTenure, requireRowsOnFarm, requireWithinTenure } from "./tenure.js";
import {
  createId,
  inRow,
  one,
  optionalDate,
  requireDate,
  requireId,
  requireObject,
  requireOrder,
  requireRows,
  requireSomeKey,
  requireTimeframe,
  type Timeframe,
  tied,
} from "./validate.js";

/** A new cultivation: which crop, and when it starts (and possibly ends). */
export interface CultivationInput {
  /** The crop: the id of an item of a cultivation catalogue the farm has enabled, e.g. `nl_265`. */
  catalogueItemId: string;
  /** The date the crop is sown or planted (action cultivation starting). */
  startDate: Date;
  /** The date the crop is terminated (action cultivation ending), if known. */
  endDate?: Date | null;
}

/** A cultivation as fdm-core returns it, with the properties of its catalogue item. */
export interface Cultivation {
  /** The cultivation's id. */
  id: string;
  /** The field it grows on. */
  fieldId: string;
  /** The farm that holds the field. */
  farmId: string;
  /** The catalogue item of the crop. */
  catalogueItemId: string;
  /** The catalogue the item belongs to, e.g. `brp`. */
  catalogue: string;
  /** The crop's Dutch name. */
  nameNl: string;
  /** The crop's English name, or `null`. */
  nameEn: string | null;
  /** How often the crop is harvested: decides how many harvests it may have. */
  harvestable: Harvestable;
  /** The crop's rotation group. */
  rotation: Rotation;
  /** The date the crop started. */
  startDate: Date;
  /** The date the crop ended, or `null` while it is on the field. */
  endDate: Date | null;
  /**
   * Whether the crop's residues (straw, tops, stubble) stay on the field: `true` when they
   * are left, `false` when they are removed, `null` when not recorded. A balance reading
   * `null` takes the residues as left on the field (NMI's default, `m_cropresidue = TRUE`).
   */
  residuesLeft: boolean | null;
  /** When the cultivation was added. */
  createdAt: Date;
  /** When it was last changed, or `null`. */
  updatedAt: Date | null;
}

// The interface follows its tables: a column added there and not here fails the type-check.
tied<Cultivation, typeof cultivations.$inferSelect>(true, true);
tied<Cultivation, typeof cultivationStarting.$inferSelect, "cultivationId">(true, true);
tied<Cultivation, typeof cultivationEnding.$inferSelect, "cultivationId" | "endDate">(true, true);
// residuesLeft is nullable through the outer join (no row: not recorded), else the column's type.
tied<
  { residuesLeft: NonNullable<Cultivation["residuesLeft"]> },
  typeof cultivationResidues.$inferSelect,
  "cultivationId"
>(true, true);

/**
 * A change to a cultivation: any of the fields of {@link CultivationInput}, and whether its
 * crop residues stay on the field.
 */
export interface CultivationUpdate extends Partial<CultivationInput> {
  /**
   * `true` when the crop's residues are left on the field, `false` when they are removed
   * (e.g. straw baled), `null` to clear what was recorded; left out, it stays as it is.
   */
  residuesLeft?: boolean | null;
}

const cultivationColumns = {
  id: cultivations.id,
  fieldId: cultivationStarting.fieldId,
  farmId: fieldAcquiring.farmId,
  catalogueItemId: cultivations.catalogueItemId,
  catalogue: cultivationCatalogue.catalogue,
  nameNl: cultivationCatalogue.nameNl,
  nameEn: cultivationCatalogue.nameEn,
  harvestable: cultivationCatalogue.harvestable,
  rotation: cultivationCatalogue.rotation,
  startDate: cultivationStarting.startDate,
  endDate: cultivationEnding.endDate,
  residuesLeft: cultivationResidues.residuesLeft,
  createdAt: cultivations.createdAt,
  updatedAt: cultivations.updatedAt,
};

/** The joins of a cultivations read, for rows or for one JSON list. */
function joinCultivations<T extends PgSelect>(query: T) {
  return query
    .innerJoin(cultivationStarting, eq(cultivationStarting.cultivationId, cultivations.id))
    .innerJoin(fieldAcquiring, eq(fieldAcquiring.fieldId, cultivationStarting.fieldId))
    .innerJoin(cultivationCatalogue, eq(cultivationCatalogue.itemId, cultivations.catalogueItemId))
    .leftJoin(cultivationEnding, eq(cultivationEnding.cultivationId, cultivations.id))
    .leftJoin(cultivationResidues, eq(cultivationResidues.cultivationId, cultivations.id));
}

const cultivationOrder = [asc(cultivationStarting.startDate), asc(cultivations.id)];

function selectCultivations(db: FdmType, where: SQL | undefined) {
  return joinCultivations(db.select(cultivationColumns).from(cultivations).$dynamic())
    .where(where)
    .orderBy(...cultivationOrder);
}

const cultivationList = jsonList(cultivationColumns);

/**
 * The cultivations matching `where` as one JSON value (see json-list.ts), in the same order;
 * with a page, the first `limit + 1` after `after` by id.
 */
async function listCultivations(
  db: FdmType,
  where: SQL | undefined,
  page?: CheckedPage,
): Promise<Cultivation[]> {
  if (page !== undefined) {
    return readJsonPage<Cultivation>(
      db,
      cultivationList,
      cultivations.id,
      page,
      (selected) => joinCultivations(db.select(selected).from(cultivations).$dynamic()),
      where,
    );
  }
  const [row] = await joinCultivations(
    db
      .select({ list: cultivationList.select(...cultivationOrder) })
      .from(cultivations)
      .$dynamic(),
  ).where(where);
  return cultivationList.parse<Cultivation>(row?.list);
}

/** One cultivation; no access check (the caller's guard made it). */
async function readCultivation(db: FdmType, cultivationId: string): Promise<Cultivation> {
  const rows = await selectCultivations(db, eq(cultivations.id, cultivationId));
  return one(rows, "cultivationId", cultivationId);
}

function overlaps(tf: Timeframe): SQL | undefined {
  return and(
    tf.end ? lte(cultivationStarting.startDate, tf.end) : undefined,
    tf.start
      ? or(isNull(cultivationEnding.endDate), gte(cultivationEnding.endDate, tf.start))
      : undefined,
  );
}

/**
 * Starts a cultivation on a field: the cultivation asset of a catalogue crop,
 * its starting action and, when an end date is given, its ending action — in
 * one transaction.
 *
 * @param fdm - The database handle.
 * @param principalId - Who adds it; needs the `write` right on the field's farm.
 * @param fieldId - The field.
 * @param cultivation - The crop and its dates.
 * @returns The new cultivation's id.
 * @throws {FdmError} `INVALID_INPUT` when the start date lies outside the farm's tenure of the
 *   field, the end date is before the start date, or the item's catalogue is not enabled for the
 *   farm; `NOT_FOUND` for an unknown field or catalogue item.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addField example"
 * import { addCultivation, enableCultivationCatalogue, syncCatalogues } from "fdm-core";
 * await syncCatalogues(fdm); // once, at deployment: imports the catalogues of fdm-data
 * await enableCultivationCatalogue(fdm, me, farmId, "brp");
 * const cultivationId = await addCultivation(fdm, me, fieldId, {
 *   catalogueItemId: "nl_265", // Grasland, blijvend
 *   startDate: new Date("2025-01-01"),
 * });
 * ```
 */
export async function addCultivation(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  cultivation: CultivationInput,
): Promise<string>;
/**
 * Starts a cultivation on a field as {@link addCultivation} does, and returns the cultivation
 * as {@link getCultivation} shows it, read in the same transaction: one access check and one
 * audit row for the add and the read.
 *
 * @param fdm - The database handle.
 * @param principalId - Who adds it; needs the `write` right on the field's farm.
 * @param fieldId - The field.
 * @param cultivation - The crop and its dates.
 * @param options - `{ returning: "record" }`.
 * @returns The new cultivation.
 * @throws {FdmError} As {@link addCultivation}; `INVALID_INPUT` (`field: "options.returning"`)
 *   for other options.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 */
export async function addCultivation(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  cultivation: CultivationInput,
  options: ReturningRecord,
): Promise<Cultivation>;
export async function addCultivation(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  cultivation: CultivationInput,
  options?: ReturningRecord,
): Promise<string | Cultivation> {
  const { id, catalogueItemId, startDate, endDate } = cultivationRow(cultivation);
  const record = wantsRecord(options);
  return guard(fdm, principalId, "addCultivation").write(
    "field",
    fieldId,
    async (tx, { farmId, tenure }) => {
      requireInTenure(tenure, startDate, "startDate");
      await requireCultivationItem(tx, farmId, catalogueItemId);
      await insertTogether(tx, [
        tx.insert(cultivations).values({ id, catalogueItemId }),
        tx.insert(cultivationStarting).values({ cultivationId: id, fieldId, startDate }),
        ...(endDate ? [tx.insert(cultivationEnding).values({ cultivationId: id, endDate })] : []),
      ]);
      return record ? readCultivation(tx, id) : id;
    },
  );
}

/** Validates a new cultivation's crop and dates (the rules of addCultivation) and gives it an id. */
function cultivationRow(cultivation: unknown) {
  const input = requireObject(cultivation, "cultivation");
  const catalogueItemId = requireId(input.catalogueItemId, "catalogueItemId");
  const startDate = requireDate(input.startDate, "startDate");
  const endDate = optionalDate(input.endDate, "endDate");
  requireOrder(startDate, endDate, "endDate", "must not be before startDate");
  return { id: createId(), catalogueItemId, startDate, endDate };
}

/**
 * Reads one cultivation with its crop's catalogue properties.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param cultivationId - The cultivation.
 * @returns The cultivation.
 * @throws {FdmError} `NOT_FOUND` for an unknown cultivation.
 * @throws {FdmPermissionError} When the principal may not read the farm.
 * @example
 * ```ts fragment="continues the addCultivation example"
 * import assert from "node:assert";
 * import { getCultivation } from "fdm-core";
 * const cultivation = await getCultivation(fdm, me, cultivationId);
 * assert.deepEqual([cultivation.nameNl, cultivation.harvestable], ["Grasland, blijvend", "multiple"]);
 * ```
 */
export async function getCultivation(
  fdm: FdmType,
  principalId: PrincipalId,
  cultivationId: string,
): Promise<Cultivation> {
  return guard(fdm, principalId, "getCultivation").read("cultivation", cultivationId, (db) =>
    readCultivation(db, cultivationId),
  );
}

/**
 * Lists the cultivations of a field by start date. With a timeframe, only
 * those on the field at some moment in it: started on or before its end and
 * not ended before its start.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param fieldId - The field.
 * @param timeframe - The period to look at; all cultivations when omitted.
 * @returns The cultivations.
 * @throws {FdmError} `INVALID_INPUT` for a reversed timeframe; `NOT_FOUND` for an unknown field.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 * @example
 * ```ts fragment="continues the addCultivation example"
 * import assert from "node:assert";
 * import { getCultivations } from "fdm-core";
 * const in2025 = await getCultivations(fdm, me, fieldId, {
 *   start: new Date("2025-01-01"),
 *   end: new Date("2025-12-31"),
 * });
 * assert.deepEqual(in2025.map((c) => c.id), [cultivationId]);
 * ```
 */
export async function getCultivations(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  timeframe?: Timeframe,
): Promise<Cultivation[]>;
/**
 * Lists one page of the cultivations of a field, by id (ids compare as bytes): at most
 * `page.limit` whose ids come after `page.after`, read in SQL; the timeframe filters as
 * without a page. See {@link getFields} for how pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param fieldId - The field.
 * @param timeframe - The period to look at, or `undefined` for all cultivations.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's cultivations and the `after` of the next page (`next`, `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for a reversed timeframe or a bad page (`field:
 *   "page.limit"` or `"page.after"`); `NOT_FOUND` for an unknown field.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 */
export async function getCultivations(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  timeframe: Timeframe | undefined,
  page: PageRequest,
): Promise<Page<Cultivation>>;
export async function getCultivations(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  timeframe?: Timeframe,
  page?: PageRequest,
): Promise<Cultivation[] | Page<Cultivation>> {
  const tf = requireTimeframe(timeframe);
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "getCultivations").list("field", fieldId, async (db) => {
    const where = and(eq(cultivationStarting.fieldId, fieldId), overlaps(tf));
    if (checked === null) return selectCultivations(db, where);
    return pageOf(await listCultivations(db, where, checked), checked, (c) => c.id);
  });
}

/**
 * Lists the cultivations on all fields of a farm by start date, optionally
 * within a timeframe (same rule as {@link getCultivations}).
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param farmId - The farm.
 * @param timeframe - The period to look at; all cultivations when omitted.
 * @returns The cultivations.
 * @throws {FdmError} `INVALID_INPUT` for a reversed timeframe; `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 * @example
 * ```ts fragment="continues the addCultivation example"
 * import assert from "node:assert";
 * import { getCultivationsForFarm } from "fdm-core";
 * const all = await getCultivationsForFarm(fdm, me, farmId);
 * assert.deepEqual(all.map((c) => [c.fieldId, c.catalogueItemId]), [[fieldId, "nl_265"]]);
 * ```
 */
export async function getCultivationsForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe?: Timeframe,
): Promise<Cultivation[]>;
/**
 * Lists one page of the cultivations on all fields of a farm, by id (ids compare as bytes):
 * at most `page.limit` whose ids come after `page.after`, read in SQL; the timeframe filters
 * as without a page. See {@link getFields} for how pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param farmId - The farm.
 * @param timeframe - The period to look at, or `undefined` for all cultivations.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's cultivations and the `after` of the next page (`next`, `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for a reversed timeframe or a bad page (`field:
 *   "page.limit"` or `"page.after"`); `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 */
export async function getCultivationsForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe: Timeframe | undefined,
  page: PageRequest,
): Promise<Page<Cultivation>>;
export async function getCultivationsForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe?: Timeframe,
  page?: PageRequest,
): Promise<Cultivation[] | Page<Cultivation>> {
  const tf = requireTimeframe(timeframe);
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "getCultivationsForFarm").list("farm", farmId, async (db) => {
    if (checked === null) return cultivationsOfFarm(db, farmId, tf);
    const where = and(eq(fieldAcquiring.farmId, farmId), overlaps(tf));
    return pageOf(await listCultivations(db, where, checked), checked, (c) => c.id);
  });
}

/** The work of {@link getCultivationsForFarm}, also done by getFarmRecords. */
export function cultivationsOfFarm(
  db: FdmType,
  farmId: string,
  tf: Timeframe,
): Promise<Cultivation[]> {
  return listCultivations(db, and(eq(fieldAcquiring.farmId, farmId), overlaps(tf)));
}

/**
 * Changes a cultivation: its crop, start date or end date (`endDate: null`
 * reopens it), and whether its crop residues stay on the field. The result must
 * still hold together: the start within the farm's tenure of the field, the end
 * not before the start, every harvest between them, and no more harvests than
 * the (new) crop allows.
 *
 * @param fdm - The database handle.
 * @param principalId - Who changes it; needs the `write` right on the farm.
 * @param cultivationId - The cultivation.
 * @param update - The fields to change (at least one). `residuesLeft` may be recorded at any
 *   time, also before the crop ends; `null` clears it (a balance then takes the residues as
 *   left on the field).
 * @returns The cultivation as stored afterwards, read in the same transaction.
 * @throws {FdmError} `INVALID_INPUT` for a bad value (e.g. `residuesLeft` that is not `true`,
 *   `false` or `null`) or dates out of order; `CONFLICT` when the new crop allows fewer harvests
 *   than are recorded; `NOT_FOUND` for an unknown cultivation or item.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addCultivation example"
 * import assert from "node:assert";
 * import { updateCultivation } from "fdm-core";
 * const updated = await updateCultivation(fdm, me, cultivationId, { startDate: new Date("2025-02-01") });
 * assert.deepEqual(updated.startDate, new Date("2025-02-01"));
 * assert.equal(updated.residuesLeft, null); // not recorded: a balance takes them as left
 * const baled = await updateCultivation(fdm, me, cultivationId, { residuesLeft: false });
 * assert.equal(baled.residuesLeft, false);
 * ```
 */
export async function updateCultivation(
  fdm: FdmType,
  principalId: PrincipalId,
  cultivationId: string,
  update: CultivationUpdate,
): Promise<Cultivation> {
  return changeCultivation("updateCultivation", fdm, principalId, cultivationId, update);
}

/** `undefined` (unchanged), `null` (cleared) or a boolean; anything else is refused. */
function residuesValue(value: unknown): boolean | null | undefined {
  if (value === undefined || value === null || typeof value === "boolean") return value;
  throw new FdmError("INVALID_INPUT", "residuesLeft: must be true, false or null.", {
    field: "residuesLeft",
  });
}

/** updateCultivation's work, audited under the name of the function called. */
async function changeCultivation(
  origin: "updateCultivation" | "endCultivation",
  fdm: FdmType,
  principalId: PrincipalId,
  cultivationId: string,
  update: CultivationUpdate,
): Promise<Cultivation> {
  const patch = requireObject(update, "update");
  requireSomeKey(patch, ["catalogueItemId", "startDate", "endDate", "residuesLeft"]);
  const catalogueItemId =
    patch.catalogueItemId === undefined
      ? undefined
      : requireId(patch.catalogueItemId, "catalogueItemId");
  const startDate =
    patch.startDate === undefined ? undefined : requireDate(patch.startDate, "startDate");
  const endDate = patch.endDate === undefined ? undefined : optionalDate(patch.endDate, "endDate");
  const residuesLeft = residuesValue(patch.residuesLeft);
  return guard(fdm, principalId, origin).write(
    "cultivation",
    cultivationId,
    async (tx, { farmId }) => {
      await tx
        .select({ id: cultivations.id })
        .from(cultivations)
        .where(eq(cultivations.id, cultivationId))
        .for("update");
      const [current] = await selectCultivations(tx, eq(cultivations.id, cultivationId));
      if (!current)
        throw new FdmError(
          "NOT_FOUND",
          `cultivationId: no cultivation with id '${cultivationId}'.`,
        );
      const start = startDate ?? current.startDate;
      const end = endDate === undefined ? current.endDate : endDate;
      requireOrder(start, end, "endDate", "must not be before startDate");
      if (startDate) await requireWithinTenure(tx, current.fieldId, startDate, "startDate");
      const [h] = await tx
        .select({
          n: count(),
          first: min(cultivationHarvesting.harvestDate),
          last: max(cultivationHarvesting.harvestDate),
        })
        .from(cultivationHarvesting)
        .where(eq(cultivationHarvesting.cultivationId, cultivationId));
      const first = h?.first ? new Date(h.first) : null;
      const last = h?.last ? new Date(h.last) : null;
      if (first && first < start) {
        throw new FdmError(
          "INVALID_INPUT",
          "startDate: must not be after the cultivation's first harvest.",
          {
            field: "startDate",
          },
        );
      }
      if (last && end && last > end) {
        throw new FdmError(
          "INVALID_INPUT",
          "endDate: must not be before the cultivation's last harvest.",
          {
            field: "endDate",
          },
        );
      }
      if (catalogueItemId) {
        const item = await requireCultivationItem(tx, farmId, catalogueItemId);
        const harvests = h?.n ?? 0;
        const allowed =
          item.harvestable === "none" ? 0 : item.harvestable === "once" ? 1 : Infinity;
        if (harvests > allowed) {
          throw new FdmError(
            "CONFLICT",
            `catalogueItemId: crop '${catalogueItemId}' is harvestable '${item.harvestable}' but the cultivation has ${harvests} harvests.`,
            { field: "catalogueItemId" },
          );
        }
      }
      await tx
        .update(cultivations)
        .set({ catalogueItemId, updatedAt: new Date() })
        .where(eq(cultivations.id, cultivationId));
      if (startDate) {
        await tx
          .update(cultivationStarting)
          .set({ startDate })
          .where(eq(cultivationStarting.cultivationId, cultivationId));
      }
      if (endDate !== undefined) {
        await tx
          .delete(cultivationEnding)
          .where(eq(cultivationEnding.cultivationId, cultivationId));
        if (endDate) await tx.insert(cultivationEnding).values({ cultivationId, endDate });
      }
      if (residuesLeft === null) {
        await tx
          .delete(cultivationResidues)
          .where(eq(cultivationResidues.cultivationId, cultivationId));
      } else if (residuesLeft !== undefined) {
        await tx
          .insert(cultivationResidues)
          .values({ cultivationId, residuesLeft })
          .onConflictDoUpdate({ target: cultivationResidues.cultivationId, set: { residuesLeft } });
      }
      // Read back in the transaction: one access check and one audit row for the call.
      return readCultivation(tx, cultivationId);
    },
  );
}

/**
 * Ends a cultivation on a date (action cultivation ending), and, when given, records
 * whether its crop residues stay on the field.
 *
 * @param fdm - The database handle.
 * @param principalId - Who records it; needs the `write` right on the farm.
 * @param cultivationId - The cultivation.
 * @param endDate - The date the crop is terminated; not before its start nor its last harvest.
 * @param options - `residuesLeft`: `true` when the crop's residues stay on the field, `false`
 *   when they are removed (e.g. straw baled), `null` to clear; left out, what was recorded
 *   stays. Not recorded, a balance takes the residues as left on the field.
 * @returns The cultivation as stored afterwards, read in the same transaction.
 * @throws {FdmError} `INVALID_INPUT` for a bad or out-of-order date, an unknown option or a
 *   `residuesLeft` that is not `true`, `false` or `null`; `NOT_FOUND` for an unknown cultivation.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addCultivation example"
 * import assert from "node:assert";
 * import { endCultivation } from "fdm-core";
 * const ended = await endCultivation(fdm, me, cultivationId, new Date("2025-10-15"), {
 *   residuesLeft: true, // the sward is ploughed in
 * });
 * assert.deepEqual([ended.endDate, ended.residuesLeft], [new Date("2025-10-15"), true]);
 * ```
 */
export async function endCultivation(
  fdm: FdmType,
  principalId: PrincipalId,
  cultivationId: string,
  endDate: Date,
  options?: { residuesLeft?: boolean | null },
): Promise<Cultivation> {
  requireDate(endDate, "endDate");
  const given = options === undefined ? {} : requireObject(options, "options");
  for (const key of Object.keys(given)) {
    if (key !== "residuesLeft") {
      throw new FdmError("INVALID_INPUT", `${key}: is not an option of endCultivation.`, {
        field: key,
      });
    }
  }
  return changeCultivation("endCultivation", fdm, principalId, cultivationId, {
    endDate,
    residuesLeft: given.residuesLeft as boolean | null | undefined,
  });
}

/**
 * Removes a cultivation with its harvests, in one transaction.
 *
 * @param fdm - The database handle.
 * @param principalId - Who removes it; needs the `write` right on the farm.
 * @param cultivationId - The cultivation.
 * @returns Resolves when it is gone.
 * @throws {FdmError} `NOT_FOUND` for an unknown cultivation.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addCultivation example"
 * import assert from "node:assert";
 * import { getCultivations, removeCultivation } from "fdm-core";
 * await removeCultivation(fdm, me, cultivationId);
 * assert.deepEqual(await getCultivations(fdm, me, fieldId), []);
 * ```
 */
export async function removeCultivation(
  fdm: FdmType,
  principalId: PrincipalId,
  cultivationId: string,
): Promise<void> {
  await guard(fdm, principalId, "removeCultivation").write(
    "cultivation",
    cultivationId,
    async (tx) => {
      await removeCultivationsTx(tx, [cultivationId]);
    },
  );
}

/** A row of {@link addCultivations}: a cultivation and the field it starts on. */
export interface CultivationBatchRow extends CultivationInput {
  /** The field the cultivation starts on; it must belong to the farm the call writes to. */
  fieldId: string;
}

/** The most rows {@link addCultivations} takes in one call. */
const MAX_BATCH_ROWS = 20_000;

/**
 * Starts many cultivations on fields of one farm at once, e.g. when importing a
 * farm's crop plan: access is checked once on the farm, every row is checked with
 * the rules of {@link addCultivation} (crop of an enabled catalogue, end not before
 * start, start within the farm's tenure of the field), and all rows are written in
 * one transaction with multi-row inserts — when one row is invalid, none is written.
 *
 * @param fdm - The database handle.
 * @param principalId - Who adds them; needs the `write` right on the farm.
 * @param farmId - The farm; every row's field must belong to it.
 * @param rows - 1 to 20,000 cultivations, each with its `fieldId`.
 * @returns The new cultivations' ids, in the order of `rows`.
 * @throws {FdmError} `INVALID_INPUT` when the list is empty or too long, or a row breaks a rule
 *   of {@link addCultivation}; `NOT_FOUND` for an unknown farm, a field the farm does not hold
 *   or an unknown catalogue item. The error's `field` and message name the row and its
 *   property, e.g. `cultivations[12].startDate: must not be before the field's acquiring date.`
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addCultivations, addFarm, addFields, createFdmAuth, createFdmLocal, enableCultivationCatalogue,
 *   getCultivationsForFarm, syncCatalogues,
 * } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * await syncCatalogues(fdm);
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await enableCultivationCatalogue(fdm, me, farmId, "brp");
 * const square = (x: number) => ({
 *   type: "Polygon" as const,
 *   coordinates: [[[x, 51.98], [x + 0.001, 51.98], [x + 0.001, 51.981], [x, 51.981], [x, 51.98]]],
 * });
 * const [a, b] = await addFields(fdm, me, farmId, [
 *   { name: "Perceel 1", geometry: square(5.66), acquiringDate: new Date("2020-01-01"), acquiringMethod: "owner" },
 *   { name: "Perceel 2", geometry: square(5.67), acquiringDate: new Date("2020-01-01"), acquiringMethod: "owner" },
 * ]);
 * const ids = await addCultivations(fdm, me, farmId, [
 *   { fieldId: a as string, catalogueItemId: "nl_265", startDate: new Date("2025-01-01") },
 *   { fieldId: b as string, catalogueItemId: "nl_233", startDate: new Date("2024-10-15"), endDate: new Date("2025-07-20") },
 * ]);
 * assert.strictEqual(ids.length, 2);
 * assert.strictEqual((await getCultivationsForFarm(fdm, me, farmId)).length, 2);
 * ```
 */
export async function addCultivations(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  rows: CultivationBatchRow[],
): Promise<string[]> {
  const list = requireRows(rows, "cultivations", MAX_BATCH_ROWS, "cultivation", (row) => ({
    ...cultivationRow(row),
    fieldId: requireId((row as Record<string, unknown>).fieldId, "fieldId"),
  }));
  await guard(fdm, principalId, "addCultivations").write("farm", farmId, async (tx) => {
    await requireRowsOnFarm(
      tx,
      farmId,
      "cultivations",
      list.map((r) => ({ fieldId: r.fieldId, date: r.startDate, dateField: "startDate" })),
    );
    // One query per distinct crop, not per row.
    const firstRowOf = new Map<string, number>();
    list.forEach((r, i) => {
      if (!firstRowOf.has(r.catalogueItemId)) firstRowOf.set(r.catalogueItemId, i);
    });
    for (const [itemId, i] of firstRowOf) {
      await inRow("cultivations", i, () => requireCultivationItem(tx, farmId, itemId));
    }
    for (const chunk of chunksFor(list, [cultivations, cultivationStarting, cultivationEnding])) {
      const ended = chunk.flatMap((r) =>
        r.endDate ? [{ cultivationId: r.id, endDate: r.endDate }] : [],
      );
      await insertTogether(tx, [
        tx
          .insert(cultivations)
          .values(chunk.map((r) => ({ id: r.id, catalogueItemId: r.catalogueItemId }))),
        tx
          .insert(cultivationStarting)
          .values(
            chunk.map((r) => ({ cultivationId: r.id, fieldId: r.fieldId, startDate: r.startDate })),
          ),
        ...(ended.length > 0 ? [tx.insert(cultivationEnding).values(ended)] : []),
      ]);
    }
    await refreshStatistics(tx, list.length, [
      cultivations,
      cultivationStarting,
      cultivationEnding,
    ]);
  });
  return list.map((r) => r.id);
}
