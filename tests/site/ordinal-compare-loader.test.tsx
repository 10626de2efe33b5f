import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);
const loader = require("../../src/internals/loaders/ordinal-compare-loader.cjs") as (
  this: { resourcePath: string },
  source: string,
) => string;

const targets = [
  "node_modules/@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js",
  "node_modules/@docusaurus/theme-common/lib/utils/reactUtils.js",
].map((file) => path.join(root, file));

const run = (resourcePath: string, source: string) => loader.call({ resourcePath }, source);

describe("the ordinal-compare loader", () => {
  it("leaves no localeCompare in the installed Docusaurus files it edits", () => {
    for (const file of targets) {
      const source = readFileSync(file, "utf8");
      expect(source, file).toContain("localeCompare");
      const edited = run(file, source);
      expect(edited, file).not.toContain("localeCompare");
      expect(edited, file).toContain("fdmOrdinal(");
    }
  });

  it("orders the docs plugins' paths as before: a path before any path it starts with", () => {
    const paths = ["/fdm/api", "/fdm/docs", "/fdm/", "/fdm/docs/norms"];
    const ordinal = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const byLocale = [...paths].sort((a, b) => b.localeCompare(a));
    expect([...paths].sort((a, b) => ordinal(b, a))).toEqual(byLocale);
    expect(byLocale.indexOf("/fdm/docs/norms")).toBeLessThan(byLocale.indexOf("/fdm/docs"));
  });

  it("fails the build when Docusaurus changed the line it edits", () => {
    const file = targets[0] ?? "";
    expect(() => run(file, "export const x = 1;")).toThrow(/no longer contains/);
  });
});
