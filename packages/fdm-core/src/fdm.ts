import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres, { type Options, type PostgresType, type Sql } from "postgres";
import { FdmError } from "./error.js";
import { countWrites } from "./insert-together.js";

/**
 * A handle on an fdm database, as returned by {@link createFdmLocal} or
 * {@link createFdmServer}. Every fdm-core function takes it as its first
 * argument. It is a drizzle-orm PostgreSQL database, so the tables of
 * `fdmSchema` can also be queried directly.
 */
export type FdmType = PgDatabase<PgQueryResultHKT>;

/** The handle {@link createFdmServer} returns: an {@link FdmType} on a postgres-js client. */
export type FdmServerType = PostgresJsDatabase & { $client: Sql };

/** The handle {@link createFdmLocal} returns: an {@link FdmType} on an embedded PGlite database. */
export type FdmLocalType = FdmType & { $client: PGlite };

/**
 * The id of a principal: a user (the `id` of an account of {@link createFdmAuth})
 * or an organization. Every function that reads or writes farm data takes the
 * acting principal's id after the handle and checks that it is an existing user
 * holding a role that allows the action; any other id, an organization's
 * included, is refused with `PERMISSION_DENIED`.
 */
export type PrincipalId = string;

/** Options of {@link createFdmLocal}. */
export interface FdmLocalOptions {
  /**
   * A directory in which PGlite keeps the database between runs. Without it
   * the database lives in memory and is gone when the process ends.
   */
  dataDir?: string;
}

const migrationsFolder = fileURLToPath(new URL("../drizzle", import.meta.url));

/**
 * A dump (tar) of a migrated empty database, made once per process by the
 * first in-memory database: every later one starts from it, which takes about
 * a quarter of the time initdb and the migrations take (0.8–1.1 s instead of
 * 3–4 s in Node). A test run makes it once for all its processes
 * (tests/global-setup.ts) and names the file in FDM_TEST_PGLITE_DUMP; the
 * migrations that run after loading add what a stale dump lacks.
 */
let migratedDump: Promise<Blob> | null = null;

/**
 * The dump as PGlite's `loadDataDir`, which reads it with `arrayBuffer()`: Node's
 * Blob copies 42 MB in 64 KB asynchronous steps (0.3 s of CPU, seconds on a busy
 * machine), so a copy of the bytes in memory answers instead.
 */
class DumpBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([bytes]);
    this.#bytes = bytes;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.slice().buffer;
  }
}

async function openInMemory(): Promise<PGlite> {
  const dumpFile = process.env.FDM_TEST_PGLITE_DUMP;
  if (!migratedDump && dumpFile) {
    migratedDump = readFile(dumpFile).then(
      (bytes) => new DumpBlob(new Uint8Array(bytes)),
      (err: unknown) => {
        throw new Error(`FDM_TEST_PGLITE_DUMP names ${dumpFile}, which cannot be read`, {
          cause: err,
        });
      },
    );
  }
  if (migratedDump) return new PGlite({ loadDataDir: await migratedDump });
  const client = new PGlite();
  const dumped = (async () => {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir("none");
    return new DumpBlob(new Uint8Array(await dump.arrayBuffer()));
  })();
  migratedDump = dumped;
  dumped.catch(() => {
    if (migratedDump === dumped) migratedDump = null;
  });
  await dumped;
  return client;
}

/**
 * Opens an embedded PostgreSQL database (PGlite) in memory or in a data
 * directory, applies the migrations and returns the handle. No server needed.
 * In memory, the first call of a process migrates an empty database and keeps
 * a dump of it, and every call starts from that dump.
 *
 * @param options - Where to keep the data; in memory when omitted.
 * @returns A migrated database handle.
 * @throws {FdmError} `DATABASE` when PGlite cannot open the directory or a migration fails.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { createFdmLocal, closeFdm, fdmSchema } from "fdm-core";
 * const fdm = await createFdmLocal();
 * // The handle is a drizzle-orm database: the tables of fdmSchema can be queried directly.
 * assert.deepEqual(await fdm.select().from(fdmSchema.farms), []);
 * await closeFdm(fdm);
 * ```
 */
export async function createFdmLocal(options: FdmLocalOptions = {}): Promise<FdmLocalType> {
  try {
    const client = options.dataDir ? new PGlite(options.dataDir) : await openInMemory();
    const fdm = drizzlePglite({ client });
    await migratePglite(fdm, { migrationsFolder });
    countWrites(fdm);
    return fdm;
  } catch (err) {
    throw new FdmError("DATABASE", "createFdmLocal: could not open and migrate the database.", {
      cause: err,
    });
  }
}

/**
 * Connects to a PostgreSQL server through postgres-js. It does not migrate:
 * call {@link migrateFdm} once after deploying a new version.
 *
 * @param connection - A connection string (`postgres://user@host:5432/db`) or postgres-js options.
 * @returns The database handle; connections are opened lazily on the first query.
 * @throws {FdmError} `INVALID_INPUT` when the connection is neither a string nor an object.
 * @example
 * ```ts fragment="needs a PostgreSQL server"
 * import { createFdmServer, migrateFdm } from "fdm-core";
 * const fdm = createFdmServer("postgres://postgres@127.0.0.1:5432/postgres");
 * await migrateFdm(fdm);
 * ```
 */
export function createFdmServer(
  connection: string | Options<Record<string, PostgresType>>,
): FdmServerType {
  if (typeof connection === "string") {
    if (!/^postgres(ql)?:\/\//.test(connection)) {
      throw new FdmError(
        "INVALID_INPUT",
        "connection: must be a postgres:// or postgresql:// connection string.",
        { field: "connection" },
      );
    }
    return drizzlePostgres({ client: postgres(connection, { onnotice: () => {} }) });
  }
  if (typeof connection !== "object" || connection === null) {
    throw new FdmError("INVALID_INPUT", "connection: must be a string or postgres-js options.", {
      field: "connection",
    });
  }
  return drizzlePostgres({ client: postgres({ onnotice: () => {}, ...connection }) });
}

function clientOf(fdm: FdmType): PGlite | Sql {
  const client = (fdm as { $client?: unknown }).$client;
  if (client instanceof PGlite) return client;
  if (typeof client === "function" && "end" in client) return client as Sql;
  throw new FdmError(
    "INVALID_INPUT",
    "fdm: must be a handle from createFdmLocal or createFdmServer.",
    { field: "fdm" },
  );
}

/**
 * Applies the SQL migrations that are not yet recorded in the database. Each
 * applied migration is recorded in `drizzle.__drizzle_migrations`, so a second
 * run changes nothing.
 *
 * @param fdm - A handle from {@link createFdmLocal} or {@link createFdmServer}.
 * @returns Resolves when the schema is up to date.
 * @throws {FdmError} `DATABASE` when a migration fails; `INVALID_INPUT` for a foreign handle.
 * @example
 * ```ts
 * import { createFdmLocal, migrateFdm } from "fdm-core";
 * const fdm = await createFdmLocal(); // already migrated
 * await migrateFdm(fdm); // nothing left to apply
 * ```
 */
export async function migrateFdm(fdm: FdmType): Promise<void> {
  const client = clientOf(fdm);
  try {
    if (client instanceof PGlite) {
      await migratePglite(fdm as Parameters<typeof migratePglite>[0], { migrationsFolder });
    } else {
      await migratePostgres(fdm as Parameters<typeof migratePostgres>[0], { migrationsFolder });
    }
  } catch (err) {
    throw new FdmError("DATABASE", "migrateFdm: a migration failed.", { cause: err });
  }
}

/**
 * Closes the database behind a handle: PGlite is shut down, a server
 * connection pool is ended. The handle cannot be used afterwards.
 *
 * @param fdm - A handle from {@link createFdmLocal} or {@link createFdmServer}.
 * @returns Resolves when the database is closed.
 * @throws {FdmError} `INVALID_INPUT` for a handle that fdm-core did not create.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { createFdmLocal, closeFdm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * await closeFdm(fdm);
 * assert.equal(fdm.$client.closed, true);
 * ```
 */
export async function closeFdm(fdm: FdmType): Promise<void> {
  const client = clientOf(fdm);
  if (client instanceof PGlite) await client.close();
  else await client.end();
}
