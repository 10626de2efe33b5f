// A docs or API page's Markdown content hydrates in a task of its own (src/components/HydrateLater.tsx).
import { hydratedLater } from "@site/src/components/HydrateLater";
import Original from "@theme-original/DocItem/Content";

export default hydratedLater(Original);
