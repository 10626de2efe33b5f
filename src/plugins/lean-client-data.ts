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

export default function leanClientDataPlugin({ generatedFilesDir }: LoadContext): Plugin {
  const outDir = path.join(generatedFilesDir, "fdm-lean-client-data");
  return {
    name: "fdm-lean-client-data",
    configureWebpack(config, isServer) {
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
        ...(resolve.alias as Record<string, string>),
      };
      config.resolve = resolve;
      return { output: { chunkFilename: "assets/js/[id].[contenthash:8].js" } };
    },
  };
}
