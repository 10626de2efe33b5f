import { existsSync } from "node:fs";
import path from "node:path";
import type * as Preset from "@docusaurus/preset-classic";
import type { Config, LoadContext, Plugin } from "@docusaurus/types";
import { themes as prismThemes } from "prism-react-renderer";
import { remarkAdmonitionsInPage } from "./src/internals/plugins/admonitions-in-page";
import codeBlockChunkPlugin, {
  rehypeCodeBlocksInPage,
} from "./src/internals/plugins/code-blocks-in-page";
import leanClientDataPlugin from "./src/internals/plugins/lean-client-data";
import noBaseUrlBannerPlugin from "./src/internals/plugins/no-base-url-banner";
import postCssPipelinePlugin from "./src/internals/plugins/postcss-pipeline";
import preactPlugin from "./src/internals/plugins/preact";
import routeProgressPlugin from "./src/internals/plugins/route-progress";
import searchRankingPlugin, { searchLocalTheme } from "./src/internals/plugins/search-ranking";
import { ssrTemplate } from "./src/internals/plugins/ssr-template";
import steadyTitlePlugin from "./src/internals/plugins/steady-title";
import { bundlerTimingsPlugin, timedPlugin } from "./src/plugins/build-timings";
import { codeHighlightPlugin, rehypeCodeHighlight } from "./src/plugins/code-highlight";
import docsArchivePlugin, { archivesIn } from "./src/plugins/docs-archive";
import { generatedDocsFolder, writeGeneratedDocs } from "./src/plugins/generated-docs";
import { remarkHydrateBlocks } from "./src/plugins/hydrate-blocks";
import { rehypeIdentifierBreaks } from "./src/plugins/identifier-breaks";
import markdownTwinsPlugin from "./src/plugins/markdown-twins";
import restApiReferencePlugin from "./src/plugins/rest-api-reference";
import { rehypeStackedTables } from "./src/plugins/stacked-tables";
import { remarkRunnableSamples, toolkitBrowserPlugin } from "./src/plugins/toolkit-browser";
import trimInfimaPlugin from "./src/plugins/trim-infima";
import cachedTypedocPlugin from "./src/plugins/typedoc-cache";
import unusedCssPlugin from "./src/plugins/unused-css";

/** The toolkit's version, shown in the navbar, footer and announcement bar. */
const version = "1.0.0";
/** The release post that announces `version`: the announcement bar links to it. */
const releasePost = "/blog/release-november-2026";
/**
 * Where the site is published and where its source lives: set FDM_SITE_URL
 * (origin only; the site is served under /fdm/) and FDM_REPOSITORY_URL when
 * deploying elsewhere (README, "Deploying"). Feeds, sitemap and canonical
 * links are built from the site URL; edit, source and navbar links from the
 * repository URL.
 */
const siteUrl = (process.env.FDM_SITE_URL || "https://fdm-project.github.io").replace(/\/+$/, "");
const repositoryUrl = (
  process.env.FDM_REPOSITORY_URL || "https://github.com/fdm-project/fdm"
).replace(/\/+$/, "");
const discussionsUrl = `${repositoryUrl}/discussions`;

/**
 * The version menu: the current version's docs, then each frozen archive of an earlier
 * version (`archive/<version>.tar.br`, unpacked into the build at /fdm/<version>/ by
 * src/plugins/docs-archive.ts), newest first. An archive is static files, not a route:
 * `pathname://` makes its link a plain one that the broken-link check and the client
 * router leave alone, and `html` keeps the theme from marking it as an external link.
 */
const currentMinor = version.split(".").slice(0, 2).join(".");
const versionMenu = [
  { to: "/docs", label: `${currentMinor} (current)` },
  ...archivesIn("archive")
    .map((archive) => archive.version)
    .sort((a, b) => b.localeCompare(a, "en", { numeric: true }))
    .map((archived) => ({
      href: `pathname:///${archived}/docs`,
      html: `${archived} (archive)`,
      target: "_self",
    })),
];

/**
 * Packages whose public entry exists get an API reference. A package being
 * written has no index.ts yet; listing it anyway would fail the build.
 */
const apiPackages = ["fdm-data", "fdm-core", "fdm-calculator", "fdm-api"].filter((name) =>
  existsSync(`packages/${name}/src/index.ts`),
);

/**
 * The footer's "Getting Started" goes to the prerequisites page; until the
 * issue that writes it has landed, to the getting-started category index.
 */
const gettingStartedLink = ["md", "mdx"].some((ext) =>
  existsSync(`docs/getting-started/prerequisites.${ext}`),
)
  ? "/docs/getting-started/prerequisites"
  : "/docs/category/getting-started";

/**
 * A test-only route (`/fdm/test/crash`) exists when the site is built with
 * FDM_TEST_ROUTES=1 (`npm run build:e2e`); the production build has none.
 */
const withTestRoutes = process.env.FDM_TEST_ROUTES === "1";

/**
 * FDM_GENERATED_DOCS=<n> (the e2e build: `npm run build:e2e`) adds n generated docs pages in
 * docs/generated-for-test/ (git-ignored, written here), with a sidebar of their own, to
 * show that the first load of the other pages does not grow with the site
 * (tests/e2e/first-load-flat.spec.ts). Kept out of the sitemap and the search index. The
 * production build has none: without the variable the folder is excluded, even if left over.
 */
const generatedDocs = Number(process.env.FDM_GENERATED_DOCS ?? 0);
if (generatedDocs > 0) writeGeneratedDocs(path.join("docs", generatedDocsFolder), generatedDocs);

/**
 * Site behaviour that the classic theme does not offer through options:
 * - light is the colour mode of a first visit even when the OS prefers dark;
 *   "system" stays available as an explicit, persisted choice (see
 *   src/theme/ColorModeToggle);
 * - the test-only crash route.
 */
function fdmSitePlugin({ siteStorage, baseUrl }: LoadContext): Plugin {
  const themeKey = `theme${siteStorage.namespace}`;
  const choiceKey = `fdm-color-mode-choice${siteStorage.namespace}`;
  // Runs right after the classic theme's own inline script, before first paint.
  const lightByDefault = `(function(){var d=document.documentElement;try{var s=window.${siteStorage.type};if(new URLSearchParams(location.search).get('docusaurus-theme')||s.getItem('${themeKey}')||s.getItem('${choiceKey}')==='system')return;}catch(e){}d.setAttribute('data-theme','light');d.setAttribute('data-theme-choice','light');})();`;
  return {
    name: "fdm-site",
    injectHtmlTags() {
      return { preBodyTags: [{ tagName: "script", innerHTML: lightByDefault }] };
    },
    async contentLoaded({ actions }) {
      if (withTestRoutes) {
        actions.addRoute({
          path: `${baseUrl}test/crash`,
          component: "@site/tests/fixtures/CrashPage.tsx",
          exact: true,
        });
      }
    },
  };
}

/**
 * Code themes with every token at 4.5:1 contrast or more (WCAG AA): VS light
 * and dark, with the few token colours that fall short darkened or lightened.
 */
type PrismTheme = typeof prismThemes.vsLight;
function withTokenColors(theme: PrismTheme, colors: Record<string, string>): PrismTheme {
  return {
    ...theme,
    styles: theme.styles.map((entry) => {
      const color = entry.types.map((type) => colors[type]).find(Boolean);
      return color ? { ...entry, style: { ...entry.style, color } } : entry;
    }),
  };
}
const lightCodeTheme = withTokenColors(prismThemes.vsLight, {
  "attr-name": "#c00000",
  "class-name": "#1b6a80",
});
const darkCodeTheme = withTokenColors(prismThemes.vsDark, {
  prolog: "#9cdcfe",
  constant: "#a5a8e6",
  punctuation: "#d4d4d4",
});

const config: Config = {
  title: "FDM",
  tagline: "Transforming Farm Data into Actionable Insights",
  favicon: "img/favicon.svg",
  url: siteUrl,
  baseUrl: "/fdm/",
  trailingSlash: false,
  ssrTemplate,
  // Its check runs at DOMContentLoaded, before the scripts the template above
  // starts after the first paint, and would always fire on the home page.
  baseUrlIssueBanner: false,
  // testRoutes: the toolkit's run limit may be shortened by a test (src/components/toolkit/run-limit.ts).
  customFields: {
    version,
    releasePost,
    repositoryUrl,
    discussionsUrl,
    apiPackages,
    testRoutes: withTestRoutes,
  },

  // No page shows a last-update date, so the build need not read the Git history.
  future: { v4: true, faster: true, experimental_vcs: false },

  onBrokenLinks: "throw",
  onBrokenAnchors: "warn",
  onDuplicateRoutes: "warn",
  markdown: {
    format: "mdx",
    emoji: true,
    // Explicit heading ids (`## Term {#term}`) give the glossary stable anchors.
    mdx1Compat: { comments: false, admonitions: false, headingIds: true },
    hooks: {
      onBrokenMarkdownLinks: "warn",
      onBrokenMarkdownImages: "throw",
    },
  },

  i18n: { defaultLocale: "en", locales: ["en"] },

  presets: [
    [
      "classic",
      {
        docs: {
          path: "docs",
          routeBasePath: "docs",
          // docs/rest-api/ is published in the API reference, api/fdm-api/rest/
          // (scripts/typedoc-rest-reference.mjs); the rest are Docusaurus's defaults.
          exclude: [
            "**/_*.{js,jsx,ts,tsx,md,mdx}",
            "**/_*/**",
            "**/*.test.{js,jsx,ts,tsx}",
            "**/__tests__/**",
            "rest-api/**",
            ...(generatedDocs > 0 ? [] : [`${generatedDocsFolder}/**`]),
          ],
          // The generated pages (FDM_GENERATED_DOCS) have a sidebar of their own (sidebars.ts).
          async sidebarItemsGenerator({ defaultSidebarItemsGenerator, ...args }) {
            const docs =
              args.item.dirName === "."
                ? args.docs.filter((doc) => !doc.id.startsWith(`${generatedDocsFolder}/`))
                : args.docs;
            return defaultSidebarItemsGenerator({ ...args, docs });
          },
          sidebarPath: "./sidebars.ts",
          editUrl: `${repositoryUrl}/edit/main/`,
          tags: "tags.yml",
          onInlineTags: "warn",
          rehypePlugins: [rehypeCodeHighlight, rehypeIdentifierBreaks, rehypeCodeBlocksInPage],
          remarkPlugins: [remarkRunnableSamples, remarkAdmonitionsInPage, remarkHydrateBlocks],
        },
        blog: {
          path: "blog",
          routeBasePath: "blog",
          tags: "tags.yml",
          authorsMapPath: "authors.yml",
          showReadingTime: true,
          blogTitle: "FDM release notes",
          blogDescription: "Monthly release notes of the FDM toolkit and its documentation.",
          blogSidebarTitle: "All posts",
          blogSidebarCount: "ALL",
          feedOptions: {
            type: ["rss", "atom"],
            title: "FDM release notes",
            description: "Monthly release notes of the FDM toolkit.",
            copyright: `FDM contributors, MIT licence`,
            language: "en",
          },
          editUrl: `${repositoryUrl}/edit/main/`,
          onInlineTags: "warn",
          onInlineAuthors: "warn",
          onUntruncatedBlogPosts: "warn",
          rehypePlugins: [rehypeCodeHighlight, rehypeIdentifierBreaks, rehypeCodeBlocksInPage],
          remarkPlugins: [remarkRunnableSamples, remarkAdmonitionsInPage, remarkHydrateBlocks],
        },
        pages: {
          rehypePlugins: [rehypeCodeHighlight, rehypeIdentifierBreaks, rehypeCodeBlocksInPage],
          remarkPlugins: [remarkRunnableSamples, remarkAdmonitionsInPage, remarkHydrateBlocks],
        },
        theme: { customCss: "./src/css/custom.css" },
        sitemap: { ignorePatterns: ["/fdm/test/**", `/fdm/docs/${generatedDocsFolder}/**`] },
      } satisfies Preset.Options,
    ],
  ],

  // The typedoc plugin must come before the docs instance that reads its output. It runs
  // TypeDoc only when an input changed (src/plugins/typedoc-cache.ts).
  plugins: [
    [
      timedPlugin("typedoc", cachedTypedocPlugin),
      {
        id: "typedoc",
        entryPoints: apiPackages.map((name) => `packages/${name}/src/index.ts`),
        tsconfig: "./tsconfig.typedoc.json",
        out: "./api",
        docsPath: "./api",
        name: "FDM API reference",
        readme: "none",
        // Module names become "fdm-data/src" even while only one package exists.
        displayBasePath: "./packages",
        alwaysCreateEntryPointModule: true,
        excludePrivate: true,
        excludeInternal: true,
        // Type errors are reported by `npm run typecheck`; TypeDoc only documents.
        skipErrorChecking: true,
        disableGit: true,
        sourceLinkTemplate: `${repositoryUrl}/blob/main/packages/{path}#L{line}`,
        parametersFormat: "table",
        // `@throws {FdmError} …`: the type is kept, and scripts/typedoc-one-throws.mjs prints it.
        preservedTypeAnnotationTags: ["@throws"],
        plugin: [
          "./scripts/typedoc-one-throws.mjs",
          "./scripts/typedoc-api-landing.mjs",
          "./scripts/typedoc-schema-tables.mjs",
          // Each page's description (its meta description and its llms.txt line): its TSDoc's
          // first sentence, not Docusaurus's excerpt of the signature line.
          "./scripts/typedoc-descriptions.mjs",
          // fdm-api's endpoint reference (src/plugins/rest-api-reference.ts) into api/fdm-api/rest/.
          "./scripts/typedoc-rest-reference.mjs",
        ],
        sidebar: { pretty: true },
      },
    ],
    [
      "@docusaurus/plugin-content-docs",
      {
        id: "api",
        path: "api",
        routeBasePath: "api",
        sidebarPath: "./sidebars-api.ts",
        rehypePlugins: [
          rehypeCodeHighlight,
          rehypeIdentifierBreaks,
          rehypeStackedTables,
          rehypeCodeBlocksInPage,
        ],
        remarkPlugins: [remarkAdmonitionsInPage, remarkHydrateBlocks],
      },
    ],
    fdmSitePlugin,
    // Prepares fdm-api's endpoint reference from its OpenAPI document (written by TypeDoc's run).
    restApiReferencePlugin,
    timedPlugin("markdown-twins", markdownTwinsPlugin),
    leanClientDataPlugin,
    steadyTitlePlugin,
    searchRankingPlugin,
    timedPlugin("toolkit-browser", toolkitBrowserPlugin),
    postCssPipelinePlugin,
    trimInfimaPlugin,
    unusedCssPlugin,
    codeBlockChunkPlugin,
    noBaseUrlBannerPlugin,
    preactPlugin,
    routeProgressPlugin,
    timedPlugin("docs-archive", docsArchivePlugin),
    (context: LoadContext) =>
      codeHighlightPlugin(context, { light: lightCodeTheme, dark: darkCodeTheme }),
    bundlerTimingsPlugin,
  ],

  themes: [
    [
      // @easyops-cn/docusaurus-search-local, with pages cut at their headings (src/internals/plugins/search-ranking.ts).
      timedPlugin("search-local", searchLocalTheme),
      {
        hashed: true,
        indexBlog: true,
        indexDocs: true,
        // The glossary (src/pages/glossary.md) is a page, not a doc; each entry is a result of its own.
        indexPages: true,
        // A result shows the sentence it matched, not only the first words of the section.
        searchResultContextMaxLength: 120,
        docsRouteBasePath: ["docs", "api"],
        docsDir: ["docs", "api"],
        blogDir: "blog",
        language: ["en"],
        highlightSearchTermsOnTargetPage: false,
        explicitSearchResultPath: true,
        ignoreFiles: [new RegExp(`^/fdm/docs/${generatedDocsFolder}/`)],
      },
    ],
  ],

  themeConfig: {
    image: "img/logo.svg",
    colorMode: {
      defaultMode: "light",
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    announcementBar: {
      id: `release-${version}`,
      content: `FDM ${version} is out: read the release notes on the blog.`,
      isCloseable: true,
      backgroundColor: "var(--fdm-announcement-background)",
      textColor: "var(--fdm-announcement-color)",
    },
    docs: {
      versionPersistence: "localStorage",
      sidebar: { hideable: false, autoCollapseCategories: false },
    },
    blog: { sidebar: { groupByYear: true } },
    navbar: {
      title: "FDM",
      logo: { alt: "FDM logo", src: "img/logo.svg", width: 32, height: 32 },
      items: [
        { type: "docSidebar", sidebarId: "tutorialSidebar", position: "left", label: "Docs" },
        { to: "/api", label: "Reference", position: "left", activeBaseRegex: "^/fdm/api(/|$)" },
        { to: "/blog", label: "Blog", position: "left" },
        { to: "/playground", label: "Playground", position: "left" },
        {
          type: "dropdown",
          label: `v${version}`,
          position: "right",
          className: "fdm-version",
          items: versionMenu,
        },
        { href: repositoryUrl, label: "GitHub", position: "right" },
      ],
    },
    footer: {
      style: "dark",
      logo: { alt: "FDM logo", src: "img/logo.svg", href: "/fdm/", height: 50, width: 50 },
      links: [
        {
          title: "Docs",
          items: [
            { label: "Introduction", to: "/docs/" },
            { label: "Getting Started", to: gettingStartedLink },
            { label: "Core Concepts", to: "/docs/core-concepts/asset-action-model" },
            { label: "API Reference", to: "/api" },
            { label: "Installation", to: "/docs/installation" },
            { label: "Contributing", to: "/docs/contributing" },
          ],
        },
        {
          title: "Community",
          items: [{ label: "Discussions", href: discussionsUrl }],
        },
        {
          title: "More",
          items: [
            { label: "Blog", to: "/blog" },
            { label: "GitHub", href: repositoryUrl },
          ],
        },
      ],
      copyright: "MIT licence, by the FDM contributors",
    },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    // Code is highlighted at build time (src/plugins/code-highlight.ts, which
    // loads bash too); the browser only needs each theme's plain colours, for
    // blocks written as JSX with element children.
    prism: {
      theme: { plain: lightCodeTheme.plain, styles: [] },
      darkTheme: { plain: darkCodeTheme.plain, styles: [] },
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
