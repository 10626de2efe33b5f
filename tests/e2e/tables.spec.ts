import type { Page } from "@playwright/test";
import { expect, hydrated, site, test } from "./fixtures";

/**
 * Columns of pixels of a table, read back from a screenshot through a canvas: for each
 * x offset asked (negative: from the right edge), the [r, g, b] of every pixel down the table.
 */
async function columns(page: Page, selector: string, xs: number[]) {
  const table = page.locator(selector);
  // The sticky navbar would lie across a tall table's screenshot.
  await page.addStyleTag({ content: ".navbar { visibility: hidden; }" });
  await table.scrollIntoViewIfNeeded();
  const box = await table.boundingBox();
  if (!box) throw new Error("the table has no box");
  const png = await page.screenshot({ clip: box });
  return page.evaluate(
    async ({ data, xs }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("no 2d context");
      ctx.drawImage(img, 0, 0);
      return xs.map((x) => {
        const px = ctx.getImageData(x < 0 ? img.width + x : x, 0, 1, img.height).data;
        const out: number[][] = [];
        for (let i = 0; i < px.length; i += 4) out.push([px[i], px[i + 1], px[i + 2]]);
        return out;
      });
    },
    { data: png.toString("base64"), xs },
  );
}

/** How many pixels of `edge` differ from those of `inner` in the same row. */
const differing = (edge: number[][], inner: number[][]) =>
  edge.filter((p, y) => p.some((c, i) => Math.abs(c - (inner[y]?.[i] ?? c)) > 3)).length;

for (const mode of ["light", "dark"] as const) {
  test(`a table that fits draws no scroll shadow at its edges (${mode})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: mode });
    await page.goto(site("/docs"));
    await hydrated(page);
    await page.evaluate((m) => document.documentElement.setAttribute("data-theme", m), mode);
    const table = page.locator(".markdown table").first();
    expect(await table.evaluate((t) => t.scrollWidth <= t.clientWidth)).toBe(true);
    // Just inside each edge (past the 1 px border) and 6 px further in, still in a cell's padding:
    // without a shadow both show the row's own background.
    const [left, leftInner, right, rightInner] = await columns(
      page,
      ".markdown table >> nth=0",
      [2, 8, -3, -8],
    );
    expect(left?.length).toBeGreaterThan(100);
    expect(differing(left ?? [], leftInner ?? [])).toBe(0);
    expect(differing(right ?? [], rightInner ?? [])).toBe(0);
  });
}

test("a table wider than a phone shades the side with more to see", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(site("/docs/core-concepts/schema"));
  await hydrated(page);
  const index = await page
    .locator(".markdown table")
    .evaluateAll((tables) => tables.findIndex((t) => t.scrollWidth > t.clientWidth + 20));
  expect(index, "the schema page has a table wider than 375 px").toBeGreaterThanOrEqual(0);
  const selector = `.markdown table >> nth=${index}`;
  const [left, leftInner, right, rightInner] = await columns(page, selector, [2, 8, -3, -8]);
  // Scrolled to the start: no shadow on the left, a shadow on the right.
  expect(differing(left ?? [], leftInner ?? [])).toBe(0);
  expect(differing(right ?? [], rightInner ?? [])).toBeGreaterThan(10);
});

for (const year of [2025, 2026]) {
  test(`the conformance ${year} tables show each rule's test without a sideways scroll at 1280 px`, async ({
    page,
  }) => {
    await page.goto(site(`/docs/norms/nl/${year}/conformance`));
    const tables = page.locator(".markdown table", { hasText: "Rule and its test" });
    expect(await tables.count()).toBeGreaterThanOrEqual(3);
    const overflowing = await tables.evaluateAll((all) =>
      all.flatMap((t, i) => (t.scrollWidth > t.clientWidth ? [`${i}: ${t.scrollWidth}`] : [])),
    );
    expect(overflowing, "tables wider than the column").toEqual([]);
    // Each rule's test, under it in the first column: the test file in code, or "none".
    const first = tables.first().locator("tbody tr").first().locator("td").first();
    await expect(first.locator("strong", { hasText: "Test:" })).toBeVisible();
    await expect(first.locator("code")).toContainText(".test.ts");
    const tests = await tables
      .locator("tbody td:first-child")
      .evaluateAll(
        (cells) =>
          cells.filter((td) => !/Test: (none|\S+\.test\.ts)/.test(td.textContent ?? "")).length,
      );
    expect(tests, "rule cells without their test").toBe(0);
  });

  test(`on a phone the conformance ${year} page shows each rule's test in the first column`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(site(`/docs/norms/nl/${year}/conformance`));
    const cell = page.locator(".markdown table tbody td:first-child").first();
    const label = cell.locator("strong", { hasText: "Test:" });
    await label.scrollIntoViewIfNeeded();
    const box = await label.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    const code = await cell.locator("code").boundingBox();
    expect(code && code.x + code.width <= 375).toBe(true);
  });

  test(`the gebruiksnormen ${year} tables fit the column at 1280 px`, async ({ page }) => {
    await page.goto(site(`/docs/norms/nl/${year}`));
    const overflowing = await page
      .locator(".markdown table")
      .evaluateAll((all) =>
        all.flatMap((t, i) => (t.scrollWidth > t.clientWidth ? [`${i}: ${t.scrollWidth}`] : [])),
      );
    expect(overflowing, "tables wider than the column").toEqual([]);
    // The norms table's first column leads to each norm's page.
    await expect(
      page.locator(".markdown table").first().getByRole("link", { name: "Stikstofgebruiksnorm" }),
    ).toHaveAttribute("href", site(`/docs/norms/nl/${year}/stikstofgebruiksnorm`));
  });
}
