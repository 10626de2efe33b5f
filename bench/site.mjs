#!/usr/bin/env node
// Site benchmark: a cold production build's wall time and each step's, the number of HTML
// pages, and the first-load transfer (HTML, CSS, JS; raw and gzip) of one page
// of each kind, measured in Chromium against the built site served locally.
//
//   node bench/site.mjs              cold build, then measure
//   node bench/site.mjs --rebuild    cold build, then a build after a change to one docs page
//   node bench/site.mjs --no-build   measure the existing build/
//   node bench/site.mjs --no-measure build only (with --rebuild: both builds)
//
// Each build's steps come from Docusaurus's perf logger (DOCUSAURUS_PERF_LOGGER) and the
// site's own timings (FDM_BUILD_TIMINGS, src/plugins/build-timings.ts). Steps overlap:
// TypeDoc, the REST reference and the toolkit engine run side by side, and so do the
// client and server compilations.
import { spawnSync } from "node:child_process";
import {
  createReadStream,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.join(root, "build");
const baseUrl = "/fdm/";
const budgetKb = 120;

const pages = {
  home: "/fdm/",
  "docs page": "/fdm/docs/core-concepts/asset-action-model",
  "API page": "/fdm/api/fdm-data/src/functions/getCultivationCatalogue",
  "blog post": "/fdm/blog/release-april-2025",
  "norms page": "/fdm/docs/norms/nl/2025/stikstofgebruiksnorm",
  glossary: "/fdm/glossary",
  "API index": "/fdm/api",
};

/** The docs page the rebuild changes: a paragraph is added, then taken out again. */
const changedPage = path.join(root, "docs/core-concepts/asset-action-model.mdx");

/** Docusaurus's phases worth showing, as its perf logger names them. */
const phases = [
  ["Load site > Load plugins > Init plugins", "plugins' set-up (TypeDoc runs here)"],
  ["Load site > Load plugins > Load plugins content", "plugins' content"],
  ["Load site", "load site (the two above and more)"],
  ["Bundling with rspack", "bundling (client and server together)"],
  ["SSG", "rendering the pages (SSG)"],
  ["postBuild()", "post-build steps (side by side)"],
  ["Broken links checker", "broken links check"],
];

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/**
 * CPU seconds (user and system) of the finished child processes, from /proc (Linux): a
 * build's CPU time, which other work on the machine changes less than its wall time.
 */
function childCpuSeconds() {
  if (!existsSync("/proc/self/stat")) return Number.NaN;
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
  // cutime and cstime, fields 16 and 17 of the file; here counted from field 3, in ticks of 1/100 s.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** One `docusaurus build`: its wall time, and each step's time from its output. */
function build(label) {
  const loadBefore = load();
  const cpuBefore = childCpuSeconds();
  const started = process.hrtime.bigint();
  const run = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/@docusaurus/core/bin/docusaurus.mjs"), "build"],
    {
      cwd: root,
      env: { ...process.env, FDM_BUILD_TIMINGS: "1", DOCUSAURUS_PERF_LOGGER: "true" },
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr);
    throw new Error(`${label}: docusaurus build failed (${run.status})`);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the perf logger's colours
  const text = `${run.stdout}\n${run.stderr}`.replace(/\x1b\[[0-9;]*m/g, "");
  const steps = [];
  for (const [phase, name] of phases) {
    const escaped = phase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const m = new RegExp(`\\[PERF\\] Build > en > ${escaped} - ([\\d.]+) (ms|seconds)`).exec(text);
    if (m) steps.push([name, Number(m[1]) * (m[2] === "seconds" ? 1000 : 1)]);
  }
  for (const m of text.matchAll(/^\[fdm-timing\] (.+): (\d+) ms$/gm))
    steps.push([m[1], Number(m[2])]);
  const cpu = childCpuSeconds() - cpuBefore;
  console.log(
    `${label}: ${seconds.toFixed(1)} s, CPU ${cpu.toFixed(1)} s (load average before ${loadBefore}, after ${load()})`,
  );
  for (const [name, ms] of steps) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
  return seconds;
}

function coldBuild() {
  for (const dir of ["build", ".docusaurus", "api", "node_modules/.cache"]) {
    rmSync(path.join(root, dir), { recursive: true, force: true });
  }
  return build("cold build (rm build .docusaurus api node_modules/.cache)");
}

/** A build after a change to one docs page, the page restored afterwards. */
function rebuild() {
  const original = readFileSync(changedPage, "utf8");
  writeFileSync(changedPage, `${original}\nA paragraph added by bench/site.mjs --rebuild.\n`);
  try {
    return build(`rebuild after a change to ${path.relative(root, changedPage)}`);
  } finally {
    writeFileSync(changedPage, original);
  }
}

function countHtml(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) count += countHtml(path.join(dir, entry.name));
    else if (entry.name.endsWith(".html")) count += 1;
  }
  return count;
}

const types = {
  ".html": "text/html",
  ".css": "text/css",
  ".js": "text/javascript",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".xml": "application/xml",
};

/** Serves build/ under /fdm/ the way `docusaurus serve` does for trailingSlash: false. */
function serve() {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const rel = decodeURIComponent(url.pathname).slice(baseUrl.length - 1);
    const candidates = [rel, `${rel}.html`, path.join(rel, "index.html")].map((p) =>
      path.join(buildDir, p),
    );
    const file = candidates.find(
      (f) => f.startsWith(buildDir) && existsSync(f) && statSync(f).isFile(),
    );
    if (!url.pathname.startsWith(baseUrl) && url.pathname !== baseUrl.slice(0, -1)) {
      res.writeHead(404).end();
      return;
    }
    if (!file) {
      res.writeHead(404, { "content-type": "text/html" });
      createReadStream(path.join(buildDir, "404.html")).pipe(res);
      return;
    }
    res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function firstLoad(browser, origin, route) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const totals = { html: [0, 0], css: [0, 0], js: [0, 0], files: [] };
  const pending = [];
  page.on("response", (response) => {
    const kind = { document: "html", stylesheet: "css", script: "js" }[
      response.request().resourceType()
    ];
    if (!kind) return;
    pending.push(
      response
        .body()
        .then((body) => {
          const gz = gzipSync(body, { level: 9 }).length;
          totals[kind][0] += body.length;
          totals[kind][1] += gz;
          totals.files.push([new URL(response.url()).pathname, body.length, gz]);
        })
        // A response that arrives while the page closes is not part of the first load.
        .catch(() => {}),
    );
  });
  // Until hydrated (a page's chunks load before React hydrates), then until idle.
  await page.goto(origin + route);
  await page.waitForSelector("html[data-has-hydrated=true]", { state: "attached" });
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  await context.close();
  return totals;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

const skipBuild = process.argv.includes("--no-build");
const listFiles = process.argv.includes("--files");
const buildSeconds = skipBuild ? null : coldBuild();
const rebuildSeconds = process.argv.includes("--rebuild") ? rebuild() : null;
if (process.argv.includes("--no-measure")) process.exit(0);
if (!existsSync(buildDir)) throw new Error("build/ does not exist; run without --no-build");
const htmlPages = countHtml(buildDir);

const server = await serve();
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
  ],
});
const rows = [];
for (const [name, route] of Object.entries(pages)) {
  const t = await firstLoad(browser, origin, route);
  if (listFiles) {
    console.log(`${name} (${route}), KB raw / gzip:`);
    for (const [file, raw, gz] of t.files.sort((a, b) => b[2] - a[2])) {
      console.log(`  ${kb(raw).padStart(6)} / ${kb(gz).padStart(5)}  ${file}`);
    }
  }
  const raw = t.html[0] + t.css[0] + t.js[0];
  const gz = t.html[1] + t.css[1] + t.js[1];
  rows.push([
    name,
    `${kb(t.html[0])} / ${kb(t.html[1])}`,
    `${kb(t.css[0])} / ${kb(t.css[1])}`,
    `${kb(t.js[0])} / ${kb(t.js[1])}`,
    `${kb(raw)} / ${kb(gz)}`,
    gz / 1024 <= budgetKb ? "yes" : "NO",
  ]);
}
await browser.close();
server.close();

console.log(
  `cold build (rm build .docusaurus api node_modules/.cache): ${buildSeconds === null ? "skipped" : `${buildSeconds.toFixed(1)} s`}`,
);
if (rebuildSeconds !== null)
  console.log(`rebuild after a change to one docs page: ${rebuildSeconds.toFixed(1)} s`);
console.log(`HTML pages: ${htmlPages}`);
console.log("first-load transfer, KB raw / gzip:");
const header = ["page", "HTML", "CSS", "JS", "total", `<= ${budgetKb} KB gz`];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
console.log(line(header));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const row of rows) console.log(line(row));
