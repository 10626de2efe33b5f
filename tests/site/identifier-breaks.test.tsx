import { describe, expect, it } from "vitest";
import { breakIdentifiers, rehypeIdentifierBreaks } from "../../src/plugins/identifier-breaks";

type Node = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: Node[];
};

const text = (value: string): Node => ({ type: "text", value });
const wbr = { type: "element", tagName: "wbr", properties: {}, children: [] };

describe("breaks in long identifiers", () => {
  it("puts a <wbr> before each hump of a long camelCase name", () => {
    expect(breakIdentifiers("Function: getCultivationCatalogue()")).toEqual([
      text("Function: get"),
      wbr,
      text("Cultivation"),
      wbr,
      text("Catalogue()"),
    ]);
  });

  it("leaves short names, prose and names without humps alone", () => {
    for (const value of [
      "Function: addFarm()",
      "Working with fertilizer applications",
      "FDM_DATABASE_URL",
    ]) {
      expect(breakIdentifiers(value)).toEqual([text(value)]);
    }
  });

  it("breaks after a digit and keeps acronyms whole", () => {
    expect(breakIdentifiers("calculateNorms2026ForField")).toEqual([
      text("calculate"),
      wbr,
      text("Norms2026"),
      wbr,
      text("For"),
      wbr,
      text("Field"),
    ]);
    expect(breakIdentifiers("FdmCalculatorError")).toEqual([
      text("Fdm"),
      wbr,
      text("Calculator"),
      wbr,
      text("Error"),
    ]);
  });

  it("breaks headings, inline code and prose, but not code blocks or tables", () => {
    const code = (value: string): Node => ({
      type: "element",
      tagName: "code",
      children: [text(value)],
    });
    const tree: Node = {
      type: "root",
      children: [
        { type: "element", tagName: "h2", children: [code("fertilizerApplicationMethod")] },
        { type: "element", tagName: "p", children: [text("see getCultivationCatalogue")] },
        { type: "element", tagName: "pre", children: [code("getCultivationCatalogue()")] },
        {
          type: "element",
          tagName: "table",
          children: [
            { type: "element", tagName: "td", children: [code("fertilizerApplicationMethod")] },
          ],
        },
      ],
    };
    rehypeIdentifierBreaks()(tree);
    const [heading, paragraph, block, table] = tree.children ?? [];
    expect(heading?.children?.[0]?.children).toEqual([
      text("fertilizer"),
      wbr,
      text("Application"),
      wbr,
      text("Method"),
    ]);
    expect(paragraph?.children).toEqual([
      text("see get"),
      wbr,
      text("Cultivation"),
      wbr,
      text("Catalogue"),
    ]);
    expect(block?.children).toEqual([code("getCultivationCatalogue()")]);
    expect(table?.children?.[0]?.children).toEqual([code("fertilizerApplicationMethod")]);
  });
});
