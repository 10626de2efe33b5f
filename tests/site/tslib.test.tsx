// The browser bundle's tslib is src/internals/client/tslib.ts, with only the helpers Docusaurus's
// browser-side modules call. This scans those modules: an upgrade that calls another helper
// fails here, not in a reader's browser.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as shim from "../../src/internals/client/tslib";

const modules = path.resolve(import.meta.dirname, "../../node_modules");
/** Folders whose modules go into the browser bundle. */
const browserSide = [
  "@docusaurus/utils-common/lib",
  "@docusaurus/core/lib/client",
  "@docusaurus/theme-common/lib",
  "@docusaurus/theme-classic/lib/theme",
  "@docusaurus/plugin-content-docs/lib/client",
  "@docusaurus/plugin-content-blog/lib/client",
  "@easyops-cn/docusaurus-search-local/dist/client",
];

function scripts(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? scripts(file) : /\.js$/.test(name) ? [file] : [];
  });
}

describe("the browser bundle's tslib", () => {
  it("has every helper the browser-side Docusaurus modules call", () => {
    const called = new Set<string>();
    for (const dir of browserSide) {
      for (const file of scripts(path.join(modules, dir))) {
        for (const m of readFileSync(file, "utf8").matchAll(/\btslib(?:_\d+)?\.(__\w+)/g))
          called.add(m[1] as string);
      }
    }
    expect([...called].sort()).toEqual(Object.keys(shim).sort());
  });

  it("gives a CommonJS module as the default export, and an ES module as it is", () => {
    const cjs = { a: 1 };
    expect(shim.__importDefault(cjs)).toEqual({ default: cjs });
    const esm = { __esModule: true, default: 2 };
    expect(shim.__importDefault(esm)).toBe(esm);
  });
});
