// Statements that every call runs (the access check and its audit row, a page of a list) as
// named prepared statements: the database parses, analyses and plans them once per connection
// instead of on every call. On PGlite that was most of a call's database time: the access check
// took 1.0 ms of CPU unprepared and 0.13 ms prepared, a page of 100 fields 1.0 ms and 0.6 ms.
// Internal to fdm-core.
import { PGlite, parse as pgliteParse, protocol, types } from "@electric-sql/pglite";
import { DrizzleQueryError, fillPlaceholders, type Query, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { FdmType } from "./fdm.js";

const dialect = new PgDialect();

/**
 * A statement of fixed text, built once: its values are drizzle placeholders
 * (`sql.placeholder("farmId")`) filled on each run, or constants. Run it with
 * {@link Prepared.rows}.
 */
export class Prepared {
  #query: Query | undefined;

  /** @param build - Makes the statement; called once, on the first run. */
  constructor(private readonly build: () => SQL) {}

  /** The statement's text and its parameters (placeholders unfilled). */
  get query(): Query {
    this.#query ??= dialect.sqlToQuery(this.build());
    return this.#query;
  }

  /**
   * Runs the statement on `db` (a handle or a transaction) as a named prepared statement and
   * returns its rows as objects, as `db.execute` would (timestamps as the driver gives them).
   *
   * @param db - The handle or transaction to run it on.
   * @param values - The value of each placeholder.
   */
  rows<T>(db: FdmType, values: Record<string, unknown> = {}): Promise<T[]> {
    return runPrepared<T>(db, this.query, values);
  }
}

/** The drizzle session of a handle or transaction, and the driver client behind it. */
type Session = {
  client?: unknown;
  prepareQuery?: (
    query: Query,
    fields: undefined,
    name: string | undefined,
    isResponseInArrayMode: boolean,
  ) => { execute(values?: Record<string, unknown>): Promise<unknown> };
};

/** PGlite's transaction objects (drizzle's transaction client) of transactions begun by {@link transaction}. */
const pgliteTransactions = new WeakMap<object, PGlite>();

/**
 * Runs `body` in one transaction of `fdm` (as `fdm.transaction`); on PGlite, the statements
 * of {@link Prepared} run in it prepared as well (otherwise they run unprepared).
 *
 * @param fdm - The handle.
 * @param body - The work, given the transaction.
 */
export function transaction<T>(fdm: FdmType, body: (tx: FdmType) => Promise<T>): Promise<T> {
  const root = sessionOf(fdm)?.client;
  return fdm.transaction((tx) => {
    const client = sessionOf(tx as unknown as FdmType)?.client;
    if (root instanceof PGlite && typeof client === "object" && client !== null) {
      pgliteTransactions.set(client, root);
    }
    return body(tx as unknown as FdmType);
  });
}

function sessionOf(db: FdmType): Session | undefined {
  return (db as unknown as { _?: { session?: Session } })._?.session;
}

async function runPrepared<T>(
  db: FdmType,
  query: Query,
  values: Record<string, unknown>,
): Promise<T[]> {
  const session = sessionOf(db);
  const client = session?.client;
  if (client instanceof PGlite) {
    const params = fillPlaceholders(query.params, values);
    await client._checkReady();
    const rows = await client
      ._runExclusiveTransaction(() =>
        client._runExclusiveQuery(() => runOnPglite<T>(client, query.sql, params)),
      )
      .catch((err: Error) => {
        throw new DrizzleQueryError(query.sql, params, err);
      });
    await client.syncToFs();
    return rows;
  }
  const root = typeof client === "object" && client !== null && pgliteTransactions.get(client);
  if (root && (client as { closed?: boolean }).closed === false) {
    const params = fillPlaceholders(query.params, values);
    return root
      ._runExclusiveQuery(() => runOnPglite<T>(root, query.sql, params))
      .catch((err: Error) => {
        // As drizzle reports a failed query: the driver's error is the cause.
        throw new DrizzleQueryError(query.sql, params, err);
      });
  }
  if (!session?.prepareQuery) throw new Error("prepared: not a drizzle PostgreSQL handle");
  // postgres-js prepares a query that has a name (drizzle passes `prepare: true`), once per
  // connection; other drivers (and a PGlite transaction not begun by `transaction`) run it as
  // drizzle would.
  const result = await session.prepareQuery(query, undefined, "fdm", false).execute(values);
  return ((result as { rows?: T[] }).rows ?? result) as T[];
}

/** The most statements kept prepared on one PGlite database; the one prepared first goes first. */
const MAX_STATEMENTS = 256;

/** The statements prepared on each PGlite database: by text, their name and parameter types. */
const pgliteStatements = new WeakMap<
  PGlite,
  { next: number; byText: Map<string, { name: string; types: number[] }> }
>();

// As drizzle's PGlite driver: timestamps, dates and intervals come as the text PostgreSQL gives.
const asText = (value: string) => value;
const rawParsers = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/** PGlite's parsers with {@link rawParsers}, merged once per database (PGlite merges them on
 * every query given its own: a copy of some 200 entries). */
const mergedParsers = new WeakMap<PGlite, { from: PGlite["parsers"]; merged: PGlite["parsers"] }>();

function parsersOf(pglite: PGlite): PGlite["parsers"] {
  let entry = mergedParsers.get(pglite);
  if (entry?.from !== pglite.parsers) {
    entry = { from: pglite.parsers, merged: { ...pglite.parsers, ...rawParsers } };
    mergedParsers.set(pglite, entry);
  }
  return entry.merged;
}

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Prepares (once) and runs a statement on PGlite; the caller holds PGlite's query lock. */
async function runOnPglite<T>(pglite: PGlite, text: string, params: unknown[]): Promise<T[]> {
  let known = pgliteStatements.get(pglite);
  if (!known) {
    known = { next: 0, byText: new Map() };
    pgliteStatements.set(pglite, known);
  }
  let statement = known.byText.get(text);
  if (!statement) {
    if (known.byText.size >= MAX_STATEMENTS) {
      const [oldText, oldest] = known.byText.entries().next().value as [string, { name: string }];
      known.byText.delete(oldText);
      await pglite.execProtocol(
        concat([serialize.close({ type: "S", name: oldest.name }), serialize.sync()]),
        { syncToFs: false },
      );
    }
    const name = `fdm_${++known.next}`;
    const { messages } = await pglite.execProtocol(
      concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    statement = { name, types: pgliteParse.parseDescribeStatementResults(messages) };
    known.byText.set(text, statement);
  }
  const { types: oids } = statement;
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = pglite.serializers[oids[i] as number];
    return serializer ? serializer(value) : String(value);
  });
  const { messages } = await pglite.execProtocol(
    concat([
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ]),
    { syncToFs: false },
  );
  const [result] = pgliteParse.parseResults(messages, parsersOf(pglite));
  return (result?.rows ?? []) as T[];
}
