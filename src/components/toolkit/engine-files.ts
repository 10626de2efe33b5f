/**
 * The database engine's files, fetched once per worker when a run will need
 * a database (src/plugins/toolkit-engine.ts prepares them when the site is
 * built): PGlite's WebAssembly, compiled while it downloads, its file-system
 * bundle and the snapshot of a migrated database, each brotli, decoded as it
 * arrives (brotli.ts). This module is in the worker's first chunk, so the
 * download starts before anything else loads.
 */
import sizes from "@generated/fdm-toolkit/engine.json";
import { brotliDecoder, loadDecoder } from "./brotli";
import { engineUrls } from "./engine-urls";
import type { Progress } from "./protocol";

export interface Engine {
  wasmModule: WebAssembly.Module;
  fsBundle: Blob;
  /** The snapshot, unpacked once here rather than by PGlite for every database. */
  snapshot: Blob;
}

/** The bytes of the three files on the wire, for the progress bar. */
export const engineBytes = sizes.wasm.wire + sizes.data.wire + sizes.snapshot.wire;

/**
 * Fetches a brotli file, reports how far it is in bytes received, and returns
 * its decoded body. (A host that gzips it again changes nothing here: the
 * browser undoes that before this sees the bytes.)
 */
async function fetchDecoded(
  url: string,
  decoder: Promise<unknown>,
  onBytes: (wire: number) => void,
): Promise<ReadableStream<Uint8Array>> {
  const response = await fetch(url);
  if (!response.ok || !response.body)
    throw new Error(`could not load ${url.split("/").pop()} (HTTP ${response.status})`);
  let received = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      received += chunk.byteLength;
      onBytes(received);
      controller.enqueue(chunk);
    },
  });
  await decoder;
  return response.body.pipeThrough(counter).pipeThrough(brotliDecoder());
}

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
    const decoder = loadDecoder(engineUrls.decoder);
    // Compiled while it downloads.
    const wasm = fetchDecoded(engineUrls.wasm, decoder, report(0)).then((body) =>
      WebAssembly.compileStreaming(
        new Response(body, { headers: { "content-type": "application/wasm" } }),
      ),
    );
    const small = Promise.all([
      fetchDecoded(engineUrls.data, decoder, report(1)).then((body) => new Response(body).blob()),
      fetchDecoded(engineUrls.snapshot, decoder, report(2)).then((body) =>
        new Response(body).blob(),
      ),
    ]);
    smallFiles = small;
    const [wasmModule, [fsBundle, snapshot]] = await Promise.all([wasm, small]);
    loaded = true;
    return { wasmModule, fsBundle, snapshot };
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
