import type { Props } from "@theme/Admonition";
import { lazy, type ReactNode, Suspense } from "react";

const Original = lazy(() => import("@theme-original/Admonition"));

/**
 * The MDX map's admonition, loaded on first use: most pages have none, and the
 * types and their icons were part of every docs, API and blog page. A page's
 * own `:::note` does not come here: it imports the theme's admonition itself
 * (src/internals/plugins/admonitions-in-page.ts), so it is in the page's chunk
 * before React hydrates. What still comes here (the draft and unlisted banners,
 * src/theme/ContentVisibility) is itself loaded on demand.
 */
export default function Admonition(props: Props): ReactNode {
  return (
    <Suspense fallback={null}>
      <Original {...props} />
    </Suspense>
  );
}
