import type { WrapperProps } from "@docusaurus/types";
import type ContentType from "@theme/DocItem/Content";
import Content from "@theme-original/DocItem/Content";
import { type ReactNode, useState } from "react";
import styles from "./styles.module.css";

type Props = WrapperProps<typeof ContentType>;

/** The page's Markdown twin (src/plugins/markdown-twins.ts): its path plus `.md`. */
export const twinHref = (pathname: string): string => `${pathname.replace(/\/$/, "")}.md`;

/**
 * "Copy page as Markdown": fetches the page's Markdown twin when pressed (nothing is loaded
 * before) and puts it on the clipboard, for pasting into an AI assistant or an issue.
 */
function CopyMarkdown(): ReactNode {
  const [status, setStatus] = useState("");
  const copy = async () => {
    setStatus("Copying…");
    try {
      const response = await fetch(twinHref(window.location.pathname));
      if (!response.ok) throw new Error(String(response.status));
      await navigator.clipboard.writeText(await response.text());
      setStatus("Copied");
    } catch {
      setStatus("Could not copy: open the Markdown link instead");
    }
  };
  return (
    <div className={styles.bar}>
      <button type="button" className="button button--sm button--secondary" onClick={copy}>
        Copy page as Markdown
      </button>
      <span role="status" className={styles.status}>
        {status}
      </span>
    </div>
  );
}

/** A docs or API page's content, with the copy button above it. */
export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <CopyMarkdown />
      <Content {...props} />
    </>
  );
}
