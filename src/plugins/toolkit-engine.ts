/**
 * The database engine of the toolkit in the reader's browser, prepared when
 * the site is built (src/plugins/toolkit-browser.ts writes it to
 * `.docusaurus/fdm-toolkit/`; the worker imports the files as assets, so
 * their names carry a content hash). Each file is xz (`.xz`, LZMA2 at preset 6),
 * which the worker decodes as it arrives (src/components/toolkit/xz.ts): 3.0 MB on
 * the wire where a host's gzip -9 sends 4.4 MB and brotli at quality 10 3.3 MB. The
 * three take about 8 s of one core (brotli at quality 10: about 15 s), once per
 * PGlite version and migration set.
 * - `snapshot.tar.xz`: a PGlite data directory with fdm-core's migrations
 *   applied. The browser starts each database from it (PGlite `loadDataDir`):
 *   no initdb and no migrations there. Template databases, the comments on
 *   built-in objects and the catalogue's planner statistics are dropped and the
 *   write-ahead log is started afresh in 1 MB segments, so the file holds little
 *   more than the catalogue of one database (0.5 MB; 10 MB unpacked, 25 MB with
 *   16 MB segments). Its settings (`browserSettings`) size PostgreSQL's shared
 *   memory for a browser tab, which halves the time a database takes to start.
 * - `pglite.data.xz`: PGlite's file-system bundle with the files zeroed that only
 *   initdb or features the toolkit does not use read (listed in `unused`);
 *   same size and offsets, as PGlite checks them, so zeros are all that
 *   changes: 2.1 MB gzip on the wire becomes 0.1 MB.
 * - `pglite.wasm.xz`: PGlite's WebAssembly, unchanged (2.4 MB; 3.2 MB gzip -9).
 * - `engine.json`: each file's size unpacked and on the wire, for the progress bar.
 * Built again only when PGlite, the migrations or `ENGINE_FORMAT` change.
 */
import { createHash } from "node:crypto";
import {
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
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import lzma from "lzma-native";
import { timed } from "./build-timings";

/** Bump when what this file writes changes in a way the inputs do not show. */
const ENGINE_FORMAT = "6";

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
  /** Bytes of the file unpacked. */
  raw: number;
  /** Bytes of the xz file: what the browser fetches. */
  wire: number;
}

/** The files `writeEngine` writes, by the name the worker imports them under. */
export const engineFiles = {
  wasm: "pglite.wasm.xz",
  data: "pglite.data.xz",
  snapshot: "snapshot.tar.xz",
} as const;

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

/** The server settings of the snapshot (its `postgresql.auto.conf`). */
export const browserSettings = {
  shared_buffers: "16MB",
  wal_buffers: "256kB",
  max_connections: "10",
  autovacuum_worker_slots: "1",
  max_wal_senders: "0",
  max_replication_slots: "0",
} as const;

/**
 * A PGlite data directory with fdm-core's migrations applied, as a tar (not
 * compressed): started in Node with the same migrations folder and migrator as
 * fdm-core's `createFdmLocal`, then made small (see the header).
 */
export async function buildSnapshot(siteDir: string): Promise<Buffer> {
  // 1 MB write-ahead-log segments instead of 16 MB: the one segment a
  // snapshot holds is unpacked in every database the browser opens.
  const pg = await PGlite.create({ initDbStartParams: ["--wal-segsize=1"] });
  try {
    // Old segments are removed rather than renamed for reuse from here on, so that the
    // segment the snapshot ends in is a new, zero-filled one.
    await pg.exec("SET wal_recycle = off");
    const segmentsOf = async () =>
      (await pg.query<{ name: string }>("SELECT name FROM pg_ls_waldir()")).rows.map((r) => r.name);
    const initdbSegments = new Set(await segmentsOf());
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
      // Sized for one reader's database in a browser tab rather than a server's:
      // PostgreSQL sets up its shared memory at every start, and 128 MB of buffers
      // and a hundred connections' worth of lock and process tables took about
      // half of a start from the snapshot (0.45 s against 0.3 s in Node).
      ...Object.entries(browserSettings).map(([k, v]) => `ALTER SYSTEM SET ${k} = '${v}'`),
      // Rows frozen now are not rewritten (hint bits) in every browser that opens them.
      "VACUUM FREEZE",
    ]) {
      await pg.exec(statement);
    }
    // A new, zero-filled WAL segment holding only the checkpoint: switched past the
    // segments initdb made ready for reuse, whose old contents would not compress.
    for (let i = 0; i < 64; i++) {
      await pg.exec("SELECT pg_switch_wal()");
      await pg.exec("CHECKPOINT");
      const segments = await segmentsOf();
      if (segments.length === 1 && !initdbSegments.has(segments[0] ?? "")) break;
    }
    const dump = await pg.dumpDataDir("none");
    return Buffer.from(await dump.arrayBuffer());
  } finally {
    await pg.close();
  }
}

/**
 * xz's preset for the site's engine files, which every cold build of the site pays for
 * (one core's time, measured on 29 November 2026, lzma-native's liblzma 5.2): the
 * WebAssembly 2,411 KB in 6.3 s, the snapshot 520 KB in 1.3 s, the bundle 110 KB in
 * 0.2 s. Brotli at quality 10 made them 2,594, 589 and 112 KB in 11, 3.5 and 0.4 s;
 * preset 4 makes the WebAssembly 2,457 KB in 5.3 s, 9 no smaller than 6.
 */
export const sitePreset = 6;

/**
 * `data` as xz (LZMA2, CRC64 check) at `preset` (0–9), compressed on a thread of
 * lzma-native's own, so that the engine's three files are compressed at once.
 *
 * @param data - The bytes to compress.
 * @param preset - xz's preset: 6 for the site (`sitePreset`), less where only the contents matter.
 * @returns The xz file's bytes.
 * @throws When lzma-native reports an error (an invalid preset).
 */
export const xz = (data: Buffer, preset: number): Promise<Buffer<ArrayBuffer>> =>
  new Promise((resolve, reject) => {
    lzma.compress(data, { preset, threads: 1 }, (result, error) =>
      error ? reject(error) : resolve(result),
    );
  });

/**
 * Writes the engine's files to `dir` unless they are there for the same
 * inputs already. Written to a temporary folder and renamed, so that a build
 * running at the same time never sees half a file. `preset` is xz's
 * (`sitePreset` for the site; tests that check contents, not size, pass less).
 */
export async function writeEngine(
  siteDir: string,
  dir: string,
  preset = sitePreset,
): Promise<EngineManifest> {
  const key = `${engineKey(siteDir)}-xz${preset}`;
  const manifestFile = path.join(dir, "engine.json");
  if (existsSync(manifestFile)) {
    const existing = JSON.parse(readFileSync(manifestFile, "utf8")) as EngineManifest & {
      key?: string;
    };
    if (
      existing.key === key &&
      Object.values(engineFiles).every((f) => existsSync(path.join(dir, f)))
    )
      return existing;
  }
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const wasm = readFileSync(path.join(pgliteDist(siteDir), "pglite.wasm"));
  const data = trimmedBundle(siteDir);
  // The WebAssembly, the longest to compress, starts on the thread pool while the
  // snapshot is built on this thread.
  const packedWasm = timed("engine xz wasm", () => xz(wasm, preset));
  const packedData = timed("engine xz data", () => xz(data, preset));
  const snapshot = await timed("engine snapshot", () => buildSnapshot(siteDir));
  const raw = { wasm, data, snapshot };
  const packed = {
    wasm: packedWasm,
    data: packedData,
    snapshot: timed("engine xz snapshot", () => xz(snapshot, preset)),
  };
  const manifest = {} as EngineManifest;
  for (const name of Object.keys(engineFiles) as (keyof typeof engineFiles)[]) {
    const body = await packed[name];
    writeFileSync(path.join(tmp, engineFiles[name]), body);
    manifest[name] = { raw: raw[name].length, wire: body.length };
  }
  writeFileSync(path.join(tmp, "engine.json"), JSON.stringify({ ...manifest, key }, null, 2));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  renameSync(tmp, dir);
  return manifest;
}
