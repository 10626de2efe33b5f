// Lighthouse (mobile, default simulated throttling) on one page of each kind of
// the production build, served with gzip from bench/static-server.mjs.
// Needs `npm run build` first and Debian's Chromium; Lighthouse itself is
// fetched by npx on first use (version pinned; it is not a project dependency).
// Usage: node bench/lighthouse.mjs [--dir build] [--runs N] [page kind...]
// With --runs N each page is measured N times; each figure printed is the
// median of its runs, and every run's TBT is listed too. "CPU index" is
// Lighthouse's benchmarkIndex of the machine: TBT figures taken at very
// different indexes do not compare (the same build measured 8–22 ms TBT on
// one machine and 100–450 ms on a slower one).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { benchArgs, median, pages } from "./page-kinds.mjs";
import { startStaticServer } from "./static-server.mjs";

const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
].join(" ");

const { dir, runs, kinds } = benchArgs(process.argv);

const { server, url } = await startStaticServer({ dir });
const out = mkdtempSync(join(tmpdir(), "fdm-lighthouse-"));
const rows = [];
try {
  for (const kind of kinds) {
    const target = `${url}${pages[kind]}`;
    const measured = [];
    for (let run = 0; run < runs; run++) {
      const file = join(out, `${kind.replace(" ", "-")}-${run}.json`);
      // Asynchronous, so this process keeps serving the pages Lighthouse asks for.
      await promisify(execFile)(
        "npx",
        [
          "--yes",
          "lighthouse@12.8.2",
          target,
          "--quiet",
          "--only-categories=performance,accessibility",
          "--output=json",
          `--output-path=${file}`,
          `--chrome-flags=${chromeFlags}`,
        ],
        {
          stdio: ["ignore", "ignore", "inherit"],
          env: { ...process.env, CHROME_PATH: "/usr/bin/chromium" },
        },
      );
      const report = JSON.parse(readFileSync(file, "utf8"));
      const requests = report.audits["network-requests"]?.details?.items ?? [];
      // data: URLs (inline SVG icons) are not requests to a host.
      const foreign = requests.filter(
        (item) => /^(https?|wss?):/.test(item.url) && new URL(item.url).hostname !== "127.0.0.1",
      ).length;
      measured.push({
        performance: report.categories.performance.score * 100,
        accessibility: report.categories.accessibility.score * 100,
        lcp: report.audits["largest-contentful-paint"].numericValue / 1000,
        tbt: report.audits["total-blocking-time"].numericValue,
        cls: report.audits["cumulative-layout-shift"].numericValue,
        transfer: report.audits["total-byte-weight"].numericValue / 1024,
        foreign,
        cpu: report.environment.benchmarkIndex,
      });
    }
    // Each figure is the median of its runs; "LCP runs" and "TBT runs" list them all.
    const of = (key) => median(measured.map((m) => m[key]));
    rows.push({
      page: kind,
      performance: Math.round(of("performance")),
      accessibility: Math.round(of("accessibility")),
      "LCP (s)": of("lcp").toFixed(2),
      ...(runs > 1 ? { "LCP runs": measured.map((m) => m.lcp.toFixed(2)).join(" ") } : {}),
      "TBT (ms)": Math.round(of("tbt")),
      ...(runs > 1 ? { "TBT runs": measured.map((m) => Math.round(m.tbt)).join(" ") } : {}),
      CLS: of("cls").toFixed(3),
      "transfer (KB)": of("transfer").toFixed(1),
      "other hosts": Math.max(...measured.map((m) => m.foreign)),
      // Lighthouse's own CPU score of the machine during the run (higher is faster): the
      // simulated TBT scales with the machine's speed, so compare TBT only at like indexes.
      "CPU index": Math.round(of("cpu")),
    });
  }
} finally {
  server.close();
}
console.table(rows);
