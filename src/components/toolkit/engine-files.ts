/**
 * The database engine's files, fetched once per worker when a run will need
 * a database (src/plugins/toolkit-engine.ts prepares them when the site is
 * built): PGlite's WebAssembly, compiled while it downloads, its file-system
 * bundle and the snapshot of a migrated database. This module is in the
 * worker's first chunk, so the download starts before anything else loads.
 */
import sizes from "@generated/fdm-toolkit/engine.json";
import dataUrl from "@generated/fdm-toolkit/pglite.data";
import wasmUrl from "@generated/fdm-toolkit/pglite.wasm";
import snapshotUrl from "@generated/fdm-toolkit/snapshot.tar.gz";
import type { Progress } from "./protocol";

export interface Engine {
  wasmModule: WebAssembly.Module;
  fsBundle: Blob;
  /** The snapshot, unpacked once here rather than by PGlite for every database. */
  snapshot: Blob;
}

/** About what a static host sends of the three files (gzip), for the progress bar. */
export const engineBytes = sizes.wasm.gzip + sizes.data.gzip + sizes.snapshot.gzip;

/**
 * Fetches a file and reports how far it is, in bytes on the wire (estimated:
 * the body arrives decoded, so its share of the raw size is scaled to gzip).
 */
async function fetchCounted(
  url: string,
  file: { raw: number; gzip: number },
  onBytes: (wire: number) => void,
): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok || !response.body)
    throw new Error(`could not load ${url.split("/").pop()} (HTTP ${response.status})`);
  let decoded = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      decoded += chunk.byteLength;
      onBytes(Math.min(file.gzip, (decoded / file.raw) * file.gzip));
      controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(counter), { headers: response.headers });
}

let engine: Promise<Engine> | null = null;
let loaded = false;

/**
 * PGlite's compiled WebAssembly, its file-system bundle and the snapshot,
 * fetched once; `onProgress` hears the bytes, then "starting".
 */
export function loadEngine(onProgress: (progress: Progress) => void): Promise<Engine> {
  if (engine) return engine;
  const wire = [0, 0, 0];
  const report = (i: number) => (bytes: number) => {
    wire[i] = bytes;
    onProgress({ stage: "download", loaded: wire[0] + wire[1] + wire[2], total: engineBytes });
  };
  engine = (async () => {
    const [wasmModule, fsBundle, snapshot] = await Promise.all([
      // Compiled while it downloads.
      fetchCounted(wasmUrl, sizes.wasm, report(0)).then((r) =>
        WebAssembly.compileStreaming(
          new Response(r.body, { headers: { "content-type": "application/wasm" } }),
        ),
      ),
      fetchCounted(dataUrl, sizes.data, report(1)).then((r) => r.blob()),
      fetchCounted(snapshotUrl, sizes.snapshot, report(2)).then((r) =>
        new Response(r.body?.pipeThrough(new DecompressionStream("gzip"))).blob(),
      ),
    ]);
    loaded = true;
    return { wasmModule, fsBundle, snapshot };
  })();
  engine.catch(() => {
    engine = null; // offline before it loaded: the next run tries again
  });
  return engine;
}

/** Whether the engine's files are in this worker already. */
export const engineLoaded = (): boolean => loaded;
