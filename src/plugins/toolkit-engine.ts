/**
 * The database engine of the toolkit in the reader's browser, prepared when
 * the site is built (src/plugins/toolkit-browser.ts writes it to
 * `.docusaurus/fdm-toolkit/`; the worker imports the files as assets, so
 * their names carry a content hash):
 * - `snapshot.tar.gz`: a PGlite data directory with fdm-core's migrations
 *   applied. The browser starts each database from it (PGlite `loadDataDir`):
 *   no initdb and no migrations there. Template databases, the comments on
 *   built-in objects and the catalogue's planner statistics are dropped and the
 *   write-ahead log is started afresh, so the file holds little more than the
 *   catalogue of one database (0.9 MB instead of 4.5 MB gzip).
 * - `pglite.data`: PGlite's file-system bundle with the files zeroed that only
 *   initdb or features the toolkit does not use read (listed in `unused`);
 *   same size and offsets, as PGlite checks them, so zeros are all that
 *   changes: 2.1 MB gzip on the wire becomes about 0.3 MB.
 * - `pglite.wasm`: PGlite's WebAssembly, unchanged.
 * - `engine.json`: each file's size raw and gzip, for the progress bar.
 * Built again only when PGlite, the migrations or `ENGINE_FORMAT` change.
 */
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

/** Bump when what this file writes changes in a way the inputs do not show. */
const ENGINE_FORMAT = "2";

/**
 * Files of PGlite's bundle that the toolkit's databases never read, and why.
 * Anything not matched here is kept (the time zones, plpgsql, …).
 */
export const unused: ReadonlyArray<[RegExp, string]> = [
  [
    /^\/pglite\/share\/postgresql\/(postgres\.bki|information_schema\.sql|system_(views|functions|constraints)\.sql|snowball_create\.sql|sql_features\.txt|errcodes\.txt|[^/]+\.sample)$/,
    "initdb's input: the snapshot is initialized already",
  ],
  [/^\/pglite\/lib\/postgresql\/pgxs\//, "for building extensions"],
  [
    /^\/pglite\/lib\/postgresql\/(\w+_and_\w+|euc2004_sjis2004)\.so$/,
    "character set conversions: the database and its client both use UTF8",
  ],
  [/^\/pglite\/lib\/postgresql\/(libpqwalreceiver|pgoutput)\.so$/, "replication"],
  [
    /^\/pglite\/(lib\/postgresql\/dict_snowball\.so|share\/postgresql\/tsearch_data\/)/,
    "full-text search dictionaries",
  ],
  [/^\/pglite\/icu\//, "ICU collations: the database collates as C"],
];

export interface EngineFile {
  /** Bytes of the file. */
  raw: number;
  /** Bytes gzip -9: what a static host sends (the snapshot is gzip already). */
  gzip: number;
}

export interface EngineManifest {
  wasm: EngineFile;
  data: EngineFile;
  snapshot: EngineFile;
}

const siteRequire = (siteDir: string) => createRequire(path.join(siteDir, "package.json"));

function pgliteDist(siteDir: string): string {
  // dist/index.cjs: the package exports no package.json.
  return path.dirname(siteRequire(siteDir).resolve("@electric-sql/pglite"));
}

/** The file list of PGlite's bundle, as its loader (dist/pglite.js) unpacks it. */
export function bundleFiles(siteDir: string): { filename: string; start: number; end: number }[] {
  const loader = readFileSync(path.join(pgliteDist(siteDir), "pglite.js"), "utf8");
  const match = /\(\{files:(\[[^\]]*\]),remote_package_size:(\d+)\}\)/.exec(loader);
  if (!match) throw new Error("PGlite's loader has no file list: has its format changed?");
  const files = JSON.parse((match[1] ?? "").replace(/(filename|start|end):/g, '"$1":')) as {
    filename: string;
    start: number;
    end: number;
  }[];
  const size = readFileSync(path.join(pgliteDist(siteDir), "pglite.data")).length;
  if (Number(match[2]) !== size)
    throw new Error(`PGlite's loader expects ${match[2]} bytes of pglite.data, found ${size}`);
  return files;
}

/** PGlite's bundle with the `unused` files zeroed: same size, same offsets. */
export function trimmedBundle(siteDir: string): Buffer {
  const data = Buffer.from(readFileSync(path.join(pgliteDist(siteDir), "pglite.data")));
  for (const file of bundleFiles(siteDir)) {
    if (unused.some(([re]) => re.test(file.filename))) data.fill(0, file.start, file.end);
  }
  return data;
}

/** The migrations folder of fdm-core, which both its entries apply. */
export const migrationsFolder = (siteDir: string): string =>
  path.join(siteDir, "packages/fdm-core/drizzle");

/** What the engine is built from: a change in any of it builds it again. */
export function engineKey(siteDir: string, folder = migrationsFolder(siteDir)): string {
  const hash = createHash("sha256");
  hash.update(`format ${ENGINE_FORMAT}\n`);
  hash.update(readFileSync(path.join(pgliteDist(siteDir), "../package.json")));
  hash.update(readFileSync(path.join(pgliteDist(siteDir), "pglite.data")));
  for (const file of [
    ...readdirSync(folder).filter((f) => f.endsWith(".sql")),
    "meta/_journal.json",
  ].sort()) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(path.join(folder, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * A PGlite data directory with fdm-core's migrations applied, as a tar (not
 * compressed): started in Node with the same migrations folder and migrator as
 * fdm-core's `createFdmLocal`, then made small (see the header).
 */
export async function buildSnapshot(siteDir: string): Promise<Buffer> {
  const pg = await PGlite.create();
  try {
    await migrate(drizzle({ client: pg }), { migrationsFolder: migrationsFolder(siteDir) });
    // One statement per call: DROP DATABASE refuses to run inside a transaction block.
    for (const statement of [
      "ALTER DATABASE template1 IS_TEMPLATE false",
      "DROP DATABASE template1",
      "ALTER DATABASE template0 IS_TEMPLATE false",
      "DROP DATABASE template0",
      // The comments on PostgreSQL's own objects (what psql's \df+ shows) and the
      // planner's statistics of its catalogue (ANALYZE makes them again): 0.19 MB gzip.
      "DELETE FROM pg_description",
      "DELETE FROM pg_statistic",
      "VACUUM FULL pg_description",
      "VACUUM FULL pg_statistic",
      // Rows frozen now are not rewritten (hint bits) in every browser that opens them.
      "VACUUM FREEZE",
      // A new WAL segment, zero-filled rather than a recycled one, holding only the checkpoint.
      "SET wal_recycle = off",
      "SELECT pg_switch_wal()",
      "CHECKPOINT",
      "SELECT pg_switch_wal()",
      "CHECKPOINT",
    ]) {
      await pg.exec(statement);
    }
    const dump = await pg.dumpDataDir("none");
    return Buffer.from(await dump.arrayBuffer());
  } finally {
    await pg.close();
  }
}

const gzip = (data: Buffer) => gzipSync(data, { level: 9 });

/**
 * Writes the engine's files to `dir` unless they are there for the same
 * inputs already. Written to a temporary folder and renamed, so that a build
 * running at the same time never sees half a file.
 */
export async function writeEngine(siteDir: string, dir: string): Promise<EngineManifest> {
  const key = engineKey(siteDir);
  const manifestFile = path.join(dir, "engine.json");
  if (existsSync(manifestFile)) {
    const existing = JSON.parse(readFileSync(manifestFile, "utf8")) as EngineManifest & {
      key?: string;
    };
    if (
      existing.key === key &&
      ["pglite.wasm", "pglite.data", "snapshot.tar.gz"].every((f) => existsSync(path.join(dir, f)))
    )
      return existing;
  }
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const dist = pgliteDist(siteDir);
  const wasm = readFileSync(path.join(dist, "pglite.wasm"));
  copyFileSync(path.join(dist, "pglite.wasm"), path.join(tmp, "pglite.wasm"));
  const data = trimmedBundle(siteDir);
  writeFileSync(path.join(tmp, "pglite.data"), data);
  const snapshot = gzip(await buildSnapshot(siteDir));
  writeFileSync(path.join(tmp, "snapshot.tar.gz"), snapshot);
  const manifest: EngineManifest = {
    wasm: { raw: wasm.length, gzip: gzip(wasm).length },
    data: { raw: data.length, gzip: gzip(data).length },
    snapshot: { raw: snapshot.length, gzip: snapshot.length },
  };
  writeFileSync(path.join(tmp, "engine.json"), JSON.stringify({ ...manifest, key }, null, 2));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  renameSync(tmp, dir);
  return manifest;
}
