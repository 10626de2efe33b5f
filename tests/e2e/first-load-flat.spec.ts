import { appendFileSync } from "node:fs";
import { firstLoad, totalKb } from "./first-load";
import { expect, hydrated, site, test } from "./fixtures";
import { type PageKind, pageKinds } from "./page-kinds";

/**
 * The first load of a page does not grow with the number of pages of the site. The e2e
 * build (`npm run build:e2e`) has 1,000 generated docs pages more than the production
 * build (FDM_GENERATED_DOCS in docusaurus.config.ts); an existing page of each kind below
 * must weigh what it weighs in the production build, within 1 KB gzip.
 *
 * The production figures are recorded, not built here: a second build would add two
 * minutes or more to CI, whose e2e build already takes about six. Recorded
 * 29 November 2026, again after the pages moved to Preact and the API routes were split per package (this file's measurement, run against a production build copied to
 * build-e2e/ with FDM_FIRST_LOAD_REPORT=<file>); record them again when a page kind's
 * weight changes for another reason (the weight budgets in weight.spec.ts move with them).
 * Before the route sections (src/internals/plugins/route-sections.ts) the 1,000 pages
 * added 43.2 KB to the home, 58.3 KB to the docs page and 43.3 KB to the API page.
 */
const production: Partial<Record<PageKind, number>> = {
  home: 78.42,
  "docs page": 110.04,
  "API page": 102.38,
};
const generatedPages = 1000;

test("the e2e build has the generated pages, in a sidebar of their own", async ({ page }) => {
  await page.goto(site(`/docs/generated-for-test/group-10/page-${generatedPages}`));
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Generated page ${generatedPages}`,
  );
  const sidebar = page.getByRole("navigation", { name: "Docs sidebar" });
  await expect(sidebar.getByRole("link", { name: "Generated page 999" })).toBeAttached();
  await expect(
    sidebar.locator(`a[href="${site("/docs/core-concepts/asset-action-model")}"]`),
  ).toHaveCount(0);
});

for (const [kind, kb] of Object.entries(production) as [PageKind, number][]) {
  test(`the first load of the ${kind} is what it is without the 1,000 generated pages`, async ({
    page,
  }) => {
    const sizes = await firstLoad(page, pageKinds[kind]);
    const total = totalKb(sizes);
    const report = process.env.FDM_FIRST_LOAD_REPORT;
    if (report) appendFileSync(report, `${kind}: ${total.toFixed(2)}\n`);
    const files = [...sizes.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, size]) => `${name} ${size.toFixed(1)}`);
    expect(
      Math.abs(total - kb),
      `${kind}: ${total.toFixed(1)} KB gzip, ${kb} KB in the production build.\n  ${files.join("\n  ")}`,
    ).toBeLessThan(1);
  });
}
