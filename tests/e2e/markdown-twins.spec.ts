import { expect, hydrated, site, sitemapPaths, test } from "./fixtures";

// The Markdown twins and llms.txt (src/plugins/markdown-twins.ts), in the production build.

test("every page of the sitemap has a Markdown twin, linked from its head", async ({ page }) => {
  const paths = await sitemapPaths(page);
  expect(paths.length).toBeGreaterThan(300);
  const missing: string[] = [];
  for (const p of paths) {
    const twin = p === "/fdm/" ? "/fdm/index.md" : `${p.replace(/\/$/, "")}.md`;
    const response = await page.request.get(twin);
    if (response.status() !== 200 || !(await response.text()).startsWith("# ")) missing.push(twin);
  }
  expect(missing).toEqual([]);
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

test("an API twin is the function's reference in Markdown", async ({ page }) => {
  const twin = await (
    await page.request.get(site("/api/fdm-core/src/functions/addFarm.md"))
  ).text();
  expect(twin).toMatch(/^# Function: addFarm\(\)/m);
  expect(twin).toContain("## Parameters");
  expect(twin).toContain("FdmPermissionError");
});

test("llms.txt lists docs, API by package and blog; llms-full.txt holds every docs page", async ({
  page,
}) => {
  const llms = await (await page.request.get(site("/llms.txt"))).text();
  expect(llms).toMatch(/^# FDM\n\n> /);
  for (const section of ["## Docs", "## API: fdm-core", "## API: fdm-calculator", "## Blog"])
    expect(llms).toContain(section);
  expect(llms).toMatch(/- \[Installation\]\(https?:\/\/[^)]+\/fdm\/docs\/installation\.md\)/);
  const full = await (await page.request.get(site("/llms-full.txt"))).text();
  const docs = llms.slice(llms.indexOf("## Docs"), llms.indexOf("## API"));
  const docTitles = [...docs.matchAll(/^- \[([^\]]+)\]/gm)].map((m) => m[1]);
  expect(docTitles.length).toBeGreaterThan(10);
  expect(full).toContain("```ts");
  expect(full.indexOf("# Installation")).toBeGreaterThan(0);
});

test("Copy page as Markdown copies the page's twin, on docs and API pages only", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  for (const path of ["/docs/installation", "/api/fdm-core/src/functions/addFarm"]) {
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
  }
  // Not on a blog post, the home page or the glossary.
  for (const path of ["/blog", "/", "/glossary"]) {
    await page.goto(site(path));
    await expect(page.getByRole("link", { name: "Copy page as Markdown" })).toHaveCount(0);
  }
});
