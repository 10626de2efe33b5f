import { describe, expect, it } from "vitest";
import {
  absoluteLinks,
  mdxToMarkdown,
  resolveSourceLinks,
  twinFromHtml,
  twinPath,
} from "../../src/plugins/markdown-twins";

const page = `---
title: Basic usage
---
import Tabs, { TabItem } from "@site/src/components/Tabs";
import {
  Chart,
} from "@site/src/components/Chart";

# Basic usage

Some prose with [a link](/api/fdm-core/src/functions/addFarm).

{/* truncate */}

<Chart
  data={[1, 2]}
/>

\`\`\`ts title="example.mts"
import { addFarm } from "fdm-core";
<NotJsx />
\`\`\`

<Tabs groupId="client">
<TabItem value="py" label="Python">

\`\`\`python
print("in a tab")
\`\`\`

</TabItem>
</Tabs>

## After
`;

describe("mdxToMarkdown", () => {
  const md = mdxToMarkdown(page);

  it("drops front matter, imports and MDX comments", () => {
    expect(md).not.toContain("title: Basic usage");
    expect(md).not.toContain("@site/src/components/Tabs");
    expect(md).not.toContain("@site/src/components/Chart");
    expect(md).not.toContain("truncate");
  });

  it("keeps headings, prose and code blocks as written", () => {
    expect(md).toContain("# Basic usage");
    expect(md).toContain("## After");
    expect(md).toContain(
      '```ts title="example.mts"\nimport { addFarm } from "fdm-core";\n<NotJsx />\n```',
    );
  });

  it("leaves a note for each component, and none of its markup", () => {
    expect(md).toContain("> *Chart: an interactive part of the page");
    expect(md).not.toContain("data={[1, 2]}");
  });

  it("keeps each tab's content under its label, without the tags", () => {
    expect(md).toContain('**Python:**\n\n```python\nprint("in a tab")\n```');
    expect(md).not.toContain("TabItem");
    expect(md).not.toContain("<Tabs");
  });
});

describe("links and paths", () => {
  it("makes site-relative links absolute under the base path", () => {
    expect(
      absoluteLinks("[a](/api/x) [b](/fdm/docs/y) [c](https://e.org/z)", "https://h.org", "/fdm/"),
    ).toBe("[a](https://h.org/fdm/api/x) [b](https://h.org/fdm/docs/y) [c](https://e.org/z)");
  });

  it("puts a route's twin at the route plus .md", () => {
    expect(twinPath("/fdm/docs/installation", "/fdm/")).toBe("docs/installation.md");
    expect(twinPath("/fdm/blog/", "/fdm/")).toBe("blog.md");
    expect(twinPath("/fdm/", "/fdm/")).toBe("index.md");
  });

  it("makes a twin of a page without a source from its title, description and links", () => {
    const html = `<html><head><title>Tags | FDM</title><meta name="description" content="All tags &amp; more"></head>
      <body><main><a href="/fdm/blog/tags/release">release<span>3</span></a><a href="#x">skip</a></main></body></html>`;
    expect(twinFromHtml(html, "https://h.org", "/fdm/")).toBe(
      "# Tags\n\n> All tags & more\n\nThis page's links:\n\n- [release3](https://h.org/fdm/blog/tags/release)\n",
    );
  });
});

describe("resolveSourceLinks", () => {
  it("turns a relative link to another source into a link to its page", () => {
    const pages = new Map([
      ["/s/docs/core-concepts/authorization.mdx", "/fdm/docs/core-concepts/authorization"],
    ]);
    expect(
      resolveSourceLinks(
        "[Authorization](../core-concepts/authorization.mdx#organizations) and [x](./nowhere.mdx)",
        "/s/docs/getting-started/basic.mdx",
        (f) => pages.get(f),
      ),
    ).toBe(
      "[Authorization](/fdm/docs/core-concepts/authorization#organizations) and [x](./nowhere.mdx)",
    );
  });
});
