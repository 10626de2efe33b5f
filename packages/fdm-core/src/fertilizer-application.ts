import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { ApplicationMethods } from "fdm-data";
import { rowsOf } from "./authorization.js";
import { FdmError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { guard } from "./guard.js";
import { chunksFor, refreshStatistics } from "./insert-together.js";
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
  applicationMethodOptions,
  fertilizerAcquiring,
  fertilizerApplying,
  fertilizerCatalogue,
  fertilizers,
  fieldAcquiring,
} from "./schema.js";
import { requireInTenure, requireRowsOnFarm, requireWithinTenure } from "./tenure.js";
import { dateWithin } from "./timeframe.js";
import {
  createId,
  inRow,
  one,
  requireDate,
  requireEnum,
  requireId,
  requireNumber,
  requireObject,
  requireRows,
  requireSomeKey,
  requireTimeframe,
  type Timeframe,
  tied,
} from "./validate.js";

/** A fertilizer application to record. */
export interface FertilizerApplicationInput {
  /** The fertilizer (held by the same farm as the field) that is applied. */
  fertilizerId: string;
  /** The amount of product in kg per hectare: above 0 and at most 200,000 (200 t/ha). */
  amountKgPerHa: number;
  /** How it is applied; must be one of the product's allowed application methods. */
  method: ApplicationMethods;
  /** The date of the application (action fertilizer applying); within the farm's tenure of the field. */
  applicationDate: Date;
}

/** A fertilizer application as fdm-core returns it. */
export interface FertilizerApplication {
  /** The application's id. */
  id: string;
  /** The field the fertilizer was applied to. */
  fieldId: string;
  /** The fertilizer that was applied. */
  fertilizerId: string;
  /** The product's catalogue item id. */
  catalogueItemId: string;
  /** The product's Dutch name. */
  nameNl: string;
  /** The amount of product in kg/ha. */
  amountKgPerHa: number;
  /** How it was applied. */
  method: ApplicationMethods;
  /** The date of the application. */
  applicationDate: Date;
}

// The interface follows its tables: a column added there and not here fails the type-check.
tied<FertilizerApplication, typeof fertilizerApplying.$inferSelect, "createdAt" | "updatedAt">(
  true,
  true,
);

const MAX_AMOUNT = 200_000;
const methods = applicationMethodOptions.map((o) => o.value);

const applicationColumns = {
  id: fertilizerApplying.id,
  fieldId: fertilizerApplying.fieldId,
  fertilizerId: fertilizerApplying.fertilizerId,
  catalogueItemId: fertilizers.catalogueItemId,
  nameNl: fertilizerCatalogue.nameNl,
  amountKgPerHa: fertilizerApplying.amountKgPerHa,
  method: fertilizerApplying.method,
  applicationDate: fertilizerApplying.applicationDate,
};

const applicationOrder = [asc(fertilizerApplying.applicationDate), asc(fertilizerApplying.id)];

function selectApplications(db: FdmType, where: SQL | undefined) {
  return joinApplications(db.select(applicationColumns).from(fertilizerApplying).$dynamic())
    .where(where)
    .orderBy(...applicationOrder);
}

/** The joins of an applications read, for rows or for one JSON list. */
function joinApplications<T extends PgSelect>(query: T) {
  return query
    .innerJoin(fertilizers, eq(fertilizers.id, fertilizerApplying.fertilizerId))
    .innerJoin(fertilizerCatalogue, eq(fertilizerCatalogue.itemId, fertilizers.catalogueItemId))
    .innerJoin(fieldAcquiring, eq(fieldAcquiring.fieldId, fertilizerApplying.fieldId));
}

const applicationList = jsonList(applicationColumns);

/**
 * The applications matching `where` as one JSON value (see json-list.ts), in the same order;
 * with a page, the first `limit + 1` after `after` by id.
 */
async function listApplications(
  db: FdmType,
  where: SQL | undefined,
  page?: CheckedPage,
): Promise<FertilizerApplication[]> {
  if (page !== undefined) {
    return readJsonPage<FertilizerApplication>(
      db,
      applicationList,
      fertilizerApplying.id,
      page,
      (selected) => joinApplications(db.select(selected).from(fertilizerApplying).$dynamic()),
      where,
    );
  }
  const [row] = await joinApplications(
    db
      .select({ list: applicationList.select(...applicationOrder) })
      .from(fertilizerApplying)
      .$dynamic(),
  ).where(where);
  return applicationList.parse<FertilizerApplication>(row?.list);
}

/** One fertilizer application; no access check (the caller's guard made it). */
async function readApplication(db: FdmType, applicationId: string): Promise<FertilizerApplication> {
  const rows = await selectApplications(db, eq(fertilizerApplying.id, applicationId));
  return one(rows, "applicationId", applicationId);
}

/** Checks that the fertilizer belongs to the farm and allows the method. */
async function requireUsableFertilizer(
  db: FdmType,
  farmId: string,
  fertilizerId: string,
  method: ApplicationMethods,
  applicationDate: Date,
): Promise<void> {
  const [f] = await db
    .select({
      farmId: fertilizerAcquiring.farmId,
      acquiringDate: fertilizerAcquiring.acquiringDate,
      methods: fertilizerCatalogue.applicationMethods,
    })
    .from(fertilizers)
    .innerJoin(fertilizerAcquiring, eq(fertilizerAcquiring.fertilizerId, fertilizers.id))
    .innerJoin(fertilizerCatalogue, eq(fertilizerCatalogue.itemId, fertilizers.catalogueItemId))
    .where(eq(fertilizers.id, fertilizerId));
  if (!f || f.farmId !== farmId) {
    throw new FdmError(
      "NOT_FOUND",
      `fertilizerId: the field's farm holds no fertilizer with id '${fertilizerId}'.`,
      {
        field: "fertilizerId",
      },
    );
  }
  if (applicationDate < f.acquiringDate) {
    throw new FdmError(
      "INVALID_INPUT",
      `applicationDate: must not be before the fertilizer's acquiring date (${f.acquiringDate.toISOString().slice(0, 10)}).`,
      { field: "applicationDate" },
    );
  }
  if (!f.methods.includes(method)) {
    throw new FdmError(
      "INVALID_INPUT",
      `method: '${method}' is not allowed for this product; allowed are ${f.methods.join(", ")}.`,
      { field: "method" },
    );
  }
}

/**
 * Records that a fertilizer was applied to a field.
 *
 * @param fdm - The database handle.
 * @param principalId - Who records it; needs the `write` right on the field's farm.
 * @param fieldId - The field.
 * @param application - The fertilizer, amount, method and date.
 * @returns The new application's id.
 * @throws {FdmError} `INVALID_INPUT` for an amount outside (0, 200,000] kg/ha, a method the
 *   product does not allow, or a date outside the farm's tenure of the field; `NOT_FOUND` for an
 *   unknown field or a fertilizer that the field's farm does not hold.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addFertilizer example"
 * import { addFertilizerApplication } from "fdm-core";
 * const applicationId = await addFertilizerApplication(fdm, me, fieldId, {
 *   fertilizerId: slurryId,
 *   amountKgPerHa: 25000,
 *   method: "shallow_injection",
 *   applicationDate: new Date("2025-03-15"),
 * });
 * ```
 */
export async function addFertilizerApplication(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  application: FertilizerApplicationInput,
): Promise<string>;
/**
 * Records a fertilizer application as {@link addFertilizerApplication} does, and returns it as
 * {@link getFertilizerApplication} shows it, read in the same transaction: one access check
 * and one audit row for the add and the read.
 *
 * @param fdm - The database handle.
 * @param principalId - Who records it; needs the `write` right on the farm.
 * @param fieldId - The field.
 * @param application - The fertilizer, amount, method and date.
 * @param options - `{ returning: "record" }`.
 * @returns The new application.
 * @throws {FdmError} As {@link addFertilizerApplication}; `INVALID_INPUT` (`field:
 *   "options.returning"`) for other options.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 */
export async function addFertilizerApplication(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  application: FertilizerApplicationInput,
  options: ReturningRecord,
): Promise<FertilizerApplication>;
export async function addFertilizerApplication(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  application: FertilizerApplicationInput,
  options?: ReturningRecord,
): Promise<string | FertilizerApplication> {
  const { id, fertilizerId, amountKgPerHa, method, applicationDate } = applicationRow(application);
  const record = wantsRecord(options);
  return guard(fdm, principalId, "addFertilizerApplication").write(
    "field",
    fieldId,
    async (tx, { farmId, tenure }) => {
      requireInTenure(tenure, applicationDate, "applicationDate");
      // The insert only happens when the farm holds the fertilizer and its product allows the
      // method; when nothing was inserted, the read that names the reason runs.
      const written = await rowsOf(
        tx,
        sql`insert into ${fertilizerApplying} (id, fertilizer_id, field_id, amount_kg_per_ha, method, application_date)
          select ${id}::text, ${fertilizers.id}, ${fieldId}::text, ${amountKgPerHa}::double precision,
            ${method}::application_method, ${sql.param(applicationDate, fertilizerApplying.applicationDate)}::timestamptz
          from ${fertilizers}
          inner join ${fertilizerAcquiring} on ${eq(fertilizerAcquiring.fertilizerId, fertilizers.id)}
          inner join ${fertilizerCatalogue} on ${eq(fertilizerCatalogue.itemId, fertilizers.catalogueItemId)}
          where ${fertilizers.id} = ${fertilizerId} and ${fertilizerAcquiring.farmId} = ${farmId}
            and ${method}::application_method = any(${fertilizerCatalogue.applicationMethods})
            and ${fertilizerAcquiring.acquiringDate} <= ${sql.param(applicationDate, fertilizerAcquiring.acquiringDate)}::timestamptz
          returning id`,
      );
      if (written.length === 0) {
        await requireUsableFertilizer(tx, farmId, fertilizerId, method, applicationDate);
        throw new Error("the fertilizer application was not written");
      }
      return record ? readApplication(tx, id) : id;
    },
  );
}

/** Validates a new application's values (the rules of addFertilizerApplication) and gives it an id. */
function applicationRow(application: unknown) {
  const input = requireObject(application, "application");
  const fertilizerId = requireId(input.fertilizerId, "fertilizerId");
  const amountKgPerHa = requireAmount(input.amountKgPerHa);
  const method = requireEnum(input.method, "method", methods);
  const applicationDate = requireDate(input.applicationDate, "applicationDate");
  return { id: createId(), fertilizerId, amountKgPerHa, method, applicationDate };
}

function requireAmount(value: unknown): number {
  const amount = requireNumber(value, "amountKgPerHa", 0, MAX_AMOUNT);
  if (amount === 0) {
    throw new FdmError("INVALID_INPUT", "amountKgPerHa: must be above 0.", {
      field: "amountKgPerHa",
    });
  }
  return amount;
}

/**
 * Reads one fertilizer application.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param applicationId - The application.
 * @returns The application.
 * @throws {FdmError} `NOT_FOUND` for an unknown application.
 * @throws {FdmPermissionError} When the principal may not read the farm.
 * @example
 * ```ts fragment="continues the addFertilizerApplication example"
 * import assert from "node:assert";
 * import { getFertilizerApplication } from "fdm-core";
 * const application = await getFertilizerApplication(fdm, me, applicationId);
 * assert.deepEqual([application.amountKgPerHa, application.method], [25000, "shallow_injection"]);
 * ```
 */
export async function getFertilizerApplication(
  fdm: FdmType,
  principalId: PrincipalId,
  applicationId: string,
): Promise<FertilizerApplication> {
  return guard(fdm, principalId, "getFertilizerApplication").read(
    "fertilizer_application",
    applicationId,
    (db) => readApplication(db, applicationId),
  );
}

/**
 * Lists the fertilizer applications on a field by date, optionally only those
 * dated within a timeframe (both ends included).
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param fieldId - The field.
 * @param timeframe - The period; all applications when omitted.
 * @returns The applications.
 * @throws {FdmError} `INVALID_INPUT` for a reversed timeframe; `NOT_FOUND` for an unknown field.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 * @example
 * ```ts fragment="continues the addFertilizerApplication example"
 * import assert from "node:assert";
 * import { getFertilizerApplications } from "fdm-core";
 * const spring = await getFertilizerApplications(fdm, me, fieldId, {
 *   start: new Date("2025-03-01"),
 *   end: new Date("2025-05-31"),
 * });
 * assert.deepEqual(spring.map((a) => a.id), [applicationId]);
 * ```
 */
export async function getFertilizerApplications(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  timeframe?: Timeframe,
): Promise<FertilizerApplication[]>;
/**
 * Lists one page of the fertilizer applications on a field, by id (ids compare as bytes): at
 * most `page.limit` whose ids come after `page.after`, read in SQL; the timeframe filters as
 * without a page. See {@link getFields} for how pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param fieldId - The field.
 * @param timeframe - The period, or `undefined` for all applications.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's applications and the `after` of the next page (`next`, `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for a reversed timeframe or a bad page (`field:
 *   "page.limit"` or `"page.after"`); `NOT_FOUND` for an unknown field.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 */
export async function getFertilizerApplications(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  timeframe: Timeframe | undefined,
  page: PageRequest,
): Promise<Page<FertilizerApplication>>;
export async function getFertilizerApplications(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  timeframe?: Timeframe,
  page?: PageRequest,
): Promise<FertilizerApplication[] | Page<FertilizerApplication>> {
  const tf = requireTimeframe(timeframe);
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "getFertilizerApplications").list("field", fieldId, async (db) => {
    const where = and(
      eq(fertilizerApplying.fieldId, fieldId),
      dateWithin(fertilizerApplying.applicationDate, tf),
    );
    if (checked === null) return selectApplications(db, where);
    return pageOf(await listApplications(db, where, checked), checked, (a) => a.id);
  });
}

/**
 * Lists the fertilizer applications on all fields of a farm by date, with one
 * access check on the farm, optionally only those dated within a timeframe
 * (both ends included, as in {@link getFertilizerApplications}). Use it instead
 * of calling {@link getFertilizerApplications} per field when the whole farm is needed.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param farmId - The farm.
 * @param timeframe - The period; all applications when omitted.
 * @returns The applications on the farm's fields; each names its field in `fieldId`.
 * @throws {FdmError} `INVALID_INPUT` for a reversed timeframe; `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 * @example
 * ```ts fragment="continues the addFertilizerApplication example"
 * import assert from "node:assert";
 * import { getFertilizerApplicationsForFarm } from "fdm-core";
 * const spring = await getFertilizerApplicationsForFarm(fdm, me, farmId, {
 *   start: new Date("2025-03-01"),
 *   end: new Date("2025-05-31"),
 * });
 * const onField = spring.filter((a) => a.fieldId === fieldId);
 * assert.deepEqual(onField.map((a) => a.id), [applicationId]);
 * ```
 */
export async function getFertilizerApplicationsForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe?: Timeframe,
): Promise<FertilizerApplication[]>;
/**
 * Lists one page of the fertilizer applications on all fields of a farm, by id (ids compare
 * as bytes): at most `page.limit` whose ids come after `page.after`, read in SQL; the
 * timeframe filters as without a page. See {@link getFields} for how pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param farmId - The farm.
 * @param timeframe - The period, or `undefined` for all applications.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's applications and the `after` of the next page (`next`, `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for a reversed timeframe or a bad page (`field:
 *   "page.limit"` or `"page.after"`); `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 */
export async function getFertilizerApplicationsForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe: Timeframe | undefined,
  page: PageRequest,
): Promise<Page<FertilizerApplication>>;
export async function getFertilizerApplicationsForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe?: Timeframe,
  page?: PageRequest,
): Promise<FertilizerApplication[] | Page<FertilizerApplication>> {
  const tf = requireTimeframe(timeframe);
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "getFertilizerApplicationsForFarm").list(
    "farm",
    farmId,
    async (db) => {
      if (checked === null) return applicationsOfFarm(db, farmId, tf);
      const where = and(
        eq(fieldAcquiring.farmId, farmId),
        dateWithin(fertilizerApplying.applicationDate, tf),
      );
      return pageOf(await listApplications(db, where, checked), checked, (a) => a.id);
    },
  );
}

/** The work of {@link getFertilizerApplicationsForFarm}, also done by getFarmRecords. */
export function applicationsOfFarm(
  db: FdmType,
  farmId: string,
  tf: Timeframe,
): Promise<FertilizerApplication[]> {
  return listApplications(
    db,
    and(eq(fieldAcquiring.farmId, farmId), dateWithin(fertilizerApplying.applicationDate, tf)),
  );
}

/**
 * Changes a fertilizer application: its fertilizer, amount, method or date.
 * The result is checked like a new application.
 *
 * @param fdm - The database handle.
 * @param principalId - Who changes it; needs the `write` right on the farm.
 * @param applicationId - The application.
 * @param update - The fields to change (at least one).
 * @returns The application as stored afterwards, read in the same transaction.
 * @throws {FdmError} `INVALID_INPUT` for a bad value or a method the product does not allow;
 *   `NOT_FOUND` for an unknown application or fertilizer.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addFertilizerApplication example"
 * import assert from "node:assert";
 * import { updateFertilizerApplication } from "fdm-core";
 * const updated = await updateFertilizerApplication(fdm, me, applicationId, { amountKgPerHa: 20000 });
 * assert.equal(updated.amountKgPerHa, 20000);
 * ```
 */
export async function updateFertilizerApplication(
  fdm: FdmType,
  principalId: PrincipalId,
  applicationId: string,
  update: Partial<FertilizerApplicationInput>,
): Promise<FertilizerApplication> {
  const patch = requireObject(update, "update");
  requireSomeKey(patch, ["fertilizerId", "amountKgPerHa", "method", "applicationDate"]);
  const fertilizerId =
    patch.fertilizerId === undefined ? undefined : requireId(patch.fertilizerId, "fertilizerId");
  const amountKgPerHa =
    patch.amountKgPerHa === undefined ? undefined : requireAmount(patch.amountKgPerHa);
  const method =
    patch.method === undefined ? undefined : requireEnum(patch.method, "method", methods);
  const applicationDate =
    patch.applicationDate === undefined
      ? undefined
      : requireDate(patch.applicationDate, "applicationDate");
  return guard(fdm, principalId, "updateFertilizerApplication").write(
    "fertilizer_application",
    applicationId,
    async (tx, { farmId }) => {
      const [current] = await tx
        .select()
        .from(fertilizerApplying)
        .where(eq(fertilizerApplying.id, applicationId))
        .for("update");
      if (!current)
        throw new FdmError(
          "NOT_FOUND",
          `applicationId: no application with id '${applicationId}'.`,
        );
      if (applicationDate)
        await requireWithinTenure(tx, current.fieldId, applicationDate, "applicationDate");
      if (fertilizerId || method || applicationDate) {
        await requireUsableFertilizer(
          tx,
          farmId,
          fertilizerId ?? current.fertilizerId,
          method ?? current.method,
          applicationDate ?? current.applicationDate,
        );
      }
      await tx
        .update(fertilizerApplying)
        .set({ fertilizerId, amountKgPerHa, method, applicationDate, updatedAt: new Date() })
        .where(eq(fertilizerApplying.id, applicationId));
      // Read back in the transaction: one access check and one audit row for the call.
      return readApplication(tx, applicationId);
    },
  );
}

/**
 * Removes a fertilizer application.
 *
 * @param fdm - The database handle.
 * @param principalId - Who removes it; needs the `write` right on the farm.
 * @param applicationId - The application.
 * @returns Resolves when it is gone.
 * @throws {FdmError} `NOT_FOUND` for an unknown application.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addFertilizerApplication example"
 * import assert from "node:assert";
 * import { getFertilizerApplications, removeFertilizerApplication } from "fdm-core";
 * await removeFertilizerApplication(fdm, me, applicationId);
 * assert.deepEqual(await getFertilizerApplications(fdm, me, fieldId), []);
 * ```
 */
export async function removeFertilizerApplication(
  fdm: FdmType,
  principalId: PrincipalId,
  applicationId: string,
): Promise<void> {
  await guard(fdm, principalId, "removeFertilizerApplication").write(
    "fertilizer_application",
    applicationId,
    async (tx) => {
      await tx.delete(fertilizerApplying).where(eq(fertilizerApplying.id, applicationId));
    },
  );
}

/** A row of {@link addFertilizerApplications}: an application and the field it was made on. */
export interface FertilizerApplicationBatchRow extends FertilizerApplicationInput {
  /** The field the fertilizer was applied to; it must belong to the farm the call writes to. */
  fieldId: string;
}

/** The most rows {@link addFertilizerApplications} takes in one call. */
const MAX_BATCH_ROWS = 20_000;

/**
 * Records many fertilizer applications on fields of one farm at once, e.g. when
 * importing a season's records: access is checked once on the farm, every row is
 * checked with the rules of {@link addFertilizerApplication} (amount, a method the
 * product allows, a fertilizer the farm holds, a date within the farm's tenure of
 * the field), and all rows are written in one transaction with multi-row inserts —
 * when one row is invalid, none is written.
 *
 * @param fdm - The database handle.
 * @param principalId - Who records them; needs the `write` right on the farm.
 * @param farmId - The farm; every row's field and fertilizer must belong to it.
 * @param rows - 1 to 20,000 applications, each with its `fieldId`.
 * @returns The new applications' ids, in the order of `rows`.
 * @throws {FdmError} `INVALID_INPUT` when the list is empty or too long, or a row breaks a rule
 *   of {@link addFertilizerApplication}; `NOT_FOUND` for an unknown farm, or a field or
 *   fertilizer the farm does not hold. The error's `field` and message name the row and its
 *   property, e.g. `applications[7].method: 'broadcasting' is not allowed for this product; …`
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addFarm, addFertilizer, addFertilizerApplications, addFields, createFdmAuth, createFdmLocal,
 *   enableFertilizerCatalogue, getFertilizerApplicationsForFarm, syncCatalogues,
 * } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * await syncCatalogues(fdm);
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await enableFertilizerCatalogue(fdm, me, farmId, "rvo");
 * const slurry = await addFertilizer(fdm, me, farmId, {
 *   catalogueItemId: "rvo_14", // Rundvee - Drijfmest (cattle slurry)
 *   acquiringDate: new Date("2025-01-01"),
 * });
 * const square = (x: number) => ({
 *   type: "Polygon" as const,
 *   coordinates: [[[x, 51.98], [x + 0.001, 51.98], [x + 0.001, 51.981], [x, 51.981], [x, 51.98]]],
 * });
 * const [a, b] = await addFields(fdm, me, farmId, [
 *   { name: "Perceel 1", geometry: square(5.66), acquiringDate: new Date("2020-01-01"), acquiringMethod: "owner" },
 *   { name: "Perceel 2", geometry: square(5.67), acquiringDate: new Date("2020-01-01"), acquiringMethod: "owner" },
 * ]);
 * const ids = await addFertilizerApplications(fdm, me, farmId, [a, b].map((fieldId) => ({
 *   fieldId: fieldId as string,
 *   fertilizerId: slurry,
 *   amountKgPerHa: 25000,
 *   method: "shallow_injection" as const,
 *   applicationDate: new Date("2025-03-15"),
 * })));
 * assert.strictEqual(ids.length, 2);
 * assert.strictEqual((await getFertilizerApplicationsForFarm(fdm, me, farmId)).length, 2);
 * ```
 */
export async function addFertilizerApplications(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  rows: FertilizerApplicationBatchRow[],
): Promise<string[]> {
  const list = requireRows(rows, "applications", MAX_BATCH_ROWS, "application", (row) => ({
    ...applicationRow(row),
    fieldId: requireId((row as Record<string, unknown>).fieldId, "fieldId"),
  }));
  await guard(fdm, principalId, "addFertilizerApplications").write("farm", farmId, async (tx) => {
    await requireRowsOnFarm(
      tx,
      farmId,
      "applications",
      list.map((r) => ({
        fieldId: r.fieldId,
        date: r.applicationDate,
        dateField: "applicationDate",
      })),
    );
    // One check per distinct fertilizer and method, not per row: its earliest row is the one
    // that may fall before the fertilizer's acquiring date.
    const earliest = new Map<string, number>();
    list.forEach((r, i) => {
      const key = `${r.fertilizerId}\u0000${r.method}`;
      const j = earliest.get(key);
      if (j === undefined || r.applicationDate < (list[j] as typeof r).applicationDate) {
        earliest.set(key, i);
      }
    });
    for (const i of earliest.values()) {
      const r = list[i] as (typeof list)[number];
      await inRow("applications", i, () =>
        requireUsableFertilizer(tx, farmId, r.fertilizerId, r.method, r.applicationDate),
      );
    }
    for (const chunk of chunksFor(list, [fertilizerApplying])) {
      await tx.insert(fertilizerApplying).values(
        chunk.map((r) => ({
          id: r.id,
          fertilizerId: r.fertilizerId,
          fieldId: r.fieldId,
          amountKgPerHa: r.amountKgPerHa,
          method: r.method,
          applicationDate: r.applicationDate,
        })),
      );
    }
    await refreshStatistics(tx, list.length, [fertilizerApplying]);
  });
  return list.map((r) => r.id);
}
