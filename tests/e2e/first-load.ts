import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { hydrated, site } from "./fixtures";

/** main.b222f12e.js -> main.js: the name without its content hash. */
export const stableName = (url: string): string => {
  const file = new URL(url).pathname.replace(/^\/fdm\//, "/");
  return file.replace(/\.[0-9a-f]{8}\.(js|css)$/, ".$1");
};

/**
 * The HTML, CSS and JS a page loads until it has hydrated and the network is idle, each
 * file's gzip size (level 9) in KB, by its name without hash.
 */
export async function firstLoad(page: Page, path: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "document" && type !== "stylesheet" && type !== "script") return;
    pending.push(
      response
        .body()
        .then((body) => {
          const name =
            type === "document"
              ? `${stableName(response.url())} (HTML)`
              : stableName(response.url());
          sizes.set(name, gzipSync(body, { level: 9 }).length / 1024);
        })
        .catch(() => {}),
    );
  });
  // Until hydrated (the page's chunks are loaded before React hydrates), then until the
  // network is idle.
  await page.goto(site(path));
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  return sizes;
}

export const totalKb = (sizes: Map<string, number>): number =>
  [...sizes.values()].reduce((a, b) => a + b, 0);
