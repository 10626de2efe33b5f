import type { Page } from "@playwright/test";
import { expect, hydrated, site, test } from "./fixtures";

const html = (page: Page) => page.locator("html");
const toggle = (page: Page) =>
  page.getByRole("button", { name: /Switch between dark and light mode/ });

/** Storage keys carry a per-site suffix; find them by prefix. */
async function stored(page: Page, prefix: string): Promise<string | null> {
  return page.evaluate((prefix) => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i) ?? "";
      if (key.startsWith(prefix)) return localStorage.getItem(key);
    }
    return null;
  }, prefix);
}

async function expectMode(page: Page, effective: "light" | "dark", choice: string) {
  await expect(html(page)).toHaveAttribute("data-theme", effective);
  await expect(html(page)).toHaveAttribute("data-theme-choice", choice);
}

test.describe("colour mode with a dark OS preference", () => {
  test.use({ colorScheme: "dark" });

  test("a first visit starts light; light → dark → system → light, each kept on reload", async ({
    page,
  }) => {
    await page.goto(site("/"));
    await expectMode(page, "light", "light");
    await hydrated(page);
    await expect(toggle(page)).toHaveAttribute("title", "light mode");

    await toggle(page).click();
    await expectMode(page, "dark", "dark");
    expect(await stored(page, "theme")).toBe("dark");
    await page.reload();
    await expectMode(page, "dark", "dark");
    await hydrated(page);

    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute("title", "system mode");
    await expectMode(page, "dark", "system");
    expect(await stored(page, "theme")).toBeNull();
    expect(await stored(page, "fdm-color-mode-choice")).toBe("system");
    await page.reload();
    await expectMode(page, "dark", "system");
    await hydrated(page);
    // "system" follows the OS while the page is open.
    await page.emulateMedia({ colorScheme: "light" });
    await expectMode(page, "light", "system");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectMode(page, "dark", "system");

    await toggle(page).click();
    await expectMode(page, "light", "light");
    expect(await stored(page, "theme")).toBe("light");
    expect(await stored(page, "fdm-color-mode-choice")).toBeNull();
    await page.reload();
    await expectMode(page, "light", "light");
  });

  test("the choice carries across pages", async ({ page }) => {
    await page.goto(site("/docs"));
    await hydrated(page);
    await toggle(page).click();
    await page.goto(site("/blog"));
    await expectMode(page, "dark", "dark");
  });
});

test.describe("colour mode with a light OS preference", () => {
  test.use({ colorScheme: "light" });

  test("a first visit starts light, and choosing system stays light", async ({ page }) => {
    await page.goto(site("/api"));
    await expectMode(page, "light", "light");
    await hydrated(page);
    await toggle(page).click();
    await toggle(page).click();
    await expectMode(page, "light", "system");
  });
});
