import { expect, hydrated, site, test } from "./fixtures";

test("an unknown path shows the not-found page with a 404 status", async ({ page }) => {
  for (const path of ["/no/such/page", "/docs/no-such-page", "/api/fdm-data/src/functions/nope"]) {
    const response = await page.goto(site(path));
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("Page Not Found");
    await expect(page, path).toHaveTitle("Page Not Found | FDM");
    // A way on: the search box and the three ways into the site, in the page's content.
    const content = page.getByRole("main");
    const search = content.getByRole("search", { name: "Search the site" });
    await expect(search.getByRole("textbox", { name: "Search" }), path).toBeVisible();
    for (const [name, href] of [
      ["Documentation", "/fdm/docs"],
      ["API reference", "/fdm/api"],
      ["Release notes", "/fdm/blog"],
    ]) {
      await expect(content.getByRole("link", { name, exact: true }), path).toHaveAttribute(
        "href",
        href,
      );
    }
  }
});

test("the not-found page's search box searches", async ({ page }) => {
  await page.goto(site("/no/such/page"));
  await hydrated(page);
  const search = page.getByRole("search", { name: "Search the site" });
  await search.getByPlaceholder("Search").click();
  await page.keyboard.type("getCultivationCatalogue");
  // The first search fetches the index (about 0.9 MB gzip): seconds on a busy machine.
  const first = search.locator("div[role=option]").first();
  await expect(first).toContainText("getCultivationCatalogue", { timeout: 15_000 });
});

test("client-side navigation to an unknown path shows the not-found page", async ({ page }) => {
  await page.goto(site("/"));
  await hydrated(page);
  await page.evaluate(() => {
    window.history.pushState({}, "", "/fdm/nowhere");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
});

test.describe("crash screen", () => {
  test("shows 'This page crashed', each cause, and 'Try again' renders the page anew", async ({
    page,
  }) => {
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => pageErrors.push(e.message));
    await page.goto(site("/test/crash"));
    await hydrated(page);
    await expect(page.locator("meta[name=robots]")).toHaveAttribute("content", /noindex/);
    await page.getByRole("button", { name: "Crash this page" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page crashed");
    await expect(
      page.getByRole("list", { name: /Error messages/ }).getByRole("listitem"),
    ).toHaveText([
      "Rendering the crash test widget failed",
      "Caused by: Loading the sample farm's cultivations failed",
      "Caused by: Cultivation catalogue 'brp' has no item with id 'nl_9999'",
    ]);
    // The navbar stays, so the reader can leave.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crash test");
    await expect(page.getByRole("button", { name: "Crash this page" })).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test("the test route is not part of the sitemap or the search index", async ({ page }) => {
    const sitemap = await (await page.request.get(site("/sitemap.xml"))).text();
    expect(sitemap).toContain("/fdm/docs");
    expect(sitemap).not.toContain("/fdm/test/");
    const index = await (await page.request.get(site("/search-index.json"))).text();
    expect(index).not.toContain("Crash test");
  });
});

test.describe("browser storage blocked", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      for (const name of ["localStorage", "sessionStorage"]) {
        Object.defineProperty(window, name, {
          get() {
            throw new DOMException("The user blocked storage", "SecurityError");
          },
        });
      }
    });
  });

  test("pages still render and work, with a console warning", async ({ page }) => {
    const warnings: string[] = [];
    const pageErrors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    page.on("pageerror", (e) => pageErrors.push(e.message));
    await page.goto(site("/"));
    await hydrated(page);
    await expect(page.getByText("Transforming Farm Data into Actionable Insights")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");

    // The toggle still switches for the page's lifetime; nothing is kept.
    await page.getByRole("button", { name: /Switch between dark and light mode/ }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await page.locator(".theme-announcement-bar").getByRole("button", { name: "Close" }).click();
    await expect(page.locator(".theme-announcement-bar")).toBeHidden();

    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Reference" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "FDM API reference" })).toBeVisible();
    expect(warnings.some((w) => w.includes("browser storage is not available"))).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});

test("a route bundle that fails to load reloads the page once, not in a loop", async ({ page }) => {
  const loaded = new Set<string>();
  let blocking = false;
  await page.route("**/fdm/assets/js/*.js", (route) => {
    const url = route.request().url();
    if (blocking && !loaded.has(url)) return route.abort("failed");
    loaded.add(url);
    return route.continue();
  });
  // No prefetching, so the target's bundles are first requested on the click.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "connection", {
      value: { saveData: true, effectiveType: "4g" },
    });
  });
  let loads = 0;
  page.on("load", () => {
    loads += 1;
  });
  await page.goto(site("/"));
  await hydrated(page);
  blocking = true;
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
  // The reload lands on the target; its server-rendered content is readable.
  await expect(page).toHaveURL(site("/blog"));
  await expect(page.locator("article h2").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(loads).toBe(2);
});
