import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, hydrated, site, test } from "./fixtures";

/**
 * The norm calculator's filling rows and crop field as a reader uses them. Figures
 * from reference/nl-2025/*.csv, read and multiplied by hand.
 */
const stikstof = "/docs/norms/nl/2025/stikstofgebruiksnorm";

async function openCalculator(page: Page, path: string) {
  await page.goto(site(path));
  await hydrated(page);
  const section = page.locator("section", {
    has: page.getByRole("heading", { name: /^Calculate the/ }),
  });
  if (!new URL(page.url()).searchParams.has("crop"))
    await section.getByRole("button", { name: "Open the calculator" }).click();
  await expect(section.getByTestId("norm-result")).toBeVisible({ timeout: 30_000 });
  return section;
}

test.describe("norm calculator: the filling's rows", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a slurry row without Herkomst is marked on the row; the norm and the kunstmest row keep their figures", async ({
    page,
  }) => {
    const calc = await openCalculator(page, stikstof);
    await calc.getByLabel("Crop (BRP code or name)").fill("265");
    await calc.getByLabel("Soil region").selectOption("klei");
    await calc.getByRole("button", { name: "Add an application" }).click();
    await calc.getByRole("button", { name: "Add an application" }).click();
    const [slurry, kunstmest] = [
      calc.getByTestId("application-row").nth(0),
      calc.getByTestId("application-row").nth(1),
    ];
    await slurry
      .getByLabel("Mestcode / fertilizer")
      .selectOption({ label: "14 Rundvee - Drijfmest behalve van vleeskalveren" });
    await slurry.getByLabel("Amount (kg/ha)").fill("25000");
    await slurry.getByLabel("Date").fill("2025-03-15");
    await kunstmest.getByLabel("Mestcode / fertilizer").selectOption({ label: "115 Kunstmest" });
    await kunstmest.getByLabel("Amount (kg/ha)").fill("200");

    // Kunstmest without its N content is not counted as 0: the row asks for it.
    await expect(kunstmest).toHaveAttribute("data-incomplete", "true");
    await expect(kunstmest).toContainText(
      "Application 2 is incomplete and not counted: Give its N content in kg N/ton: Table 11 has no forfaitaire content for mestcode 115 (Kunstmest)",
    );
    await expect(calc.getByTestId("norm-result")).not.toContainText("not declared");
    await kunstmest.getByLabel("N content (kg N/ton)").fill("270");
    await expect(kunstmest).not.toHaveAttribute("data-incomplete");

    // The slurry's Herkomst is left on "Not given": that row is marked, with its select.
    await expect(slurry).toHaveAttribute("data-incomplete", "true");
    await expect(slurry).toContainText(
      "Application 1 is incomplete and not counted: Choose its Herkomst (origin): the werkingscoëfficiënt of mestcode 14 (Rundvee - Drijfmest behalve van vleeskalveren) in Table 9 depends on it.",
    );
    const origin = slurry.getByLabel("Herkomst (origin)");
    await expect(origin).toHaveAttribute("aria-invalid", "true");
    await expect(origin).toHaveAccessibleDescription(/Choose its Herkomst \(origin\)/);

    // stikstof-norms-2025.csv row 1: grazed grassland on klei, 345.
    const result = calc.getByTestId("norm-result");
    await expect(result.getByTestId("norm-value")).toHaveText("345");
    // 200 kg/ha × 270 kg N/ton / 1000 × 100% = 54 (the slurry not counted).
    await expect(result.getByTestId("filling-value")).toHaveText("54");
    await expect(result).toContainText("Filling (complete applications only): 54 kg N/ha of 345");
    await expect(result).toContainText(
      "Application 1 is incomplete and not counted: see the form.",
    );
    // Said once: the list under it has the counted row only, in plain words.
    await expect(result).not.toContainText("incomplete, not counted");
    await expect(result).toContainText("1 application gives 54 kg effective N/ha");
    await expect(calc).not.toContainText(/application application|application\(s\)/i);

    // Aangevoerd: 25000 × 4 / 1000 × 60% (werkingscoefficienten-2025.csv) = 60; with 54, 114.
    await origin.selectOption("aangevoerd");
    await expect(slurry).not.toHaveAttribute("data-incomplete");
    await expect(result.getByTestId("filling-value")).toHaveText("114");
    await expect(result).toContainText("Filling: 114 kg N/ha of 345");
  });
});

test.describe("norm calculator: the crop field", () => {
  test.describe.configure({ timeout: 90_000 });

  test("'gras' shows no figure, offers the grassland lines, stays on blur; a suggestion is reachable by keyboard", async ({
    page,
  }) => {
    const calc = await openCalculator(page, stikstof);
    const crop = calc.getByLabel("Crop (BRP code or name)");
    await crop.fill("gras");
    const message = calc.getByTestId("crop-message");
    await expect(message).toContainText(
      "“gras” is not a crop of the 2025 crop table (BRP gewascodes).",
    );
    await expect(crop).toHaveAttribute("aria-invalid", "true");
    await expect(crop).toHaveAccessibleDescription(/“gras” is not a crop of the 2025 crop table/);
    const offered = message.getByRole("button");
    await expect(offered.nth(0)).toHaveText("265 Grasland, blijvend");
    await expect(offered.nth(1)).toHaveText("266 Grasland, tijdelijk");
    await expect(offered.nth(2)).toHaveText("331 Grasland, natuurlijk. met landbouwactiviteiten.");
    await expect(calc.getByTestId("norm-value")).toHaveCount(0);
    await expect(calc.getByTestId("norm-result")).toContainText(
      "No figure: the crop field names no crop of the 2025 table.",
    );

    // Blur: the field keeps what the reader typed, and still no figure.
    await crop.press("Tab");
    await expect(crop).toHaveValue("gras");
    await expect(calc.getByTestId("norm-value")).toHaveCount(0);
    await expect(page).toHaveURL(/crop=gras/);

    // The third suggestion by keyboard: 331 is on the grassland line, 345 on klei grazed.
    await offered.nth(2).focus();
    await page.keyboard.press("Enter");
    await expect(crop).toHaveValue("331 Grasland, natuurlijk. met landbouwactiviteiten.");
    await expect(crop).toBeFocused();
    await calc.getByLabel("Soil region").selectOption("klei");
    await expect(calc.getByTestId("norm-value")).toHaveText("345");
    await expect(message).toHaveText(
      "Calculating for: 331 Grasland, natuurlijk. met landbouwactiviteiten.",
    );
  });

  for (const typed of ["abc", "-5", "999999999999999"]) {
    test(`${JSON.stringify(typed)} shows no figure and says it is no crop of the table`, async ({
      page,
    }) => {
      const calc = await openCalculator(page, stikstof);
      const crop = calc.getByLabel("Crop (BRP code or name)");
      await crop.fill(typed);
      await crop.press("Tab");
      await expect(crop).toHaveValue(typed);
      await expect(calc.getByTestId("crop-message")).toContainText(
        `“${typed}” is not a crop of the 2025 crop table (BRP gewascodes).`,
      );
      await expect(calc.getByTestId("norm-value")).toHaveCount(0);
      await expect(calc.getByTestId("filling-value")).toHaveCount(0);
    });
  }
});

for (const theme of ["light", "dark"] as const) {
  test(`the calculator with an incomplete row and 'gras' has no axe violations in ${theme} mode`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // A shared link: slurry without Herkomst, kunstmest without N content, crop "gras".
    const apps = "rvo_14~25000~2025-03-15~~~,rvo_115~200~2025-04-01~~~";
    const calc = await openCalculator(
      page,
      `${stikstof}?docusaurus-theme=${theme}&crop=gras&apps=${encodeURIComponent(apps)}`,
    );
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    const scan = async () => {
      const results = await new AxeBuilder({ page })
        .include("section:has(#calc-stikstof)")
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
        .analyze();
      return results.violations.map(
        (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      );
    };
    await expect(calc.getByTestId("crop-message").getByRole("button").first()).toBeVisible();
    expect(await scan()).toEqual([]);
    // With the crop known, both rows are marked.
    await calc.getByLabel("Crop (BRP code or name)").fill("265");
    await expect(calc.locator('[data-incomplete="true"]')).toHaveCount(2);
    expect(await scan()).toEqual([]);
  });
}
