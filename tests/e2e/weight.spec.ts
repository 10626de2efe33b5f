import { appendFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { expect, hydrated, site, test } from "./fixtures";
import { type PageKind, pageKinds } from "./page-kinds";

/**
 * First-load weight budget: the HTML, CSS and JS a page of each kind loads
 * until the network is idle, gzip level 9, in KB. Page weight is deterministic
 * for a given build, so this is a test (Lighthouse timings stay in bench/).
 * The bar is 150 KB for every kind; until a kind gets there its budget is
 * what it weighed when set plus 1.5 KB (each new page adds about 0.06 KB to
 * the route table that every page loads), so it cannot grow unnoticed.
 * `reference` is each file's gzip KB when the budget was set: a failure
 * names the files that grew since. To set new budgets, run this file with
 * FDM_WEIGHT_REPORT=<file> and copy the sizes it writes.
 * Set 2026-11-24 after the in-browser toolkit landed: the runtime's chunk map
 * grew by 1.5 KB (home 152.4 KB, over the bar), and the norms page counts its
 * live calculator (about 60 KB), which loads after first paint once in view.
 */
const bar = 150;
const budgets: Record<PageKind, { kb: number; reference: Record<string, number> }> = {
  home: {
    kb: 153,
    reference: {
      "/ (HTML)": 4.5,
      "/assets/css/styles.css": 16.5,
      "/assets/js/runtime~main.js": 9.2,
      "/assets/js/main.js": 118.2,
      "/assets/js/9452.js": 1.3,
      "/assets/js/3056.js": 0.2,
    },
  },
  "docs page": {
    kb: 183,
    reference: {
      "/docs/core-concepts/asset-action-model (HTML)": 9.2,
      "/assets/css/styles.css": 16.5,
      "/assets/js/runtime~main.js": 9.2,
      "/assets/js/main.js": 118.2,
      "/assets/js/1668.js": 0.3,
      "/assets/js/3747.js": 0.2,
      "/assets/js/5575.js": 0.4,
      "/assets/js/8665.js": 2.2,
      "/assets/js/6790.js": 4,
      "/assets/js/6785.js": 0.3,
      "/assets/js/7664.js": 6,
      "/assets/js/320.js": 4.9,
      "/assets/js/106.js": 0.8,
      "/assets/js/372.js": 4.8,
    },
  },
  "API page": {
    kb: 194.5,
    reference: {
      "/api/fdm-data/src/functions/getCultivationCatalogue (HTML)": 6.2,
      "/assets/css/styles.css": 16.5,
      "/assets/js/runtime~main.js": 9.2,
      "/assets/js/main.js": 118.2,
      "/assets/js/6629.js": 14.2,
      "/assets/js/1668.js": 0.3,
      "/assets/js/5025.js": 0.2,
      "/assets/js/5575.js": 0.4,
      "/assets/js/6790.js": 4,
      "/assets/js/186.js": 4.7,
      "/assets/js/6785.js": 0.3,
      "/assets/js/7664.js": 6,
      "/assets/js/320.js": 4.9,
      "/assets/js/7137.js": 2,
      "/assets/js/106.js": 0.8,
    },
  },
  "API index": {
    kb: 192.5,
    reference: {
      "/api (HTML)": 5.5,
      "/assets/css/styles.css": 16.5,
      "/assets/js/runtime~main.js": 9.2,
      "/assets/js/main.js": 118.2,
      "/assets/js/6629.js": 14.2,
      "/assets/js/5575.js": 0.4,
      "/assets/js/5025.js": 0.2,
      "/assets/js/6790.js": 4,
      "/assets/js/1668.js": 0.3,
      "/assets/js/6785.js": 0.3,
      "/assets/js/7664.js": 6,
      "/assets/js/320.js": 4.9,
      "/assets/js/4005.js": 1.2,
      "/assets/js/186.js": 4.7,
      "/assets/js/106.js": 0.8,
    },
  },
  "blog post": {
    kb: 181,
    reference: {
      "/blog/release-april-2025 (HTML)": 7.2,
      "/assets/css/styles.css": 16.5,
      "/assets/js/runtime~main.js": 9.2,
      "/assets/js/main.js": 118.2,
      "/assets/js/7664.js": 6,
      "/assets/js/1732.js": 8.8,
      "/assets/js/2580.js": 4.1,
      "/assets/js/6074.js": 1,
      "/assets/js/3220.js": 0.2,
      "/assets/js/191.js": 0.2,
      "/assets/js/1833.js": 0.5,
      "/assets/js/7532.js": 3.3,
    },
  },
  "norms page": {
    kb: 246.5,
    reference: {
      "/docs/norms/nl/2025/stikstofgebruiksnorm (HTML)": 11.6,
      "/assets/css/styles.css": 16.5,
      "/assets/js/runtime~main.js": 9.2,
      "/assets/js/main.js": 118.2,
      "/assets/js/1668.js": 0.3,
      "/assets/js/3747.js": 0.2,
      "/assets/js/5575.js": 0.4,
      "/assets/js/8665.js": 2.2,
      "/assets/js/6785.js": 0.3,
      "/assets/js/6790.js": 4,
      "/assets/js/106.js": 0.8,
      "/assets/js/7664.js": 6,
      "/assets/js/3570.js": 7.5,
      "/assets/js/320.js": 4.9,
    },
  },
  glossary: {
    kb: 171,
    reference: {
      "/glossary (HTML)": 9.3,
      "/assets/css/styles.css": 16.5,
      "/assets/js/runtime~main.js": 9.2,
      "/assets/js/main.js": 118.2,
      "/assets/js/7664.js": 6,
      "/assets/js/9384.js": 2.3,
      "/assets/js/7182.js": 0.8,
      "/assets/js/3056.js": 0.2,
      "/assets/js/8212.js": 5.4,
    },
  },
};

/** main.b222f12e.js -> main.js: the name without its content hash. */
const stableName = (url: string): string => {
  const file = new URL(url).pathname.replace(/^\/fdm\//, "/");
  return file.replace(/\.[0-9a-f]{8}\.(js|css)$/, ".$1");
};

for (const [kind, path] of Object.entries(pageKinds) as [PageKind, string][]) {
  test(`first load of the ${kind} stays within its budget`, async ({ page }) => {
    const sizes = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      if (type !== "document" && type !== "stylesheet" && type !== "script") return;
      pending.push(
        response
          .body()
          .then((body) => {
            const name =
              type === "document"
                ? `${stableName(response.url())} (HTML)`
                : stableName(response.url());
            sizes.set(name, gzipSync(body, { level: 9 }).length / 1024);
          })
          .catch(() => {}),
      );
    });
    // Until hydrated (the page's chunks are loaded before React hydrates),
    // then until the network is idle.
    await page.goto(site(path));
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);
    // FDM_WEIGHT_REPORT=file appends this kind's sizes, to set a new budget from.
    const report = process.env.FDM_WEIGHT_REPORT;
    if (report) {
      const rounded = Object.fromEntries(
        [...sizes.entries()].map(([name, size]) => [name, Math.round(size * 10) / 10]),
      );
      appendFileSync(report, `${JSON.stringify({ kind, files: rounded })}\n`);
    }
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    const { kb, reference } = budgets[kind];
    const grew = [...sizes.entries()]
      .map(([name, size]) => ({ name, size, was: reference[name] ?? 0 }))
      .filter((f) => f.size > f.was + 0.05)
      .sort((a, b) => b.size - b.was - (a.size - a.was))
      .map((f) => `${f.name}: ${f.was.toFixed(1)} -> ${f.size.toFixed(1)} KB`);
    const all = [...sizes.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, size]) => `${name} ${size.toFixed(1)}`);
    expect(
      total,
      `${kind}: ${total.toFixed(1)} KB gzip, budget ${kb} KB (bar ${bar}).\n` +
        `Grew since the budget was set:\n  ${grew.join("\n  ") || "(nothing: new files?)"}\n` +
        `Every file (KB gzip):\n  ${all.join("\n  ")}`,
    ).toBeLessThanOrEqual(kb);
  });
}
