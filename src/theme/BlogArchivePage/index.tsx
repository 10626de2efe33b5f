import Link from "@docusaurus/Link";
import { PageMetadata } from "@docusaurus/theme-common";
import type { Props } from "@theme/BlogArchivePage";
import Heading from "@theme/Heading";
import Layout from "@theme/Layout";
import type { ReactNode } from "react";

type Post = Props["archive"]["blogPosts"][number];

const day = new Intl.DateTimeFormat("en", { day: "numeric", month: "long", timeZone: "UTC" });

/** Posts by year, newest year first and newest post first in each (they arrive newest first). */
function byYear(posts: readonly Post[]): [string, Post[]][] {
  const years = new Map<string, Post[]>();
  for (const post of posts) {
    const year = post.metadata.date.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), post]);
  }
  return [...years];
}

/**
 * The blog archive: one title (the stock page repeats "Archive" as its description) and
 * every post, newest first, under year headings. It replaces the stock page, whose years run
 * newest first but whose posts in each year run oldest first.
 */
export default function BlogArchivePage({ archive }: Props): ReactNode {
  const title = "Archive";
  const description = "Every FDM release note, newest first.";
  return (
    <>
      <PageMetadata title={title} description={description} />
      <Layout>
        <header className="hero hero--primary">
          <div className="container">
            <Heading as="h1" className="hero__title">
              {title}
            </Heading>
            <p className="hero__subtitle">{description}</p>
          </div>
        </header>
        <main className="container margin-vert--lg">
          <div className="row">
            {byYear(archive.blogPosts).map(([year, posts]) => (
              <section key={year} className="col col--4 margin-vert--md" aria-labelledby={year}>
                <Heading as="h2" id={year}>
                  {year}
                </Heading>
                <ul>
                  {posts.map((post) => (
                    <li key={post.metadata.permalink}>
                      <Link to={post.metadata.permalink}>
                        {day.format(new Date(post.metadata.date))}: {post.metadata.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </main>
      </Layout>
    </>
  );
}
