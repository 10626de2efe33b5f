import { describe, expect, it } from "vitest";
import type { HastNode } from "../../src/plugins/code-highlight";
import { rehypeStackedTables, stackedClass } from "../../src/plugins/stacked-tables";

const el = (tagName: string, children: HastNode[] = [], properties = {}): HastNode => ({
  type: "element",
  tagName,
  properties,
  children,
});
const t = (value: string): HastNode => ({ type: "text", value });

const table = (headings: string[], row: string[]) =>
  el("table", [
    el("thead", [
      el(
        "tr",
        headings.map((h) => el("th", [t(h)])),
      ),
    ]),
    el("tbody", [
      el(
        "tr",
        row.map((c) => el("td", [t(c)])),
      ),
    ]),
  ]);

describe("rehypeStackedTables", () => {
  it("labels each cell of a parameter table with its column's heading", () => {
    const params = table(["Parameter", "Type", "Description"], ["fdm", "FdmType", "The handle."]);
    const tree = el("root", [el("div", [params])]);
    rehypeStackedTables()(tree);
    expect(params.properties?.className).toEqual([stackedClass]);
    const cells = params.children?.[1]?.children?.[0]?.children ?? [];
    expect(cells.map((c) => c.properties?.dataLabel)).toEqual(["Parameter", "Type", "Description"]);
  });

  it("stacks a REST operation's Responses table too", () => {
    const responses = table(["Status", "Meaning", "Body"], ["201", "The field added.", "Field"]);
    rehypeStackedTables()(el("root", [responses]));
    expect(responses.properties?.className).toEqual([stackedClass]);
  });

  it("empties a blank cell, so that the stacked row leaves out its label", () => {
    const props = table(
      ["Property", "Type", "Required", "Description"],
      ["geometry", "Geometry", "yes", " "],
    );
    rehypeStackedTables()(el("root", [props]));
    const cells = props.children?.[1]?.children?.[0]?.children ?? [];
    expect(cells[3]?.children).toEqual([]);
    expect(cells[0]?.children).toEqual([t("geometry")]);
  });

  it("leaves other tables to scroll", () => {
    const norms = table(["Crop", "Norm (kg N/ha)"], ["Grasland", "345"]);
    rehypeStackedTables()(el("root", [norms]));
    expect(norms.properties?.className).toBeUndefined();
  });
});
