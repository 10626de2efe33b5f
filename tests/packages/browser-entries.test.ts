import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The browser entries (`fdm-core/browser`, `fdm-calculator/browser`) bundled
 * the way a site bundles them: esbuild, platform browser, the packages'
 * sources. A Node built-in reached from the toolkit fails the test. The one
 * allowed kind is PGlite's own `import("node:module")`, which its Emscripten
 * loader runs only when it sees Node at run time; it is listed, not hidden.
 */
const root = path.resolve(import.meta.dirname, "../..");
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
// The modules PGlite's package.json maps to nothing for browsers (its Node file system code).
const pgliteBrowserMap = Object.keys(
  JSON.parse(
    readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ).browser as Record<string, false>,
);

interface Reach {
  path: string;
  importer: string;
  kind: string;
}

async function bundle(entry: string) {
  const reached: Reach[] = [];
  const watchBuiltins: Plugin = {
    name: "watch-builtins",
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (!builtins.has(args.path)) return undefined;
        const importer = path.relative(root, args.importer);
        // Left to esbuild, which bundles an empty module for them.
        if (fromPglite({ importer }) && pgliteBrowserMap.includes(args.path)) return undefined;
        reached.push({
          path: args.path,
          importer,
          kind: args.kind,
        });
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    entryPoints: [path.join(root, entry)],
    bundle: true,
    platform: "browser",
    format: "esm",
    conditions: ["source"],
    loader: { ".sql": "text" },
    write: false,
    metafile: true,
    minify: true,
    outdir: "/nonexistent",
    logLevel: "silent",
    plugins: [watchBuiltins],
  });
  const disabled = Object.keys(result.metafile.inputs).filter((i) => i.startsWith("(disabled):"));
  return { reached, disabled, result };
}

const fromPglite = (r: { importer: string }) =>
  r.importer.startsWith("node_modules/@electric-sql/pglite/");

for (const pkg of ["fdm-core", "fdm-calculator"]) {
  describe(`${pkg}/browser`, { timeout: 60_000 }, () => {
    it("bundles for a browser without a Node built-in", async () => {
      const { reached } = await bundle(`packages/${pkg}/src/browser.ts`);
      const forbidden = reached.filter((r) => !(fromPglite(r) && r.kind === "dynamic-import"));
      expect(forbidden).toEqual([]);
      // What is allowed: PGlite's run-time-guarded loader for Node, nothing else.
      expect([...new Set(reached.map((r) => r.path))]).toEqual(["node:module"]);
    });

    it("bundles no module a package maps away for browsers, but PGlite's own", async () => {
      const { result, disabled } = await bundle(`packages/${pkg}/src/browser.ts`);
      const importers = Object.entries(result.metafile.inputs)
        .flatMap(([file, input]) =>
          input.imports.filter((i) => i.path.startsWith("(disabled):")).map(() => file),
        )
        .filter((file) => !file.startsWith("node_modules/@electric-sql/pglite/"));
      expect(disabled.length).toBeGreaterThan(0);
      expect(importers).toEqual([]);
    });
  });
}

/** The four entries, in one program: each program reads the packages' sources anew (5–10 s). */
const entries = [
  "packages/fdm-core/src/index.ts",
  "packages/fdm-core/src/browser.ts",
  "packages/fdm-calculator/src/index.ts",
  "packages/fdm-calculator/src/browser.ts",
].map((file) => path.join(root, file));
let entriesProgram: ts.Program | undefined;

/** Export names of one of `entries`, read with the compiler. */
function exportsOf(file: string): string[] {
  entriesProgram ??= ts.createProgram(entries, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ["source"],
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = entriesProgram.getTypeChecker();
  const source = entriesProgram.getSourceFile(file);
  if (!entries.includes(file)) throw new Error(`${file} is not one of the entries`);
  const symbol = source && checker.getSymbolAtLocation(source);
  return symbol ? checker.getExportsOfModule(symbol).map((s) => s.getName()) : [];
}

describe("what the browser entries leave out", { timeout: 60_000 }, () => {
  it("fdm-core/browser has every export of fdm-core but the server-only ones", () => {
    const main = exportsOf(path.join(root, "packages/fdm-core/src/index.ts"));
    const browser = new Set(exportsOf(path.join(root, "packages/fdm-core/src/browser.ts")));
    const missing = main.filter((name) => !browser.has(name)).sort();
    expect(missing).toEqual([
      "FdmAuth",
      "FdmAuthOptions",
      "FdmServerType",
      "createFdmAuth",
      "createFdmServer",
    ]);
  });

  it("fdm-core/browser is the one scripts/browser-entry.mjs writes from index.ts", () => {
    const check = spawnSync(
      process.execPath,
      [path.join(root, "packages/fdm-core/scripts/browser-entry.mjs"), "--check"],
      { encoding: "utf8" },
    );
    expect(check.stderr).toBe("");
    expect(check.status).toBe(0);
  });

  it("fdm-calculator/browser has every export of fdm-calculator", () => {
    const main = exportsOf(path.join(root, "packages/fdm-calculator/src/index.ts"));
    const browser = new Set(exportsOf(path.join(root, "packages/fdm-calculator/src/browser.ts")));
    expect(main.filter((name) => !browser.has(name))).toEqual([]);
  });

  it("the browser fdm-core bundles every migration of the journal, in order", () => {
    const journal = JSON.parse(
      readFileSync(path.join(root, "packages/fdm-core/drizzle/meta/_journal.json"), "utf8"),
    ) as { entries: { tag: string; when: number; breakpoints: boolean }[] };
    const source = readFileSync(
      path.join(root, "packages/fdm-core/src/migrations-bundled.ts"),
      "utf8",
    );
    const listed = [
      ...source.matchAll(
        /\{ tag: "([^"]+)", when: (\d+), breakpoints: (true|false), text: m\w+ \}/g,
      ),
    ].map((m) => ({ tag: m[1], when: Number(m[2]), breakpoints: m[3] === "true" }));
    expect(listed).toEqual(
      journal.entries.map(({ tag, when, breakpoints }) => ({ tag, when, breakpoints })),
    );
    for (const { tag } of journal.entries) {
      expect(source, `${tag}.sql imported`).toContain(`from "../drizzle/${tag}.sql";`);
    }
  });
});
