import AxeBuilder from "@axe-core/playwright";
import { expect, hydrated, site, test } from "./fixtures";

const pages = {
  home: "/",
  "docs page": "/docs/getting-started/using-catalogues-fdm-data",
  "API page": "/api/fdm-data/src/functions/getCultivationCatalogue",
  "blog post": "/blog/release-april-2025",
  glossary: "/glossary",
  "norms page": "/docs/norms/nl/2025/stikstofgebruiksnorm",
  "API index": "/api",
  "package index": "/api/fdm-core/src",
  "REST walk-through (tabs)": "/api/fdm-api/rest/walk-through",
};

for (const theme of ["light", "dark"] as const) {
  for (const [name, path] of Object.entries(pages)) {
    test(`${name} has no axe violations in ${theme} mode`, async ({ page }) => {
      // axe alone takes some 20 s on the longest docs page when the machine is busy.
      test.setTimeout(90_000);
      await page.goto(site(`${path}?docusaurus-theme=${theme}`));
      await hydrated(page);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
        // Every node of a violation; of the passes only one each (which nothing here reads).
        .options({ resultTypes: ["violations"] })
        .analyze();
      const summary = results.violations.map(
        (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      );
      expect(summary).toEqual([]);
    });
  }
}
