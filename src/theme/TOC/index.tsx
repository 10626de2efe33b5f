// A page's table of contents hydrates in a task of its own (src/components/HydrateLater.tsx).
import { hydratedLater } from "@site/src/components/HydrateLater";
import Original from "@theme-original/TOC";

export default hydratedLater(Original);
