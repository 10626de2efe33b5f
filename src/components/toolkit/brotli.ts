/**
 * Brotli decoding as a stream, for the engine's files (engine-files.ts):
 * browsers' DecompressionStream knows gzip and deflate only, and brotli at
 * its best setting makes PGlite's files a quarter smaller than gzip -9 (4.4
 * MB on the wire become 3.3 MB). The decoder is brotli-dec-wasm (Rust's
 * brotli-decompressor, 0.1 MB gzip); decoding keeps pace with the download,
 * so the WebAssembly still compiles while it arrives.
 */
import initDecoder, { BrotliDecStream, BrotliStreamResultCode } from "brotli-dec-wasm/web";

/** Output per decoder call: large enough that a chunk of input needs one or two calls. */
const OUT_BYTES = 1 << 20;

let decoder: Promise<unknown> | null = null;

/** Loads the decoder's WebAssembly from `url` (once; a failed load is tried again). */
export function loadDecoder(url: string | URL | BufferSource): Promise<unknown> {
  if (!decoder) {
    const loading = initDecoder({ module_or_path: url });
    decoder = loading;
    loading.catch(() => {
      if (decoder === loading) decoder = null;
    });
  }
  return decoder;
}

/**
 * A stream that decodes brotli. Call after `loadDecoder` has resolved. Errors
 * when the input is not brotli or ends before the brotli stream does.
 */
export function brotliDecoder(): TransformStream<Uint8Array, Uint8Array> {
  const state = new BrotliDecStream();
  let finished = false;
  const release = () => {
    try {
      state.free();
    } catch {
      // freed already
    }
  };
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      let input = chunk;
      while (!finished) {
        let result: ReturnType<BrotliDecStream["dec"]>;
        try {
          result = state.dec(input, OUT_BYTES);
        } catch (error) {
          release();
          throw new Error(`not a brotli stream (decoder error ${String(error)})`);
        }
        const { code, input_offset: used } = result;
        const out = result.buf;
        result.free();
        if (out.byteLength > 0) controller.enqueue(out);
        if (code === BrotliStreamResultCode.ResultSuccess) finished = true;
        else if (code === BrotliStreamResultCode.NeedsMoreOutput) input = input.subarray(used);
        else break; // NeedsMoreInput: all of this chunk is taken
      }
    },
    flush() {
      release();
      if (!finished) throw new Error("the brotli stream ended early");
    },
  });
}
