#!/usr/bin/env node
// Screenshots of each page kind and of the widgets a reader opens, to show that a
// change to the stylesheet changed nothing visible: shoot a build before and after,
// then compare pixel by pixel. A shot already in the out dir is kept (rerun after a failure).
//
//   node bench/visual-diff.mjs shoot <build dir> <out dir> [port]
//   node bench/visual-diff.mjs compare <before dir> <after dir> <diff dir>
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { PNG } from "playwright-core/lib/utilsBundle";
import { startStaticServer } from "./static-server.mjs";

const pages = {
  home: "/",
  docs: "/docs/core-concepts/asset-action-model",
  api: "/api/fdm-data/src/functions/getCultivationCatalogue",
  blog: "/blog/release-april-2025",
  norms: "/docs/norms/nl/2025/stikstofgebruiksnorm",
  glossary: "/glossary",
  search: "/search?q=stikstof",
  admonitions: "/docs/getting-started/setup-connection",
};

const hydrated = (page) =>
  page.waitForSelector("html[data-has-hydrated=true]", { state: "attached", timeout: 60_000 });

/** Widgets opened by a reader, each shot at the size where it matters. */
const widgets = [
  {
    name: "phone-menu",
    width: 375,
    path: "/docs/core-concepts/asset-action-model",
    async act(page) {
      await page.locator(".navbar__toggle").click();
      await page.locator(".navbar-sidebar__items").waitFor();
      await page.waitForTimeout(600);
    },
  },
  {
    name: "sidebar-category",
    width: 1280,
    path: "/docs/core-concepts/asset-action-model",
    async act(page) {
      await page.locator("button[aria-label^='Collapse sidebar category']").first().click();
      await page.waitForTimeout(800);
    },
  },
  {
    name: "tab-switch",
    width: 1280,
    path: "/api/fdm-api/rest/walk-through",
    async act(page) {
      await page.getByRole("tab", { name: "Python" }).first().click();
      await page.waitForTimeout(300);
    },
  },
  {
    name: "norms-calculator",
    width: 1280,
    path: "/docs/norms/nl/2025/stikstofgebruiksnorm",
    async act(page) {
      await page.getByRole("button", { name: "Open the calculator" }).click();
      await page.getByTestId("norm-result").waitFor({ timeout: 60_000 });
      await page.getByTestId("norm-result").scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    },
  },
  {
    name: "search-box",
    width: 1280,
    path: "/",
    async act(page) {
      await page.getByPlaceholder("Search").first().click();
      await page.keyboard.type("stikstof");
      await page.locator(".navbar__search div[role=option]").first().waitFor({ timeout: 100_000 });
      await page.waitForTimeout(300);
    },
  },
];

async function shoot(dir, out, port) {
  mkdirSync(out, { recursive: true });
  const { url, server } = await startStaticServer({ dir, port: Number(port ?? 0) });
  const origin = url.replace(/\/fdm\/?$/, "");
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  const open = async (width, scheme, route) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    const sep = route.includes("?") ? "&" : "?";
    await page.goto(`${origin}/fdm${route}${sep}docusaurus-theme=${scheme}`);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    return { page, context };
  };
  try {
    for (const [name, route] of Object.entries(pages)) {
      for (const width of [1280, 375]) {
        for (const scheme of ["light", "dark"]) {
          const file = path.join(out, `${name}-${width}-${scheme}.png`);
          if (existsSync(file)) continue;
          const { page, context } = await open(width, scheme, route);
          if (name === "search") await page.locator("article, main").first().waitFor();
          await page.waitForTimeout(500);
          await page.screenshot({
            path: file,
            fullPage: true,
            animations: "disabled",
          });
          await context.close();
        }
      }
    }
    for (const widget of widgets) {
      for (const scheme of ["light", "dark"]) {
        const file = path.join(out, `${widget.name}-${widget.width}-${scheme}.png`);
        if (existsSync(file)) continue;
        const { page, context } = await open(widget.width, scheme, widget.path);
        await widget.act(page);
        await page.screenshot({
          path: file,
          animations: "disabled",
        });
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
}

function compare(before, after, diffDir) {
  mkdirSync(diffDir, { recursive: true });
  let changed = 0;
  for (const file of readdirSync(before).filter((f) => f.endsWith(".png"))) {
    const a = PNG.sync.read(readFileSync(path.join(before, file)));
    let b;
    try {
      b = PNG.sync.read(readFileSync(path.join(after, file)));
    } catch {
      console.log(`${file}: missing after`);
      changed++;
      continue;
    }
    if (a.width !== b.width || a.height !== b.height) {
      console.log(`${file}: size ${a.width}×${a.height} → ${b.width}×${b.height}`);
      changed++;
      continue;
    }
    const diff = new PNG({ width: a.width, height: a.height });
    let pixels = 0;
    for (let i = 0; i < a.data.length; i += 4) {
      const same =
        a.data[i] === b.data[i] &&
        a.data[i + 1] === b.data[i + 1] &&
        a.data[i + 2] === b.data[i + 2] &&
        a.data[i + 3] === b.data[i + 3];
      diff.data[i] = same ? a.data[i] >> 2 : 255;
      diff.data[i + 1] = same ? a.data[i + 1] >> 2 : 0;
      diff.data[i + 2] = same ? a.data[i + 2] >> 2 : 0;
      diff.data[i + 3] = 255;
      if (!same) pixels++;
    }
    console.log(`${file}: ${pixels} pixels differ`);
    if (pixels > 0) {
      changed++;
      writeFileSync(path.join(diffDir, file), PNG.sync.write(diff));
    }
  }
  console.log(changed === 0 ? "no difference" : `${changed} screenshots differ`);
  process.exitCode = changed === 0 ? 0 : 1;
}

const [command, ...args] = process.argv.slice(2);
if (command === "shoot") await shoot(args[0], args[1], args[2]);
else if (command === "compare") compare(args[0], args[1], args[2]);
else
  console.error(
    "usage: visual-diff.mjs shoot <dir> <out> [port] | compare <before> <after> <diff>",
  );
