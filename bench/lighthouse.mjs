// Lighthouse (mobile, default simulated throttling) on one page of each kind of
// the production build, served with gzip from bench/static-server.mjs.
// Needs `npm run build` first and Debian's Chromium; Lighthouse itself is
// fetched by npx on first use (version pinned; it is not a project dependency).
// Usage: node bench/lighthouse.mjs [build-dir]
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { startStaticServer } from "./static-server.mjs";

const pages = {
  home: "",
  docs: "docs/core-concepts/asset-action-model",
  api: "api/fdm-data/src/functions/getCultivationCatalogue",
  "blog post": "blog/release-april-2025",
  "norms page": "docs/norms/nl/2025/stikstofgebruiksnorm",
  glossary: "glossary",
  "API index": "api",
};
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

const { server, url } = await startStaticServer({ dir: process.argv[2] ?? "build" });
const out = mkdtempSync(join(tmpdir(), "fdm-lighthouse-"));
const rows = [];
try {
  for (const [kind, path] of Object.entries(pages)) {
    const target = `${url}${path}`;
    const file = join(out, `${kind.replace(" ", "-")}.json`);
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
    rows.push({
      page: kind,
      performance: Math.round(report.categories.performance.score * 100),
      accessibility: Math.round(report.categories.accessibility.score * 100),
      "LCP (s)": (report.audits["largest-contentful-paint"].numericValue / 1000).toFixed(2),
      "TBT (ms)": Math.round(report.audits["total-blocking-time"].numericValue),
      CLS: report.audits["cumulative-layout-shift"].numericValue.toFixed(3),
      "transfer (KB)": (report.audits["total-byte-weight"].numericValue / 1024).toFixed(1),
      "other hosts": foreign,
    });
  }
} finally {
  server.close();
}
console.table(rows);
