import { compile } from "@mdx-js/mdx";
import { describe, expect, it } from "vitest";
import { rehypeCodeBlocksInPage } from "../../src/internals/plugins/code-blocks-in-page";
import { rehypeCodeHighlight } from "../../src/plugins/code-highlight";

const compiled = async (markdown: string) =>
  String(
    await compile(markdown, {
      rehypePlugins: [rehypeCodeHighlight, rehypeCodeBlocksInPage],
    }),
  );

describe("a page's code blocks in its own chunk", () => {
  it("a page with a fenced block imports the code block and renders each block with it, highlighted", async () => {
    const out = await compiled(
      'Some `inline` code.\n\n```ts title="a.ts"\nconst a = 1;\n```\n\n```bash\nnpm test\n```\n',
    );
    expect(out).toContain('import FdmCodeBlock from "@theme/CodeBlock";');
    expect(out.match(/_jsx\(FdmCodeBlock, \{/g)).toHaveLength(2);
    expect(out).toContain('className: "language-ts"');
    expect(out).toContain('title: "a.ts"');
    expect(out).toContain('children: "const a = 1;\\n"');
    expect(out).toMatch(/highlightedHtml: ".*token keyword/);
    // Inline code stays with the MDX map.
    expect(out).toContain("_components.code, {");
    expect(out).not.toContain("_components.pre");
  });

  it("a page without one imports nothing", async () => {
    const out = await compiled("Only `inline` code and text.\n");
    expect(out).not.toContain("@theme/CodeBlock");
    expect(out).not.toContain("FdmCodeBlock");
  });

  it("a <pre> written as JSX is left to the MDX map", async () => {
    const out = await compiled("<pre><span>custom</span></pre>\n");
    expect(out).not.toContain("FdmCodeBlock");
  });
});
