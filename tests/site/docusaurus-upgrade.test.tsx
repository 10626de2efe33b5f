import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { internals } from "../../src/internals/list";

// Built from src/internals/list.ts, the one list of modules that replace Docusaurus or
// plugin internals; docs/contributing.mdx renders its table from the same list.
const root = path.join(import.meta.dirname, "..", "..");
const modules = path.join(root, "node_modules");
const upgradeHint =
  'go down "Modules that replace Docusaurus internals" in docs/contributing.mdx, check the module, then update src/internals/list.ts';

const versionOf = (name: string): string =>
  JSON.parse(readFileSync(path.join(modules, name, "package.json"), "utf8")).version;

const listed = new Set(internals.flatMap((internal) => internal.files));

/** Every file under a folder, relative to the repository root. */
function filesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    return statSync(path.join(root, rel)).isDirectory() ? filesUnder(rel) : [rel];
  });
}

describe.each(internals.map((internal) => [internal.name, internal] as const))(
  "internal: %s",
  (_name, internal) => {
    it("has its own files", () => {
      for (const file of internal.files) expect(existsSync(path.join(root, file)), file).toBe(true);
    });

    it.each(
      internal.targets.map((target) => [`${target.package}/${target.file}`, target] as const),
    )(
      "reaches into %s, which is still there at the version it was checked against",
      (_, target) => {
        const installed = versionOf(target.package);
        expect(
          installed,
          `${target.package} is ${installed}, ${internal.name} was checked against ${target.version}: ${upgradeHint}`,
        ).toBe(target.version);
        const file = path.join(modules, target.package, target.file);
        expect(existsSync(file), `${target.package}/${target.file} is gone: ${upgradeHint}`).toBe(
          true,
        );
        const source = readFileSync(file, "utf8");
        for (const text of target.contains ?? []) {
          expect(
            source.includes(text),
            `${target.package}/${target.file} no longer contains ${text}: ${upgradeHint}`,
          ).toBe(true);
        }
      },
    );
  },
);

describe("the list of internals", () => {
  it("names every module under src/internals/", () => {
    const unlisted = filesUnder("src/internals").filter(
      (file) => file !== path.join("src", "internals", "list.ts") && !listed.has(file),
    );
    expect(unlisted).toEqual([]);
  });

  it("names every theme component that the classic theme does not call safe to swizzle that way", () => {
    const require = createRequire(path.join(root, "package.json"));
    const swizzle = require("@docusaurus/theme-classic/lib/getSwizzleConfig.js").default() as {
      components: Record<string, { actions: Record<string, string> } | undefined>;
    };
    const unsafe: string[] = [];
    for (const file of filesUnder("src/theme").filter((f) => /\.tsx$/.test(f))) {
      const component = path
        .relative(path.join(root, "src", "theme"), path.join(root, file))
        .replace(/(\/index)?\.tsx$/, "");
      // The search plugin's bar and its lazily loaded half, not the classic theme's.
      if (component.startsWith("SearchBar")) continue;
      const action = readFileSync(path.join(root, file), "utf8").includes("@theme-original/")
        ? "wrap"
        : "eject";
      if (swizzle.components[component]?.actions[action] !== "safe" && !listed.has(file)) {
        unsafe.push(`${component} (${action})`);
      }
    }
    expect(unsafe).toEqual([]);
  });

  it("is the contributing page's table", () => {
    const page = readFileSync(path.join(root, "docs", "contributing.mdx"), "utf8");
    const section = page.slice(page.indexOf("### Modules that replace Docusaurus internals"));
    expect(section).toContain("<InternalsTable />");
    expect(page).toContain('import InternalsTable from "@site/src/components/InternalsTable";');
  });
});
