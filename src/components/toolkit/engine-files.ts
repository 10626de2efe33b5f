/**
 * The database engine's files, fetched once per worker when a run will need
 * a database (src/plugins/toolkit-engine.ts prepares them when the site is
 * built): PGlite's WebAssembly, compiled while it downloads, its file-system
 * bundle and the snapshot of a migrated database, each xz, decoded as it
 * arrives (xz.ts). This module is in the worker's first chunk, so the
 * download starts before anything else loads.
 */
import sizes from "@generated/fdm-toolkit/engine.json";
import { engineUrls } from "./engine-urls";
import type { Progress } from "./protocol";
import { xzDecoded } from "./xz";

export interface Engine {
  wasmModule: WebAssembly.Module;
  fsBundle: Blob;
  /** The snapshot, unpacked once here rather than by PGlite for every database. */
  snapshot: Blob;
}

/** The bytes of the three files on the wire, for the progress bar. */
export const engineBytes = sizes.wasm.wire + sizes.data.wire + sizes.snapshot.wire;

/**
 * Fetches an xz file and reports how far it is in bytes received. (A host that
 * gzips it again changes nothing here: the browser undoes that before this sees
 * the bytes.)
 */
async function fetchCounted(
  url: string,
  onBytes: (wire: number) => void,
): Promise<ReadableStream<Uint8Array>> {
  const response = await fetch(url);
  if (!response.ok || !response.body)
    throw new Error(`could not load ${fileName(url)} (HTTP ${response.status})`);
  let received = 0;
  return response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        onBytes(received);
        controller.enqueue(chunk);
      },
    }),
  );
}

const fileName = (url: string) => url.split("/").pop() ?? url;

let engine: Promise<Engine> | null = null;
let loaded = false;
let smallFiles: Promise<unknown> | null = null;

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
    // All three requested at once. xz.ts decodes one stream at a time, in the order the
    // streams are made: the bundle and the snapshot, which every database needs, then
    // the WebAssembly, whose bytes wait meanwhile.
    const [data, snapshot, wasm] = await Promise.all([
      fetchCounted(engineUrls.data, report(1)),
      fetchCounted(engineUrls.snapshot, report(2)),
      fetchCounted(engineUrls.wasm, report(0)),
    ]);
    const small = Promise.all([
      new Response(xzDecoded(data, fileName(engineUrls.data))).blob(),
      new Response(xzDecoded(snapshot, fileName(engineUrls.snapshot))).blob(),
    ]);
    smallFiles = small;
    // Compiled while it downloads.
    const module = WebAssembly.compileStreaming(
      new Response(xzDecoded(wasm, fileName(engineUrls.wasm)), {
        headers: { "content-type": "application/wasm" },
      }),
    );
    const [wasmModule, [fsBundle, snapshotBlob]] = await Promise.all([module, small]);
    loaded = true;
    return { wasmModule, fsBundle, snapshot: snapshotBlob };
  })();
  engine.catch(() => {
    engine = null; // offline before it loaded: the next run tries again
  });
  return engine;
}

/** The engine's two smaller files while they load (the WebAssembly is the last to arrive). */
export const engineSmallFilesLoading = (): Promise<unknown> | null => (loaded ? null : smallFiles);

/** Whether the engine's files are in this worker already. */
export const engineLoaded = (): boolean => loaded;
