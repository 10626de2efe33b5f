import { describe, expect, it } from "vitest";
import type { HastNode } from "../../src/plugins/code-highlight";
import { breakConstants, breakPaths, testUnderRule } from "../../src/plugins/rule-tables";

const el = (tagName: string, children: HastNode[] = []): HastNode => ({
  type: "element",
  tagName,
  properties: {},
  children,
});
const t = (value: string): HastNode => ({ type: "text", value });
const wbr = el("wbr");

const textOf = (node: HastNode): string =>
  node.type === "text" ? (node.value ?? "") : (node.children ?? []).map(textOf).join("");

const table = (headings: string[], rows: HastNode[][]) =>
  el("table", [
    el("thead", [
      el(
        "tr",
        headings.map((h) => el("th", [t(h)])),
      ),
    ]),
    el(
      "tbody",
      rows.map((cells) =>
        el(
          "tr",
          cells.map((c) => el("td", [c])),
        ),
      ),
    ),
  ]);

describe("a conformance page's rule table", () => {
  const rules = table(
    ["Rule", "Source", "Status", "Test"],
    [
      [
        t("The norm does not go below 0"),
        t("rule 4"),
        t("applied"),
        el("code", [t("norms/nl/2025/stikstofgebruiksnorm.test.ts")]),
      ],
      [
        t("A buffer strip"),
        t("Bufferstrook"),
        t("decided otherwise: refuses with GRASSLAND_DESTRUCTION_NOT_ALLOWED"),
        t("—"),
      ],
    ],
  );
  it("is a table of three columns, each rule with its test under it", () => {
    expect(testUnderRule(rules)).toBe(true);
    const [head, body] = (rules.children ?? []) as [HastNode, HastNode];
    expect(head.children?.[0]?.children?.map(textOf)).toEqual([
      "Rule and its test",
      "Source",
      "Status",
    ]);
    const [first, second] = body.children ?? [];
    expect(first?.children).toHaveLength(3);
    expect(textOf(first?.children?.[0] as HastNode)).toBe(
      "The norm does not go below 0Test: norms/nl/2025/stikstofgebruiksnorm.test.ts",
    );
    // The line break before "Test:", and the path's breaks after its slashes.
    const cell = first?.children?.[0]?.children ?? [];
    expect(cell[1]?.tagName).toBe("br");
    const code = cell.find((c) => c.tagName === "code");
    expect(code?.children).toEqual([
      t("norms/"),
      wbr,
      t("nl/"),
      wbr,
      t("2025/"),
      wbr,
      t("stikstofgebruiksnorm.test.ts"),
    ]);
    expect(textOf(second?.children?.[0] as HastNode)).toBe("A buffer stripTest: none");
    expect(textOf(second?.children?.[2] as HastNode)).toBe(
      "decided otherwise: refuses with GRASSLAND_DESTRUCTION_NOT_ALLOWED",
    );
  });

  it("leaves other tables alone", () => {
    const other = table(["Rule", "Source"], [[t("a"), t("b")]]);
    expect(testUnderRule(other)).toBe(false);
    expect(other.children?.[0]?.children?.[0]?.children).toHaveLength(2);
  });
});

describe("breakConstants", () => {
  it("puts a <wbr> after each underscore of a long constant, not of a short one", () => {
    expect(breakConstants("with GRASSLAND_DESTRUCTION_NOT_ALLOWED rather")).toEqual([
      t("with GRASSLAND_"),
      wbr,
      t("DESTRUCTION_"),
      wbr,
      t("NOT_"),
      wbr,
      t("ALLOWED rather"),
    ]);
    expect(breakConstants("zand_nwc and NO_NORM")).toBeNull();
  });
});

describe("breakPaths", () => {
  it("breaks a path after its slashes and before the digits after a hyphen", () => {
    expect(breakPaths("Tabel 9 (reference/nl-2025/werkingscoefficienten-2025.csv)")).toEqual([
      t("Tabel 9 (reference/"),
      wbr,
      t("nl-"),
      wbr,
      t("2025/"),
      wbr,
      t("werkingscoefficienten-"),
      wbr,
      t("2025.csv)"),
    ]);
    expect(breakPaths("catch crop, 2–14 October")).toEqual([t("catch crop, 2–14 October")]);
  });
});
