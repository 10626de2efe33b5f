import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { droppedInfimaClasses, trimInfima } from "../../src/plugins/trim-infima";

const root = path.resolve(import.meta.dirname, "../..");

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file, ext) : ext.test(name) ? [file] : [];
  });
}

describe("the Infima trim", () => {
  it("drops only the selectors naming a listed class", async () => {
    const css = [
      ".pills{display:flex}",
      ".pills__item{padding:1px}",
      ".button--primary,.button--danger{color:red}",
      ".button--sm{font-size:1px}",
      "@media (min-width:1px){.text--danger{color:red}.text--center{text-align:center}}",
    ].join("");
    const out = (await postcss([trimInfima]).process(css, { from: undefined })).css;
    expect(out).toBe(
      ".button--primary{color:red}.button--sm{font-size:1px}@media (min-width:1px){.text--center{text-align:center}}",
    );
  });

  it("no page, component or theme module uses a dropped class", () => {
    const sources = [
      ...files(path.join(root, "src"), /\.(tsx?|css|js)$/),
      ...files(path.join(root, "docs"), /\.mdx?$/),
      ...files(path.join(root, "blog"), /\.mdx?$/),
      ...["theme-classic/lib", "theme-common/lib"].flatMap((dir) =>
        files(path.join(root, "node_modules/@docusaurus", dir), /\.js$/),
      ),
      ...files(path.join(root, "node_modules/@easyops-cn/docusaurus-search-local/dist"), /\.js$/),
    ].filter((file) => !file.endsWith(path.join("plugins", "trim-infima.ts")));
    const used: string[] = [];
    for (const file of sources) {
      const text = readFileSync(file, "utf8");
      // Class names live in strings (className="…", clsx("…"), template literals) and CSS selectors.
      const candidates = /\.css$/.test(file)
        ? [...text.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] ?? "")
        : [...text.matchAll(/(["'`])([^"'`\n]*)\1/g)].flatMap((m) => (m[2] ?? "").split(/\s+/));
      for (const token of candidates) {
        if (droppedInfimaClasses.some((pattern) => pattern.test(token))) {
          used.push(`${path.relative(root, file)}: ${token}`);
        }
      }
    }
    expect(used).toEqual([]);
  });
});
