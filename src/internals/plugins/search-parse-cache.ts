/**
 * The search index's page parsing, cached across builds (a rebuild after a change to one
 * page parses that page only).
 *
 * The search plugin's post-build step reads every page's HTML and parses it with cheerio
 * into a title, a description and sections (its `utils/parse.js`, with the site's parsers
 * of search-ranking.ts); that parsing is most of the step's time. Here each page's result
 * is kept in `node_modules/.cache/fdm/search/pages.json` under a key that hashes:
 * - the page's HTML without what changes in every page when any page changes (`htmlForKey`):
 *   a build names every chunk by one build-wide hash (lean-client-data.ts), so a change to
 *   one page renames the scripts of all of them, in their `src` and in the script in the
 *   head that starts them (whose minified variable names change with them). So the head's
 *   script elements are left out, and the build hash is taken out of every asset name
 *   (`/assets/js/…`, `/assets/css/…`). The parser reads from the head only the title and
 *   the `robots`, `description` and `keywords` meta tags, and no asset address anywhere,
 *   so what it returns does not depend on what is left out; any other difference in the
 *   HTML parses the page again;
 * - the page's type and address, and the two options the parser reads;
 * - the parser's code: `package-lock.json` (the versions of the search plugin and cheerio),
 *   search-ranking.ts (the site's parsers) and this file.
 * The index itself is built anew from the pages' results every time. Only the results of
 * the last build are kept.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "@docusaurus/types";
import { reportTiming } from "../../plugins/build-timings";

/** Bump when what is cached changes in a way the inputs do not show. */
const CACHE_FORMAT = "1";

/** The options of the search plugin that its page parser reads. */
export interface ParseOptions {
  ignoreCssSelectors?: string[];
  forceIgnoreNoIndex?: boolean;
}

/** The search plugin's `parse` (dist/server/server/utils/parse.js). */
export type PageParser = (
  html: string,
  type: string,
  url: string,
  options: ParseOptions,
) => unknown;

/** An asset's address in a built page: the build hash before `.js` or `.css` is taken out. */
const assetName = /(\/assets\/(?:js|css)\/[^"'\s?#]*?)\.[0-9a-f]{8}\.(js|css)\b/g;

/** A script element, its contents included. */
const scriptElement = /<script\b[^>]*>[\s\S]*?<\/script>/g;

/**
 * What the cache key hashes of a page: its HTML without the script elements of its head
 * (up to the first `</head>`) and without the build hash in its asset names.
 */
export function htmlForKey(html: string): string {
  const headEnd = Math.max(html.indexOf("</head>"), 0);
  const head = html.slice(0, headEnd).replace(scriptElement, "<script></script>");
  return (head + html.slice(headEnd)).replace(assetName, "$1.$2");
}

/** The key of the parser's code: the files it is made of, relative to the site. */
export function parserCodeKey(siteDir: string): string {
  const hash = createHash("sha256");
  hash.update(`format ${CACHE_FORMAT}\0`);
  for (const file of [
    "package-lock.json",
    "src/internals/plugins/search-ranking.ts",
    "src/internals/plugins/search-parse-cache.ts",
  ]) {
    const full = path.join(siteDir, file);
    hash.update(`${file}\0`);
    if (existsSync(full)) hash.update(readFileSync(full));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** One page's key: the parser's code, the page's type, address, options and HTML. */
export function pageKey(
  codeKey: string,
  html: string,
  type: string,
  url: string,
  options: ParseOptions,
): string {
  return createHash("sha256")
    .update(codeKey)
    .update(
      `\0${type}\0${url}\0${JSON.stringify([options.ignoreCssSelectors ?? null, options.forceIgnoreNoIndex ?? null])}\0`,
    )
    .update(htmlForKey(html))
    .digest("hex")
    .slice(0, 32);
}

function readCache(file: string): Map<string, unknown> {
  if (!existsSync(file)) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(file, "utf8")) as object));
  } catch {
    // A cache that cannot be read is rebuilt.
    return new Map();
  }
}

/**
 * `plugin` (the search plugin) with its post-build step parsing through the cache: while
 * it runs, `parser.parse` answers a page seen before with the result kept for it. Pages
 * are parsed independently, so a kept result is what parsing the page again would return.
 *
 * @param plugin - The search plugin, as its factory returned it.
 * @param parser - The plugin's `utils/parse.js` module, whose `parse` its scan calls.
 * @param siteDir - The site's folder: the cache is kept in its `node_modules/.cache`.
 * @returns The same plugin, its `postBuild` wrapped.
 */
export function withParseCache(
  plugin: Plugin,
  parser: { parse: PageParser },
  siteDir: string,
): Plugin {
  const postBuild = plugin.postBuild;
  if (!postBuild) return plugin;
  const file = path.join(siteDir, "node_modules/.cache/fdm/search/pages.json");
  plugin.postBuild = async function (this: unknown, ...args: Parameters<typeof postBuild>) {
    const codeKey = parserCodeKey(siteDir);
    const kept = readCache(file);
    const used: Record<string, unknown> = {};
    const parse = parser.parse;
    let pages = 0;
    let parsed = 0;
    let ms = 0;
    parser.parse = (html, type, url, options) => {
      const started = performance.now();
      pages += 1;
      const key = pageKey(codeKey, html, type, url, options);
      let result: unknown;
      if (kept.has(key)) result = kept.get(key);
      else {
        parsed += 1;
        result = parse(html, type, url, options);
      }
      used[key] = result ?? null;
      ms += performance.now() - started;
      return result;
    };
    try {
      await postBuild.apply(this, args);
    } finally {
      parser.parse = parse;
    }
    reportTiming(`search pages parsed (${parsed} of ${pages}; the rest from the cache)`, ms);
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.tmp-${process.pid}`;
    writeFileSync(tmp, JSON.stringify(used));
    renameSync(tmp, file);
  };
  return plugin;
}
