import { and, asc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { ApplicationMethods } from "fdm-data";
import { rowsOf } from "./authorization.js";
import { requireInTenure, requireWithinTenure } from "./cultivation.js";
import { FdmError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { guard } from "./guard.js";
import {
  applicationMethodOptions,
  fertilizerAcquiring,
  fertilizerApplying,
  fertilizerCatalogue,
  fertilizers,
  fieldAcquiring,
} from "./schema.js";
import {
  createId,
  one,
  requireDate,
  requireEnum,
  requireId,
  requireNumber,
  requireObject,
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

function selectApplications(db: FdmType, where: SQL | undefined) {
  return db
    .select(applicationColumns)
    .from(fertilizerApplying)
    .innerJoin(fertilizers, eq(fertilizers.id, fertilizerApplying.fertilizerId))
    .innerJoin(fertilizerCatalogue, eq(fertilizerCatalogue.itemId, fertilizers.catalogueItemId))
    .innerJoin(fieldAcquiring, eq(fieldAcquiring.fieldId, fertilizerApplying.fieldId))
    .where(where)
    .orderBy(asc(fertilizerApplying.applicationDate), asc(fertilizerApplying.id));
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
 * const applicationId = await addFertilizerApplication(fdm, "owner-1", fieldId, {
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
): Promise<string> {
  const input = requireObject(application, "application");
  const fertilizerId = requireId(input.fertilizerId, "fertilizerId");
  const amountKgPerHa = requireAmount(input.amountKgPerHa);
  const method = requireEnum(input.method, "method", methods);
  const applicationDate = requireDate(input.applicationDate, "applicationDate");
  const id = createId();
  await guard(fdm, principalId, "addFertilizerApplication").write(
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
    },
  );
  return id;
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
 * const application = await getFertilizerApplication(fdm, "owner-1", applicationId);
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
    async (db) => {
      return one(
        await selectApplications(db, eq(fertilizerApplying.id, applicationId)),
        "applicationId",
        applicationId,
      );
    },
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
 * const spring = await getFertilizerApplications(fdm, "owner-1", fieldId, {
 *   start: new Date("2025-03-01"),
 *   end: new Date("2025-05-31"),
 * });
 * ```
 */
export async function getFertilizerApplications(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  timeframe?: Timeframe,
): Promise<FertilizerApplication[]> {
  const tf = requireTimeframe(timeframe);
  return guard(fdm, principalId, "getFertilizerApplications").list("field", fieldId, async (db) => {
    return selectApplications(
      db,
      and(
        eq(fertilizerApplying.fieldId, fieldId),
        tf.start ? gte(fertilizerApplying.applicationDate, tf.start) : undefined,
        tf.end ? lte(fertilizerApplying.applicationDate, tf.end) : undefined,
      ),
    );
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
 * const spring = await getFertilizerApplicationsForFarm(fdm, "owner-1", farmId, {
 *   start: new Date("2025-03-01"),
 *   end: new Date("2025-05-31"),
 * });
 * const onField = spring.filter((a) => a.fieldId === fieldId);
 * ```
 */
export async function getFertilizerApplicationsForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe?: Timeframe,
): Promise<FertilizerApplication[]> {
  const tf = requireTimeframe(timeframe);
  return guard(fdm, principalId, "getFertilizerApplicationsForFarm").list(
    "farm",
    farmId,
    async (db) => {
      return selectApplications(
        db,
        and(
          eq(fieldAcquiring.farmId, farmId),
          tf.start ? gte(fertilizerApplying.applicationDate, tf.start) : undefined,
          tf.end ? lte(fertilizerApplying.applicationDate, tf.end) : undefined,
        ),
      );
    },
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
 * @returns The application as stored afterwards.
 * @throws {FdmError} `INVALID_INPUT` for a bad value or a method the product does not allow;
 *   `NOT_FOUND` for an unknown application or fertilizer.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addFertilizerApplication example"
 * await updateFertilizerApplication(fdm, "owner-1", applicationId, { amountKgPerHa: 20000 });
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
  await guard(fdm, principalId, "updateFertilizerApplication").write(
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
    },
  );
  return getFertilizerApplication(fdm, principalId, applicationId);
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
 * await removeFertilizerApplication(fdm, "owner-1", applicationId);
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
