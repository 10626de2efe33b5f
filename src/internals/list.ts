/**
 * Every module of the site that replaces or edits code of Docusaurus, its plugins or
 * their dependencies, in one list. The contributing page's table
 * (src/components/InternalsTable.tsx) and the version-pin test
 * (tests/site/docusaurus-upgrade.test.tsx) are both built from it, so a module added
 * here is documented and checked on upgrade, and one missing here is neither.
 */

/** A file of an installed package that one of our modules replaces or edits. */
export interface ReplacedFile {
  /** The package, as named in node_modules. */
  package: string;
  /** The package version the module was checked against. */
  version: string;
  /** The file, relative to the package's folder. */
  file: string;
  /**
   * Strings the file must still contain for the module to work: the import it
   * redirects, the line it edits. An upgrade that moves one fails the test.
   */
  contains?: string[];
}

/** One module that reaches into Docusaurus's own code. */
export interface Internal {
  /** A short name, as the contributing page's table shows it. */
  name: string;
  /** Our files, relative to the repository root: the replacement first, then its wiring. */
  files: string[];
  /** What it replaces, in words (Markdown code spans allowed). */
  replaces: string;
  /** The exact files it replaces or edits, with the version each was checked against. */
  targets: ReplacedFile[];
  /** What it buys, measured on the build named in `measuredOn`. */
  buys: string;
  /** How to check it after an upgrade. */
  check: string;
}

/** The build the `buys` figures were measured on, against the same build with one module off. */
export const measuredOn = "28 November 2026";

const core = "@docusaurus/core";
const classic = "@docusaurus/theme-classic";
const v = "3.10.2";

/** The modules, in the order of the contributing page's table. */
export const internals: Internal[] = [
  {
    name: "Preact",
    files: [
      "src/internals/plugins/preact.ts",
      "src/internals/client/preact-react.js",
      "src/internals/client/preact-react-dom-client.js",
      "src/internals/client/preact-render-to-html.js",
      "src/internals/client/pending-navigation.js",
    ],
    replaces:
      "React in both bundles: `react`, `react-dom`, `react-dom/client`, `react-dom/server` and the JSX runtimes resolve to `preact/compat` (core's aliases to React's folders removed); core's server render `renderToHtml` (React's `renderToPipeableStream`) by preact-render-to-string's `renderToStringAsync`; compat's `useSyncExternalStore` by one that reads `getServerSnapshot` on the server and while hydrating, as React does; core's `PendingNavigation` in the browser by a wrapper that gives it a fresh copy of App's route element, so the new page is in the DOM when the navigation's layout effect scrolls to the URL's hash",
    targets: [
      {
        package: core,
        version: v,
        file: "lib/webpack/base.js",
        contains: ["react: path_1.default.dirname(resolveSitePkg('react/package.json')),"],
      },
      {
        package: core,
        version: v,
        file: "lib/client/serverEntry.js",
        contains: ["import { renderToHtml } from './renderToHtml';"],
      },
      {
        package: core,
        version: v,
        file: "lib/client/renderToHtml.js",
        contains: ["import { renderToPipeableStream } from 'react-dom/server';"],
      },
      {
        package: core,
        version: v,
        file: "lib/client/clientEntry.js",
        contains: [
          "import ReactDOM from 'react-dom/client';",
          "ReactDOM.hydrateRoot(container, app, {",
          "window.docusaurusRoot.render(app);",
        ],
      },
      {
        package: core,
        version: v,
        file: "lib/client/App.js",
        contains: [
          "const routesElement = renderRoutes(routes);",
          "import PendingNavigation from './PendingNavigation';",
        ],
      },
      {
        package: core,
        version: v,
        file: "lib/client/PendingNavigation.js",
        contains: ["<Route location={location} render={() => children}/>"],
      },
      {
        package: "preact",
        version: "10.29.8",
        file: "compat/src/hooks.js",
        contains: ["export function useSyncExternalStore(subscribe, getSnapshot) {"],
      },
    ],
    buys: "−33.6 KB gzip of `main.js` on every page (88.5 → 54.9): home 111.9 → 78.4 KB, docs page 143.5 → 110.0, API page 144.8 → 111.3, norms page 148.8 → 115.3 (production build, 29 November 2026, against the build before)",
    check:
      "`tests/e2e/hydration.spec.ts` (no console error, ids of `aria-controls` found), the whole e2e suite; `tests/e2e/weight.spec.ts`",
  },
  {
    name: "hydrate later",
    files: [
      "src/components/HydrateLater.tsx",
      "src/internals/client/hydration.js",
      "src/theme/Navbar/index.tsx",
      "src/theme/Footer/index.tsx",
      "src/theme/DocRoot/Layout/Sidebar/index.tsx",
      "src/theme/DocSidebarItem/index.tsx",
      "src/theme/DocItem/Layout/index.tsx",
      "src/theme/DocItem/Content/index.tsx",
      "src/theme/TOC/index.tsx",
      "src/theme/BlogSidebar/index.tsx",
      "src/theme/BlogPostItem/index.tsx",
      "src/theme/BlogPostPaginator/index.tsx",
      "src/plugins/hydrate-blocks.ts",
      "src/theme/BlogPostItem/Content/index.tsx",
      "src/pages/index.tsx",
    ],
    replaces:
      "nothing of Docusaurus: Preact's one-pass hydration is split into tasks. While the page first hydrates, each wrapped part suspends once, and Preact keeps a suspended child's one DOM node from the server and hydrates it when the promise settles (one macrotask per part); a part met while another hydrates (a sidebar item, a Markdown block of the content, put in `HydrateLater` by `src/plugins/hydrate-blocks.ts`) waits its turn too; Preact's after-paint effects (`options.requestAnimationFrame`) wait until the last part is hydrated",
    targets: [
      {
        package: "preact",
        version: "10.29.8",
        file: "src/diff/index.js",
        contains: [
          "// if hydrating or creating initial tree, bailout preserves DOM:",
          "if (oldVNode._flags & MODE_SUSPENDED) {",
        ],
      },
    ],
    buys: "Lighthouse TBT, medians of 5, the same quiet machine and session (29 November 2026), before → after: home 30 → 10, docs 103 → 92, API page 70 → 66 ms; with each sidebar item, the docs column and each Markdown block a part of its own (29 November 2026, evening, CPU index 2,700–2,800): docs 195 → 44, API page 134 → 57, home 49 → 25 ms; the blog post and its paginator as parts: blog post 201 → 54 ms; blocking time after first paint at 4× CPU (`bench/long-tasks.mjs`, medians of 3): home 44 → 16, docs 73 → 46, API page 79 → 46, blog post 119 → 79 ms; +0.4–0.6 KB gzip on first load",
    check:
      "`tests/e2e/hydration.spec.ts` (the server's nodes kept, each part working after); the whole browser suite, whose `hydrated` helper waits for `data-hydrating-later` to go; `node bench/long-tasks.mjs --tasks`",
  },
  {
    name: "preload",
    files: [
      "src/internals/client/preload.js",
      "src/internals/plugins/lean-client-data.ts",
      "src/internals/plugins/route-sections.ts",
    ],
    replaces:
      "core's client `preload` (matching a path against the route table): it first loads the routes of the path's section: `api-routes-<package>.js` (one package's API pages, e.g. `api-routes-fdm-data.js`) on an API path, `api-routes.js` on the API index, `routes-docs-<folder>.js` on a docs path in a folder",
    targets: [
      {
        package: core,
        version: v,
        file: "lib/client/preload.js",
      },
      {
        package: core,
        version: v,
        file: "lib/client/clientEntry.js",
        contains: ["import preload from './preload';"],
      },
      {
        package: core,
        version: v,
        file: "lib/client/docusaurus.js",
        contains: ["import preloadHelper from './preload';"],
      },
    ],
    buys: "the API reference's routes out of `main.js`. Switched off (routes back in `main.js`): +26,053 B gzip on every page, +16,327 B on an API page",
    check:
      "`tests/e2e/loading.spec.ts`, `tests/e2e/weight.spec.ts`; an API page opened by client-side navigation still renders",
  },
  {
    name: "route sections and sidebar chunks",
    files: ["src/internals/plugins/route-sections.ts", "src/internals/plugins/lean-client-data.ts"],
    replaces:
      "core's generated route table, chunk names and registry in the browser build: each docs folder's pages a module of their own; the docs' version data without its sidebars and page records, each sidebar (with its pages' records) a chunk loaded with the pages that show it; the docs' global data without the pages of sidebars no navbar item names",
    targets: [
      {
        package: core,
        version: v,
        file: "lib/server/codegen/codegenRoutes.js",
        contains: ["import ComponentCreator from '@docusaurus/ComponentCreator';"],
      },
      {
        package: "@docusaurus/plugin-content-docs",
        version: v,
        file: "lib/routes.js",
        contains: ["sidebar: doc.sidebar,"],
      },
      {
        package: "@docusaurus/plugin-content-docs",
        version: v,
        file: "lib/client/docsUtils.js",
        contains: ["? versionMetadata.docsSidebars[sidebarName]", "const doc = version.docs[id];"],
      },
      {
        package: classic,
        version: v,
        file: "lib/theme/NavbarItem/DocSidebarNavbarItem.js",
        contains: ["isActive={() => activeDoc?.sidebar === sidebarId}"],
      },
    ],
    buys: "with 1,000 more docs pages (a folder and sidebar of their own; the e2e build against the production build) the home's first load moves +0.15 KB, a docs page's +0.16, an API page's +0.16 KB gzip; switched off, +43.2, +58.3 and +43.3 KB. On today's site (production build): home 115.3 → 114.1 KB, docs page 146.3 → 145.9, API page 148.1 → 146.9",
    check:
      "`tests/e2e/first-load-flat.spec.ts`, `tests/e2e/route-sections.spec.ts`, `tests/e2e/weight.spec.ts`",
  },
  {
    name: "window.docusaurus",
    files: ["src/internals/client/docusaurus.js", "src/internals/plugins/lean-client-data.ts"],
    replaces:
      "core's `window.docusaurus` (the prefetch and preload `<Link>` calls): a link into a section whose routes have not loaded prefetches that section's routes file instead of matching nothing",
    targets: [
      { package: core, version: v, file: "lib/client/docusaurus.js" },
      {
        package: core,
        version: v,
        file: "lib/client/clientEntry.js",
        contains: ["import docusaurus from './docusaurus';"],
      },
    ],
    buys: "links into another section are prefetched (their section's routes file, in idle time) and preloaded on hover; without it such a link prefetched nothing, and a page that ran every linked section's routes would load them all",
    check: "`tests/e2e/route-sections.spec.ts` (hover preloads; client navigation across sections)",
  },
  {
    name: "lazy component creator",
    files: [
      "src/internals/client/lazy-component-creator.js",
      "src/internals/plugins/lean-client-data.ts",
    ],
    replaces: "core's `ComponentCreator` in the route table the browser loads",
    targets: [
      { package: core, version: v, file: "lib/client/exports/ComponentCreator.js" },
      {
        package: core,
        version: v,
        file: "lib/server/codegen/codegenRoutes.js",
        contains: ["import ComponentCreator from '@docusaurus/ComponentCreator';"],
      },
    ],
    buys: "~440 react-loadable classes no longer built when the route table loads (part of the `api-routes.js` task 285 → 169 ms at 4×, when introduced). Not measured again: main-thread time on this machine, shared by nine builds, varies more than that",
    check:
      "`tests/e2e/hydration.spec.ts`; the `api-routes-<package>.js` task in `node bench/long-tasks.mjs`",
  },
  {
    name: "tslib",
    files: ["src/internals/client/tslib.ts", "src/internals/plugins/lean-client-data.ts"],
    replaces:
      "the `tslib` package in the browser bundle (Docusaurus's utils-common calls one helper)",
    targets: [
      { package: "tslib", version: "2.9.1", file: "tslib.es6.mjs" },
      {
        package: "@docusaurus/utils-common",
        version: v,
        file: "lib/index.js",
        contains: ['const tslib_1 = require("tslib");'],
      },
    ],
    buys: "−3.6 KB of `main.js` when introduced; not measured again this round",
    check: "`tests/site/tslib.test.tsx` lists every tslib helper the bundle calls",
  },
  {
    name: "lean client data",
    files: [
      "src/internals/plugins/lean-client-data.ts",
      "src/internals/loaders/lean-doc-metadata-loader.cjs",
      "src/internals/loaders/lean-front-matter-loader.cjs",
    ],
    replaces:
      "core's generated route registry, route table, chunk names, global data and site config in the browser build; the docs plugins' version and page metadata; the compiled Markdown's front matter; core's `ChunkAssetPlugin`; the client manifest's module-to-chunk map",
    targets: [
      {
        package: core,
        version: v,
        file: "lib/server/codegen/codegenRoutes.js",
        contains: ["require.resolveWeak("],
      },
      {
        package: core,
        version: v,
        file: "lib/webpack/client.js",
        contains: ["new ChunkAssetPlugin_1.default()"],
      },
      { package: core, version: v, file: "lib/webpack/plugins/ChunkAssetPlugin.js" },
      {
        package: "@docusaurus/mdx-loader",
        version: v,
        file: "lib/loader.js",
        contains: ["export const frontMatter = ${"],
      },
      { package: "react-loadable-ssr-addon-v5-slorber", version: "1.0.3", file: "lib/index.js" },
    ],
    buys: "−1.5 KB of `main.js` (registry), −9.7 KB on API pages (version data) when introduced; each page's HTML starts its chunks itself; not measured again this round",
    check:
      "`tests/e2e/loading.spec.ts` (each chunk loads once); `node bench/site.mjs --no-build --files`",
  },
  {
    name: "prefetch",
    files: ["src/internals/client/prefetch.js", "src/internals/plugins/lean-client-data.ts"],
    replaces:
      "core's client `prefetch` helper: each file once, the page's own scripts never, in idle time",
    targets: [
      { package: core, version: v, file: "lib/client/prefetch.js" },
      {
        package: core,
        version: v,
        file: "lib/client/docusaurus.js",
        contains: ["import prefetchHelper from './prefetch';"],
      },
    ],
    buys: "458 → 42 prefetch links on the docs page when introduced; the prefetcher's `appendChild` 169 → 63 ms a load at 4×; not measured again this round",
    check: "`tests/e2e/loading.spec.ts` (no file prefetched twice or while it runs)",
  },
  {
    name: "SiteMetadataDefaults",
    files: [
      "src/internals/client/SiteMetadataDefaults.tsx",
      "src/internals/plugins/steady-title.ts",
    ],
    replaces:
      "core's `SiteMetadataDefaults` in the browser build: the default title is the server-rendered one",
    targets: [
      { package: core, version: v, file: "lib/client/SiteMetadataDefaults.js" },
      {
        package: core,
        version: v,
        file: "lib/client/App.js",
        contains: ["import SiteMetadataDefaults from './SiteMetadataDefaults';"],
      },
    ],
    buys: "no bare “FDM” tab title while a page hydrates",
    check: "`tests/e2e/title.spec.ts`",
  },
  {
    name: "route progress",
    files: ["src/internals/client/route-progress.ts", "src/internals/plugins/route-progress.ts"],
    replaces:
      "the classic theme's nprogress client module (and the nprogress library and stylesheet)",
    targets: [
      { package: classic, version: v, file: "lib/nprogress.js" },
      { package: classic, version: v, file: "lib/index.js", contains: ["'./nprogress',"] },
    ],
    buys: "−1.5 KB on every page when introduced; not measured again this round",
    check: "`tests/e2e/loading.spec.ts` (the bar shows on a slow navigation)",
  },
  {
    name: "searchByWorker",
    files: ["src/internals/client/searchByWorker.ts", "src/internals/plugins/search-ranking.ts"],
    replaces:
      "the search plugin's `searchByWorker` module: the same two functions, results put in the order of `src/client/search-ranking.ts`",
    targets: [
      {
        package: "@easyops-cn/docusaurus-search-local",
        version: "0.55.3",
        file: "dist/client/client/theme/searchByWorker.js",
      },
      {
        package: "@easyops-cn/docusaurus-search-local",
        version: "0.55.3",
        file: "dist/client/client/theme/SearchBar/SearchBar.jsx",
        contains: ['import { fetchIndexesByWorker, searchByWorker } from "../searchByWorker";'],
      },
      {
        package: "@easyops-cn/docusaurus-search-local",
        version: "0.55.3",
        file: "dist/client/client/theme/SearchPage/SearchPage.jsx",
        contains: ['import { fetchIndexesByWorker, searchByWorker } from "../searchByWorker";'],
      },
    ],
    buys: "guide pages before the API reference's types for plain words (a ranking, not bytes)",
    check: "`tests/site/search-ranking.test.tsx`; `tests/e2e/api.spec.ts` (search)",
  },
  {
    name: "search index parsers",
    files: ["src/internals/plugins/search-ranking.ts"],
    replaces:
      "the search plugin's `parsePage` (a page in src/pages becomes one block of text) and wraps its `parseDocument` (titles keep soft hyphens), both replaced in the module instance Node loads when the index is built",
    targets: [
      {
        package: "@easyops-cn/docusaurus-search-local",
        version: "0.55.3",
        file: "dist/server/server/utils/parsePage.js",
        contains: ["exports.parsePage = parsePage;"],
      },
      {
        package: "@easyops-cn/docusaurus-search-local",
        version: "0.55.3",
        file: "dist/server/server/utils/parseDocument.js",
        contains: ["exports.parseDocument = parseDocument;"],
      },
    ],
    buys: "each glossary entry is its own search result (1 block of text before, 44 results now); norms titles found as whole words",
    check: "`tests/site/search-ranking.test.tsx` (the page parser); `tests/e2e/search.spec.ts`",
  },
  {
    name: "search index parsing cache",
    files: ["src/internals/plugins/search-parse-cache.ts"],
    replaces:
      "the search plugin's `parse` while its post-build step runs: a page parsed in the last build (same HTML but for its head's scripts and the build hash of asset names, same address, options and parser code) gets the result kept for it",
    targets: [
      {
        package: "@easyops-cn/docusaurus-search-local",
        version: "0.55.3",
        file: "dist/server/server/utils/parse.js",
        contains: ["exports.parse = parse;"],
      },
      {
        package: "@easyops-cn/docusaurus-search-local",
        version: "0.55.3",
        file: "dist/server/server/utils/scanDocuments.js",
        contains: ["const parsed = (0, parse_1.parse)(html, type, url, config);"],
      },
    ],
    buys: "a rebuild after one page's change parses that page only (578 pages parsed before)",
    check: "`tests/site/search-parse-cache.test.tsx`",
  },
  {
    name: "Prism's language loader",
    files: ["src/internals/client/empty-client-module.js", "src/plugins/code-highlight.ts"],
    replaces:
      "the classic theme's `prism-include-languages` client module, which imports Prism for the browser (code is highlighted at build time)",
    targets: [
      { package: classic, version: v, file: "lib/prism-include-languages.js" },
      {
        package: classic,
        version: v,
        file: "lib/index.js",
        contains: ["'./prism-include-languages',"],
      },
    ],
    buys: "Switched off (Prism and its languages back in the browser): +34,426 B gzip of `main.js` on every page",
    check:
      "`tests/e2e/docs.spec.ts` (code keeps its highlighting, also after a client-side navigation)",
  },
  {
    name: "ordinal compare",
    files: [
      "src/internals/loaders/ordinal-compare-loader.cjs",
      "src/internals/plugins/lean-client-data.ts",
    ],
    replaces:
      "two `localeCompare` sorts in Docusaurus's client (docs plugins' paths, a hook's dependency keys) by code-unit comparisons; the loader fails the build if either line changes",
    targets: [
      {
        package: "@docusaurus/plugin-content-docs",
        version: v,
        file: "lib/client/docsClientUtils.js",
        contains: ["b[1].path.localeCompare(a[1].path)"],
      },
      {
        package: "@docusaurus/theme-common",
        version: v,
        file: "lib/utils/reactUtils.js",
        contains: ["a[0].localeCompare(b[0])"],
      },
    ],
    buys: "no ICU collator built in a hydration task: the first `localeCompare` of a process took 89 ms, a code-unit comparison 0.2 ms (Node, medians of 7, measured on a loaded machine)",
    check: "`tests/site/ordinal-compare-loader.test.tsx`; no `localeCompare` in `main.js`",
  },
  {
    name: "highlighted HTML",
    files: [
      "src/internals/loaders/strip-highlighted-html-loader.cjs",
      "src/plugins/code-highlight.ts",
      "src/theme/CodeBlock/index.tsx",
    ],
    replaces:
      "the compiled Markdown of the browser bundle: `highlightedHtml` is emptied; the server-rendered page keeps it",
    targets: [
      {
        package: "@docusaurus/mdx-loader",
        version: v,
        file: "lib/loader.js",
      },
    ],
    buys: "−1.9 KB on the norms page when introduced, less on pages with less code; not measured again this round",
    check:
      "`tests/e2e/docs.spec.ts` (no highlighted HTML in the bundle; code after a client-side navigation keeps its highlighting)",
  },
  {
    name: "CodeBlock (ejected)",
    files: ["src/theme/CodeBlock/index.tsx"],
    replaces:
      "the classic theme's `CodeBlock`: renders the build's highlighted HTML, takes it from the page after a navigation, its own wrap and copy buttons",
    targets: [
      { package: classic, version: v, file: "lib/theme/CodeBlock/index.js" },
      { package: classic, version: v, file: "lib/theme/CodeBlock/Content/Element.js" },
    ],
    buys: "with the line above: highlighted code in the HTML only",
    check: "`tests/e2e/docs.spec.ts`",
  },
  {
    name: "SSR template",
    files: ["src/internals/plugins/ssr-template.ts"],
    replaces:
      "core's HTML template: the scripts start after the first paint instead of with `defer`",
    targets: [
      {
        package: core,
        version: v,
        file: "lib/ssg/ssgTemplate.html.js",
        contains: ['<script src="<%= it.baseUrl %><%= script %>" defer></script>'],
      },
      {
        package: core,
        version: v,
        file: "lib/ssg/ssgParams.js",
        contains: ["props.siteConfig.ssrTemplate ??"],
      },
    ],
    buys: "LCP no longer waits for `main.js` (the text paints before any script runs); not measured again this round",
    check: "`tests/e2e/loading.spec.ts`; `node bench/lighthouse.mjs`",
  },
  {
    name: "PostCSS pipeline",
    files: ["src/internals/plugins/postcss-pipeline.ts"],
    replaces:
      "Docusaurus's PostCSS options: no postcss-preset-env (the minimizer adds the prefixes) and no config-file lookup per stylesheet",
    targets: [
      {
        package: "@docusaurus/bundler",
        version: v,
        file: "lib/loaders/styleLoader.js",
        contains: ["require.resolve('postcss-preset-env')"],
      },
    ],
    buys: "Rspack 9.5–10.0 → 9.0–9.2 s of a cold build when introduced; not measured again this round",
    check: "`tests/site/postcss-pipeline.test.tsx`",
  },
  {
    name: "MDXComponents (wrapper)",
    files: ["src/theme/MDXComponents/index.tsx"],
    replaces:
      "two entries of the classic theme's MDX map (spread from `@theme-original`): focusable tables, the title's “Copy page as Markdown” (its `code`, inline code with `<wbr>`s, is `MDXComponents/Code` below)",
    targets: [
      {
        package: classic,
        version: v,
        file: "lib/theme/MDXComponents/index.js",
        contains: ["code: MDXCode,", "h1: (props) =>", "admonition: Admonition,"],
      },
    ],
    buys: "the whole-map replacement saved bytes by leaving admonitions and `<details>` out; the wrapper, with the admonition lazy, costs +0.25 KB gzip of CSS on every page (the `<details>` styles) and about +0.5 KB of JavaScript on docs, API and blog pages (per file, e2e build against the build before)",
    check: "`tests/e2e/docs.spec.ts` (admonitions, copy as Markdown, identifiers in inline code)",
  },
  {
    name: "Admonition (wrapper) and admonitions in the page",
    files: ["src/theme/Admonition/index.tsx", "src/internals/plugins/admonitions-in-page.ts"],
    replaces:
      "the MDX map's `admonition` (a lazy wrapper of the original), and each `:::note` of a page, which imports the theme's admonition itself (a remark plugin after Docusaurus's admonitions plugin)",
    targets: [
      { package: classic, version: v, file: "lib/theme/Admonition/index.js" },
      {
        package: "@docusaurus/mdx-loader",
        version: v,
        file: "lib/remark/admonitions/index.js",
        contains: ["hName: 'admonition',", "type: node.name,"],
      },
    ],
    buys: "the theme's admonition (2,118 B gzip) only on a page that has one",
    check:
      "`tests/e2e/docs.spec.ts` (a docs page's admonitions, server-rendered, hydrated without errors, and after a client-side navigation)",
  },
  {
    name: "BaseUrlIssueBanner (off)",
    files: [
      "src/internals/client/no-base-url-issue-banner.js",
      "src/internals/plugins/no-base-url-banner.ts",
    ],
    replaces:
      "core's base-URL issue banner in the bundle, while `baseUrlIssueBanner` is `false`: a component that renders nothing, as the banner does then",
    targets: [
      { package: core, version: v, file: "lib/client/BaseUrlIssueBanner/index.js" },
      {
        package: core,
        version: v,
        file: "lib/client/App.js",
        contains: ["import BaseUrlIssueBanner from './BaseUrlIssueBanner';"],
      },
    ],
    buys: "−0.7 KB gzip of `main.js` on every page (production build, 29 November 2026, against the build before)",
    check: "`tests/e2e/hydration.spec.ts`; no `base-url-issue` in `main.js`",
  },
  {
    name: "MDXComponents/Code and code blocks in the page",
    files: [
      "src/theme/MDXComponents/Code.tsx",
      "src/internals/plugins/code-blocks-in-page.ts",
      "src/theme/CodeBlock/index.tsx",
    ],
    replaces:
      "the MDX map's `code` (the theme's imports the code block for every Markdown page): inline code as before, a block through a lazy import; each fenced block of a page, which imports the code block itself (a rehype plugin after the highlighter) from a `code-block` chunk; the theme's block for JSX children loaded on demand",
    targets: [
      {
        package: classic,
        version: v,
        file: "lib/theme/MDXComponents/Code.js",
        contains: ["import CodeBlock from '@theme/CodeBlock';"],
      },
      {
        package: classic,
        version: v,
        file: "lib/theme/MDXComponents/index.js",
        contains: ["import MDXCode from '@theme/MDXComponents/Code';"],
      },
      {
        package: classic,
        version: v,
        file: "lib/theme/MDXComponents/Pre.js",
      },
    ],
    buys: "−1.6 KB gzip of JavaScript on a Markdown page without a code block (the glossary 104.3 → 102.7); a page with code loads the 1.6 KB `code-block` chunk instead of the code block in the map's chunk, about even (norms page 120.0 → 119.8) (production build, 29 November 2026, against the build before)",
    check:
      "`tests/site/code-blocks-in-page.test.tsx`; `tests/e2e/docs.spec.ts` (code keeps its highlighting, also after a client-side navigation); `node bench/visual-diff.mjs`",
  },
  {
    name: "ContentVisibility (wrapper)",
    files: ["src/theme/ContentVisibility/index.tsx"],
    replaces: "the classic theme's draft and unlisted banners, loaded only on such a page",
    targets: [{ package: classic, version: v, file: "lib/theme/ContentVisibility/index.js" }],
    buys: "the banners' code off every docs and API page (with the admonitions above)",
    check: "a page with `unlisted: true` in its front matter still shows the banner",
  },
  {
    name: "BlogLayout (wrapper)",
    files: ["src/theme/BlogLayout/index.tsx", "src/components/BlogLayoutHeading.ts"],
    replaces:
      "the classic blog layout's table-of-contents column: the contents in a labelled `<aside>`; a heading from the list page first in `<main>`",
    targets: [
      {
        package: classic,
        version: v,
        file: "lib/theme/BlogLayout/index.js",
        contains: ['{toc && <div className="col col--2">{toc}</div>}'],
      },
    ],
    buys: "every part of a post in a landmark (axe “region”); behaviour, not bytes",
    check: "`tests/e2e/accessibility.spec.ts`, `tests/e2e/blog.spec.ts`",
  },
  {
    name: "BlogListPage (wrapper)",
    files: ["src/theme/BlogListPage/index.tsx", "src/components/BlogLayoutHeading.ts"],
    replaces: "the classic blog list page, given an `<h1>` (the stock page has none)",
    targets: [{ package: classic, version: v, file: "lib/theme/BlogListPage/index.js" }],
    buys: "a heading that says what the page is; behaviour, not bytes",
    check: "`tests/e2e/blog.spec.ts`",
  },
  {
    name: "AnnouncementBar (wrapper), AnnouncementBar/Content (ejected)",
    files: ["src/theme/AnnouncementBar/index.tsx", "src/theme/AnnouncementBar/Content/index.tsx"],
    replaces:
      "the theme's announcement bar: a dismissal kept in memory when storage is blocked; the content as a router link instead of a raw HTML string",
    targets: [
      { package: classic, version: v, file: "lib/theme/AnnouncementBar/index.js" },
      { package: classic, version: v, file: "lib/theme/AnnouncementBar/Content/index.js" },
    ],
    buys: "behaviour, not bytes: the bar stays closed, its link navigates without a reload",
    check: "`tests/e2e/home-and-chrome.spec.ts`",
  },
  {
    name: "Navbar/MobileSidebar (wrapper)",
    files: ["src/theme/Navbar/MobileSidebar/index.tsx"],
    replaces: "the theme's mobile menu, rendered when the reader reaches for its button",
    targets: [{ package: classic, version: v, file: "lib/theme/Navbar/MobileSidebar/index.js" }],
    buys: "busy time after first paint at 4× on the docs page 971 → 616 ms when introduced; 25 instead of 42 prefetched files at 412 px; not measured again this round",
    check: "`tests/e2e/home-and-chrome.spec.ts`",
  },
  {
    name: "Loading, NotFound/Content, ErrorPageContent (ejected)",
    files: [
      "src/theme/Loading/index.tsx",
      "src/theme/NotFound/Content/index.tsx",
      "src/theme/ErrorPageContent.tsx",
    ],
    replaces:
      "the theme's loading, not-found and error contents: a Retry button, the search box and the ways into the site, each cause of an error",
    targets: [
      { package: core, version: v, file: "lib/client/theme-fallback/Loading/index.js" },
      { package: classic, version: v, file: "lib/theme/NotFound/Content/index.js" },
      { package: classic, version: v, file: "lib/theme/ErrorPageContent.js" },
    ],
    buys: "behaviour, not bytes: what a reader sees when a page cannot be shown",
    check: "`tests/e2e/errors.spec.ts`, `tests/site/Loading.test.tsx`",
  },
  {
    name: "BlogArchivePage (ejected)",
    files: ["src/theme/BlogArchivePage/index.tsx"],
    replaces:
      "the classic theme's blog archive: newest post first in each year, year headings `<h2>` under the page's `<h1>` (the stock page uses `<h3>`), a description that is not a second “Archive”",
    targets: [{ package: classic, version: v, file: "lib/theme/BlogArchivePage/index.js" }],
    buys: "headings in order and the posts newest first; a wrapper cannot change the heading level the stock page renders",
    check: "`tests/e2e/blog.spec.ts`",
  },
];
