import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Plugin } from "@docusaurus/types";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  htmlForKey,
  type PageParser,
  type ParseOptions,
  withParseCache,
} from "../../src/internals/plugins/search-parse-cache";

/**
 * The search index's page-parsing cache (src/internals/plugins/search-parse-cache.ts): a
 * build reuses a page's parsing only for the same page, whatever the build hash in its
 * asset names.
 */
let site: string;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
  writeFileSync(path.join(site, file), text);
}

beforeEach(() => {
  site = mkdtempSync(path.join(tmpdir(), "fdm-search-cache-"));
  write("package-lock.json", '{"lockfileVersion":3}\n');
  write("src/internals/plugins/search-ranking.ts", "export {};\n");
});
afterEach(() => rmSync(site, { recursive: true, force: true }));

/** A built page as a build names its assets (`buildHash`), with the head's loader script. */
const page = (text: string, buildHash: string) =>
  `<html><head><title>${text}</title><meta name="description" content="On ${text}"><link rel="stylesheet" href="/fdm/assets/css/styles.${buildHash}.css"><script>!function(){var ${buildHash.startsWith("7") ? "t" : "d"}=["/fdm/assets/js/main.${buildHash}.js"]}()</script></head><body><main><article><h1>${text}</h1><p>About ${text}.</p></article></main><script src="/fdm/assets/js/vendors-node_modules_a-b1c2d3.${buildHash}.js"></script></body></html>`;

type Pages = [url: string, html: string][];

/**
 * One build's search step: a stand-in for the plugin, whose post-build step parses each
 * page through `parser.parse`, as its scan does, and keeps what it returned.
 */
async function build(pages: Pages, parser: { parse: PageParser }, options: ParseOptions = {}) {
  const results: unknown[] = [];
  const plugin: Plugin = {
    name: "search-stand-in",
    async postBuild() {
      for (const [url, html] of pages) results.push(parser.parse(html, "docs", url, options));
    },
  };
  const wrapped = withParseCache(plugin, parser, site);
  await wrapped.postBuild?.({} as never);
  return results;
}

/** A parser that records the pages it parsed: the page's title, as the real one finds it. */
function countingParser() {
  const parsed: string[] = [];
  const parser = {
    parse: ((html: string, _type: string, url: string) => {
      parsed.push(url);
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
      return title === "unlisted" ? null : { pageTitle: title, sections: [] };
    }) as PageParser,
  };
  return { parser, parsed };
}

describe("the page-parsing cache", () => {
  it("leaves out the head's scripts and the build hash of asset names, nothing else", () => {
    expect(htmlForKey(page("A", "7ddf7601"))).toBe(htmlForKey(page("A", "0123abcd")));
    expect(htmlForKey(page("A", "7ddf7601"))).toContain(
      '<script src="/fdm/assets/js/vendors-node_modules_a-b1c2d3.js">',
    );
    expect(htmlForKey(page("A", "7ddf7601"))).toContain("/fdm/assets/css/styles.css");
    // Text that looks like a hash elsewhere stays, and so do the body's inline scripts.
    expect(htmlForKey('<a href="/fdm/docs/x.7ddf7601.js">')).toBe(
      '<a href="/fdm/docs/x.7ddf7601.js">',
    );
    const body = "</head><body><script>var a=1</script><h1>A</h1></body>";
    expect(htmlForKey(`<head><title>T</title><script>var b=2</script>${body}`)).toBe(
      `<head><title>T</title><script></script>${body}`,
    );
    expect(htmlForKey(page("A", "7ddf7601"))).not.toBe(htmlForKey(page("B", "7ddf7601")));
    expect(htmlForKey(page("A", "7ddf7601"))).toContain('<meta name="description" content="On A">');
  });

  it("parses each page once across builds that only rename the scripts", async () => {
    const first = countingParser();
    const pages: Pages = [
      ["/fdm/docs/a", page("A", "7ddf7601")],
      ["/fdm/docs/b", page("unlisted", "7ddf7601")],
    ];
    const before = await build(pages, first.parser);
    expect(first.parsed).toEqual(["/fdm/docs/a", "/fdm/docs/b"]);
    expect(before).toEqual([{ pageTitle: "A", sections: [] }, null]);

    const second = countingParser();
    const renamed: Pages = pages.map(([url, html]) => [
      url,
      html.replaceAll("7ddf7601", "0a1b2c3d"),
    ]);
    expect(await build(renamed, second.parser)).toEqual(before);
    expect(second.parsed).toEqual([]);
  });

  it("parses again a page whose text changed, and only that page", async () => {
    await build(
      [
        ["/fdm/docs/a", page("A", "7ddf7601")],
        ["/fdm/docs/b", page("B", "7ddf7601")],
      ],
      countingParser().parser,
    );
    const next = countingParser();
    const results = await build(
      [
        ["/fdm/docs/a", page("A", "0a1b2c3d")],
        ["/fdm/docs/b", page("B changed", "0a1b2c3d")],
      ],
      next.parser,
    );
    expect(next.parsed).toEqual(["/fdm/docs/b"]);
    expect(results).toEqual([
      { pageTitle: "A", sections: [] },
      { pageTitle: "B changed", sections: [] },
    ]);
  });

  it.each([
    ["the page's address", [["/fdm/docs/moved", page("A", "7ddf7601")]] as Pages, {}],
    [
      "an option the parser reads",
      [["/fdm/docs/a", page("A", "7ddf7601")]] as Pages,
      { forceIgnoreNoIndex: true },
    ],
  ])("parses again when %s changes", async (_what, pages, options) => {
    await build([["/fdm/docs/a", page("A", "7ddf7601")]], countingParser().parser);
    const next = countingParser();
    await build(pages, next.parser, options);
    expect(next.parsed).toHaveLength(1);
  });

  it.each([
    ["package-lock.json (the search plugin's and cheerio's versions)", "package-lock.json"],
    ["the site's parsers", "src/internals/plugins/search-ranking.ts"],
  ])("parses every page again when %s changes", async (_what, file) => {
    const pages: Pages = [["/fdm/docs/a", page("A", "7ddf7601")]];
    await build(pages, countingParser().parser);
    write(file, "changed\n");
    const next = countingParser();
    await build(pages, next.parser);
    expect(next.parsed).toEqual(["/fdm/docs/a"]);
  });

  it("gives what the search plugin's own parser gives", async () => {
    const require = createRequire(import.meta.url);
    const real =
      require("@easyops-cn/docusaurus-search-local/dist/server/server/utils/parse.js") as {
        parse: PageParser;
      };
    const html = page("Fields", "7ddf7601").replace(
      "<p>About",
      '<h2 id="area">Area<a class="hash-link" href="#area"></a></h2><p>About',
    );
    const fresh = real.parse(html, "docs", "/fdm/docs/fields", {});
    expect(fresh).toMatchObject({ pageTitle: "Fields" });
    await build([["/fdm/docs/fields", html]], { parse: real.parse });
    const again = countingParser();
    const cached = await build(
      [["/fdm/docs/fields", html.replaceAll("7ddf7601", "0a1b2c3d")]],
      again.parser,
    );
    expect(again.parsed).toEqual([]);
    expect(cached).toEqual([fresh]);
  });
});
