import { and, eq, gte, isNull, lte, max, min, or, type SQL, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { StatementWork } from "./authorization.js";
import { removeFieldsTx } from "./cascade.js";
import { FdmError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import {
  checkGeometryShape,
  checkGeometryTopology,
  type ShapedGeometry,
  validateGeometry,
} from "./geometry.js";
import { guard } from "./guard.js";
import { insertTogether, refreshStatistics } from "./insert-together.js";
import { jsonList } from "./json-list.js";
import {
  type CheckedPage,
  fieldChangesSince,
  jsonPageSql,
  KeptPages,
  keptPageOf,
  type Page,
  type PageRequest,
  pageOf,
  pageValues,
  readPreparedJsonPage,
  requirePage,
  revisionedPageSql,
} from "./page.js";
import { Prepared } from "./prepared.js";
import { type ReturningRecord, wantsRecord } from "./returning.js";
import {
  acquiringMethodOptions,
  cultivationStarting,
  type FieldGeometry,
  farmRevisions,
  fertilizerApplying,
  fieldAcquiring,
  fieldDiscarding,
  fields,
  soilSampling,
} from "./schema.js";
import {
  createId,
  eachRow,
  inRow,
  one,
  optionalDate,
  requireDate,
  requireEnum,
  requireObject,
  requireOrder,
  requireSomeKey,
  requireText,
  requireTimeframe,
  type Timeframe,
  tied,
} from "./validate.js";

/** How a farm holds a field: a value of `fdmSchema.acquiringMethodOptions`. */
export type AcquiringMethod = (typeof acquiringMethodOptions)[number]["value"];
const acquiringMethods = acquiringMethodOptions.map((o) => o.value);
/** Builds the SQL of prepared statements (see prepared.ts), which no handle runs directly. */
const queryBuilder = new QueryBuilder();

/** The details of a field that a user enters. */
export interface FieldInput {
  /** The field's name, 1–500 characters. */
  name: string;
  /** The field's outline: a GeoJSON Polygon or MultiPolygon in WGS 84 (longitude, latitude). */
  geometry: FieldGeometry;
  /** The date the farm acquired the field (action field acquiring). */
  acquiringDate: Date;
  /** How the farm holds the field. */
  acquiringMethod: AcquiringMethod;
  /** The date the farm gave up the field (action field discarding), if it did. */
  discardingDate?: Date | null;
}

/** A field as fdm-core returns it. */
export interface Field {
  /** The field's id. */
  id: string;
  /** The farm that holds the field. */
  farmId: string;
  /** The field's name. */
  name: string;
  /** The field's outline as GeoJSON. */
  geometry: FieldGeometry;
  /** The geodesic area of the geometry in hectares, computed with turf. */
  areaHa: number;
  /** The date the farm acquired the field. */
  acquiringDate: Date;
  /** How the farm holds the field. */
  acquiringMethod: AcquiringMethod;
  /** The date the farm gave up the field, or `null` while it holds it. */
  discardingDate: Date | null;
  /** When the field was added. */
  createdAt: Date;
  /** When the field was last changed, or `null`. */
  updatedAt: Date | null;
}

// The interface follows its tables: a column added there and not here fails the type-check.
tied<Field, typeof fields.$inferSelect>(true, true);
tied<Field, typeof fieldAcquiring.$inferSelect, "fieldId">(true, true);
tied<Field, typeof fieldDiscarding.$inferSelect, "fieldId" | "discardingDate">(true, true);

const fieldColumns = {
  id: fields.id,
  farmId: fieldAcquiring.farmId,
  name: fields.name,
  geometry: fields.geometry,
  areaHa: fields.areaHa,
  acquiringDate: fieldAcquiring.acquiringDate,
  acquiringMethod: fieldAcquiring.acquiringMethod,
  discardingDate: fieldDiscarding.discardingDate,
  createdAt: fields.createdAt,
  updatedAt: fields.updatedAt,
};

/** SQL condition: the field's tenure overlaps the timeframe. */
function inTimeframe(tf: Timeframe): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (tf.end) parts.push(lte(fieldAcquiring.acquiringDate, tf.end));
  if (tf.start) {
    parts.push(
      or(isNull(fieldDiscarding.discardingDate), gte(fieldDiscarding.discardingDate, tf.start)),
    );
  }
  return and(...parts);
}

/** Rejects a tenure that would leave dated actions on the field outside it. */
async function checkTenureCoversActions(
  tx: FdmType,
  fieldId: string,
  acquiringDate: Date,
  discardingDate: Date | null,
): Promise<void> {
  const ranges = await Promise.all([
    tx
      .select({ lo: min(cultivationStarting.startDate), hi: max(cultivationStarting.startDate) })
      .from(cultivationStarting)
      .where(eq(cultivationStarting.fieldId, fieldId)),
    tx
      .select({
        lo: min(fertilizerApplying.applicationDate),
        hi: max(fertilizerApplying.applicationDate),
      })
      .from(fertilizerApplying)
      .where(eq(fertilizerApplying.fieldId, fieldId)),
    tx
      .select({ lo: min(soilSampling.samplingDate), hi: max(soilSampling.samplingDate) })
      .from(soilSampling)
      .where(eq(soilSampling.fieldId, fieldId)),
  ]);
  for (const [row] of ranges) {
    const lo = row?.lo ? new Date(row.lo) : null;
    const hi = row?.hi ? new Date(row.hi) : null;
    if (lo && lo < acquiringDate) {
      throw new FdmError(
        "INVALID_INPUT",
        "acquiringDate: must not be after the first cultivation start, application or soil sampling on the field.",
        { field: "acquiringDate" },
      );
    }
    if (hi && discardingDate && hi > discardingDate) {
      throw new FdmError(
        "INVALID_INPUT",
        "discardingDate: must not be before the last cultivation start, application or soil sampling on the field.",
        { field: "discardingDate" },
      );
    }
  }
}

/**
 * Adds a field to a farm: the field asset with its geometry and computed area,
 * the acquiring action, and the discarding action when a discarding date is
 * given — in one transaction. A farm holds at most 2,500 fields, discarded ones
 * included; {@link removeField} frees a place.
 *
 * The geometry is checked only after access is granted (a caller without the `write` right is
 * refused before any of it is read), and its size is bounded so that the check stays fast:
 * at most 100 polygons and 2,000 positions.
 *
 * @param fdm - The database handle.
 * @param principalId - Who adds it; needs the `write` right on the farm.
 * @param farmId - The farm that acquires the field.
 * @param field - The field's details.
 * @returns The new field's id.
 * @throws {FdmError} `INVALID_INPUT` for an empty name, a geometry that is not a valid closed
 *   (Multi)Polygon of 0–10,000 ha with at most 100 polygons and 2,000 positions, an unknown
 *   acquiring method, or a discarding date before the acquiring date; `NOT_FOUND` for an
 *   unknown farm; `CONFLICT` (`field: "farmId"`) when the farm already holds 2,500 fields,
 *   discarded ones included, the most a farm may hold.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, addField, createFdmAuth, createFdmLocal, getField } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * const fieldId = await addField(fdm, me, farmId, {
 *   name: "Achter de schuur",
 *   geometry: {
 *     type: "Polygon",
 *     coordinates: [[[5.66, 51.98], [5.67, 51.98], [5.67, 51.99], [5.66, 51.99], [5.66, 51.98]]],
 *   },
 *   acquiringDate: new Date("2020-01-01"),
 *   acquiringMethod: "owner",
 * });
 * const field = await getField(fdm, me, fieldId);
 * assert.equal(field.areaHa.toFixed(2), "76.15"); // 0.01° by 0.01° at 52° N
 * ```
 */
export async function addField(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  field: FieldInput,
): Promise<string>;
/**
 * Adds a field as {@link addField} does, and returns it as {@link getField} shows it, read in
 * the same transaction: one access check and one audit row for the add and the read, where an
 * `addField` and a `getField` take two of each.
 *
 * @param fdm - The database handle.
 * @param principalId - Who adds it; needs the `write` right on the farm.
 * @param farmId - The farm that acquires the field.
 * @param field - The field's details.
 * @param options - `{ returning: "record" }`.
 * @returns The new field, with its computed area.
 * @throws {FdmError} As {@link addField}; `INVALID_INPUT` (`field: "options.returning"`) for
 *   other options.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 */
export async function addField(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  field: FieldInput,
  options: ReturningRecord,
): Promise<Field>;
export async function addField(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  field: FieldInput,
  options?: ReturningRecord,
): Promise<string | Field> {
  const row = fieldRow(field);
  const record = wantsRecord(options);
  return guard(fdm, principalId, "addField").write(
    "farm",
    farmId,
    async (tx) => {
      // The farm's fields were locked in the check's statement (the last argument).
      await checkFieldsPerFarm(tx, farmId, 1, "farmId", { locked: true });
      // checked here, once access is granted: the geometry's size is the caller's to choose
      const { geometry, areaHa } = validateGeometry(row.geometry);
      const added = await insertField(tx, farmId, { ...row, geometry, areaHa });
      return record ? added : row.id;
    },
    { ...lockingFarmFields, values: { key: farmFieldsLockKey(farmId) } },
  );
}

/**
 * Validates the details of a new field except its geometry, and gives it an id. The geometry
 * is checked in the guarded work, once access is granted: its size is the caller's to choose.
 */
function fieldRow(field: unknown) {
  const input = requireObject(field, "field");
  const name = requireText(input.name, "name");
  const geometry: unknown = input.geometry;
  const acquiringDate = requireDate(input.acquiringDate, "acquiringDate");
  const acquiringMethod = requireEnum(input.acquiringMethod, "acquiringMethod", acquiringMethods);
  const discardingDate = optionalDate(input.discardingDate, "discardingDate");
  requireOrder(acquiringDate, discardingDate, "discardingDate", "must not be before acquiringDate");
  return { id: createId(), name, geometry, acquiringDate, acquiringMethod, discardingDate };
}

/** A new field ready to insert: its details with the geometry checked and its area. */
type CheckedField = Omit<ReturnType<typeof fieldRow>, "geometry"> & {
  geometry: FieldGeometry;
  areaHa: number;
};

/** Inserts validated fields with their acquiring (and discarding) in one statement. */
async function insertFields(tx: FdmType, farmId: string, rows: CheckedField[]): Promise<void> {
  const discarded = rows.flatMap((r) =>
    r.discardingDate ? [{ fieldId: r.id, discardingDate: r.discardingDate }] : [],
  );
  await insertTogether(tx, [
    tx
      .insert(fields)
      .values(
        rows.map((r) => ({ id: r.id, name: r.name, geometry: r.geometry, areaHa: r.areaHa })),
      ),
    tx.insert(fieldAcquiring).values(
      rows.map((r) => ({
        fieldId: r.id,
        farmId,
        acquiringDate: r.acquiringDate,
        acquiringMethod: r.acquiringMethod,
      })),
    ),
    ...(discarded.length > 0 ? [tx.insert(fieldDiscarding).values(discarded)] : []),
  ]);
  await refreshStatistics(tx, rows.length, [fields, fieldAcquiring, fieldDiscarding]);
}

/**
 * Inserts one validated field with its acquiring (and discarding) and returns it as stored, as
 * {@link readField} would read it: ONE prepared statement (see prepared.ts), the field read
 * from what the inserts return.
 */
async function insertField(tx: FdmType, farmId: string, field: CheckedField): Promise<Field> {
  const [row] = await (field.discardingDate ? insertDiscardedField : insertUndiscardedField).rows<{
    list: string;
  }>(tx, {
    id: field.id,
    name: field.name,
    geometry: JSON.stringify(field.geometry),
    areaHa: field.areaHa,
    farmId,
    // Timestamps as text, as drizzle sends them (its postgres-js driver passes no Date).
    acquiringDate: field.acquiringDate.toISOString(),
    acquiringMethod: field.acquiringMethod,
    ...(field.discardingDate ? { discardingDate: field.discardingDate.toISOString() } : {}),
  });
  return one(fieldList.parse<Field>(row?.list), "fieldId", field.id);
}

/** The statement of {@link insertField}, with the discarding or without. */
function insertOneField(discarded: boolean): Prepared {
  const p = sql.placeholder;
  const col = (c: { name: string }) => sql.identifier(c.name);
  return new Prepared(() => {
    const field = sql`insert into ${fields} (${col(fields.id)}, ${col(fields.name)}, ${col(fields.geometry)}, ${col(fields.areaHa)})
      values (${p("id")}, ${p("name")}, ${p("geometry")}::json, ${p("areaHa")}) returning *`;
    const acquiring = sql`insert into ${fieldAcquiring} (${col(fieldAcquiring.fieldId)}, ${col(fieldAcquiring.farmId)}, ${col(fieldAcquiring.acquiringDate)}, ${col(fieldAcquiring.acquiringMethod)})
      values (${p("id")}, ${p("farmId")}, ${p("acquiringDate")}, ${p("acquiringMethod")}) returning *`;
    const discarding = sql`insert into ${fieldDiscarding} (${col(fieldDiscarding.fieldId)}, ${col(fieldDiscarding.discardingDate)})
      values (${p("id")}, ${p("discardingDate")}) returning *`;
    // The row as fieldList reads it from the tables, here from what the inserts return.
    const alias = new Map<unknown, string>([
      [fields, "f"],
      [fieldAcquiring, "a"],
      [fieldDiscarding, "d"],
    ]);
    const values = Object.values(fieldColumns).map((c) => {
      const from = alias.get(c.table);
      if (from === undefined) throw new Error(`insertField: no alias for ${c.name}`);
      return from === "d" && !discarded
        ? sql`null`
        : sql`${sql.identifier(from)}.${sql.identifier(c.name)}`;
    });
    const row = sql`json_build_array(${sql.join(values, sql`, `)})`;
    return sql`with f as (${field}), a as (${acquiring})${discarded ? sql`, d as (${discarding})` : sql``}
      select coalesce(json_agg(${row}), '[]')::text as list
      from f join a on a.${col(fieldAcquiring.fieldId)} = f.${col(fields.id)}${discarded ? sql` join d on d.${col(fieldDiscarding.fieldId)} = f.${col(fields.id)}` : sql``}`;
  });
}
const insertUndiscardedField = insertOneField(false);
const insertDiscardedField = insertOneField(true);

/**
 * The most fields one farm may hold, discarded ones included (they stay in its history, and a
 * balance over past years reads them); removeField frees a place. Far above any real farm (a
 * Dutch farm holds a few dozen parcels, the largest a few hundred) and 2.5 times the 1,000-field
 * benchmark farm: a farm's calculations read and compute every field, so their time grows with it.
 */
export const MAX_FIELDS_PER_FARM = 2_500;

/**
 * Refuses adding `adding` fields to a farm that would then hold more than
 * {@link MAX_FIELDS_PER_FARM}. Runs in the write transaction, with a transaction-scoped lock on
 * the farm's fields, so two calls at once cannot both pass the count; the lock is an advisory
 * one rather than the farm row, which role changes lock in the other order.
 */
async function checkFieldsPerFarm(
  tx: FdmType,
  farmId: string,
  adding: number,
  field: "farmId" | "fields",
  { locked = false } = {},
): Promise<void> {
  // The count in a statement after the lock's: its snapshot is taken with the lock held.
  if (!locked) await lockFarmFields.rows(tx, { key: farmFieldsLockKey(farmId) });
  const [held] = await farmFieldCount.rows<{ n: number | string }>(tx, { farmId });
  const n = Number(held?.n ?? 0);
  if (n + adding > MAX_FIELDS_PER_FARM) {
    const what = adding === 1 ? "one more field" : `${adding} more fields`;
    throw new FdmError(
      "CONFLICT",
      `${field}: a farm may hold at most ${MAX_FIELDS_PER_FARM} fields, discarded ones included; farm "${farmId}" holds ${n}, so ${what} would make ${n + adding}. Remove fields it no longer needs (removeField) first.`,
      { field },
    );
  }
}

/** The lock of a farm's fields (see checkFieldsPerFarm): an advisory one, for the transaction. */
const lockingFarmFields: StatementWork = {
  key: "lock farm fields",
  sql: () => sql`select pg_advisory_xact_lock(hashtextextended(${sql.placeholder("key")}, 0))`,
};
const lockFarmFields = new Prepared(lockingFarmFields.sql);
const farmFieldsLockKey = (farmId: string) => `fdm.fields:${farmId}`;
const farmFieldCount = new Prepared(
  () =>
    sql`select count(*) as n from ${fieldAcquiring} where ${fieldAcquiring.farmId} = ${sql.placeholder("farmId")}`,
);

/** The most fields {@link addFields} takes in one call. */
const MAX_FIELDS_PER_CALL = 5_000;
/**
 * The most positions the fields of one {@link addFields} call may hold together. Each field's
 * check is bounded (see MAX_POSITIONS in geometry.ts), but a batch adds them up: at this limit,
 * 25 of the slowest outlines of 2,000 positions took 3.3 s of CPU time, 25 round ones 0.4 s
 * with the insert (`npx tsx bench/geometry.ts`). The check yields to the event loop between
 * fields, so no stretch of it is longer than one field's (longest stall measured: 0.8 s of
 * wall clock on a busy machine, i.e. one field).
 */
const MAX_POSITIONS_PER_CALL = 50_000;
/** How long the geometry check of a batch runs before it lets other work run. */
const YIELD_AFTER_MS = 50;

/**
 * Checks the geometries of a batch of new fields, once access is granted: first every shape
 * and the batch's size (cheap, stops at the limits), then each topology (costly), letting
 * other work run every 50 ms. An error names the field's index: `fields[3].geometry: …`.
 */
async function checkGeometries(rows: ReturnType<typeof fieldRow>[]): Promise<CheckedField[]> {
  let positions = 0;
  const shaped = rows.map((row, i) => {
    const shape = inRow("fields", i, () => checkGeometryShape(row.geometry), "field");
    positions += shape.positions;
    if (positions > MAX_POSITIONS_PER_CALL) {
      throw new FdmError(
        "INVALID_INPUT",
        `fields: may hold at most ${MAX_POSITIONS_PER_CALL} positions together (split them over several calls).`,
        { field: "fields" },
      );
    }
    return shape;
  });
  const checked: CheckedField[] = [];
  let since = performance.now();
  for (const [i, row] of rows.entries()) {
    if (performance.now() - since > YIELD_AFTER_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      since = performance.now();
    }
    const { geometry } = shaped[i] as ShapedGeometry;
    const areaHa = inRow("fields", i, () => checkGeometryTopology(geometry), "field");
    checked.push({ ...row, geometry, areaHa });
  }
  return checked;
}

/**
 * Adds several fields to a farm at once, e.g. when importing a farm's parcels:
 * every field is validated as by {@link addField}, access is checked once, and
 * all fields are written in one transaction — when one field is invalid,
 * none is written. The geometries are checked once access is granted, and may
 * hold at most 50,000 positions together (split a larger import over several
 * calls). The farm may hold at most 2,500 fields afterwards, discarded ones included.
 *
 * @param fdm - The database handle.
 * @param principalId - Who adds them; needs the `write` right on the farm.
 * @param farmId - The farm that acquires the fields.
 * @param fieldsInput - The fields' details: 1 to 5,000 fields, each as for {@link addField}.
 * @returns The new fields' ids, in the order of `fieldsInput`.
 * @throws {FdmError} `INVALID_INPUT` when the list is empty or longer than 5,000, its geometries
 *   hold more than 50,000 positions together (`field: "fields"`), or a field is invalid; the
 *   error's `field` and message then name the field's index and property, e.g.
 *   `fields[3].geometry`. `NOT_FOUND` for an unknown farm. `CONFLICT` (`field: "fields"`) when
 *   the farm would then hold more than 2,500 fields, discarded ones included.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, addFields, createFdmAuth, createFdmLocal, getFields } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * const square = (x: number) => ({
 *   type: "Polygon" as const,
 *   coordinates: [[[x, 51.98], [x + 0.001, 51.98], [x + 0.001, 51.981], [x, 51.981], [x, 51.98]]],
 * });
 * const ids = await addFields(fdm, me, farmId, [
 *   { name: "Perceel 1", geometry: square(5.66), acquiringDate: new Date("2020-01-01"), acquiringMethod: "owner" },
 *   { name: "Perceel 2", geometry: square(5.67), acquiringDate: new Date("2022-01-01"), acquiringMethod: "lease" },
 * ]);
 * assert.strictEqual(ids.length, 2);
 * assert.deepStrictEqual((await getFields(fdm, me, farmId)).map((f) => f.name), ["Perceel 1", "Perceel 2"]);
 * ```
 */
export async function addFields(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  fieldsInput: FieldInput[],
): Promise<string[]> {
  if (
    !Array.isArray(fieldsInput) ||
    fieldsInput.length === 0 ||
    fieldsInput.length > MAX_FIELDS_PER_CALL
  ) {
    throw new FdmError(
      "INVALID_INPUT",
      `fields: must be a list of 1 to ${MAX_FIELDS_PER_CALL} fields.`,
      { field: "fields" },
    );
  }
  const rows = eachRow(fieldsInput, "fields", "field", fieldRow);
  await guard(fdm, principalId, "addFields").write("farm", farmId, async (tx) => {
    await checkFieldsPerFarm(tx, farmId, rows.length, "fields");
    await insertFields(tx, farmId, await checkGeometries(rows));
  });
  return rows.map((r) => r.id);
}

/**
 * Reads one field with its acquiring and discarding.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the field's farm.
 * @param fieldId - The field.
 * @returns The field.
 * @throws {FdmError} `NOT_FOUND` for an unknown field.
 * @throws {FdmPermissionError} When the principal may not read the farm.
 * @example
 * ```ts fragment="continues the addField example"
 * import assert from "node:assert";
 * import { getField } from "fdm-core";
 * const { name, acquiringMethod } = await getField(fdm, me, fieldId);
 * assert.deepEqual([name, acquiringMethod], ["Achter de schuur", "owner"]);
 * ```
 */
export async function getField(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
): Promise<Field> {
  return guard(fdm, principalId, "getField").read("field", fieldId, (db) => readField(db, fieldId));
}

/** Reads one field on the handle given (in a write: its transaction), with no access check. */
async function readField(db: FdmType, fieldId: string): Promise<Field> {
  const [row] = await fieldById.rows<{ list: string }>(db, { fieldId });
  return one(fieldList.parse<Field>(row?.list), "fieldId", fieldId);
}

/** The statement of {@link readField}: the field as ONE JSON value (see json-list.ts), prepared. */
const fieldById = new Prepared(() =>
  queryBuilder
    .select({ list: fieldList.select(fields.id).as("list") })
    .from(fields)
    .innerJoin(fieldAcquiring, eq(fieldAcquiring.fieldId, fields.id))
    .leftJoin(fieldDiscarding, eq(fieldDiscarding.fieldId, fields.id))
    .where(eq(fields.id, sql.placeholder("fieldId")))
    .getSQL(),
);

/**
 * Lists the fields of a farm, by name. With a timeframe, only the fields the
 * farm held at some moment in it: acquired on or before its end and not
 * discarded before its start.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param farmId - The farm.
 * @param timeframe - The period to look at; all fields when omitted.
 * @returns The fields.
 * @throws {FdmError} `INVALID_INPUT` for a timeframe whose end is before its start; `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 * @example
 * ```ts fragment="continues the addField example"
 * import assert from "node:assert";
 * import { getFields } from "fdm-core";
 * const fields2025 = await getFields(fdm, me, farmId, {
 *   start: new Date("2025-01-01"),
 *   end: new Date("2025-12-31"),
 * });
 * assert.deepEqual(fields2025.map((f) => f.id), [fieldId]);
 * ```
 */
export async function getFields(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe?: Timeframe,
): Promise<Field[]>;
/**
 * Lists one page of the fields of a farm, by id: at most `page.limit` fields whose ids come
 * after `page.after` (ids compare as bytes). The page is read in SQL (`WHERE id > after
 * ORDER BY id LIMIT …` on an index), so it costs the same on a farm of 10 fields or 2,500;
 * fields added or removed between two pages neither shift nor repeat the others. The
 * timeframe filters as without a page. A page read again while the farm's field list is
 * unchanged is not built again: it is kept with the list's revision, which the access check's
 * statement reads, so any change made anywhere shows on the next read.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param farmId - The farm.
 * @param timeframe - The period to look at, or `undefined` for all fields.
 * @param page - `limit`: 1 to 1,000 fields; `after`: the previous page's `next`, absent for the
 *   first page.
 * @returns The page's fields and the `after` of the next page (`next`, `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for a timeframe whose end is before its start, or a page
 *   whose `limit` is not a whole number from 1 to 1,000 (`field: "page.limit"`) or whose
 *   `after` is not a string of at most 200 characters (`field: "page.after"`); `NOT_FOUND` for
 *   an unknown farm.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 * @example
 * ```ts fragment="continues the addFields example"
 * import assert from "node:assert";
 * import { getFields } from "fdm-core";
 * const first = await getFields(fdm, me, farmId, undefined, { limit: 1 });
 * assert.equal(first.items.length, 1);
 * const second = await getFields(fdm, me, farmId, undefined, { limit: 1, after: first.next ?? "" });
 * assert.equal(second.next, null); // the last page
 * assert.deepEqual([...first.items, ...second.items].map((f) => f.id), [...ids].sort());
 * ```
 */
export async function getFields(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe: Timeframe | undefined,
  page: PageRequest,
): Promise<Page<Field>>;
export async function getFields(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe?: Timeframe,
  page?: PageRequest,
): Promise<Field[] | Page<Field>> {
  const tf = requireTimeframe(timeframe);
  const access = guard(fdm, principalId, "getFields");
  if (page === undefined) return access.list("farm", farmId, (db) => fieldsOfFarm(db, farmId, tf));
  const checked = requirePage(page);
  // A page: the check, its audit row and the page in ONE statement (see Guard.listIn). A page
  // read before at the list's current revision is not built again (see KeptPages).
  const values = fieldPageValues(farmId, tf);
  const key = `${farmId}\u0000${values.start ?? ""}\u0000${values.end ?? ""}\u0000${checked.after ?? ""}\u0000${checked.limit}`;
  const kept = keptFieldPages.get(fdm, key);
  const known = { known: kept?.revision ?? -1, knownEnd: kept?.end ?? null };
  return access.listIn(
    "farm",
    farmId,
    fieldPageOf(tf, checked),
    { ...values, ...pageValues(checked), ...known },
    (value) => {
      const read = keptFieldPages.read<Field>(fdm, key, kept, value as string, fieldList, (rows) =>
        rows.length > checked.limit ? (rows[rows.length - 1] as Field).id : null,
      );
      return keptPageOf(read, checked, (f) => f.id, fieldList);
    },
  );
}

/** Pages of fields read before, with the revision of their farm's field list (see page.ts). */
const keptFieldPages = new KeptPages();

/**
 * The work of {@link getFields}, also done by getFarmRecords after its one access check. With
 * a page: the first `limit + 1` fields after `after` by id (see {@link pageOf}).
 */
export async function fieldsOfFarm(
  db: FdmType,
  farmId: string,
  tf: Timeframe,
  page?: CheckedPage,
): Promise<Field[]> {
  const where = and(eq(fieldAcquiring.farmId, farmId), inTimeframe(tf));
  // The list comes as ONE JSON value (see json-list.ts): for a 1,000-field farm the driver
  // then parses one string instead of 10,000 typed cells.
  if (page === undefined) {
    const [row] = await db
      .select({ list: fieldList.select(fields.name, fields.id) })
      .from(fields)
      .innerJoin(fieldAcquiring, eq(fieldAcquiring.fieldId, fields.id))
      .leftJoin(fieldDiscarding, eq(fieldDiscarding.fieldId, fields.id))
      .where(where);
    return fieldList.parse<Field>(row?.list);
  }
  // In the order of the index of (farm, field id): the page costs the same on any farm.
  const { statement } = fieldPageOf(tf, page);
  return readPreparedJsonPage<Field>(db, statement, fieldList, page, fieldPageValues(farmId, tf));
}

/** The values of a field page's placeholders but its start and size (see pageValues). */
const fieldPageValues = (farmId: string, tf: Timeframe) => ({
  farmId,
  // Timestamps as text, as drizzle sends them (its postgres-js driver passes no Date).
  start: tf.start?.toISOString(),
  end: tf.end?.toISOString(),
});

/**
 * A page of a farm's fields, by shape (with a start, an end, an `after`): its SQL, as the work
 * of a combined statement (Guard.listIn), and as a statement of its own; each built once.
 */
const fieldPages = new Map<string, StatementWork & { statement: Prepared }>();

function fieldPageOf(tf: Timeframe, page: CheckedPage): StatementWork & { statement: Prepared } {
  const key = `fields ${tf.start ? "s" : ""}${tf.end ? "e" : ""}${page.after === null ? "" : "a"}`;
  let shape = fieldPages.get(key);
  if (!shape) {
    const placeholders: Timeframe = {
      start: tf.start ? (sql.placeholder("start") as unknown as Date) : null,
      end: tf.end ? (sql.placeholder("end") as unknown as Date) : null,
    };
    const pageSql = () =>
      jsonPageSql(
        fieldList,
        fieldAcquiring.fieldId,
        page.after !== null,
        (selected) =>
          queryBuilder
            .select(selected)
            .from(fieldAcquiring)
            .innerJoin(fields, eq(fields.id, fieldAcquiring.fieldId))
            .leftJoin(fieldDiscarding, eq(fieldDiscarding.fieldId, fieldAcquiring.fieldId))
            .$dynamic(),
        and(eq(fieldAcquiring.farmId, sql.placeholder("farmId")), inTimeframe(placeholders)),
      );
    const revision = queryBuilder
      .select({ fields: farmRevisions.fields })
      .from(farmRevisions)
      .where(eq(farmRevisions.farmId, sql.placeholder("farmId")))
      .getSQL();
    shape = {
      key,
      sql: () =>
        revisionedPageSql(
          revision,
          pageSql(),
          fieldChangesSince(sql.placeholder("farmId"), page.after !== null),
        ),
      statement: new Prepared(pageSql),
    };
    fieldPages.set(key, shape);
  }
  return shape;
}

const fieldList = jsonList(fieldColumns);

/**
 * Changes a field. A new geometry recomputes the area; new acquiring or
 * discarding dates must stay in order and keep every cultivation start,
 * application and soil sampling on the field within the farm's tenure.
 * Pass `discardingDate: null` to undo a discarding.
 *
 * @param fdm - The database handle.
 * @param principalId - Who changes it; needs the `write` right on the field's farm.
 * @param fieldId - The field.
 * @param update - The fields to change (at least one).
 * @returns The field as stored afterwards, read in the same transaction.
 * @throws {FdmError} `INVALID_INPUT` for an empty update, a bad value (a geometry as for
 *   {@link addField}, checked once access is granted) or dates out of order; `NOT_FOUND` for
 *   an unknown field.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addField example"
 * import assert from "node:assert";
 * import { updateField } from "fdm-core";
 * const updated = await updateField(fdm, me, fieldId, { name: "Achter de stal" });
 * assert.equal(updated.name, "Achter de stal");
 * ```
 */
export async function updateField(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  update: Partial<FieldInput>,
): Promise<Field> {
  return changeField("updateField", fdm, principalId, fieldId, update);
}

/** updateField's work, audited under the name of the function called (updateField or discardField). */
async function changeField(
  origin: "updateField" | "discardField",
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  update: Partial<FieldInput>,
): Promise<Field> {
  const patch = requireObject(update, "update");
  requireSomeKey(patch, ["name", "geometry", "acquiringDate", "acquiringMethod", "discardingDate"]);
  const name = patch.name === undefined ? undefined : requireText(patch.name, "name");
  const acquiringDate =
    patch.acquiringDate === undefined
      ? undefined
      : requireDate(patch.acquiringDate, "acquiringDate");
  const acquiringMethod =
    patch.acquiringMethod === undefined
      ? undefined
      : requireEnum(patch.acquiringMethod, "acquiringMethod", acquiringMethods);
  const discardingDate =
    patch.discardingDate === undefined
      ? undefined
      : optionalDate(patch.discardingDate, "discardingDate");
  return guard(fdm, principalId, origin).write("field", fieldId, async (tx) => {
    // checked here, once access is granted: the geometry's size is the caller's to choose
    const geo = patch.geometry === undefined ? undefined : validateGeometry(patch.geometry);
    const [current] = await tx
      .select({
        acquiringDate: fieldAcquiring.acquiringDate,
        discardingDate: fieldDiscarding.discardingDate,
      })
      .from(fieldAcquiring)
      .leftJoin(fieldDiscarding, eq(fieldDiscarding.fieldId, fieldAcquiring.fieldId))
      .where(eq(fieldAcquiring.fieldId, fieldId))
      .for("update", { of: fieldAcquiring });
    const acq = acquiringDate ?? (current?.acquiringDate as Date);
    const disc = discardingDate === undefined ? (current?.discardingDate ?? null) : discardingDate;
    requireOrder(acq, disc, "discardingDate", "must not be before acquiringDate");
    if (acquiringDate !== undefined || discardingDate !== undefined) {
      await checkTenureCoversActions(tx, fieldId, acq, disc);
    }
    if (name !== undefined || geo !== undefined) {
      await tx
        .update(fields)
        .set({ name, geometry: geo?.geometry, areaHa: geo?.areaHa, updatedAt: new Date() })
        .where(eq(fields.id, fieldId));
    } else {
      await tx.update(fields).set({ updatedAt: new Date() }).where(eq(fields.id, fieldId));
    }
    if (acquiringDate !== undefined || acquiringMethod !== undefined) {
      await tx
        .update(fieldAcquiring)
        .set({ acquiringDate, acquiringMethod })
        .where(eq(fieldAcquiring.fieldId, fieldId));
    }
    if (discardingDate !== undefined) {
      await tx.delete(fieldDiscarding).where(eq(fieldDiscarding.fieldId, fieldId));
      if (discardingDate) await tx.insert(fieldDiscarding).values({ fieldId, discardingDate });
    }
    return readField(tx, fieldId);
  });
}

/**
 * Records that the farm gave up a field on a date (action field discarding).
 * The field and its history stay; it no longer appears in timeframes after
 * the date.
 *
 * @param fdm - The database handle.
 * @param principalId - Who records it; needs the `write` right on the field's farm.
 * @param fieldId - The field.
 * @param discardingDate - The last day the farm held the field; not before the acquiring date
 *   nor before any cultivation start, application or soil sampling on it.
 * @returns The field as stored afterwards.
 * @throws {FdmError} `INVALID_INPUT` for a bad or out-of-order date; `NOT_FOUND` for an unknown field.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addField example"
 * import assert from "node:assert";
 * import { discardField, getFields } from "fdm-core";
 * await discardField(fdm, me, fieldId, new Date("2025-11-01"));
 * const in2026 = await getFields(fdm, me, farmId, { start: new Date("2026-01-01"), end: new Date("2026-12-31") });
 * assert.deepEqual(in2026, []); // kept in the history of 2025, gone from 2026
 * ```
 */
export async function discardField(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  discardingDate: Date,
): Promise<Field> {
  requireDate(discardingDate, "discardingDate");
  return changeField("discardField", fdm, principalId, fieldId, { discardingDate });
}

/**
 * Removes a field with its cultivations, harvests, fertilizer applications and
 * soil analyses, in one transaction. To keep the history of a field the farm
 * gave up, use {@link discardField} instead.
 *
 * @param fdm - The database handle.
 * @param principalId - Who removes it; needs the `write` right on the field's farm.
 * @param fieldId - The field.
 * @returns Resolves when the field is gone.
 * @throws {FdmError} `NOT_FOUND` for an unknown field.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addField example"
 * import assert from "node:assert";
 * import { getFields, removeField } from "fdm-core";
 * await removeField(fdm, me, fieldId);
 * assert.deepEqual(await getFields(fdm, me, farmId), []);
 * ```
 */
export async function removeField(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
): Promise<void> {
  await guard(fdm, principalId, "removeField").write("field", fieldId, async (tx) => {
    await removeFieldsTx(tx, [fieldId]);
  });
}
