/**
 * docusaurus-plugin-typedoc with its output cached: TypeDoc (about 4.5 s on a quiet
 * machine, 9 s on a busy one) runs only when something it reads has changed. Otherwise
 * `api/` is copied back from `node_modules/.cache/fdm/typedoc/<key>/`, where the last
 * run's output was kept.
 *
 * Sound because the key hashes every input of that output:
 * - every file of the packages (sources, package.json files, READMEs; not their
 *   node_modules or dist/), which TypeDoc's program and the TypeDoc plugins in scripts/ read;
 * - the TypeScript configs the program is made from;
 * - the TypeDoc plugins (scripts/typedoc-*.mjs), the REST reference that one of them writes
 *   into api/ (src/plugins/rest-api-reference.ts, scripts/openapi-document.mts, the guide
 *   pages of docs/rest-api/) and this file;
 * - package-lock.json: the versions of TypeDoc, its Markdown plugins, TypeScript, and the
 *   dependencies whose types the program reads and whose code builds the OpenAPI document;
 * - the plugin's options as the config gives them (the repository URL of source links
 *   among them) and Node's version.
 * A change to any of these runs TypeDoc again.
 */
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import path from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";
import typedocPlugin from "docusaurus-plugin-typedoc";

/** Bump when what is cached changes in a way the inputs do not show. */
const CACHE_FORMAT = "1";

type TypedocOptions = Parameters<typeof typedocPlugin>[1] & { out?: string };

/** Every file below `dir` (relative to `root`), sorted, without node_modules and dist/. */
function filesBelow(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...filesBelow(root, rel));
    else if (entry.isFile()) files.push(rel);
  }
  return files.sort();
}

/** The files whose contents make up the cache key, relative to the site. */
export function typedocInputs(siteDir: string): string[] {
  return [
    ...filesBelow(siteDir, "packages"),
    "tsconfig.typedoc.json",
    "tsconfig.base.json",
    ...filesBelow(siteDir, "scripts").filter((f) => /typedoc-[^/]*\.mjs$/.test(f)),
    "scripts/openapi-document.mts",
    "src/plugins/rest-api-reference.ts",
    "src/plugins/typedoc-cache.ts",
    ...filesBelow(siteDir, "docs/rest-api"),
    "package-lock.json",
  ];
}

/** The cache key: a hash of every input's path and contents, the options and Node's version. */
export function typedocKey(siteDir: string, options: unknown): string {
  const hash = createHash("sha256");
  hash.update(`format ${CACHE_FORMAT}\0node ${process.version}\0${JSON.stringify(options)}\0`);
  for (const file of typedocInputs(siteDir)) {
    const full = path.join(siteDir, file);
    hash.update(`${file}\0`);
    if (existsSync(full)) hash.update(readFileSync(full));
    hash.update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/** The Docusaurus plugin: TypeDoc's, or its last output when the key is the same. */
export default async function cachedTypedocPlugin(
  context: LoadContext,
  pluginOptions: unknown,
): Promise<Plugin> {
  const options = pluginOptions as TypedocOptions;
  const { siteDir } = context;
  const out = path.resolve(siteDir, options.out ?? "api");
  const cacheRoot = path.join(siteDir, "node_modules/.cache/fdm/typedoc");
  const cached = path.join(cacheRoot, typedocKey(siteDir, options));
  if (existsSync(cached)) {
    rmSync(out, { recursive: true, force: true });
    cpSync(cached, out, { recursive: true });
    return { name: "docusaurus-plugin-typedoc" };
  }
  const plugin = await typedocPlugin(context, options);
  // Copied to a temporary folder and renamed, so that a build running at the same time
  // never restores half an output; older keys are removed.
  const tmp = `${cached}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  cpSync(out, tmp, { recursive: true });
  if (existsSync(cacheRoot)) {
    for (const old of readdirSync(cacheRoot)) {
      if (!old.includes(".tmp-"))
        rmSync(path.join(cacheRoot, old), { recursive: true, force: true });
    }
  }
  mkdirSync(cacheRoot, { recursive: true });
  renameSync(tmp, cached);
  return plugin;
}
