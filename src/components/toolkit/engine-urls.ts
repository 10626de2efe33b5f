/**
 * Where the database engine's files are served (content-hashed by the bundler):
 * fetched by the worker (engine-files.ts) and, on the reader's intent, already
 * by the page (toolkit-worker.ts), so both must name the same files.
 */
import dataUrl from "@generated/fdm-toolkit/pglite.data.xz";
import wasmUrl from "@generated/fdm-toolkit/pglite.wasm.xz";
import snapshotUrl from "@generated/fdm-toolkit/snapshot.tar.xz";

export const engineUrls = {
  /** PGlite's WebAssembly (xz). */
  wasm: wasmUrl,
  /** The snapshot of a migrated database (xz). */
  snapshot: snapshotUrl,
  /** PGlite's file-system bundle (xz). */
  data: dataUrl,
} as const;
