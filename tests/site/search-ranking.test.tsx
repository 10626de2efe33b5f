import { describe, expect, it } from "vitest";
import { kindOf, looksLikeIdentifier, rankResults } from "../../src/client/search-ranking";

// Results as the search plugin returns them: each page's title, then the
// headings and sentences of that page (isInterOfTree / isLastOfTree).
const title = (u: string) => ({ document: { u }, page: false as const });
const under = (u: string, last = false) => ({
  document: { u: `${u}#x` },
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
    for (const query of ["stikstof", "derogatie", "catch crop"]) {
      expect(looksLikeIdentifier(query), query).toBe(false);
    }
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
    const before = urls(results);
    rankResults(results, "stikstof");
    expect(urls(results)).toEqual(before);
  });
});
