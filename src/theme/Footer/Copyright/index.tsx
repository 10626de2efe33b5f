import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import type { Props } from "@theme/Footer/Copyright";
import type { ReactNode } from "react";

/**
 * The footer's last line. Prefixes the toolkit version from the site config
 * (one constant, also behind the navbar badge and the announcement) and
 * renders the copyright as text rather than the theme's raw HTML.
 */
export default function FooterCopyright({ copyright }: Props): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  return (
    <div className="footer__copyright">
      FDM {String(siteConfig.customFields?.version)} · {copyright}
    </div>
  );
}
