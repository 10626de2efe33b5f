import { expect, hydrated, site, test } from "./fixtures";
import { pageKinds } from "./page-kinds";

/**
 * The browser takes over each page's server-rendered HTML as it is: a mismatch
 * makes React 18 report an error, throw the HTML away and render the page
 * again on the main thread (on the norms page that cost 470 ms at Lighthouse's
 * 4x slowdown). Every page kind, and the pages with the in-browser toolkit.
 */
const pages = {
  ...pageKinds,
  "docs page with samples": "/docs/getting-started/using-catalogues-fdm-data",
  playground: "/playground",
  "2026 norms page": "/docs/norms/nl/2026/renure",
};

for (const [name, path] of Object.entries(pages)) {
  test(`the ${name} hydrates without a mismatch or an error`, async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(site(path));
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });
}

test("a sample's stylesheet applies in the browser, child combinator included", async ({
  page,
}) => {
  await page.goto(site("/docs/getting-started/using-catalogues-fdm-data"));
  // `.fdm-run-sample > :first-child { margin-bottom: 0.5rem }` (src/components/toolkit/styles.ts);
  // served as "&gt;", the rule would not match and the code block keep its own margin.
  const margin = await page
    .locator(".fdm-run-sample > :first-child")
    .first()
    .evaluate((element) => getComputedStyle(element).marginBottom);
  expect(margin).toBe("8px");
});
