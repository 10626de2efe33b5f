/**
 * The browser build gets leaner copies of three generated modules; the
 * server build (which renders the HTML) keeps the originals.
 *
 * - The route registry: every route's entry names its source file a second
 *   time, for server-side chunk collection only. ~330 API pages made that
 *   about 3 KB gzip of main.js that the browser never reads.
 * - The API reference's version data (loaded by every API page): besides the
 *   sidebar it carries id, title and description of every API page, which
 *   only the theme's DocCard reads (category index pages; the API has none).
 *   It was 9.7 KB of the chunk's 14.1 KB gzip.
 * - The docs' version data: each page's record keeps only its description (DocCard's).
 * - Each docs page's metadata and front matter, without the build's keys
 *   (lean-doc-metadata-loader.cjs, lean-front-matter-loader.cjs).
 * - Global data: the API plugin's list of every page, which the browser only
 *   consults for doc-type navbar items and version dropdowns of that plugin
 *   (the site has neither); its main doc stays, for the version helpers.
 *
 * - The API reference's ~530 page routes (their entries in the route table,
 *   chunk names and registry) are a chunk per package (`api-routes-<package>`),
 *   loaded before a path of that package is matched (src/internals/client/preload.js
 *   replaces core's preload); every other page no longer carries them in main.js,
 *   and an API page evaluates its own package's routes only. In each chunk they are
 *   a compact table keyed by path.
 * - The API sidebar's links lose `unlisted: false` and their doc ids (see
 *   leanSidebar).
 * - The search bar's stylesheet is split out with the bar's own chunk.
 * - Chunks are identified by their names and carry one build-wide hash, so the
 *   runtime every page loads holds no per-chunk map (it was 10.7 KB gzip; now
 *   2.1 KB). A deploy renames every chunk, which returning readers fetch again.
 *
 * Production builds only: `docusaurus start` regenerates these files while
 * it runs, and copies would go stale.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";
import type { Compiler } from "webpack";
import {
  chunkNamesOf,
  closing,
  type Section,
  splitDocsSections,
  splitSidebars,
  writeSectionsLoader,
} from "./route-sections";

/** The docs plugin instance whose data is trimmed. */
const pluginId = "api";

interface SidebarItem {
  type: string;
  docId?: unknown;
  unlisted?: boolean;
  items?: SidebarItem[];
}

interface VersionProps {
  version: { docs: Record<string, unknown>; docsSidebars: Record<string, SidebarItem[]> };
}

/**
 * Sidebar links without what the browser does not read for the API: `unlisted: false`,
 * and the doc id, which only DocCard reads (unused by the API); the breadcrumbs test
 * that a link has one, so it stays as the flag 1 (about 1.6 KB gzip on API pages).
 */
function leanSidebar(items: SidebarItem[]): void {
  for (const item of items) {
    if (item.type === "link") {
      if (item.docId) item.docId = 1;
      if (item.unlisted === false) delete item.unlisted;
    }
    if (item.items) leanSidebar(item.items);
  }
}

interface GlobalDocsVersion {
  mainDocId: string;
  docs: { id: string; sidebar?: string }[];
}

/** A route module whose components are created on first use (src/internals/client/lazy-component-creator.js). */
function lazyRouteComponents(source: string, creator: string): string {
  const core = "import ComponentCreator from '@docusaurus/ComponentCreator';";
  if (!source.includes(core))
    throw new Error("lean-client-data: routes.js imports no ComponentCreator");
  return source.replace(core, `import ComponentCreator from ${JSON.stringify(creator)};`);
}

/**
 * The route table's leaves as calls, `leaf(path, hash, sidebar)`, instead of objects that
 * write each path twice (about 0.3 KB gzip of main.js, and 5 bytes per page the site adds).
 */
function compactLeaves(source: string): string {
  const leaf =
    /\{\s*path: '([^']+)',\s*component: ComponentCreator\('\1', '(\w+)'\),\s*exact: true(?:,\s*sidebar: "(\w+)")?\s*\}/g;
  const compact = source.replace(leaf, (_, routePath: string, hash: string, sidebar?: string) =>
    sidebar ? `leaf('${routePath}', '${hash}', "${sidebar}")` : `leaf('${routePath}', '${hash}')`,
  );
  const helper =
    "const leaf = (path, hash, sidebar) => ({ path, component: ComponentCreator(path, hash), exact: true, ...(sidebar ? { sidebar } : {}) });\n";
  return compact.replace("\nexport default [", `\n${helper}export default [`);
}

/**
 * Splits the API reference's page routes out of the route table, the chunk
 * names and the registry into a module of their own, which the browser loads
 * (src/internals/client/preload.js) before it matches an API path.
 */
function splitApiRoutes(
  routes: string,
  chunkNames: Record<string, unknown>,
  outDir: string,
  apiPath: string,
  registry: string,
  creator: string,
): {
  routes: string;
  chunkNames: Record<string, unknown>;
  /** Each package's routes module, then the one of the API's other routes. */
  sections: Section[];
  registry: string;
  /** Registry key of each module moved to an API routes module -> its chunk name in the browser build and that module's chunk. */
  apiRouteChunks: Map<string, { chunk: string; routes: string }>;
} | null {
  const firstLeaf = routes.indexOf(`path: '${apiPath}/`);
  if (firstLeaf === -1) return null;
  const open = routes.lastIndexOf("[", firstLeaf);
  const close = closing(routes, open);
  const leaves = routes.slice(open + 1, close);
  const clientRoutes = `import apiLeaves from ${JSON.stringify(path.join(outDir, "api-leaves.js"))};\n${routes.slice(0, open)}apiLeaves${routes.slice(close + 1)}`;

  const movedKeys = new Set(
    [...leaves.matchAll(/ComponentCreator\('([^']+)', '([^']+)'\)/g)].map((m) => `${m[1]}-${m[2]}`),
  );
  const kept: Record<string, unknown> = {};
  const moved: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(chunkNames)) {
    (movedKeys.has(key) ? moved : kept)[key] = value;
  }
  const keptChunks = new Set(Object.values(kept).flatMap(chunkNamesOf));
  const movedChunks = new Set(
    Object.values(moved)
      .flatMap(chunkNamesOf)
      .filter((name) => !keptChunks.has(name)),
  );
  // Registry lines by key; the moved ones go to the API routes module.
  const registryLines = new Map<string, string>();
  const keptLines: string[] = [];
  for (const line of registry.split("\n")) {
    const key = line.match(/^\s+"([^"]+)": \[/)?.[1];
    if (key && movedChunks.has(key)) registryLines.set(key, line);
    else keptLines.push(line);
  }

  // Almost every API route is a doc page: one component shared with the docs and one
  // content module. Those are written as a compact table [path below the API path,
  // loader, module id] from which the route, its chunk names and its registry entry
  // are rebuilt, each keyed by the path (no per-route hashes, each written once):
  // about 5 KB gzip instead of 16.5 KB for ~365 routes.
  const leafPattern =
    /\{\s*path: '([^']+)',\s*component: ComponentCreator\('\1', '(\w+)'\),\s*exact: true,\s*sidebar: "apiSidebar"\s*\},?/g;
  let sharedComponent: string | null = null;
  // Each package's pages (the first folder below the API path), a module of their own.
  const pagesByPackage = new Map<string, string[]>();
  const apiRouteChunks = new Map<string, { chunk: string; routes: string }>();
  const otherLeaves = leaves.replace(leafPattern, (leaf, routePath: string, hash: string) => {
    const names = moved[`${routePath}-${hash}`] as Record<string, string> | undefined;
    const line = names?.content ? registryLines.get(names.content) : undefined;
    const module = line?.match(
      /import\(\/\*[^*]*\*\/ ("[^"]+")\), 0, require\.resolveWeak\(\1\)\]/,
    )?.[1];
    const keys = names ? Object.keys(names).sort().join() : "";
    const rest = routePath.slice(apiPath.length);
    const pkg = rest.match(/^\/([\w.-]+)\//)?.[1];
    if (!names || !module || keys !== "__comp,content" || !pkg || !routePath.startsWith(apiPath)) {
      return leaf;
    }
    if (sharedComponent !== null && names.__comp !== sharedComponent) return leaf;
    sharedComponent = names.__comp ?? null;
    delete moved[`${routePath}-${hash}`];
    registryLines.delete(names.content as string);
    apiRouteChunks.set(names.content as string, {
      chunk: `api${rest}`,
      routes: `api-routes-${pkg}`,
    });
    const chunk = JSON.stringify(`api${rest}`);
    const pages = pagesByPackage.get(pkg) ?? [];
    pages.push(
      `  [${JSON.stringify(rest.slice(pkg.length + 2))}, () => import(/* webpackChunkName: ${chunk} */ ${module}), require.resolveWeak(${module})],`,
    );
    pagesByPackage.set(pkg, pages);
    return "";
  });
  const write = (name: string, text: string) => {
    const file = path.join(outDir, name);
    writeFileSync(file, text);
    return file;
  };
  write(
    "api-leaves.js",
    "// Filled by api-routes.js and api-routes-<package>.js when the API reference's routes load.\nexport default [];\n",
  );
  // The routes below the API path that are not a package's page (the index): every
  // package's module imports this one, so that it runs once, with the first of them.
  const apiRoutesFile = write(
    "api-routes.js",
    `import registry from '@generated/registry';
import chunkNames from '@generated/routesChunkNames';
import ComponentCreator from ${JSON.stringify(creator)};
import apiLeaves from './api-leaves.js';
Object.assign(registry, {
${[...registryLines.values()].join("\n")}
});
Object.assign(chunkNames, ${JSON.stringify(moved)});
apiLeaves.push(${otherLeaves});
`,
  );
  // A package's module: its pages as a table [path below the package, loader, module id],
  // from which each route, its chunk names and its registry entry are rebuilt.
  const sections: Section[] = [...pagesByPackage].map(([pkg, pages]) => {
    const chunk = `api-routes-${pkg}`;
    const file = write(
      `${chunk}.js`,
      `import registry from '@generated/registry';
import chunkNames from '@generated/routesChunkNames';
import ComponentCreator from ${JSON.stringify(creator)};
import apiLeaves from './api-leaves.js';
import './api-routes.js';
const pages = [
${pages.join("\n")}
];
for (const [rest, load, id] of pages) {
  const path = ${JSON.stringify(`${apiPath}/${pkg}/`)} + rest;
  const chunk = ${JSON.stringify(`api/${pkg}/`)} + rest;
  registry[chunk] = [load, 0, id];
  chunkNames[path + "-"] = { __comp: ${JSON.stringify(sharedComponent)}, content: chunk };
  apiLeaves.push({ path, component: ComponentCreator(path, ""), exact: true, sidebar: "apiSidebar" });
}
`,
    );
    return { prefix: `${apiPath}/${pkg}`, chunk, file };
  });
  // The packages' sections first: a path is in the first section whose prefix it starts with.
  sections.push({ prefix: apiPath, chunk: "api-routes", file: apiRoutesFile });
  for (const key of registryLines.keys())
    apiRouteChunks.set(key, { chunk: key, routes: "api-routes" });
  return {
    routes: clientRoutes,
    chunkNames: kept,
    sections,
    registry: keptLines.join("\n"),
    apiRouteChunks,
  };
}

/**
 * Lets a page's HTML name its route's chunks after main.js (src/internals/plugins/ssr-template.ts
 * starts them all after the first paint), so the browser fetches them alongside main.js.
 *
 * The server render reports the modules a page used by path ("@theme/DocItem"), and core
 * looks them up in the client manifest; react-loadable-ssr-addon keys that manifest by
 * chunk name only, so the lookup found nothing and every page listed runtime and main.js
 * alone. The browser then found a page's ~10 chunks only when main.js ran, and appended
 * their <script>s inside that task and the next (90-230 ms of appendChild at Lighthouse's
 * 4x CPU slowdown in our traces of an API page). Here each module path
 * maps to its chunk's list; a module of an API route also to the API routes chunk,
 * which the browser needs before it can match an API path. webpack's chunk loader finds
 * those <script>s by their src and adds no second one.
 */
function routeChunksInManifest(
  manifestFile: string,
  serverRegistry: string,
  apiRouteChunks: Map<string, { chunk: string; routes: string }>,
  alsoNeeds: Map<string, string[]>,
) {
  return {
    apply(compiler: Compiler) {
      // After emit: react-loadable-ssr-addon writes the manifest in its emit hook.
      compiler.hooks.afterEmit.tap("FdmRouteChunksInManifest", () => {
        const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as {
          origins: Record<string, string[]>;
        };
        const pattern = /^\s+"([^"]+)": \[\(\) => import\(\/\*[^*]*\*\/ "([^"]+)"\)/gm;
        for (const [, key, module] of serverRegistry.matchAll(pattern)) {
          if (!key || !module || manifest.origins[module]) continue;
          const apiChunk = apiRouteChunks.get(key);
          const chunks = manifest.origins[apiChunk?.chunk ?? key];
          // An API page also needs its package's routes; a docs page in a folder its
          // folder's routes and its sidebar.
          const also = [...(apiChunk ? [apiChunk.routes] : []), ...(alsoNeeds.get(key) ?? [])];
          if (chunks) manifest.origins[module] = [...also, ...chunks];
        }
        writeFileSync(manifestFile, JSON.stringify(manifest));
      });
    },
  };
}

/**
 * Site config keys only the build reads (the SSR template alone is about 1 KB gzip); the
 * browser-side modules of Docusaurus, its themes and the search plugin read none of them.
 */
const buildOnlyConfigKeys = [
  "ssrTemplate",
  "presets",
  "plugins",
  "themes",
  "markdown",
  "onBrokenLinks",
  "onBrokenAnchors",
  "onDuplicateRoutes",
  "staticDirectories",
  "headTags",
  "stylesheets",
  "scripts",
  "clientModules",
];

/** The site config as the browser build would get it. */
function siteConfigOf(
  generatedFilesDir: string,
): Record<string, unknown> & { future?: Record<string, unknown> } {
  return JSON.parse(
    readFileSync(path.join(generatedFilesDir, "docusaurus.config.mjs"), "utf8")
      .replace(/^[^{]*/, "")
      .replace(/;\s*$/, ""),
  );
}

export default function leanClientDataPlugin({
  generatedFilesDir,
  siteDir,
  baseUrl,
}: LoadContext): Plugin {
  const outDir = path.join(generatedFilesDir, "fdm-lean-client-data");
  return {
    name: "fdm-lean-client-data",
    configureWebpack(config, isServer, { currentBundler }) {
      if (isServer || config.mode !== "production") return {};
      mkdirSync(outDir, { recursive: true });

      // The API version's props module, without its per-page records.
      const propsPattern = new RegExp(
        `@generated/docusaurus-plugin-content-docs/${pluginId}/p/[\\w.-]+\\.json`,
      );
      const serverRegistry = readFileSync(path.join(generatedFilesDir, "registry.js"), "utf8");
      let registry = serverRegistry;
      const propsModule = registry.match(propsPattern)?.[0];
      if (propsModule) {
        const source = path.join(generatedFilesDir, propsModule.slice("@generated/".length));
        const props = JSON.parse(readFileSync(source, "utf8")) as VersionProps;
        props.version.docs = {};
        for (const items of Object.values(props.version.docsSidebars)) leanSidebar(items);
        const lean = path.join(outDir, `${pluginId}-version.json`);
        writeFileSync(lean, JSON.stringify(props));
        registry = registry.replaceAll(propsModule, lean);
      }
      // The docs' version props module: each page's record keeps only its description,
      // which DocCard (category index pages) reads through useDocById; nothing in the
      // browser reads a record's id, title or sidebar (about 0.4 KB gzip on every docs page).
      const sidebarLines: string[] = [];
      const docsModules = new Set(
        registry.match(/@generated\/docusaurus-plugin-content-docs\/default\/p\/[\w.-]+\.json/g),
      );
      for (const module of docsModules) {
        const source = path.join(generatedFilesDir, module.slice("@generated/".length));
        const props = JSON.parse(readFileSync(source, "utf8")) as {
          version?: { docs?: Record<string, { description?: string }> };
        };
        const docs = props.version?.docs;
        if (!docs) continue; // a category index page's props
        for (const [id, doc] of Object.entries(docs)) {
          docs[id] = doc.description ? { description: doc.description } : {};
        }
        const lean = path.join(outDir, `default-${path.basename(module)}`);
        // Each sidebar, with its pages' records, a chunk of its own (route-sections.ts).
        sidebarLines.push(
          ...splitSidebars(props as Parameters<typeof splitSidebars>[0], lean, outDir),
        );
        writeFileSync(lean, JSON.stringify(props));
        registry = registry.replaceAll(module, lean);
      }
      // [loader, module path, weak id] -> [loader, 0, weak id]
      registry = registry.replace(/(\)), "[^"]*", (require\.resolveWeak\()/g, "$1, 0, $2");
      // The closing brace on a line of its own, so that moving an entry's line never moves it.
      registry = registry.replace(/,?\s*\};?\s*$/, ",\n};\n");
      const creator = path.join(siteDir, "src/internals/client/lazy-component-creator.js");
      let routes = readFileSync(path.join(generatedFilesDir, "routes.js"), "utf8");
      let chunkNames = JSON.parse(
        readFileSync(path.join(generatedFilesDir, "routesChunkNames.json"), "utf8"),
      ) as Record<string, unknown>;
      const sections: Section[] = [];
      const split = splitApiRoutes(
        routes,
        chunkNames,
        outDir,
        `${baseUrl}${pluginId}`,
        registry,
        creator,
      );
      if (split) {
        ({ routes, chunkNames, registry } = split);
        sections.push(...split.sections);
      }
      const docs = splitDocsSections({
        routes,
        registry,
        chunkNames: chunkNames as Record<string, Record<string, unknown>>,
        docsPath: `${baseUrl}docs`,
        outDir,
        creator,
      });
      ({ routes, registry } = docs);
      sections.push(...docs.sections);
      registry = registry.replace(/\n\};\n$/, `\n${sidebarLines.join("\n")}\n};\n`);
      const routesFile = path.join(outDir, "routes.js");
      writeFileSync(routesFile, compactLeaves(lazyRouteComponents(routes, creator)));
      const chunkNamesFile = path.join(outDir, "routesChunkNames.json");
      writeFileSync(chunkNamesFile, JSON.stringify(chunkNames));
      const sectionsFile = writeSectionsLoader(outDir, sections);
      const registryFile = path.join(outDir, "registry.js");
      writeFileSync(registryFile, registry);

      const globalData = JSON.parse(
        readFileSync(path.join(generatedFilesDir, "globalData.json"), "utf8"),
      ) as Record<string, Record<string, { versions?: GlobalDocsVersion[] }>>;
      for (const version of globalData["docusaurus-plugin-content-docs"]?.[pluginId]?.versions ??
        []) {
        version.docs = version.docs.filter((doc) => doc.id === version.mainDocId);
      }
      // The docs' list of pages serves one thing in the browser, the navbar's sidebar link
      // (active on a page of its sidebar): pages of other sidebars need no entry (with
      // each sidebar loaded per page, route-sections.ts, they would grow every page's load).
      const navbarSidebars = new Set(
        (
          (
            siteConfigOf(generatedFilesDir).themeConfig as {
              navbar?: { items?: { type?: string; sidebarId?: string; docsPluginId?: string }[] };
            }
          )?.navbar?.items ?? []
        )
          .filter(
            (item) => item.type === "docSidebar" && (item.docsPluginId ?? "default") === "default",
          )
          .map((item) => item.sidebarId),
      );
      for (const version of (globalData["docusaurus-plugin-content-docs"]?.default?.versions ??
        []) as GlobalDocsVersion[]) {
        version.docs = version.docs.filter(
          (doc) => doc.id === version.mainDocId || navbarSidebars.has(doc.sidebar),
        );
      }
      const globalDataFile = path.join(outDir, "globalData.json");
      writeFileSync(globalDataFile, JSON.stringify(globalData));

      // The site config every page loads, without what only the build reads.
      const siteConfig = siteConfigOf(generatedFilesDir);
      for (const key of buildOnlyConfigKeys) delete siteConfig[key];
      if (siteConfig.future) delete siteConfig.future.faster;
      const siteConfigFile = path.join(outDir, "docusaurus.config.mjs");
      writeFileSync(siteConfigFile, `export default ${JSON.stringify(siteConfig)};\n`);

      // Exact-match aliases, ahead of the general "@generated" one.
      const resolve = config.resolve ?? {};
      resolve.alias = {
        // Docusaurus's utils-common requires tslib for one helper (src/internals/client/tslib.ts).
        tslib$: path.join(siteDir, "src/internals/client/tslib.ts"),
        "@generated/registry$": registryFile,
        "@generated/globalData$": globalDataFile,
        "@generated/docusaurus.config$": siteConfigFile,
        "@generated/routes$": routesFile,
        "@generated/routesChunkNames$": chunkNamesFile,
        "@generated/fdm-route-sections$": sectionsFile,
        // Core's own `window.docusaurus`, which src/internals/client/docusaurus.js wraps.
        "@fdm/core-docusaurus$": path.join(
          path.dirname(
            createRequire(path.join(siteDir, "package.json")).resolve(
              "@docusaurus/core/package.json",
            ),
          ),
          "lib/client/docusaurus.js",
        ),
        ...(resolve.alias as Record<string, string>),
      };
      config.resolve = resolve;
      const { NormalModuleReplacementPlugin, RuntimeModule, RuntimeGlobals } =
        currentBundler.instance;
      // Chunks are identified by their names (the registry's route hashes), so the
      // runtime's `__webpack_require__.gca` (chunk name to asset URL, used to prefetch a
      // route's chunks) needs no name-to-id map: Docusaurus's ChunkAssetPlugin puts one
      // entry per page chunk (about 4 KB gzip) in the runtime every page loads.
      config.plugins = (config.plugins ?? []).filter(
        (plugin) => plugin?.constructor?.name !== "ChunkAssetPlugin",
      );
      // The registry names a chunk for the site config, but core's client entry imports
      // that module into main.js, so no such chunk exists: gca must give no URL for it
      // (core then skips the prefetch) rather than one that answers 404.
      const inMain = [
        ...registry.matchAll(/"(\w+)": \[\(\) => import\([^)]*"@generated\/docusaurus\.config"\)/g),
      ].map((m) => m[1]);
      class ChunkAssetByIdRuntimeModule extends RuntimeModule {
        constructor() {
          super("FdmChunkAssetById", RuntimeModule.STAGE_ATTACH);
        }
        override generate(): string {
          return `var inMain = ${JSON.stringify(inMain)}; __webpack_require__.gca = function(id) { return inMain.indexOf(id) < 0 ? ${RuntimeGlobals.publicPath} + ${RuntimeGlobals.getChunkScriptFilename}(id) : undefined; };`;
        }
      }
      const chunkAssetById = {
        apply(compiler: Compiler) {
          compiler.hooks.thisCompilation.tap("FdmChunkAssetById", (compilation) => {
            compilation.hooks.additionalTreeRuntimeRequirements.tap(
              "FdmChunkAssetById",
              (chunk) => {
                compilation.addRuntimeModule(chunk, new ChunkAssetByIdRuntimeModule());
              },
            );
          });
        },
      };
      const preload = path.join(siteDir, "src/internals/client/preload.js");
      const prefetch = path.join(siteDir, "src/internals/client/prefetch.js");
      const docusaurusClient = path.join(siteDir, "src/internals/client/docusaurus.js");
      const core = `${path.sep}@docusaurus${path.sep}core${path.sep}`;
      return {
        // One build-wide hash in chunk names instead of one content hash per chunk: the
        // runtime on every page then carries no map of ~900 chunk hashes (about 8 KB gzip).
        // The price: a new build gives every chunk a new name, so returning readers fetch
        // the chunks of the pages they open again after a deploy.
        output: { chunkFilename: "assets/js/[id].[fullhash:8].js" },
        module: {
          rules: [
            {
              // A function: Rspack refuses a RegExp condition in a merged config.
              test: (file: string) =>
                /@docusaurus[\\/](plugin-content-docs[\\/]lib[\\/]client[\\/]docsClientUtils|theme-common[\\/]lib[\\/]utils[\\/]reactUtils)\.js$/.test(
                  file,
                ),
              use: [path.join(siteDir, "src/internals/loaders/ordinal-compare-loader.cjs")],
            },
            {
              // Each docs page's metadata module (both docs plugins).
              test: (file: string) =>
                /docusaurus-plugin-content-docs[\\/][\w-]+[\\/]site-[\w.-]+\.json$/.test(file),
              use: [path.join(siteDir, "src/internals/loaders/lean-doc-metadata-loader.cjs")],
            },
            {
              // The docs pages' compiled Markdown, after the mdx-loader.
              test: (file: string) =>
                file.startsWith(path.join(siteDir, "docs") + path.sep) && /\.mdx?$/.test(file),
              enforce: "post",
              use: [path.join(siteDir, "src/internals/loaders/lean-front-matter-loader.cjs")],
            },
          ],
        },
        // The search plugin's bar is loaded on first use (src/theme/SearchBar);
        // its stylesheet (1.8 KB gzip) comes with it instead of sitting in
        // the one stylesheet every page loads.
        optimization: {
          chunkIds: "named",
          splitChunks: {
            cacheGroups: {
              fdmSearchBarStyles: {
                name: "search-bar",
                type: "css/mini-extract",
                test: /docusaurus-search-local[\\/].*SearchBar\.module\.css$/,
                chunks: "async",
                enforce: true,
                priority: 60,
              },
            },
          },
        },
        plugins: [
          chunkAssetById,
          routeChunksInManifest(
            path.join(generatedFilesDir, "client-manifest.json"),
            serverRegistry,
            split?.apiRouteChunks ?? new Map(),
            docs.alsoNeeds,
          ),
          // Core's prefetch helper appends its <link>s in idle time instead (src/internals/client/prefetch.js).
          new NormalModuleReplacementPlugin(/^\.\/prefetch$/, (resource) => {
            if (resource.context.includes(core)) resource.request = prefetch;
          }),
          // A path's section of routes loads before core matches it (preload.js, docusaurus.js).
          new NormalModuleReplacementPlugin(/^(\.\/|\.\.\/)preload$/, (resource) => {
            if (resource.context.includes(core)) resource.request = preload;
          }),
          new NormalModuleReplacementPlugin(/^\.\/docusaurus$/, (resource) => {
            if (resource.context.includes(core)) resource.request = docusaurusClient;
          }),
        ],
      };
    },
  };
}
