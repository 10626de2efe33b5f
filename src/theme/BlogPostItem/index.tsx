// A blog post (one <article>: header, content, footer) hydrates in a task of its own, its
// content in tasks after it (src/components/HydrateLater.tsx); on the blog's list, each post.
import { hydratedLater } from "@site/src/components/HydrateLater";
import Original from "@theme-original/BlogPostItem";

export default hydratedLater(Original);
