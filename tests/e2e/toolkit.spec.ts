import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { TEST_RUN_TIME_LIMIT_KEY } from "../../src/components/toolkit/run-limit";
import { expect, hydrated, site, test } from "./fixtures";

/**
 * The toolkit in the reader's browser: the norm calculators (figures from
 * reference/nl-2025/*.csv, read by hand), docs samples run in a worker, and
 * the playground. The fixture fails any test whose pages call another host.
 */
const norms = "/docs/norms/nl/2025";

async function calculator(page: Page, path: string) {
  await page.goto(site(path));
  await hydrated(page);
  const section = page.locator("section", {
    has: page.getByRole("heading", { name: /^Calculate the/ }),
  });
  await section.scrollIntoViewIfNeeded();
  // A shared calculation (crop= in the address) opens by itself; otherwise the reader opens it.
  if (!new URL(page.url()).searchParams.has("crop"))
    await section.getByRole("button", { name: "Open the calculator" }).click();
  await expect(section.getByTestId("norm-result")).toBeVisible({ timeout: 30_000 });
  return section;
}

test.describe("norm calculators", () => {
  test.describe.configure({ timeout: 90_000 });
  test("stikstofgebruiksnorm: grazed permanent grassland on klei is 345 kg N/ha, on zand zuid 250", async ({
    page,
  }) => {
    const calc = await calculator(page, `${norms}/stikstofgebruiksnorm`);
    const crop = calc.getByLabel("Crop (BRP code or name)");
    await crop.fill("265");
    await calc.getByLabel("Soil region").selectOption("klei");
    await calc.getByLabel("The farm grazes (beweiding)").check();
    const result = calc.getByTestId("norm-result");
    // stikstof-norms-2025.csv row 1: Grasland, beweiden, klei 345, zand_zuid 250.
    await expect(result.getByTestId("norm-value")).toHaveText("345");
    await expect(result).toContainText("Grasland");
    await expect(result).toContainText("beweiden");
    await expect(result).toContainText(/Korting \(catch-crop reduction\)\s*0 kg N\/ha/);
    await calc.getByLabel("Soil region").selectOption("zand_zuid");
    await expect(result.getByTestId("norm-value")).toHaveText("250");
    // The inputs are in the address: opening it again gives the same answer.
    // (written by an effect after the render, so waited for)
    await expect(page).toHaveURL(/crop=nl_265/);
    await expect(page).toHaveURL(/region=zand_zuid/);
    await page.reload();
    const again = await calculator(
      page,
      `${norms}/stikstofgebruiksnorm${new URL(page.url()).search}`,
    );
    await expect(again.getByTestId("norm-value")).toHaveText("250");
  });

  test("stikstofgebruiksnorm: a crop is found by name, and volledig maaien on veen is 300", async ({
    page,
  }) => {
    const calc = await calculator(page, `${norms}/stikstofgebruiksnorm`);
    await calc.getByLabel("Crop (BRP code or name)").fill("265 Grasland, blijvend");
    await calc.getByLabel("Soil region").selectOption("veen");
    await calc.getByLabel("The farm grazes (beweiding)").uncheck();
    // stikstof-norms-2025.csv row 2: Grasland, volledig maaien, veen 300.
    await expect(calc.getByTestId("norm-value")).toHaveText("300");
    await expect(calc.getByTestId("norm-result")).toContainText("volledig maaien");
  });

  test("fosfaatgebruiksnorm: grassland with P-CaCl2 0.5 and P-AL 15 is class Arm, 120 kg P2O5/ha", async ({
    page,
  }) => {
    const calc = await calculator(page, `${norms}/fosfaatgebruiksnorm`);
    await calc.getByLabel("Crop (BRP code or name)").fill("265");
    await calc.getByLabel("P-CaCl2 (mg P/kg)").fill("0.5");
    await calc.getByLabel("P-AL (mg P2O5/100 g)").fill("15");
    // fosfaat-norms-2025.csv: grasland, P-CaCl2 <= 0.7, P-AL <= 20: Arm, 120.
    await expect(calc.getByTestId("norm-value")).toHaveText("120");
    await expect(calc.getByTestId("norm-result")).toContainText("Arm");
  });

  test("dierlijke-mest-gebruiksnorm: derogatie in an NV-gebied is 190; 25 t cattle slurry fills 100", async ({
    page,
  }) => {
    const calc = await calculator(page, `${norms}/dierlijke-mest-gebruiksnorm`);
    await calc.getByLabel("The farm has derogatie (derogation)").check();
    await calc.getByLabel("NV-gebied (nutrient-polluted area)").check();
    // dierlijke-mest-2025.csv priority 5: Derogatie - NV Gebied, 190.
    await expect(calc.getByTestId("norm-value")).toHaveText("190");
    await expect(calc.getByTestId("norm-result")).toContainText("Derogatie - NV Gebied");
    await calc.getByRole("button", { name: "Add an application" }).click();
    await calc
      .getByLabel("Mestcode / fertilizer")
      .selectOption({ label: "14 Rundvee - Drijfmest behalve van vleeskalveren" });
    await calc.getByLabel("Amount (kg/ha)").fill("25000");
    await calc.getByLabel("Date").fill("2025-03-15");
    // mestcodes-2025.csv: mestcode 14 holds 4 kg N per ton; 25 t/ha = 100 kg N/ha.
    await expect(calc.getByTestId("filling-value")).toHaveText("100");
  });
});

const norms2026 = "/docs/norms/nl/2026";

test.describe("norm calculators 2026", () => {
  test.describe.configure({ timeout: 90_000 });
  test("stikstofgebruiksnorm 2026: grazed permanent grassland on klei is 345, in an NV-gebied 276; no derogation choice", async ({
    page,
  }) => {
    const calc = await calculator(page, `${norms2026}/stikstofgebruiksnorm`);
    await expect(
      calc.getByRole("heading", { name: "Calculate the stikstofgebruiksnorm 2026" }),
    ).toBeVisible();
    await calc.getByLabel("Crop (BRP code or name)").fill("265");
    await calc.getByLabel("Soil region").selectOption("klei");
    await calc.getByLabel("The farm grazes (beweiding)").check();
    const result = calc.getByTestId("norm-result");
    // stikstof-norms-2026.csv row 1: Grasland, beweiden, klei 345, klei_nv 276.
    await expect(result.getByTestId("norm-value")).toHaveText("345");
    await expect(result).toContainText("beweiden");
    await calc.getByLabel("NV-gebied (nutrient-polluted area)").check();
    await expect(result.getByTestId("norm-value")).toHaveText("276");
    await expect(calc.getByLabel("The farm has derogatie (derogation)")).toHaveCount(0);
  });

  test("fosfaatgebruiksnorm 2026: grassland with P-CaCl2 0.5 and P-AL 30 is class Laag, 105 kg P2O5/ha", async ({
    page,
  }) => {
    const calc = await calculator(page, `${norms2026}/fosfaatgebruiksnorm`);
    await calc.getByLabel("Crop (BRP code or name)").fill("265");
    await calc.getByLabel("P-CaCl2 (mg P/kg)").fill("0.5");
    await calc.getByLabel("P-AL (mg P2O5/100 g)").fill("30");
    // fosfaat-norms-2026.csv: grasland, P-CaCl2 <= 0.7, P-AL 21-45: Laag, 105.
    await expect(calc.getByTestId("norm-value")).toHaveText("105");
    await expect(calc.getByTestId("norm-result")).toContainText("Laag");
  });

  test("dierlijke-mest-gebruiksnorm 2026: 170 with no derogation choice; 25 t cattle slurry fills 100", async ({
    page,
  }) => {
    const calc = await calculator(page, `${norms2026}/dierlijke-mest-gebruiksnorm`);
    // dierlijke-mest-2026.csv priority 1: every field 170, Standaard - geen derogatie.
    await expect(calc.getByTestId("norm-value")).toHaveText("170");
    await expect(calc.getByTestId("norm-result")).toContainText("Standaard - geen derogatie");
    await expect(calc.getByLabel("The farm has derogatie (derogation)")).toHaveCount(0);
    await calc.getByRole("button", { name: "Add an application" }).click();
    await calc
      .getByLabel("Mestcode / fertilizer")
      .selectOption({ label: "14 Rundvee - Drijfmest behalve van vleeskalveren" });
    await calc.getByLabel("Amount (kg/ha)").fill("25000");
    await calc.getByLabel("Date").fill("2026-03-15");
    // mestcodes-2026.csv: mestcode 14 holds 4 kg N per ton; 25 t/ha = 100 kg N/ha.
    await expect(calc.getByTestId("filling-value")).toHaveText("100");
  });

  test("RENURE norm 2026: 80 kg N/ha; a RENURE product without a measured N content is marked on its row, 500 kg at 90 g N/kg fills 45", async ({
    page,
  }) => {
    const calc = await calculator(page, `${norms2026}/renure`);
    // renure-2026.csv priority 1: 80 kg N/ha, mestcodes 130-134.
    await expect(calc.getByTestId("norm-value")).toHaveText("80");
    await expect(calc.getByTestId("norm-result")).toContainText("130, 131, 132, 133, 134");
    await calc.getByRole("button", { name: "Add an application" }).click();
    await calc
      .getByLabel("Mestcode / fertilizer")
      .selectOption({ label: "132 Mineralenconcentraat (Renure)" });
    await calc.getByLabel("Amount (kg/ha)").fill("500");
    await calc.getByLabel("Date").fill("2026-06-15");
    // mestcodes-2026.csv: mestcode 132 has no forfaitaire N content: the row asks it, the norm stays.
    const row = calc.getByTestId("application-row");
    await expect(row).toHaveAttribute("data-incomplete", "true");
    await expect(row).toContainText(
      "Give its N content in kg N/ton: Table 11 has no forfaitaire content for mestcode 132",
    );
    await expect(calc.getByTestId("norm-value")).toHaveText("80");
    await calc.getByLabel("N content (kg N/ton)").fill("90");
    await expect(calc.getByTestId("filling-value")).toHaveText("45");
  });
});

/**
 * The engine's files a page fetched, each URL once (the page requests them on the
 * reader's intent, and the worker's requests for them are answered from that
 * download); content-hashed names: told apart by type and size.
 */
function engineRequests(page: Page) {
  const fetched: { url: string; bytes: number }[] = [];
  page.context().on("requestfinished", async (request) => {
    if (!/\.(wasm|xz|br|data|gz)$/.test(new URL(request.url()).pathname)) return;
    if (fetched.some((f) => f.url === request.url())) return;
    const response = await request.response();
    fetched.push({
      url: request.url(),
      bytes: Number((await response?.headerValue("content-length")) ?? 0),
    });
  });
  return fetched;
}

/** Edits the `n`th sample of the page to `code` and runs it; returns its output region. */
async function runEdited(page: Page, code: string, n = 0) {
  const sample = page.locator(".fdm-run-sample").nth(n);
  await sample.getByRole("button", { name: "Edit" }).click();
  await sample.getByLabel("Edit the sample, then press Run").fill(code);
  await sample.getByRole("button", { name: "Run", exact: true }).click();
  return sample.getByRole("status");
}

test.describe("docs samples run in the browser", () => {
  test("a sample prints in the page what it prints in Node", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(site("/docs/getting-started/using-catalogues-fdm-data"));
    await hydrated(page);
    await page.getByRole("button", { name: "Run", exact: true }).first().click();
    const output = page.getByRole("status").filter({ hasText: "Finished" }).first();
    await expect(output).toBeVisible({ timeout: 90_000 });
    await expect(output.getByTestId("run-console")).toHaveText(
      "nl_233: Tarwe, winter- (Wheat, winter)",
    );
  });

  test("the first Run starts the database from the build's snapshot: no initdb, one engine download", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const workers: string[] = [];
    page.on("worker", (w) => workers.push(w.url()));
    const fetched = engineRequests(page);
    await page.goto(site("/docs/getting-started/basic-usage-fdm-core"));
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    // Nothing of the toolkit before the reader shows an intent to run.
    expect(workers).toEqual([]);
    expect(fetched).toEqual([]);
    const sample = page.locator(".fdm-run-sample").first();
    await sample.getByRole("button", { name: "Run", exact: true }).click();
    await expect(sample.getByRole("status")).toContainText(/Finished in \d+\.\d\d s\./, {
      timeout: 150_000,
    });
    await page.waitForLoadState("networkidle");
    // The engine's three xz files (PGlite's WebAssembly, 2.4 MB, its file bundle and the
    // snapshot), and no initdb.wasm (0.3 MB): the database started from the snapshot, with
    // the migrations applied already. The xz decoder is in the worker's code.
    const xz = fetched.filter((f) => f.url.endsWith(".xz")).map((f) => f.bytes);
    expect(xz).toHaveLength(3);
    expect(Math.max(...xz)).toBeGreaterThan(2_000_000);
    expect(xz.reduce((a, b) => a + b)).toBeLessThan(3_200_000);
    expect(fetched.filter((f) => /\.(wasm|br|data|gz)$/.test(f.url))).toEqual([]);
    expect(workers).toHaveLength(1);
  });

  test("the build holds the engine's xz files and not PGlite's own, which nothing fetches", () => {
    const files = readdirSync(path.resolve("build-e2e"));
    // The engine: WebAssembly, file bundle and snapshot (xz).
    expect(files.filter((f) => f.endsWith(".xz"))).toHaveLength(3);
    expect(files.filter((f) => f.endsWith(".data"))).toEqual([]);
    const wasmBytes = files
      .filter((f) => f.endsWith(".wasm"))
      .map((f) => statSync(path.resolve("build-e2e", f)).size);
    // PGlite's own pglite.wasm is 9 MB and initdb.wasm 0.3 MB; the decoder's is 0.2 MB.
    expect(Math.max(...wasmBytes)).toBeLessThan(290_000);
  });

  test("while the engine loads, the wait shows its bytes, then the database starting, then the result", async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await page.goto(site("/docs/getting-started/basic-usage-fdm-core"));
    await hydrated(page);
    const sample = page.locator(".fdm-run-sample").first();
    // Every state the output region shows, in order, as the reader would have seen it.
    await sample.evaluate((element) => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const record = () => {
        const text = element.querySelector("[role=status]")?.textContent ?? "";
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      };
      new MutationObserver(record).observe(element, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
      });
    });
    // A slow line (4 Mbit/s): the engine's 3.3 MB take several seconds. The worker reads
    // the engine's files through the page's own download of them, so this slows both.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 40,
      downloadThroughput: 500_000,
      uploadThroughput: 500_000,
    });
    await sample.getByRole("button", { name: "Run", exact: true }).click();
    const bar = sample.getByTestId("run-progress");
    await expect(sample.getByText(/^Loading the database engine: \d\.\d of 3\.\d MB$/)).toBeVisible(
      { timeout: 60_000 },
    );
    expect(Number(await bar.getAttribute("max"))).toBeGreaterThan(3_000_000);
    await expect(sample.getByRole("status")).toContainText(/Finished in \d+\.\d\d s\./, {
      timeout: 120_000,
    });
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    const at = (re: RegExp) => seen.findIndex((text) => re.test(text));
    // The megabytes shown grew, and never went back. (The worker reads what the page's
    // download has put in the cache, so they may grow in steps rather than evenly.)
    const megabytes = seen.flatMap((text) => {
      const m = /Loading the database engine: (\d+\.\d) of/.exec(text);
      return m ? [Number(m[1])] : [];
    });
    expect(new Set(megabytes).size).toBeGreaterThan(1);
    expect(megabytes).toEqual([...megabytes].sort((a, b) => a - b));
    expect(at(/Starting the database…/)).toBeGreaterThan(at(/Loading the database engine/));
    expect(at(/Finished in/)).toBeGreaterThan(at(/Starting the database…/));
    await expect(bar).toHaveCount(0);
  });

  test("a second Run, on the same page or after a client-side navigation, reuses the warm worker, offline too", async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    const workers: string[] = [];
    page.on("worker", (w) => workers.push(w.url()));
    const fetched = engineRequests(page);
    await page.goto(site("/docs/getting-started/basic-usage-fdm-core"));
    await hydrated(page);
    const first = page.locator(".fdm-run-sample").first();
    await first.getByRole("button", { name: "Run", exact: true }).click();
    await expect(first.getByRole("status")).toContainText("Finished in", { timeout: 150_000 });
    // Each run gets a fresh database: the same sign-up and farm again, no duplicate.
    await first.getByRole("button", { name: "Run", exact: true }).click();
    await expect(first.getByRole("status")).toContainText("Finished in", { timeout: 30_000 });
    const second = page.locator(".fdm-run-sample").nth(1);
    await second.getByRole("button", { name: "Run", exact: true }).click();
    await expect(second.getByRole("status")).toContainText("Finished in", { timeout: 60_000 });
    // Another page, reached by the client-side router: the same worker runs its sample.
    await page
      .locator('a[href="/fdm/docs/getting-started/running-calculations-fdm-calculator"]')
      .first()
      .click();
    await expect(page).toHaveURL(/running-calculations-fdm-calculator$/);
    // The new page has rendered (until then the old one's samples are still in the page).
    await expect(
      page.getByRole("heading", { level: 1, name: "Running calculations with fdm-calculator" }),
    ).toBeVisible();
    const there = page.locator(".fdm-run-sample").first();
    await there.getByRole("button", { name: "Run", exact: true }).click();
    await expect(there.getByRole("status")).toContainText("Finished in", { timeout: 60_000 });
    // Loaded: the toolkit runs offline. (The sample's compiled code is in the page already.)
    await context.setOffline(true);
    await there.getByRole("button", { name: "Run", exact: true }).click();
    await expect(there.getByRole("status")).toContainText("Finished in", { timeout: 30_000 });
    await context.setOffline(false);
    expect(workers).toHaveLength(1);
    expect(fetched.filter((f) => f.url.endsWith(".xz"))).toHaveLength(3);
  });

  test("a run shows what the code prints, in order, formatted as Node does, then how long it took", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto(site("/docs/getting-started/using-catalogues-fdm-data"));
    await hydrated(page);
    const status = await runEdited(
      page,
      `console.log("first");
console.log({ farm: "De Hoeve", fields: [1.5, 2], sown: new Date("2025-03-01T00:00:00Z") });
console.warn("a warning");
for (let i = 1; i <= 3; i++) console.log("line", i);
console.log("%s has %d fields", "De Hoeve", 2);
console.log({ farm: { field: { crop: { name: "maize" } } }, note: "it's" });
console.error(new Map([["nl_265", 345]]));`,
    );
    await expect(status).toContainText(/Finished in \d+\.\d\d s\./, { timeout: 90_000 });
    // What Node prints for the same lines (util.format; util.inspect: lines of at most 80
    // characters, depth 2, quotes), compared character for character.
    await expect
      .poll(() => status.getByTestId("run-console").textContent())
      .toBe(
        [
          "first",
          "{",
          "  farm: 'De Hoeve',",
          "  fields: [ 1.5, 2 ],",
          "  sown: 2025-03-01T00:00:00.000Z",
          "}",
          "a warning",
          "line 1",
          "line 2",
          "line 3",
          "De Hoeve has 2 fields",
          `{ farm: { field: { crop: [Object] } }, note: "it's" }`,
          "Map(1) { 'nl_265' => 345 }",
        ].join("\n"),
      );
  });

  test("a failing assertion shows what was expected and what came out", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(site("/docs/getting-started/using-catalogues-fdm-data"));
    await hydrated(page);
    const status = await runEdited(
      page,
      `import assert from "node:assert/strict";
console.log("before the check");
assert.deepEqual({ names: ["Huiskavel"] }, { names: ["Achter de schuur"] });
console.log("never printed");`,
    );
    await expect(status).toContainText(
      "AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal",
      { timeout: 90_000 },
    );
    await expect(status.getByTestId("run-console")).toHaveText("before the check");
    const values = status.getByTestId("assertion-values");
    await expect(values).toContainText("expected{ names: [ 'Achter de schuur' ] }");
    await expect(values).toContainText("actual{ names: [ 'Huiskavel' ] }");
    await expect(status).not.toContainText("Finished in");
  });

  test("Stop ends a runaway run at once, and the next run works", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(site("/docs/getting-started/using-catalogues-fdm-data"));
    await hydrated(page);
    const status = await runEdited(page, `console.log("looping"); while (true) {}`);
    await expect(status.getByTestId("run-console")).toHaveText("looping", { timeout: 90_000 });
    const sample = page.locator(".fdm-run-sample").first();
    await sample.getByRole("button", { name: "Stop" }).click();
    await expect(status).toContainText("Stopped. The worker was ended", { timeout: 5_000 });
    await expect(sample.getByRole("button", { name: "Stop" })).toHaveCount(0);
    const next = page.locator(".fdm-run-sample").nth(1);
    await next.getByRole("button", { name: "Run", exact: true }).click();
    await expect(next.getByRole("status")).toContainText("Finished in", { timeout: 60_000 });
  });

  test("a sample on fdm-core runs on PGlite in the browser, and an edited one runs again", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.goto(site("/docs/getting-started/basic-usage-fdm-core"));
    await hydrated(page);
    await page.getByRole("button", { name: "Run", exact: true }).first().click();
    await expect(page.getByText(/^Finished in/).first()).toBeVisible({ timeout: 120_000 });
    await page.getByRole("button", { name: "Edit" }).first().click();
    const editor = page.getByLabel("Edit the sample, then press Run").first();
    await expect(editor).toHaveValue(/createFdmLocal/);
    // Only an existing user acts; here the user row is written directly, without better-auth.
    await editor.fill(`import { addFarm, createFdmLocal, fdmSchema, getFarms } from "fdm-core";
const fdm = await createFdmLocal();
await fdm.insert(fdmSchema.authUser).values({ id: "anna", name: "Anna", email: "anna@example.org" });
await addFarm(fdm, "anna", { name: "Edited farm" });
const farms: { name: string }[] = await getFarms(fdm, "anna");
console.log("farms:", farms.map((f) => f.name));`);
    await page.getByRole("button", { name: "Run", exact: true }).first().click();
    await expect(page.getByTestId("run-console").first()).toHaveText("farms: [ 'Edited farm' ]", {
      timeout: 120_000,
    });
  });

  test("the samples that sign users up with better-auth run in the browser too", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    // Every sample of the authorization page starts with createFdmAuth and a sign-up.
    await page.goto(site("/docs/core-concepts/authorization"));
    await hydrated(page);
    const samples = page.locator(".fdm-run-sample");
    const count = await samples.count();
    expect(count).toBeGreaterThan(2);
    await expect(page.getByText("Not runnable in the browser")).toHaveCount(0);
    for (let i = 0; i < count; i++) {
      const sample = samples.nth(i);
      await sample.getByRole("button", { name: "Run", exact: true }).click();
      const status = sample.getByRole("status");
      await expect(status, `sample ${i + 1}`).toContainText(/Finished in|Error|stopped/, {
        timeout: 120_000,
      });
      await expect(status, `sample ${i + 1}`).toContainText("Finished in");
    }
  });

  test("an error shows its message and cause chain", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(site("/docs/getting-started/using-catalogues-fdm-data"));
    await hydrated(page);
    const status = await runEdited(
      page,
      `throw new Error("could not save", { cause: new RangeError("amount: above 100000") });`,
    );
    await expect(status).toContainText("Error: could not save", { timeout: 60_000 });
    await expect(status).toContainText("caused by RangeError: amount: above 100000");
  });

  test("a looping sample is stopped after the time limit and the page keeps working", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // The e2e build takes the limit from the tab: 3 s instead of the readers' 60 s (a unit
    // test, tests/site/run-limit.test.tsx, proves those).
    await page.addInitScript((key) => sessionStorage.setItem(key, "3000"), TEST_RUN_TIME_LIMIT_KEY);
    await page.goto(site("/docs/getting-started/using-catalogues-fdm-data"));
    await hydrated(page);
    const status = await runEdited(page, 'console.log("looping");\nwhile (true) {}');
    // The code started, then the limit ended it.
    await expect(status.getByTestId("run-console")).toHaveText("looping", { timeout: 120_000 });
    await expect(status.getByText(/^Stopped after 3 s: the code did not finish/)).toBeVisible({
      timeout: 30_000,
    });
    // The page still answers: the second sample runs.
    await page.getByRole("button", { name: "Run", exact: true }).nth(1).click();
    await expect(page.getByText(/^Finished in/).first()).toBeVisible({ timeout: 60_000 });
  });

  test("Run on the basic-usage page shows the farm, the field and its area", async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto(site("/docs/getting-started/basic-usage-fdm-core"));
    await hydrated(page);
    const sample = page.locator(".fdm-run-sample").first();
    await sample.getByRole("button", { name: "Run", exact: true }).click();
    const status = sample.getByRole("status");
    await expect(status).toContainText("Finished in", { timeout: 120_000 });
    // The ids are made by the run, so only their shape is known.
    await expect
      .poll(() => status.getByTestId("run-console").textContent())
      .toMatch(
        /^Farm De Hoeve: \w+\nField Achter de schuur: \w+, 1\.00 ha\nFields in 2025: Achter de schuur$/,
      );
  });

  for (const [path, n] of [
    ["/docs/norms/nl/2025/stikstofgebruiksnorm", 0],
    ["/docs/norms/nl/2026/stikstofgebruiksnorm", 1],
  ] as const) {
    test(`Run prints the lines of the Output block under the sample (${path}, sample ${n + 1})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.goto(site(path));
      await hydrated(page);
      const sample = page.locator(".fdm-run-sample").nth(n);
      // The block right after the sample, titled Output (tests/docs-samples compares it in Node).
      const block = sample.locator("xpath=following-sibling::*[1]");
      await expect(block.locator(":scope > div").first()).toHaveText("Output");
      // One span per line, each ending in <br>, which textContent drops.
      const shown = (await block.locator("pre code .token-line").allTextContents()).join("\n");
      expect(shown).not.toBe("");
      await sample.getByRole("button", { name: "Run", exact: true }).click();
      const status = sample.getByRole("status");
      await expect(status).toContainText("Finished in", { timeout: 90_000 });
      await expect.poll(() => status.getByTestId("run-console").textContent()).toBe(shown);
    });
  }

  test("a sample that needs a server or files says why instead of a button", async ({ page }) => {
    await page.goto(site("/docs/getting-started/setup-connection"));
    await hydrated(page);
    await expect(
      page.getByText("Not runnable in the browser: it reads and writes files").first(),
    ).toBeVisible();
  });
});

test.describe("playground", () => {
  test("is linked from the navbar and runs the starter scripts in order, offline after the first", async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    await page.goto(site("/"));
    await hydrated(page);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Playground" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Playground" })).toBeVisible();
    const expected: [string, RegExp][] = [
      ["1. A farm and a field from a GeoJSON parcel", /^field "Achter de schuur": 1\.99 ha$/],
      ["2. Crops, a soil analysis and fertilizer", /^crop: Grasland, blijvend\napplications: 1$/],
      // stikstof-norms-2025.csv row 1 (Grasland, beweiden, klei): 345; no derogatie: 170.
      [
        "3. The 2025 norms of the farm",
        /^stikstof: 345 kg N\/ha \(Grasland, beweiden\)[\s\S]*dierlijke mest: 170 kg N\/ha/,
      ],
      [
        "4. The nitrogen balance",
        /^supply: +\d+\.\d kg N\/ha\nremoval: +\d+\.\d kg N\/ha\nemission: +\d+\.\d kg N\/ha\nbalance: +-?\d+\.\d kg N\/ha\ncomplete: every figure from the database$/,
      ],
    ];
    for (const [title, printed] of expected) {
      await page.getByRole("button", { name: title }).click();
      await page.getByRole("button", { name: "Run", exact: true }).click();
      await expect(page.getByText(/^Finished in/)).toBeVisible({ timeout: 120_000 });
      await expect(page.getByTestId("run-console")).toHaveText(printed);
      // Once the toolkit has loaded, the playground needs no network: the rest runs offline.
      await context.setOffline(true);
    }
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download the database (dump)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("fdm-playground.tar.gz");
    const bytes = readFileSync((await file.path()) ?? "");
    expect(bytes.length).toBeGreaterThan(100_000);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]); // gzip
    await context.setOffline(false);
  });
});

for (const theme of ["light", "dark"] as const) {
  for (const [name, path] of Object.entries({
    "stikstof calculator": `${norms}/stikstofgebruiksnorm?crop=nl_265&apps=rvo_14~25000~2025-03-15~eigen_bedrijf`,
    "fosfaat calculator": `${norms}/fosfaatgebruiksnorm?crop=nl_265&pcacl2=0.5&pal=15`,
    "dierlijke-mest calculator": `${norms}/dierlijke-mest-gebruiksnorm?crop=nl_265&apps=rvo_14~25000~2025-03-15~eigen_bedrijf`,
    "RENURE calculator 2026": "/docs/norms/nl/2026/renure?crop=nl_265",
    playground: "/playground",
    "sample page after a run": "/docs/getting-started/using-catalogues-fdm-data",
  })) {
    test(`${name} has no axe violations in ${theme} mode`, async ({ page }) => {
      // axe on a long page takes minutes when the machine is busy.
      test.setTimeout(300_000);
      const sep = path.includes("?") ? "&" : "?";
      await page.goto(site(`${path}${sep}docusaurus-theme=${theme}`));
      await hydrated(page);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      if (name.includes("calculator")) {
        await page.getByRole("heading", { name: /^Calculate the/ }).scrollIntoViewIfNeeded();
        await expect(page.getByTestId("norm-result")).toBeVisible({ timeout: 30_000 });
        // Open the folded inputs too (only the stikstof form has them), so axe sees them.
        const more = page.getByText("Variety and teeltwijze");
        if ((await more.count()) > 0) await more.click();
      } else if (name.startsWith("sample")) {
        await page.getByRole("button", { name: "Run", exact: true }).first().click();
        await expect(page.getByText(/^Finished in/).first()).toBeVisible({ timeout: 90_000 });
        await page.getByRole("button", { name: "Edit" }).first().click();
      }
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
