// The toolkit engine's files, written by src/plugins/toolkit-engine.ts and
// imported as assets: the bundler gives each a content-hashed URL.
declare module "@generated/fdm-toolkit/engine.json" {
  const sizes: Record<"wasm" | "data" | "snapshot", { raw: number; wire: number }>;
  export default sizes;
}
declare module "@generated/fdm-toolkit/*" {
  const url: string;
  export default url;
}
