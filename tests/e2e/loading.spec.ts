import type { Page } from "@playwright/test";
import { expect, hydrated, site, test } from "./fixtures";

/** Route bundles the page asked the browser to prefetch. */
const prefetched = (page: Page) => page.locator("head link[rel=prefetch]");

async function setConnection(page: Page, connection: { saveData: boolean; effectiveType: string }) {
  await page.addInitScript((value) => {
    Object.defineProperty(navigator, "connection", { value });
  }, connection);
}

test("links in view are prefetched, and hovering a link preloads its page", async ({ page }) => {
  await page.goto(site("/"));
  await hydrated(page);
  await expect.poll(() => prefetched(page).count()).toBeGreaterThan(0);
});

test("each file is prefetched once, and none the page already runs as a script", async ({
  page,
}) => {
  // A docs page: its sidebar links to dozens of pages that share most of their chunks.
  await page.goto(site("/docs/core-concepts/asset-action-model"));
  await hydrated(page);
  await expect.poll(() => prefetched(page).count()).toBeGreaterThan(0);
  await page.waitForLoadState("networkidle");
  // Prefetches are appended in idle time, with a 2 s deadline.
  await page.waitForTimeout(2500);
  const { links, scripts } = await page.evaluate(() => ({
    links: [...document.querySelectorAll("head link[rel=prefetch]")].map(
      (link) => link.getAttribute("href") ?? "",
    ),
    scripts: [...document.scripts].map((script) => script.getAttribute("src")),
  }));
  expect(links.filter((href, i) => links.indexOf(href) !== i)).toEqual([]);
  expect(links.filter((href) => scripts.includes(href))).toEqual([]);
  // Still the chunks of the dozens of pages linked from the sidebar.
  expect(links.length).toBeGreaterThan(20);
});

for (const connection of [
  { saveData: true, effectiveType: "4g" },
  { saveData: false, effectiveType: "slow-2g" },
]) {
  test(`nothing is prefetched with saveData=${connection.saveData}, ${connection.effectiveType}`, async ({
    page,
  }) => {
    await setConnection(page, connection);
    const scripts: string[] = [];
    await page.goto(site("/"));
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Blog" })
      .hover();
    await page.waitForLoadState("networkidle");
    expect(await prefetched(page).count()).toBe(0);
    expect(scripts).toEqual([]);
    // Navigation still works: the bundles load on the click instead.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Blog" })
      .click();
    await expect(page).toHaveURL(site("/blog"));
    await expect(page.locator("article h2").first()).toBeVisible();
  });
}

test("a slow route change shows the progress bar until the page is ready", async ({ page }) => {
  await setConnection(page, { saveData: true, effectiveType: "4g" });
  let slow = false;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/fdm/assets/js/*.js", async (route) => {
    if (slow) await gate;
    return route.continue();
  });
  await page.goto(site("/"));
  await hydrated(page);
  slow = true;
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
  // The old page stays while the new one loads, with the bar on top: a 2 px strip across
  // the window in the primary colour (a ::before of <html>, src/internals/client/route-progress.ts).
  await expect(page.locator("html")).toHaveAttribute("data-fdm-navigating", "");
  const bar = await page.evaluate(() => {
    const style = getComputedStyle(document.documentElement, "::before");
    return { content: style.content, position: style.position, height: style.height };
  });
  expect(bar).toEqual({ content: '""', position: "fixed", height: "2px" });
  await expect(page.getByText("Transforming Farm Data into Actionable Insights")).toBeVisible();
  release();
  await expect(page).toHaveURL(site("/blog"));
  await expect(page.locator("article h2").first()).toBeVisible();
  await expect(page.locator("html")).not.toHaveAttribute("data-fdm-navigating", /.*/);
});

// src/internals/plugins/lean-client-data.ts maps the server render's modules to chunks, so the
// HTML's loader (src/internals/plugins/ssr-template.ts) starts the route's chunks with main.js.
for (const [kind, path, extra] of [
  ["docs page", "/docs/core-concepts/asset-action-model", null],
  ["API page", "/api/fdm-data/src/functions/getCultivationCatalogue", "/api-routes-fdm-data."],
  ["API index", "/api", "/api-routes."],
] as const) {
  test(`the ${kind}'s HTML starts its route's chunks, and each script loads once`, async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") requested.push(new URL(r.url()).pathname);
    });
    const response = await page.goto(site(path));
    await hydrated(page);
    const html = (await response?.text()) ?? "";
    const listed = JSON.parse(
      html.match(/=(\["[^"\]]*\/runtime~main\.[^\]]*\])/)?.[1] ?? "[]",
    ) as string[];
    expect(listed[0], "the runtime first").toMatch(/\/runtime~main\.\w+\.js$/);
    expect(listed[1], "then main.js").toMatch(/\/main\.\w+\.js$/);
    // The page's own content chunk and the theme's layout chunks come with them.
    expect(listed.length, listed.join("\n")).toBeGreaterThan(6);
    if (extra) expect(listed.some((url) => url.includes(extra))).toBe(true);
    for (const url of listed) expect(requested, url).toContain(url);
    const sources = await page
      .locator("script[src]")
      .evaluateAll((scripts) => scripts.map((s) => s.getAttribute("src")));
    expect(sources.length, "no script element twice").toBe(new Set(sources).size);
    expect(requested.length, "no script requested twice").toBe(new Set(requested).size);
  });
}
