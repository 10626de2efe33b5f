// A blog post's content hydrates in a task of its own (src/components/HydrateLater.tsx).
import { hydratedLater } from "@site/src/components/HydrateLater";
import Original from "@theme-original/BlogPostItem/Content";

export default hydratedLater(Original);
