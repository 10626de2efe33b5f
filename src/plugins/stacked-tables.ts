/**
 * The API reference's parameter and property tables (Parameter/Property, Type, Description)
 * were cut off on a phone: the Description column sat beyond a scroll most readers never
 * find. This rehype plugin marks such tables `.fdm-stacked` and gives each cell the heading
 * of its column as `data-label`; below 600 px, custom.css shows each row as a block of
 * labelled lines instead of a row of columns, leaving out an empty cell. Other tables keep
 * scrolling.
 */
import type { HastNode } from "./code-highlight";

export const stackedClass = "fdm-stacked";
/**
 * First header cells of the tables TypeDoc writes for parameters, properties and members,
 * and of the REST endpoint pages' tables (Name: parameters, Property: schemas, Status:
 * responses, src/plugins/rest-api-reference.ts).
 */
const firstHeadings = new Set([
  "Parameter",
  "Property",
  "Type Parameter",
  "Member",
  "Name",
  "Status",
]);

const textOf = (node: HastNode): string =>
  node.type === "text" ? (node.value ?? "") : (node.children ?? []).map(textOf).join("");

const elements = (node: HastNode | undefined, tagName: string): HastNode[] =>
  (node?.children ?? []).filter((c) => c.type === "element" && c.tagName === tagName);

/** Marks one table when its header is one of TypeDoc's; returns whether it did. */
export function stackTable(table: HastNode): boolean {
  const head = elements(table, "thead")[0];
  const headings = elements(elements(head, "tr")[0], "th").map((th) => textOf(th).trim());
  if (headings.length < 2 || !firstHeadings.has(headings[0] ?? "")) return false;
  const classes = table.properties?.className;
  table.properties = {
    ...table.properties,
    className: [...(Array.isArray(classes) ? classes : []), stackedClass],
  };
  for (const row of elements(elements(table, "tbody")[0], "tr")) {
    elements(row, "td").forEach((td, i) => {
      td.properties = { ...td.properties, dataLabel: headings[i] ?? "" };
      // Truly empty, so that custom.css leaves it out of a stacked row (no bare "Description:").
      if (textOf(td).trim() === "" && !td.children?.some((c) => c.type === "element"))
        td.children = [];
    });
  }
  return true;
}

function visit(node: HastNode): void {
  for (const child of node.children ?? []) {
    if (child.type === "element" && child.tagName === "table") stackTable(child);
    else visit(child);
  }
}

/** The rehype plugin for the API reference's pages. */
export function rehypeStackedTables() {
  return (tree: HastNode) => visit(tree);
}
