import type { Page } from "@playwright/test";
import { expect, hydrated, site, test } from "./fixtures";

/**
 * The pixels of a strip at each side of the first table on the page, read back through a
 * canvas: [r, g, b] of every pixel of a 4 px wide strip just inside the left and right edges.
 */
async function edgePixels(page: Page, selector: string) {
  const table = page.locator(selector).first();
  await table.scrollIntoViewIfNeeded();
  const box = await table.boundingBox();
  if (!box) throw new Error("the table has no box");
  const png = await page.screenshot({ clip: box });
  return page.evaluate(
    async ({ data, width }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("no 2d context");
      ctx.drawImage(img, 0, 0);
      const strip = (x: number) => {
        const px = ctx.getImageData(x, 0, 4, img.height).data;
        const out: number[][] = [];
        for (let i = 0; i < px.length; i += 4) out.push([px[i], px[i + 1], px[i + 2]]);
        return out;
      };
      return { left: strip(1), right: strip(Math.round(width) - 5) };
    },
    { data: png.toString("base64"), width: box.width },
  );
}

for (const mode of ["light", "dark"] as const) {
  test(`a table that fits draws no scroll shadow at its edges (${mode})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: mode });
    await page.goto(site("/docs"));
    await hydrated(page);
    await page.evaluate((m) => document.documentElement.setAttribute("data-theme", m), mode);
    const table = page.locator(".markdown table").first();
    const fits = await table.evaluate((t) => t.scrollWidth <= t.clientWidth);
    expect(fits, "the Introduction page's first table fits at 1280 px").toBe(true);
    // The strips cross the header and the striped rows; the shadow was a grey band over the
    // rows without a background of their own.
    const { left, right } = await edgePixels(page, ".markdown table");
    expect(left.length).toBeGreaterThan(20);
    const background = await page.evaluate(() =>
      getComputedStyle(document.body).backgroundColor.match(/\d+/g)?.slice(0, 3).map(Number),
    );
    if (!background) throw new Error("no page background");
    // Rows whose own background is transparent show what lies behind them at the edge: the
    // page's colour, not a grey gradient.
    const rowsShowingPage = (strip: number[][]) =>
      strip.filter((p) => p.every((c, i) => Math.abs(c - background[i]) <= 2)).length;
    expect(rowsShowingPage(left)).toBeGreaterThan(left.length / 4);
    expect(rowsShowingPage(right)).toBeGreaterThan(right.length / 4);
  });
}

test("a table wider than a phone shows the shadow on the side with more to see", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(site("/docs"));
  await hydrated(page);
  const index = await page
    .locator(".markdown table")
    .evaluateAll((tables) => tables.findIndex((t) => t.scrollWidth > t.clientWidth + 20));
  expect(index, "the Introduction page has a table wider than 375 px").toBeGreaterThanOrEqual(0);
  const selector = `.markdown table >> nth=${index}`;
  const { right } = await edgePixels(page, selector);
  const lum = (p: number[]) => p[0] + p[1] + p[2];
  // Light mode: the right edge is darkened by the shadow somewhere along its height.
  expect(Math.min(...right.map(lum))).toBeLessThan(3 * 250);
});
