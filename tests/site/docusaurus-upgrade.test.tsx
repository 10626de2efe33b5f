import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The modules that replace Docusaurus internals were checked against this version: see
// docs/contributing.mdx, "Modules that replace Docusaurus internals".
const checkedAgainst = "3.10.2";
const root = path.join(import.meta.dirname, "..", "..");
const installed = JSON.parse(
  readFileSync(path.join(root, "node_modules", "@docusaurus", "core", "package.json"), "utf8"),
).version as string;

describe("modules that replace Docusaurus internals", () => {
  it("were checked against the installed @docusaurus/core", () => {
    expect(
      installed,
      `@docusaurus/core is ${installed}, the modules were checked against ${checkedAgainst}: ` +
        `go down the table "Modules that replace Docusaurus internals" in docs/contributing.mdx, ` +
        `then set checkedAgainst in this test`,
    ).toBe(checkedAgainst);
  });

  it("are each listed in the contributing page's table, and exist", () => {
    const page = readFileSync(path.join(root, "docs", "contributing.mdx"), "utf8");
    const table = page.slice(page.indexOf("### Modules that replace Docusaurus internals"));
    const modules = [
      "src/client/preload.js",
      "src/client/lazy-component-creator.js",
      "src/client/tslib.ts",
      "src/plugins/lean-client-data.ts",
      "src/theme/CodeBlock",
    ];
    for (const module of modules) {
      expect(table, module).toContain(`| \`${module}\``);
      expect(existsSync(path.join(root, module)), module).toBe(true);
    }
    expect(table).toContain(`@docusaurus/core ${checkedAgainst}`);
  });
});
