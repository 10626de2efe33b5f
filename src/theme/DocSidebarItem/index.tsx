// Each item of a docs or API sidebar (one <li>) hydrates in a task of its own: the sidebar
// as one part was the longest task of a docs page's first load (src/components/HydrateLater.tsx).
import { hydratedLater } from "@site/src/components/HydrateLater";
import Original from "@theme-original/DocSidebarItem";

export default hydratedLater(Original);
