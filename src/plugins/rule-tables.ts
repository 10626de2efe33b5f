/**
 * The conformance pages' rule tables (Rule, Source, Status, Test; generated into
 * docs/norms/nl/<year>/conformance.mdx by fdm-calculator's conformance.test.ts) were
 * 880–1,260 px wide in a 703 px column: at desktop width the Test column, what the page is
 * for, sat beyond a sideways scroll. In the page (not in its Markdown, which stays the
 * generated table) each rule's test moves under the rule, as a line "Test: …" in the same
 * cell; a path may break after its slashes, and a long constant in a cell
 * (GRASSLAND_DESTRUCTION_NOT_ALLOWED) after its underscores: the three columns left fit a
 * desktop column, and on a phone the first column shows the rule and its test. Called by src/plugins/identifier-breaks.ts, which
 * visits the docs' tables. No CSS and no JavaScript of its own.
 */
import type { HastNode } from "./code-highlight";

const headings = ["Rule", "Source", "Status", "Test"];

const textOf = (node: HastNode): string =>
  node.type === "text" ? (node.value ?? "") : (node.children ?? []).map(textOf).join("");

const elements = (node: HastNode | undefined, tagName: string): HastNode[] =>
  (node?.children ?? []).filter((c) => c.type === "element" && c.tagName === tagName);

const element = (tagName: string, children: HastNode[] = []): HastNode => ({
  type: "element",
  tagName,
  properties: {},
  children,
});
const text = (value: string): HastNode => ({ type: "text", value });

/** A constant of 16 characters or more: upper case and digits joined by underscores. */
const constant = /\b[A-Z0-9]+(?:_[A-Z0-9]+){2,}\b/g;
const minConstant = 16;

/** Text with a `<wbr>` after each underscore of a long constant; null when it holds none. */
export function breakConstants(value: string): HastNode[] | null {
  const out: HastNode[] = [];
  let from = 0;
  for (const match of value.matchAll(constant)) {
    if (match[0].length < minConstant) continue;
    let at = match.index;
    for (const part of match[0].split("_").slice(0, -1)) {
      at += part.length + 1;
      out.push(text(value.slice(from, at)), element("wbr"));
      from = at;
    }
  }
  if (from === 0) return null;
  out.push(text(value.slice(from)));
  return out;
}

/**
 * Text holding a path (norms/nl/2025/filling.test.ts, reference/nl-2025/mestcodes-2025.csv)
 * with a `<wbr>` after each slash, and after each hyphen before a digit (where a browser
 * does not break by itself).
 */
export function breakPaths(value: string): HastNode[] {
  if (!value.includes("/")) return [text(value)];
  return value
    .split(/(?<=\/)|(?<=-)(?=\d)/)
    .flatMap((part, i) => (i > 0 ? [element("wbr"), text(part)] : [text(part)]));
}

/** Every long constant in the text of `node` gets its breaks, and every path. */
function visitBreaks(node: HastNode): void {
  if (!node.children) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === "text") {
      const parts = breakConstants(child.value ?? "") ?? [child];
      return parts.flatMap((part) =>
        part.type === "text" ? breakPaths(part.value ?? "") : [part],
      );
    }
    if (child.type === "element" && child.tagName !== "pre") visitBreaks(child);
    return [child];
  });
}

/** Reshapes a rule table in place: returns whether `table` was one. */
export function testUnderRule(table: HastNode): boolean {
  const headRow = elements(elements(table, "thead")[0], "tr")[0];
  const ths = elements(headRow, "th");
  if (ths.map((th) => textOf(th).trim()).join("|") !== headings.join("|")) return false;
  const [rule, , , test] = ths;
  if (!rule || !test || !headRow) return false;
  rule.children = [text("Rule and its test")];
  headRow.children = (headRow.children ?? []).filter((c) => c !== test);
  for (const row of elements(elements(table, "tbody")[0], "tr")) {
    const tds = elements(row, "td");
    const [ruleCell, , , testCell] = tds;
    if (!ruleCell || !testCell) continue;
    const what = textOf(testCell).trim();
    ruleCell.children = [
      ...(ruleCell.children ?? []),
      element("br"),
      element("strong", [text("Test:")]),
      text(" "),
      ...(what === "—" || what === "" ? [text("none")] : (testCell.children ?? [])),
    ];
    row.children = (row.children ?? []).filter((c) => c !== testCell);
  }
  visitBreaks(table);
  return true;
}
