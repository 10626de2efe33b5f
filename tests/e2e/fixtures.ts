import { test as base, expect, type Page } from "@playwright/test";

export { expect };

/** Paths are written relative to the site's base path. */
export const site = (path: string): string => `/fdm${path}`;

export const repositoryUrl = "https://github.com/fdm-project/fdm";

/**
 * Every test records the requests its pages make. Anything addressed to a host
 * other than 127.0.0.1 is blocked, and fails the test: the site must work
 * offline and call no one.
 */
export const test = base.extend<{ foreignRequests: string[] }>({
  foreignRequests: [
    async ({ context }, use) => {
      const foreign: string[] = [];
      await context.route(
        (url) => /^(https?|wss?):$/.test(url.protocol) && url.hostname !== "127.0.0.1",
        (route) => {
          foreign.push(route.request().url());
          return route.abort("blockedbyclient");
        },
      );
      await use(foreign);
      expect(foreign, "requests to hosts other than 127.0.0.1").toEqual([]);
    },
    { auto: true },
  ],
});

/** Waits until React has taken over the server-rendered page. */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-has-hydrated", "true");
  // Parts hydrated in tasks of their own (src/components/HydrateLater.tsx) are done too.
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrating-later");
}

/** Site paths (with /fdm) listed in the build's sitemap. */
export async function sitemapPaths(page: Page): Promise<string[]> {
  const response = await page.request.get(site("/sitemap.xml"));
  expect(response.status()).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
}
