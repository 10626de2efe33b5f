// Reads a list as ONE JSON value built in SQL. On PGlite much of the cost of a large read is
// decoding each returned cell; a 1,000-row list of ten columns is 10,000 cells, or one string
// that JSON.parse reads in about a millisecond. Not part of the public API.
import { type Column, is, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { PgArray } from "drizzle-orm/pg-core";

/** The columns of a list, by the key each gets in the objects returned. */
export type ListColumns = Record<string, Column>;

/**
 * Column types whose JSON form parses to the value drizzle would return (timestamps once
 * `parse` turns them back into Dates). Others (numeric as string, bigint,
 * timestamp in string mode, dates, bytea) would change type through JSON and are refused
 * when the list is defined.
 */
const asJson = new Set([
  "PgText",
  "PgEnumColumn",
  "PgBoolean",
  "PgInteger",
  "PgDoublePrecision",
  "PgJson",
  "PgJsonb",
  "PgTimestamp",
]);

/**
 * Custom columns by their SQL type, each with the SQL that gives its value the JSON form of
 * what the column's `fromDriver` returns: a `type_rvo` (a mestcode kept as text) as a number.
 */
const customAsJson: Record<string, (column: Column) => SQL> = {
  type_rvo: (column) => sql`(${column})::text::integer`,
};

function customJson(column: Column): ((column: Column) => SQL) | undefined {
  return column.columnType === "PgCustomColumn" ? customAsJson[column.getSQLType()] : undefined;
}

function checkColumn(key: string, column: Column): void {
  if (customJson(column)) return;
  const type = is(column, PgArray)
    ? (column as PgArray<never, never>).baseColumn.columnType
    : column.columnType;
  if (!asJson.has(type) || (is(column, PgArray) && type === "PgTimestamp")) {
    throw new Error(`json-list: column ${key} (${column.columnType}) does not survive JSON`);
  }
}

/** A list read as one JSON value: the SQL to select, and how to turn its text into rows. */
export interface JsonList {
  /**
   * The rows as one JSON array (text), ordered by `orderBy`; `'[]'` for none. Select it as
   * the only column of a query with the list's joins and conditions.
   */
  select(...orderBy: SQLWrapper[]): SQL<string>;
  /**
   * One row as a JSON array, for a page: select it with the row's key in a subquery that
   * orders and limits the rows, and aggregate that with {@link JsonList.selectFrom}.
   */
  row(): SQL;
  /**
   * The rows selected by {@link JsonList.row} as column `row` of a subquery, with their key as
   * column `key`, as one JSON array (text) in the byte order of the keys; `'[]'` for none.
   */
  selectFrom(subquery: SQLWrapper): SQL<string>;
  /**
   * The rows from the selected text, timestamps as Dates; `T` is the row type the caller
   * states (the interface its columns are `tied` to).
   */
  parse<T>(text: string | null | undefined): T[];
  /**
   * Rows equal to `rows` (as {@link JsonList.parse} made them) that share nothing with them:
   * new objects, new Dates, JSON and array values copied. A page kept in memory hands out
   * copies, so a caller that changes what it got changes nothing for the next.
   */
  copy<T>(rows: readonly T[]): T[];
}

/** A copy of a JSON value (as JSON.parse makes it) sharing no object or array with it. */
function copyJson(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    out[key] = copyJson((value as Record<string, unknown>)[key]);
  return out;
}

/**
 * Defines a list read as one JSON value: an array of rows, each an array of the column
 * values in the order of `columns` (`json_build_array`: on PGlite a third faster than
 * `json_build_object`, which writes every key in every row), turned into objects here.
 * Checks once, here, that every column keeps its type through JSON.
 *
 * @param columns - The columns, by the key each gets in the objects returned.
 * @returns The SQL to select and the parser of its result.
 * @throws {Error} When a column would change type through JSON, or there are over 100.
 */
export function jsonList(columns: ListColumns): JsonList {
  const entries = Object.entries(columns);
  if (entries.length > 100) throw new Error("json-list: at most 100 columns");
  for (const [key, column] of entries) checkColumn(key, column);
  const keys = entries.map(([k]) => k);
  const isDate = entries.map(([, c]) => c.columnType === "PgTimestamp");
  // Columns whose values are objects or arrays (json, jsonb, arrays), copied by `copy`.
  const deepKeys = entries
    .filter(([, c]) => c.columnType === "PgJson" || c.columnType === "PgJsonb" || is(c, PgArray))
    .map(([k]) => k);
  const dateKeys = keys.filter((_, i) => isDate[i]);
  const row = sql`json_build_array(${sql.join(
    entries.map(([, column]) => customJson(column)?.(column) ?? column),
    sql`, `,
  )})`;
  return {
    select: (...orderBy) =>
      sql<string>`coalesce(json_agg(${row} order by ${sql.join(orderBy, sql`, `)}), '[]')::text`,
    row: () => row,
    selectFrom: (subquery) =>
      sql<string>`(select coalesce(json_agg(p.row order by p.key collate "C"), '[]')::text from ${subquery} as p)`,
    parse<T>(text: string | null | undefined): T[] {
      const rows = JSON.parse(text ?? "[]") as unknown[][];
      return rows.map((values) => {
        const out: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) {
          const v = values[i];
          // JSON has no date: a timestamptz comes as ISO 8601 with its offset, e.g.
          // "2025-03-15T00:00:00+00:00", which Date reads as the same instant drizzle returns.
          out[keys[i] as string] = isDate[i] && v !== null ? new Date(v as string) : v;
        }
        return out as T;
      });
    },
    copy<T>(rows: readonly T[]): T[] {
      return rows.map((row) => {
        const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
        for (const key of dateKeys) {
          const v = out[key];
          if (v instanceof Date) out[key] = new Date(v.getTime());
        }
        for (const key of deepKeys) out[key] = copyJson(out[key]);
        return out as T;
      });
    },
  };
}
