import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstSentence, plainText, withDescription } from "../../scripts/typedoc-descriptions.mjs";
import { generatedDocsFolder } from "../../src/plugins/generated-docs";
import { htmlToMarkdown } from "../../src/plugins/html-to-markdown";
import {
  absoluteLinks,
  apiSectionOf,
  htmlHead,
  llmsTxt,
  mdxToMarkdown,
  resolveSourceLinks,
  twinFromHtml,
  twinPath,
} from "../../src/plugins/markdown-twins";
import { parseLlmsTxt } from "./llms-txt-parser";

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
});

describe("twins of pages made of components (from their built HTML)", () => {
  const home = `<html><head><title>FDM | FDM</title><meta name="description" content="The farm data model &amp; its toolkit"></head>
    <body><nav class="navbar"><a href="/fdm/docs">Docs</a></nav>
    <main>
      <header><h1>FDM</h1><p>A toolkit for <strong>farm data</strong>. <a href="/fdm/docs">Get started</a></p>
        <button type="button">Run</button></header>
      <section><h2>Four packages</h2>
        <a class="card" href="/fdm/api/fdm-core/src"><h3>fdm-<wbr>core</h3><p>The model on PostgreSQL.</p></a>
        <ul><li>Catalogues: <code>getFertilizersCatalogue("rvo")</code></li><li>Norms &amp; balances</li></ul>
        <table><thead><tr><th>Werkings&shy;coëfficiënt</th><th>Value</th></tr></thead>
          <tbody><tr><td>slurry | solid</td><td>0.6</td></tr></tbody></table>
        <pre><code><span class="token">const</span> a = 1;<br>a + 1;</code></pre>
        <svg><text>icon</text></svg><script>alert(1)</script>
      </section>
      <nav class="pagination-nav"><a href="/fdm/blog/page/2">Older</a></nav>
    </main></body></html>`;

  it("holds the headings, text, lists, tables, links and code a reader sees", () => {
    expect(htmlToMarkdown(home)).toBe(
      `${[
        "# FDM",
        "A toolkit for **farm data**. [Get started](/fdm/docs)",
        "## Four packages",
        "### [fdm-core](/fdm/api/fdm-core/src)",
        "The model on PostgreSQL.",
        '- Catalogues: `getFertilizersCatalogue("rvo")`\n- Norms & balances',
        "| Werkingscoëfficiënt | Value |\n| --- | --- |\n| slurry \\| solid | 0.6 |",
        "```\nconst a = 1;\na + 1;\n```",
      ].join("\n\n")}\n`,
    );
  });

  it("is never a stub: the page's own heading and text, with links made absolute", () => {
    const twin = twinFromHtml(home, "https://h.org", "/fdm/");
    expect(twin).toMatch(
      /^# FDM\n\nA toolkit for \*\*farm data\*\*\. \[Get started\]\(https:\/\/h\.org\/fdm\/docs\)/,
    );
    expect(twin).not.toContain("interactive");
    expect(twin).not.toContain("Run");
    expect(twin).not.toContain("Older");
  });

  it("reads the title and description of a minified page", () => {
    expect(
      htmlHead(
        '<title>Tags | FDM</title><meta name=description content="All &amp; more"><meta name=robots content=all>',
      ),
    ).toEqual({ title: "Tags", description: "All & more" });
    expect(
      htmlHead("<title>X | FDM</title><meta name=description content=Short>").description,
    ).toBe("Short");
  });

  it("puts the title and description above content without a heading of its own", () => {
    const html = `<title>Tags | FDM</title><meta name="description" content="All tags &amp; more">
      <main><ul><li><a href="/fdm/blog/tags/release">release<span>3</span></a></li></ul></main>`;
    expect(twinFromHtml(html, "https://h.org", "/fdm/")).toBe(
      "# Tags\n\n> All tags & more\n\n- [release3](https://h.org/fdm/blog/tags/release)\n",
    );
  });
});

describe("resolveSourceLinks", () => {
  it("resolves TypeDoc's links to a folder's page (fdm-core/src/index.md)", () => {
    const pages = new Map([["/s/api/fdm-core/src/index.md", "/fdm/api/fdm-core/src/"]]);
    expect(
      resolveSourceLinks(
        "The [fdm-core reference](fdm-core/src/index.md) lists",
        "/s/api/index.md",
        (f) => pages.get(f),
      ),
    ).toBe("The [fdm-core reference](/fdm/api/fdm-core/src/) lists");
  });

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

describe("plain headings and table headers (#13)", () => {
  it("drops <span lang>, soft hyphens and {#id}, and writes emoji for shortcodes", () => {
    const md = mdxToMarkdown(
      [
        '# <span lang="nl">Stikstof&shy;gebruiks&shy;norm</span> 2025',
        "",
        "## Stikstofgebruiksnorm {#stikstof}",
        "",
        "| Table 9 category | Werkings&shy;coëfficiënt |",
        "|---|---|",
        "",
        "A toolkit for farm data :tractor: — the shortcode `:tractor:` renders as :tractor:.",
        "",
        "```md",
        '# <span lang="nl">kept</span> {#kept} :tractor:',
        "```",
      ].join("\n"),
    );
    expect(md).toBe(
      [
        "# Stikstofgebruiksnorm 2025",
        "",
        "## Stikstofgebruiksnorm",
        "",
        "| Table 9 category | Werkingscoëfficiënt |",
        "|---|---|",
        "",
        "A toolkit for farm data 🚜 — the shortcode `:tractor:` renders as 🚜.",
        "",
        "```md",
        '# <span lang="nl">kept</span> {#kept} :tractor:',
        "```",
        "",
      ].join("\n"),
    );
  });

  // Every docs, blog and page source, as its twin and llms-full.txt give it.
  const sources = ["docs", "blog", "src/pages"].flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.mdx?$/.test(f))
      .map((f) => path.join(dir, f))
      // The e2e build's generated pages (src/plugins/generated-docs.ts), when one left them.
      .filter((f) => !f.startsWith(path.join("docs", generatedDocsFolder))),
  );

  it.each(sources)("%s: headings and table headers are plain text", (file) => {
    const md = mdxToMarkdown(readFileSync(file, "utf8"));
    const outside = md.replace(/^(`{3,}|~{3,})[\s\S]*?^\1/gm, "");
    const headers = outside
      .split("\n")
      .filter((l, i, all) => /^#{1,6} /.test(l) || /^\|[-: |]+\|$/.test(all[i + 1] ?? ""));
    for (const line of headers) {
      expect(line).not.toMatch(/<[a-z/]|&shy;|\u00ad|\{#[\w-]+\}/);
    }
    expect(outside.replace(/`[^`\n]*`/g, "")).not.toMatch(/(^|\s):[a-z0-9_+-]+:(\s|[.,;!?]|$)/m);
  });
});

describe("llms.txt as the llmstxt.org reference parser reads it (#6)", () => {
  const kinds = ["functions", "interfaces", "type-aliases"];
  const packages = ["fdm-data", "fdm-core", "fdm-calculator"];
  const permalinks = [
    "/fdm/api/",
    ...packages.flatMap((p) => [
      `/fdm/api/${p}/src/`,
      ...kinds.map((k) => `/fdm/api/${p}/src/${k}/${p}-${k}`),
    ]),
    "/fdm/api/fdm-core/src/namespaces/fdmSchema/variables/farms",
    "/fdm/api/fdm-api/rest/overview",
    "/fdm/api/fdm-api/rest/endpoints/farms/addFarm",
  ];

  it("names each package's kind, namespace and REST part as its own section", () => {
    expect(permalinks.map((p) => apiSectionOf(p, "/fdm/"))).toEqual([
      "API reference",
      "API reference",
      "fdm-data: functions",
      "fdm-data: interfaces",
      "fdm-data: type aliases",
      "API reference",
      "fdm-core: functions",
      "fdm-core: interfaces",
      "fdm-core: type aliases",
      "API reference",
      "fdm-calculator: functions",
      "fdm-calculator: interfaces",
      "fdm-calculator: type aliases",
      "fdm-core: fdmSchema namespace",
      "fdm-api: REST API guide",
      "fdm-api: REST endpoints",
    ]);
  });

  it("keeps every link: one H2 per unique name, no H3, only link lines in sections", () => {
    const sections = new Map<string, { title: string; url: string; description: string }[]>();
    for (const p of permalinks) {
      const name = apiSectionOf(p, "/fdm/");
      sections.set(name, [
        ...(sections.get(name) ?? []),
        { title: `Page [${p}]`, url: `https://h.org${p}.md`, description: "One\nsentence." },
      ]);
    }
    const text = llmsTxt(
      "FDM",
      "The toolkit.",
      "Notes.",
      [...sections].map(([name, links]) => ({ name, links })),
    );
    expect(text).not.toMatch(/^###/m);
    const parsed = parseLlmsTxt(text);
    expect(parsed.title).toBe("FDM");
    expect(parsed.summary).toBe("The toolkit.");
    expect(parsed.sections.size).toBe(parsed.sectionCount);
    const kept = [...parsed.sections.values()].flat();
    expect(kept).toHaveLength(permalinks.length);
    expect(new Set(kept.map((l) => l.url))).toEqual(
      new Set(permalinks.map((p) => `https://h.org${p}.md`)),
    );
    expect(kept[0]?.desc).toBe("One sentence.");
  });

  it("refuses two sections of one name, which the parser would merge into the last", () => {
    const links = [{ title: "A", url: "https://h.org/a.md", description: "" }];
    expect(() =>
      llmsTxt("FDM", "x", "y", [
        { name: "functions", links },
        { name: "functions", links },
      ]),
    ).toThrow('two sections named "functions"');
  });
});

describe("API page descriptions (#5)", () => {
  const code = (text: string) => ({ kind: "code", text });
  const text = (t: string) => ({ kind: "text", text: t });

  it("keeps literals as written: underscores, pipes, no backslashes", () => {
    const summary = [
      text("The soil regions: "),
      code("`zand_nwc`"),
      text(" or "),
      code('`"klei" | "veen"`'),
      text(", from "),
      { kind: "inline-tag", text: "createApi" },
      text(" and [the docs](/docs/norms).\n\nMore."),
    ];
    expect(firstSentence(plainText(summary))).toBe(
      'The soil regions: zand_nwc or "klei" | "veen", from createApi and the docs.',
    );
  });

  it("is the first sentence, not cut at an abbreviation or a version", () => {
    expect(firstSentence("Adds fields at once, e.g. when importing. Then more.")).toBe(
      "Adds fields at once, e.g. when importing.",
    );
    expect(firstSentence("Upgrades to 1.0 safely. Then more.")).toBe("Upgrades to 1.0 safely.");
    expect(firstSentence("The error codes by name:\n- `a`: one.\n- `b`: two.")).toBe(
      "The error codes by name.",
    );
    expect(firstSentence("")).toBe("");
  });

  it("ends a long sentence at its colon, where the detail begins", () => {
    const long = `Computes a year's norms for every field of a farm: ${"the detail, ".repeat(15)}and more.`;
    expect(firstSentence(long)).toBe("Computes a year's norms for every field of a farm.");
  });

  it("goes into the page's front matter as a YAML string", () => {
    expect(withDescription("# Function: a()\n", 'Says "hi" \\ there.')).toBe(
      '---\ndescription: "Says \\"hi\\" \\\\ there."\n---\n\n# Function: a()\n',
    );
    expect(withDescription("---\ntitle: x\ndescription: old\n---\n# A\n", "New.")).toBe(
      '---\ntitle: x\ndescription: "New."\n---\n# A\n',
    );
  });
});
