import { createRequire } from "node:module";
import type { CheerioAPI } from "cheerio";
import { describe, expect, it } from "vitest";
import {
  boxResults,
  kindOf,
  looksLikeIdentifier,
  namesQuery,
  rankResults,
} from "../../src/client/search-ranking";
import { parsePageSections } from "../../src/internals/plugins/search-ranking";

// Results as the search plugin returns them: each page's title, then the
// headings and sentences of that page (isInterOfTree / isLastOfTree).
const title = (u: string, t = "") => ({ document: { u, t }, type: 0, page: false as const });
const under = (u: string, last = false, t = "x", type = 4) => ({
  document: { u: `${u}#${t}`, h: `#${t}`, t },
  type,
  page: { u },
  ...(last ? { isLastOfTree: true } : { isInterOfTree: true }),
});
const results = [
  title("/fdm/api/fdm-calculator/src/interfaces/StikstofNorm"),
  under("/fdm/api/fdm-calculator/src/interfaces/StikstofNorm", true),
  title("/fdm/api/fdm-calculator/src/functions/getStikstofNorm"),
  title("/fdm/docs/norms/nl/2025/stikstof"),
  under("/fdm/docs/norms/nl/2025/stikstof"),
  under("/fdm/docs/norms/nl/2025/stikstof", true),
  title("/fdm/api/fdm-calculator/src/type-aliases/StikstofInput"),
  title("/fdm/glossary"),
  title("/fdm/blog/release-december-2025"),
];
const urls = (list: { document: { u: string } }[]) => list.map((r) => r.document.u);

describe("search result order", () => {
  it("puts the docs first for a plain word, then other pages, the blog, API functions and API types, pages kept whole", () => {
    expect(urls(rankResults(results, "stikstof"))).toEqual([
      "/fdm/docs/norms/nl/2025/stikstof",
      "/fdm/docs/norms/nl/2025/stikstof#x",
      "/fdm/docs/norms/nl/2025/stikstof#x",
      "/fdm/glossary",
      "/fdm/blog/release-december-2025",
      "/fdm/api/fdm-calculator/src/functions/getStikstofNorm",
      "/fdm/api/fdm-calculator/src/interfaces/StikstofNorm",
      "/fdm/api/fdm-calculator/src/interfaces/StikstofNorm#x",
      "/fdm/api/fdm-calculator/src/type-aliases/StikstofInput",
    ]);
  });

  it("keeps the plugin's order for a query that looks like an identifier", () => {
    for (const query of ["StikstofNorm", "getStikstofNorm", "fdm-core.addFarm", "nl_265", "b2"]) {
      expect(looksLikeIdentifier(query), query).toBe(true);
      expect(urls(rankResults(results, query))).toEqual(urls(results));
    }
    for (const query of ["stikstof", "derogatie", "catch crop", "Meststoffenwet", "Glossary"]) {
      expect(looksLikeIdentifier(query), query).toBe(false);
    }
    expect(looksLikeIdentifier("NLRegion")).toBe(true);
  });

  it("puts first the glossary entry, page or heading that is the query itself", () => {
    const derogatie = [
      title("/fdm/docs/norms/nl/2025/conformance"),
      under("/fdm/docs/norms/nl/2025/conformance", true, "rule-derogatie-1"),
      title("/fdm/api/fdm-calculator/src/interfaces/NormsFieldInput"),
      under("/fdm/api/fdm-calculator/src/interfaces/NormsFieldInput", true, "derogatie", 1),
      // A glossary entry: one sentence result at the entry's anchor, its page's title not among the hits.
      {
        document: { u: "/fdm/glossary", h: "#derogatie", t: "Derogatie: Derogation. …" },
        type: 4,
        page: { u: "/fdm/glossary" },
      },
    ];
    for (const query of ["derogatie", "Derogatie", "DEROGATIE "]) {
      expect(urls(rankResults(derogatie, query)), query).toEqual([
        "/fdm/glossary",
        "/fdm/docs/norms/nl/2025/conformance",
        "/fdm/docs/norms/nl/2025/conformance#rule-derogatie-1",
        "/fdm/api/fdm-calculator/src/interfaces/NormsFieldInput",
        "/fdm/api/fdm-calculator/src/interfaces/NormsFieldInput#derogatie",
      ]);
    }
    const glossary = [
      title("/fdm/docs/contributing", "Contributing"),
      title("/fdm/glossary", "Glossary"),
    ];
    expect(urls(rankResults(glossary, "glossary"))).toEqual([
      "/fdm/glossary",
      "/fdm/docs/contributing",
    ]);
  });

  it("does not pull an API member or a docs heading named like the query ahead of the docs", () => {
    const member = under(
      "/fdm/api/fdm-calculator/src/interfaces/FarmGebruiksnormen",
      true,
      "stikstof",
      1,
    );
    expect(namesQuery(member, "stikstof")).toBe(false);
    const table = under("/fdm/docs/norms/nl/2025/conformance", true, "stikstof", 1);
    expect(namesQuery(table, "stikstof")).toBe(false);
    expect(
      namesQuery(
        title("/fdm/api/fdm-core/src/type-aliases/Timeframe", "Type Alias: Timeframe"),
        "Timeframe",
      ),
    ).toBe(true);
    expect(
      namesQuery(title("/fdm/docs/core-concepts/catalogues", "Catalogues"), "catalogues"),
    ).toBe(true);
    // A docs page whose title opens with a compound of the query names it; an API type
    // page whose title does so does not.
    const norm = title(
      "/fdm/docs/norms/nl/2025/stikstofgebruiksnorm",
      "Stikstof\u00adgebruiks\u00adnorm 2025",
    );
    expect(namesQuery(norm, "stikstof")).toBe(true);
    expect(
      namesQuery(
        title("/fdm/api/fdm-calculator/src/interfaces/StikstofNorm", "Interface: StikstofNorm"),
        "stikstof",
      ),
    ).toBe(false);
    const sources = under("/fdm/docs/norms/nl/2026", true, "Sources", 1);
    expect(
      urls(
        rankResults(
          [title("/fdm/docs/norms/nl/2026", "Dutch gebruiksnormen 2026"), sources, norm],
          "stikstof",
        ),
      ),
    ).toEqual([
      "/fdm/docs/norms/nl/2025/stikstofgebruiksnorm",
      "/fdm/docs/norms/nl/2026",
      "/fdm/docs/norms/nl/2026#Sources",
    ]);
    // Accents and soft hyphens aside, as the anchors are written.
    const entry = { document: { u: "/fdm/glossary", h: "#werkingscoefficient" }, type: 4 };
    expect(namesQuery(entry, "Werkingscoëfficiënt")).toBe(true);
    expect(namesQuery(entry, "werking")).toBe(false);
  });

  it("tells docs, pages, blog posts, API functions and API types apart by their address", () => {
    expect(kindOf("/fdm/docs/balance/nitrogen")).toBe(0);
    expect(kindOf("/fdm/docs")).toBe(0);
    expect(kindOf("/fdm/glossary#derogatie")).toBe(1);
    expect(kindOf("/fdm/blog/release-november-2026")).toBe(2);
    expect(kindOf("/fdm/api/fdm-core/src/functions/addFarm")).toBe(3);
    expect(kindOf("/fdm/api/fdm-core/")).toBe(3);
    expect(kindOf("/fdm/api/fdm-core/src/interfaces/Farm")).toBe(4);
    expect(kindOf("/fdm/api/fdm-core/src/variables/fdmSchema")).toBe(4);
  });

  it("leaves the plugin's array untouched", () => {
    const before = JSON.stringify(results);
    rankResults(results, "stikstof");
    boxResults(rankResults(results, "stikstof"), "stikstof", 4, 1);
    expect(JSON.stringify(results)).toBe(before);
  });
});

describe("what the search box lists", () => {
  const norms2025 = "/fdm/docs/norms/nl/2025/stikstofgebruiksnorm";
  const norms2026 = "/fdm/docs/norms/nl/2026/stikstofgebruiksnorm";
  const ranked = [
    title(norms2025),
    under(norms2025, false, "a"),
    under(norms2025, false, "b"),
    under(norms2025, true, "c"),
    title(norms2026),
    under(norms2026, false, "a"),
    under(norms2026, false, "b"),
    under(norms2026, true, "c"),
    title("/fdm/glossary", "Glossary"),
    under("/fdm/glossary", false, "korting"),
    under("/fdm/glossary", false, "nv-gebied"),
    under("/fdm/glossary", true, "derogatie"),
    title("/fdm/api/fdm-calculator/src/functions/getStikstofNorm"),
  ];

  it("shows several pages, at most two results under a page's title", () => {
    const rows = boxResults(ranked, "stikstof", 8);
    expect(rows.map((r) => r.document.u)).toEqual([
      norms2025,
      `${norms2025}#a`,
      `${norms2025}#b`,
      norms2026,
      `${norms2026}#a`,
      `${norms2026}#b`,
      "/fdm/glossary",
      "/fdm/glossary#korting",
    ]);
  });

  it("keeps under a page's title the result that names the query", () => {
    const rows = boxResults(ranked, "derogatie", 8);
    expect(rows.slice(6).map((r) => r.document.u)).toEqual([
      "/fdm/glossary",
      "/fdm/glossary#derogatie",
    ]);
    expect(
      boxResults(ranked, "derogatie", 20)
        .slice(6, 9)
        .map((r) => r.document.u),
    ).toEqual(["/fdm/glossary", "/fdm/glossary#korting", "/fdm/glossary#derogatie"]);
  });

  it("closes each page's tree on its last row shown", () => {
    const rows = boxResults(ranked, "stikstof", 8);
    const tree = rows.map((r) =>
      "isLastOfTree" in r && r.isLastOfTree
        ? "last"
        : "isInterOfTree" in r && r.isInterOfTree
          ? "inter"
          : "page",
    );
    expect(tree).toEqual(["page", "inter", "last", "page", "inter", "last", "page", "last"]);
    const closes = (r: object) => ("isLastOfTree" in r ? r.isLastOfTree : undefined);
    expect(boxResults(ranked, "stikstof", 2).map((r) => [r.document.u, closes(r)])).toEqual([
      [norms2025, undefined],
      [`${norms2025}#a`, true],
    ]);
  });
});

// cheerio as the search plugin loads it.
const cheerio = createRequire(
  createRequire(import.meta.url).resolve("@easyops-cn/docusaurus-search-local/package.json"),
)("cheerio") as { load: (html: string) => CheerioAPI };

const hashLink = (id: string) =>
  `<a href="#${id}" class="hash-link" aria-label="Direct link to ${id}" title="Direct link to ${id}">\u200b</a>`;
const glossaryHtml = `<html><head><title>Glossary | FDM</title>
<meta name="description" content="Dutch terms used in the docs."></head><body>
<nav class="navbar"><a class="navbar__link" href="/fdm/docs">Docs</a></nav>
<main class="container"><div class="row"><div class="col"><article>
<h1>Glossary</h1>
<p>The toolkit works with Dutch farm data.</p>
<h2 class="anchor" id="law">Law and administration${hashLink("law")}</h2>
<h3 class="anchor" id="meststoffenwet">Meststoffenwet${hashLink("meststoffenwet")}</h3>
<p><strong>Fertilisers Act.</strong> The Dutch law that limits how much nitrogen<br>and phosphate a farm may apply.</p>
<h3 class="anchor" id="werkingscoefficient">Werkings\u00adcoëfficiënt${hashLink("werkingscoefficient")}</h3>
<p><strong>Availability coefficient.</strong></p><ul><li>Table 9</li><li>Table 11</li></ul>
</article></div><div class="col col--2"><div class="tableOfContents"><a href="#meststoffenwet">Meststoffenwet</a></div></div></div></main>
<footer>MIT licence</footer></body></html>`;

describe("a page cut at its headings for the search index", () => {
  it("makes each glossary entry one section that reads the term and its definition, at its anchor", () => {
    const page = parsePageSections(cheerio.load(glossaryHtml), "/fdm/glossary");
    expect(page.pageTitle).toBe("Glossary");
    expect(page.description).toBe("Dutch terms used in the docs.");
    expect(page.sections).toEqual([
      { title: "Glossary", hash: "", content: "The toolkit works with Dutch farm data." },
      { title: "Law and administration", hash: "#law", content: "" },
      {
        title: "Glossary",
        hash: "#meststoffenwet",
        content:
          "Meststoffenwet: Fertilisers Act. The Dutch law that limits how much nitrogen and phosphate a farm may apply.",
      },
      {
        title: "Glossary",
        hash: "#werkingscoefficient",
        content: "Werkingscoëfficiënt: Availability coefficient. Table 9 Table 11",
      },
    ]);
  });

  it("files a page outside the navbar's sections under Docs, and one inside under its item", () => {
    expect(parsePageSections(cheerio.load(glossaryHtml), "/fdm/glossary").breadcrumb).toEqual([
      "Docs",
    ]);
    const playground = glossaryHtml.replace(
      'class="navbar__link" href="/fdm/docs">Docs',
      'class="navbar__link navbar__link--active" href="/fdm/playground">Playground',
    );
    expect(parsePageSections(cheerio.load(playground), "/fdm/playground").breadcrumb).toEqual([
      "Playground",
    ]);
  });
});
