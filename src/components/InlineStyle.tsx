import type { ReactNode } from "react";

/**
 * A `<style>` element holding one of the site's constant stylesheets. Not
 * `<style>{css}</style>`: React 18's server renderer escapes `>` in it as `&gt;`,
 * which breaks the rule (a style element's text is not decoded) and makes the
 * page's hydration fail (tests/e2e/hydration.spec.ts).
 */
export default function InlineStyle({ css }: { css: string }): ReactNode {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant stylesheet of the site, never input
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}
