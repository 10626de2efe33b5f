import { describe, expect, it } from "vitest";
import { xzDecoded } from "../../src/components/toolkit/xz";
import { xz } from "../../src/plugins/toolkit-engine";

/**
 * The worker's xz stream (src/components/toolkit/xz.ts) on xz files made by
 * lzma-native, the encoder the site's build uses (src/plugins/toolkit-engine.ts).
 */

const decode = (chunks: Uint8Array[], name = "pglite.wasm.xz") =>
  new Response(
    xzDecoded(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const c of chunks) controller.enqueue(c);
          controller.close();
        },
      }),
      name,
    ),
  ).arrayBuffer();
const inChunks = (bytes: Uint8Array, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    bytes.slice(i * size, (i + 1) * size),
  );
const compress = (data: Uint8Array) => xz(Buffer.from(data), 1);

// 3 MB that compress well and take many rounds of the decoder's output buffer.
const original = new Uint8Array(3_000_000).map((_, i) => ((i * 7) % 251) ^ (i >> 12));

describe("xzDecoded", () => {
  it("gives back the bytes, whatever the chunk sizes", async () => {
    const packed = await compress(original);
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

  it("decodes two files at once, each whole", async () => {
    const other = original.map((b) => 255 - b);
    const [a, b] = await Promise.all([compress(original), compress(other)]);
    const [da, db] = await Promise.all([decode(inChunks(a, 5000)), decode(inChunks(b, 7000))]);
    expect(Buffer.from(da).equals(original)).toBe(true);
    expect(Buffer.from(db).equals(other)).toBe(true);
  });

  it("decodes the next file after one is cancelled half-way (the decoder's lock is let go)", async () => {
    const packed = await compress(original);
    const reader = xzDecoded(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(packed.subarray(0, 1000));
        },
      }),
      "pglite.wasm.xz",
    ).getReader();
    expect((await reader.read()).value?.byteLength).toBeGreaterThan(0);
    await reader.cancel("the worker stopped");
    expect(Buffer.from(await decode([packed])).equals(original)).toBe(true);
  });

  it("fails, naming the file, on a stream cut short", async () => {
    const packed = await compress(original);
    await expect(
      decode([packed.subarray(0, packed.length - 100)], "snapshot.tar.xz"),
    ).rejects.toThrow(/^snapshot\.tar\.xz is not a whole xz file/);
  });

  it("fails, naming the file, on bytes that are not xz", async () => {
    await expect(
      decode([new TextEncoder().encode("<!doctype html><title>404</title>")], "pglite.data.xz"),
    ).rejects.toThrow(/^pglite\.data\.xz is not a whole xz file/);
  });

  it("fails on an empty body", async () => {
    await expect(decode([])).rejects.toThrow(/^pglite\.wasm\.xz is not a whole xz file/);
  });
});
