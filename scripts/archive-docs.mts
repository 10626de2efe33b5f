// Remakes archive/<version>.tar.br: an earlier version's docs and API reference, frozen as
// static HTML and CSS, which the site's build unpacks into build/<version>/ (src/plugins/
// docs-archive.ts). Run it once, when a version is archived (archive/README.md):
//
//   node --import tsx scripts/archive-docs.mts --version 0.8 --commit 1e7c21f
//
// It checks the commit out in a worktree of its own (--worktree, default in the temporary
// folder), installs that commit's dependencies there with `npm ci` unless the worktree has
// node_modules already, builds that site once under /fdm/<version>/, keeps its docs and API
// pages and the files they use, and writes the archive. --keep leaves the worktree.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type ArchiveFile, packArchive } from "../src/plugins/docs-archive.ts";

/** What an archived page says and links to; the site's own paths, under `site`. */
export interface ArchiveOptions {
  /** The archived version, `0.8`. */
  version: string;
  /** The current version, `1.0`. */
  current: string;
  /** The site's base path, `/fdm/`. */
  site: string;
  /** The site's origin, `https://fdm-project.github.io` (Docusaurus names its storage keys by it). */
  siteUrl: string;
  /** The current site's page listing what changed, `docs/getting-started/upgrading-to-1.0`. */
  upgradePage: string;
}

/** An href or src attribute's value, quoted or not (the old build's HTML is minified). */
const attributeUrls = /\s(?:href|src)=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;

/** The sections of the old site that are kept: its docs and its API reference. */
const keptSections = /^(docs|api)(\.html$|\/)/;

/** Every file under `dir`, as paths relative to it with forward slashes. */
function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(dir, rel) : [rel];
  });
}

/**
 * Finds the end of the element that starts at `start` (`<div …>`, `<button …>`), counting
 * nested elements of the same name: the index just past its closing tag.
 */
function elementEnd(html: string, start: number, tag: string): number {
  const pattern = new RegExp(`<(/?)${tag}\\b[^>]*>`, "g");
  pattern.lastIndex = start;
  let depth = 0;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return match.index + match[0].length;
  }
  throw new Error(`<${tag}> at ${start} is never closed`);
}

/** Removes every element whose opening tag matches `opening` (a regex on the tag's text). */
function removeElements(html: string, tag: string, opening: RegExp): string {
  const starts = new RegExp(`<${tag}\\b[^>]*>`, "g");
  let out = "";
  let from = 0;
  for (let match = starts.exec(html); match; match = starts.exec(html)) {
    if (match.index < from || !opening.test(match[0])) continue;
    out += html.slice(from, match.index);
    from = elementEnd(html, match.index, tag);
    starts.lastIndex = from;
  }
  return out + html.slice(from);
}

/** The file a site path names in the old build: `/fdm/0.8/docs/x` → `docs/x.html`. */
function fileOf(url: string, root: string, files: Set<string>): string | undefined {
  const bare = url.slice(root.length).replace(/[?#].*$/, "");
  const decoded = decodeURIComponent(bare);
  const candidates = decoded === "" ? ["index.html"] : [decoded, `${decoded}.html`];
  candidates.push(`${decoded.replace(/\/$/, "")}/index.html`);
  return candidates.find((candidate) => files.has(candidate));
}

/** The stylesheet every archived page loads after the old site's own. */
export const archiveCss = `/* The archive: a banner on every page, and navigation that needs no JavaScript. */
.fdm-archive-banner{padding:.75rem var(--ifm-navbar-padding-horizontal);background:var(--ifm-color-warning-contrast-background);color:var(--ifm-color-warning-contrast-foreground);border-bottom:1px solid var(--ifm-color-warning-dark);font-size:.9375rem;line-height:1.5}
.fdm-archive-banner p{margin:0;max-width:var(--ifm-container-width-xl)}
.fdm-archive-banner a{color:inherit;font-weight:700;text-decoration:underline}
.fdm-archive-current{white-space:nowrap}
/* On a phone the theme puts the sidebar in a menu that needs JavaScript: here it follows the page. */
@media (max-width:996px){
.navbar__brand{flex-shrink:0;margin-right:.75rem}
.navbar__items{flex:1 1 auto;min-width:0;flex-wrap:wrap}
.theme-doc-sidebar-container{display:block!important;order:2;width:100%!important;border-top:1px solid var(--ifm-toc-border-color);margin-top:2rem}
.theme-doc-sidebar-container>div{position:static!important;height:auto!important;max-height:none!important;padding-top:0!important}
.theme-doc-sidebar-container nav{height:auto!important;overflow:visible!important}
main[class*=docMainContainer]{order:1}
div[class*=docRoot]{flex-direction:column}
}
`;

/**
 * Rewrites one page of the old build for the archive: its scripts go (except the inline
 * colour-mode ones, which only pick light or dark), as do controls that need them (buttons,
 * the search box, the announcement bar); its links stay inside the archive where the archive
 * has the file and go to the current site where it does not; a banner says which version
 * this is and links the upgrade page and the current docs.
 *
 * @param html - The page as the old build wrote it.
 * @param kept - The archive's files (paths relative to the version's folder).
 * @param options - The versions and the site's paths.
 * @returns The archived page.
 */
export function archivePage(html: string, kept: Set<string>, options: ArchiveOptions): string {
  const root = `${options.site}${options.version}/`;
  let page = html;
  page = page.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, (script) =>
    /^<script\b[^>]*\bsrc=/.test(script) ||
    !script.includes("data-theme") ||
    /\.js["']/.test(script)
      ? ""
      : script,
  );
  // The colour-mode choice is stored under a key named by the site's address (Docusaurus's
  // storage namespace): the archive reads the current site's, so a choice made there holds here.
  const namespace = (address: string) =>
    createHash("md5").update(address).digest("hex").slice(0, 3);
  page = page.replace(
    new RegExp(
      `(["'])(theme|fdm-color-mode-choice)-${namespace(`${options.siteUrl}${root}`)}\\1`,
      "g",
    ),
    `$1$2-${namespace(`${options.siteUrl}${options.site}`)}$1`,
  );
  page = page.replace(
    /<link\b[^>]*\brel=["']?(?:preload|prefetch|modulepreload|search)\b[^>]*>/g,
    "",
  );
  page = page.replace(/<link\b[^>]*\btype=["']?text\/markdown\b[^>]*>/g, "");
  page = removeElements(page, "div", /\btheme-announcement-bar\b/);
  page = removeElements(page, "div", /\bnavbar-sidebar__backdrop\b/);
  page = removeElements(page, "div", /\bnavbarSearchContainer_/);
  page = removeElements(page, "div", /\btheme-doc-toc-mobile\b/);
  page = removeElements(page, "button", /./);
  // "Copy page as Markdown" fetched the page's Markdown twin, which the archive does not keep.
  page = page.replace(/(?:<p>)?<a\b[^>]*\.md["']?\s*>Copy page as Markdown<\/a>(?:<\/p>)?/g, "");
  // What the old site showed without JavaScript is what the archive always shows.
  page = page.replace(/<noscript>([\s\S]*?)<\/noscript>/g, "$1");
  // A collapsed sidebar category is a plain link to its first page here, not a toggle.
  page = page.replace(/<a\b[^>]*\bmenu__link--sublist\b[^>]*>/g, (tag) =>
    tag.replace(
      / (?:role=["']?button["']?|aria-expanded=["']?\w+["']?|tabindex=["']?0["']?)(?=[ >])/g,
      "",
    ),
  );
  // Links: inside the archive when it has the file, else to the same path on the current site.
  page = page.replace(
    /(\s(?:href|src)=)(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g,
    (attribute, name: string, ...values: (string | undefined)[]) => {
      const url = values[0] ?? values[1] ?? values[2] ?? "";
      if (!url.startsWith(root) || fileOf(url, root, kept)) return attribute;
      // A link the old config wrote with the site's path already (the footer's logo: /fdm/)
      // got the base URL twice: /fdm/0.8/fdm/.
      const rest = url.slice(root.length);
      const own = options.site.slice(1);
      const target =
        rest === own.slice(0, -1) || rest.startsWith(own) ? rest.slice(own.length) : rest;
      return `${name}"${options.site}${target}"`;
    },
  );
  page = page.replace(
    /<span class=["']?fdm-version\b[^>]*>[^<]*<\/span>/,
    `<span class="fdm-version">v${options.version} (archive)</span>`,
  );
  const current = `${options.site}docs`;
  const upgrade = `${options.site}${options.upgradePage}`;
  const banner =
    `<section class="fdm-archive-banner" aria-label="Archived version"><p role="note">You are reading the FDM ${options.version} ` +
    `documentation, an archive. ${options.current} is current: see <a href="${upgrade}">Upgrading ` +
    `to ${options.current} (old → new)</a>. <a class="fdm-archive-current" href="${current}">` +
    `The ${options.current} docs</a></p></section>`;
  const body = /<div id=["']?__docusaurus["']?>/.exec(page);
  if (!body) throw new Error("no <div id=__docusaurus> to put the banner in");
  page = page.replace(body[0], `${body[0]}${banner}`);
  page = page.replace(
    "</head>",
    `<link rel="stylesheet" href="${root}assets/css/archive.css"></head>`,
  );
  return page;
}

/**
 * Picks the archive's files from an old build: its docs and API pages (rewritten by
 * {@link archivePage}) and the stylesheets, images and fonts they use, nothing else.
 *
 * @param buildDir - The old site's build folder (built with base URL `/fdm/<version>/`).
 * @param options - The versions and the site's paths.
 * @returns The archive's files.
 * @throws {Error} When the build has no docs pages.
 */
export function archiveFiles(buildDir: string, options: ArchiveOptions): ArchiveFile[] {
  const root = `${options.site}${options.version}/`;
  const all = new Set(listFiles(buildDir));
  const pages = [...all].filter((file) => file.endsWith(".html") && keptSections.test(file));
  if (!pages.some((file) => file.startsWith("docs"))) throw new Error(`${buildDir}: no docs pages`);
  // The files the pages and their stylesheets use, within the old site.
  const assets = new Set<string>();
  const visit = (text: string, pattern: RegExp) => {
    for (const match of text.matchAll(pattern)) {
      const url = match[1] ?? match[2] ?? match[3] ?? "";
      if (!url.startsWith(root)) continue;
      const file = fileOf(url, root, all);
      if (!file || file.endsWith(".html") || file.endsWith(".js") || file.endsWith(".md")) continue;
      if (file.endsWith(".json") || file.endsWith(".xml") || file.endsWith(".txt")) continue;
      if (assets.has(file)) continue;
      assets.add(file);
      if (file.endsWith(".css")) {
        const css = readFileSync(path.join(buildDir, file), "utf8");
        // url(…) in a stylesheet is relative to it, or absolute from the site's root.
        for (const ref of css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
          const target = ref[1] ?? "";
          if (/^(data:|https?:|#)/.test(target)) continue;
          const absolute = target.startsWith("/")
            ? target
            : path.posix.join(path.posix.dirname(`${root}${file}`), target);
          visit(` href="${absolute}"`, attributeUrls);
        }
      }
    }
  };
  for (const file of pages) {
    visit(readFileSync(path.join(buildDir, file), "utf8"), attributeUrls);
  }
  const kept = new Set([...pages, ...assets, "assets/css/archive.css"]);
  return [
    ...pages.map((file) => ({
      path: file,
      data: Buffer.from(
        archivePage(readFileSync(path.join(buildDir, file), "utf8"), kept, options),
      ),
    })),
    ...[...assets].map((file) => ({ path: file, data: readFileSync(path.join(buildDir, file)) })),
    { path: "assets/css/archive.css", data: Buffer.from(archiveCss) },
  ];
}

/**
 * The old site's config with the archive's base URL, written into its worktree.
 *
 * At 0.8 the site's src/plugins/lean-client-data.ts splits the route registry line by line
 * and loses its closing brace when the last entry is an API page, which depends on the
 * base URL's hashes; a first plugin puts the brace on a line of its own (harmless to a
 * version without that split).
 *
 * @param version - The archived version, `0.8`.
 * @returns The text of `docusaurus.archive.config.ts`.
 */
export function wrapperConfig(version: string): string {
  return `import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { LoadContext } from "@docusaurus/types";
import config from "./docusaurus.config";

// Written by scripts/archive-docs.mts (see wrapperConfig there).
function registryOnLines({ generatedFilesDir }: LoadContext) {
  return {
    name: "archive-registry-lines",
    configureWebpack() {
      const file = path.join(generatedFilesDir, "registry.js");
      writeFileSync(file, readFileSync(file, "utf8").replace(/,?\\s*\\};\\s*$/, ",\\n};\\n"));
      return {};
    },
  };
}

export default {
  ...config,
  baseUrl: "/fdm/${version}/",
  // Links the old config wrote with /fdm/ already; the archive rewrites them (archivePage).
  onBrokenLinks: "warn",
  plugins: [registryOnLines, ...(config.plugins ?? [])],
};
`;
}

/** Runs a command in `cwd`, its output shown, at low priority (the machine is shared). */
function run(cwd: string, command: string, args: string[]): void {
  execFileSync("nice", ["-n", "10", command, ...args], { cwd, stdio: "inherit" });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      version: { type: "string" },
      commit: { type: "string" },
      current: { type: "string", default: "1.0" },
      upgrade: { type: "string", default: "docs/getting-started/upgrading-to-1.0" },
      worktree: { type: "string" },
      keep: { type: "boolean", default: false },
    },
  });
  const { version, commit } = values;
  if (!version || !/^\d+\.\d+$/.test(version) || !commit) {
    throw new Error("usage: archive-docs.mts --version 0.8 --commit <commit> [--worktree dir]");
  }
  const repo = process.cwd();
  const worktree = values.worktree ?? path.join(tmpdir(), `fdm-archive-${version}`);
  if (!existsSync(worktree)) run(repo, "git", ["worktree", "add", "--detach", worktree, commit]);
  if (!existsSync(path.join(worktree, "node_modules"))) run(worktree, "npm", ["ci"]);
  // The old site, built once under /fdm/<version>/; its own config otherwise.
  writeFileSync(path.join(worktree, "docusaurus.archive.config.ts"), wrapperConfig(version));
  const buildDir = path.join(worktree, "build-archive");
  if (!existsSync(path.join(buildDir, "docs.html"))) {
    run(worktree, "npx", [
      "docusaurus",
      "build",
      "--config",
      "docusaurus.archive.config.ts",
      "--out-dir",
      "build-archive",
    ]);
  }
  const files = archiveFiles(buildDir, {
    version,
    current: values.current,
    site: "/fdm/",
    siteUrl: "https://fdm-project.github.io",
    upgradePage: values.upgrade,
  });
  const date = Number(execFileSync("git", ["show", "-s", "--format=%ct", commit], { cwd: repo }));
  const out = path.join(repo, "archive", `${version}.tar.br`);
  writeFileSync(out, packArchive(files, date));
  const bytes = files.reduce((sum, file) => sum + file.data.length, 0);
  const pages = files.filter((file) => file.path.endsWith(".html")).length;
  console.log(
    `${out}: ${pages} pages, ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB unpacked, ` +
      `${(statSync(out).size / 1e6).toFixed(2)} MB packed`,
  );
  if (!values.keep) {
    run(repo, "git", ["worktree", "remove", "--force", worktree]);
    rmSync(worktree, { recursive: true, force: true });
  }
}
