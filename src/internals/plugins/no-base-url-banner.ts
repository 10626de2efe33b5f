/**
 * Core's App imports its base-URL issue banner whatever the config says; with the
 * banner off (docusaurus.config.ts: its check would fire on every page, see there)
 * it renders nothing, so the import is redirected to a component that is nothing.
 */
import path from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";

export default function noBaseUrlBannerPlugin(context: LoadContext): Plugin {
  const stand = path.join(context.siteDir, "src/internals/client/no-base-url-issue-banner.js");
  const coreClient = `${path.sep}@docusaurus${path.sep}core${path.sep}lib${path.sep}client`;
  return {
    name: "fdm-no-base-url-banner",
    configureWebpack(_config, _isServer, { currentBundler }) {
      if (context.siteConfig.baseUrlIssueBanner) return {};
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /^\.\/BaseUrlIssueBanner$/,
            (resource: { context: string; request: string }) => {
              if (resource.context.endsWith(coreClient)) resource.request = stand;
            },
          ),
        ],
      };
    },
  };
}
