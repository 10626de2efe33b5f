/**
 * The built HTML of a page that has no Markdown source (the home page, the blog's lists, tag
 * and author pages, the docs' category pages, the playground) as Markdown: its headings,
 * paragraphs, lists, tables, links and code, read from the page's `<main>`. Navigation,
 * buttons, forms, SVG and scripts are left out. Written for the HTML this site's theme
 * produces, not as a general converter (src/plugins/markdown-twins.ts uses it).
 */

/** An element or a text of the parsed HTML. */
type HtmlNode =
  | { tag: string; attrs: Record<string, string>; children: HtmlNode[] }
  | { text: string };
type Element = Extract<HtmlNode, { tag: string }>;

const voidTags = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/** Elements whose content is not the page's text. */
const skippedTags = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "button",
  "nav",
  "form",
  "input",
  "select",
  "textarea",
  "iframe",
  "canvas",
  "dialog",
]);

/** Class names of theme parts that are navigation or chrome, not content. */
const skippedClasses =
  /\b(pagination-nav|theme-doc-toc|table-of-contents|theme-doc-breadcrumbs|hash-link|theme-edit-this-page|theme-doc-card-icon|sr-only|skipToContent)\b/;

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  shy: "",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  larr: "←",
  rarr: "→",
  middot: "·",
};

/**
 * HTML character references decoded (`&amp;`, `&#8592;`, `&#x2190;`); soft hyphens (`&shy;`)
 * are dropped, since Markdown readers do not hyphenate.
 *
 * @param text - Text from HTML.
 * @returns The text with its references decoded.
 */
export function decodeEntities(text: string): string {
  return text
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, ref: string) => {
      if (ref[0] === "#") {
        const code =
          ref[1] === "x" || ref[1] === "X"
            ? Number.parseInt(ref.slice(2), 16)
            : Number(ref.slice(1));
        return code === 0xad ? "" : String.fromCodePoint(code);
      }
      return entities[ref.toLowerCase()] ?? m;
    })
    .replace(/\u00ad/g, "");
}

/** Elements whose start closes an open `<p>` (HTML's optional end tags). */
const closesP = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "details",
  "div",
  "dl",
  "figure",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "ul",
]);

/**
 * For an element about to open, how many open elements its start tag closes: the built pages
 * are minified with HTML's optional end tags left out (`<li>a<li>b</ul>`), so a `<li>` closes
 * the open `<li>` of its list, a `<td>` the open cell of its row, a block the open `<p>`.
 */
function impliedEnd(stack: Element[], tag: string): number {
  const scope = (closes: string[], stops: string[]) => {
    for (let i = stack.length - 1; i > 0; i--) {
      const open = stack[i]?.tag ?? "";
      if (closes.includes(open)) return i;
      if (stops.includes(open)) return -1;
    }
    return -1;
  };
  let at = -1;
  if (tag === "li") at = scope(["li"], ["ul", "ol"]);
  else if (tag === "dt" || tag === "dd") at = scope(["dt", "dd"], ["dl"]);
  else if (tag === "tr") at = scope(["tr"], ["table", "thead", "tbody", "tfoot"]);
  else if (tag === "td" || tag === "th") at = scope(["td", "th"], ["tr", "table"]);
  else if (tag === "thead" || tag === "tbody" || tag === "tfoot")
    at = scope(["thead", "tbody", "tfoot"], ["table"]);
  else if (tag === "option") at = scope(["option"], ["select"]);
  if (at === -1 && closesP.has(tag) && stack[stack.length - 1]?.tag === "p") at = stack.length - 1;
  return at;
}

/** The HTML as a tree; unclosed elements close with their parent. */
function parse(html: string): Element {
  const root: Element = { tag: "#root", attrs: {}, children: [] };
  const stack: Element[] = [root];
  const token = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;
  for (const m of html.matchAll(token)) {
    const top = stack[stack.length - 1] as Element;
    const [whole, closing, name, rest = ""] = m;
    if (whole.startsWith("<!--")) continue;
    if (!name) {
      top.children.push({ text: whole });
      continue;
    }
    const tag = name.toLowerCase();
    if (closing) {
      const at = stack.map((e) => e.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of rest.matchAll(/([\w:-]+)(?:=("([^"]*)"|'([^']*)'|[^\s"'>]+))?/g))
      attrs[(a[1] ?? "").toLowerCase()] = decodeEntities(a[3] ?? a[4] ?? a[2] ?? "");
    const element: Element = { tag, attrs, children: [] };
    const ends = impliedEnd(stack, tag);
    if (ends > 0) stack.length = ends;
    (stack[stack.length - 1] as Element).children.push(element);
    if (!voidTags.has(tag) && !rest.trim().endsWith("/")) stack.push(element);
  }
  return root;
}

const isElement = (node: HtmlNode): node is Element => "tag" in node;

function skipped(node: Element): boolean {
  return (
    skippedTags.has(node.tag) ||
    "hidden" in node.attrs ||
    node.attrs["aria-hidden"] === "true" ||
    skippedClasses.test(node.attrs.class ?? "")
  );
}

/** Inline content as Markdown text on one line. */
function inline(nodes: HtmlNode[]): string {
  let out = "";
  for (const node of nodes) {
    if (!isElement(node)) {
      out += decodeEntities(node.text).replace(/\s+/g, " ");
      continue;
    }
    if (skipped(node)) continue;
    const inner = () => inline(node.children).trim();
    switch (node.tag) {
      case "br":
        out += " ";
        break;
      case "wbr":
        break;
      case "img":
        if (node.attrs.alt) out += node.attrs.alt;
        break;
      case "code":
        out += `\`${textOf(node).replace(/\s+/g, " ")}\``;
        break;
      case "strong":
      case "b": {
        const text = inner();
        if (text) out += `**${text}**`;
        break;
      }
      case "em":
      case "i": {
        const text = inner();
        if (text) out += `*${text}*`;
        break;
      }
      case "a": {
        // A tag with its number of posts ("release" and "3") reads "release (3)".
        const text = /\btagWithCount/.test(node.attrs.class ?? "")
          ? inline(node.children.slice(0, -1)).trim() +
            ` (${inline(node.children.slice(-1)).trim()})`
          : inner();
        const href = node.attrs.href;
        // Links side by side (buttons) stay apart in the text.
        if (/\)$/.test(out)) out += " ";
        if (text && href && !href.startsWith("#")) out += `[${text}](${href})`;
        else out += text;
        break;
      }
      default:
        // A block inside inline content (a card's heading inside its link) reads as its text,
        // apart from what is around it; inline elements (span, time, …) join their neighbours.
        out += blockTags.has(node.tag) ? ` ${inline(node.children)} ` : inline(node.children);
    }
  }
  return out.replace(/ {2,}/g, " ");
}

/** Every text of a node, as written (for code). */
function textOf(node: HtmlNode): string {
  if (!isElement(node)) return decodeEntities(node.text);
  if (node.tag === "br") return "\n";
  return node.children.map(textOf).join("");
}

const blockTags = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "details",
  "div",
  "dl",
  "dt",
  "dd",
  "figure",
  "figcaption",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "main",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "ul",
]);

const hasBlock = (node: Element): boolean =>
  node.children.some((c) => isElement(c) && !skipped(c) && (blockTags.has(c.tag) || hasBlock(c)));

/** A table cell's text, with the pipes that would end the cell escaped. */
const cell = (node: Element) => inline(node.children).trim().replace(/\|/g, "\\|");

function table(node: Element): string {
  const rows: Element[] = [];
  const collect = (n: Element) => {
    for (const c of n.children)
      if (isElement(c)) {
        if (c.tag === "tr") rows.push(c);
        else collect(c);
      }
  };
  collect(node);
  const cells = rows.map((r) =>
    r.children.filter((c): c is Element => isElement(c) && (c.tag === "td" || c.tag === "th")),
  );
  const width = Math.max(0, ...cells.map((r) => r.length));
  if (width === 0) return "";
  const line = (r: Element[]) =>
    `| ${Array.from({ length: width }, (_, i) => (r[i] ? cell(r[i]) : "")).join(" | ")} |`;
  const [head = [], ...body] = cells;
  return [line(head), `|${" --- |".repeat(width)}`, ...body.map(line)].join("\n");
}

/** Block content as Markdown blocks, separated by blank lines. */
function blocks(nodes: HtmlNode[]): string[] {
  const out: string[] = [];
  let run: HtmlNode[] = [];
  const flush = () => {
    const text = inline(run).trim();
    if (text) out.push(text);
    run = [];
  };
  for (const node of nodes) {
    if (!isElement(node)) {
      run.push(node);
      continue;
    }
    if (skipped(node)) continue;
    const heading = node.tag.match(/^h([1-6])$/);
    if (heading) {
      flush();
      const text = inline(node.children).trim();
      if (text) out.push(`${"#".repeat(Number(heading[1]))} ${text}`);
    } else if (node.tag === "p" || node.tag === "figcaption" || node.tag === "summary") {
      flush();
      if (hasBlock(node)) out.push(...blocks(node.children));
      else {
        const text = inline(node.children).trim();
        if (text) out.push(text);
      }
    } else if (node.tag === "ul" || node.tag === "ol") {
      flush();
      const items = node.children.filter((c): c is Element => isElement(c) && c.tag === "li");
      const list = items
        .map((li, i) => {
          const marker = node.tag === "ol" ? `${i + 1}.` : "-";
          const body = blocks(li.children).join("\n\n").replace(/\n/g, "\n  ");
          return body ? `${marker} ${body}` : "";
        })
        .filter(Boolean);
      if (list.length) out.push(list.join("\n"));
    } else if (node.tag === "table") {
      flush();
      const t = table(node);
      if (t) out.push(t);
    } else if (node.tag === "pre") {
      flush();
      const code = textOf(node).replace(/\n$/, "");
      const fence = code.includes("```") ? "````" : "```";
      out.push(`${fence}\n${code}\n${fence}`);
    } else if (node.tag === "blockquote") {
      flush();
      out.push(
        blocks(node.children)
          .join("\n\n")
          .split("\n")
          .map((l) => (l ? `> ${l}` : ">"))
          .join("\n"),
      );
    } else if (node.tag === "hr") {
      flush();
      out.push("---");
    } else if (blockTags.has(node.tag) || hasBlock(node)) {
      flush();
      // A link around blocks (a card) becomes a heading or line that links.
      if (node.tag === "a" && node.attrs.href && !node.attrs.href.startsWith("#")) {
        const inner = blocks(node.children);
        const [first = "", ...rest] = inner;
        const h = first.match(/^(#+) (.*)$/);
        out.push(h ? `${h[1]} [${h[2]}](${node.attrs.href})` : `[${first}](${node.attrs.href})`);
        out.push(...rest);
      } else out.push(...blocks(node.children));
    } else run.push(node);
  }
  flush();
  return out;
}

/**
 * The content of a built page as Markdown: what its `<main>` holds (the whole body when it
 * has none), without navigation, buttons and scripts.
 *
 * @param html - The page's built HTML.
 * @returns Markdown blocks separated by blank lines, ending in a newline; "" for no content.
 */
export function htmlToMarkdown(html: string): string {
  const root = parse(html);
  const find = (node: Element, test: (e: Element) => boolean): Element | undefined => {
    if (test(node)) return node;
    for (const c of node.children) {
      const found = isElement(c) ? find(c, test) : undefined;
      if (found) return found;
    }
    return undefined;
  };
  // A page without <main> (the search page) has its content in the theme's main wrapper.
  const main =
    find(root, (e) => e.tag === "main") ??
    find(root, (e) => e.attrs.id === "__docusaurus_skipToContent_fallback") ??
    find(root, (e) => e.tag === "body") ??
    root;
  const text = blocks(main.children).join("\n\n").trim();
  return text ? `${text}\n` : "";
}
