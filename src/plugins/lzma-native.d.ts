// The part of lzma-native (which ships no types) that toolkit-engine.ts uses.
declare module "lzma-native" {
  interface CompressOptions {
    /** 0 to 9, optionally with `PRESET_EXTREME` set. */
    preset?: number;
    threads?: number;
  }
  const lzma: {
    compress(
      data: Buffer,
      options: CompressOptions,
      onFinish: (result: Buffer<ArrayBuffer>, error?: Error) => void,
    ): void;
    decompress(data: Buffer, onFinish: (result: Buffer<ArrayBuffer>, error?: Error) => void): void;
  };
  export default lzma;
}
