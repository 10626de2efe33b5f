import { parseLlmsTxt } from "../site/llms-txt-parser";
import { expect, hydrated, site, sitemapPaths, test } from "./fixtures";

// The Markdown twins and llms.txt (src/plugins/markdown-twins.ts), in the production build.

const twinOf = (p: string) => (p === "/fdm/" ? "/fdm/index.md" : `${p.replace(/\/$/, "")}.md`);

test("every page of the sitemap has a Markdown twin with its text, linked from its head", async ({
  page,
}) => {
  // One request per page of the sitemap (600).
  test.setTimeout(180_000);
  const paths = await sitemapPaths(page);
  expect(paths.length).toBeGreaterThan(300);
  const missing: string[] = [];
  const stubs: string[] = [];
  for (const p of paths) {
    const response = await page.request.get(twinOf(p));
    const text = await response.text();
    if (response.status() !== 200 || !text.startsWith("# ")) missing.push(twinOf(p));
    // A stub is its title and a line; every twin holds the page's text.
    else if (/interactive: open it in a browser/.test(text) || text.trim().split("\n").length < 3)
      stubs.push(twinOf(p));
  }
  expect(missing).toEqual([]);
  expect(stubs).toEqual([]);
  await page.goto(site("/docs/installation"));
  await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute(
    "href",
    site("/docs/installation.md"),
  );
});

test("a docs twin holds the page's headings and its code blocks as written", async ({ page }) => {
  await page.goto(site("/docs/getting-started/basic-usage-fdm-core"));
  const headings = await page.locator("article h2").allTextContents();
  const twin = await (
    await page.request.get(site("/docs/getting-started/basic-usage-fdm-core.md"))
  ).text();
  expect(headings.length).toBeGreaterThan(2);
  for (const h of headings) expect(twin).toContain(`## ${h.replace(/\u200b/g, "").trim()}`);
  expect(twin).toContain("```ts");
  expect(twin).toContain("import { closeFdm, addFarm, addField, createFdmAuth, createFdmLocal");
  expect(twin).not.toMatch(/^import .* from "@(site|theme)/m);
});

test("the twins of index and component pages hold what the page shows", async ({ page }) => {
  const twin = async (path: string) => (await page.request.get(site(path))).text();
  // Index pages (their route has no trailing slash, their source's address has one).
  expect(await twin("/docs.md")).toMatch(
    /^# Introduction\n[\s\S]*## The four packages\n[\s\S]*\| `fdm-core` \| The farm data model on PostgreSQL/,
  );
  for (const year of ["2025", "2026"]) {
    const norms = await twin(`/docs/norms/nl/${year}.md`);
    expect(norms).toContain(`# Dutch gebruiksnormen ${year}`);
    expect(norms).toContain("## A whole farm");
    expect(norms).toContain("calculateGebruiksnormenForFarm");
    expect(norms).toMatch(/\| Norm \| Limits \| Unit \| Depends on \|/);
  }
  expect(await twin("/api.md")).toMatch(/## fdm-core[\s\S]*## fdm-api/);
  for (const pkg of ["fdm-data", "fdm-core", "fdm-calculator", "fdm-api"])
    expect(await twin(`/api/${pkg}/src.md`)).toMatch(
      new RegExp(`^# ${pkg}\\n[\\s\\S]*## Every export`, "m"),
    );
  expect(await twin("/api/fdm-api/rest/endpoints.md")).toContain("[`GET /v1/health`]");
  expect(await twin("/api/fdm-core/src/namespaces/fdmSchema.md")).toMatch(/farms/);
  // Pages made of components: their text, lists, tables and links.
  const home = await twin("/index.md");
  expect(home).toMatch(/^# FDM\n/);
  expect(home).toContain("## Four packages");
  expect(home).toMatch(
    /- Farms, fields, cultivations, harvests, fertilizers and soil analyses\n- /,
  );
  expect(home).toMatch(/\[fdm-core reference\]\(https?:\/\/[^)]+\/fdm\/api\/fdm-core\/src\)/);
  expect(await twin("/blog.md")).toMatch(/^## \[November 2026: FDM 1\.0/m);
  expect(await twin("/blog/archive.md")).toMatch(
    /^- \[April 30: April 2025: catalogues and documentation\]/m,
  );
  expect(await twin("/blog/tags.md")).toMatch(/^- \[release \(\d+\)\]/m);
  expect(await twin("/docs/category/getting-started.md")).toMatch(
    /^## \[Prerequisites\]\([^)]+\/docs\/getting-started\/prerequisites\)\n\nWhat you need/m,
  );
});

test("headings and table headers of the twins and llms-full.txt are plain text", async ({
  page,
}) => {
  const texts = [await (await page.request.get(site("/llms-full.txt"))).text()];
  for (const year of ["2025", "2026"])
    for (const norm of [
      "stikstofgebruiksnorm",
      "fosfaatgebruiksnorm",
      "dierlijke-mest-gebruiksnorm",
      "conformance",
    ])
      texts.push(await (await page.request.get(site(`/docs/norms/nl/${year}/${norm}.md`))).text());
  for (const text of texts) {
    const outside = text.replace(/^(`{3,})[\s\S]*?^\1/gm, "");
    const headers = outside
      .split("\n")
      .filter((l, i, all) => /^#{1,6} /.test(l) || /^\|[-: |]+\|$/.test(all[i + 1] ?? ""));
    expect(headers.length).toBeGreaterThan(3);
    expect(headers.filter((l) => /<[a-z/]|&shy;|\u00ad|\{#[\w-]+\}/.test(l))).toEqual([]);
    expect(outside.replace(/`[^`\n]*`/g, "")).not.toMatch(/:tractor:/);
  }
  expect(texts[0]).toContain("# Stikstofgebruiksnorm 2025\n");
  expect(texts[0]).toContain("| Table 9 category | Werkingscoëfficiënt |");
  expect(texts[0]).toContain("farm 🚜");
});

test("an API twin is the function's reference in Markdown", async ({ page }) => {
  const twin = await (
    await page.request.get(site("/api/fdm-core/src/functions/addFarm.md"))
  ).text();
  expect(twin).toMatch(/^# Function: addFarm\(\)/m);
  expect(twin).toContain("## Parameters");
  expect(twin).toContain("FdmPermissionError");
});

test("llms.txt lists docs, API by package and kind, and blog; llms-full.txt holds every docs page", async ({
  page,
}) => {
  const llms = await (await page.request.get(site("/llms.txt"))).text();
  expect(llms).toMatch(/^# FDM\n\n> /);
  for (const section of [
    "## Docs",
    "## API reference",
    "## fdm-core: functions",
    "## fdm-calculator: type aliases",
    "## fdm-core: fdmSchema namespace",
    "## fdm-api: REST endpoints",
    "## Blog",
  ])
    expect(llms).toContain(`\n${section}\n`);
  expect(llms).toMatch(/- \[Installation\]\(https?:\/\/[^)]+\/fdm\/docs\/installation\.md\)/);
  const full = await (await page.request.get(site("/llms-full.txt"))).text();
  const docs = llms.slice(llms.indexOf("## Docs"), llms.indexOf("## API"));
  const docTitles = [...docs.matchAll(/^- \[([^\]]+)\]/gm)].map((m) => m[1]);
  expect(docTitles.length).toBeGreaterThan(10);
  expect(full).toContain("```ts");
  expect(full.indexOf("# Installation")).toBeGreaterThan(0);
});

test("the llmstxt.org reference parser keeps every link of llms.txt, one for each page of the sitemap", async ({
  page,
}) => {
  const llms = await (await page.request.get(site("/llms.txt"))).text();
  expect(llms).not.toMatch(/^###/m);
  const parsed = parseLlmsTxt(llms);
  // No section is lost to a repeated name.
  expect(parsed.sections.size).toBe(parsed.sectionCount);
  const kept = [...parsed.sections.values()].flat();
  expect(kept.length).toBe([...llms.matchAll(/^- \[/gm)].length);
  const twins = (await sitemapPaths(page)).map(twinOf).sort();
  expect(kept.map((l) => new URL(l.url).pathname).sort()).toEqual(twins);
  expect(kept.length).toBeGreaterThan(500);
});

test("each API page's description is one true sentence, the same in llms.txt and its meta description", async ({
  page,
}) => {
  const llms = await (await page.request.get(site("/llms.txt"))).text();
  const lines = [...llms.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)(?:: (.*))?$/gm)];
  const api = lines.filter(
    (m) => /\/fdm\/api\//.test(m[2] ?? "") || /\/fdm\/api\.md$/.test(m[2] ?? ""),
  );
  expect(api.length).toBeGreaterThan(500);
  const garbled = api
    .map((m) => m[3] ?? "")
    .filter((d) => !d || /\\|Defined in|\]\(|`|^\W/.test(d) || !/[.!?]$/.test(d));
  expect(garbled).toEqual([]);
  const descriptionOf = (path: string) =>
    lines.find((m) => (m[2] ?? "").endsWith(`/fdm${path}.md`))?.[3];
  expect(descriptionOf("/api/fdm-calculator/src/type-aliases/NLRegion")).toBe(
    "The soil regions (\"grondsoortregio's\") of the Meststoffenwet that RVO's Table 2 gives separate figures for, the same in every year so far.",
  );
  expect(descriptionOf("/api/fdm-api/src/variables/apiDefaults")).toBe(
    "The limits createApi applies when not told otherwise.",
  );
  expect(descriptionOf("/api/fdm-core/src/functions/addFarm")).toBe(
    "Adds a farm and makes the principal its owner, in one transaction.",
  );
  for (const path of [
    "/api/fdm-core/src/functions/addFarm",
    "/api/fdm-calculator/src/type-aliases/NLRegion",
  ]) {
    await page.goto(site(path));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      descriptionOf(path) ?? "",
    );
  }
});

test("Copy page as Markdown copies the page's twin, on docs and API pages only", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  for (const path of [
    "/docs/installation",
    "/api/fdm-core/src/functions/addFarm",
    // Index pages, and the norms overview that copied a stub.
    "/docs",
    "/api",
    "/docs/norms/nl/2025",
    "/api/fdm-core/src",
  ]) {
    await page.goto(site(path));
    await hydrated(page);
    const button = page.getByRole("link", { name: "Copy page as Markdown" });
    // Without JavaScript it is a link to the twin.
    await expect(button).toHaveAttribute("href", site(`${path}.md`));
    await button.click();
    await expect(page.getByRole("link", { name: "Copied" })).toBeVisible();
    await expect(page).toHaveURL(site(path)); // copied, not followed
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const twin = await (await page.request.get(site(`${path}.md`))).text();
    expect(copied).toBe(twin);
    expect(copied).toMatch(/^# /);
    expect(copied.split("\n").length).toBeGreaterThan(10);
  }
  // Not on a blog post, the home page or the glossary.
  for (const path of ["/blog", "/", "/glossary"]) {
    await page.goto(site(path));
    await expect(page.getByRole("link", { name: "Copy page as Markdown" })).toHaveCount(0);
  }
});
