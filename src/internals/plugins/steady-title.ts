/**
 * Replaces Docusaurus core's SiteMetadataDefaults in the browser build with
 * src/internals/client/SiteMetadataDefaults.tsx, whose default title is the
 * server-rendered one: the tab title no longer reads a bare "FDM" while the
 * page hydrates. The server build keeps the core component.
 */
import path from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";

export default function steadyTitlePlugin({ siteDir }: LoadContext): Plugin {
  const replacement = path.join(siteDir, "src/internals/client/SiteMetadataDefaults.tsx");
  return {
    name: "fdm-steady-title",
    configureWebpack(_config, isServer, { currentBundler }) {
      if (isServer) return {};
      const { NormalModuleReplacementPlugin } = currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(/^\.\/SiteMetadataDefaults$/, (resource) => {
            if (resource.context.includes(`${path.sep}@docusaurus${path.sep}core${path.sep}`)) {
              resource.request = replacement;
            }
          }),
        ],
      };
    },
  };
}
