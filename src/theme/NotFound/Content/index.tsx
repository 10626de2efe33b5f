import { translate } from "@docusaurus/Translate";
import { PageMetadata } from "@docusaurus/theme-common";
import type { WrapperProps } from "@docusaurus/types";
import type ContentType from "@theme/NotFound/Content";
import Content from "@theme-original/NotFound/Content";
import type { ReactNode } from "react";

type Props = WrapperProps<typeof ContentType>;

/**
 * Unknown paths under /docs and /api render only this content part (inside
 * the docs layout), not the full not-found page; the wrapper gives them the
 * same "Page Not Found | FDM" title.
 */
export default function NotFoundContent(props: Props): ReactNode {
  return (
    <>
      <PageMetadata title={translate({ id: "theme.NotFound.title", message: "Page Not Found" })} />
      <Content {...props} />
    </>
  );
}
