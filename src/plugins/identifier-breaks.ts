/**
 * Long camelCase identifiers (`getCultivationCatalogue()` in an API page's
 * title, in inline code, in link text) do not fit a 375 px screen, and no
 * hyphenation dictionary knows them: the browser broke them mid-hump
 * ("getCultivationCata / logue()"). This rehype plugin puts a `<wbr>` before
 * each hump of such a word, so a line ends where the name's own parts do. The
 * text, heading ids and the table of contents (made from the Markdown, before
 * this runs) stay as they were. Code blocks are left alone, and so are tables,
 * whose columns stay as wide as their names (the table scrolls).
 */

type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

/** Words shorter than this fit any line of a heading at 375 px. */
const minLength = 14;
const word = /[A-Za-z0-9_$]+/g;
/** A hump: an upper-case letter after a lower-case letter or a digit. */
const hump = /(?<=[a-z0-9])(?=[A-Z])/;

const untouched = new Set(["pre", "table", "script", "style"]);

/** Splits one text into text and `<wbr>` nodes; the same node when nothing splits. */
export function breakIdentifiers(text: string): HastNode[] {
  const out: HastNode[] = [];
  let from = 0;
  for (const match of text.matchAll(word)) {
    const [name] = match;
    if (name.length < minLength) continue;
    const parts = name.split(hump);
    if (parts.length < 2) continue;
    let at = match.index;
    for (const part of parts.slice(0, -1)) {
      at += part.length;
      out.push({ type: "text", value: text.slice(from, at) }, wbr());
      from = at;
    }
  }
  if (from === 0) return [{ type: "text", value: text }];
  out.push({ type: "text", value: text.slice(from) });
  return out;
}

const wbr = (): HastNode => ({ type: "element", tagName: "wbr", properties: {}, children: [] });

function visit(node: HastNode): void {
  if (!node.children) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === "text") return breakIdentifiers(child.value ?? "");
    if (!(child.type === "element" && child.tagName && untouched.has(child.tagName))) visit(child);
    return [child];
  });
}

/** The rehype plugin: breaks long identifiers everywhere but in code blocks and tables. */
export function rehypeIdentifierBreaks() {
  return (tree: HastNode) => visit(tree);
}
