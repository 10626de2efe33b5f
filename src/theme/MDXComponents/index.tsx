import { useLocation } from "@docusaurus/router";
import MDXHeading from "@theme/MDXComponents/Heading";
import MDXComponents from "@theme-original/MDXComponents";
import { type ComponentProps, type MouseEvent, type ReactNode, useState } from "react";

/**
 * Infima shows a table wider than the page as a block that scrolls sideways; a
 * scrollable region must be reachable by keyboard (WCAG 2.1.1, axe's
 * scrollable-region-focusable), so every Markdown table takes the focus, as code
 * blocks do (src/theme/CodeBlock).
 */
function Table(props: ComponentProps<"table">): ReactNode {
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard
  return <table tabIndex={0} {...props} />;
}

/**
 * A page's title; on docs and API pages followed by "Copy page as Markdown",
 * which copies the page's Markdown twin (src/plugins/markdown-twins.ts: the
 * path plus `.md`), fetched on the click. It is a link to the twin, so that
 * without JavaScript, or when the clipboard refuses, the Markdown opens
 * instead. Written here, in the map those pages load anyway: a wrapper of the
 * theme's DocItem/Content splits the docs chunks anew (about 1 KB more a page).
 */
function Title(props: ComponentProps<"h1">): ReactNode {
  const { pathname } = useLocation();
  const [copied, setCopied] = useState(false);
  const twin = `${pathname.replace(/\/+$/, "")}.md`;
  const copy = (event: MouseEvent) => {
    event.preventDefault();
    fetch(twin)
      .then((r) => (r.ok ? r.text() : Promise.reject()))
      .then((text) => navigator.clipboard.writeText(text))
      .then(
        () => setCopied(true),
        () => window.location.assign(twin),
      );
  };
  return (
    <>
      <MDXHeading as="h1" {...props} />
      {/\/(docs|api)(\/|$)/.test(pathname) && (
        <p>
          <a href={twin} onClick={copy}>
            {copied ? "Copied" : "Copy page as Markdown"}
          </a>
        </p>
      )}
    </>
  );
}

/**
 * The classic theme's map with two entries of our own: focusable tables and the
 * title's "Copy page as Markdown". Its `code` is ours too (./Code.tsx, which the
 * theme's map imports by its theme path); its admonition loads on first use
 * (src/theme/Admonition).
 */
export default { ...MDXComponents, table: Table, h1: Title };
