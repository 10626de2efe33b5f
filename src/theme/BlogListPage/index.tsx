import { BlogLayoutHeading } from "@site/src/components/BlogLayoutHeading";
import type BlogListPageType from "@theme/BlogListPage";
import Heading from "@theme/Heading";
import BlogListPage from "@theme-original/BlogListPage";
import type { ComponentProps, ReactNode } from "react";

type Props = ComponentProps<typeof BlogListPageType>;

/**
 * The classic blog list page with an `<h1>` (the blog's title; the posts'
 * titles below it are `<h2>`), so the page has a heading that says what it is.
 * The stock page renders none; the layout puts this one first in its `<main>`.
 */
export default function BlogListPageWrapper(props: Props): ReactNode {
  const { blogTitle, page, totalPages } = props.metadata;
  return (
    <BlogLayoutHeading.Provider
      value={
        <Heading as="h1" className="margin-bottom--lg">
          {blogTitle}
          {totalPages > 1 && page > 1 ? `, page ${page}` : ""}
        </Heading>
      }
    >
      <BlogListPage {...props} />
    </BlogLayoutHeading.Provider>
  );
}
