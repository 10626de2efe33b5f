// The browser's side: a page has no file system, so a location dataset must be
// an http(s) URL. Same exports as local-files.ts.

const noFiles = (path: string) =>
  new Error(`${path}: a local file path cannot be read in a browser; pass an http(s) URL`);

export async function readLocalFile(path: string): Promise<Uint8Array> {
  throw noFiles(path);
}

export async function openLocalFile(path: string): Promise<never> {
  throw noFiles(path);
}

export function resolveLocalPath(path: string): string {
  return path;
}

export type { LocalFile } from "./local-files.js";
