/**
 * Puts guide pages before the API reference's types in the search results
 * for plain words (src/client/search-ranking.ts). The search plugin has no
 * ranking option and its worker is not a theme component, so its bar's and
 * search page's import of `../searchByWorker` is pointed at
 * src/internals/client/searchByWorker.ts, which wraps the original.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";

export default function searchRankingPlugin({ siteDir }: LoadContext): Plugin {
  const require = createRequire(path.join(siteDir, "package.json"));
  const theme = path.join(
    path.dirname(require.resolve("@easyops-cn/docusaurus-search-local/package.json")),
    "dist/client/client/theme",
  );
  const replacement = path.join(siteDir, "src/internals/client/searchByWorker.ts");
  return {
    name: "fdm-search-ranking",
    configureWebpack(_config, isServer, { currentBundler }) {
      if (isServer) return {};
      const { NormalModuleReplacementPlugin } = currentBundler.instance;
      return {
        resolve: {
          alias: { "fdm-search-original-worker$": path.join(theme, "searchByWorker.js") },
        },
        plugins: [
          new NormalModuleReplacementPlugin(/^\.\.\/searchByWorker$/, (resource) => {
            if (resource.context.startsWith(theme)) resource.request = replacement;
          }),
        ],
      };
    },
  };
}
