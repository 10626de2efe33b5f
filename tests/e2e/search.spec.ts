import type { Locator, Page } from "@playwright/test";
import { expect, site, test } from "./fixtures";

// Each test fetches and builds the search index (6.6 MB, 0.9 MB gzip) at least once: on a
// busy two-core machine that alone can take half a minute.
test.describe.configure({ timeout: 240_000 });

// The norms pages' titles carry soft hyphens (Stikstof&shy;gebruiks&shy;norm).
const norms = (year: number) => new RegExp(`^Stikstof\u00ad?gebruiks\u00ad?norm ${year}`);

/** Waits until the page is hydrated, parts hydrated later too: long on a busy machine. */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-has-hydrated", "true", {
    timeout: 30_000,
  });
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrating-later");
}

/** Types `query` into the navbar's search box and waits for its rows. */
async function searchBox(page: Page, query: string): Promise<Locator> {
  await page.getByPlaceholder("Search").first().click();
  const bar = page.locator(".navbar__search input:not([data-fdm-stand-in])");
  await expect(bar).toBeFocused();
  await page.keyboard.type(query);
  const rows = page.locator(".navbar__search div[role=option]");
  await expect(rows.first()).toBeVisible({ timeout: 100_000 });
  return rows;
}

/** Each row as the reader reads it: its title, then its path. */
const rowTexts = (rows: Locator) =>
  rows.evaluateAll((list) =>
    list.map((row) =>
      [...row.querySelectorAll("[class*=hitTitle_], [class*=hitPath_]")]
        .map((part) => part.textContent?.trim() ?? "")
        .join(" / "),
    ),
  );

/** The results of the search page, as their links' text and address. */
async function searchPage(page: Page, query: string) {
  await page.goto(site(`/search?q=${encodeURIComponent(query)}`));
  const links = page.locator("article h2 a");
  await expect(links.first()).toBeVisible({ timeout: 100_000 });
  return links;
}

test("the search box lists the Stikstofgebruiksnorm pages first for 'stikstof', as the search page does", async ({
  page,
}) => {
  const links = await searchPage(page, "stikstof");
  const pageFirst = await links.first().getAttribute("href");
  expect(pageFirst).toBe(site("/docs/norms/nl/2025/stikstofgebruiksnorm"));

  await hydrated(page);
  const rows = await searchBox(page, "stikstof");
  const texts = await rowTexts(rows);
  expect(texts[0]).toMatch(norms(2025));
  const at2026 = texts.findIndex((text) => norms(2026).test(text));
  expect(at2026, texts.join("\n")).toBeGreaterThan(0);
  // No API interface member ahead of the norms pages.
  expect(texts.slice(0, at2026).filter((text) => text.includes("Interface"))).toEqual([]);
  // The box's first row opens the search page's first result.
  await rows.first().click();
  await expect(page).toHaveURL(pageFirst ?? "");
});

test.describe("on a phone, in dark mode", () => {
  test.use({ colorScheme: "dark" });

  for (const query of ["stikstof", "fieldId"]) {
    test(`the search box's rows for '${query}' each read differently, nothing cut off`, async ({
      page,
    }) => {
      // Dark chosen with the navbar's toggle, which a phone keeps in its menu.
      await page.goto(site("/docs/installation"));
      await hydrated(page);
      await page.getByRole("button", { name: /Switch between dark and light mode/ }).click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await page.setViewportSize({ width: 375, height: 812 });
      const rows = await searchBox(page, query);
      await expect(rows).toHaveCount(8);
      const texts = await rowTexts(rows);
      expect(new Set(texts).size, texts.join("\n")).toBe(texts.length);
      // What sets rows apart (an interface's name at the end of a path) is on screen.
      const cut = await rows
        .locator("[class*=hitTitle_], [class*=hitPath_]")
        .evaluateAll((parts) =>
          parts
            .filter(
              (part) =>
                part.scrollWidth > part.clientWidth + 1 ||
                part.scrollHeight > part.clientHeight + 1,
            )
            .map((part) => part.textContent),
        );
      expect(cut).toEqual([]);
      // Each row is tall enough for its wrapped title and path: no text spills into the next row.
      const spilled = await rows.evaluateAll((list) =>
        list.flatMap((row) => {
          const box = row.getBoundingClientRect();
          return [...row.querySelectorAll("[class*=hitTitle_], [class*=hitPath_]")]
            .filter((part) => {
              const r = part.getBoundingClientRect();
              return r.top < box.top - 1 || r.bottom > box.bottom + 1;
            })
            .map((part) => part.textContent);
        }),
      );
      expect(spilled).toEqual([]);
      for (const box of await rows.evaluateAll((list) =>
        list.map((row) => row.getBoundingClientRect().right),
      )) {
        expect(box).toBeLessThanOrEqual(375);
      }
      // The last row can be scrolled to within the screen.
      await rows.last().scrollIntoViewIfNeeded();
      await expect(rows.last()).toBeInViewport();
    });
  }
});

for (const [query, anchor, definition] of [
  ["Meststoffenwet", "meststoffenwet", "Fertilisers Act."],
  ["derogatie", "derogatie", "Derogation."],
  ["werkingscoëfficiënt", "werkingscoefficient", "Nitrogen working coefficient."],
]) {
  test(`'${query}' finds its glossary entry first, with its definition, in the box and on the search page`, async ({
    page,
  }) => {
    const links = await searchPage(page, query);
    await expect(links.first()).toHaveAttribute("href", site(`/glossary#${anchor}`));
    await expect(page.locator("article").first()).toContainText(`: ${definition}`);

    await page.goto(site("/docs/installation"));
    await hydrated(page);
    const rows = await searchBox(page, query);
    await expect(rows.first()).toContainText(`: ${definition}`);
    await expect(rows.first()).toContainText("Docs › Glossary");
    await rows.first().click();
    await expect(page).toHaveURL(site(`/glossary#${anchor}`));
    await expect(page.locator(`#${anchor}`)).toBeInViewport();
  });
}

test("'glossary' finds the glossary page first, with a breadcrumb, in the box and on the search page", async ({
  page,
}) => {
  const links = await searchPage(page, "glossary");
  await expect(links.first()).toHaveAttribute("href", site("/glossary"));
  await expect(page.locator("article").first().locator("p").first()).toHaveText("Docs");

  await page.goto(site("/"));
  await hydrated(page);
  const rows = await searchBox(page, "glossary");
  const texts = await rowTexts(rows);
  expect(texts[0]).toBe("Glossary / Docs");
});

test("keys typed after the search box has shown results update them, with no error", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(site("/docs/core-concepts/asset-action-model"));
  await hydrated(page);
  // The first key loads the index; the rows show once the autocomplete has taken the input.
  const rows = await searchBox(page, "d");
  await page.keyboard.type("erogatie");
  await expect(rows.first()).toContainText(": Derogation.", { timeout: 30_000 });
  expect(errors).toEqual([]);
});
