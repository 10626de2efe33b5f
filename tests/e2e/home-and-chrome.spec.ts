import { expect, hydrated, repositoryUrl, site, test } from "./fixtures";

test.describe("home page", () => {
  test("shows the tagline, the four packages and where to start", async ({ page }) => {
    await page.goto(site("/"));
    await expect(page).toHaveTitle(/ \| FDM$/);
    await expect(page.getByRole("heading", { level: 1, name: "FDM" })).toBeVisible();
    await expect(page.getByText("Transforming Farm Data into Actionable Insights")).toBeVisible();
    for (const name of ["fdm-data", "fdm-core", "fdm-calculator", "fdm-api"]) {
      await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "fdm-data reference" })).toHaveAttribute(
      "href",
      site("/api/fdm-data/src"),
    );
  });

  test("counts four packages; fdm-api's card leads to the REST API; card titles are no Tab stop", async ({
    page,
  }) => {
    await page.goto(site("/"));
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 2, name: "Four packages" })).toBeVisible();
    await expect(page.locator("main")).not.toContainText(/three packages/i);
    const card = page.locator("section", {
      has: page.getByRole("heading", { level: 3, name: "fdm-api" }),
    });
    await expect(card.getByRole("link", { name: "REST API guide" })).toHaveAttribute(
      "href",
      site("/api/fdm-api/rest/overview"),
    );
    await expect(card.getByRole("link", { name: "Endpoint reference" })).toHaveAttribute(
      "href",
      site("/api/fdm-api/rest/endpoints"),
    );
    await expect(card.getByRole("link", { name: "fdm-api reference" })).toBeVisible();
    // No "#" anchor in a card's title: nothing there to focus.
    const titles = page.locator("main h3");
    await expect(titles).toHaveCount(4);
    await expect(titles.locator("a")).toHaveCount(0);
    // Tab from "Try it in your browser" goes straight to the first card's link.
    await page.getByRole("link", { name: "Try it in your browser" }).focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "fdm-data reference" })).toBeFocused();
    await card.getByRole("link", { name: "REST API guide" }).click();
    await expect(page).toHaveURL(site("/api/fdm-api/rest/overview"));
  });

  test("'Get started' and 'API reference' lead to their pages", async ({ page }) => {
    await page.goto(site("/"));
    await hydrated(page);
    await page.getByRole("link", { name: "Get started" }).click();
    await expect(page).toHaveURL(site("/docs/category/getting-started"));
    await expect(page.getByRole("heading", { level: 1, name: "Getting started" })).toBeVisible();
    await page.goBack();
    await page.getByRole("main").getByRole("link", { name: "API reference", exact: true }).click();
    await expect(page).toHaveURL(site("/api"));
    await expect(page.getByRole("heading", { level: 1, name: "FDM API reference" })).toBeVisible();
  });

  test("an exact match only: /fdm/ answers, /fdm/index/more does not", async ({ page }) => {
    expect((await page.request.get(site("/"))).status()).toBe(200);
    const missing = await page.goto(site("/index/more"));
    expect(missing?.status()).toBe(404);
  });
});

test.describe("navbar", () => {
  test("links to Docs, Reference, Blog and the source repository; shows the version", async ({
    page,
  }) => {
    await page.goto(site("/"));
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Docs", exact: true })).toHaveAttribute(
      "href",
      site("/docs"),
    );
    await expect(nav.getByRole("link", { name: "Reference" })).toHaveAttribute(
      "href",
      site("/api"),
    );
    await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("href", site("/blog"));
    const source = nav.getByRole("link", { name: "GitHub" });
    await expect(source).toHaveAttribute("href", repositoryUrl);
    await expect(source).toHaveAttribute("target", "_blank");
    await expect(nav.getByText("v1.0.0")).toBeVisible();
  });

  test("each internal navbar link opens a page with its heading", async ({ page }) => {
    const targets = [
      { name: "Docs", url: site("/docs"), heading: "Introduction" },
      { name: "Reference", url: site("/api"), heading: "FDM API reference" },
      { name: "Blog", url: site("/blog"), heading: null },
    ];
    for (const target of targets) {
      await page.goto(site("/"));
      await hydrated(page);
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: target.name, exact: true })
        .click();
      await expect(page).toHaveURL(target.url);
      if (target.heading) {
        await expect(page.getByRole("heading", { level: 1, name: target.heading })).toBeVisible();
      } else {
        await expect(page.locator("article h2").first()).toBeVisible();
      }
    }
  });
});

test.describe("footer", () => {
  const columns = {
    Docs: [
      ["Introduction", site("/docs")],
      ["Getting Started", null],
      ["Core Concepts", site("/docs/core-concepts/asset-action-model")],
      ["API Reference", site("/api")],
      ["Installation", site("/docs/installation")],
      ["Contributing", site("/docs/contributing")],
    ],
    Community: [["Discussions", `${repositoryUrl}/discussions`]],
    More: [
      ["Blog", site("/blog")],
      ["GitHub", repositoryUrl],
    ],
  } as const;

  test("has exactly three columns with the listed links, a 50 px logo and the version", async ({
    page,
  }) => {
    await page.goto(site("/"));
    const footer = page.locator("footer");
    await expect(footer.locator(".footer__title")).toHaveText(Object.keys(columns));
    for (const [title, links] of Object.entries(columns)) {
      const column = footer.locator(".footer__col", {
        has: page.getByText(title, { exact: true }),
      });
      await expect(column.getByRole("link")).toHaveText(links.map(([label]) => label));
      for (const [label, href] of links) {
        if (href)
          await expect(column.getByRole("link", { name: label })).toHaveAttribute("href", href);
      }
    }
    const gettingStarted = await footer
      .getByRole("link", { name: "Getting Started" })
      .getAttribute("href");
    expect([
      site("/docs/getting-started/prerequisites"),
      site("/docs/category/getting-started"),
    ]).toContain(gettingStarted);
    // One logo per colour mode is in the HTML; the one shown is 50 px.
    await expect(footer.getByRole("img", { name: "FDM logo" })).toHaveAttribute("height", "50");
    await expect(footer.getByText("FDM 1.0.0")).toBeVisible();
  });

  test("every internal footer link answers with a page that has a heading", async ({ page }) => {
    await page.goto(site("/"));
    const hrefs = await page
      .locator("footer a[href^='/fdm/']")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs.length).toBeGreaterThanOrEqual(7);
    for (const href of hrefs) {
      const response = await page.goto(href);
      expect(response?.status(), href).toBe(200);
      await expect(page.locator("h1, article h2").first(), href).toBeVisible();
    }
  });
});

test.describe("mobile navigation", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("below 996 px the links move into a menu that opens and navigates", async ({ page }) => {
    await page.goto(site("/"));
    await hydrated(page);
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Blog" })).toBeHidden();
    await page.getByRole("button", { name: "Toggle navigation bar" }).click();
    const menu = page.locator(".navbar-sidebar");
    await expect(menu.getByRole("link", { name: "Reference" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "GitHub" })).toBeVisible();
    await menu.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(site("/blog"));
    await expect(page.locator(".navbar-sidebar--show")).toHaveCount(0);
  });

  test("the menu is rendered when the reader reaches for its button, and slides in", async ({
    page,
  }) => {
    await page.goto(site("/docs/getting-started/prerequisites"));
    await hydrated(page);
    const menu = page.locator(".navbar-sidebar");
    // Not rendered with the page: on a docs page it holds the whole sidebar again.
    await expect(menu).toHaveCount(0);
    const button = page.getByRole("button", { name: "Toggle navigation bar" });
    await button.hover();
    // Rendered before the click, so that opening it is a transition, not a jump.
    await expect(menu).toHaveCount(1);
    await expect(page.locator(".navbar-sidebar--show")).toHaveCount(0);
    await button.click();
    await expect(page.locator(".navbar-sidebar--show")).toHaveCount(1);
    // On a docs page it opens on the docs sidebar, with a way back to the site's links.
    await expect(menu.getByRole("button", { name: "← Back to main menu" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Installation" })).toBeVisible();
    await menu.getByRole("link", { name: "Installation" }).click();
    await expect(page).toHaveURL(site("/docs/installation"));
    await expect(page.locator(".navbar-sidebar--show")).toHaveCount(0);
  });

  test("the menu opens from the keyboard", async ({ page }) => {
    await page.goto(site("/"));
    await hydrated(page);
    await page.getByRole("button", { name: "Toggle navigation bar" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.locator(".navbar-sidebar--show")).toHaveCount(1);
    await expect(page.locator(".navbar-sidebar").getByRole("link", { name: "Blog" })).toBeVisible();
  });

  test("the breakpoint is 996 px: 997 px shows the desktop navbar", async ({ page }) => {
    await page.setViewportSize({ width: 997, height: 740 });
    await page.goto(site("/"));
    await expect(page.getByRole("button", { name: "Toggle navigation bar" })).toBeHidden();
    await page.setViewportSize({ width: 996, height: 740 });
    await expect(page.getByRole("button", { name: "Toggle navigation bar" })).toBeVisible();
  });
});

test.describe("announcement bar", () => {
  test("can be dismissed, and stays dismissed after a reload", async ({ page }) => {
    await page.goto(site("/"));
    await hydrated(page);
    const bar = page.locator(".theme-announcement-bar");
    await expect(bar).toContainText("FDM 1.0.0 is out");
    // The link opens the release's own post: the newest post of the blog.
    const releaseNotes = bar.getByRole("link", { name: "release notes" });
    const href = await releaseNotes.getAttribute("href");
    await page.goto(site("/blog"));
    await expect(page.locator("article h2 a").first()).toHaveAttribute("href", href ?? "");
    await page.goto(site("/"));
    await hydrated(page);
    await bar.getByRole("button", { name: "Close" }).click();
    await expect(bar).toBeHidden();
    await page.reload();
    await hydrated(page);
    await expect(page.locator(".theme-announcement-bar")).toBeHidden();
    await page.goto(site("/docs"));
    await expect(page.locator(".theme-announcement-bar")).toBeHidden();
  });

  test("stays dismissed for the visit when storage is blocked", async ({ page }) => {
    // As with cookies and site data blocked: touching localStorage throws.
    await page.addInitScript(() => {
      for (const name of ["localStorage", "sessionStorage"]) {
        Object.defineProperty(window, name, {
          get() {
            throw new DOMException("The operation is insecure.", "SecurityError");
          },
        });
      }
    });
    await page.goto(site("/"));
    await hydrated(page);
    const bar = page.locator(".theme-announcement-bar");
    await bar.getByRole("button", { name: "Close" }).click();
    await expect(bar).toBeHidden();
    // Client-side navigations: the layout is rendered anew on each page.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Docs", exact: true })
      .click();
    await expect(page).toHaveURL(site("/docs"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(".theme-announcement-bar")).toBeHidden();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Blog" })
      .click();
    await expect(page).toHaveURL(site("/blog"));
    await expect(page.getByRole("heading", { level: 1, name: "FDM release notes" })).toBeVisible();
    await expect(page.locator(".theme-announcement-bar")).toBeHidden();
  });
});
