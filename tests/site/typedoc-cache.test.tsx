import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LoadContext } from "@docusaurus/types";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import cachedTypedocPlugin, { typedocKey } from "../../src/plugins/typedoc-cache";

/**
 * The API reference's cache (src/plugins/typedoc-cache.ts): a build may reuse TypeDoc's
 * last output only while nothing it was made from has changed.
 */
let site: string;
const options = { out: "./api", entryPoints: ["packages/fdm-x/src/index.ts"] };

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
  writeFileSync(path.join(site, file), text);
}

beforeEach(() => {
  site = mkdtempSync(path.join(tmpdir(), "fdm-typedoc-cache-"));
  write("packages/fdm-x/src/index.ts", "export const a = 1;\n");
  write("packages/fdm-x/package.json", '{"description":"x"}\n');
  write("tsconfig.typedoc.json", "{}\n");
  write("scripts/typedoc-descriptions.mjs", "export function load() {}\n");
  write("docs/rest-api/overview.mdx", "# Overview\n");
  write("package-lock.json", '{"lockfileVersion":3}\n');
});
afterEach(() => rmSync(site, { recursive: true, force: true }));

describe("the cache key", () => {
  it("is the same for the same inputs", () => {
    expect(typedocKey(site, options)).toBe(typedocKey(site, options));
  });

  it.each([
    ["a package's source", "packages/fdm-x/src/index.ts", "export const a = 2;\n"],
    ["a new source file", "packages/fdm-x/src/more.ts", "export const b = 1;\n"],
    ["a package.json (its description heads the API landing)", "packages/fdm-x/package.json", "{}"],
    ["the TypeDoc tsconfig", "tsconfig.typedoc.json", '{"compilerOptions":{}}'],
    ["a TypeDoc plugin", "scripts/typedoc-descriptions.mjs", "export function load(app) {}\n"],
    ["a REST guide page", "docs/rest-api/overview.mdx", "# Overview, changed\n"],
    ["the lock file (TypeDoc's and the dependencies' versions)", "package-lock.json", "{}"],
  ])("changes with %s", (_what, file, text) => {
    const before = typedocKey(site, options);
    write(file, text);
    expect(typedocKey(site, options)).not.toBe(before);
  });

  it("changes with the plugin's options", () => {
    expect(typedocKey(site, { ...options, excludePrivate: true })).not.toBe(
      typedocKey(site, options),
    );
  });

  it("ignores the packages' build output and installed dependencies", () => {
    const before = typedocKey(site, options);
    write("packages/fdm-x/dist/index.js", "export const a = 1;\n");
    write("packages/fdm-x/node_modules/dep/index.js", "module.exports = 1;\n");
    expect(typedocKey(site, options)).toBe(before);
  });
});

describe("a build whose inputs are unchanged", () => {
  it("gets the cached output in api/ in place of what was there", async () => {
    const cached = path.join(site, "node_modules/.cache/fdm/typedoc", typedocKey(site, options));
    mkdirSync(path.join(cached, "fdm-x/src"), { recursive: true });
    writeFileSync(path.join(cached, "fdm-x/src/index.md"), "# fdm-x\n");
    write("api/stale.md", "# from an older run\n");

    const plugin = await cachedTypedocPlugin({ siteDir: site } as LoadContext, options);

    expect(plugin.name).toBe("docusaurus-plugin-typedoc");
    expect(readFileSync(path.join(site, "api/fdm-x/src/index.md"), "utf8")).toBe("# fdm-x\n");
    expect(existsSync(path.join(site, "api/stale.md"))).toBe(false);
    // A copy: editing api/ leaves the cache as TypeDoc wrote it.
    writeFileSync(path.join(site, "api/fdm-x/src/index.md"), "edited");
    expect(readFileSync(path.join(cached, "fdm-x/src/index.md"), "utf8")).toBe("# fdm-x\n");
  });
});
