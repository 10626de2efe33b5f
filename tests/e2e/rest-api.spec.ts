import { expect, hydrated, site, test } from "./fixtures";

// The REST API section: hand-written pages in docs/rest-api/, and the endpoint reference the
// build generates from fdm-api's OpenAPI document; both are published in the API reference
// (api/fdm-api/rest/, scripts/typedoc-rest-reference.mjs).

test("the docs sidebar leads to the REST API section, which leads to the endpoint reference", async ({
  page,
}) => {
  await page.goto(site("/docs/core-concepts/architecture-overview"));
  await hydrated(page);
  await page
    .getByRole("navigation", { name: "Docs sidebar" })
    .getByRole("link", { name: "REST API", exact: true })
    .click();
  await expect(page).toHaveURL(/\/fdm\/api\/fdm-api\/rest\/overview$/);
  // In the API reference's sidebar, under fdm-api: the guide pages and the endpoints.
  const sidebar = page.getByRole("navigation", { name: "Docs sidebar" });
  // The innermost list item holding the category's button: the REST API category itself.
  const section = sidebar
    .locator("li", {
      has: page.getByRole("button", { name: "REST API", exact: true }),
    })
    .last();
  for (const label of ["Overview", "Walk-through", "Authentication and keys", "Errors"]) {
    await expect(section.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await page.locator("article").getByRole("link", { name: "endpoint reference" }).first().click();
  await expect(page).toHaveURL(/\/fdm\/api\/fdm-api\/rest\/endpoints$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Endpoint reference");
  await expect(sidebar.getByRole("button", { name: "Fields", exact: true })).toBeVisible();
});

test("a generated operation page shows its method, path, parameters and linked schemas", async ({
  page,
}) => {
  const response = await page.goto(site("/api/fdm-api/rest/endpoints/fields/addField"));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "POST /v1/farms/{farmId}/fields",
  );
  const main = page.locator("main");
  await expect(main.getByText("Add a field with its GeoJSON outline.")).toBeVisible();
  const parameters = main.locator("table").first();
  await expect(parameters.getByRole("cell", { name: "farmId", exact: true })).toBeVisible();
  await expect(parameters.getByRole("cell", { name: "path", exact: true })).toBeVisible();
  // The schema the body takes, and the response's, link to fdm-core's API pages.
  await expect(main.locator("a[href='/fdm/api/fdm-core/src/interfaces/FieldInput']")).toHaveCount(
    1,
  );
  await expect(main.locator("a[href='/fdm/api/fdm-core/src/functions/addField']")).toHaveCount(1);
  await main.getByRole("link", { name: "Field", exact: true }).first().click();
  await expect(page).toHaveURL(/#schema-field$/);
  await expect(page.locator("#schema-field")).toBeInViewport();
});

test("on a phone an operation's Responses table is stacked, and no cell shows a bare label", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(site("/api/fdm-api/rest/endpoints/fields/addField"));
  const responses = page
    .locator("article table", { has: page.locator("th", { hasText: /^Status$/ }) })
    .first();
  await expect(responses).toHaveClass(/fdm-stacked/);
  // The Body of each status, which says what schema it returns, within the screen.
  const body = responses.locator("td[data-label='Body']").first();
  await expect(body).toContainText("application/json");
  const box = await body.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  expect(await responses.evaluate((t) => t.scrollWidth <= t.clientWidth)).toBe(true);
  // A property without description (geometry's) has no "Description:" line at all.
  const geometry = page.locator("article tr", {
    has: page.locator("td[data-label='Property']", { hasText: /^geometry$/ }),
  });
  await expect(geometry.first()).toBeVisible();
  const shown = await page
    .locator("article table.fdm-stacked td")
    .evaluateAll((cells) =>
      cells
        .filter((td) => getComputedStyle(td).display !== "none" && td.textContent?.trim() === "")
        .map((td) => td.getAttribute("data-label")),
    );
  expect(shown, "visible empty cells, each a bare label").toEqual([]);
  await expect(geometry.first().locator("td[data-label='Description']")).toBeHidden();
});

test("the search page finds an operation page by its operation id", async ({ page }) => {
  await page.goto(site("/search?q=getGebruiksnormenForFarm"));
  await expect(
    page
      .locator(
        "article a[href='/fdm/api/fdm-api/rest/endpoints/calculations/getGebruiksnormenForFarm']",
      )
      .first(),
  ).toBeVisible({ timeout: 15_000 });
});

test("the walk-through's client tabs switch every step together, by keyboard too, and keep the choice", async ({
  page,
}) => {
  await page.goto(site("/api/fdm-api/rest/walk-through"));
  await hydrated(page);
  const lists = page.locator("article").getByRole("tablist");
  const steps = await lists.count();
  expect(steps).toBeGreaterThan(5);
  const first = lists.first();
  await expect(first.getByRole("tab", { name: "curl" })).toHaveAttribute("aria-selected", "true");
  // The first step's curl block shows; its Python block does not.
  const firstPanel = (name: string) =>
    page.locator("article").getByRole("tabpanel", { name, includeHidden: true }).first();
  await expect(firstPanel("curl")).toContainText("curl -sS");
  await expect(firstPanel("Python")).toBeHidden();

  await first.getByRole("tab", { name: "Python" }).click();
  // Every step shows Python now, the last one too.
  await expect(lists.last().getByRole("tab", { name: "Python" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(firstPanel("Python")).toContainText("import urllib.request");
  await expect(firstPanel("curl")).toBeHidden();

  // The WAI-ARIA pattern: ArrowRight moves to the next tab and selects it; Home to the first.
  await first.getByRole("tab", { name: "Python" }).focus();
  await page.keyboard.press("ArrowRight");
  const node = first.getByRole("tab", { name: "Node.js" });
  await expect(node).toBeFocused();
  await expect(node).toHaveAttribute("aria-selected", "true");
  await expect(node).toHaveAttribute("tabindex", "0");
  await expect(first.getByRole("tab", { name: "curl" })).toHaveAttribute("tabindex", "-1");

  // Remembered: a new page view opens on Node.js.
  await page.reload();
  await hydrated(page);
  await expect(lists.nth(3).getByRole("tab", { name: "Node.js" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  // The server rendered curl; hydration must not leave its panel showing under the Node.js tab.
  await expect(firstPanel("Node.js")).toBeVisible();
  await expect(firstPanel("curl")).toBeHidden();
  await expect(first.getByRole("tab", { name: "curl" })).toHaveAttribute("aria-selected", "false");
});
