import { expect, hydrated, site, test } from "./fixtures";

/**
 * The routes of each docs folder and of the API reference load with their section
 * (src/internals/plugins/route-sections.ts): a reader moving between sections by links,
 * and back and forward, gets each page without a reload and never a "Page Not Found".
 */
test("client navigation across sections, back and forward: each page, no reload, no 404 flash", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen = { notFound: false };
    Object.assign(window, { fdmSeen: seen });
    new MutationObserver(() => {
      if (document.body?.textContent?.includes("Page Not Found")) seen.notFound = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto(site("/docs/core-concepts/asset-action-model"));
  await hydrated(page);
  await page.evaluate(() => Object.assign(window, { fdmSamePage: true }));
  const h1 = page.getByRole("heading", { level: 1 });
  await expect(h1).toHaveText("The asset-action model");

  // Each step: the link followed, the address and the heading it leads to.
  const steps = [
    { href: "/api", heading: "FDM API reference" },
    { href: "/blog", heading: "FDM release notes" },
    { href: "/blog/release-april-2025", heading: /April 2025/ },
    { href: "/docs", heading: "Introduction" },
    { href: "/docs/category/fertilizer-application-norms", heading: /norms/i },
    { href: "/docs/category/2025", heading: "Dutch norms for 2025" },
    { href: "/docs/norms/nl/2025/stikstofgebruiksnorm", heading: /^Stikstof.*norm 2025$/ },
  ];
  const headings: string[] = ["The asset-action model"];
  for (const { href, heading } of steps) {
    await page
      .locator(`a[href="${site(href)}"]:visible`)
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${site(href).replace(/\/$/, "")}/?$`));
    await expect(h1).toHaveText(heading);
    headings.push((await h1.textContent()) ?? "");
  }
  for (let i = headings.length - 2; i >= 0; i--) {
    await page.goBack();
    await expect(h1).toHaveText(headings[i] ?? "");
  }
  for (let i = 1; i < headings.length; i++) {
    await page.goForward();
    await expect(h1).toHaveText(headings[i] ?? "");
  }
  expect(await page.evaluate(() => "fdmSamePage" in window), "the page never reloaded").toBe(true);
  expect(
    await page.evaluate(() => (window as unknown as { fdmSeen: { notFound: boolean } }).fdmSeen),
  ).toEqual({ notFound: false });
});

test("a page of a section not yet loaded opens by its link, with its sidebar", async ({ page }) => {
  await page.goto(site("/"));
  await hydrated(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  // Hovering preloads the page: its section's routes, then its chunks.
  const link = page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Reference" });
  await link.hover();
  await expect.poll(() => scripts.some((url) => url.includes("/api-routes."))).toBe(true);
  await link.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("FDM API reference");
  await expect(page.getByRole("navigation", { name: "Docs sidebar" })).toBeVisible();
});

test("an API page loads its own package's routes only; a page of another package opens by its link", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const routeFiles = () =>
    scripts
      .filter((file) => /\/(routes-|api-routes)/.test(file))
      .map((file) => file.replace(/^.*\/|\.[0-9a-f]{8}\.js$/g, ""));
  await page.goto(site("/api/fdm-data/src/functions/getCultivationCatalogue"));
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  expect(routeFiles()).toEqual(["api-routes-fdm-data"]);
  await page.evaluate(() => Object.assign(window, { fdmSamePage: true }));
  const h1 = page.getByRole("heading", { level: 1 });
  await expect(h1).toHaveText("Function: getCultivationCatalogue()");

  await page
    .locator(`a[href="${site("/api/fdm-core/src")}"]:visible`)
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`${site("/api/fdm-core/src")}$`));
  await expect(h1).toHaveText("fdm-core");
  expect(routeFiles()).toContain("api-routes-fdm-core");
  await page.goBack();
  await expect(h1).toHaveText("Function: getCultivationCatalogue()");
  expect(await page.evaluate(() => "fdmSamePage" in window), "the page never reloaded").toBe(true);
});

test("a docs page loads the routes of its own folder only, and its sidebar", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(site("/docs/core-concepts/asset-action-model"));
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  const routeFiles = scripts.filter((file) => /\/(routes-|api-routes)/.test(file));
  expect(routeFiles.map((file) => file.replace(/^.*\/|\.[0-9a-f]{8}\.js$/g, ""))).toEqual([
    "routes-docs-core-concepts",
  ]);
  const sidebar = page.getByRole("navigation", { name: "Docs sidebar" });
  await expect(sidebar.locator("a[aria-current=page]")).toHaveAttribute(
    "href",
    site("/docs/core-concepts/asset-action-model"),
  );
  // The generated pages' sidebar (the e2e build's) is not this page's.
  await expect(sidebar.getByRole("link", { name: /^Generated page/ })).toHaveCount(0);
  expect(scripts.some((file) => file.includes("sidebar-generatedSidebar"))).toBe(false);
});
