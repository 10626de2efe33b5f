import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import ts from "typescript";
import { expect, hydrated, site, test } from "./fixtures";

const packages = ["fdm-data", "fdm-core", "fdm-calculator", "fdm-api"];
const buildDir = path.resolve("build-e2e");

/** The names each package's src/index.ts exports, read with the TypeScript compiler. */
function exportedNames(): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.resolve("tsconfig.typedoc.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error("tsconfig.typedoc.json does not parse");
  const entries = packages
    .map((name) => path.resolve(`packages/${name}/src/index.ts`))
    .filter((file) => existsSync(file));
  const program = ts.createProgram(entries, config.options);
  const checker = program.getTypeChecker();
  const result = new Map<string, string[]>();
  for (const file of entries) {
    const source = program.getSourceFile(file);
    const symbol = source && checker.getSymbolAtLocation(source);
    if (!symbol) throw new Error(`${file} has no module symbol`);
    const name = path.basename(path.dirname(path.dirname(file)));
    result.set(
      name,
      checker.getExportsOfModule(symbol).map((s) => s.getName()),
    );
  }
  return result;
}

/** Top-level API pages of a package in the build: name → route. */
function apiPages(pkg: string): Map<string, string> {
  const pages = new Map<string, string>();
  const root = path.join(buildDir, "api", pkg, "src");
  if (!existsSync(root)) return pages;
  for (const kind of readdirSync(root, { withFileTypes: true })) {
    if (!kind.isDirectory()) continue;
    for (const file of readdirSync(path.join(root, kind.name))) {
      if (file.endsWith(".html")) {
        const name = file.slice(0, -".html".length);
        pages.set(name, site(`/api/${pkg}/src/${kind.name}/${name}`));
      }
    }
  }
  return pages;
}

test("every export of every package has an API page, and every API page an export", async ({
  page,
}) => {
  // Some 330 requests: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const exports = exportedNames();
  expect([...exports.keys()]).toContain("fdm-data");
  for (const [pkg, names] of exports) {
    expect(names.length, pkg).toBeGreaterThan(0);
    const pages = apiPages(pkg);
    const withoutPage = names.filter((name) => !pages.has(name));
    expect(withoutPage, `${pkg} exports without an API page`).toEqual([]);
    const withoutExport = [...pages.keys()].filter((name) => !names.includes(name));
    expect(withoutExport, `${pkg} API pages without an export`).toEqual([]);
    for (const [name, route] of pages) {
      const response = await page.request.get(route);
      expect(response.status(), route).toBe(200);
      // The title's text, without the line-break hints long names carry (identifier-breaks.ts).
      const title = /<h1[^>]*>(.*?)<\/h1>/s.exec(await response.text())?.[1] ?? "";
      expect(title.replaceAll(/<[^>]*>/g, ""), route).toMatch(new RegExp(`\\b${name}\\b`));
    }
  }
});

test("the API index says what each package is for and where to start, and opens its page", async ({
  page,
}) => {
  test.setTimeout(90_000); // the packages' headings and texts; slow on a loaded 2-core machine
  const response = await page.goto(site("/api"));
  expect(response?.status()).toBe(200);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "FDM API reference" })).toBeVisible();
  const article = page.locator("article");
  // Every package with a public entry (the reference documents those; no compiler needed here).
  for (const pkg of packages.filter((name) => existsSync(`packages/${name}/src/index.ts`))) {
    const description = JSON.parse(
      readFileSync(`packages/${pkg}/package.json`, "utf8"),
    ).description;
    await expect(article.locator("h2", { hasText: pkg })).toBeVisible();
    // fdm-calculator's description leaves out its organic-matter balance: the landing says it
    // (scripts/typedoc-api-landing.mjs) until the description does.
    if (pkg !== "fdm-calculator" || description.includes("organic-matter"))
      await expect(article.getByText(description)).toBeVisible();
  }
  // Four packages, in the order they depend on each other, and each blurb says what it does.
  await expect(article).toContainText("The reference of the toolkit's four packages");
  await expect(article).toContainText("fdm-data ← fdm-core ← fdm-calculator ← fdm-api");
  await expect(article).not.toContainText(/three packages/i);
  expect(await article.locator("h2").allTextContents()).toEqual(
    packages.map((pkg) => expect.stringContaining(pkg)),
  );
  await expect(
    article.locator("p", { hasText: "Calculations on the farm data model" }),
  ).toContainText("organic-matter balance");
  // A caller in Python or R finds the REST API from fdm-api's section.
  await expect(article.getByRole("link", { name: "the REST API guide" })).toHaveAttribute(
    "href",
    site("/api/fdm-api/rest/overview"),
  );
  await expect(article.getByRole("link", { name: "endpoint reference" })).toHaveAttribute(
    "href",
    site("/api/fdm-api/rest/endpoints"),
  );
  await expect(article.getByRole("link", { name: "the guide" }).first()).toHaveAttribute(
    "href",
    /\/fdm\/docs\/getting-started\//,
  );
  await article.getByRole("link", { name: "fdm-data reference" }).click();
  await expect(page).toHaveURL(site("/api/fdm-data/src"));
  await expect(page.getByRole("heading", { level: 1, name: "fdm-data" })).toBeVisible();
});

test("fdm-api's package page leads to the REST API guide and the endpoint reference", async ({
  page,
}) => {
  await page.goto(site("/api/fdm-api/src"));
  await hydrated(page);
  const article = page.locator("article");
  await expect(article.getByRole("link", { name: "endpoint reference" })).toHaveAttribute(
    "href",
    site("/api/fdm-api/rest/endpoints"),
  );
  // Above the TypeScript functions: the first thing a reader of the page meets.
  const guide = article.getByRole("link", { name: "the REST API guide" });
  const functions = article.getByRole("heading", { level: 2, name: "Functions by task" });
  expect((await guide.boundingBox())?.y ?? 1e9).toBeLessThan(
    (await functions.boundingBox())?.y ?? 0,
  );
  await guide.click();
  await expect(page).toHaveURL(site("/api/fdm-api/rest/overview"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a package's index groups its functions by task, each with the first line of its TSDoc", async ({
  page,
}) => {
  await page.goto(site("/api/fdm-data/src"));
  const article = page.locator("article");
  await expect(article.getByRole("heading", { level: 2, name: "Functions by task" })).toBeVisible();
  await expect(article.getByRole("heading", { level: 3, name: "Cultivations" })).toBeVisible();
  const item = article.locator("li", {
    has: page.getByRole("link", { name: "getCultivationCatalogue", exact: true }),
  });
  // getCultivationCatalogue's TSDoc begins "Returns a cultivation catalogue: the list of crops…".
  await expect(item.first()).toContainText(
    "getCultivationCatalogue: Returns a cultivation catalogue.",
  );
});

test("a function with several errors has one Throws section, listed once in the TOC", async ({
  page,
}) => {
  await page.goto(site("/api/fdm-calculator/src/functions/getRegion"));
  const article = page.locator("article");
  await expect(article.getByRole("heading", { level: 2, name: "Throws" })).toHaveCount(1);
  const throws = article.locator("h2#throws + ul > li");
  await expect(throws).toHaveCount(2);
  await expect(throws.nth(0)).toContainText("GEODATA_NOT_CONFIGURED");
  await expect(throws.nth(1)).toContainText("INVALID_INPUT");
  await expect(
    page.locator(".theme-doc-toc-desktop").getByRole("link", { name: "Throws" }),
  ).toHaveCount(1);
});

test("each Throws entry names the error type to catch, and its code", async ({ page }) => {
  // addFarm: "@throws {FdmError} `INVALID_INPUT` when …" and "@throws {FdmPermissionError} When …".
  // It has two call signatures (with { returning: "record" }), so each has its Throws (h3);
  // this is the first's.
  await page.goto(site("/api/fdm-core/src/functions/addFarm"));
  const throws = page.locator("article :is(h2, h3)#throws + ul > li");
  await expect(throws).toHaveCount(2);
  await expect(throws.nth(0)).toHaveText(/^FdmError: INVALID_INPUT when /);
  await expect(throws.nth(1)).toHaveText(/^FdmPermissionError: when the principal is not/);
  await expect(throws.nth(0).locator("code").first()).toHaveText("FdmError");
});

test("a schema table's page lists its columns rather than drizzle's inferred type", async ({
  page,
}) => {
  await page.goto(site("/api/fdm-core/src/namespaces/fdmSchema/variables/soilAnalyses"));
  const article = page.locator("article");
  await expect(article.getByText("SQL table: soil_analyses.")).toBeVisible();
  await expect(article.getByRole("heading", { name: "Columns" })).toBeVisible();
  const row = (property: string) =>
    article
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: property, exact: true }) });
  // As declared in packages/fdm-core/src/schema.ts.
  await expect(row("pAl").getByRole("cell")).toHaveText([
    "pAl",
    "p_al",
    "PgDoublePrecision",
    "number",
    "yes",
    "no",
  ]);
  await expect(row("id (primary key)").getByRole("cell")).toHaveText([
    "id (primary key)",
    "id",
    "PgText",
    "string",
    "no",
    "no",
  ]);
  await expect(row("gwlClass").getByRole("cell").nth(3)).toHaveText(
    '"I" | "II" | "III" | "IV" | "V" | "VI" | "VII" | "VIII"',
  );
  // The signature names the type; it no longer spells out every column's type parameters.
  await expect(article).not.toContainText("PgColumn<");
  await expect(article).not.toContainText("hasRuntimeDefault");
});

test("a function page shows its signature, parameters and returns, in the API sidebar", async ({
  page,
}) => {
  const route = site("/api/fdm-data/src/functions/getCultivationCatalogue");
  const response = await page.goto(route);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Function: getCultivationCatalogue()",
  );
  await expect(page.getByRole("heading", { level: 2, name: "Parameters" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Returns" })).toBeVisible();
  const sidebar = page.getByRole("navigation", { name: "Docs sidebar" });
  await expect(sidebar.getByRole("link", { name: "Overview" })).toHaveAttribute(
    "href",
    site("/api"),
  );
  await expect(sidebar.getByRole("link", { name: "getCultivationCatalogue" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // The API has its own sidebar: the docs pages are not in it.
  await expect(sidebar.getByRole("link", { name: "Introduction" })).toHaveCount(0);
});

test("on a 375 px phone the longest function name in a title breaks only between its words", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const name = "calculateDierlijkeMestGebruiksNormFilling";
  await page.goto(site(`/api/fdm-calculator/src/functions/${name}`));
  const title = page.getByRole("heading", { level: 1 });
  // What the reader copies and what assistive technology reads is the name unbroken.
  await expect(title).toHaveText(`Function: ${name}()`);
  const lines = await title.evaluate((h1) => {
    // Each run of text between two <wbr>s, spaces apart: one line box, or it broke mid-word.
    const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
    const split: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? "").matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (range.getClientRects().length > 1) split.push(match[0]);
      }
    }
    const all = document.createRange();
    all.selectNodeContents(h1);
    const tops = new Set([...all.getClientRects()].map((rect) => Math.round(rect.top)));
    return { split, lines: tops.size, overflows: h1.scrollWidth > h1.clientWidth };
  });
  expect(lines.split).toEqual([]);
  expect(lines.overflows).toBe(false);
  // It does need more than one line at this width, so the check above means something.
  expect(lines.lines).toBeGreaterThan(1);
});

test("on a 375 px phone the Defined in path breaks only after a slash", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(site("/api/fdm-calculator/src/functions/calculateOrganicMatterBalance"));
  const path = page.getByRole("link", {
    name: /^fdm-calculator\/src\/balance\/organic-matter\/organic-matter-balance\.ts:\d{3}$/,
  });
  const layout = await path.evaluate((link) => {
    const linesOf = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    };
    return {
      lines: linesOf(link),
      // Each part up to a slash on one line: "fdm-calculator/" is not split at its hyphen.
      splitParts: [...link.querySelectorAll(".fdm-path-part")]
        .filter((part) => linesOf(part) > 1)
        .map((part) => part.textContent),
      overflows: (link.parentElement?.scrollWidth ?? 0) > (link.parentElement?.clientWidth ?? 0),
    };
  });
  expect(layout.splitParts).toEqual([]);
  expect(layout.overflows).toBe(false);
  // The path does need more than one line at this width, so the check above means something.
  expect(layout.lines).toBeGreaterThan(1);
});

test("on a desktop a long name in prose that fits a line is not broken", async ({ page }) => {
  await page.goto(site("/api/fdm-core/src/functions/getFertilizerApplicationsForFarm"));
  const names = page.locator("article .markdown p .fdm-ident");
  await expect(names.first()).toBeVisible();
  const lines = await names.evaluateAll((boxes) =>
    boxes.map((box) => {
      const range = document.createRange();
      range.selectNodeContents(box);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return `${box.textContent}: ${tops.size}`;
    }),
  );
  expect(lines).toContain("getFertilizerApplications: 1");
  expect(lines.filter((line) => !line.endsWith(": 1"))).toEqual([]);
});

test("search finds a function and opens its API page", async ({ page }) => {
  await page.goto(site("/"));
  await hydrated(page);
  const box = page.getByRole("combobox").or(page.getByPlaceholder("Search")).first();
  await box.fill("getCultivationCatalogue");
  const first = page.locator("div[role=option]").first();
  // The first search fetches the index (about 0.9 MB gzip) and builds it: seconds on a
  // busy two-core machine.
  await expect(first).toContainText("getCultivationCatalogue", { timeout: 15_000 });
  await first.click();
  await expect(page).toHaveURL(site("/api/fdm-data/src/functions/getCultivationCatalogue"));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("getCultivationCatalogue");
});

test("what the reader types while the search bar loads carries over to it, focus included", async ({
  page,
}) => {
  // The bar's chunk is held back until the reader has typed half the word.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/SearchBar/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(site("/"));
  await hydrated(page);
  await page.getByPlaceholder("Search").click();
  await page.keyboard.type("getCultivation");
  // A slow phone: the swap takes long enough for keystrokes to fall inside it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
  release();
  // Keystrokes keep coming while the chunk arrives and the bar replaces the stand-in.
  await page.keyboard.type("Catalogue", { delay: 10 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const bar = page.locator(".navbar__search input:not([data-fdm-stand-in])");
  await expect(bar).toHaveValue("getCultivationCatalogue");
  await expect(bar).toBeFocused();
  await expect(page.locator("div[role=option]").first()).toContainText("getCultivationCatalogue", {
    timeout: 15_000,
  });
});

/** Holds back the search index until the returned function is called. */
async function holdSearchIndex(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.context().route(/search-index.*\.json/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("Tab keeps going forward when the search index arrives after the reader left the box", async ({
  page,
}) => {
  // The index is held back until the reader has tabbed on twice.
  const release = await holdSearchIndex(page);
  await page.goto(site("/"));
  await hydrated(page);
  await page.getByPlaceholder("Search").focus();
  // The loaded bar takes over the focus, and starts fetching the index.
  const bar = page.locator(".navbar__search input:not([data-fdm-stand-in])");
  await expect(bar).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Get started" })).toBeFocused();
  await page.keyboard.press("Tab");
  const apiReference = page
    .getByRole("main")
    .getByRole("link", { name: "API reference", exact: true });
  await expect(apiReference).toBeFocused();
  release();
  // The index is in once autocomplete has wrapped the input (a combobox), right where the
  // plugin used to focus it again.
  await expect(page.getByRole("combobox", { name: "Search" })).toBeAttached({ timeout: 15_000 });
  await page.waitForTimeout(200);
  await expect(apiReference).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Try it in your browser" })).toBeFocused();
  // The shortcut still brings the reader to the box.
  await page.keyboard.press("Control+k");
  await expect(bar).toBeFocused();
});

test("typing on while the search index arrives keeps the focus and every keystroke", async ({
  page,
}) => {
  const release = await holdSearchIndex(page);
  await page.goto(site("/"));
  await hydrated(page);
  await page.getByPlaceholder("Search").click();
  const bar = page.locator(".navbar__search input:not([data-fdm-stand-in])");
  await expect(bar).toBeFocused();
  await page.keyboard.type("getCultivation");
  release();
  // Autocomplete wraps the input when the index is in; the reader is still typing.
  await page.keyboard.type("Catalogue", { delay: 50 });
  await expect(page.getByRole("combobox", { name: "Search" })).toBeAttached({ timeout: 15_000 });
  await expect(bar).toBeFocused();
  await expect(bar).toHaveValue("getCultivationCatalogue");
  await page.keyboard.type("()");
  await expect(bar).toHaveValue("getCultivationCatalogue()");
});

test("the search page lists the API page of a function and docs that mention it", async ({
  page,
}) => {
  await page.goto(site("/search?q=getCultivationCatalogue"));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("getCultivationCatalogue");
  const results = page.locator("article a[href^='/fdm/']");
  await expect(
    results
      .and(page.locator("[href='/fdm/api/fdm-data/src/functions/getCultivationCatalogue']"))
      .first(),
  ).toBeVisible({ timeout: 15_000 });
  const hrefs = await results.evaluateAll((links) =>
    links.map((a) => a.getAttribute("href") ?? ""),
  );
  expect(hrefs.some((href) => href.startsWith("/fdm/docs/"))).toBe(true);
});

test("on a phone a parameter table shows every column within the screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(site("/api/fdm-core/src/functions/addFarm"));
  const table = page.locator("article table.fdm-stacked").first();
  await expect(table).toBeVisible();
  const description = table.locator("td[data-label='Description']").first();
  await expect(description).toBeVisible();
  const box = await description.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  // Each cell carries its column's name, shown before its value.
  const label = await description.evaluate((td) => getComputedStyle(td, "::before").content);
  expect(label).toBe('"Description: "');
});

test("search finds the glossary", async ({ page }) => {
  await page.goto(site("/search?q=werkingscoëfficiënt"));
  const results = page.locator("article a[href^='/fdm/glossary']");
  await expect(results.first()).toBeVisible({ timeout: 15_000 });
});

test("a plain word finds the docs first and the API reference's types last", async ({ page }) => {
  await page.goto(site("/search?q=stikstof"));
  const results = page.locator("article a[href^='/fdm/']");
  await expect(results.first()).toBeVisible({ timeout: 15_000 });
  const hrefs = await results.evaluateAll((links) =>
    links.map((a) => a.getAttribute("href") ?? ""),
  );
  expect(hrefs[0]).toMatch(/^\/fdm\/docs\/norms\//);
  // Every docs result comes before every result on an API type's page.
  const typeIndexes = hrefs.flatMap((href, i) =>
    /\/api\/.*\/(interfaces|type-aliases)\//.test(href) ? [i] : [],
  );
  const lastDocs = hrefs.findLastIndex((href) => href.startsWith("/fdm/docs/"));
  expect(Math.min(Number.POSITIVE_INFINITY, ...typeIndexes)).toBeGreaterThan(lastDocs);
});
