import { BlogLayoutHeading } from "@site/src/components/BlogLayoutHeading";
import type BlogLayoutType from "@theme/BlogLayout";
import BlogLayout from "@theme-original/BlogLayout";
import { type ComponentProps, type ReactNode, useContext } from "react";

type Props = ComponentProps<typeof BlogLayoutType>;

/**
 * The classic blog layout, with the post's table of contents in a labelled
 * `<aside>` landmark, so every part of the page belongs to a landmark (axe
 * "region"); the aside fills its column, so the contents stay sticky. A
 * heading given by BlogLayoutHeading comes first in `<main>`.
 */
export default function BlogLayoutWrapper(props: Props): ReactNode {
  const heading = useContext(BlogLayoutHeading);
  const { toc, children } = props;
  return (
    <BlogLayout
      {...props}
      toc={
        toc && (
          <aside aria-label="On this page" style={{ height: "100%" }}>
            {toc}
          </aside>
        )
      }
    >
      {heading}
      {children}
    </BlogLayout>
  );
}
