import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { brotliCompressSync, constants } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { brotliDecoder, loadDecoder } from "../../src/components/toolkit/brotli";

/** The worker's brotli stream (src/components/toolkit/brotli.ts), on Node's own brotli output. */
const require = createRequire(import.meta.url);
const decode = (chunks: Uint8Array[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(c);
        controller.close();
      },
    }).pipeThrough(brotliDecoder()),
  ).arrayBuffer();
const inChunks = (bytes: Uint8Array, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    bytes.slice(i * size, (i + 1) * size),
  );

// 3 MB that compress well and need several output rounds per chunk (the decoder gives 1 MB a call).
const original = new Uint8Array(3_000_000).map((_, i) => ((i * 7) % 251) ^ (i >> 12));
const packed = new Uint8Array(
  brotliCompressSync(original, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
);

beforeAll(async () => {
  await loadDecoder(readFileSync(require.resolve("brotli-dec-wasm/web/bg.wasm")));
});

describe("brotliDecoder", () => {
  it("gives back the bytes, whatever the chunk sizes", async () => {
    for (const size of [1, 1000, 64 * 1024, packed.length]) {
      const chunks =
        size === 1
          ? inChunks(packed.subarray(0, 4096), 1).concat([packed.subarray(4096)])
          : inChunks(packed, size);
      const decoded = Buffer.from(await decode(chunks));
      expect(decoded.length).toBe(original.length);
      expect(decoded.equals(original)).toBe(true);
    }
  });

  it("fails on a stream cut short", async () => {
    await expect(decode([packed.subarray(0, packed.length - 100)])).rejects.toThrow(
      "the brotli stream ended early",
    );
  });

  it("fails on bytes that are not brotli", async () => {
    await expect(
      decode([new TextEncoder().encode("<!doctype html><title>404</title>")]),
    ).rejects.toThrow(/not a brotli stream/);
  });
});
