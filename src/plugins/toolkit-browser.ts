/**
 * The toolkit in the reader's browser, build side:
 * - the bundler resolves fdm-core and fdm-calculator to their browser entries
 *   (sources, with fdm-core's migrations loaded as text);
 * - a remark plugin wraps each TypeScript sample that the docs-samples test
 *   runs in <RunnableSample>, which shows a "Run" button, or says why the
 *   sample cannot run in a browser;
 * - after the build, each runnable sample is published compiled to
 *   JavaScript, as `fdm-samples/<id>.json`, fetched when the reader runs it;
 * - before the bundling, the database engine the worker loads is prepared
 *   (toolkit-engine.ts: a snapshot of a migrated database and PGlite's files);
 * - the engine's files are assets named by their content hash, so that a
 *   returning reader's browser keeps them across deploys. (The worker's own
 *   chunks keep the site's build-hash names, lean-client-data.ts: with
 *   Rspack 1.7 a per-chunk name would put a map of every chunk in every page.)
 * Pages without samples, calculators or the playground import none of this.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";
import { transform } from "sucrase";
import {
  browserUnavailability,
  docsSamples,
  fragmentOf,
  isTypeScript,
  sampleId,
} from "./docs-samples";
import { mdxDefaultImport } from "./mdx-import";
import { writeEngine } from "./toolkit-engine";

/** Compiles a sample for the runner: types stripped, imports as `require` calls. */
export function compileSample(code: string): string {
  return transform(code, { transforms: ["typescript", "imports"], disableESTransforms: true }).code;
}

type MdNode = {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  name?: string;
  attributes?: unknown[];
  children?: MdNode[];
  data?: Record<string, unknown>;
};

const componentName = "FdmRunnableSample";
const componentPath = "@site/src/components/toolkit/RunnableSample";

/**
 * What a sample needs loaded besides the toolkit's core, told to the worker
 * when the reader points at Run: "database" (createFdmLocal), "auth"
 * (createFdmAuth: better-auth), "calculator" (fdm-calculator).
 */
export function sampleNeeds(code: string): string {
  return [
    /\bcreateFdmLocal\b/.test(code) && "database",
    /\bcreateFdmAuth\b/.test(code) && "auth",
    /from\s*["']fdm-calculator["']/.test(code) && "calculator",
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * Remark plugin: every ```ts block without `fragment="…"` becomes
 * `<FdmRunnableSample sampleId reason needs>` around the unchanged code block.
 */
export function remarkRunnableSamples() {
  return (tree: MdNode) => {
    let wrapped = 0;
    const walk = (node: MdNode) => {
      const children = node.children;
      if (!children) return;
      for (let i = 0; i < children.length; i += 1) {
        const child = children[i] as MdNode;
        if (child.type === "code" && isTypeScript(child.lang) && fragmentOf(child.meta) === null) {
          const code = child.value ?? "";
          const reason = browserUnavailability(code);
          const needs = sampleNeeds(code);
          const attributes = [
            { type: "mdxJsxAttribute", name: "sampleId", value: sampleId(code) },
            ...(reason ? [{ type: "mdxJsxAttribute", name: "reason", value: reason }] : []),
            ...(!reason && needs ? [{ type: "mdxJsxAttribute", name: "needs", value: needs }] : []),
            // The first sample of a page carries the samples' <style>, once per page.
            ...(wrapped === 0
              ? [{ type: "mdxJsxAttribute", name: "withStyles", value: null }]
              : []),
          ];
          children[i] = {
            type: "mdxJsxFlowElement",
            name: componentName,
            attributes,
            children: [child],
          };
          wrapped += 1;
        } else {
          walk(child);
        }
      }
    };
    walk(tree);
    if (wrapped > 0) tree.children?.unshift(mdxDefaultImport(componentName, componentPath));
  };
}

/** PGlite's WebAssembly, initdb and file-system bundle, as its loader names them. */
const pgliteOwnFiles = /[\\/]@electric-sql[\\/]pglite[\\/]dist[\\/][^\\/]+\.(wasm|data)$/;

/** The Docusaurus plugin: bundler settings and the compiled samples. */
export function toolkitBrowserPlugin({ siteDir, generatedFilesDir }: LoadContext): Plugin {
  const packages = path.join(siteDir, "packages");
  // Started as the plugins are set up, so that its xz (about 8 s of one core, on threads of
  // its own) runs beside TypeDoc rather than after it; awaited before the bundling,
  // which imports the files (src/components/toolkit/engine.ts, as @generated/fdm-toolkit/…).
  const engine = writeEngine(siteDir, path.join(generatedFilesDir, "fdm-toolkit"));
  // A failure is reported where it is awaited.
  engine.catch(() => {});
  return {
    name: "fdm-toolkit-browser",
    async loadContent() {
      await engine;
    },
    configureWebpack(_config, _isServer, { currentBundler }) {
      return {
        plugins: [
          // better-auth (createFdmAuth, loaded into the runner's worker on demand) tries this
          // optional tracing package and carries on without it; ignored, it is not looked for.
          new currentBundler.instance.IgnorePlugin({ resourceRegExp: /^@opentelemetry\/api$/ }),
        ],
        module: {
          rules: [
            { test: /\.sql$/, type: "asset/source" },
            // The engine's files (xz) and any WebAssembly are fetched by URL: files, not
            // modules.
            { test: /\.(wasm|xz)$/, exclude: pgliteOwnFiles, type: "asset/resource" },
            // PGlite names its own files too, but the worker hands it the engine's
            // (engine-files.ts): never fetched, so not written to the build (15 MB).
            { test: pgliteOwnFiles, type: "asset/resource", generator: { emit: false } },
            // The packages' sources import each other's modules as ./x.js.
            { include: packages, resolve: { extensionAlias: { ".js": [".ts", ".js"] } } },
          ],
        },
        resolve: {
          alias: {
            "fdm-core$": path.join(packages, "fdm-core/src/browser.ts"),
            "fdm-calculator$": path.join(packages, "fdm-calculator/src/browser.ts"),
            "fdm-data$": path.join(packages, "fdm-data/src/index.ts"),
            // fdm-calculator's subpath import, as its "source" and "browser" conditions pick it
            // (the site bundles the packages' sources, where dist/ does not exist).
            "#location/local-files$": path.join(
              packages,
              "fdm-calculator/src/location/local-files.browser.ts",
            ),
          },
        },
        // PGlite's loader imports it only when it runs in Node; in a browser it stays unused.
        externals: { "node:module": "{}" },
      };
    },
    async postBuild({ outDir }) {
      const dir = path.join(outDir, "fdm-samples");
      mkdirSync(dir, { recursive: true });
      for (const sample of docsSamples(siteDir)) {
        if (sample.fragment !== null || browserUnavailability(sample.code) !== null) continue;
        const json = JSON.stringify({ ts: sample.code, js: compileSample(sample.code) });
        writeFileSync(path.join(dir, `${sampleId(sample.code)}.json`), json);
      }
    },
  };
}
