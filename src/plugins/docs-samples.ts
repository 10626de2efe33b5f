/**
 * The TypeScript samples of docs/, blog/ and src/pages, found once for both
 * their users: tests/docs-samples (type-checks and runs each in Node) and the
 * site build (src/plugins/toolkit-browser.ts compiles each for the "Run"
 * button). A block marked `fragment="<reason>"` is not run by either.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const sampleSourceDirs = ["docs", "blog", "src/pages"];

/** A ```ts / ```typescript block of a markdown file. */
export interface DocsSample {
  /** The file, relative to the site's root. */
  file: string;
  /** The 1-based line of the opening fence. */
  line: number;
  code: string;
  /** Why the block is not run (`fragment="…"`), or null. */
  fragment: string | null;
}

/** Markdown files of a directory of the site, sorted, relative to `root`. */
export function markdownFiles(root: string, dir: string): string[] {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.mdx?$/.test(f))
    .map((f) => path.join(dir, f))
    .sort();
}

/** Code blocks of a markdown file: fence language, meta, code and line. */
export function codeBlocks(text: string) {
  const blocks: { lang: string; meta: string; code: string; line: number }[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/.exec(lines[i] ?? "");
    if (!open) continue;
    const [, indent = "", fence = "", lang = "", meta = ""] = open;
    const body: string[] = [];
    let j = i + 1;
    while (
      j < lines.length &&
      !new RegExp(`^\\s*${fence[0]}{${fence.length},}\\s*$`).test(lines[j] ?? "")
    ) {
      body.push(
        (lines[j] ?? "").startsWith(indent)
          ? (lines[j] ?? "").slice(indent.length)
          : (lines[j] ?? ""),
      );
      j += 1;
    }
    blocks.push({ lang, meta, code: body.join("\n"), line: i + 1 });
    i = j;
  }
  return blocks;
}

/** Whether a fence is a TypeScript sample. */
export const isTypeScript = (lang: string | null | undefined): boolean =>
  lang === "ts" || lang === "typescript";

/** The `fragment="<reason>"` of a fence's meta, or null. */
export const fragmentOf = (meta: string | null | undefined): string | null =>
  /fragment="([^"]*)"/.exec(meta ?? "")?.[1] ?? null;

/** Every TypeScript sample of the site's markdown, in file and line order. */
export function docsSamples(root: string): DocsSample[] {
  const samples: DocsSample[] = [];
  for (const file of sampleSourceDirs.flatMap((dir) => markdownFiles(root, dir))) {
    for (const block of codeBlocks(readFileSync(path.join(root, file), "utf8"))) {
      if (!isTypeScript(block.lang)) continue;
      samples.push({
        file,
        line: block.line,
        code: block.code,
        fragment: fragmentOf(block.meta),
      });
    }
  }
  return samples;
}

/** The id under which a sample's compiled code is published: a hash of its text. */
export function sampleId(code: string): string {
  return createHash("sha256").update(code.replace(/\n+$/, ""), "utf8").digest("hex").slice(0, 16);
}

/**
 * What a sample may import in the browser runner (src/components/toolkit/worker.ts
 * provides exactly these), and why anything else cannot run there.
 */
export const browserModules = [
  "fdm-core",
  "fdm-data",
  "fdm-calculator",
  "drizzle-orm",
  "node:assert",
  "node:assert/strict",
];

/**
 * Modules the runner provides in part, with the names it has: `node:crypto`
 * from the browser's Web Crypto (src/components/toolkit/worker.ts).
 */
export const partialBrowserModules: Record<string, readonly string[]> = {
  "node:crypto": ["randomBytes", "randomUUID"],
};

/**
 * fdm-core's exports that its browser entry leaves out, and why. (`createFdmAuth`
 * is left out too, but the runner loads it into its worker when a sample uses it.)
 */
export const serverOnlyExports: Record<string, string> = {
  createFdmServer: "it connects to a PostgreSQL server",
};

const moduleReasons: Record<string, string> = {
  "node:fs": "it reads and writes files, which a web page cannot",
  "node:fs/promises": "it reads and writes files, which a web page cannot",
  "node:os": "it uses the operating system's temporary folder",
  "node:path": "it works with file paths",
};

/**
 * Why a sample cannot run in a browser, or null when it can: every import is
 * one the runner provides and no server-only function is used.
 */
export function browserUnavailability(code: string): string | null {
  const imports = [...code.matchAll(/^\s*import\s+([\s\S]*?)\s+from\s+["']([^"']+)["']/gm)];
  for (const [, names = "", from = ""] of imports) {
    const partial = partialBrowserModules[from];
    if (partial) {
      const missing = (/\{([^}]*)\}/.exec(names)?.[1] ?? names)
        .split(",")
        .map(
          (name) =>
            name
              .trim()
              .split(/\s+as\s+/)[0]
              ?.trim() ?? "",
        )
        .filter((name) => name !== "" && !partial.includes(name));
      if (missing.length > 0) {
        return `it uses ${missing.join(", ")} from ${from}, which the browser runner does not have`;
      }
      continue;
    }
    if (!browserModules.includes(from)) {
      return moduleReasons[from] ?? `it imports ${from}, which the browser runner does not have`;
    }
  }
  if (/\bprocess\.|\bBuffer\b|\b__dirname\b/.test(code)) {
    return "it inspects the Node.js process, which a web page does not have";
  }
  for (const [name, reason] of Object.entries(serverOnlyExports)) {
    if (new RegExp(`\\b${name}\\b`).test(code)) return `${name}: ${reason}`;
  }
  return null;
}
