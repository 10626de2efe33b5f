// Statement helpers of the area files. Kept out of fdm.ts so that the browser
// entry, which does not bundle postgres-js, can use them.
import { getTableColumns, is, type SQL, type SQLWrapper, sql, type Table } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { FdmType } from "./fdm.js";
import * as schema from "./schema.js";

/**
 * Runs INSERT statements written together (e.g. an asset and its actions) as
 * ONE statement, the first ones as data-modifying CTEs: one round trip, and
 * either all rows are written or none. Foreign keys between them hold, as
 * PostgreSQL checks them at the end of the statement. Internal to fdm-core.
 */
export async function insertTogether(db: FdmType, inserts: SQLWrapper[]): Promise<void> {
  const last = inserts.at(-1);
  if (!last) return;
  const ctes = inserts.slice(0, -1).map((q, i) => sql`${sql.raw(`w${i}`)} as (${q.getSQL()})`);
  await db.execute(
    ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ${last.getSQL()}` : last.getSQL(),
  );
}

/** Most bind parameters one statement may carry (PostgreSQL's limit is 65,535). */
const MAX_PARAMS = 60_000;

/**
 * Splits the rows of a batch into chunks small enough for one multi-row statement
 * inserting into `tables`: at most one bind parameter per column of each table per
 * row, so a chunk stays below PostgreSQL's 65,535 parameters. Internal to fdm-core.
 */
export function chunksFor<T>(rows: readonly T[], tables: readonly Table[]): T[][] {
  const perRow = tables.reduce((n, t) => n + Object.keys(getTableColumns(t)).length, 0);
  const size = Math.max(1, Math.floor(MAX_PARAMS / perRow));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * The ids as a subquery for `inArray(column, idSet(ids))`, passed as ONE JSON
 * parameter. With a long literal list PostgreSQL compares every row against every
 * element (seconds for a few thousand ids); the subquery is hashed and joined.
 * Internal to fdm-core.
 */
export function idSet(ids: Iterable<string>): SQL {
  return sql`(select jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb))`;
}

/** Rows a batch writes from which it refreshes the planner statistics of its tables. */
const ANALYZE_FROM_ROWS = 100;

/**
 * After a batch of many rows, refreshes the planner statistics of the tables it wrote
 * (`ANALYZE`), in the batch's transaction. PGlite runs no autovacuum, so without this the
 * planner keeps estimating a handful of rows and joins a 1,000-field farm by nested loops
 * (a field list then takes twice as long); on a server it saves waiting for autovacuum.
 * A role that does not own the tables gets a notice and the batch goes on. Internal to
 * fdm-core.
 */
export async function refreshStatistics(
  tx: FdmType,
  rowCount: number,
  tables: readonly Table[],
): Promise<void> {
  if (rowCount < ANALYZE_FROM_ROWS || tables.length === 0) return;
  await tx.execute(sql`analyze ${sql.join([...tables], sql`, `)}`);
}

/** Guarded writes on a PGlite handle after which its statistics are first refreshed. */
const FIRST_ANALYZE_AT = 64;

/** PGlite handles whose guarded writes are counted, with the count of the next refresh. */
const counted = new WeakMap<FdmType, { writes: number; next: number }>();

/**
 * Counts the guarded writes on a PGlite handle (see {@link noteWrite}). A PostgreSQL
 * server has autovacuum for this and is not counted. Internal to fdm-core.
 */
export function countWrites(fdm: FdmType): void {
  counted.set(fdm, { writes: 0, next: FIRST_ANALYZE_AT });
}

/**
 * After a guarded write on a counted (PGlite) handle: at the 64th write, the 128th, the
 * 256th and so on, refreshes the planner statistics of fdm-core's tables. PGlite runs no
 * autovacuum, so a farm written one call at a time kept the estimates of empty tables,
 * and the planner joined 1,000 fields' applications by nested loops (80 ms instead of
 * 23 ms). Doubling keeps the estimates within a factor of two of the real sizes for a
 * logarithmic number of refreshes (about 0.1 s each at 1,000 fields). Runs after the
 * write's commit; a refresh that fails is skipped: the write stands, and the next one
 * tries again. Internal to fdm-core.
 */
export async function noteWrite(fdm: FdmType): Promise<void> {
  const count = counted.get(fdm);
  if (!count) return;
  count.writes += 1;
  if (count.writes < count.next) return;
  count.next *= 2;
  await fdm.execute(sql`analyze ${sql.join(fdmTables(), sql`, `)}`).catch(() => {});
}

let tables: Table[] | undefined;
const fdmTables = (): Table[] => {
  tables ??= (Object.values(schema) as unknown[]).filter((value): value is Table =>
    is(value, PgTable),
  );
  return tables;
};
