import { describe, expect, it } from "vitest";
import type { HastNode as Node } from "../../src/plugins/code-highlight";
import { breakIdentifiers, rehypeIdentifierBreaks } from "../../src/plugins/identifier-breaks";

const text = (value: string): Node => ({ type: "text", value });
const wbr: Node = { type: "element", tagName: "wbr", properties: {}, children: [] };
const span = (className: string, ...children: Node[]): Node => ({
  type: "element",
  tagName: "span",
  properties: { className: [className] },
  children,
});
const box = (...children: Node[]): Node => span("fdm-ident", ...children);
const element = (tagName: string, ...children: Node[]): Node => ({
  type: "element",
  tagName,
  children,
});
const transformed = (...children: Node[]): Node[] => {
  const tree: Node = { type: "root", children };
  rehypeIdentifierBreaks()(tree);
  return tree.children ?? [];
};

describe("breaks in long identifiers", () => {
  it("puts a <wbr> before each hump of a long camelCase name", () => {
    expect(breakIdentifiers("getCultivationCatalogue()")).toEqual([
      text("get"),
      wbr,
      text("Cultivation"),
      wbr,
      text("Catalogue()"),
    ]);
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

  it("leaves short names, prose and names without humps alone", () => {
    for (const value of ["addFarm()", "Basisregistratie", "FDM_DATABASE_URL"]) {
      expect(breakIdentifiers(value)).toBeNull();
    }
    const prose = element("p", text("Working with fertilizer applications on addFarm()"));
    expect(transformed(prose)).toEqual([
      element("p", text("Working with fertilizer applications on addFarm()")),
    ]);
  });

  it("makes a long name in a heading or prose one box, with the punctuation against it", () => {
    expect(transformed(element("h1", text("Function: getCultivationCatalogue()")))).toEqual([
      element(
        "h1",
        text("Function: "),
        box(text("get"), wbr, text("Cultivation"), wbr, text("Catalogue()")),
      ),
    ]);
    expect(transformed(element("p", text("(see getCultivationCatalogue), then")))).toEqual([
      element(
        "p",
        text("(see "),
        box(text("get"), wbr, text("Cultivation"), wbr, text("Catalogue),")),
        text(" then"),
      ),
    ]);
  });

  it("makes inline code holding a long name the box itself", () => {
    expect(transformed(element("p", element("code", text("fertilizerApplicationMethod"))))).toEqual(
      [
        element("p", {
          type: "element",
          tagName: "code",
          properties: { className: ["fdm-ident"] },
          children: [text("fertilizer"), wbr, text("Application"), wbr, text("Method")],
        }),
      ],
    );
  });

  it("leaves code blocks and tables as written", () => {
    const block = element("pre", element("code", text("getCultivationCatalogue()")));
    const table = element(
      "table",
      element("td", element("code", text("fertilizerApplicationMethod"))),
    );
    expect(transformed(block, table)).toEqual([
      element("pre", element("code", text("getCultivationCatalogue()"))),
      element("table", element("td", element("code", text("fertilizerApplicationMethod")))),
    ]);
  });

  it("keeps a short hyphenated name in code whole, in a table too", () => {
    const whole = (value: string): Node => ({
      type: "element",
      tagName: "code",
      properties: { className: ["fdm-whole"] },
      children: [text(value)],
    });
    const table = element(
      "table",
      element("td", element("code", text("fdm-calculator"))),
      element("td", element("code", text("POST /v1/api-keys"))),
    );
    expect(transformed(element("p", element("code", text("fdm-api"))), table)).toEqual([
      element("p", whole("fdm-api")),
      element(
        "table",
        element("td", whole("fdm-calculator")),
        element("td", element("code", text("POST /v1/api-keys"))),
      ),
    ]);
  });

  it("breaks a source path in a link to the repository only after its slashes", () => {
    const part = (value: string): Node => span("fdm-path-part", text(value));
    const link = (href: string, value: string): Node => ({
      type: "element",
      tagName: "a",
      properties: { href },
      children: [text(value)],
    });
    const source = "https://github.com/fdm-project/fdm/blob/main/packages/fdm-core/src/farm.ts#L12";
    expect(
      transformed(element("p", text("Defined in: "), link(source, "fdm-core/src/farm.ts:12"))),
    ).toEqual([
      element("p", text("Defined in: "), {
        type: "element",
        tagName: "a",
        properties: { href: source },
        children: [part("fdm-core/"), wbr, part("src/"), wbr, part("farm.ts:12")],
      }),
    ]);
    // Other links, and link text that is not a path, are left as they are.
    expect(transformed(element("p", link(source, "source")))).toEqual([
      element("p", link(source, "source")),
    ]);
    expect(transformed(element("p", link("/fdm/docs/a/b", "fdm-core/src/farm.ts")))).toEqual([
      element("p", link("/fdm/docs/a/b", "fdm-core/src/farm.ts")),
    ]);
  });
});
