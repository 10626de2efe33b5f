/**
 * The site's PostCSS step, made lean for the build's sake (0.5–1 s of a
 * 23 s cold build on two cores):
 * - no postcss-preset-env: for the browsers in `.browserslistrc` it only
 *   added vendor prefixes, and the production minimizer (Lightning CSS, with
 *   the same browserslist targets) already adds the ones those browsers need
 *   and lowers newer syntax;
 * - no search for a PostCSS config file next to every stylesheet (the site
 *   has none; the search read package.json files up the tree ~0.6 s a build).
 * Plugins added by other site plugins (the Infima trim) still run.
 */
import type { Plugin } from "@docusaurus/types";

type PostCssOptions = { plugins: unknown[]; config?: boolean; [key: string]: unknown };

const isPresetEnv = (plugin: unknown) =>
  /[\\/]postcss-preset-env[\\/]/.test(String(Array.isArray(plugin) ? plugin[0] : plugin));

/** Docusaurus's PostCSS options without postcss-preset-env and without config lookup. */
export function leanPostCssOptions<T extends PostCssOptions>(options: T): T {
  options.plugins = options.plugins.filter((plugin) => !isPresetEnv(plugin));
  options.config = false;
  return options;
}

export default function postCssPipelinePlugin(): Plugin {
  return {
    name: "fdm-postcss-pipeline",
    configurePostCss: leanPostCssOptions,
  };
}
