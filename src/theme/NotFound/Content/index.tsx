import Link from "@docusaurus/Link";
import { translate } from "@docusaurus/Translate";
import { PageMetadata } from "@docusaurus/theme-common";
import type { WrapperProps } from "@docusaurus/types";
import type ContentType from "@theme/NotFound/Content";
import SearchBar from "@theme/SearchBar";
import clsx from "clsx";
import type { ReactNode } from "react";
import styles from "./styles.module.css";

type Props = WrapperProps<typeof ContentType>;

/** Where a reader who followed a dead link most likely wanted to go. */
const ways = [
  { to: "/docs", label: "Documentation", text: "guides, concepts and the norms" },
  { to: "/api", label: "API reference", text: "every function and type of the packages" },
  { to: "/blog", label: "Release notes", text: "what changed, month by month" },
] as const;

/**
 * The not-found content, on its own page and inside the docs layout (unknown paths under
 * /docs and /api): a title, the search box and the three ways into the site.
 */
export default function NotFoundContent({ className }: Props): ReactNode {
  const title = translate({ id: "theme.NotFound.title", message: "Page Not Found" });
  return (
    <>
      <PageMetadata title={title} />
      <main className={clsx("container margin-vert--xl", className)}>
        <div className="row">
          <div className="col col--6 col--offset-3">
            <h1 className="hero__title">{title}</h1>
            <p>
              There is no page at this address. It may have moved when the site was reorganized:
              search for it, or start from one of these.
            </p>
            <search className={styles.search} aria-label="Search the site">
              <SearchBar />
            </search>
            <ul className={styles.ways}>
              {ways.map((w) => (
                <li key={w.to}>
                  <Link to={w.to}>{w.label}</Link>: {w.text}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </main>
    </>
  );
}
