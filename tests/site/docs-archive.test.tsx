import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { archivesIn, packArchive, unpackArchive } from "../../src/plugins/docs-archive";

const archive = "archive/0.8.tar.br";
const files = unpackArchive(readFileSync(archive));
const byPath = new Map(files.map((file) => [file.path, file]));
const pages = files.filter((file) => file.path.endsWith(".html"));

const banner =
  "You are reading the FDM 0.8 documentation, an archive. 1.0 is current: see " +
  '<a href="/fdm/docs/getting-started/upgrading-to-1.0">Upgrading to 1.0 (old → new)</a>';

/** An href or src attribute's value, quoted or not. */
const attributeUrl = /\s(?:href|src)=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;
const urlOf = (match: RegExpMatchArray): string => match[1] ?? match[2] ?? match[3] ?? "";

/** `/fdm/0.8/docs/x#y` → the archive's file for it, if it has one. */
function archived(url: string): string | undefined {
  const rest = decodeURIComponent(url.slice("/fdm/0.8/".length).replace(/[?#].*$/, ""));
  return [rest, `${rest}.html`, `${rest.replace(/\/$/, "")}/index.html`].find((file) =>
    byPath.has(file),
  );
}

describe("the tar format", () => {
  const sample = [
    { path: "docs.html", data: Buffer.from("<p>docs</p>") },
    // Longer than ustar's 100-byte name field: split into prefix and name.
    {
      path: `api/fdm-calculator/src/${"very-long-folder-name/".repeat(5)}functions/getStikstofGebruiksNorm.html`,
      data: Buffer.from("x".repeat(1000)),
    },
    { path: "assets/css/empty.css", data: Buffer.alloc(0) },
  ];

  it("gives back the files it was given, sorted by path", () => {
    const back = unpackArchive(packArchive(sample, 1_764_222_704));
    expect(back.map((file) => file.path)).toEqual([...sample.map((f) => f.path)].sort());
    for (const file of sample) {
      expect(back.find((b) => b.path === file.path)?.data.equals(file.data)).toBe(true);
    }
  });

  it("is a tar that GNU tar lists with the same paths and sizes", () => {
    const tar = brotliDecompressSync(packArchive(sample, 1_764_222_704));
    const listing = spawnSync("tar", ["-tvf", "-"], { input: tar, encoding: "utf8" });
    expect(listing.status).toBe(0);
    const rows = listing.stdout.trim().split("\n");
    expect(rows.map((row) => row.split(/\s+/).at(-1)).sort()).toEqual(
      sample.map((f) => f.path).sort(),
    );
    expect(rows.find((row) => row.endsWith("docs.html"))?.split(/\s+/)[2]).toBe("11");
  });

  it("makes the same bytes from the same files", () => {
    expect(packArchive(sample, 1).equals(packArchive([...sample].reverse(), 1))).toBe(true);
  });

  it("refuses a path that leaves its folder", () => {
    expect(() => packArchive([{ path: "../x.html", data: Buffer.alloc(1) }], 1)).toThrow(
      "an archive path must stay inside its folder",
    );
  });
});

describe("the 0.8 archive", () => {
  it("is found by the plugin under its version, and is a few MB at most", () => {
    expect(archivesIn("archive")).toEqual([{ version: "0.8", file: "archive/0.8.tar.br" }]);
    expect(statSync(archive).size).toBeLessThan(4_000_000);
  });

  it("holds the 0.8 docs and API reference, and no JavaScript, source maps or twins", () => {
    for (const page of [
      "docs.html",
      "docs/installation.html",
      "docs/getting-started/basic-usage-fdm-core.html",
      "api.html",
      "api/fdm-calculator/src.html",
    ]) {
      expect(byPath.has(page), page).toBe(true);
    }
    // 0.8 had 605 docs and API pages (archive/README.md).
    expect(pages.length).toBe(605);
    expect(files.filter((file) => /\.(js|map|md)$/.test(file.path))).toEqual([]);
    expect(pages.filter((file) => !/^(docs|api)(\.html$|\/)/.test(file.path))).toEqual([]);
  });

  it("every page has the banner, which links the 1.0 upgrade page", () => {
    expect(existsSync("docs/getting-started/upgrading-to-1.0.mdx")).toBe(true);
    const without = pages.filter((file) => !file.data.toString().includes(banner));
    expect(without.map((file) => file.path)).toEqual([]);
  });

  it("no page loads a script file, another host's file, or a file the archive lacks", () => {
    const problems: string[] = [];
    for (const file of pages) {
      const html = file.data.toString();
      for (const script of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) {
        // The only scripts left are inline and pick the colour mode.
        if (/\bsrc=/.test(script) || !script.includes("data-theme")) {
          problems.push(`${file.path}: ${script.slice(0, 80)}`);
        }
      }
      // What a page loads: stylesheets, icons, images (the old build's HTML is minified:
      // attributes may be unquoted).
      const loads = [
        ...html.matchAll(/<link\b[^>]*>/g),
        ...html.matchAll(/<(?:img|source|iframe|video|audio|embed)\b[^>]*>/g),
      ]
        .filter((match) => !/\brel=["']?(?:canonical|alternate)\b/.test(match[0]))
        .flatMap((match) => [...match[0].matchAll(attributeUrl)].map(urlOf));
      for (const url of loads) {
        if (/^(data:|#)/.test(url)) continue;
        if (!url.startsWith("/fdm/0.8/")) problems.push(`${file.path} loads ${url}`);
        else if (!archived(url)) problems.push(`${file.path} loads ${url}, not in the archive`);
      }
      // Links into the archive lead to its files; the rest go to the current site, once under /fdm/.
      for (const url of [...html.matchAll(attributeUrl)].map(urlOf)) {
        if (url.startsWith("/fdm/0.8/") && !archived(url))
          problems.push(`${file.path} links ${url}`);
        if (/^\/fdm\/fdm\b/.test(url)) problems.push(`${file.path} links ${url}`);
      }
    }
    expect(problems).toEqual([]);
    // 605 pages, 25 MB: seconds on a busy machine.
  }, 60_000);

  it("every stylesheet's url() is in the archive", () => {
    const missing: string[] = [];
    for (const file of files.filter((f) => f.path.endsWith(".css"))) {
      for (const match of file.data.toString().matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
        const url = match[1] ?? "";
        if (/^(data:|#)/.test(url)) continue;
        const absolute = url.startsWith("/")
          ? url
          : new URL(url, `http://x/fdm/0.8/${file.path}`).pathname;
        if (!archived(absolute)) missing.push(`${file.path}: ${url}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
