import { and, asc, count, eq, inArray, type SQL } from "drizzle-orm";
import type { Harvestable } from "fdm-data";
import { FdmError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { guard } from "./guard.js";
import { chunksFor, idSet, insertTogether, refreshStatistics } from "./insert-together.js";
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
  cultivationStarting,
  cultivations,
  fieldAcquiring,
  harvestableAnalyses,
  harvestables,
} from "./schema.js";
import { dateWithin } from "./timeframe.js";
import {
  createId,
  inRow,
  one,
  optionalNumber,
  requireDate,
  requireId,
  requireObject,
  requireRows,
  requireTimeframe,
  type Timeframe,
  tied,
} from "./validate.js";

/**
 * The analysis of a harvested product. Every value is optional; `null` means
 * it was not measured.
 */
export interface HarvestAnalysis {
  /** Dry-matter yield in kg DM/ha, 0–100,000. */
  dryMatterYield?: number | null;
  /** Dry-matter content in g DM/kg fresh product, 0–1,000. */
  dryMatterContent?: number | null;
  /** Nitrogen content in g N/kg DM, 0–100. */
  nitrogenContent?: number | null;
  /** Phosphate content in g P2O5/kg DM, 0–100. */
  phosphateContent?: number | null;
  /** Potash content in g K2O/kg DM, 0–150. */
  potashContent?: number | null;
}

/** A new harvest: its date and the analysis of what was harvested. */
export interface HarvestInput extends HarvestAnalysis {
  /** The date of the harvest (action cultivation harvesting). */
  harvestDate: Date;
}

/** A harvest as fdm-core returns it. */
export interface Harvest {
  /** The harvest's id. */
  id: string;
  /** The cultivation that was harvested. */
  cultivationId: string;
  /** The harvested product (harvestable). */
  harvestableId: string;
  /** The date of the harvest. */
  harvestDate: Date;
  /** The analysis of the harvested product; unmeasured values are `null`. */
  analysis: Required<{ [K in keyof HarvestAnalysis]: number | null }>;
}

// The interface follows its tables: a column added there and not here fails the type-check.
tied<Harvest, typeof cultivationHarvesting.$inferSelect>(true, true);

const ranges: Record<keyof HarvestAnalysis, number> = {
  dryMatterYield: 100_000,
  dryMatterContent: 1_000,
  nitrogenContent: 100,
  phosphateContent: 100,
  potashContent: 150,
};

const harvestColumns = {
  id: cultivationHarvesting.id,
  cultivationId: cultivationHarvesting.cultivationId,
  harvestableId: cultivationHarvesting.harvestableId,
  harvestDate: cultivationHarvesting.harvestDate,
  dryMatterYield: harvestableAnalyses.dryMatterYield,
  dryMatterContent: harvestableAnalyses.dryMatterContent,
  nitrogenContent: harvestableAnalyses.nitrogenContent,
  phosphateContent: harvestableAnalyses.phosphateContent,
  potashContent: harvestableAnalyses.potashContent,
};

function toHarvest(r: {
  id: string;
  cultivationId: string;
  harvestableId: string;
  harvestDate: Date;
  dryMatterYield: number | null;
  dryMatterContent: number | null;
  nitrogenContent: number | null;
  phosphateContent: number | null;
  potashContent: number | null;
}): Harvest {
  const { id, cultivationId, harvestableId, harvestDate, ...analysis } = r;
  return { id, cultivationId, harvestableId, harvestDate, analysis };
}

const harvestList = jsonList(harvestColumns);

function selectHarvests(db: FdmType) {
  return db
    .select(harvestColumns)
    .from(cultivationHarvesting)
    .innerJoin(
      harvestableAnalyses,
      eq(harvestableAnalyses.harvestableId, cultivationHarvesting.harvestableId),
    );
}

/**
 * Records a harvest of a cultivation: the harvestable (the harvested product),
 * its analysis and the harvesting action, in one transaction. The crop's
 * catalogue item decides how many harvests it may have: `none` allows none,
 * `once` one — and that harvest also ends the cultivation on the harvest date
 * if it has no end date yet — and `multiple` any number.
 *
 * @param fdm - The database handle.
 * @param principalId - Who records it; needs the `write` right on the farm.
 * @param cultivationId - The cultivation.
 * @param harvest - The harvest date and the analysis.
 * @returns The new harvest's id.
 * @throws {FdmError} `INVALID_INPUT` for a date outside the cultivation's start and end or a
 *   value out of range; `CONFLICT` when the crop allows no (further) harvest; `NOT_FOUND` for an
 *   unknown cultivation.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addCultivation example"
 * import { addHarvest } from "fdm-core";
 * const harvestId = await addHarvest(fdm, me, cultivationId, {
 *   harvestDate: new Date("2025-05-20"),
 *   dryMatterYield: 3500,
 *   nitrogenContent: 32,
 * });
 * ```
 */
export async function addHarvest(
  fdm: FdmType,
  principalId: PrincipalId,
  cultivationId: string,
  harvest: HarvestInput,
): Promise<string>;
/**
 * Records a harvest as {@link addHarvest} does, and returns it as {@link getHarvest} shows it,
 * read in the same transaction: one access check and one audit row for the add and the read.
 *
 * @param fdm - The database handle.
 * @param principalId - Who records it; needs the `write` right on the farm.
 * @param cultivationId - The cultivation.
 * @param harvest - The harvest date and the analysis.
 * @param options - `{ returning: "record" }`.
 * @returns The new harvest.
 * @throws {FdmError} As {@link addHarvest}; `INVALID_INPUT` (`field: "options.returning"`) for
 *   other options.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 */
export async function addHarvest(
  fdm: FdmType,
  principalId: PrincipalId,
  cultivationId: string,
  harvest: HarvestInput,
  options: ReturningRecord,
): Promise<Harvest>;
export async function addHarvest(
  fdm: FdmType,
  principalId: PrincipalId,
  cultivationId: string,
  harvest: HarvestInput,
  options?: ReturningRecord,
): Promise<string | Harvest> {
  const { id, harvestableId, harvestDate, analysis } = harvestRow(harvest);
  const record = wantsRecord(options);
  return guard(fdm, principalId, "addHarvest").write("cultivation", cultivationId, async (tx) => {
    const [c] = await lockHarvestedCultivations(tx, [cultivationId]);
    if (!c)
      throw new FdmError("NOT_FOUND", `cultivationId: no cultivation with id '${cultivationId}'.`);
    const ends = requireHarvestAllowed(c, harvestDate);
    await tx.insert(harvestables).values({ id: harvestableId });
    await tx.insert(harvestableAnalyses).values({ id: createId(), harvestableId, ...analysis });
    await tx
      .insert(cultivationHarvesting)
      .values({ id, cultivationId, harvestableId, harvestDate });
    if (ends) {
      await tx.insert(cultivationEnding).values({ cultivationId, endDate: harvestDate });
    }
    return record ? readHarvest(tx, id) : id;
  });
}

/** Validates a new harvest's date and analysis (the rules of addHarvest) and gives it ids. */
function harvestRow(harvest: unknown) {
  const input = requireObject(harvest, "harvest");
  const harvestDate = requireDate(input.harvestDate, "harvestDate");
  const analysis = Object.fromEntries(
    (Object.keys(ranges) as (keyof HarvestAnalysis)[]).map((k) => [
      k,
      optionalNumber(input[k], k, 0, ranges[k]),
    ]),
  ) as Harvest["analysis"];
  return { id: createId(), harvestableId: createId(), harvestDate, analysis };
}

/** What a harvest is checked against: the cultivation's crop, dates and harvests so far. */
type HarvestedCultivation = {
  id: string;
  harvestable: Harvestable;
  itemId: string;
  startDate: Date;
  endDate: Date | null;
  harvests: number;
};

/**
 * Reads the cultivations a harvest is checked against, with their rows locked for the
 * rest of the transaction so that concurrent harvests of one cultivation are serialised
 * and the harvest counts hold. With `farmId`, only cultivations on that farm's fields.
 */
async function lockHarvestedCultivations(
  tx: FdmType,
  cultivationIds: readonly string[],
  farmId?: string,
): Promise<HarvestedCultivation[]> {
  const locked = tx
    .select({ id: cultivations.id })
    .from(cultivations)
    .innerJoin(cultivationStarting, eq(cultivationStarting.cultivationId, cultivations.id))
    .innerJoin(fieldAcquiring, eq(fieldAcquiring.fieldId, cultivationStarting.fieldId))
    .where(
      and(
        inArray(cultivations.id, idSet(cultivationIds)),
        farmId === undefined ? undefined : eq(fieldAcquiring.farmId, farmId),
      ),
    )
    .orderBy(asc(cultivations.id))
    .for("update", { of: cultivations });
  const found = (await locked).map((r) => r.id);
  if (found.length === 0) return [];
  const [rows, counts] = await Promise.all([
    tx
      .select({
        id: cultivations.id,
        harvestable: cultivationCatalogue.harvestable,
        itemId: cultivationCatalogue.itemId,
        startDate: cultivationStarting.startDate,
        endDate: cultivationEnding.endDate,
      })
      .from(cultivations)
      .innerJoin(cultivationStarting, eq(cultivationStarting.cultivationId, cultivations.id))
      .innerJoin(
        cultivationCatalogue,
        eq(cultivationCatalogue.itemId, cultivations.catalogueItemId),
      )
      .leftJoin(cultivationEnding, eq(cultivationEnding.cultivationId, cultivations.id))
      .where(inArray(cultivations.id, idSet(found))),
    tx
      .select({ id: cultivationHarvesting.cultivationId, n: count() })
      .from(cultivationHarvesting)
      .where(inArray(cultivationHarvesting.cultivationId, idSet(found)))
      .groupBy(cultivationHarvesting.cultivationId),
  ]);
  const n = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((r) => ({ ...r, harvests: n.get(r.id) ?? 0 }));
}

/**
 * Throws unless the cultivation may get a harvest on the date: between its start and end,
 * and within what its crop allows (`none`: no harvest, `once`: one). Returns whether the
 * harvest also ends the cultivation (a once-harvested crop without an end date).
 */
function requireHarvestAllowed(c: HarvestedCultivation, harvestDate: Date): boolean {
  if (harvestDate < c.startDate) {
    throw new FdmError(
      "INVALID_INPUT",
      "harvestDate: must not be before the cultivation's start date.",
      { field: "harvestDate" },
    );
  }
  if (c.endDate && harvestDate > c.endDate) {
    throw new FdmError(
      "INVALID_INPUT",
      "harvestDate: must not be after the cultivation's end date.",
      { field: "harvestDate" },
    );
  }
  if (c.harvestable === "none") {
    throw new FdmError(
      "CONFLICT",
      `cultivationId: crop '${c.itemId}' is not harvestable (catalogue harvestable 'none'): a crop that is never harvested cannot have a harvest.`,
      { field: "cultivationId" },
    );
  }
  if (c.harvestable === "once" && c.harvests >= 1) {
    throw new FdmError(
      "CONFLICT",
      `cultivationId: crop '${c.itemId}' is harvested once (catalogue harvestable 'once') and already has a harvest; a second harvest is not allowed.`,
      { field: "cultivationId" },
    );
  }
  return c.harvestable === "once" && !c.endDate;
}

/**
 * Reads one harvest with its analysis.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param harvestId - The harvest.
 * @returns The harvest.
 * @throws {FdmError} `NOT_FOUND` for an unknown harvest.
 * @throws {FdmPermissionError} When the principal may not read the farm.
 * @example
 * ```ts fragment="continues the addHarvest example"
 * import assert from "node:assert";
 * import { getHarvest } from "fdm-core";
 * const harvest = await getHarvest(fdm, me, harvestId);
 * assert.equal(harvest.analysis.dryMatterYield, 3500);
 * ```
 */
export async function getHarvest(
  fdm: FdmType,
  principalId: PrincipalId,
  harvestId: string,
): Promise<Harvest> {
  return guard(fdm, principalId, "getHarvest").read("harvest", harvestId, (db) =>
    readHarvest(db, harvestId),
  );
}

/** One harvest; no access check (the caller's guard made it). */
async function readHarvest(db: FdmType, harvestId: string): Promise<Harvest> {
  const rows = await selectHarvests(db).where(eq(cultivationHarvesting.id, harvestId));
  return toHarvest(one(rows, "harvestId", harvestId));
}

/**
 * Lists the harvests of a cultivation by date.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param cultivationId - The cultivation.
 * @returns The harvests; empty when there are none.
 * @throws {FdmError} `NOT_FOUND` for an unknown cultivation.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 * @example
 * ```ts fragment="continues the addHarvest example"
 * import assert from "node:assert";
 * import { getHarvests } from "fdm-core";
 * const harvests = await getHarvests(fdm, me, cultivationId);
 * assert.deepEqual(harvests.map((h) => h.id), [harvestId]);
 * ```
 */
export async function getHarvests(
  fdm: FdmType,
  principalId: PrincipalId,
  cultivationId: string,
): Promise<Harvest[]>;
/**
 * Lists one page of the harvests of a cultivation, by id (ids compare as bytes): at most
 * `page.limit` whose ids come after `page.after`, read in SQL. See {@link getFields} for how
 * pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param cultivationId - The cultivation.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's harvests and the `after` of the next page (`next`, `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for a bad page (`field: "page.limit"` or `"page.after"`);
 *   `NOT_FOUND` for an unknown cultivation.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 */
export async function getHarvests(
  fdm: FdmType,
  principalId: PrincipalId,
  cultivationId: string,
  page: PageRequest,
): Promise<Page<Harvest>>;
export async function getHarvests(
  fdm: FdmType,
  principalId: PrincipalId,
  cultivationId: string,
  page?: PageRequest,
): Promise<Harvest[] | Page<Harvest>> {
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "getHarvests").list("cultivation", cultivationId, async (db) => {
    const where = eq(cultivationHarvesting.cultivationId, cultivationId);
    if (checked !== null) {
      return pageOf(await pageOfHarvests(db, where, checked), checked, (h) => h.id);
    }
    const rows = await selectHarvests(db)
      .where(where)
      .orderBy(asc(cultivationHarvesting.harvestDate), asc(cultivationHarvesting.id));
    return rows.map(toHarvest);
  });
}

/** The first `limit + 1` harvests matching `where` after the page's id (see readJsonPage). */
async function pageOfHarvests(
  db: FdmType,
  where: SQL | undefined,
  page: CheckedPage,
): Promise<Harvest[]> {
  const rows = await readJsonPage<Parameters<typeof toHarvest>[0]>(
    db,
    harvestList,
    cultivationHarvesting.id,
    page,
    (selected) =>
      db
        .select(selected)
        .from(cultivationHarvesting)
        .innerJoin(
          harvestableAnalyses,
          eq(harvestableAnalyses.harvestableId, cultivationHarvesting.harvestableId),
        )
        .innerJoin(
          cultivationStarting,
          eq(cultivationStarting.cultivationId, cultivationHarvesting.cultivationId),
        )
        .innerJoin(fieldAcquiring, eq(fieldAcquiring.fieldId, cultivationStarting.fieldId))
        .$dynamic(),
    where,
  );
  return rows.map(toHarvest);
}

/**
 * Lists the harvests of all cultivations on the fields of a farm by date, with
 * one access check on the farm, optionally only those dated within a
 * timeframe (both ends included). Use it instead of calling
 * {@link getHarvests} per cultivation when the whole farm is needed.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param farmId - The farm.
 * @param timeframe - The period; all harvests when omitted.
 * @returns The harvests; each names its cultivation in `cultivationId`.
 * @throws {FdmError} `INVALID_INPUT` for a reversed timeframe; `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 * @example
 * ```ts fragment="continues the addHarvest example"
 * import assert from "node:assert";
 * import { getHarvestsForFarm } from "fdm-core";
 * const harvests2025 = await getHarvestsForFarm(fdm, me, farmId, {
 *   start: new Date("2025-01-01"),
 *   end: new Date("2025-12-31"),
 * });
 * assert.deepEqual(harvests2025.map((h) => h.id), [harvestId]);
 * ```
 */
export async function getHarvestsForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe?: Timeframe,
): Promise<Harvest[]>;
/**
 * Lists one page of the harvests on the fields of a farm, by id (ids compare as bytes): at most
 * `page.limit` whose ids come after `page.after`, read in SQL; the timeframe filters as
 * without a page. See {@link getFields} for how pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param farmId - The farm.
 * @param timeframe - The period, or `undefined` for all harvests.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's harvests and the `after` of the next page (`next`, `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for a reversed timeframe or a bad page (`field:
 *   "page.limit"` or `"page.after"`); `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 */
export async function getHarvestsForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe: Timeframe | undefined,
  page: PageRequest,
): Promise<Page<Harvest>>;
export async function getHarvestsForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe?: Timeframe,
  page?: PageRequest,
): Promise<Harvest[] | Page<Harvest>> {
  const tf = requireTimeframe(timeframe);
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "getHarvestsForFarm").list("farm", farmId, async (db) => {
    if (checked === null) return harvestsOfFarm(db, farmId, tf);
    const where = and(
      eq(fieldAcquiring.farmId, farmId),
      dateWithin(cultivationHarvesting.harvestDate, tf),
    );
    return pageOf(await pageOfHarvests(db, where, checked), checked, (h) => h.id);
  });
}

/** The work of {@link getHarvestsForFarm}, also done by getFarmRecords. */
export async function harvestsOfFarm(
  db: FdmType,
  farmId: string,
  tf: Timeframe,
): Promise<Harvest[]> {
  // One JSON value for the whole farm (see json-list.ts), with the joins of selectHarvests.
  const [row] = await db
    .select({
      list: harvestList.select(
        asc(cultivationHarvesting.harvestDate),
        asc(cultivationHarvesting.id),
      ),
    })
    .from(cultivationHarvesting)
    .innerJoin(
      harvestableAnalyses,
      eq(harvestableAnalyses.harvestableId, cultivationHarvesting.harvestableId),
    )
    .innerJoin(
      cultivationStarting,
      eq(cultivationStarting.cultivationId, cultivationHarvesting.cultivationId),
    )
    .innerJoin(fieldAcquiring, eq(fieldAcquiring.fieldId, cultivationStarting.fieldId))
    .where(
      and(eq(fieldAcquiring.farmId, farmId), dateWithin(cultivationHarvesting.harvestDate, tf)),
    );
  return harvestList.parse<Parameters<typeof toHarvest>[0]>(row?.list).map(toHarvest);
}

/**
 * Removes a harvest with its harvestable and analysis. An end date the
 * harvest set on a once-harvested crop stays.
 *
 * @param fdm - The database handle.
 * @param principalId - Who removes it; needs the `write` right on the farm.
 * @param harvestId - The harvest.
 * @returns Resolves when it is gone.
 * @throws {FdmError} `NOT_FOUND` for an unknown harvest.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addHarvest example"
 * import assert from "node:assert";
 * import { getHarvests, removeHarvest } from "fdm-core";
 * await removeHarvest(fdm, me, harvestId);
 * assert.deepEqual(await getHarvests(fdm, me, cultivationId), []);
 * ```
 */
export async function removeHarvest(
  fdm: FdmType,
  principalId: PrincipalId,
  harvestId: string,
): Promise<void> {
  await guard(fdm, principalId, "removeHarvest").write("harvest", harvestId, async (tx) => {
    const [row] = await tx
      .select({ harvestableId: cultivationHarvesting.harvestableId })
      .from(cultivationHarvesting)
      .where(eq(cultivationHarvesting.id, harvestId));
    if (row) await tx.delete(harvestables).where(eq(harvestables.id, row.harvestableId));
  });
}

/** A row of {@link addHarvests}: a harvest and the cultivation that was harvested. */
export interface HarvestBatchRow extends HarvestInput {
  /** The harvested cultivation; it must grow on a field of the farm the call writes to. */
  cultivationId: string;
}

/** The most rows {@link addHarvests} takes in one call. */
const MAX_BATCH_ROWS = 20_000;

/**
 * Records many harvests of cultivations on one farm at once, e.g. when importing
 * a season's yields: access is checked once on the farm, every row is checked with
 * the rules of {@link addHarvest} (values in range, a date between the
 * cultivation's start and end, no more harvests than the crop allows — counting
 * the rows before it in the same call), and all rows are written in one
 * transaction with multi-row inserts — when one row is invalid, none is written.
 * As with {@link addHarvest}, the harvest of a once-harvested crop without an end
 * date also ends it on the harvest date.
 *
 * @param fdm - The database handle.
 * @param principalId - Who records them; needs the `write` right on the farm.
 * @param farmId - The farm; every row's cultivation must grow on one of its fields.
 * @param rows - 1 to 20,000 harvests, each with its `cultivationId`.
 * @returns The new harvests' ids, in the order of `rows`.
 * @throws {FdmError} `INVALID_INPUT` when the list is empty or too long, or a row breaks a rule
 *   of {@link addHarvest}; `CONFLICT` when a crop allows no (further) harvest; `NOT_FOUND` for
 *   an unknown farm or a cultivation not on the farm. The error's `field` and message name
 *   the row and its property, e.g. `harvests[2].harvestDate: must not be before the cultivation's start date.`
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addCultivations, addFarm, addField, addHarvests, createFdmAuth, createFdmLocal,
 *   enableCultivationCatalogue, getHarvestsForFarm, syncCatalogues,
 * } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * await syncCatalogues(fdm);
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await enableCultivationCatalogue(fdm, me, farmId, "brp");
 * const fieldId = await addField(fdm, me, farmId, {
 *   name: "Achter de schuur",
 *   geometry: {
 *     type: "Polygon",
 *     coordinates: [[[5.66, 51.98], [5.67, 51.98], [5.67, 51.99], [5.66, 51.99], [5.66, 51.98]]],
 *   },
 *   acquiringDate: new Date("2020-01-01"),
 *   acquiringMethod: "owner",
 * });
 * const [grass] = await addCultivations(fdm, me, farmId, [
 *   { fieldId, catalogueItemId: "nl_265", startDate: new Date("2025-01-01") }, // Grasland, blijvend
 * ]);
 * const cuts = ["2025-05-10", "2025-06-20", "2025-08-05"].map((d) => ({
 *   cultivationId: grass as string,
 *   harvestDate: new Date(d),
 *   dryMatterYield: 3000,
 * }));
 * const ids = await addHarvests(fdm, me, farmId, cuts);
 * assert.strictEqual(ids.length, 3);
 * assert.strictEqual((await getHarvestsForFarm(fdm, me, farmId)).length, 3);
 * ```
 */
export async function addHarvests(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  rows: HarvestBatchRow[],
): Promise<string[]> {
  const list = requireRows(rows, "harvests", MAX_BATCH_ROWS, "harvest", (row) => ({
    ...harvestRow(row),
    cultivationId: requireId((row as Record<string, unknown>).cultivationId, "cultivationId"),
  }));
  await guard(fdm, principalId, "addHarvests").write("farm", farmId, async (tx) => {
    const found = await lockHarvestedCultivations(
      tx,
      list.map((r) => r.cultivationId),
      farmId,
    );
    // Each row is checked against the cultivation as the rows before it left it.
    const state = new Map(found.map((c) => [c.id, { ...c }]));
    const ended: { cultivationId: string; endDate: Date }[] = [];
    list.forEach((r, i) => {
      inRow("harvests", i, () => {
        const c = state.get(r.cultivationId);
        if (!c) {
          throw new FdmError(
            "NOT_FOUND",
            `cultivationId: farm '${farmId}' has no cultivation with id '${r.cultivationId}'.`,
            { field: "cultivationId" },
          );
        }
        if (requireHarvestAllowed(c, r.harvestDate)) {
          c.endDate = r.harvestDate;
          ended.push({ cultivationId: c.id, endDate: r.harvestDate });
        }
        c.harvests += 1;
      });
    });
    const tables = [harvestables, harvestableAnalyses, cultivationHarvesting];
    for (const chunk of chunksFor(list, tables)) {
      await insertTogether(tx, [
        tx.insert(harvestables).values(chunk.map((r) => ({ id: r.harvestableId }))),
        tx
          .insert(harvestableAnalyses)
          .values(
            chunk.map((r) => ({ id: createId(), harvestableId: r.harvestableId, ...r.analysis })),
          ),
        tx.insert(cultivationHarvesting).values(
          chunk.map((r) => ({
            id: r.id,
            cultivationId: r.cultivationId,
            harvestableId: r.harvestableId,
            harvestDate: r.harvestDate,
          })),
        ),
      ]);
    }
    for (const chunk of chunksFor(ended, [cultivationEnding])) {
      await tx.insert(cultivationEnding).values(chunk);
    }
    await refreshStatistics(tx, list.length, [...tables, cultivationEnding]);
  });
  return list.map((r) => r.id);
}
