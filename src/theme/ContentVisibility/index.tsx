import type { Props } from "@theme/ContentVisibility";
import { lazy, type ReactNode, Suspense } from "react";

const Banners = lazy(() => import("@theme-original/ContentVisibility"));

/**
 * The "unlisted" and "draft" banners, loaded only on a page that shows one:
 * they bring the theme's admonitions, which no other page uses (2.7 KB gzip
 * off every docs and API page).
 */
export default function ContentVisibility(props: Props): ReactNode {
  const { unlisted, frontMatter } = props.metadata;
  if (!unlisted && !frontMatter.unlisted && !frontMatter.draft) return null;
  return (
    <Suspense fallback={null}>
      <Banners {...props} />
    </Suspense>
  );
}
