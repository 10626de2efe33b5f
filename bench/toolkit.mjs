#!/usr/bin/env node
// What the toolkit in the browser costs the pages that use it, on a throttled
// profile (CPU 4x slower, 10 Mbit/s down, 40 ms latency): the bytes fetched
// (raw / gzip) for the page's first load and, separately, for the toolkit
// when it is used, and the time from the reader's action to the first result.
//
//   node bench/toolkit.mjs    measures the existing build/ (run `npm run build` first)
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// FDM_BENCH_BUILD=build-e2e measures another build directory.
const buildDir = path.join(root, process.env.FDM_BENCH_BUILD ?? "build");
const baseUrl = "/fdm/";
const types = {
  ".html": "text/html",
  ".css": "text/css",
  ".js": "text/javascript",
  ".json": "application/json",
  ".wasm": "application/wasm",
};

function serve() {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const rel = decodeURIComponent(url.pathname).slice(baseUrl.length - 1);
    const file = [rel, `${rel}.html`, path.join(rel, "index.html")]
      .map((p) => path.join(buildDir, p))
      .find((f) => f.startsWith(buildDir) && existsSync(f) && statSync(f).isFile());
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const kb = (b) => (b / 1024).toFixed(1);

async function measure(browser, origin, { name, route, act, done }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 40,
    downloadThroughput: (10 * 1024 * 1024) / 8,
    uploadThroughput: (5 * 1024 * 1024) / 8,
  });
  let phase = "first load";
  const totals = { "first load": [0, 0], toolkit: [0, 0] };
  const pending = [];
  const foreign = [];
  context.on("response", (response) => {
    if (new URL(response.url()).hostname !== "127.0.0.1") foreign.push(response.url());
    const bucket = totals[phase];
    pending.push(
      response.body().then(
        (body) => {
          bucket[0] += body.length;
          bucket[1] += gzipSync(body, { level: 9 }).length;
        },
        () => {},
      ),
    );
  });
  await page.goto(origin + route, { waitUntil: "networkidle" });
  await Promise.all(pending.splice(0));
  phase = "toolkit";
  const started = Date.now();
  await act(page);
  await done(page);
  const ms = Date.now() - started;
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  await context.close();
  return { name, totals, ms, foreign };
}

const cases = [
  {
    name: "stikstof calculator",
    route: "/fdm/docs/norms/nl/2025/stikstofgebruiksnorm",
    act: (page) => page.getByRole("button", { name: "Open the calculator" }).click(),
    done: (page) => page.getByTestId("norm-value").waitFor({ timeout: 120_000 }),
  },
  {
    name: "docs sample on fdm-core, with a sign-up (Run)",
    route: "/fdm/docs/getting-started/basic-usage-fdm-core",
    act: (page) => page.getByRole("button", { name: "Run", exact: true }).first().click(),
    done: (page) =>
      page
        .getByText(/^Finished in|^Error|^Stopped/)
        .first()
        .waitFor({ timeout: 300_000 }),
  },
  {
    name: "playground, starter script 1",
    route: "/fdm/playground",
    act: (page) => page.getByRole("button", { name: "Run", exact: true }).click(),
    done: (page) =>
      page
        .getByText(/^Finished in|^Error|^Stopped/)
        .first()
        .waitFor({ timeout: 300_000 }),
  },
];

if (!existsSync(buildDir)) throw new Error("build/ does not exist; run npm run build first");
const server = await serve();
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
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
console.log("throttled: CPU 4x, 10 Mbit/s down, 40 ms latency; KB raw / gzip");
console.log("| page | first load | toolkit on use | time to first result | other hosts |");
console.log("|---|---|---|---|---|");
for (const c of cases) {
  const r = await measure(browser, origin, c);
  const [f, t] = [r.totals["first load"], r.totals.toolkit];
  console.log(
    `| ${r.name} | ${kb(f[0])} / ${kb(f[1])} | ${kb(t[0])} / ${kb(t[1])} | ${(r.ms / 1000).toFixed(2)} s | ${r.foreign.length} |`,
  );
}
await browser.close();
server.close();
