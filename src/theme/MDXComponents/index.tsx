import Head from "@docusaurus/Head";
import { useLocation } from "@docusaurus/router";
import CodeInline from "@theme/CodeInline";
import MDXA from "@theme/MDXComponents/A";
import MDXCode from "@theme/MDXComponents/Code";
import MDXHeading from "@theme/MDXComponents/Heading";
import MDXImg from "@theme/MDXComponents/Img";
import MDXLi from "@theme/MDXComponents/Li";
import MDXPre from "@theme/MDXComponents/Pre";
import MDXUl from "@theme/MDXComponents/Ul";
import {
  Children,
  type ComponentProps,
  isValidElement,
  type MouseEvent,
  type ReactNode,
  useState,
} from "react";

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
 * The theme tells inline code from a block by its children being strings on one
 * line; src/plugins/identifier-breaks.ts adds `<wbr>`s to a long name in inline
 * code, which must keep it inline.
 */
function Code(props: ComponentProps<"code">): ReactNode {
  const parts = Children.toArray(props.children);
  const inline =
    parts.length > 0 &&
    parts.some((part) => isValidElement(part) && part.type === "wbr") &&
    parts.every(
      (part) =>
        (typeof part === "string" && !part.includes("\n")) ||
        (isValidElement(part) && part.type === "wbr"),
    );
  return inline ? <CodeInline {...props} /> : <MDXCode {...props} />;
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
 * The classic theme's map without admonitions, `<details>` and Mermaid, which
 * no page uses and every docs, API and blog page loaded. A page that writes `:::note` or `<details>` fails the build with
 * "Expected component `admonition` to be defined"; add the component here then.
 */
export default {
  Head,
  code: Code,
  a: MDXA,
  pre: MDXPre,
  ul: MDXUl,
  li: MDXLi,
  img: MDXImg,
  table: Table,
  h1: Title,
  h2: (props: ComponentProps<"h2">) => <MDXHeading as="h2" {...props} />,
  h3: (props: ComponentProps<"h3">) => <MDXHeading as="h3" {...props} />,
  h4: (props: ComponentProps<"h4">) => <MDXHeading as="h4" {...props} />,
  h5: (props: ComponentProps<"h5">) => <MDXHeading as="h5" {...props} />,
  h6: (props: ComponentProps<"h6">) => <MDXHeading as="h6" {...props} />,
};
