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
 * - Global data: the API plugin's list of every page, which the browser only
 *   consults for doc-type navbar items and version dropdowns of that plugin
 *   (the site has neither); its main doc stays, for the version helpers.
 *
 * - The API reference's ~330 page routes (their entries in the route table,
 *   chunk names and registry) are a chunk of their own, loaded before an API
 *   path is matched (src/client/preload.js replaces core's preload); every
 *   other page no longer carries them in main.js.
 * - The search bar's stylesheet is split out with the bar's own chunk.
 * - Page chunks are named by their numeric id, not by the route hash they are
 *   built from, so webpack's runtime needs no map from one to the other
 *   (3.2 KB gzip of runtime~main.js, one entry per page).
 *
 * Production builds only: `docusaurus start` regenerates these files while
 * it runs, and copies would go stale.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";

/** The docs plugin instance whose data is trimmed. */
const pluginId = "api";

interface VersionProps {
  version: { docs: Record<string, unknown> };
}

interface GlobalDocsVersion {
  mainDocId: string;
  docs: { id: string }[];
}

/** The index of the bracket that closes the one at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "[" || text[i] === "{") depth++;
    else if (text[i] === "]" || text[i] === "}") {
      depth--;
      if (depth === 0) return i;
    }
  }
  throw new Error("lean-client-data: unbalanced routes.js");
}

/** Chunk names a route's chunk-name record refers to (it may nest). */
function chunkNamesOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(chunkNamesOf);
  return [];
}

/**
 * Splits the API reference's page routes out of the route table, the chunk
 * names and the registry into a module of their own, which the browser loads
 * (src/client/preload.js) before it matches an API path.
 */
function splitApiRoutes(
  generatedFilesDir: string,
  outDir: string,
  apiPath: string,
  registry: string,
): { routesFile: string; chunkNamesFile: string; registry: string } | null {
  const routes = readFileSync(path.join(generatedFilesDir, "routes.js"), "utf8");
  const firstLeaf = routes.indexOf(`path: '${apiPath}/`);
  if (firstLeaf === -1) return null;
  const open = routes.lastIndexOf("[", firstLeaf);
  const close = closing(routes, open);
  const leaves = routes.slice(open + 1, close);
  const clientRoutes = `import apiLeaves from ${JSON.stringify(path.join(outDir, "api-leaves.js"))};\n${routes.slice(0, open)}apiLeaves${routes.slice(close + 1)}`;

  const chunkNames = JSON.parse(
    readFileSync(path.join(generatedFilesDir, "routesChunkNames.json"), "utf8"),
  ) as Record<string, unknown>;
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
  const keptLines: string[] = [];
  const movedLines: string[] = [];
  for (const line of registry.split("\n")) {
    const key = line.match(/^\s+"([^"]+)": \[/)?.[1];
    (key && movedChunks.has(key) ? movedLines : keptLines).push(line);
  }

  const write = (name: string, text: string) => {
    const file = path.join(outDir, name);
    writeFileSync(file, text);
    return file;
  };
  write(
    "api-leaves.js",
    "// Filled by api-routes.js when the API reference's routes load.\nexport default [];\n",
  );
  const routesFile = write("routes.js", clientRoutes);
  const chunkNamesFile = write("routesChunkNames.json", JSON.stringify(kept));
  write(
    "api-routes.js",
    `import ComponentCreator from '@docusaurus/ComponentCreator';
import registry from '@generated/registry';
import chunkNames from '@generated/routesChunkNames';
import apiLeaves from './api-leaves.js';
Object.assign(registry, {
${movedLines.join("\n")}
});
Object.assign(chunkNames, ${JSON.stringify(moved)});
apiLeaves.push(${leaves});
`,
  );
  write(
    "api-routes-loader.js",
    `let loading;
export const loadApiRoutes = () => (loading ??= import(/* webpackChunkName: "api-routes" */ './api-routes.js'));
export const isApiPath = (pathname) => pathname === ${JSON.stringify(apiPath)} || pathname.startsWith(${JSON.stringify(`${apiPath}/`)});
`,
  );
  return { routesFile, chunkNamesFile, registry: keptLines.join("\n") };
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
      let registry = readFileSync(path.join(generatedFilesDir, "registry.js"), "utf8");
      const propsModule = registry.match(propsPattern)?.[0];
      if (propsModule) {
        const source = path.join(generatedFilesDir, propsModule.slice("@generated/".length));
        const props = JSON.parse(readFileSync(source, "utf8")) as VersionProps;
        props.version.docs = {};
        const lean = path.join(outDir, `${pluginId}-version.json`);
        writeFileSync(lean, JSON.stringify(props));
        registry = registry.replaceAll(propsModule, lean);
      }
      // [loader, module path, weak id] -> [loader, 0, weak id]
      registry = registry.replace(/(\)), "[^"]*", (require\.resolveWeak\()/g, "$1, 0, $2");
      const split = splitApiRoutes(generatedFilesDir, outDir, `${baseUrl}${pluginId}`, registry);
      if (split) registry = split.registry;
      const registryFile = path.join(outDir, "registry.js");
      writeFileSync(registryFile, registry);

      const globalData = JSON.parse(
        readFileSync(path.join(generatedFilesDir, "globalData.json"), "utf8"),
      ) as Record<string, Record<string, { versions?: GlobalDocsVersion[] }>>;
      for (const version of globalData["docusaurus-plugin-content-docs"]?.[pluginId]?.versions ??
        []) {
        version.docs = version.docs.filter((doc) => doc.id === version.mainDocId);
      }
      const globalDataFile = path.join(outDir, "globalData.json");
      writeFileSync(globalDataFile, JSON.stringify(globalData));

      // Exact-match aliases, ahead of the general "@generated" one.
      const resolve = config.resolve ?? {};
      resolve.alias = {
        "@generated/registry$": registryFile,
        "@generated/globalData$": globalDataFile,
        ...(split
          ? {
              "@generated/routes$": split.routesFile,
              "@generated/routesChunkNames$": split.chunkNamesFile,
            }
          : {}),
        ...(resolve.alias as Record<string, string>),
      };
      config.resolve = resolve;
      const { NormalModuleReplacementPlugin } = currentBundler.instance;
      const preload = path.join(siteDir, "src/client/preload.js");
      const core = `${path.sep}@docusaurus${path.sep}core${path.sep}`;
      return {
        output: { chunkFilename: "assets/js/[id].[contenthash:8].js" },
        // The search plugin's bar is loaded on first use (src/theme/SearchBar);
        // its stylesheet (1.8 KB gzip) comes with it instead of sitting in
        // the one stylesheet every page loads.
        optimization: {
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
        plugins: split
          ? [
              new NormalModuleReplacementPlugin(/^(\.\/|\.\.\/)preload$/, (resource) => {
                if (resource.context.includes(core)) resource.request = preload;
              }),
            ]
          : [],
      };
    },
  };
}
