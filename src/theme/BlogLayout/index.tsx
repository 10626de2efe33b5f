import type { Props } from "@theme/BlogLayout";
import BlogSidebar from "@theme/BlogSidebar";
import Layout from "@theme/Layout";
import clsx from "clsx";
import type { ReactNode } from "react";

/**
 * The classic blog layout, with one change: the post's table of contents sits
 * in a labelled <aside> landmark instead of a bare <div>, so every part of the
 * page belongs to a landmark (axe "region").
 */
export default function BlogLayout(props: Props): ReactNode {
  const { sidebar, toc, children, ...layoutProps } = props;
  const hasSidebar = sidebar && sidebar.items.length > 0;
  return (
    <Layout {...layoutProps}>
      <div className="container margin-vert--lg">
        <div className="row">
          <BlogSidebar sidebar={sidebar} />
          <main
            className={clsx("col", {
              "col--7": hasSidebar,
              "col--9 col--offset-1": !hasSidebar,
            })}
          >
            {children}
          </main>
          {toc && (
            <aside className="col col--2" aria-label="On this page">
              {toc}
            </aside>
          )}
        </div>
      </div>
    </Layout>
  );
}
