// A blog post's links to the newer and older posts (one <nav>) hydrate in a task of their own
// (src/components/HydrateLater.tsx).
import { hydratedLater } from "@site/src/components/HydrateLater";
import Original from "@theme-original/BlogPostPaginator";

export default hydratedLater(Original);
