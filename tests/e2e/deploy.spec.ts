import { expect, site, test } from "./fixtures";

/**
 * The production build's absolute links come from FDM_SITE_URL (default
 * https://fdm-project.github.io; README, "Deploying"): no feed, sitemap or
 * canonical link may point at a development server.
 */
const local = /\/\/(localhost|127\.0\.0\.1|0\.0\.0\.0)([:/]|$)/;

test("no feed or sitemap link points at localhost", async ({ page }) => {
  for (const file of ["/sitemap.xml", "/blog/rss.xml", "/blog/atom.xml"]) {
    const response = await page.request.get(site(file));
    expect(response.status(), file).toBe(200);
    const xml = await response.text();
    // The feeds' and sitemap's own links; a post's content may link anywhere.
    const links = [
      ...xml.matchAll(/<(?:loc|link|id|guid)[^>]*>([^<]+)</g),
      ...xml.matchAll(/<link [^>]*href="([^"]+)"/g),
    ].map((m) => m[1] ?? "");
    expect(links.length, file).toBeGreaterThan(2);
    expect(
      links.filter((link) => local.test(link)),
      file,
    ).toEqual([]);
    const absolute = links.filter((link) => /^https?:/.test(link));
    expect(absolute.length, file).toBeGreaterThan(0);
    for (const link of absolute.filter((l) => !l.includes("github.com"))) {
      expect(new URL(link).pathname, `${file}: ${link}`).toMatch(/^\/fdm(\/|$)/);
    }
  }
});

test("a page's canonical link is on the site's public URL", async ({ page }) => {
  await page.goto(site("/docs/core-concepts/asset-action-model"));
  const canonical = await page.locator("link[rel=canonical]").getAttribute("href");
  expect(canonical).not.toMatch(local);
  expect(canonical).toMatch(/^https:\/\/[^/]+\/fdm\/docs\/core-concepts\/asset-action-model$/);
});
