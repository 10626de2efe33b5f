// Keyset pages of the lists: `WHERE key > after ORDER BY key LIMIT limit + 1` in SQL, so that a
// page costs the same however long the list is. Keys compare as bytes (`collate "C"`), the
// order of JavaScript's `<` on the ASCII ids fdm uses, whatever the database's collation.
import { and, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgSelect, PgSelectQueryBuilder } from "drizzle-orm/pg-core";
import { rowsOf } from "./authorization.js";
import { FdmError } from "./error.js";
import type { FdmType } from "./fdm.js";
import type { JsonList } from "./json-list.js";
import type { Prepared } from "./prepared.js";
import { FIELD_CHANGES_KEPT, farmFieldChanges } from "./schema.js";

/** What a list function's optional `page` argument asks for. */
export interface PageRequest {
  /** How many items at most: a whole number from 1 to 1,000. */
  limit: number;
  /**
   * The key of the last item of the previous page (its `next`); the page starts after it.
   * Absent for the first page. At most 200 characters.
   */
  after?: string | undefined;
}

/** A page of a list, as a list function returns it when given a `page` argument. */
export interface Page<T> {
  /** At most `limit` items, in the order of their keys. */
  items: T[];
  /** Pass as `page.after` for the next page; `null` when this page is the last. */
  next: string | null;
  /**
   * The revision of the list the page was read at, for a list that keeps one (a farm's fields,
   * see getFields): it goes up with every committed change to the list, so two reads of the
   * same page at the same revision hold equal items. Absent for other lists.
   */
  revision?: number;
}

/** The most items one page holds. */
export const MAX_PAGE_LIMIT = 1000;

const invalid = (field: string, rule: string) =>
  new FdmError("INVALID_INPUT", `${field}: ${rule}.`, { field });

/** A checked page request: `after` is `null` for the first page. */
export interface CheckedPage {
  limit: number;
  after: string | null;
}

/**
 * Checks a `page` argument: `page.limit` a whole number from 1 to 1,000, `page.after` absent
 * or a string of at most 200 characters. Internal to fdm-core.
 */
export function requirePage(page: unknown): CheckedPage {
  if (typeof page !== "object" || page === null || Array.isArray(page)) {
    throw invalid("page", "must be an object with limit and, optionally, after");
  }
  const { limit, after } = page as Record<string, unknown>;
  if (
    typeof limit !== "number" ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > MAX_PAGE_LIMIT
  ) {
    throw invalid("page.limit", `must be a whole number from 1 to ${MAX_PAGE_LIMIT}`);
  }
  if (after === undefined || after === null) return { limit, after: null };
  if (typeof after !== "string" || after.length > 200) {
    throw invalid("page.after", "must be a string of at most 200 characters");
  }
  return { limit, after };
}

/** The key as the pages order it: byte order, whatever the database's collation. */
export const byKey = (key: SQLWrapper): SQL => sql`${key} collate "C"`;

/** SQL condition: the key comes after the page's `after` (none for the first page). */
export function afterKey(key: SQLWrapper, page: CheckedPage): SQL | undefined {
  return page.after === null ? undefined : sql`${key} collate "C" > ${page.after}`;
}

/**
 * The page from rows read with `LIMIT limit + 1` in key order: the extra row, when there is
 * one, only tells that another page follows.
 */
export function pageOf<T>(rows: T[], page: CheckedPage, keyOf: (item: T) => string): Page<T> {
  const more = rows.length > page.limit;
  const items = more ? rows.slice(0, page.limit) : rows;
  const last = items[items.length - 1];
  return { items, next: more && last !== undefined ? keyOf(last) : null };
}

/**
 * Reads the rows of one page of a JSON list (see json-list.ts): `from` selects the fields it is
 * given from the list's tables and joins; the rows matching `where` after the page's key are
 * read in key order, `limit + 1` of them (for {@link pageOf}), as ONE JSON value.
 */
export async function readJsonPage<T>(
  db: FdmType,
  list: JsonList,
  key: SQLWrapper,
  page: CheckedPage,
  from: (fields: { row: SQL.Aliased; key: SQL.Aliased }) => PgSelect,
  where: SQL | undefined,
): Promise<T[]> {
  const rows = from({ row: sql`${list.row()}`.as("row"), key: sql`${key}`.as("key") })
    .where(and(where, afterKey(key, page)))
    .orderBy(byKey(key))
    .limit(page.limit + 1);
  const [row] = await rowsOf<{ list: string }>(
    db,
    sql`select ${list.selectFrom(sql`(${rows})`)} as list`,
  );
  return list.parse<T>(row?.list);
}

/**
 * The SQL of one page of a JSON list, as {@link readJsonPage} reads it, with the page's start
 * and size as placeholders: `after` (only when `withAfter`; the first page has none) and
 * `limit` (see {@link pageValues}). `where` may hold placeholders of its own. It selects one
 * value, the page's rows as JSON text, for {@link JsonList.parse} and {@link pageOf}.
 */
export function jsonPageSql(
  list: JsonList,
  key: SQLWrapper,
  withAfter: boolean,
  from: (fields: { row: SQL.Aliased; key: SQL.Aliased }) => PgSelectQueryBuilder,
  where: SQL | undefined,
): SQL {
  const rows = from({ row: sql`${list.row()}`.as("row"), key: sql`${key}`.as("key") })
    .where(
      and(where, withAfter ? sql`${key} collate "C" > ${sql.placeholder("after")}` : undefined),
    )
    .orderBy(byKey(key))
    .limit(sql.placeholder("limit") as unknown as number);
  return sql`select ${list.selectFrom(sql`(${rows})`)} as list`;
}

/** The values of the placeholders of {@link jsonPageSql} for a page: `limit + 1` rows after its start. */
export function pageValues(page: CheckedPage): Record<string, unknown> {
  return page.after === null
    ? { limit: page.limit + 1 }
    : { limit: page.limit + 1, after: page.after };
}

/**
 * Reads the rows of one page with a prepared statement of {@link jsonPageSql} made for this
 * page's shape (with `after` exactly when `page.after` is not `null`): `limit + 1` rows, for
 * {@link pageOf}. The database parses and plans it once (see prepared.ts).
 */
export async function readPreparedJsonPage<T>(
  db: FdmType,
  statement: Prepared,
  list: JsonList,
  page: CheckedPage,
  values: Record<string, unknown>,
): Promise<T[]> {
  const [row] = await statement.rows<{ list: string }>(db, { ...values, ...pageValues(page) });
  return list.parse<T>(row?.list);
}

/**
 * The SQL of a page read through a revision (see `farmRevisions` in schema.ts): ONE text value,
 * `<revision>:<page>`, where the page (`pageSql`, e.g. {@link jsonPageSql}) is left out — the
 * value is `<revision>:` — when the page the caller keeps is still the page at this revision:
 * its revision (placeholder `known`) is the current one, or `changedSince` finds no change in
 * the page's key range since it. `revision` selects the list's revision, no row meaning 0.
 * `changedSince` is a condition on the placeholders `known` and `knownEnd` (see
 * {@link fieldChangesSince}); a `known` more than {@link FIELD_CHANGES_KEPT} revisions old is
 * never taken, as its changes may be pruned.
 */
export function revisionedPageSql(revision: SQL, pageSql: SQL, changedSince: SQL): SQL {
  const known = sql`${sql.placeholder("known")}::bigint`;
  return sql`select v.r::text || ':' || case when v.r = ${known} then ''
      when ${known} >= 0 and v.r - ${known} <= ${sql.raw(String(FIELD_CHANGES_KEPT))} and not (${changedSince}) then ''
      else (${pageSql}) end
    from (select coalesce((${revision}), 0) as r) as v`;
}

/**
 * SQL condition: a field of farm `farmId` in the key range of a kept page changed after
 * revision `known` (the log of migration 0010, `farmFieldChanges`). The range starts after the
 * page's `after` (when `withAfter`) and ends at `knownEnd`, the last key it read (the one past
 * the page when there is one), or has no end when `knownEnd` is null (the page reached the end
 * of the list, so a field added after it would join it).
 */
export function fieldChangesSince(farmId: SQLWrapper, withAfter: boolean): SQL {
  const end = sql`${sql.placeholder("knownEnd")}::text`;
  return sql`exists (select 1 from ${farmFieldChanges} c
    where c.farm_id = ${farmId} and c.revision > ${sql.placeholder("known")}::bigint
    ${withAfter ? sql`and c.field_id collate "C" > ${sql.placeholder("after")}` : sql``}
    and (${end} is null or c.field_id collate "C" <= ${end}))`;
}

/** A page's JSON text, kept with the revisions it is known to hold at. */
export interface KeptPage {
  /** The latest revision of its list the page is known to be the same at: sent as `known`. */
  revision: number;
  /** The revision its text was read at: two reads that tell the same version hold equal items. */
  readonly version: number;
  readonly text: string;
  /**
   * The key of the last row its text holds (the one past the page when another page follows),
   * or `null` when the rows reach the end of the list: where its key range ends (`knownEnd`).
   */
  readonly end: string | null;
  /** The text's rows, parsed once; never handed out (see read). */
  readonly rows: unknown[];
}

/** At most this many characters of page text are kept per database handle (about 16 MB). */
const KEPT_CHARS = 8_000_000;

/** What {@link KeptPages.read} found: the rows, the revision they were read at, and whether they are shared. */
export interface KeptRead<T> {
  /** The page's rows (`limit + 1` at most, for {@link pageOf}). */
  rows: T[];
  /** The revision the rows were read at (`Page.revision`). */
  version: number;
  /** True when `rows` are the kept page's own: hand out {@link JsonList.copy}s of them only. */
  shared: boolean;
}

/**
 * Pages read before, kept per database handle (and so per process) by what they were asked
 * for, each with the revisions of its list it is known to hold at: a read whose statement finds
 * the page unchanged — the list at the same revision, or no change in the page's key range
 * since — takes the kept text instead of having the database build it again. Sound across
 * processes and connections, because the revision and the change log are read in the
 * statement that checks access, and are written by triggers in the transaction of every change
 * (schema.ts, `farmRevisions` and `farmFieldChanges`). The oldest pages go first.
 */
export class KeptPages {
  readonly #byHandle = new WeakMap<object, { pages: Map<string, KeptPage>; chars: number }>();

  /**
   * The page kept for `key`, if any: send its `revision` as `known` (`-1` for none) and its
   * `end` as `knownEnd`, and hand it to {@link KeptPages.read} with the statement's value.
   *
   * @param db - The handle the page is read on.
   * @param key - What the page was asked for (the list, its owner, its filters, its start and size).
   */
  get(db: object, key: string): KeptPage | undefined {
    return this.#byHandle.get(db)?.pages.get(key);
  }

  /**
   * The rows of the page from a value of {@link revisionedPageSql}: the value's own page, which
   * is then kept, or `kept`'s when the value names only a revision. A kept page's text is parsed
   * once; its rows come back `shared`, for the caller to copy before handing them out.
   *
   * @param db - The handle the page was read on.
   * @param key - As for {@link KeptPages.get}.
   * @param kept - What {@link KeptPages.get} returned before the statement ran.
   * @param value - `<revision>:<page>`, or `<revision>:` when `kept` is still the page.
   * @param list - The list the page is of, which parses its rows.
   * @param endOf - The key range's end of the parsed rows (see {@link KeptPage.end}).
   * @returns The rows, the revision they were read at, and whether they are the kept ones.
   * @throws {Error} When the value names no page and nothing was kept (the statement was not
   *   given `kept`'s revision as `known`).
   */
  read<T>(
    db: object,
    key: string,
    kept: KeptPage | undefined,
    value: string,
    list: JsonList,
    endOf: (rows: T[]) => string | null,
  ): KeptRead<T> {
    const at = value.indexOf(":");
    const revision = Number(value.slice(0, at));
    if (at === value.length - 1) {
      if (kept === undefined || revision < kept.version) {
        throw new Error(`kept pages: no page of revision ${revision} was kept`);
      }
      if (revision > kept.revision) kept.revision = revision;
      return { rows: kept.rows as T[], version: kept.version, shared: true };
    }
    const text = value.slice(at + 1);
    const rows = list.parse<T>(text);
    let handle = this.#byHandle.get(db);
    if (!handle) {
      handle = { pages: new Map(), chars: 0 };
      this.#byHandle.set(db, handle);
    }
    const current = handle.pages.get(key);
    // A slower read of an older revision does not replace a newer page.
    if ((current !== undefined && current.revision > revision) || text.length > KEPT_CHARS / 4) {
      return { rows, version: revision, shared: false };
    }
    if (current !== undefined) {
      handle.pages.delete(key);
      handle.chars -= current.text.length;
    }
    handle.pages.set(key, { revision, version: revision, text, end: endOf(rows), rows });
    handle.chars += text.length;
    for (const [oldKey, old] of handle.pages) {
      if (handle.chars <= KEPT_CHARS) break;
      handle.pages.delete(oldKey);
      handle.chars -= old.text.length;
    }
    return { rows, version: revision, shared: true };
  }
}

/**
 * The page of {@link pageOf} from a {@link KeptPages.read}: when its rows are the kept page's,
 * the items are copied ({@link JsonList.copy}) the first time they are read, so a caller that
 * only needs the page's revision (fdm-api sends a body it wrote before) copies nothing, and a
 * caller that changes its items changes no later read.
 */
export function keptPageOf<T>(
  read: KeptRead<T>,
  page: CheckedPage,
  keyOf: (item: T) => string,
  list: JsonList,
): Page<T> {
  const { items: shared, next } = pageOf(read.rows, page, keyOf);
  if (!read.shared) return { items: shared, next, revision: read.version };
  let items: T[] | undefined;
  const out = {} as Page<T>;
  Object.defineProperty(out, "items", {
    enumerable: true,
    configurable: true,
    get: () => {
      items ??= list.copy(shared);
      return items;
    },
    set: (value: T[]) => {
      items = value;
    },
  });
  out.next = next;
  out.revision = read.version;
  // Node's console.log shows an accessor as "[Getter/Setter]": show the page as data instead.
  Object.defineProperty(out, Symbol.for("nodejs.util.inspect.custom"), {
    value: () => ({ items: out.items, next: out.next, revision: out.revision }),
  });
  return out;
}
