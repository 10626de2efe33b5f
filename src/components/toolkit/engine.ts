/**
 * The toolkit worker's databases: each starts from the snapshot of a migrated
 * database (engine-files.ts) — no initdb, no migrations. One fresh database is
 * kept ready, so that a run starts on it at once and the next one is opened
 * while the reader reads.
 */
import { createFdmLocal, type FdmBrowserOptions } from "@site/packages/fdm-core/src/fdm-browser";
import type { FdmLocalType } from "fdm-core";
import { loadEngine } from "./engine-files";
import type { Progress } from "./protocol";

async function openDatabase(onProgress: (progress: Progress) => void): Promise<FdmLocalType> {
  const { snapshot, ...files } = await loadEngine(onProgress);
  onProgress({ stage: "starting" });
  return createFdmLocal({ loadDataDir: snapshot, engine: files });
}

let spare: Promise<FdmLocalType> | null = null;

/** Opens the next fresh database now, unless one is ready or being opened. */
export function keepOneReady(onProgress: (progress: Progress) => void): void {
  if (spare) return;
  const next = openDatabase(onProgress);
  spare = next;
  next.catch(() => {
    if (spare === next) spare = null;
  });
}

/** Resolves when the database kept ready is open (opening one if none is). */
export async function oneReady(onProgress: (progress: Progress) => void): Promise<void> {
  keepOneReady(onProgress);
  await spare;
}

/** A fresh database from the snapshot: the one kept ready, or a new one. */
export function takeDatabase(onProgress: (progress: Progress) => void): Promise<FdmLocalType> {
  const db = spare ?? openDatabase(onProgress);
  spare = null;
  return db;
}

/**
 * What a sample's own `createFdmLocal(options)` gets: a database with the
 * options it asked for, on the files loaded already. It starts from the
 * snapshot too unless it names a dump of its own: the worker has no initdb.
 * (A `dataDir` in IndexedDB that holds a database already is refused by
 * PGlite when a dump is loaded into it.)
 */
export async function openWithOptions(
  options: FdmBrowserOptions,
  onProgress: (progress: Progress) => void,
): Promise<FdmLocalType> {
  const { wasmModule, fsBundle, snapshot } = await loadEngine(onProgress);
  return createFdmLocal({
    ...options,
    loadDataDir: options.loadDataDir ?? snapshot,
    engine: options.engine ?? { wasmModule, fsBundle },
  });
}
