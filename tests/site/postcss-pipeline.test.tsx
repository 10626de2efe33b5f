import { createRequire } from "node:module";
import { getLightningCssMinimizerOptions } from "@docusaurus/faster";
import { transform } from "lightningcss";
import { afterEach, describe, expect, it } from "vitest";
import { leanPostCssOptions } from "../../src/internals/plugins/postcss-pipeline";
import { trimInfima } from "../../src/plugins/trim-infima";

const require = createRequire(import.meta.url);

describe("the site's PostCSS step", () => {
  it("drops postcss-preset-env and the config lookup, and keeps the other plugins", () => {
    // The options Docusaurus's style loader passes to configurePostCss.
    const options: { ident: string; plugins: unknown[]; config?: boolean } = {
      ident: "postcss",
      plugins: [[require.resolve("postcss-preset-env"), {}], trimInfima] as unknown[],
    };
    const lean = leanPostCssOptions(options);
    expect(lean.plugins).toEqual([trimInfima]);
    expect(lean.config).toBe(false);
    expect(lean.ident).toBe("postcss");
  });

  describe("what postcss-preset-env did, the production minimizer still does", () => {
    const previous = process.env.BROWSERSLIST_ENV;
    afterEach(() => {
      if (previous === undefined) delete process.env.BROWSERSLIST_ENV;
      else process.env.BROWSERSLIST_ENV = previous;
    });

    const minify = (css: string) => {
      // The build runs with NODE_ENV=production, so browserslist reads that section.
      process.env.BROWSERSLIST_ENV = "production";
      const { targets } = getLightningCssMinimizerOptions();
      return transform({
        filename: "a.css",
        code: Buffer.from(css),
        minify: true,
        targets,
      }).code.toString();
    };

    it("prefixes the mask and user-select the site's stylesheets use", () => {
      const out = minify(".a{mask:url(i.svg) 50%/2rem no-repeat}.b{user-select:none}");
      expect(out).toContain("-webkit-mask:url(i.svg) 50%/2rem no-repeat");
      expect(out).toContain("-webkit-user-select:none");
    });

    it("keeps cascade layers (every target supports them) and lowers nesting", () => {
      const out = minify("@layer theme{.a{color:red}}.b{.c{color:blue}}");
      expect(out).toContain("@layer theme{.a{color:red}}");
      expect(out).not.toContain(".b{.c");
      expect(out).toMatch(/\.b \.c\{color:(blue|#00f)\}/);
    });
  });
});
