import {
  CodeBlockContextProvider,
  useCodeBlockContext,
  useCodeWordWrap,
} from "@docusaurus/theme-common/internal";
import type { Props } from "@theme/CodeBlock";
import Buttons from "@theme/CodeBlock/Buttons";
import ElementContent from "@theme/CodeBlock/Content/Element";
import Title from "@theme/CodeBlock/Title";
import clsx from "clsx";
import { Children, isValidElement, type ReactNode } from "react";
import styles from "./styles.module.css";

/**
 * The classic code block without Prism in the browser. Fenced blocks arrive
 * already highlighted (`highlightedHtml`, from src/plugins/code-highlight.ts)
 * with magic comments applied and the title parsed; the plain text in
 * `children` is what the copy button copies. A block written as JSX without
 * that prop shows its text unhighlighted. Token colours come from CSS, so the
 * server-rendered HTML is right in both colour modes without a re-render.
 */
type CodeProps = Props & { highlightedHtml?: string };

export default function CodeBlock({ children, highlightedHtml, ...props }: CodeProps): ReactNode {
  const wordWrap = useCodeWordWrap();
  if (Children.toArray(children).some((child) => isValidElement(child))) {
    return <ElementContent {...props}>{children}</ElementContent>;
  }
  const code = (Array.isArray(children) ? children.join("") : String(children ?? "")).replace(
    /\n$/,
    "",
  );
  const language = props.language ?? /language-(\S+)/.exec(props.className ?? "")?.[1] ?? "text";
  const html =
    highlightedHtml ??
    code
      .split("\n")
      .map((line) => `<span class="token-line">${escapeHtml(line)}<br></span>`)
      .join("");
  const metadata = {
    codeInput: code,
    code,
    className: `language-${language}`,
    language,
    title: props.title,
    lineNumbersStart: undefined,
    lineClassNames: {},
  };
  return (
    <CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
      <Block html={html} />
    </CodeBlockContextProvider>
  );
}

function Block({ html }: { html: string }): ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext();
  return (
    <div className={clsx(styles.container, "theme-code-block", metadata.className)}>
      {metadata.title && (
        <div className={styles.title}>
          <Title>{metadata.title}</Title>
        </div>
      )}
      <div className={styles.content}>
        <pre
          ref={wordWrap.codeBlockRef}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard
          tabIndex={0}
          className={clsx("prism-code", metadata.className, styles.pre, "thin-scrollbar")}
        >
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: built from escaped text at build time */}
          <code className={styles.lines} dangerouslySetInnerHTML={{ __html: html }} />
        </pre>
        <Buttons />
      </div>
    </div>
  );
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
