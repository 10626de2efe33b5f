import { expect, hydrated, site, test } from "./fixtures";
import { pageKinds } from "./page-kinds";

/**
 * The server-rendered <title> is "Page | FDM"; while React hydrated, the
 * site-wide default once set the tab title to a bare "FDM" for a moment.
 * Every change of document.title from the first byte on is recorded.
 */
for (const [kind, path] of Object.entries(pageKinds)) {
  test(`the tab title of the ${kind} never reads just "FDM"`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { titles: string[] }).titles = seen;
      const record = () => seen.push(document.title);
      new MutationObserver(record).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
      document.addEventListener("DOMContentLoaded", record);
    });
    await page.goto(site(path));
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    // Head updates are flushed on animation frames: let two pass.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    const titles = await page.evaluate(() => (window as unknown as { titles: string[] }).titles);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.filter((t) => t.trim() === "FDM")).toEqual([]);
    await expect(page).toHaveTitle(/.+ \| FDM$/);
  });
}
