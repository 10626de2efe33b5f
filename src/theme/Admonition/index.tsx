import type { Props } from "@theme/Admonition";
import { lazy, type ReactNode, Suspense } from "react";

const Original = lazy(() => import("@theme-original/Admonition"));

/**
 * The theme's admonition (`:::note`, `:::tip`, `:::warning`…), loaded with the
 * first page that shows one: most pages have none, and the types and their
 * icons were part of every docs, API and blog page. The server renders it in
 * full; hydration keeps that HTML until the chunk is in.
 */
export default function Admonition(props: Props): ReactNode {
  return (
    <Suspense fallback={null}>
      <Original {...props} />
    </Suspense>
  );
}
