// A docs or API page's sidebar hydrates in a task of its own (src/components/HydrateLater.tsx).
import { hydratedLater } from "@site/src/components/HydrateLater";
import Original from "@theme-original/DocRoot/Layout/Sidebar";

export default hydratedLater(Original);
