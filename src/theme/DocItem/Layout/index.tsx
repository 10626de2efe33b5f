// A docs or API page's column (breadcrumbs, content, footer, paginator and table of contents)
// hydrates in a task of its own, its content and table of contents in tasks after it
// (src/components/HydrateLater.tsx).
import { hydratedLater } from "@site/src/components/HydrateLater";
import Original from "@theme-original/DocItem/Layout";

export default hydratedLater(Original);
