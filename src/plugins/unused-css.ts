/**
 * Drops from the built stylesheet (one file, loaded by every page) the rules no
 * page can use: a selector is dropped when it needs a class that no built page
 * has in a `class` attribute and that no built script names. Scripts are read
 * as bare words, so a class a component adds at runtime (`menu__list-item--collapsed`,
 * a CSS module's `codeBlock_bY9V`) is kept, and a word ending in `-` or `_`
 * (`alert--` in `` `alert--${type}` ``) keeps every class it starts. Custom
 * properties, `:root`/`[data-theme]` rules, element selectors and classes only
 * under `:not()`/`:is()`/`:where()`/`:has()` are never a reason to drop a rule;
 * `@keyframes` go when no kept rule and no script names them.
 *
 * The file gets a new name from its new content: its old name came from the
 * content before the purge, and under an immutable cache a later build whose
 * pages use one more class would otherwise be served the older, smaller file.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "@docusaurus/types";
import postcss, { type AtRule, type Container, type Rule } from "postcss";
import selectorParser from "postcss-selector-parser";

/** The names the built site can use: classes in its HTML, words in its scripts. */
export interface UsedNames {
  classes: Set<string>;
  /** Words ending in `-` or `_`, which keep every class they start. */
  prefixes: string[];
}

const word = /-?[A-Za-z_][\w-]*/g;

/** Adds the classes of an HTML page (its `class` attributes) and the words of its inline scripts. */
export function addHtml(used: UsedNames, html: string): void {
  // Minified HTML quotes an attribute only when it must.
  for (const [, quoted, single, bare] of html.matchAll(
    /\sclass=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g,
  )) {
    for (const name of (quoted ?? single ?? bare ?? "").split(/\s+/)) {
      if (name) used.classes.add(name);
    }
  }
  for (const [, script] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    addScript(used, script ?? "");
  }
}

/** Adds every word of a script: a class name in a string, a template or an object. */
export function addScript(used: UsedNames, js: string): void {
  for (const [token] of js.matchAll(word)) {
    if (used.classes.has(token)) continue;
    used.classes.add(token);
    if (/[-_]$/.test(token) && /[A-Za-z]{2}/.test(token)) used.prefixes.push(token);
  }
}

const isUsed = (used: UsedNames, name: string) =>
  used.classes.has(name) || used.prefixes.some((prefix) => name.startsWith(prefix));

/** Whether a selector can match: each class it requires is in use. */
function selectorCanMatch(selector: selectorParser.Selector, used: UsedNames): boolean {
  let canMatch = true;
  selector.walkClasses((node) => {
    // A class inside a pseudo-class's arguments (`:not(.x)`, `:is(.a,.b)`) is not required.
    for (let parent = node.parent; parent && parent !== selector; parent = parent.parent) {
      if (parent.type === "pseudo") return;
    }
    if (!isUsed(used, node.value)) canMatch = false;
  });
  return canMatch;
}

const insideKeyframes = (rule: Rule) =>
  rule.parent?.type === "atrule" && /keyframes$/i.test((rule.parent as AtRule).name);

/** Removes at-rules (`@media`, `@supports`, `@layer`) left without a rule. */
function removeEmpty(container: Container): void {
  container.each((node) => {
    if (node.type !== "atrule" || !node.nodes) return;
    removeEmpty(node);
    if (node.nodes.length === 0) node.remove();
  });
}

/** The stylesheet without the rules the site cannot use. */
export function purgeCss(css: string, used: UsedNames): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (insideKeyframes(rule)) return;
    let kept: string[] = [];
    selectorParser((selectors) => {
      kept = selectors.nodes
        .filter((selector) => selectorCanMatch(selector, used))
        .map((selector) => selector.toString());
    }).processSync(rule.selector);
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selector = kept.join(",");
  });
  removeEmpty(root);
  const animations = new Set<string>();
  root.walkDecls(/^(-webkit-)?animation(-name)?$/, (decl) => {
    for (const [token] of decl.value.matchAll(word)) animations.add(token);
  });
  root.walkAtRules(/keyframes$/i, (atRule) => {
    if (!animations.has(atRule.params) && !used.classes.has(atRule.params)) atRule.remove();
  });
  return root.toString();
}

function filesIn(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesIn(file, ext) : ext.test(name) ? [file] : [];
  });
}

/** The classes and script words of a built site. */
export function usedNamesIn(outDir: string): UsedNames {
  const used: UsedNames = { classes: new Set(), prefixes: [] };
  for (const file of filesIn(outDir, /\.(html|m?js)$/)) {
    const text = readFileSync(file, "utf8");
    if (file.endsWith(".html")) addHtml(used, text);
    else addScript(used, text);
  }
  return used;
}

/** The stylesheets the built pages link (`assets/css/styles.….css`), by file name. */
function linkedStylesheets(outDir: string): Set<string> {
  const html = readFileSync(path.join(outDir, "index.html"), "utf8");
  return new Set(
    [...html.matchAll(/<link\b[^>]*\bhref="?[^"\s>]*\/assets\/css\/([^"\s/>]+\.css)/g)].map(
      ([, name]) => name ?? "",
    ),
  );
}

export default function unusedCssPlugin(): Plugin {
  return {
    name: "fdm-unused-css",
    async postBuild({ outDir }) {
      // Only the stylesheet every page links: a chunk's stylesheet (the search bar's)
      // is named by the runtime from its chunk id and a hash, and is left as it is.
      const stylesheets = linkedStylesheets(outDir);
      const cssDir = path.join(outDir, "assets", "css");
      const used = usedNamesIn(outDir);
      const renamed = new Map<string, string>();
      for (const name of stylesheets) {
        const purged = purgeCss(readFileSync(path.join(cssDir, name), "utf8"), used);
        const hash = createHash("md5").update(purged).digest("hex").slice(0, 8);
        const newName = name.replace(/\.[0-9a-f]{8}\.css$/, `.${hash}.css`);
        writeFileSync(path.join(cssDir, name), purged);
        if (newName !== name) {
          renameSync(path.join(cssDir, name), path.join(cssDir, newName));
          renamed.set(`assets/css/${name}`, `assets/css/${newName}`);
        }
      }
      if (renamed.size === 0) return;
      for (const file of filesIn(outDir, /\.html$/)) {
        const text = readFileSync(file, "utf8");
        let next = text;
        for (const [from, to] of renamed) next = next.replaceAll(from, to);
        if (next !== text) writeFileSync(file, next);
      }
    },
  };
}
