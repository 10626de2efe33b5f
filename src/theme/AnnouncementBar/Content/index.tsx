import Link from "@docusaurus/Link";
import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import type { Props } from "@theme/AnnouncementBar/Content";
import clsx from "clsx";
import type { ReactNode } from "react";
import styles from "./styles.module.css";

/**
 * Renders the announcement with a router link instead of the theme's raw HTML
 * string: the link navigates without a full reload and takes part in the
 * build's broken-link check.
 */
export default function AnnouncementBarContent(props: Props): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const version = String(siteConfig.customFields?.version);
  const releasePost = String(siteConfig.customFields?.releasePost);
  return (
    <div {...props} className={clsx(styles.content, props.className)}>
      FDM {version} is out: read the{" "}
      <Link to={releasePost} className={styles.link}>
        release notes
      </Link>{" "}
      on the blog.
    </div>
  );
}
