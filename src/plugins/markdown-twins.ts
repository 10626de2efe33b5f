/**
 * Docs for readers that are programs (AI assistants, scripts): after the build, every page
 * gets a Markdown twin at its path plus `.md`, and the site gets `/fdm/llms.txt` (the
 * llmstxt.org index: one link and one line per page) and `/fdm/llms-full.txt` (every docs
 * page in sidebar order). Each page's HTML gets `<link rel="alternate" type="text/markdown">`.
 *
 * The twins come from the pages' own sources where they have one: a docs or blog page's
 * MDX with its imports and components taken out (each component leaves a one-line note),
 * an API page's Markdown as TypeDoc wrote it. Code blocks stay fenced, as written; headings
 * and table headers are plain text (no `<span lang>`, soft hyphens or `{#id}`), and emoji
 * shortcodes are the emoji. Pages made of React components (home, blog lists, tag and author
 * pages, docs category pages, playground, search) get their built HTML's content as Markdown
 * (src/plugins/html-to-markdown.ts): the text, tables and links a reader sees.
 * (contributing.mdx, "Markdown twins", says why this is our own build step.)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";
import { generatedDocsFolder } from "./generated-docs";
import { decodeEntities, htmlToMarkdown } from "./html-to-markdown";

/** A page with a Markdown source. */
export interface TwinSource {
  permalink: string;
  title: string;
  description: string;
  /** The source text (MDX or Markdown). */
  text: string;
  /** The source file, for resolving its relative links (`../x.mdx`). */
  file?: string;
}

type SidebarItem = {
  type: string;
  id?: string;
  label?: string;
  items?: SidebarItem[];
  link?: { type: string; id?: string };
};
type DocMeta = {
  id: string;
  title: string;
  description: string;
  source: string;
  permalink: string;
  frontMatter: Record<string, unknown>;
};
type DocsContent = {
  loadedVersions: { docs: DocMeta[]; sidebars: Record<string, SidebarItem[]> }[];
};
type BlogContent = {
  blogPosts: {
    metadata: {
      permalink: string;
      title: string;
      description: string;
      source: string;
      date: Date | string;
    };
  }[];
};
type PagesContent = { type: string; source: string; permalink: string }[];

const fence = /^(\s*)(`{3,}|~{3,})/;

/**
 * The emoji of the shortcodes the docs use (remark-emoji renders them on the pages). A
 * shortcode missing here stays in the twins, and tests/site/markdown-twins.test.tsx, which
 * reads every docs and blog source, names it.
 */
export const emojiShortcodes: Record<string, string> = { tractor: "🚜" };

/** Markdown outside inline code spans changed by `change`; the code spans stay as written. */
function outsideCode(line: string, change: (text: string) => string): string {
  return line
    .split(/(`+[^`]*`+)/)
    .map((part, i) => (i % 2 === 1 ? part : change(part)))
    .join("");
}

/**
 * A line of Markdown as plain text a reader of the Markdown sees as the page shows it: a
 * heading loses its HTML tags and its `{#id}`, every line its `<span lang>` tags and soft
 * hyphens (`&shy;`), and emoji shortcodes (`:tractor:`) become the emoji. Inline code is kept
 * as written.
 *
 * @param line - One line of Markdown outside code blocks.
 * @returns The line in plain Markdown.
 */
export function plainLine(line: string): string {
  const heading = /^#{1,6}\s/.test(line);
  return outsideCode(line, (text) => {
    let out = text
      .replace(/<\/?span\b[^>]*>/g, "")
      .replace(/&shy;|\u00ad/g, "")
      .replace(/(^|[\s(]):([a-z0-9_+-]+):(?=[\s.,;!?)]|$)/g, (m, before: string, code: string) =>
        emojiShortcodes[code] ? `${before}${emojiShortcodes[code]}` : m,
      );
    if (heading)
      out = decodeEntities(out.replace(/<[^>]+>/g, "").replace(/\s*\{#[\w-]+\}\s*$/, ""));
    return out;
  });
}

/**
 * MDX to plain Markdown: front matter, imports and exports, MDX comments and JSX components
 * are taken out (a component leaves a note naming it); code blocks are kept as written. Tabs
 * written one tag a line keep their content, each tab's under its label.
 */
export function mdxToMarkdown(text: string): string {
  const lines = text.replace(/^---\n[\s\S]*?\n---\n/, "").split("\n");
  const out: string[] = [];
  let inFence: string | null = null;
  let inJsx: { name: string; depth: number } | null = null;
  let inExport = false;
  for (const line of lines) {
    if (inFence) {
      out.push(line);
      if (line.trim().startsWith(inFence)) inFence = null;
      continue;
    }
    const open = line.match(fence);
    if (open && !inJsx) {
      inFence = open[2] ?? "```";
      out.push(line);
      continue;
    }
    if (inExport) {
      if (/^\S/.test(line) && !/^[}\])]/.test(line)) inExport = false;
      else continue;
    }
    if (inJsx) {
      const { name } = inJsx;
      if (new RegExp(`^\\s*</${name}>`).test(line) || (/\/>\s*$/.test(line) && inJsx.depth === 0))
        inJsx = null;
      continue;
    }
    if (/^(import|export)\s/.test(line)) {
      // A multi-line import or export runs to its closing line.
      if (!/;\s*$/.test(line) && !/from\s+["'][^"']+["']\s*;?\s*$/.test(line)) inExport = true;
      continue;
    }
    // Tabs hold the page's content (the same step in several languages): keep each tab's
    // content under its label, and drop the tags.
    if (/^\s*<\/?(Tabs|TabItem)\b[^>]*>\s*$/.test(line)) {
      const label = line.match(/^\s*<TabItem\b[^>]*\blabel="([^"]*)"/)?.[1];
      if (label) out.push(`**${label}:**`);
      continue;
    }
    const jsx = line.match(/^\s*<([A-Z][\w.]*)/);
    if (jsx) {
      const name = jsx[1] ?? "Component";
      out.push(`> *${name}: an interactive part of the page, left out of this Markdown version.*`);
      const selfClosing = /\/>\s*$/.test(line);
      const closes = new RegExp(`</${name}>\\s*$`).test(line);
      if (!selfClosing && !closes) inJsx = { name, depth: 0 };
      continue;
    }
    out.push(plainLine(line.replace(/\{\/\*[\s\S]*?\*\/\}/g, "")));
  }
  return `${out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()}\n`;
}

/** Site-relative links (`/api/…`, `/fdm/docs/…`) made absolute, so a twin read alone still links. */
export function absoluteLinks(markdown: string, siteUrl: string, baseUrl: string): string {
  const root = `${siteUrl.replace(/\/$/, "")}${baseUrl}`;
  return markdown.replace(/\]\((\/[^)\s]*)\)/g, (_m, href: string) => {
    const rest = href.startsWith(baseUrl) ? href.slice(baseUrl.length) : href.slice(1);
    return `](${root}${rest})`;
  });
}

/**
 * Relative links to other sources (`../core-concepts/authorization.mdx#organizations`, and
 * TypeDoc's `fdm-core/src/index.md`) made links to those pages, through `permalinkOf` (a source
 * file's page); others stay as they are.
 */
export function resolveSourceLinks(
  markdown: string,
  file: string,
  permalinkOf: (file: string) => string | undefined,
): string {
  return markdown.replace(
    /\]\((\.{1,2}\/[^)\s#]*\.mdx?|[\w-]+(?:\/[\w.-]+)*\.mdx?)(#[^)\s]*)?\)/g,
    (m, rel: string, hash = "") => {
      const target = permalinkOf(path.resolve(path.dirname(file), rel));
      return target ? `](${target}${hash})` : m;
    },
  );
}

/** The twin of a page with a source: its title as the heading, then its Markdown. */
export function twinOf(
  page: TwinSource,
  siteUrl: string,
  baseUrl: string,
  permalinkOf: (file: string) => string | undefined = () => undefined,
): string {
  const markdown = mdxToMarkdown(page.text);
  const linked = page.file ? resolveSourceLinks(markdown, page.file, permalinkOf) : markdown;
  let body = absoluteLinks(linked, siteUrl, baseUrl);
  if (!/^# /m.test(body))
    body = `# ${page.title}\n\n${page.description ? `> ${page.description}\n\n` : ""}${body}`;
  return body;
}

/** The file a route's twin is written to: the route plus `.md` (`/fdm/` itself: `index.md`). */
export function twinPath(route: string, baseUrl: string): string {
  const rel = route.slice(baseUrl.length).replace(/\/$/, "");
  return rel === "" ? "index.md" : `${rel}.md`;
}

/** A page's title and description, from its built HTML's `<title>` and meta description. */
export function htmlHead(html: string): { title: string; description: string } {
  const text = (s = "") =>
    decodeEntities(s.replace(/<[^>]+>/g, ""))
      .replace(/\s+/g, " ")
      .trim();
  return {
    title: text(html.match(/<title[^>]*>([\s\S]*?)<\/title>/)?.[1]).replace(/ \| FDM$/, ""),
    // The built pages are minified: an attribute may be unquoted.
    description: text(
      html
        .match(/<meta name="?description"? content=(?:"([^"]*)"|([^\s">]+))/)
        ?.slice(1)
        .find((v) => v !== undefined),
    ),
  };
}

/**
 * The twin of a page without a Markdown source, from its built HTML: the content of its
 * `<main>` as Markdown, under its title; the description goes under the title when the content
 * has no heading of its own or nothing but it.
 *
 * @param html - The page's built HTML.
 * @param siteUrl - The site's origin, for absolute links.
 * @param baseUrl - The site's base path (`/fdm/`).
 * @returns The twin, starting with a level-1 heading.
 */
export function twinFromHtml(html: string, siteUrl: string, baseUrl: string): string {
  const { title, description } = htmlHead(html);
  const content = htmlToMarkdown(html);
  const own = content.match(/^# (.*)\n+/);
  let rest = own ? content.slice(own[0].length) : content;
  const lead = own && rest.trim() ? "" : description ? `> ${description}\n\n` : "";
  // A page whose content the browser makes (search) says so, and where the text is instead.
  if (!rest.trim() && !description)
    rest = `This page's content is made in the browser. Every page of the site, with its Markdown, is listed in [llms.txt](${baseUrl}llms.txt).\n`;
  const body = `# ${own?.[1] ?? title}\n\n${lead}${rest}`;
  return absoluteLinks(body, siteUrl, baseUrl);
}

/** One link of llms.txt: a page's title, its twin's address and its description. */
export interface LlmsLink {
  title: string;
  url: string;
  description: string;
}

/** A section of llms.txt: an H2 with its links. */
export interface LlmsSection {
  name: string;
  links: LlmsLink[];
}

/**
 * The llmstxt.org index: H1, summary, a line of notes, then one H2 per section, each holding
 * only link lines (`- [title](url): description`), as the reference parser (`llms_txt`) reads
 * them: it splits the file at every line starting `##` (an H3 too) and keeps one section per
 * name, so the names must be unique and there is no H3.
 *
 * @param title - The site's name (the H1).
 * @param summary - One line under the H1, as a blockquote.
 * @param notes - A paragraph before the first section.
 * @param sections - The sections in order; empty ones are left out.
 * @returns The file's text.
 * @throws Error when two sections have the same name (the parser would keep only the last).
 */
export function llmsTxt(
  title: string,
  summary: string,
  notes: string,
  sections: LlmsSection[],
): string {
  const names = new Set<string>();
  const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
  const parts = [`# ${title}`, `> ${oneLine(summary)}`, notes];
  for (const { name, links } of sections) {
    if (links.length === 0) continue;
    if (names.has(name)) throw new Error(`llms.txt: two sections named "${name}"`);
    names.add(name);
    const lines = links.map(({ title, url, description }) => {
      const d = oneLine(description);
      return `- [${oneLine(title).replace(/[[\]]/g, "")}](${url})${d ? `: ${d}` : ""}`;
    });
    parts.push(`## ${name}`, lines.join("\n"));
  }
  return `${parts.join("\n\n")}\n`;
}

/**
 * The section of the API reference an API page belongs to, by its address: the landing and
 * the package indexes in "API reference"; a package's members by kind ("fdm-core: functions",
 * "fdm-core: fdmSchema namespace"); fdm-api's REST guide and endpoints in their own.
 *
 * @param permalink - The page's address.
 * @param baseUrl - The site's base path (`/fdm/`).
 * @returns The section's name, unique to a package and kind.
 */
export function apiSectionOf(permalink: string, baseUrl: string): string {
  const rest = permalink.slice(`${baseUrl}api/`.length).replace(/\/$/, "");
  const [pkg = "", ...path] = rest.split("/");
  if (!pkg || path.join("/") === "src") return "API reference";
  if (path[0] === "rest")
    return `${pkg}: ${path[1] === "endpoints" ? "REST endpoints" : "REST API guide"}`;
  if (path[1] === "namespaces" && path[2]) return `${pkg}: ${path[2]} namespace`;
  return `${pkg}: ${(path[1] ?? "overview").replace(/-/g, " ")}`;
}

/** Doc ids of a sidebar in reading order. */
function sidebarOrder(items: SidebarItem[]): string[] {
  return items.flatMap((item) => [
    ...(item.type === "doc" && item.id ? [item.id] : []),
    ...(item.link?.type === "doc" && item.link.id ? [item.link.id] : []),
    ...(item.items ? sidebarOrder(item.items) : []),
  ]);
}

/** The build step; see the module header. */
export default function markdownTwinsPlugin(context: LoadContext): Plugin {
  const { siteDir, baseUrl, siteConfig } = context;
  const siteUrl = siteConfig.url;
  const fileOf = (source: string) => source.replace(/^@site\//, `${siteDir}/`);
  const read = (source: string) => readFileSync(fileOf(source), "utf8");
  return {
    name: "fdm-markdown-twins",
    async postBuild({ plugins, outDir, routesPaths }) {
      const root = `${siteUrl.replace(/\/$/, "")}${baseUrl}`;
      const twinUrl = (permalink: string) => `${root}${twinPath(permalink, baseUrl)}`;
      const sources = new Map<string, TwinSource>();
      const docsByInstance = new Map<string, TwinSource[]>();
      const posts: TwinSource[] = [];
      for (const plugin of plugins) {
        if (plugin.name === "docusaurus-plugin-content-docs") {
          const version = (plugin.content as DocsContent).loadedVersions[0];
          if (!version) continue;
          const byId = new Map(version.docs.map((d) => [d.id, d]));
          const order = Object.values(version.sidebars).flatMap(sidebarOrder);
          const ordered = [...new Set(order)].flatMap((id) => byId.get(id) ?? []);
          const rest = version.docs.filter((d) => !ordered.includes(d));
          const pages = [...ordered, ...rest]
            // The e2e build's generated pages (FDM_GENERATED_DOCS) are not the site's content.
            .filter((d) => !d.id.startsWith(`${generatedDocsFolder}/`))
            .map((d) => ({
              permalink: d.permalink,
              title: d.title,
              description: d.description,
              text: read(d.source),
              file: fileOf(d.source),
            }));
          docsByInstance.set(plugin.options.id as string, pages);
          for (const p of pages) sources.set(p.permalink, p);
        } else if (plugin.name === "docusaurus-plugin-content-blog") {
          for (const { metadata } of (plugin.content as BlogContent).blogPosts) {
            const post = {
              ...metadata,
              text: read(metadata.source),
              file: fileOf(metadata.source),
            };
            posts.push(post);
            sources.set(post.permalink, post);
          }
        } else if (plugin.name === "docusaurus-plugin-content-pages") {
          for (const page of plugin.content as PagesContent) {
            if (page.type !== "mdx") continue;
            const text = read(page.source);
            const title = text.match(/^title:\s*(.+)$/m)?.[1]?.replace(/^["']|["']$/g, "") ?? "";
            const description = text.match(/^description:\s*(.+)$/m)?.[1] ?? "";
            sources.set(page.permalink, { permalink: page.permalink, title, description, text });
          }
        }
      }

      const byFile = new Map([...sources.values()].map((p) => [p.file, p.permalink]));
      const permalinkOf = (file: string) => byFile.get(file);
      // With `trailingSlash: false` an index page's route is "/fdm/docs" while its permalink
      // is "/fdm/docs/": a page is found by its address without the slash.
      const key = (permalink: string) => permalink.replace(/(.)\/+$/, "$1");
      const byRoute = new Map([...sources.values()].map((p) => [key(p.permalink), p]));
      /** Pages without a source, for llms.txt: their address, title and description. */
      const others: { route: string; title: string; description: string }[] = [];

      for (const route of routesPaths) {
        if (route.endsWith("/404.html") || route.includes("/test/")) continue;
        if (route.startsWith(`${baseUrl}docs/${generatedDocsFolder}/`)) continue;
        const file = path.join(outDir, twinPath(route, baseUrl));
        const htmlFile = [
          path.join(outDir, route.slice(baseUrl.length), "index.html"),
          path.join(outDir, `${route.slice(baseUrl.length).replace(/\/$/, "")}.html`),
        ].find(existsSync);
        const source = byRoute.get(key(route));
        let html = htmlFile ? readFileSync(htmlFile, "utf8") : null;
        if (!source && html) others.push({ route, ...htmlHead(html) });
        const twin = source
          ? twinOf(source, siteUrl, baseUrl, permalinkOf)
          : html
            ? twinFromHtml(html, siteUrl, baseUrl)
            : null;
        if (!twin) continue;
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, twin);
        if (htmlFile && html) {
          const href = `${baseUrl}${twinPath(route, baseUrl)}`;
          html = html.replace(
            "</head>",
            `<link rel="alternate" type="text/markdown" href="${href}"></head>`,
          );
          writeFileSync(htmlFile, html);
        }
      }

      const docs = docsByInstance.get("default") ?? [];
      const api = docsByInstance.get("api") ?? [];
      const link = (p: { title: string; permalink: string; description: string }): LlmsLink => ({
        title: p.title,
        url: twinUrl(p.permalink),
        description: p.description,
      });
      const apiSections = new Map<string, LlmsLink[]>();
      for (const page of api) {
        const name = apiSectionOf(page.permalink, baseUrl);
        apiSections.set(name, [...(apiSections.get(name) ?? []), link(page)]);
      }
      const pages = [...sources.values()].filter(
        (p) => !docs.includes(p) && !api.includes(p) && !posts.includes(p),
      );
      // Lists of other pages (tags, archive, authors, further pages of the blog, search) are
      // "Optional" in the llmstxt.org sense: a reader short of room may skip them.
      const listing = /\/(tags|archive|authors|page|search)(\/|$)/;
      const rest = others.map((o) => ({ ...o, permalink: o.route }));
      const llms = llmsTxt(
        siteConfig.title,
        siteConfig.tagline,
        "Every page below also exists as Markdown at the listed address; `llms-full.txt` holds every docs page in one file.",
        [
          { name: "Docs", links: docs.map(link) },
          ...[...apiSections].map(([name, links]) => ({ name, links })),
          { name: "Blog", links: posts.map(link) },
          {
            name: "Site pages",
            links: [...pages, ...rest.filter((o) => !listing.test(o.route))].map(link),
          },
          { name: "Optional", links: rest.filter((o) => listing.test(o.route)).map(link) },
        ],
      );
      writeFileSync(path.join(outDir, "llms.txt"), llms);
      const full = docs.map(
        (d) =>
          `<!-- ${root}${d.permalink.slice(baseUrl.length)} -->\n\n${twinOf(d, siteUrl, baseUrl, permalinkOf)}`,
      );
      writeFileSync(
        path.join(outDir, "llms-full.txt"),
        `# ${siteConfig.title}\n\n> ${siteConfig.tagline}\n\n${full.join("\n---\n\n")}`,
      );
    },
  };
}
