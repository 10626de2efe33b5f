/**
 * Long camelCase identifiers (`getCultivationCatalogue()` in an API page's
 * title, in inline code, in link text) do not fit a 375 px screen, and no
 * hyphenation dictionary knows them: the browser broke them mid-hump
 * ("getCultivationCata / logue()"). This rehype plugin puts a `<wbr>` before
 * each hump of such a name, and makes the name (with the punctuation written
 * against it) one box, `.fdm-ident`, styled `inline-block` in custom.css: the
 * box moves to the next line whole when it fits there, and only a name wider
 * than the line breaks, where its own parts do. Inline code holding such a name
 * becomes that box itself. The text, heading ids and the table of contents
 * (made from the Markdown, before this runs) stay as they were. Code blocks are
 * left alone, and so are tables, whose columns stay as wide as their names
 * (the table scrolls).
 *
 * A source path in a link to the repository (TypeDoc's "Defined in:
 * fdm-calculator/src/norms/nl/2025/filling.ts:400") breaks only after a slash:
 * each part up to and including its slash is one unbreakable span,
 * `.fdm-path-part`, with a `<wbr>` between parts. Left to itself the browser
 * broke it at the package name's hyphen ("fdm- / calculator/src/…").
 *
 * A conformance page's rule table gets its Test column under the rules, so it fits a
 * desktop column (src/plugins/rule-tables.ts).
 *
 * A short hyphenated name in inline code (`fdm-calculator`, `RateLimit-Remaining`), in
 * prose and in tables alike, is kept whole, `.fdm-whole`: a table's column sized itself
 * to "fdm-" and printed "fdm- / calculator" even at 1280 px with room to spare.
 */

import type { HastNode } from "./code-highlight";
import { testUnderRule } from "./rule-tables";

/** Names shorter than this fit a line at 375 px, even in a title. */
const minLength = 14;
const word = /[A-Za-z0-9_$]+/g;
/** A hump: an upper-case letter after a lower-case letter or a digit. */
const hump = /(?<=[a-z0-9])(?=[A-Z])/;

const untouched = new Set(["pre", "table", "script", "style"]);
export const identifierClass = "fdm-ident";
export const pathPartClass = "fdm-path-part";
export const wholeClass = "fdm-whole";
/** A name joined by hyphens, without spaces or slashes, short enough for any line. */
const hyphenatedName = /^[\w.@$]+(?:-[\w.$]+)+$/;
const maxWhole = 24;

const text = (value: string): HastNode => ({ type: "text", value });
const wbr = (): HastNode => ({ type: "element", tagName: "wbr", properties: {}, children: [] });
const span = (className: string, children: HastNode[]): HastNode => ({
  type: "element",
  tagName: "span",
  properties: { className: [className] },
  children,
});

/** A run without spaces, as text and `<wbr>`s, or null when it holds no long camelCase name. */
export function breakIdentifiers(run: string): HastNode[] | null {
  const out: HastNode[] = [];
  let from = 0;
  for (const match of run.matchAll(word)) {
    const [name] = match;
    if (name.length < minLength) continue;
    const parts = name.split(hump);
    let at = match.index;
    for (const part of parts.slice(0, -1)) {
      at += part.length;
      out.push(text(run.slice(from, at)), wbr());
      from = at;
    }
  }
  if (from === 0) return null;
  out.push(text(run.slice(from)));
  return out;
}

/** One text node of prose or a heading: each run holding a long name becomes a box. */
function boxIdentifiers(value: string): HastNode[] {
  const out: HastNode[] = [];
  let plain = "";
  for (const run of value.split(/(\s+)/)) {
    const broken = run && !/^\s/.test(run) ? breakIdentifiers(run) : null;
    if (!broken) {
      plain += run;
      continue;
    }
    if (plain) out.push(text(plain));
    plain = "";
    out.push(span(identifierClass, broken));
  }
  if (plain || out.length === 0) out.push(text(plain));
  return out;
}

/** A source path as parts that each end in a slash (the last ends the path), `<wbr>`s between. */
export function breakPath(value: string): HastNode[] {
  return value
    .split(/(?<=\/)/)
    .flatMap((part, index) => [...(index > 0 ? [wbr()] : []), span(pathPartClass, [text(part)])]);
}

const isSourceLink = (node: HastNode) =>
  node.type === "element" &&
  node.tagName === "a" &&
  String(node.properties?.href ?? "").includes("/blob/");

const textOf = (node: HastNode): string =>
  node.type === "text" ? (node.value ?? "") : (node.children ?? []).map(textOf).join("");

const addClass = (node: HastNode, name: string) => {
  const classes = node.properties?.className;
  node.properties = {
    ...node.properties,
    className: [...(Array.isArray(classes) ? classes : []), name],
  };
};

/** Inline code: its names get their breaks, and the code element is the box. */
function breakCode(code: HastNode): void {
  let broke = false;
  code.children = (code.children ?? []).flatMap((child) => {
    if (child.type !== "text") return [child];
    const broken = breakIdentifiers(child.value ?? "");
    if (!broken) return [child];
    broke = true;
    return broken;
  });
  if (broke) addClass(code, identifierClass);
}

/** Inline code holding a short hyphenated name: one unbreakable word. */
function keepWhole(code: HastNode): void {
  const name = textOf(code);
  if (name.length <= maxWhole && hyphenatedName.test(name)) addClass(code, wholeClass);
}

/** In a table, only the hyphenated names are touched: the columns keep their own widths. */
function visitTable(node: HastNode): void {
  for (const child of node.children ?? []) {
    if (child.type !== "element") continue;
    if (child.tagName === "code") keepWhole(child);
    else if (child.tagName !== "pre") visitTable(child);
  }
}

function visit(node: HastNode): void {
  if (!node.children) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === "text") return boxIdentifiers(child.value ?? "");
    if (child.type === "element" && child.tagName === "code") {
      keepWhole(child);
      breakCode(child);
    } else if (child.type === "element" && child.tagName === "table") {
      // A conformance page's rule table: each rule's test under it (rule-tables.ts).
      testUnderRule(child);
      visitTable(child);
    } else if (isSourceLink(child) && /\/\S/.test(child.children?.[0]?.value ?? ""))
      child.children = (child.children ?? []).flatMap((part) =>
        part.type === "text" ? breakPath(part.value ?? "") : [part],
      );
    else if (!(child.type === "element" && child.tagName && untouched.has(child.tagName)))
      visit(child);
    return [child];
  });
}

/** The rehype plugin: breaks long identifiers everywhere but in code blocks and tables. */
export function rehypeIdentifierBreaks() {
  return (tree: HastNode) => visit(tree);
}
