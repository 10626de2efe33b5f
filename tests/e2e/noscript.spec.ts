import { expect, site, test } from "./fixtures";

// With JavaScript off, each interactive part says what it needs, and the site's links stay
// reachable on a phone.
test.use({ javaScriptEnabled: false });

test("Run, the calculators and search say they need JavaScript", async ({ page }) => {
  await page.goto(site("/docs/getting-started/basic-usage-fdm-core"));
  await expect(page.getByText("Run and Edit need JavaScript").first()).toBeVisible();
  await expect(page.getByText("Search needs JavaScript")).toBeVisible();
  await page.goto(site("/docs/norms/nl/2025/stikstofgebruiksnorm"));
  await expect(
    page.getByText("The calculator runs in your browser and needs JavaScript"),
  ).toBeVisible();
});

test("on a phone the site's links show in the navbar instead of behind the menu button", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(site("/docs"));
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("button", { name: /navigation bar/i })).toBeHidden();
  for (const name of ["Docs", "Reference", "Blog", "Playground"]) {
    const link = nav.getByRole("link", { name, exact: true });
    await expect(link).toBeVisible();
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375, name).toBe(true);
  }
});
