#!/usr/bin/env node
// What the toolkit in the browser costs the pages that use it, on a throttled
// profile (CPU 4x slower, 10 Mbit/s down, 40 ms latency), served with gzip as
// a static host does: per case, the time from the reader's click to the result
// and the bytes fetched after the click (gzip on the wire, and raw).
//
//   node bench/toolkit.mjs                       measures build/
//   FDM_BENCH_BUILD=build-toolkit node bench/toolkit.mjs
//   FDM_BENCH_VERBOSE=1 …                        also lists every file fetched after the click
//   FDM_BENCH_THROTTLE=0 …                       without the throttling (a desktop)
//   FDM_BENCH_CASE=playground …                  only the cases whose name contains it
//   FDM_BENCH_CPU_LIMIT=0.5 …                    the whole browser (page, worker, compiler and
//                                                 network threads) held to 0.5 of one core by a
//                                                 Linux cgroup (v1, writable), instead of Chrome's
//                                                 CPU throttling, which slows the page only
//
// "cold" is a fresh browser profile (empty cache). The second runs happen in
// the same tab after the first: the toolkit is loaded and its worker warm.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.resolve(root, process.env.FDM_BENCH_BUILD ?? "build");
const verbose = process.env.FDM_BENCH_VERBOSE === "1";
const throttled = process.env.FDM_BENCH_THROTTLE !== "0";
const only = process.env.FDM_BENCH_CASE ?? "";
const cpuLimit = process.env.FDM_BENCH_CPU_LIMIT ? Number(process.env.FDM_BENCH_CPU_LIMIT) : null;
if (cpuLimit !== null && !(cpuLimit > 0 && cpuLimit <= 64))
  throw new Error("FDM_BENCH_CPU_LIMIT: must be a number of cores above 0 and at most 64");
const baseUrl = "/fdm/";
const types = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".data": "application/octet-stream",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
};
// What a static host compresses; images, fonts and the engine's xz files are compressed already.
const incompressible = new Set([".png", ".jpg", ".webp", ".woff2", ".ico", ".gz", ".br", ".xz"]);

// Compressed once per file: gzip -9 of PGlite's 9 MB WebAssembly takes a while.
const gzipped = new Map();
function gzipOf(file) {
  let body = gzipped.get(file);
  if (!body) {
    body = gzipSync(readFileSync(file), { level: 9 });
    gzipped.set(file, body);
  }
  return body;
}

// The network profile, applied by the server to every response (Chrome's own
// network throttling leaves out the requests of workers): 40 ms before the
// response starts, and one 10 Mbit/s link shared by all responses.
const latencyMs = throttled ? 40 : 0;
const bytesPerMs = throttled ? (10 * 1000 * 1000) / 8 / 1000 : Number.POSITIVE_INFINITY;
let linkFreeAt = 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** What the server sent since the meter was last reset: bytes on the wire, raw bytes, files. */
const meter = { wire: 0, raw: 0, files: [] };

async function send(res, body) {
  for (let at = 0; at < body.length; at += 16 * 1024) {
    const chunk = body.subarray(at, at + 16 * 1024);
    const now = Date.now();
    linkFreeAt = Math.max(linkFreeAt, now) + chunk.length / bytesPerMs;
    if (linkFreeAt > now + 1) await sleep(linkFreeAt - now);
    if (!res.write(chunk)) await new Promise((r) => res.once("drain", r));
  }
  res.end();
}

function serve() {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const rel = decodeURIComponent(url.pathname).slice(baseUrl.length - 1);
    const file = [rel, `${rel}.html`, path.join(rel, "index.html")]
      .map((p) => path.join(buildDir, p))
      .find((f) => f.startsWith(buildDir) && existsSync(f) && statSync(f).isFile());
    await sleep(latencyMs);
    if (!file) return res.writeHead(404).end();
    const ext = path.extname(file);
    const stat = statSync(file);
    const etag = `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`;
    const headers = {
      "content-type": types[ext] ?? "application/octet-stream",
      // Content-hashed names never change; anything else is revalidated (a 304 when unchanged).
      "cache-control": /(^|\.)[0-9a-f]{8,}\./.test(path.basename(file))
        ? "public, max-age=31536000, immutable"
        : "no-cache",
      etag,
    };
    if (req.headers["if-none-match"] === etag) {
      meter.files.push([`${url.pathname} (304)`, 0]);
      return res.writeHead(304, headers).end();
    }
    const gzip = !incompressible.has(ext) && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    if (gzip) headers["content-encoding"] = "gzip";
    const raw = readFileSync(file);
    const body = gzip ? gzipOf(file) : raw;
    meter.wire += body.length;
    meter.raw += raw.length;
    const entry = [url.pathname, body.length, Date.now(), 0];
    meter.files.push(entry);
    res.writeHead(200, { ...headers, "content-length": body.length });
    await send(res, body);
    entry[3] = Date.now();
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const kb = (b) => Math.round(b / 1024).toLocaleString("en");
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

/**
 * A cgroup (v1) that holds every process started through the returned wrapper
 * to `cores` of CPU time, and its removal. Only the browser goes in it: the
 * server stays at the machine's speed, as a host would.
 */
function cpuLimitedChromium(cores) {
  const group = `/sys/fs/cgroup/cpu/fdm-bench-${process.pid}`;
  try {
    mkdirSync(group);
    writeFileSync(path.join(group, "cpu.cfs_period_us"), "100000");
    writeFileSync(path.join(group, "cpu.cfs_quota_us"), String(Math.round(cores * 100000)));
  } catch (error) {
    throw new Error(
      `FDM_BENCH_CPU_LIMIT needs a writable cgroup v1 cpu controller: ${error.message}`,
    );
  }
  const wrapperDir = mkdtempSync(path.join(tmpdir(), "fdm-bench-"));
  const wrapper = path.join(wrapperDir, "chromium");
  writeFileSync(
    wrapper,
    `#!/bin/sh\necho $$ > ${group}/cgroup.procs\nexec /usr/bin/chromium "$@"\n`,
    { mode: 0o755 },
  );
  const remove = () => {
    // A cgroup is removed once its processes have ended; the browser is closed by then.
    for (const pid of readFileSync(path.join(group, "cgroup.procs"), "utf8").split("\n"))
      if (pid) writeFileSync("/sys/fs/cgroup/cpu/cgroup.procs", pid);
    rmdirSync(group);
    rmSync(wrapperDir, { recursive: true, force: true });
  };
  return { executablePath: wrapper, remove };
}

/** A tab with the CPU throttling applied (Chrome applies it to the page, not to its workers). */
async function openTab(context) {
  const page = await context.newPage();
  if (throttled && cpuLimit === null) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  }
  return page;
}

/** Clicks, waits for the result, and returns the time and what was fetched meanwhile. */
async function measureRun(page, act, done, prelude) {
  // Bytes count from before the prelude (a pointer resting on Run); time from the click.
  const before = { wire: meter.wire, raw: meter.raw, files: meter.files.length };
  if (prelude) await prelude(page);
  // Timed in the page: from the click event to the result in the DOM, so that
  // the harness's own waiting (actionability checks, polling) is not counted.
  await page.evaluate(() => {
    const results = ".fdm-run-ok, .fdm-run-error, [data-testid=norm-value]";
    const old = new Set(document.querySelectorAll(results));
    const w = window;
    w.__bench = { click: null, result: null };
    document.addEventListener(
      "click",
      () => {
        w.__bench.click ??= performance.now();
      },
      { capture: true, once: true },
    );
    const observer = new MutationObserver(() => {
      if ([...document.querySelectorAll(results)].some((e) => !old.has(e))) {
        w.__bench.result = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  const started = Date.now();
  await act(page);
  await done(page);
  const timed = await page.evaluate(() => window.__bench);
  const ms =
    timed.click !== null && timed.result !== null
      ? timed.result - timed.click
      : Date.now() - started;
  // The run's own line, e.g. "Finished in 0.52 s." (the sample's code alone).
  const outcome = await page
    .getByText(/^Finished in|^Error|^Stopped|^The worker stopped|^AssertionError/)
    .last()
    .textContent()
    .catch(() => "");
  // What the run fetched after the result counts too (e.g. a late chunk).
  await page.waitForLoadState("networkidle");
  await sleep(500);
  const files = meter.files.slice(before.files);
  return {
    ms,
    outcome,
    started,
    wire: meter.wire - before.wire,
    raw: meter.raw - before.raw,
    files,
  };
}

const finished = (scope) =>
  scope
    .getByText(/^Finished in|^Error|^Stopped|^The worker stopped|^AssertionError/)
    .first()
    .waitFor({ timeout: 300_000 });
const runButton = (page, n) => page.getByRole("button", { name: "Run", exact: true }).nth(n);
const sample = (page, n) =>
  page
    .locator(".fdm-run-sample")
    .filter({ has: runButton(page, 0) })
    .nth(n);

const cases = [
  {
    name: "basic-usage page",
    route: "/fdm/docs/getting-started/basic-usage-fdm-core",
    runs: [
      [
        "first Run (sample 1: sign-up, farm, field)",
        (p) => runButton(p, 0).click(),
        (p) => finished(sample(p, 0)),
      ],
      ["second Run, same sample", (p) => runButton(p, 0).click(), (p) => finished(sample(p, 0))],
      [
        "second Run, sample 2 (catalogues, crops, harvests)",
        (p) => runButton(p, 1).click(),
        (p) => finished(sample(p, 1)),
      ],
      [
        "Run on another page, after a client-side navigation (running-calculations)",
        (p) => runButton(p, 0).click(),
        (p) => finished(sample(p, 0)),
        {
          // Neither timed nor counted: a link of the page, followed by the client-side router.
          setup: async (p) => {
            await p
              .locator('a[href="/fdm/docs/getting-started/running-calculations-fdm-calculator"]')
              .first()
              .click();
            await p.waitForURL(/running-calculations/);
            await p.waitForLoadState("networkidle");
          },
        },
      ],
    ],
  },
  {
    // A reader's pointer reaches Run before the click: the toolkit starts loading then.
    name: "basic-usage page, pointer on Run 1 s before the click",
    route: "/fdm/docs/getting-started/basic-usage-fdm-core",
    runs: [
      [
        "first Run, timed from the click",
        (p) => runButton(p, 0).click(),
        (p) => finished(sample(p, 0)),
        {
          // Counted, not timed: what loads while the pointer rests on Run.
          prelude: async (p) => {
            await runButton(p, 0).hover();
            await sleep(1000);
          },
        },
      ],
    ],
  },
  {
    name: "playground",
    route: "/fdm/playground",
    runs: [["first Run (starter 1)", (p) => runButton(p, 0).click(), (p) => finished(p)]],
  },
  {
    name: "stikstof calculator",
    route: "/fdm/docs/norms/nl/2025/stikstofgebruiksnorm",
    runs: [
      [
        "open the calculator",
        (p) => p.getByRole("button", { name: "Open the calculator" }).click(),
        (p) => p.getByTestId("norm-value").waitFor({ timeout: 120_000 }),
      ],
    ],
  },
];

if (!existsSync(buildDir)) throw new Error(`${buildDir} does not exist; build the site first`);
// Compressed before measuring: gzip -9 of a 9 MB file would otherwise delay its first response.
for (const file of readdirSync(buildDir, { recursive: true, encoding: "utf8" })) {
  const full = path.join(buildDir, file);
  if (/\.(js|json|wasm|data|css)$/.test(file) && statSync(full).isFile()) gzipOf(full);
}
const server = await serve();
const origin = `http://127.0.0.1:${server.address().port}`;
const limited = cpuLimit === null ? null : cpuLimitedChromium(cpuLimit);
const browser = await chromium.launch({
  executablePath: limited?.executablePath ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
console.log(
  `${path.relative(root, buildDir)}; ${cpuLimit !== null ? `the whole browser held to ${cpuLimit} core` : throttled ? "CPU 4x (the page)" : "CPU unthrottled"}; ${throttled ? "10 Mbit/s down, 40 ms latency" : "network unthrottled"}; gzip server; cold = empty cache`,
);
console.log(
  "| page | run | time to result | fetched after the click, KB on the wire (raw) | what the page says |",
);
console.log("|---|---|---|---|---|");
for (const c of cases.filter((c) => c.name.includes(only))) {
  const context = await browser.newContext();
  const page = await openTab(context);
  await page.goto(origin + c.route, { waitUntil: "networkidle" });
  await page.locator("html[data-has-hydrated=true]").waitFor({ state: "attached" });
  // The site prefetches linked pages when idle: let that finish before the click.
  await sleep(3000);
  await page.waitForLoadState("networkidle");
  for (const [name, act, done, { setup, prelude } = {}] of c.runs) {
    if (setup) await setup(page);
    const r = await measureRun(page, act, done, prelude);
    console.log(
      `| ${c.name} | ${name} | ${s(r.ms)} | ${kb(r.wire)} (${kb(r.raw)}) | ${r.outcome ?? ""} |`,
    );
    if (verbose)
      for (const [url, bytes, from, to] of r.files.sort((a, b) => b[1] - a[1]))
        console.log(
          `|  |  |  | ${kb(bytes)} ${url}${from ? ` (${s(from - r.started)} to ${s(to - r.started)})` : ""} |`,
        );
  }
  await context.close();
}
await browser.close();
limited?.remove();
server.close();
