/**
 * The site runs on Preact: `react`, `react-dom` and their entry points resolve to
 * preact/compat in both bundles, and core's server render (`renderToHtml`) is
 * preact-render-to-string's. React's runtime (react-dom alone was ~40 KB gzip of
 * `main.js`) leaves every page's first load; both sides rendering with Preact keeps
 * the server HTML what Preact's hydration expects (the same `useId` ids, no
 * `<!-- -->` text separators). docs/contributing.mdx lists what a component must
 * not rely on.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";

export default function preactPlugin(context: LoadContext): Plugin {
  const client = (file: string) => path.join(context.siteDir, "src/internals/client", file);
  const siteRequire = createRequire(path.join(context.siteDir, "package.json"));
  const coreClient = `${path.sep}@docusaurus${path.sep}core${path.sep}lib${path.sep}client`;
  return {
    name: "fdm-preact",
    configureWebpack(config, isServer, { currentBundler }) {
      // Core aliases `react` and `react-dom` to React's folders; those would win over ours.
      const aliases = config.resolve?.alias;
      if (aliases && !Array.isArray(aliases)) {
        delete aliases.react;
        delete aliases["react-dom"];
      }
      return {
        resolve: {
          alias: {
            "@fdm/core-pending-navigation$": path.join(
              path.dirname(siteRequire.resolve("@docusaurus/core/package.json")),
              "lib/client/PendingNavigation.js",
            ),
            react$: client("preact-react.js"),
            "react-dom$": "preact/compat",
            "react-dom/client$": client("preact-react-dom-client.js"),
            "react-dom/server$": "preact/compat/server",
            "react/jsx-runtime$": "preact/compat/jsx-runtime",
            "react/jsx-dev-runtime$": "preact/compat/jsx-dev-runtime",
          },
        },
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            isServer ? /^\.\/renderToHtml$/ : /^\.\/PendingNavigation$/,
            (resource: { context: string; request: string }) => {
              if (resource.context.endsWith(coreClient))
                resource.request = client(
                  isServer ? "preact-render-to-html.js" : "pending-navigation.js",
                );
            },
          ),
        ],
      };
    },
  };
}
