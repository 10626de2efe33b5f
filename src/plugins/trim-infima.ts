/**
 * Drops from the one stylesheet every page loads the Infima rules for classes
 * that neither the site nor the Docusaurus theme uses (about 0.6 KB gzip). The
 * list is explicit rather than a purge of whatever a build happens not to
 * contain, so a class built at runtime is never lost; `tests/site/trim-infima.test.ts`
 * fails when a page or component starts to use one of them.
 */
import type { Plugin } from "@docusaurus/types";

/** The Infima classes left out, as patterns on a selector's class names. */
export const droppedInfimaClasses: RegExp[] = [
  /^pills(__|--|$)/,
  /^button-group(--|$)/,
  /^button--(active|block|danger|info|link|success|warning)$/,
  /^badge--(danger|info|success|warning|primary)$/,
  /^shadow--(md|tl)$/,
  /^text--(danger|info|success|warning|primary|secondary|light|dark)$/,
];

const dropsSelector = (selector: string) =>
  [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].some(([, name]) =>
    droppedInfimaClasses.some((pattern) => pattern.test(name ?? "")),
  );

/** A PostCSS plugin removing the selectors that name a dropped class (and rules left empty). */
export const trimInfima = {
  postcssPlugin: "fdm-trim-infima",
  Rule(rule: { selectors: string[]; selector: string; remove: () => void }) {
    const kept = rule.selectors.filter((s) => !dropsSelector(s));
    if (kept.length === rule.selectors.length) return;
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  },
};

export default function trimInfimaPlugin(): Plugin {
  return {
    name: "fdm-trim-infima",
    configurePostCss(options) {
      options.plugins.push(trimInfima);
      return options;
    },
  };
}
