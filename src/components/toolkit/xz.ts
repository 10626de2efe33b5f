/**
 * xz decoding as a stream, for the engine's files (engine-files.ts):
 * browsers' DecompressionStream knows gzip and deflate only, and xz makes
 * PGlite's files a third smaller than gzip -9 (4.4 MB on the wire become
 * 3.0 MB). The decoder is xz-decompress (xz-embedded in WebAssembly, 9 KB
 * gzip, inside this module's chunk); decoding keeps pace with the download,
 * so the WebAssembly still compiles while it arrives.
 *
 * xz-decompress decodes one stream at a time (a lock, taken when a stream is
 * made): make the streams in the order their bytes are needed.
 */
import { XzReadableStream } from "xz-decompress";

/**
 * The decoded bytes of `compressed`, an xz file named `name`. The stream
 * errors, naming the file, when the bytes are not xz or end before the xz
 * stream does.
 */
export function xzDecoded(
  compressed: ReadableStream<Uint8Array>,
  name: string,
): ReadableStream<Uint8Array> {
  const reader = new XzReadableStream(compressed).getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // Until there is output: a pull that enqueues nothing is not repeated.
      for (;;) {
        let result: ReadableStreamReadResult<Uint8Array>;
        try {
          result = await reader.read();
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new Error(`${name} is not a whole xz file (${reason})`);
        }
        if (result.done) return controller.close();
        if (result.value.byteLength > 0) return controller.enqueue(result.value);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
