import { compile } from "@mdx-js/mdx";
import { describe, expect, it } from "vitest";
import { remarkHydrateBlocks } from "../../src/plugins/hydrate-blocks";

const compiled = async (markdown: string) =>
  String(await compile(markdown, { remarkPlugins: [remarkHydrateBlocks] }));

/** What each top-level block of the compiled page is wrapped in, in order. */
const wrappers = (out: string) =>
  [...out.matchAll(/_jsx\(FdmHydrateLater, \{\s*children: _jsxs?\(_components\.(\w+)/g)].map(
    (m) => m[1],
  );

describe("a page's Markdown blocks hydrated one per task", () => {
  it("wraps each paragraph, heading below the title, list, table, quotation and rule", async () => {
    const out = await compiled(
      [
        "# Title",
        "A paragraph with a [link](/x).",
        "## Section",
        "- one\n- two",
        "> quoted",
        "---",
        "| a | b |\n|---|---|\n| 1 | 2 |",
      ].join("\n\n"),
    );
    expect(out).toContain('import FdmHydrateLater from "@site/src/components/HydrateLater";');
    // The table needs GFM, which Docusaurus adds; without it the table is a paragraph.
    expect(wrappers(out)).toEqual(["p", "h2", "ul", "blockquote", "hr", "p"]);
    // The title renders two elements on docs pages (the heading and "Copy page as Markdown").
    expect(out).toMatch(/_jsx\(_components\.h1, \{\s*children: "Title"/);
  });

  it("leaves components written as JSX, code blocks and nested blocks alone", async () => {
    const out = await compiled(
      "<Note>\n\nInside a component.\n\n</Note>\n\n```ts\nconst a = 1;\n```\n\n- item\n\n  nested paragraph\n",
    );
    expect(wrappers(out)).toEqual(["ul"]);
    expect(out.match(/FdmHydrateLater, \{/g)).toHaveLength(1);
  });

  it("a page with no such block imports nothing", async () => {
    const out = await compiled("```ts\nconst a = 1;\n```\n");
    expect(out).not.toContain("FdmHydrateLater");
  });
});
