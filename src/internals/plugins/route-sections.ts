/**
 * The docs' routes and sidebars, loaded per section (browser build only; called from
 * src/internals/plugins/lean-client-data.ts).
 *
 * Core puts every route of the site in `main.js`: the route table, the chunk names and
 * the registry each hold an entry per page, so every page a site adds makes the first
 * load of every other page heavier (1,000 docs pages: about 40 KB gzip). Here a docs
 * page in a folder (`/docs/<folder>/…`) has its route, chunk names and registry entries
 * in a module of its folder, which the browser loads before it matches a path in that
 * folder (src/internals/client/preload.js, src/internals/client/docusaurus.js); pages at
 * the top of the docs stay in `main.js`.
 *
 * The docs' version data carries every sidebar and a record of every page in it; here
 * each sidebar is a chunk of its own, loaded with the pages that show it, which puts its
 * items and its pages' records into the version data before the page renders.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";

/** The index of the bracket that closes the one at `open`. */
export function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "[" || text[i] === "{") depth++;
    else if (text[i] === "]" || text[i] === "}") {
      depth--;
      if (depth === 0) return i;
    }
  }
  throw new Error("route-sections: unbalanced routes.js");
}

/** Chunk names a route's chunk-name record refers to (it may nest). */
export function chunkNamesOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(chunkNamesOf);
  return [];
}

/** The webpack chunk of a sidebar's module, and its key in the registry. */
export const sidebarChunk = (sidebar: string): string => `sidebar-${sidebar}`;

interface SidebarItem {
  type: string;
  docId?: string;
  items?: SidebarItem[];
}

/** The ids of the docs a sidebar links to (DocCard reads their records). */
function docIdsOf(items: SidebarItem[]): string[] {
  return items.flatMap((item) => [
    ...(item.type === "link" && typeof item.docId === "string" ? [item.docId] : []),
    ...(item.items ? docIdsOf(item.items) : []),
  ]);
}

/**
 * Empties a docs version's sidebars and page records (`props` is the version's props
 * module, edited in place) and writes one module per sidebar that puts them back into
 * the same object when it loads. Returns the registry lines of those modules.
 */
export function splitSidebars(
  props: {
    version: { docsSidebars: Record<string, SidebarItem[]>; docs: Record<string, unknown> };
  },
  propsFile: string,
  outDir: string,
): string[] {
  const { docsSidebars, docs } = props.version;
  const lines: string[] = [];
  for (const [name, items] of Object.entries(docsSidebars)) {
    const records = Object.fromEntries(
      docIdsOf(items)
        .filter((id) => docs[id])
        .map((id) => [id, docs[id]]),
    );
    const file = path.join(outDir, `${sidebarChunk(name)}.js`);
    writeFileSync(
      file,
      `import props from ${JSON.stringify(propsFile)};
Object.assign(props.version.docsSidebars, { ${JSON.stringify(name)}: ${JSON.stringify(items)} });
Object.assign(props.version.docs, ${JSON.stringify(records)});
export default ${JSON.stringify(name)};
`,
    );
    const chunk = JSON.stringify(sidebarChunk(name));
    const module = JSON.stringify(file);
    lines.push(
      `  ${chunk}: [() => import(/* webpackChunkName: ${chunk} */ ${module}), 0, require.resolveWeak(${module})],`,
    );
  }
  props.version.docsSidebars = {};
  props.version.docs = {};
  return lines;
}

/** A section's routes module: its prefix and its webpack chunk. */
export interface Section {
  prefix: string;
  chunk: string;
  file: string;
}

const leafPattern =
  /\{\s*path: '([^']+)',\s*component: ComponentCreator\('\1', '(\w+)'\),\s*exact: true(?:,\s*sidebar: "(\w+)")?\s*\},?/g;

/**
 * Moves the docs pages in folders out of the route table, chunk names and registry into
 * a module per folder. `chunkNames` is edited in place (moved keys deleted; each page of
 * a sidebar gains that sidebar's chunk); returns the new route table and registry.
 */
export function splitDocsSections(options: {
  routes: string;
  registry: string;
  chunkNames: Record<string, Record<string, unknown>>;
  docsPath: string;
  outDir: string;
  creator: string;
}): {
  routes: string;
  registry: string;
  sections: Section[];
  /** Registry key of each chunk moved to a section (or of a page with a sidebar) -> the chunks that page also needs. */
  alsoNeeds: Map<string, string[]>;
} {
  const { registry, chunkNames, docsPath, outDir, creator } = options;
  let { routes } = options;
  const firstLeaf = routes.search(
    new RegExp(
      `path: '${docsPath}/[^']*',\\s*component: ComponentCreator\\([^)]*\\),\\s*exact: true,\\s*sidebar:`,
    ),
  );
  if (firstLeaf === -1) return { routes, registry, sections: [], alsoNeeds: new Map() };
  const open = routes.lastIndexOf("[", firstLeaf);
  const close = closing(routes, open);
  const leaves = routes.slice(open + 1, close);
  if (leaves.replace(leafPattern, "").trim() !== "") {
    throw new Error("route-sections: a docs route of an unexpected shape (see leafPattern)");
  }

  // Each leaf's owner: its folder's section, or main.js for a page at the top.
  const owner = new Map<string, string>();
  const bySection = new Map<string, string[]>();
  const kept: string[] = [];
  const alsoNeeds = new Map<string, string[]>();
  for (const [leaf, routePath, hash, sidebar] of leaves.matchAll(leafPattern)) {
    const key = `${routePath}-${hash}`;
    const names = chunkNames[key];
    if (names && sidebar) {
      names.fdmSidebar = sidebarChunk(sidebar);
      if (typeof names.content === "string") alsoNeeds.set(names.content, [sidebarChunk(sidebar)]);
    }
    const rest = (routePath as string).slice(docsPath.length + 1);
    const folder = rest.includes("/") ? rest.slice(0, rest.indexOf("/")) : null;
    const text = leaf.replace(/,$/, "");
    if (!folder) {
      kept.push(text);
      owner.set(key, "");
      continue;
    }
    const section = `${docsPath}/${folder}`;
    owner.set(key, section);
    bySection.set(section, [...(bySection.get(section) ?? []), text]);
  }

  // A chunk moves with its section when no route outside that section names it.
  const chunkOwners = new Map<string, Set<string>>();
  for (const [key, names] of Object.entries(chunkNames)) {
    for (const name of chunkNamesOf(names)) {
      const owners = chunkOwners.get(name) ?? new Set();
      owners.add(owner.get(key) ?? "");
      chunkOwners.set(name, owners);
    }
  }
  const movedChunk = (name: string): string | undefined => {
    const owners = chunkOwners.get(name);
    const only = owners?.size === 1 ? [...owners][0] : undefined;
    return only || undefined;
  };
  const registryBySection = new Map<string, string[]>();
  const keptLines: string[] = [];
  for (const line of registry.split("\n")) {
    const key = line.match(/^\s+"([^"]+)": \[/)?.[1];
    const section = key ? movedChunk(key) : undefined;
    if (key && section) {
      registryBySection.set(section, [...(registryBySection.get(section) ?? []), line]);
    } else keptLines.push(line);
  }

  const leavesFile = path.join(outDir, "docs-leaves.js");
  writeFileSync(
    leavesFile,
    "// The docs pages' routes: those at the top from routes.js, each folder's when its module loads.\nexport default [];\n",
  );
  const sections: Section[] = [];
  for (const [section, sectionLeaves] of bySection) {
    const folder = section.slice(docsPath.length + 1);
    const chunk = `routes-docs-${folder}`;
    const movedNames = Object.fromEntries(
      Object.entries(chunkNames).filter(([key]) => owner.get(key) === section),
    );
    for (const key of Object.keys(movedNames)) delete chunkNames[key];
    for (const line of registryBySection.get(section) ?? []) {
      const key = line.match(/^\s+"([^"]+)": \[/)?.[1] as string;
      alsoNeeds.set(key, [chunk, ...(alsoNeeds.get(key) ?? [])]);
    }
    const file = path.join(outDir, `${chunk}.js`);
    writeFileSync(
      file,
      `import ComponentCreator from ${JSON.stringify(creator)};
import registry from '@generated/registry';
import chunkNames from '@generated/routesChunkNames';
import docsLeaves from ${JSON.stringify(leavesFile)};
Object.assign(registry, {
${(registryBySection.get(section) ?? []).join("\n")}
});
Object.assign(chunkNames, ${JSON.stringify(movedNames)});
docsLeaves.push(${sectionLeaves.join(",\n")});
`,
    );
    sections.push({ prefix: section, chunk, file });
  }
  routes = `import docsLeaves from ${JSON.stringify(leavesFile)};\n${routes.slice(0, open)}(docsLeaves.push(${kept.join(",\n")}), docsLeaves)${routes.slice(close + 1)}`;
  return { routes, registry: keptLines.join("\n"), sections, alsoNeeds };
}

/** The module that loads a path's section of routes (src/internals/client/preload.js). */
export function writeSectionsLoader(outDir: string, sections: Section[]): string {
  const entries = sections.map(
    ({ prefix, chunk, file }) =>
      `  [${JSON.stringify(prefix)}, () => import(/* webpackChunkName: ${JSON.stringify(chunk)} */ ${JSON.stringify(file)}), ${JSON.stringify(chunk)}],`,
  );
  const file = path.join(outDir, "sections.js");
  writeFileSync(
    file,
    `const sections = [
${entries.join("\n")}
];
const loading = new Map();
const sectionOf = (pathname) =>
  sections.find(([prefix]) => pathname === prefix || pathname.startsWith(prefix + "/"));
/** The chunk of the section a path is in, while its routes have not been asked for. */
export function unloadedSectionChunk(pathname) {
  const section = sectionOf(pathname);
  return section && !loading.has(section[0]) ? section[2] : undefined;
}
/** Loads the routes of the section a path is in (once); resolves at once outside any section. */
export function loadRoutesFor(pathname) {
  const section = sectionOf(pathname);
  if (!section) return Promise.resolve();
  let load = loading.get(section[0]);
  if (!load) {
    load = section[1]();
    loading.set(section[0], load);
  }
  return load;
}
`,
  );
  return file;
}
