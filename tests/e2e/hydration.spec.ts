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

/**
 * Preact's hydration keeps the server's attributes where they differ from its own render
 * and reports nothing, so an id made by `useId` on one side only would leave a tab, a
 * sample's editor or a form field pointing at nothing. Once hydrated, every id an
 * attribute refers to must be the server's, and exist (a collapsed disclosure's
 * `aria-controls` may name a region rendered only when it opens).
 */
const idPages = {
  "walk-through with tabs": "/api/fdm-api/rest/walk-through",
  "docs page with samples": "/docs/getting-started/using-catalogues-fdm-data",
  playground: "/playground",
  "norms page": pageKinds["norms page"],
};
for (const [name, path] of Object.entries(idPages)) {
  test(`the ${name}'s referenced ids are the server's and exist after hydration`, async ({
    page,
  }) => {
    const response = await page.goto(site(path));
    const html = (await response?.text()) ?? "";
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const references = await page.evaluate(() => {
      const attributes = ["aria-controls", "aria-labelledby", "aria-describedby", "for"];
      return [...document.querySelectorAll(attributes.map((a) => `[${a}]`).join(","))].flatMap(
        (element) =>
          attributes.flatMap((attribute) =>
            (element.getAttribute(attribute) ?? "")
              .split(/\s+/)
              .filter(Boolean)
              .map((id) => ({
                attribute,
                id,
                exists: document.getElementById(id) !== null,
                collapsed:
                  attribute === "aria-controls" &&
                  element.getAttribute("aria-expanded") === "false",
              })),
          ),
      );
    });
    expect(references.length).toBeGreaterThan(0);
    expect(references.filter((r) => !r.exists && !r.collapsed)).toEqual([]);
    const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const inHtml = (attribute: string, value: string) =>
      new RegExp(`\\s${attribute}=(?:"${escaped(value)}"|${escaped(value)}[\\s>])`).test(html);
    expect(references.filter((r) => !inHtml(r.attribute, r.id))).toEqual([]);
    expect(references.filter((r) => r.exists && !inHtml("id", r.id))).toEqual([]);
  });
}

test("a sample's Edit button opens the editor its aria-controls names", async ({ page }) => {
  await page.goto(site("/docs/getting-started/using-catalogues-fdm-data"));
  await hydrated(page);
  const edit = page.getByRole("button", { name: "Edit" }).first();
  const id = await edit.getAttribute("aria-controls");
  expect(id).toBeTruthy();
  await edit.click();
  await expect(page.locator(`[id="${id}"]`)).toContainText("Edit the sample, then press Run");
  const field = page.getByLabel("Edit the sample, then press Run").first();
  await expect(field).toBeVisible();
  await expect(field).toHaveAttribute("spellcheck", "false");
});

/**
 * The navbar, a docs page's sidebar and content, the footer and the home page's main part
 * hydrate in tasks of their own (src/components/HydrateLater.tsx): Preact keeps their
 * server HTML meanwhile and takes it over as it is. The nodes the server sent are the
 * ones on screen afterwards, and each part then answers the reader.
 */
test("parts hydrated later keep the server's HTML and then work", async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const w = window as unknown as Record<string, Element | null>;
      w.fdmServerNav = document.querySelector("nav.navbar");
      w.fdmServerAside = document.querySelector("aside.theme-doc-sidebar-container");
      w.fdmServerParagraph = document.querySelector(".theme-doc-markdown p");
      w.fdmServerFooter = document.querySelector("footer");
      // Parts inside parts: a sidebar item, and a Markdown block of the content.
      w.fdmServerItem = document.querySelector(".theme-doc-sidebar-menu > li:last-child");
      w.fdmServerHeading = document.querySelector(".theme-doc-markdown h2");
    });
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(site(pageKinds["docs page"]));
  await hydrated(page);
  const kept = await page.evaluate(() => {
    const w = window as unknown as Record<string, Element | null>;
    return {
      nav: w.fdmServerNav === document.querySelector("nav.navbar"),
      aside: w.fdmServerAside === document.querySelector("aside.theme-doc-sidebar-container"),
      paragraph: w.fdmServerParagraph === document.querySelector(".theme-doc-markdown p"),
      footer: w.fdmServerFooter === document.querySelector("footer"),
      item: w.fdmServerItem === document.querySelector(".theme-doc-sidebar-menu > li:last-child"),
      heading: w.fdmServerHeading === document.querySelector(".theme-doc-markdown h2"),
      found: [
        w.fdmServerNav,
        w.fdmServerAside,
        w.fdmServerParagraph,
        w.fdmServerFooter,
        w.fdmServerItem,
        w.fdmServerHeading,
      ].every((e) => e?.isConnected),
    };
  });
  expect(kept).toEqual({
    nav: true,
    aside: true,
    paragraph: true,
    footer: true,
    item: true,
    heading: true,
    found: true,
  });

  // The navbar: the colour mode toggle switches the theme.
  const theme = await page.locator("html").getAttribute("data-theme");
  await page
    .getByRole("button", { name: /dark|light|system/i })
    .first()
    .click();
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", theme ?? "");
  // The sidebar: a category collapses.
  const sidebar = page.getByRole("navigation", { name: "Docs sidebar" });
  const category = sidebar.locator(".menu__list-item-collapsible > a[aria-expanded]").first();
  const expanded = await category.getAttribute("aria-expanded");
  await category.click();
  await expect(category).not.toHaveAttribute("aria-expanded", expanded ?? "");
  // A heading of the content (a part inside the content's part): its anchor link moves there.
  const heading = page.locator(".theme-doc-markdown h2").first();
  const id = await heading.getAttribute("id");
  await heading.hover();
  await heading.locator("a.hash-link").click();
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
  // The content: a link into the API reference moves without a reload, and the next page
  // shows at once.
  await page.evaluate(() => {
    (window as unknown as { fdmNoReload: boolean }).fdmNoReload = true;
  });
  await page.locator(".theme-doc-markdown a[href^='/fdm/api/']").first().click();
  await expect(page).not.toHaveURL(new RegExp(`${pageKinds["docs page"]}$`));
  await expect(page.locator(".theme-doc-markdown h1, .theme-doc-markdown header h1")).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { fdmNoReload?: boolean }).fdmNoReload),
  ).toBe(true);
});
