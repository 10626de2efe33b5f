import { expect, hydrated, repositoryUrl, site, sitemapPaths, test } from "./fixtures";

/** The docs routes this release must have; later issues add more (see the sitemap test). */
const required = [
  ["/docs", "Introduction"],
  ["/docs/installation", null],
  ["/docs/contributing", null],
  ["/docs/core-concepts/architecture-overview", null],
  ["/docs/core-concepts/asset-action-model", null],
  ["/docs/core-concepts/release", null],
  ["/docs/core-concepts/catalogues", null],
  ["/docs/getting-started/using-catalogues-fdm-data", null],
  ["/docs/category/getting-started", "Getting started"],
  ["/docs/category/core-concepts", "Core concepts"],
  ["/docs/tags", "Tags"],
  ["/glossary", "Glossary"],
] as const;

test("every required docs route answers 200 with its heading and a '| FDM' title", async ({
  page,
}) => {
  for (const [path, heading] of required) {
    const response = await page.goto(site(path));
    expect(response?.status(), path).toBe(200);
    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1, path).toHaveCount(1);
    if (heading) await expect(h1, path).toHaveText(heading);
    await expect(page, path).toHaveTitle(/ \| FDM$/);
  }
});

test("every docs, tag and glossary page in the sitemap answers 200 with one h1", async ({
  page,
}) => {
  const paths = (await sitemapPaths(page)).filter((p) => /^\/fdm\/(docs|glossary)/.test(p));
  for (const [path] of required) expect(paths).toContain(site(path));
  for (const path of paths) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect((await response.text()).match(/<h1[ >]/g)?.length, path).toBe(1);
  }
});

test("docs tag pages list the pages carrying the tag", async ({ page }) => {
  await page.goto(site("/docs/tags"));
  const tags = page.locator("main a[href^='/fdm/docs/tags/']");
  expect(await tags.count()).toBeGreaterThan(0);
  await page.goto(site("/docs/tags/fdm-data"));
  await expect(page.getByRole("heading", { level: 1 })).toContainText('tagged with "fdm-data"');
  await expect(page.locator("article").first()).toBeVisible();
});

test("the docs sidebar cannot be hidden and its categories are open", async ({ page }) => {
  await page.goto(site("/docs/core-concepts/asset-action-model"));
  await hydrated(page);
  const sidebar = page.getByRole("navigation", { name: "Docs sidebar" });
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole("button", { name: "Collapse sidebar", exact: true })).toHaveCount(0);
  for (const category of ["Getting started", "Core concepts"]) {
    await expect(
      sidebar.getByRole("button", { name: `Collapse sidebar category '${category}'` }),
    ).toHaveAttribute("aria-expanded", "true");
  }
  // Opening another page does not collapse the category of the previous one.
  await sidebar
    .getByRole("link", { name: /catalogues/i })
    .first()
    .click();
  await expect(sidebar.getByRole("link", { name: /architecture/i })).toBeVisible();
});

test("the table of contents lists the h2 and h3 headings only", async ({ page }) => {
  for (const path of [
    "/docs/core-concepts/catalogues",
    "/docs/getting-started/using-catalogues-fdm-data",
  ]) {
    await page.goto(site(path));
    const headings = await page
      .locator("article .markdown h2[id], article .markdown h3[id]")
      .evaluateAll((hs) => hs.map((h) => `#${h.id}`));
    const toc = await page
      .locator(".table-of-contents a")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(toc, path).toEqual(headings);
  }
});

test("code blocks have a copy button and a different theme in dark mode", async ({ page }) => {
  await page.goto(site("/docs/getting-started/using-catalogues-fdm-data"));
  await hydrated(page);
  const block = page.locator("article .theme-code-block").first();
  await block.hover();
  await expect(block.getByRole("button", { name: /copy code/i })).toBeVisible();
  const background = () =>
    block.locator("pre").evaluate((pre) => getComputedStyle(pre).backgroundColor);
  const light = await background();
  await page.goto(site("/docs/getting-started/using-catalogues-fdm-data?docusaurus-theme=dark"));
  expect(await background()).not.toBe(light);
});

test("code blocks keep their highlighting through hydration, line wrapping and a client-side navigation", async ({
  page,
}) => {
  // The client bundle carries no highlighted HTML (src/internals/loaders/strip-highlighted-html-loader.cjs).
  await page.goto(site("/docs/norms/nl/2025"));
  await hydrated(page);
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  await page.locator('article a[href$="/docs/norms/nl/2025/stikstofgebruiksnorm"]').first().click();
  await expect(page).toHaveURL(/\/docs\/norms\/nl\/2025\/stikstofgebruiksnorm$/);
  // Still the same document: the page was rendered in the browser, not loaded.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  const code = page.locator("article .theme-code-block code").first();
  await expect(code.locator(".token.keyword").first()).toHaveText("import");

  await page.reload();
  await hydrated(page);
  const block = page.locator("article .theme-code-block").first();
  await expect(block.locator("code .token.keyword").first()).toHaveText("import");
  await block.hover();
  await block.getByRole("button", { name: "Wrap long lines" }).click();
  await expect(block.getByRole("button", { name: "Wrap long lines" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect(await block.locator("code").evaluate((c) => getComputedStyle(c).whiteSpace)).toBe(
    "pre-wrap",
  );
  await expect(block.locator("code .token.keyword").first()).toHaveText("import");
});

test("admonitions show their kind and text, through hydration and after a client-side navigation", async ({
  page,
}) => {
  // src/theme/Admonition loads the theme's admonition with the first page that shows one.
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const expected = [
    ["note", /does not change the database on its own/],
    ["warning", /PGlite is a single connection/],
    ["tip", /create it once per process and share it/],
  ] as const;
  const check = async () => {
    for (const [kind, text] of expected) {
      const box = page.locator(`article .theme-admonition-${kind}`);
      await expect(box, kind).toHaveCount(1);
      await expect(box, kind).toBeVisible();
      await expect(box, kind).toContainText(new RegExp(`^${kind}`, "i"));
      await expect(box, kind).toContainText(text);
      await expect(box.locator("svg"), kind).toHaveCount(1);
    }
  };
  await page.goto(site("/docs/getting-started/setup-connection"));
  await check();
  await hydrated(page);
  await check();

  await page.goto(site("/docs/installation"));
  await hydrated(page);
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  await page.locator('nav a[href$="/docs/getting-started/setup-connection"]').first().click();
  await expect(page).toHaveURL(/\/docs\/getting-started\/setup-connection$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await check();
  expect(errors).toEqual([]);
});

test("pages render emoji shortcodes and link to their source for editing", async ({ page }) => {
  await page.goto(site("/docs"));
  await expect(page.locator("article")).toContainText("🚜");
  await expect(page.locator("article")).not.toContainText(":tractor:");
  await expect(page.getByRole("link", { name: "Edit this page" })).toHaveAttribute(
    "href",
    `${repositoryUrl}/edit/main/docs/index.mdx`,
  );
});

test("links to exported names in the docs open their API page", async ({ page }) => {
  const paths = (await sitemapPaths(page)).filter((p) => /^\/fdm\/(docs|blog)\//.test(p));
  const targets = new Set<string>();
  for (const path of paths) {
    const html = await (await page.request.get(path)).text();
    for (const m of html.matchAll(/href="?(\/fdm\/api\/[^"#\s>]+)[^>]*><code/g))
      targets.add(m[1] ?? "");
  }
  expect(targets.size).toBeGreaterThan(0);
  for (const target of targets) {
    expect((await page.request.get(target)).status(), target).toBe(200);
  }
});

// Laying out off-screen blocks only near the viewport (content-visibility: auto) was
// tried for speed, and failed this: the heights it guesses move the heading (see the
// contributing page's Performance section).
test("a link to a heading far down a long page lands on that heading, on a phone and a desktop", async ({
  page,
}) => {
  const targets = [
    ["/docs/norms/nl/2025/stikstofgebruiksnorm", "worked-example-1"],
    ["/glossary", "traces"],
    ["/docs/core-concepts/asset-action-model", null],
  ] as const;
  for (const viewport of [
    { width: 375, height: 667 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    for (const [path, given] of targets) {
      // Without a given id: the page's last h2.
      const id =
        given ??
        (await (async () => {
          await page.goto(site(path));
          return page.locator("article h2[id]").last().getAttribute("id");
        })());
      await page.goto(`${site(path)}#${id}`);
      await hydrated(page);
      const heading = page.locator(`[id="${id}"]`);
      // Give late layout (blocks coming into view, the route's chunks) time to move it.
      await page.waitForTimeout(500);
      const box = await heading.boundingBox();
      const where = `${path}#${id} at ${viewport.width} px`;
      expect(box, where).not.toBeNull();
      expect(box?.y ?? -1, where).toBeGreaterThanOrEqual(0);
      expect(box?.y ?? 1e9, where).toBeLessThan(viewport.height / 3);
      await expect(heading, where).toBeInViewport();
    }
  }
});

test("the nitrogen-balance chart is legible on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(site("/docs/balance/nitrogen"));
  const chart = page.getByRole("img", { name: "Nitrogen balance per field, kg N/ha" });
  await expect(chart).toHaveCount(1);
  const textHeight = await chart.evaluate((svg) => {
    const text = svg.querySelector("text");
    return text ? text.getBoundingClientRect().height : 0;
  });
  // 12-unit text in a 340-unit drawing on a 343 px column: about 12 px tall with its line box.
  expect(textHeight).toBeGreaterThan(10);
});

for (const width of [1280, 375]) {
  test(`the Introduction's package names stay whole, never "fdm-" / "calculator" (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(site("/docs"));
    const table = page.locator(".markdown table", { hasText: "fdm-calculator" }).first();
    for (const name of ["fdm-data", "fdm-core", "fdm-calculator", "fdm-api"]) {
      const code = table.locator("td code", { hasText: name }).first();
      // One line box: a name broken at its hyphen has two.
      const lines = await code.evaluate((el) => el.getClientRects().length);
      expect(lines, name).toBe(1);
    }
  });
}

test("the docs count four packages, and the release tags include fdm-api", async ({ page }) => {
  await page.goto(site("/docs/core-concepts/architecture-overview"));
  const article = page.locator("article");
  await expect(article).toContainText("the four packages live under packages/");
  await expect(article).not.toContainText(/three packages/i);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /^How the four FDM packages/,
  );
  await page.goto(site("/docs/core-concepts/release"));
  await expect(page.locator("article li", { hasText: "is tagged" })).toContainText(
    "fdm-data, fdm-core, fdm-calculator, fdm-api, fdm-docs",
  );
});

test("a link to another page's heading navigates in the page and opens it at that heading", async ({
  page,
}) => {
  await page.goto(site("/docs/core-concepts/asset-action-model"));
  await hydrated(page);
  await page.evaluate(() => {
    (window as unknown as { fdmSamePage: boolean }).fdmSamePage = true;
  });
  await page
    .locator(`a[href="${site("/glossary#perceel")}"]`)
    .first()
    .click();
  await expect(page).toHaveURL(site("/glossary#perceel"));
  await expect(page.locator("#perceel")).toBeInViewport();
  // A client-side navigation: the window (and its state) is the same.
  expect(await page.evaluate(() => "fdmSamePage" in window)).toBe(true);
});
