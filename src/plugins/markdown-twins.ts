/**
 * Docs for readers that are programs (AI assistants, scripts): after the build, every page
 * gets a Markdown twin at its path plus `.md`, and the site gets `/fdm/llms.txt` (the
 * llmstxt.org index: one link and one line per page) and `/fdm/llms-full.txt` (every docs
 * page in sidebar order). Each page's HTML gets `<link rel="alternate" type="text/markdown">`.
 *
 * The twins come from the pages' own sources, not from their HTML: a docs or blog page's
 * MDX with its imports and components taken out (each component leaves a one-line note),
 * an API page's Markdown as TypeDoc wrote it. Code blocks stay fenced, as written. Pages
 * without a Markdown source (home, blog lists, tag pages, playground, search) get a twin
 * made of their title, description and the links of their content.
 * (contributing.mdx, "Markdown twins", says why this is our own build step.)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";

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
    out.push(line.replace(/\{\/\*[\s\S]*?\*\/\}/g, ""));
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
 * Relative links to other sources (`../core-concepts/authorization.mdx#organizations`) made
 * links to those pages, through `permalinkOf` (a source file's page); others stay as they are.
 */
export function resolveSourceLinks(
  markdown: string,
  file: string,
  permalinkOf: (file: string) => string | undefined,
): string {
  return markdown.replace(
    /\]\((\.{1,2}\/[^)\s#]*\.mdx?|[\w-]+\.mdx?)(#[^)\s]*)?\)/g,
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

const decode = (s: string) =>
  s
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** The twin of a page without a Markdown source, from its built HTML: title, description, links. */
export function twinFromHtml(html: string, siteUrl: string, baseUrl: string): string {
  const title = decode(html.match(/<title[^>]*>([\s\S]*?)<\/title>/)?.[1] ?? "").replace(
    / \| FDM$/,
    "",
  );
  const description = decode(html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "");
  const main = html.match(/<main[\s\S]*<\/main>/)?.[0] ?? "";
  const links: string[] = [];
  for (const m of main.matchAll(/<a [^>]*href="([^"#][^"]*)"[^>]*>([\s\S]*?)<\/a>/g)) {
    const text = decode(m[2] ?? "");
    const line = `- [${text}](${m[1]})`;
    if (text && !links.includes(line)) links.push(line);
  }
  const body = [`# ${title}`, description && `> ${description}`];
  if (links.length) body.push(`This page's links:\n\n${links.join("\n")}`);
  else body.push("*This page is interactive: open it in a browser.*");
  return absoluteLinks(`${body.filter(Boolean).join("\n\n")}\n`, siteUrl, baseUrl);
}

/** Doc ids of a sidebar in reading order. */
function sidebarOrder(items: SidebarItem[]): string[] {
  return items.flatMap((item) => [
    ...(item.type === "doc" && item.id ? [item.id] : []),
    ...(item.link?.type === "doc" && item.link.id ? [item.link.id] : []),
    ...(item.items ? sidebarOrder(item.items) : []),
  ]);
}

const line = (title: string, url: string, description: string) =>
  `- [${title}](${url})${description ? `: ${description}` : ""}`;

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
          const pages = [...ordered, ...rest].map((d) => ({
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

      for (const route of routesPaths) {
        if (route.endsWith("/404.html") || route.includes("/test/")) continue;
        const file = path.join(outDir, twinPath(route, baseUrl));
        const htmlFile = [
          path.join(outDir, route.slice(baseUrl.length), "index.html"),
          path.join(outDir, `${route.slice(baseUrl.length).replace(/\/$/, "")}.html`),
        ].find(existsSync);
        const source = sources.get(route);
        let html = htmlFile ? readFileSync(htmlFile, "utf8") : null;
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
      const apiByPackage = new Map<string, TwinSource[]>();
      for (const page of api) {
        const pkg = page.permalink.slice(`${baseUrl}api/`.length).split("/")[0] || "overview";
        apiByPackage.set(pkg, [...(apiByPackage.get(pkg) ?? []), page]);
      }
      const kindOf = (permalink: string) =>
        permalink.match(/\/src\/([a-z-]+)\//)?.[1]?.replace(/-/g, " ") ?? "overview";
      const llms = [
        `# ${siteConfig.title}`,
        `> ${siteConfig.tagline}`,
        "Every page below also exists as Markdown at the listed address; `llms-full.txt` holds every docs page in one file.",
        "## Docs",
        docs.map((d) => line(d.title, twinUrl(d.permalink), d.description)).join("\n"),
        ...[...apiByPackage].flatMap(([pkg, pages]) => {
          const kinds = new Map<string, TwinSource[]>();
          for (const p of pages)
            kinds.set(kindOf(p.permalink), [...(kinds.get(kindOf(p.permalink)) ?? []), p]);
          return [
            `## API: ${pkg}`,
            [...kinds]
              .map(
                ([kind, ps]) =>
                  `### ${kind}\n\n${ps.map((p) => line(p.title, twinUrl(p.permalink), p.description)).join("\n")}`,
              )
              .join("\n\n"),
          ];
        }),
        "## Blog",
        posts.map((p) => line(p.title, twinUrl(p.permalink), p.description)).join("\n"),
      ];
      writeFileSync(path.join(outDir, "llms.txt"), `${llms.join("\n\n")}\n`);
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
