/**
 * Where the database engine's files are served (content-hashed by the bundler):
 * fetched by the worker (engine-files.ts) and, on the reader's intent, already
 * by the page (toolkit-worker.ts), so both must name the same files.
 */
import dataUrl from "@generated/fdm-toolkit/pglite.data.br";
import wasmUrl from "@generated/fdm-toolkit/pglite.wasm.br";
import snapshotUrl from "@generated/fdm-toolkit/snapshot.tar.br";
import decoderUrl from "brotli-dec-wasm/web/bg.wasm";

export const engineUrls = {
  /** The brotli decoder's WebAssembly, which the other three need first. */
  decoder: decoderUrl,
  /** PGlite's WebAssembly (brotli). */
  wasm: wasmUrl,
  /** The snapshot of a migrated database (brotli). */
  snapshot: snapshotUrl,
  /** PGlite's file-system bundle (brotli). */
  data: dataUrl,
} as const;
