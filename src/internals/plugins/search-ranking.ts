/**
 * The site's search, on top of @easyops-cn/docusaurus-search-local (checked against 0.55.3).
 *
 * - In the browser, results come in the site's order (src/client/search-ranking.ts). The
 *   plugin has no ranking option and its worker is not a theme component, so its bar's and
 *   search page's import of `../searchByWorker` is pointed at src/internals/client/searchByWorker.ts,
 *   which wraps the original (`searchRankingPlugin`).
 * - In the index, a page (src/pages: the glossary, the playground) is cut at its headings
 *   as a docs page is, instead of being one block of text, so a glossary entry is found as
 *   itself (`searchLocalTheme`, `parsePageSections`).
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { LoadContext, OptionValidationContext, Plugin } from "@docusaurus/types";
import type { CheerioAPI } from "cheerio";
import { type PageParser, withParseCache } from "./search-parse-cache";

const require = createRequire(import.meta.url);
const searchPackage = path.dirname(
  require.resolve("@easyops-cn/docusaurus-search-local/package.json"),
);

/**
 * Points the search plugin's browser import of its worker client at the site's ranking.
 *
 * @param context - Docusaurus's load context; `siteDir` locates the search plugin.
 * @returns The plugin: webpack configuration for the client build only.
 */
export default function searchRankingPlugin({ siteDir }: LoadContext): Plugin {
  const theme = path.join(searchPackage, "dist/client/client/theme");
  const replacement = path.join(siteDir, "src/internals/client/searchByWorker.ts");
  return {
    name: "fdm-search-ranking",
    configureWebpack(_config, isServer, { currentBundler }) {
      if (isServer) return {};
      const { NormalModuleReplacementPlugin } = currentBundler.instance;
      return {
        resolve: {
          alias: { "fdm-search-original-worker$": path.join(theme, "searchByWorker.js") },
        },
        plugins: [
          new NormalModuleReplacementPlugin(/^\.\.\/searchByWorker$/, (resource) => {
            if (resource.context.startsWith(theme)) resource.request = replacement;
          }),
        ],
      };
    },
  };
}

/** A section as the search plugin indexes it: a heading document if `title` is not the page's, and a sentence document of `content`. */
export interface PageSection {
  title: string;
  hash: string;
  content: string;
}

/** What the search plugin's page parser returns. */
export interface ParsedPage {
  pageTitle: string;
  description: string;
  keywords: string;
  sections: PageSection[];
  breadcrumb: string[];
}

/** The parts of a domhandler node the text walk reads. */
interface DomNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}

// The tags the plugin's own text extraction pads with spaces (getCondensedText).
const BLOCK_TAGS = new Set(
  "address article aside blockquote details dialog dd div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr li main nav ol p pre section table ul td th".split(
    " ",
  ),
);

// Soft hyphens and zero-width spaces split a word for the eye; in the index they would split it for search too.
const condense = (text: string): string =>
  text
    .replace(/[\u00ad\u200b]/g, "")
    .replace(/\s+/g, " ")
    .trim();

const isHashLink = (node: DomNode): boolean =>
  node.name === "a" && /(^|\s)hash-link(\s|$)/.test(node.attribs?.class ?? "");

/** The text of a node, block elements set apart by spaces, heading links left out. */
function textOf(node: DomNode): string {
  if (node.type === "text") return node.data ?? "";
  if (node.type !== "tag" || isHashLink(node)) return "";
  if (node.name === "br") return " ";
  const inner = (node.children ?? []).map(textOf).join("");
  return BLOCK_TAGS.has(node.name ?? "") ? ` ${inner} ` : inner;
}

/**
 * Indexes a page (src/pages) by its sections, as the search plugin indexes a docs page,
 * in place of the plugin's parser for pages, which makes the whole `<main>` one block.
 *
 * The text before the first heading belongs to the page's title. Each h2 or h3 with an
 * anchor starts a section. A section with text becomes one sentence document that reads
 * "Heading: text" and opens at the heading's anchor, so a glossary entry is one result
 * that shows the term and its definition ("Meststoffenwet: Fertilisers Act. The Dutch
 * law that…"); it is given the page's title, so the plugin does not add a second,
 * heading-only result for it. A heading without text of its own (the glossary's groups)
 * is indexed as a heading.
 *
 * The breadcrumb is the navbar's active item, as for a docs page; a page under none of
 * the navbar's items (the glossary) is filed under "Docs", whose pages link to it.
 *
 * @param $ - The page's HTML, loaded with cheerio by the search plugin.
 * @param _url - The page's address (unused; the plugin's parser takes it too).
 * @returns The page's title, description, keywords, sections and breadcrumb.
 */
export function parsePageSections($: CheerioAPI, _url: string): ParsedPage {
  $("a[aria-hidden=true]").remove();
  const $root = $("main article").length > 0 ? $("main article").first() : $("main").first();
  const $h1 = $root.find("h1").first();
  const pageTitle = condense(($h1.length > 0 ? $h1 : $("title").first()).text());
  const sections: { heading: string; hash: string; text: string }[] = [
    { heading: pageTitle, hash: "", text: "" },
  ];
  const walk = (node: DomNode): void => {
    if (node.type === "text") {
      (sections.at(-1) as { text: string }).text += node.data ?? "";
      return;
    }
    if (node.type !== "tag" || isHashLink(node)) return;
    if (node.name === "h1") return;
    const anchor = (node.children ?? []).find(isHashLink)?.attribs?.href;
    if ((node.name === "h2" || node.name === "h3") && anchor?.startsWith("#")) {
      sections.push({ heading: condense(textOf(node)), hash: anchor, text: "" });
      return;
    }
    const current = sections.at(-1) as { text: string };
    if (node.name === "br") current.text += " ";
    const block = BLOCK_TAGS.has(node.name ?? "");
    if (block) current.text += " ";
    for (const child of node.children ?? []) walk(child);
    if (block) current.text += " ";
  };
  for (const node of $root.get()) walk(node as DomNode);

  const active = condense($(".navbar__link--active").first().text());
  return {
    pageTitle,
    description: $("meta[name='description']").attr("content") ?? "",
    keywords: $("meta[name='keywords']").attr("content") ?? "",
    sections: sections.map(({ heading, hash, text }, index) => {
      const content = condense(text);
      if (index === 0) return { title: pageTitle, hash: "", content };
      return content
        ? { title: pageTitle, hash, content: `${heading}: ${content}` }
        : { title: heading, hash, content: "" };
    }),
    breadcrumb: [active || "Docs"],
  };
}

// The docs parsers already wrapped, so that a second load of the config does not wrap again.
const parsesWithoutBreaks = new WeakSet<object>();

/** The search plugin's module, as Node loads it (one instance, shared with its utilities). */
interface SearchModule {
  default: (context: LoadContext, options: unknown) => Plugin;
  validateOptions: (args: { validate: unknown; options: unknown }) => unknown;
}

/**
 * The search plugin as a theme, with `parsePageSections` as its parser for pages, and its
 * parser for docs and blog pages followed by `withoutWordBreaks`.
 *
 * The plugin has no option for how a page is cut. Its post-build step calls the functions
 * exported by its `utils/parsePage.js` and `utils/parseDocument.js`; those exports are replaced in the instance Node loads
 * here, and the plugin is created from that same instance. Docusaurus's own loader would
 * load a fresh copy of the plugin that this replacement would not reach, so the config
 * passes this function instead of the package's name.
 *
 * @param context - Docusaurus's load context.
 * @param options - The search plugin's options, already validated (`validateOptions`).
 * @returns The search plugin.
 * @throws {Error} When the installed search plugin has no `parsePage`, `parseDocument` or
 *   `parse` to replace: a version other than 0.55 changed its files.
 */
export function searchLocalTheme(context: LoadContext, options: unknown): Plugin {
  const pages = parserModule("parsePage");
  pages.parsePage = parsePageSections;
  const docs = parserModule("parseDocument");
  if (!parsesWithoutBreaks.has(docs.parseDocument)) {
    const parseDocument = docs.parseDocument as ($: CheerioAPI) => ParsedPage;
    const wrapped = ($: CheerioAPI) => withoutWordBreaks(parseDocument($));
    parsesWithoutBreaks.add(wrapped);
    docs.parseDocument = wrapped;
  }
  const plugin = (require(searchPackage) as SearchModule).default(context, options);
  // Each page's parsing is kept for the next build (search-parse-cache.ts).
  const parser = parserModule("parse") as unknown as { parse: PageParser };
  return withParseCache(plugin, parser, context.siteDir);
}

/** One of the search plugin's parser modules, checked to export the function this file replaces. */
function parserModule<Name extends "parsePage" | "parseDocument" | "parse">(
  name: Name,
): Record<Name, (...args: never[]) => unknown> {
  const module = require(path.join(searchPackage, `dist/server/server/utils/${name}.js`));
  if (typeof module?.[name] !== "function") {
    throw new Error(
      `@easyops-cn/docusaurus-search-local no longer exports ${name} from dist/server/server/utils/${name}.js: check src/internals/plugins/search-ranking.ts against the installed version`,
    );
  }
  return module;
}

/**
 * A parsed docs page without soft hyphens and zero-width spaces. The norms pages' titles
 * carry soft hyphens ("Stikstof&shy;gebruiks&shy;norm 2025") for browsers without Dutch
 * hyphenation; in the index they made "stikstofgebruiksnorm" a word that title lacked.
 *
 * @param page - What the plugin's docs parser returned.
 * @returns The same page, its title and sections' titles and text cleaned.
 */
export function withoutWordBreaks(page: ParsedPage): ParsedPage {
  return {
    ...page,
    pageTitle: condense(page.pageTitle),
    sections: page.sections.map((section) => ({
      ...section,
      title: condense(section.title),
      content: condense(section.content),
    })),
  };
}

/**
 * The search plugin's own option validation, run by Docusaurus for `searchLocalTheme`.
 *
 * @param args - Docusaurus's `validate` helper and the options from the config.
 * @returns The options with the plugin's defaults filled in.
 */
searchLocalTheme.validateOptions = <T, U>(args: OptionValidationContext<T, U>): U =>
  (require(searchPackage) as SearchModule).validateOptions(args) as U;
