import { createContext, type ReactNode } from "react";

/**
 * A heading that src/theme/BlogLayout puts first in its `<main>`: the blog list
 * page's title (src/theme/BlogListPage), which the stock list page does not render.
 */
export const BlogLayoutHeading = createContext<ReactNode>(null);
