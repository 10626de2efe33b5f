/**
 * Code blocks are highlighted when the site is built, not in the browser:
 * Prism and its grammars (about 26 KB gzip) would otherwise sit in every
 * page's first load. A rehype plugin tokenizes each fenced block with the
 * same Prism that prism-react-renderer ships and hands the result to
 * src/theme/CodeBlock as an HTML string; the light and dark token colours
 * become one stylesheet keyed on `data-theme`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";
import { normalizeTokens, Prism, type PrismTheme } from "prism-react-renderer";

const require = createRequire(import.meta.url);

/** Grammars beyond those prism-react-renderer bundles (the docs' shell blocks). */
const extraLanguages = ["bash"];
{
  // Prism components register themselves on a global Prism.
  const scope = globalThis as { Prism?: unknown };
  const before = scope.Prism;
  scope.Prism = Prism;
  for (const lang of extraLanguages) require(`prismjs/components/prism-${lang}`);
  if (before === undefined) delete scope.Prism;
  else scope.Prism = before;
}

export type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
  data?: { meta?: string };
};

const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const textOf = (node: HastNode): string =>
  node.type === "text" ? (node.value ?? "") : (node.children ?? []).map(textOf).join("");

/** `{1,3-5}` in a code block's meta, as a set of 1-based line numbers. */
function metaLines(meta: string): Set<number> {
  const lines = new Set<number>();
  const ranges = /\{([\d,\s-]+)\}/.exec(meta)?.[1] ?? "";
  for (const part of ranges.split(",")) {
    const [from, to = from] = part.split("-").map((n) => Number(n.trim()));
    if (from === undefined || Number.isNaN(from) || Number.isNaN(to)) continue;
    for (let n = from; n <= to; n++) lines.add(n);
  }
  return lines;
}

/**
 * The classic theme's default magic comments (`highlight-next-line`,
 * `highlight-start` … `highlight-end`) in `//`, `#`, `/* *\/` or `<!-- -->`
 * form: the comment lines are dropped and the lines they mark highlighted.
 */
const magic =
  /^\s*(?:\/\/|#|\/\*|<!--)\s*(highlight-next-line|highlight-start|highlight-end)\s*(?:\*\/|-->)?\s*$/;
function applyMagicComments(lines: string[], marked: Set<number>): string[] {
  const kept: string[] = [];
  let inBlock = false;
  let nextLine = false;
  for (const line of lines) {
    const directive = magic.exec(line)?.[1];
    if (directive === "highlight-next-line") nextLine = true;
    else if (directive === "highlight-start") inBlock = true;
    else if (directive === "highlight-end") inBlock = false;
    else {
      kept.push(line);
      if (inBlock || nextLine) marked.add(kept.length);
      nextLine = false;
    }
  }
  return kept;
}

/** Tokens as `<span class="token …">`, one `.token-line` per line, like prism-react-renderer's DOM. */
function highlightToHtml(code: string, language: string, marked: Set<number>): string {
  const grammar = Prism.languages[language];
  const lines = grammar
    ? normalizeTokens(Prism.tokenize(code, grammar))
    : code.split("\n").map((content) => [{ types: ["plain"], content }]);
  return lines
    .map((tokens, i) => {
      // prism-react-renderer gives an empty line one "\n" token; the <br> below already ends it.
      const body = tokens
        .filter((token) => token.content !== "\n")
        .map(({ types, content }) =>
          types.length === 1 && types[0] === "plain"
            ? escapeHtml(content)
            : `<span class="token ${types.join(" ")}">${escapeHtml(content)}</span>`,
        )
        .join("");
      const highlighted = marked.has(i + 1) ? " theme-code-block-highlighted-line" : "";
      // The <br> keeps an empty line from collapsing, as in the classic theme.
      return `<span class="token-line${highlighted}">${body}<br></span>`;
    })
    .join("");
}

function visit(node: HastNode, parent: HastNode | null): void {
  if (node.tagName === "code" && parent?.tagName === "pre") {
    highlightCodeElement(node);
    return;
  }
  for (const child of node.children ?? []) visit(child, node);
}

function highlightCodeElement(code: HastNode): void {
  const properties = code.properties ?? {};
  const classes = Array.isArray(properties.className) ? properties.className.map(String) : [];
  const language = (classes.find((c) => c.startsWith("language-")) ?? "language-text").slice(9);
  const meta = String(properties.metastring ?? code.data?.meta ?? "");
  const marked = metaLines(meta);
  const source = textOf(code).replace(/\r?\n$/, "");
  const cleaned = applyMagicComments(source.split(/\r?\n/), marked).join("\n");
  const title = /title=(["'])(.*?)\1/.exec(meta)?.[2];
  code.properties = {
    ...properties,
    ...(title === undefined ? {} : { title }),
    highlightedHtml: highlightToHtml(cleaned, language.toLowerCase(), marked),
  };
  // The plain text stays as children: the copy button copies it.
  code.children = [{ type: "text", value: `${cleaned}\n` }];
}

/** Rehype plugin for every MDX instance (docs, API, blog, pages). */
export function rehypeCodeHighlight() {
  return (tree: HastNode) => visit(tree, null);
}

/** CSS for one theme's token colours, scoped to a colour mode. */
function themeCss(theme: PrismTheme, mode: "light" | "dark"): string {
  const scope = `[data-theme="${mode}"]`;
  const decl = (style: Record<string, unknown>) =>
    Object.entries(style)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${v}`)
      .join(";");
  const plain = `${scope} .theme-code-block{--prism-color:${theme.plain.color};--prism-background-color:${theme.plain.backgroundColor}}`;
  const tokens = theme.styles.map(({ types, languages, style }) => {
    const langs = languages?.map((l) => `.language-${l} `) ?? [""];
    const selectors = langs.flatMap((l) => types.map((t) => `${scope} ${l}.token.${t}`));
    return `${selectors.join(",")}{${decl(style as Record<string, unknown>)}}`;
  });
  return [plain, ...tokens].join("\n");
}

/**
 * Writes the code themes' stylesheet and loads it on every page, keeps the
 * classic theme's Prism language loader (a client module that imports all of
 * Prism) out of the browser bundle, and strips the highlighted HTML from the
 * client bundle's Markdown (strip-highlighted-html-loader.cjs).
 */
export function codeHighlightPlugin(
  context: LoadContext,
  options: { light: PrismTheme; dark: PrismTheme },
): Plugin {
  const cssFile = path.join(context.generatedFilesDir, "fdm-code-highlight", "themes.css");
  mkdirSync(path.dirname(cssFile), { recursive: true });
  writeFileSync(
    cssFile,
    `${themeCss(options.light, "light")}\n${themeCss(options.dark, "dark")}\n`,
  );
  return {
    name: "fdm-code-highlight",
    getClientModules: () => [cssFile],
    configureWebpack(_config, isServer, { currentBundler }) {
      return {
        module: isServer
          ? {}
          : {
              rules: [
                {
                  // A function: with a RegExp here Rspack refused the merged config ("condition should be one of string, RegExp, Array, Object").
                  test: (file: string) => /\.mdx?$/.test(file),
                  enforce: "post",
                  use: [
                    path.join(
                      context.siteDir,
                      "src/internals/loaders/strip-highlighted-html-loader.cjs",
                    ),
                  ],
                },
              ],
            },
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/,
            path.join(context.siteDir, "src/internals/client/empty-client-module.js"),
          ),
        ],
      };
    },
  };
}
