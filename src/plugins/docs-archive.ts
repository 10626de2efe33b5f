/**
 * Frozen documentation of earlier versions: `archive/<version>.tar.br` (static HTML and CSS
 * made once from that version's commit by scripts/archive-docs.mts) is unpacked into the
 * build at `<outDir>/<version>/`, so `/fdm/0.8/docs/…` is served as it was made. The build
 * copies these files; it never builds the old version again, and it adds them to nothing
 * of the current site: no route, so not the sitemap, the search index, llms.txt or the
 * Markdown twins (docs/core-concepts/release.mdx, "Earlier versions").
 *
 * The archive is a POSIX (ustar) tar file compressed with brotli, so it can also be read
 * without this code: `brotli -d < archive/0.8.tar.br | tar -t`.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import type { LoadContext, Plugin } from "@docusaurus/types";

/** One file of an archive: its path inside the version's folder and its bytes. */
export interface ArchiveFile {
  /** Relative, with forward slashes: `docs/installation.html`. */
  path: string;
  data: Buffer;
}

const block = 512;

/** Writes `value` as a NUL-terminated octal field of `width` bytes at `offset`. */
function octal(header: Buffer, offset: number, width: number, value: number): void {
  header.write(`${value.toString(8).padStart(width - 1, "0")}\0`, offset, width, "ascii");
}

/** Splits a path into ustar's prefix (≤ 155 bytes) and name (≤ 100 bytes) at a slash. */
function splitName(file: string): { prefix: string; name: string } {
  if (Buffer.byteLength(file) <= 100) return { prefix: "", name: file };
  for (let i = file.lastIndexOf("/"); i > 0; i = file.lastIndexOf("/", i - 1)) {
    const prefix = file.slice(0, i);
    const name = file.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) {
      return { prefix, name };
    }
  }
  throw new Error(`${file}: too long for a ustar header (prefix 155 and name 100 bytes)`);
}

/**
 * Packs files into a ustar tar and compresses it with brotli at its best quality.
 * The same files give the same bytes: entries are sorted by path and every header
 * carries `mtime` and no owner.
 *
 * @param files - The files; their paths relative, with forward slashes.
 * @param mtime - The modification time written for every file, in seconds since 1970
 *   (the archived commit's date, so remaking the archive changes nothing).
 * @returns The `.tar.br` bytes.
 * @throws {Error} When a path is absolute, climbs out with `..`, or is too long for ustar.
 */
export function packArchive(files: ArchiveFile[], mtime: number): Buffer {
  const parts: Buffer[] = [];
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    if (file.path.startsWith("/") || file.path.split("/").includes("..")) {
      throw new Error(`${file.path}: an archive path must stay inside its folder`);
    }
    const header = Buffer.alloc(block);
    const { prefix, name } = splitName(file.path);
    header.write(name, 0, 100, "utf8");
    octal(header, 100, 8, 0o644);
    octal(header, 108, 8, 0);
    octal(header, 116, 8, 0);
    octal(header, 124, 12, file.data.length);
    octal(header, 136, 12, mtime);
    header.fill(" ", 148, 156);
    header.write("0", 156, 1, "ascii");
    header.write("ustar\u000000", 257, 8, "ascii");
    header.write(prefix, 345, 155, "utf8");
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
    parts.push(header, file.data, Buffer.alloc((block - (file.data.length % block)) % block));
  }
  parts.push(Buffer.alloc(block * 2));
  const tar = Buffer.concat(parts);
  return brotliCompressSync(tar, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: tar.length,
    },
  });
}

/** A NUL-terminated text field of a tar header. */
function field(header: Buffer, offset: number, width: number): string {
  const raw = header.subarray(offset, offset + width);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? width : end).toString("utf8");
}

/**
 * Reads the regular files of a `.tar.br` made by {@link packArchive} (or by `tar
 * --format=ustar` piped through `brotli`); folders and other entry kinds are skipped.
 *
 * @param archive - The compressed bytes.
 * @returns The files in archive order.
 * @throws {Error} When a header's checksum is wrong or a path would leave the folder.
 */
export function unpackArchive(archive: Buffer): ArchiveFile[] {
  const tar = brotliDecompressSync(archive);
  const files: ArchiveFile[] = [];
  for (let at = 0; at + block <= tar.length; ) {
    const header = tar.subarray(at, at + block);
    if (header.every((byte) => byte === 0)) break;
    let sum = 0;
    for (let i = 0; i < block; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] ?? 0);
    if (sum !== Number.parseInt(field(header, 148, 8).trim(), 8)) {
      throw new Error(`tar header at byte ${at}: wrong checksum`);
    }
    const size = Number.parseInt(field(header, 124, 12).trim() || "0", 8);
    const prefix = field(header, 345, 155);
    const name = field(header, 0, 100);
    const file = prefix ? `${prefix}/${name}` : name;
    const type = field(header, 156, 1);
    if (file.startsWith("/") || file.split("/").includes("..")) {
      throw new Error(`${file}: an archive path must stay inside its folder`);
    }
    if (type === "0" || type === "") {
      files.push({ path: file, data: Buffer.from(tar.subarray(at + block, at + block + size)) });
    }
    at += block + Math.ceil(size / block) * block;
  }
  return files;
}

/** `0.8.tar.br` → `0.8`: the archives of a folder, by the version each holds. */
export function archivesIn(folder: string): { version: string; file: string }[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const match = /^(\d+\.\d+)\.tar\.br$/.exec(name);
    return match?.[1] ? [{ version: match[1], file: path.join(folder, name) }] : [];
  });
}

/**
 * The plugin: after the build, every `archive/<version>.tar.br` of the site is unpacked
 * into `<outDir>/<version>/`.
 *
 * @param context - Docusaurus's load context (the site's folder).
 * @returns The plugin.
 */
export default function docsArchivePlugin({ siteDir }: LoadContext): Plugin {
  return {
    name: "fdm-docs-archive",
    async postBuild({ outDir }) {
      for (const { version, file } of archivesIn(path.join(siteDir, "archive"))) {
        const target = path.join(outDir, version);
        for (const entry of unpackArchive(readFileSync(file))) {
          const out = path.join(target, entry.path);
          mkdirSync(path.dirname(out), { recursive: true });
          writeFileSync(out, entry.data);
        }
      }
    },
  };
}
