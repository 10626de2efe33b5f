/**
 * Swaps the classic theme's nprogress client module for src/internals/client/route-progress.ts
 * (same behaviour, no nprogress library or stylesheet) in both builds.
 */
import path from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";

export default function routeProgressPlugin({ siteDir }: LoadContext): Plugin {
  const replacement = path.join(siteDir, "src/internals/client/route-progress.ts");
  // client-modules.js requires it by absolute path: …/@docusaurus/theme-classic/lib/nprogress
  const module = /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]nprogress(\.js)?$/;
  return {
    name: "fdm-route-progress",
    configureWebpack(_config, _isServer, { currentBundler }) {
      const { NormalModuleReplacementPlugin } = currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(module, (resource) => {
            resource.request = replacement;
          }),
        ],
      };
    },
  };
}
