// The footer hydrates in a task of its own (src/components/HydrateLater.tsx).
import { hydratedLater } from "@site/src/components/HydrateLater";
import Original from "@theme-original/Footer";

export default hydratedLater(Original);
