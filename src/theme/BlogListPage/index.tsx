import { HtmlClassNameProvider, PageMetadata, ThemeClassNames } from "@docusaurus/theme-common";
import BlogLayout from "@theme/BlogLayout";
import type { Props } from "@theme/BlogListPage";
import BlogListPageStructuredData from "@theme/BlogListPage/StructuredData";
import BlogListPaginator from "@theme/BlogListPaginator";
import BlogPostItems from "@theme/BlogPostItems";
import Heading from "@theme/Heading";
import SearchMetadata from "@theme/SearchMetadata";
import clsx from "clsx";
import type { ReactNode } from "react";

/**
 * The classic blog list page, with one change: the page has an <h1> (the
 * blog's title; the posts' titles below it are <h2>), so it has a heading
 * that says what it is.
 */
export default function BlogListPage(props: Props): ReactNode {
  const { metadata, items, sidebar } = props;
  const { blogTitle, blogDescription, page, totalPages } = metadata;
  return (
    <HtmlClassNameProvider
      className={clsx(ThemeClassNames.wrapper.blogPages, ThemeClassNames.page.blogListPage)}
    >
      <PageMetadata title={blogTitle} description={blogDescription} />
      <SearchMetadata tag="blog_posts_list" />
      <BlogListPageStructuredData {...props} />
      <BlogLayout sidebar={sidebar}>
        <Heading as="h1" className="margin-bottom--lg">
          {blogTitle}
          {totalPages > 1 && page > 1 ? `, page ${page}` : ""}
        </Heading>
        <BlogPostItems items={items} />
        <BlogListPaginator metadata={metadata} />
      </BlogLayout>
    </HtmlClassNameProvider>
  );
}
