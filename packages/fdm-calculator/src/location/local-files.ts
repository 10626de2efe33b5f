import { type FileHandle, open, readFile } from "node:fs/promises";
import { resolve } from "node:path";

// Node's side of reading a location dataset from a local path. In a browser
// bundle, package.json's "browser" field swaps this module for
// local-files.browser.ts, which has no file system to read.

/** Reads a whole local file. */
export async function readLocalFile(path: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(path));
}

/** Opens a local file for reading byte ranges. */
export function openLocalFile(path: string): Promise<FileHandle> {
  return open(path, "r");
}

/** The absolute form of a local path (the cache key of a dataset). */
export function resolveLocalPath(path: string): string {
  return resolve(path);
}

/** A local file opened for ranged reads. */
export type LocalFile = Pick<FileHandle, "read" | "close">;
