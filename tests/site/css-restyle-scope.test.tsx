// A selector with a [class…] attribute test on an ancestor ("[class*=a_] .b", "[class*=a_] > svg")
// makes the browser restyle, on ANY element's class change, every element beneath it that the
// rest of the selector could match: "[class*=x] [class*=y]" means every element with a class.
// A docs page's <html> class changes four times while it hydrates; with one such rule in the
// stylesheet each change restyled the whole page (four 40 ms tasks at 4× CPU, counted in TBT).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import postcss from "postcss";
import selectorParser from "postcss-selector-parser";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? cssFiles(file) : name.endsWith(".css") ? [file] : [];
  });
}

/** The selectors of `css` that test the class attribute in a compound other than the last. */
function classTestsOnAncestors(css: string): string[] {
  const found: string[] = [];
  postcss.parse(css).walkRules((rule) => {
    selectorParser((selectors) => {
      selectors.each((selector) => {
        const nodes = selector.nodes;
        const lastCombinator = nodes.findLastIndex((n) => n.type === "combinator");
        nodes.slice(0, Math.max(lastCombinator, 0)).forEach((node) => {
          if (node.type === "attribute" && node.attribute === "class") {
            found.push(selector.toString().trim());
          }
        });
      });
    }).processSync(rule.selector);
  });
  return [...new Set(found)];
}

describe("the site's stylesheets", () => {
  it("find a [class…] test on an ancestor when there is one", () => {
    expect(
      classTestsOnAncestors(
        ".a [class*=b_] [class*=c_]{x:1} .a [class*=c_][class*=c_]{x:1} [data-theme=dark] .t{x:1}",
      ),
    ).toEqual([".a [class*=b_] [class*=c_]"]);
  });

  it("test the class attribute only in the compound of the element styled", () => {
    const offending = cssFiles(path.join(root, "src")).flatMap((file) =>
      classTestsOnAncestors(readFileSync(file, "utf8")).map(
        (s) => `${path.relative(root, file)}: ${s}`,
      ),
    );
    expect(offending).toEqual([]);
  });
});
