import type { Props } from "@theme/Details";
import { lazy, type ReactNode, Suspense } from "react";

const Original = lazy(() => import("@theme-original/Details"));

/**
 * The theme's collapsible `<details>`, loaded with the first page that shows
 * one, for the same reason as src/theme/Admonition.
 */
export default function Details(props: Props): ReactNode {
  return (
    <Suspense fallback={null}>
      <Original {...props} />
    </Suspense>
  );
}
