import type { Props } from "@theme/CodeBlock";
import clsx from "clsx";
import {
  Children,
  isValidElement,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useEffect,
  useRef,
  useState,
} from "react";
import styles from "./styles.module.css";

/**
 * The classic code block without Prism in the browser. Fenced blocks arrive
 * highlighted at build time (`highlightedHtml`, from src/plugins/code-highlight.ts)
 * with magic comments applied and the title parsed; the plain text in
 * `children` is what the copy button copies. The highlighted HTML is in the
 * server-rendered page only: the client bundle gets `""`, the block renders its
 * plain lines, and hydration keeps the highlighted DOM (React leaves the inner
 * HTML it did not write). After a client-side navigation, the block shows its
 * plain lines and swaps in the highlighted ones from the page's HTML. A block
 * written as JSX shows its text unhighlighted. Token colours come from CSS, so
 * the server-rendered HTML is right in both colour modes without a re-render.
 * The two buttons (wrap lines, copy) are written here: smaller than the
 * theme's pair, which brings an overflow observer and a context provider.
 */
type CodeProps = Props & { highlightedHtml?: string };

// A block written as JSX (`<pre>` with elements in it): no page has one, so the
// theme's unhighlighted block is not part of the chunk every page with code loads.
const ElementContent = lazy(() => import("@theme/CodeBlock/Content/Element"));

export default function CodeBlock({ children, highlightedHtml, ...props }: CodeProps): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) {
    return (
      <Suspense fallback={null}>
        <ElementContent {...props}>{children}</ElementContent>
      </Suspense>
    );
  }
  const code = (Array.isArray(children) ? children.join("") : String(children ?? "")).replace(
    /\n$/,
    "",
  );
  const language = props.language ?? /language-(\S+)/.exec(props.className ?? "")?.[1] ?? "text";
  const plain = code
    .split("\n")
    .map((line) => `<span class="token-line">${escapeHtml(line)}<br></span>`)
    .join("");
  return (
    <Block
      html={highlightedHtml || plain}
      fromPage={highlightedHtml === "" && language !== "text"}
      code={code}
      language={language}
      title={props.title}
    />
  );
}

const pages = new Map<string, Promise<Document | null>>();

/** This page's server-rendered HTML, fetched once per path. */
function pageHtml(path: string): Promise<Document | null> {
  let page = pages.get(path);
  if (!page) {
    page = fetch(path)
      .then((r) => (r.ok ? r.text() : null))
      .then((text) => (text ? new DOMParser().parseFromString(text, "text/html") : null))
      .catch(() => null);
    pages.set(path, page);
  }
  return page;
}

/** The highlighted lines of the block whose text is `code`, from the page's HTML. */
function useHighlightedFromPage(
  ref: RefObject<HTMLElement | null>,
  code: string,
  enabled: boolean,
): string | null {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    const element = ref.current;
    // Hydrated from the server's HTML: it is highlighted already.
    if (!enabled || !element || element.querySelector(".token")) return;
    let live = true;
    const text = code.replace(/\n/g, "");
    void pageHtml(window.location.pathname).then((page) => {
      const match = Array.from(page?.querySelectorAll(".theme-code-block code") ?? []).find(
        (candidate) => candidate.textContent === text,
      );
      if (live && match) setHtml(match.innerHTML);
    });
    return () => {
      live = false;
    };
  }, [ref, code, enabled]);
  return html;
}

function Block({
  html,
  fromPage,
  code,
  language,
  title,
}: {
  html: string;
  fromPage: boolean;
  code: string;
  language: string;
  title?: ReactNode;
}): ReactNode {
  const [wrapped, setWrapped] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const highlighted = useHighlightedFromPage(ref, code, fromPage);
  const className = `language-${language}`;
  return (
    <div className={clsx(styles.container, "theme-code-block", className)}>
      {title && <div className={styles.title}>{title}</div>}
      <div className={styles.content}>
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard
          tabIndex={0}
          className={clsx("prism-code", className, styles.pre, "thin-scrollbar")}
        >
          <code
            ref={ref}
            className={clsx(styles.lines, wrapped && styles.wrapped)}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: built from escaped text at build time, or this page's own HTML
            dangerouslySetInnerHTML={{ __html: highlighted ?? html }}
          />
        </pre>
        <Buttons code={code} wrapped={wrapped} onWrap={() => setWrapped(!wrapped)} />
      </div>
    </div>
  );
}

/** Client-only, as in the theme: without JavaScript they could do nothing. */
function Buttons({
  code,
  wrapped,
  onWrap,
}: {
  code: string;
  wrapped: boolean;
  onWrap: () => void;
}): ReactNode {
  const [mounted, setMounted] = useState(false);
  const [copied, setCopied] = useState(false);
  const timer = useRef<number>(undefined);
  useEffect(() => {
    setMounted(true);
    return () => window.clearTimeout(timer.current);
  }, []);
  if (!mounted) return null;
  const copy = () => {
    void navigator.clipboard?.writeText(code).then(() => {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), 1000);
    });
  };
  return (
    <div className={styles.buttons}>
      <button
        type="button"
        className={clsx("clean-btn", wrapped && styles.on)}
        aria-pressed={wrapped}
        aria-label="Wrap long lines"
        title="Wrap long lines"
        onClick={onWrap}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 19h6v-2H4v2zM20 5H4v2h16V5zm-3 6H4v2h13.25c1.1 0 2 .9 2 2s-.9 2-2 2H15v-2l-3 3 3 3v-2h2c2.21 0 4-1.79 4-4s-1.79-4-4-4z" />
        </svg>
      </button>
      <button
        type="button"
        className={clsx("clean-btn", copied && styles.on)}
        aria-label={copied ? "Copied" : "Copy code to clipboard"}
        title="Copy"
        onClick={copy}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            d={
              copied
                ? "M21 7 9 19l-5.5-5.5 1.41-1.41L9 16.17 19.59 5.59 21 7z"
                : "M19 21H8V7h11m0-2H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2m-3-4H4a2 2 0 0 0-2 2v14h2V3h12V1z"
            }
          />
        </svg>
      </button>
    </div>
  );
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
