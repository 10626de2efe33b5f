import { expect, hydrated, repositoryUrl, site, sitemapPaths, test } from "./fixtures";

const firstPost = { slug: "release-april-2025" };

test("the blog routes answer 200 with their headings", async ({ page }) => {
  const routes: [string, RegExp | string][] = [
    ["/blog/archive", "Archive"],
    ["/blog/authors", "Authors"],
    ["/blog/authors/fdm-team", /FDM team/],
    ["/blog/tags", "Tags"],
    ["/blog/tags/release", /tagged with "release"/],
    [`/blog/${firstPost.slug}`, /\S/],
  ];
  for (const [path, heading] of routes) {
    const response = await page.goto(site(path));
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }).first(), path).toHaveText(heading);
    await expect(page, path).toHaveTitle(/ \| FDM$/);
  }
  const list = await page.goto(site("/blog"));
  expect(list?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("FDM release notes");
  await expect(page.locator("article h2 a").first()).toBeVisible();
});

test("every blog page in the sitemap answers 200, and every tag in use has a page", async ({
  page,
}) => {
  const paths = (await sitemapPaths(page)).filter((p) => p.startsWith(site("/blog")));
  for (const path of paths) expect((await page.request.get(path)).status(), path).toBe(200);
  await page.goto(site("/blog/tags"));
  const tagLinks = await page
    .locator("main a[href^='/fdm/blog/tags/']")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(tagLinks).toEqual(expect.arrayContaining([site("/blog/tags/release")]));
  for (const href of tagLinks) expect(paths).toContain(href);
  // Tags come only from blog/tags.yml, all of them lower-case package or topic names.
  const allowed = [
    "fdm-api",
    "fdm-app",
    "fdm-calculator",
    "fdm-core",
    "fdm-data",
    "fdm-docs",
    "release",
  ];
  for (const href of tagLinks) expect(allowed).toContain(href.split("/").pop());
});

test("a post shows its date, reading time, author, tags and edit link", async ({ page }) => {
  await page.goto(site(`/blog/${firstPost.slug}`));
  const article = page.locator("article");
  await expect(article.locator("time")).toBeVisible();
  await expect(article.getByText(/\d+ min read/)).toBeVisible();
  await expect(article.getByRole("link", { name: "FDM team" })).toHaveAttribute(
    "href",
    site("/blog/authors/fdm-team"),
  );
  await expect(article.getByRole("link", { name: "release", exact: true })).toHaveAttribute(
    "href",
    site("/blog/tags/release"),
  );
  await expect(page.getByRole("link", { name: "Edit this page" })).toHaveAttribute(
    "href",
    new RegExp(`^${repositoryUrl}/edit/main/blog/`),
  );
});

test("the blog sidebar groups posts by year", async ({ page }) => {
  await page.goto(site(`/blog/${firstPost.slug}`));
  const sidebar = page.getByRole("navigation", { name: "Blog recent posts navigation" });
  await expect(sidebar.getByRole("heading", { name: "2025" })).toBeVisible();
  await expect(sidebar.getByRole("link").first()).toBeVisible();
});

test("the list page links to each post, which opens", async ({ page }) => {
  await page.goto(site("/blog"));
  await hydrated(page);
  await page.locator("article h2 a").last().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/fdm\/blog\/release-[a-z]+-\d{4}$/);
});

test("RSS and Atom feeds parse and list every post of the archive", async ({ page }) => {
  await page.goto(site("/blog/archive"));
  const archived = await page
    .locator("main a[href^='/fdm/blog/release-']")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? "").sort());
  expect(archived).toContain(site(`/blog/${firstPost.slug}`));

  for (const [feed, itemSelector, linkOf] of [
    ["rss.xml", "channel > item", "link"],
    ["atom.xml", "feed > entry", "link[href]"],
  ] as const) {
    const response = await page.request.get(site(`/blog/${feed}`));
    expect(response.status(), feed).toBe(200);
    const xml = await response.text();
    const items = await page.evaluate(
      ({ xml, itemSelector, linkOf }) => {
        const doc = new DOMParser().parseFromString(xml, "application/xml");
        if (doc.querySelector("parsererror")) throw new Error("feed does not parse");
        return [...doc.querySelectorAll(itemSelector)].map((item) => {
          const link = item.querySelector(linkOf);
          return {
            title: item.querySelector("title")?.textContent ?? "",
            link: link?.getAttribute("href") ?? link?.textContent ?? "",
          };
        });
      },
      { xml, itemSelector, linkOf },
    );
    expect(items.map((i) => new URL(i.link).pathname).sort(), feed).toEqual(archived);
    for (const item of items) expect(item.title, feed).not.toBe("");
  }
});

test("the archive lists every post newest first, under newest-first years", async ({ page }) => {
  await page.goto(site("/blog/archive"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Archive");
  // One title: the description says what the page holds instead of repeating it.
  await expect(page.locator(".hero__subtitle")).toHaveText("Every FDM release note, newest first.");
  const years = await page.getByRole("heading", { level: 2 }).allTextContents();
  expect(years).toEqual([...years].sort().reverse());
  const hrefs = await page
    .locator("main li a")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  // Post slugs end in their month and year, e.g. release-november-2026.
  const months = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
  ];
  const keyOf = (href: string) => {
    const [, month, year] = href.match(/release-(\w+)-(\d{4})$/) ?? [];
    return Number(year) * 100 + months.indexOf(month ?? "");
  };
  expect(hrefs.length).toBeGreaterThan(10);
  const keys = hrefs.map(keyOf);
  expect(keys).toEqual([...keys].sort((a, b) => b - a));
});
