import { appendFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { firstLoad, stableName } from "./first-load";
import { expect, hydrated, site, test } from "./fixtures";
import { type PageKind, pageKinds } from "./page-kinds";

/**
 * First-load weight budget: the HTML, CSS and JS a page of each kind loads
 * until the network is idle, gzip level 9, in KB. Page weight is deterministic
 * for a given build, so this is a test (Lighthouse timings stay in bench/).
 * The bar is 120 KB for every kind (150 KB until the pages moved to Preact); each
 * kind's budget is what it weighed when set plus 3 KB (each new page adds about
 * 0.06 KB to the route table that every page loads), at most the bar, so it cannot grow unnoticed; a kind still over
 * the bar gets what it weighed plus 1.5 KB.
 * `reference` is each file's gzip KB when the budget was set: a failure
 * names the files that grew since. To set new budgets, run this file with
 * FDM_WEIGHT_REPORT=<file> and copy the sizes it writes.
 * Set again 2026-11-29 after the pages moved to Preact (src/internals/plugins/preact.ts;
 * main.js 88.5 -> 55.1 KB) and the API routes were split per package (API page 114.5 ->
 * 105.6, API index 111.3 -> 101.7), on the e2e build: every kind what it weighed plus 3 KB,
 * the bar 120 KB. Set again 2026-11-29 after the stylesheet lost the rules no page can use (16 -> 14.8 KB),
 * Markdown pages without code stopped loading the code block and main.js lost the base-URL
 * banner. Set again 2026-11-29 on the e2e build with its 1,000 generated docs pages, after the routes,
 * chunk names and registry were split by docs folder and each sidebar became a chunk of its own
 * (src/internals/plugins/route-sections.ts): each kind's budget what the rule above gives, or the
 * one before if that was lower. Set again 2026-11-26 after fdm-api's reference and REST
 * section joined the API reference
 * (its routes and sidebar load on API pages only) and the docs' version data lost each
 * record's id, title and sidebar. Set 2026-11-26 (first set 2026-11-24, after React 18, the lean client data, the norm
 * calculator loading on demand, the lean MDX components and code block, and the
 * highlighted HTML kept out of the client bundle). Grown since: new docs content (crop
 * residues, the organic-matter page), more API pages in the route table, the <noscript>
 * notes and the Markdown twins' head link: every kind is within the bar.
 */
const bar = 120;
const budgets: Record<PageKind, { kb: number; reference: Record<string, number> }> = {
  home: {
    kb: 81.6,
    reference: {
      "/assets/js/main.js": 55.1,
      "/assets/css/styles.css": 14.8,
      "/ (HTML)": 4.9,
      "/assets/js/runtime~main.js": 2.1,
      "/assets/js/1df93b7f.js": 1.5,
      "/assets/js/a7456010.js": 0.2,
    },
  },
  "docs page": {
    kb: 113.2,
    reference: {
      "/assets/js/main.js": 55.1,
      "/assets/css/styles.css": 14.8,
      "/docs/core-concepts/asset-action-model (HTML)": 12.6,
      "/assets/js/be03b341.js": 7.7,
      "/assets/js/vendors-node_modules_docusaurus_theme-classic_lib_theme_DocItem_index_js.js": 4.5,
      "/assets/js/vendors-node_modules_docusaurus_theme-classic_lib_theme_DocRoot_index_js.js": 3.7,
      "/assets/js/sidebar-tutorialSidebar.js": 2.7,
      "/assets/js/vendors-node_modules_docusaurus_theme-classic_lib_theme_CodeInline_index_js-node_modules_docu-ba5efc.js": 2.2,
      "/assets/js/runtime~main.js": 2.1,
      "/assets/js/code-block.js": 1.6,
      "/assets/js/17896441.js": 0.8,
      "/assets/js/a94703ab.js": 0.7,
      "/assets/js/routes-docs-core-concepts.js": 0.6,
      "/assets/js/a7bd4aaa.js": 0.4,
      "/assets/js/5e95c892.js": 0.3,
      "/assets/js/aba21aa0.js": 0.2,
      "/assets/js/925865e5.js": 0.2,
    },
  },
  "API page": {
    kb: 105.6,
    reference: {
      "/assets/js/main.js": 55.1,
      "/assets/css/styles.css": 14.8,
      "/api/fdm-data/src/functions/getCultivationCatalogue (HTML)": 7.3,
      "/assets/js/65ed49ad.js": 5.8,
      "/assets/js/vendors-node_modules_docusaurus_theme-classic_lib_theme_DocItem_index_js.js": 4.5,
      "/assets/js/vendors-node_modules_docusaurus_theme-classic_lib_theme_DocRoot_index_js.js": 3.7,
      "/assets/js/vendors-node_modules_docusaurus_theme-classic_lib_theme_CodeInline_index_js-node_modules_docu-ba5efc.js": 2.2,
      "/assets/js/runtime~main.js": 2.1,
      "/assets/js/api/fdm-data/src/functions/getCultivationCatalogue.js": 2.1,
      "/assets/js/code-block.js": 1.6,
      "/assets/js/api-routes-fdm-data.js": 1,
      "/assets/js/17896441.js": 0.8,
      "/assets/js/a94703ab.js": 0.7,
      "/assets/js/a7bd4aaa.js": 0.4,
      "/assets/js/5e95c892.js": 0.3,
      "/assets/js/360dc931.js": 0.2,
    },
  },
  "API index": {
    kb: 101.7,
    reference: {
      "/assets/js/main.js": 55.1,
      "/assets/css/styles.css": 14.8,
      "/api (HTML)": 6.4,
      "/assets/js/65ed49ad.js": 5.8,
      "/assets/js/vendors-node_modules_docusaurus_theme-classic_lib_theme_DocItem_index_js.js": 4.5,
      "/assets/js/vendors-node_modules_docusaurus_theme-classic_lib_theme_DocRoot_index_js.js": 3.7,
      "/assets/js/vendors-node_modules_docusaurus_theme-classic_lib_theme_CodeInline_index_js-node_modules_docu-ba5efc.js": 2.2,
      "/assets/js/runtime~main.js": 2.1,
      "/assets/js/07305c4a.js": 1.4,
      "/assets/js/17896441.js": 0.8,
      "/assets/js/a94703ab.js": 0.7,
      "/assets/js/a7bd4aaa.js": 0.4,
      "/assets/js/5e95c892.js": 0.3,
      "/assets/js/api-routes.js": 0.3,
      "/assets/js/360dc931.js": 0.2,
    },
  },
  "blog post": {
    kb: 107.5,
    reference: {
      "/assets/js/main.js": 55.1,
      "/assets/css/styles.css": 14.8,
      "/assets/js/vendors-node_modules_docusaurus_theme-classic_lib_theme_Blog_Components_Author_index_js-node_-599e87.js": 9,
      "/blog/release-april-2025 (HTML)": 8.6,
      "/assets/js/8486fbb4.js": 5.3,
      "/assets/js/vendors-node_modules_docusaurus_theme-classic_lib_theme_BlogPostPage_index_js.js": 3.7,
      "/assets/js/vendors-node_modules_docusaurus_theme-classic_lib_theme_CodeInline_index_js-node_modules_docu-ba5efc.js": 2.2,
      "/assets/js/runtime~main.js": 2.1,
      "/assets/js/code-block.js": 1.6,
      "/assets/js/ccc49370.js": 1,
      "/assets/js/814f3328.js": 0.7,
      "/assets/js/acecf23e.js": 0.2,
      "/assets/js/36994c47.js": 0.2,
    },
  },
  "norms page": {
    kb: 118.5,
    reference: {
      "/assets/js/main.js": 55.1,
      "/docs/norms/nl/2025/stikstofgebruiksnorm (HTML)": 15,
      "/assets/css/styles.css": 14.8,
      "/assets/js/0f3a7e5c.js": 10.4,
      "/assets/js/vendors-node_modules_docusaurus_theme-classic_lib_theme_DocItem_index_js.js": 4.5,
      "/assets/js/vendors-node_modules_docusaurus_theme-classic_lib_theme_DocRoot_index_js.js": 3.7,
      "/assets/js/sidebar-tutorialSidebar.js": 2.7,
      "/assets/js/vendors-node_modules_docusaurus_theme-classic_lib_theme_CodeInline_index_js-node_modules_docu-ba5efc.js": 2.2,
      "/assets/js/runtime~main.js": 2.1,
      "/assets/js/code-block.js": 1.6,
      "/assets/js/routes-docs-norms.js": 0.8,
      "/assets/js/17896441.js": 0.8,
      "/assets/js/a94703ab.js": 0.7,
      "/assets/js/a7bd4aaa.js": 0.4,
      "/assets/js/5e95c892.js": 0.3,
      "/assets/js/aba21aa0.js": 0.2,
      "/assets/js/925865e5.js": 0.2,
    },
  },
  glossary: {
    kb: 94.9,
    reference: {
      "/assets/js/main.js": 55.1,
      "/assets/css/styles.css": 14.8,
      "/glossary (HTML)": 9.7,
      "/assets/js/63449df8.js": 5.4,
      "/assets/js/1f391b9e.js": 2.4,
      "/assets/js/vendors-node_modules_docusaurus_theme-classic_lib_theme_CodeInline_index_js-node_modules_docu-ba5efc.js": 2.2,
      "/assets/js/runtime~main.js": 2.1,
      "/assets/js/a7456010.js": 0.2,
    },
  },
};

for (const [kind, path] of Object.entries(pageKinds) as [PageKind, string][]) {
  test(`first load of the ${kind} stays within its budget`, async ({ page }) => {
    const sizes = await firstLoad(page, path);
    // FDM_WEIGHT_REPORT=file appends this kind's sizes, to set a new budget from.
    const report = process.env.FDM_WEIGHT_REPORT;
    if (report) {
      const rounded = Object.fromEntries(
        [...sizes.entries()].map(([name, size]) => [name, Math.round(size * 10) / 10]),
      );
      appendFileSync(report, `${JSON.stringify({ kind, files: rounded })}\n`);
    }
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    const { kb, reference } = budgets[kind];
    const grew = [...sizes.entries()]
      .map(([name, size]) => ({ name, size, was: reference[name] ?? 0 }))
      .filter((f) => f.size > f.was + 0.05)
      .sort((a, b) => b.size - b.was - (a.size - a.was))
      .map((f) => `${f.name}: ${f.was.toFixed(1)} -> ${f.size.toFixed(1)} KB`);
    const all = [...sizes.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, size]) => `${name} ${size.toFixed(1)}`);
    expect(
      total,
      `${kind}: ${total.toFixed(1)} KB gzip, budget ${kb} KB (bar ${bar}).\n` +
        `Grew since the budget was set:\n  ${grew.join("\n  ") || "(nothing: new files?)"}\n` +
        `Every file (KB gzip):\n  ${all.join("\n  ")}`,
    ).toBeLessThanOrEqual(kb);
  });
}

/** What opening a norm calculator loads: fdm-calculator, the catalogues and the form. */
// 61 since 29 November 2026: the year's RENURE mestcodes come from the calculator (60.1 KB).
const calculatorBudgetKb = 61;

test("a norm calculator loads nothing until it is opened, then stays within its budget", async ({
  page,
}) => {
  const scripts = new Map<string, Promise<number>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.set(
      stableName(response.url()),
      response.body().then((body) => gzipSync(body, { level: 9 }).length / 1024),
    );
  });
  await page.goto(site(pageKinds["norms page"]));
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  const before = new Set(scripts.keys());
  expect([...before].filter((name) => /norms_nl_ts|NormCalculatorLive/.test(name))).toEqual([]);

  await page.getByRole("button", { name: "Open the calculator" }).click();
  await expect(page.getByTestId("norm-result")).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  const opened = [...scripts.keys()].filter((name) => !before.has(name));
  expect(opened.some((name) => name.includes("norms_nl_ts"))).toBe(true);
  const sizes = await Promise.all(opened.map((name) => scripts.get(name) as Promise<number>));
  const total = sizes.reduce((a, b) => a + b, 0);
  expect(
    total,
    `opening the calculator loaded ${total.toFixed(1)} KB gzip:\n  ${opened
      .map((name, i) => `${name} ${sizes[i]?.toFixed(1)}`)
      .join("\n  ")}`,
  ).toBeLessThanOrEqual(calculatorBudgetKb);
});
