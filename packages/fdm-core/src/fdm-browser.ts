import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { FdmError } from "./error.js";
import type { FdmLocalType, FdmType } from "./fdm.js";
import { countWrites } from "./insert-together.js";
import { bundledMigrations } from "./migrations-bundled.js";

/** Options of the browser entry's {@link createFdmLocal}. */
export interface FdmBrowserOptions {
  /**
   * Where PGlite keeps the database between visits: `idb://<name>` stores it
   * in the browser's IndexedDB. Without it the database lives in memory and is
   * gone when the page or worker ends.
   */
  dataDir?: string;
  /**
   * A data directory to start from, as `$client.dumpDataDir()` saves it (a
   * tar, gzip or not): PGlite then runs no initdb, and only the migrations the
   * dump has not recorded are applied. A dump of an already migrated database
   * makes a new database ready in a fraction of the time. Not together with a
   * `dataDir` that holds a database already (PGlite refuses).
   */
  loadDataDir?: Blob | File;
  /**
   * PGlite's files when the caller has them already, e.g. to open several
   * databases on one download: the compiled `pglite.wasm` and, optionally, the
   * `pglite.data` file-system bundle. What is not given, PGlite fetches.
   */
  engine?: { wasmModule: NonNullable<PGliteOptions["pgliteWasmModule"]>; fsBundle?: Blob };
}

type Migrator = {
  dialect: { migrate(m: unknown, session: unknown, config: unknown): Promise<void> };
  session: unknown;
};

function pgliteOf(fdm: FdmType): PGlite {
  const client = (fdm as { $client?: unknown }).$client;
  if (client instanceof PGlite) return client;
  throw new FdmError("INVALID_INPUT", "fdm: must be a handle from createFdmLocal.", {
    field: "fdm",
  });
}

/**
 * Applies the migrations bundled into the browser entry that the database has
 * not recorded yet; the same history table and hashes as the Node entry's
 * `migrateFdm`, so a second run changes nothing.
 *
 * @param fdm - A handle from the browser entry's {@link createFdmLocal}.
 * @returns Resolves when the schema is up to date.
 * @throws {FdmError} `DATABASE` when a migration fails; `INVALID_INPUT` for a handle not on PGlite.
 * @example
 * ```ts fragment="the browser entry, run in a browser"
 * import { createFdmLocal, migrateFdm } from "fdm-core/browser";
 * const fdm = await createFdmLocal(); // already migrated
 * await migrateFdm(fdm); // nothing left to apply
 * ```
 */
export async function migrateFdm(fdm: FdmType): Promise<void> {
  pgliteOf(fdm);
  try {
    const db = fdm as unknown as Migrator;
    await db.dialect.migrate(bundledMigrations(), db.session, { migrationsFolder: "(bundled)" });
  } catch (err) {
    throw new FdmError("DATABASE", "migrateFdm: a migration failed.", { cause: err });
  }
}

/**
 * Opens PGlite in the browser (in memory, or in IndexedDB with an `idb://`
 * data directory), applies the bundled migrations and returns the handle that
 * every fdm-core function takes. The same call as the Node entry's
 * `createFdmLocal`; only where the data can live differs, and a database can
 * start from a dump (`loadDataDir`) instead of an empty one.
 *
 * @param options - Where to keep the data (in memory when omitted), a dump to
 *   start from, and PGlite's files when already loaded.
 * @returns A migrated database handle; its `$client` is the PGlite instance
 *   (e.g. for `$client.dumpDataDir()`).
 * @throws {FdmError} `DATABASE` when PGlite cannot start or a migration fails.
 * @example
 * ```ts fragment="the browser entry, run in a browser"
 * import { addFarm, createFdmLocal } from "fdm-core/browser";
 * const fdm = await createFdmLocal({ dataDir: "idb://my-farm" });
 * const dump = await fdm.$client.dumpDataDir(); // a .tar.gz File of the database
 * const copy = await createFdmLocal({ loadDataDir: dump }); // a second database, in memory
 * ```
 */
export async function createFdmLocal(options: FdmBrowserOptions = {}): Promise<FdmLocalType> {
  let client: PGlite;
  try {
    client = new PGlite({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      ...(options.engine
        ? {
            pgliteWasmModule: options.engine.wasmModule,
            ...(options.engine.fsBundle ? { fsBundle: options.engine.fsBundle } : {}),
            // PGlite fetches initdb's WebAssembly up front unless given one; a loaded
            // data directory never runs initdb, so the module it is given is not used.
            ...(options.loadDataDir ? { initdbWasmModule: options.engine.wasmModule } : {}),
          }
        : {}),
    });
    await client.waitReady;
  } catch (err) {
    throw new FdmError("DATABASE", "createFdmLocal: could not start PGlite.", { cause: err });
  }
  const fdm = drizzle({ client });
  await migrateFdm(fdm);
  countWrites(fdm);
  return fdm;
}

/**
 * Shuts PGlite down. The handle cannot be used afterwards.
 *
 * @param fdm - A handle from the browser entry's {@link createFdmLocal}.
 * @returns Resolves when the database is closed.
 * @throws {FdmError} `INVALID_INPUT` for a handle not on PGlite.
 * @example
 * ```ts fragment="the browser entry, run in a browser"
 * import { closeFdm, createFdmLocal } from "fdm-core/browser";
 * await closeFdm(await createFdmLocal());
 * ```
 */
export async function closeFdm(fdm: FdmType): Promise<void> {
  await pgliteOf(fdm).close();
}
