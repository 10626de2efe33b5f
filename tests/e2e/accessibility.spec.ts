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

/** axe on what the page shows now, with the tags the tests above use. */
async function violations(page: import("@playwright/test").Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations.map(
    (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

for (const theme of ["light", "dark"] as const) {
  test(`the open version menu has no axe violations in ${theme} mode`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(site(`/docs/installation?docusaurus-theme=${theme}`));
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "v1.0.0" }).hover();
    await expect(nav.getByRole("link", { name: "0.8 (archive)" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test(`the version menu in the 375 px mobile menu has no axe violations in ${theme} mode`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(site(`/?docusaurus-theme=${theme}`));
    await hydrated(page);
    await page.getByRole("button", { name: "Toggle navigation bar" }).click();
    const menu = page.locator(".navbar-sidebar");
    await menu.getByRole("button", { name: "v1.0.0" }).click();
    await expect(menu.getByRole("link", { name: "0.8 (archive)" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test(`an archived 0.8 page has no axe violations in ${theme} mode`, async ({ page }) => {
    // A long page without script: axe's own run is most of the time.
    test.setTimeout(180_000);
    await page.goto(
      site(`/0.8/docs/getting-started/basic-usage-fdm-core?docusaurus-theme=${theme}`),
    );
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    expect(await violations(page)).toEqual([]);
  });
}
