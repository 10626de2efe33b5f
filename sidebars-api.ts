import { createRequire } from "node:module";
import type { SidebarsConfig } from "@docusaurus/plugin-content-docs";

// TypeDoc writes api/typedoc-sidebar.cjs at the start of every build (see the
// docusaurus-plugin-typedoc entry in docusaurus.config.ts), so new exports get
// sidebar entries without an edit here.
const require = createRequire(import.meta.url);

/** The shape of the items TypeDoc's Docusaurus theme writes. */
interface GeneratedItem {
  type: "category" | "doc";
  label: string;
  id?: string;
  items?: GeneratedItem[];
  link?: { type: "doc"; id: string };
  collapsed?: boolean;
}

const generated = require("./api/typedoc-sidebar.cjs") as GeneratedItem[];

/**
 * TypeDoc nests each package as "fdm-data" > "src" > kinds. The "src" level
 * says nothing to a reader, so each package category takes over its link and
 * its kind categories.
 */
function flattenPackage(item: GeneratedItem): GeneratedItem {
  const inner = item.items?.length === 1 ? item.items[0] : undefined;
  if (item.type !== "category" || inner?.type !== "category") return item;
  return { ...inner, label: item.label, collapsed: false };
}

const sidebars = {
  apiSidebar: [{ type: "doc", id: "index", label: "Overview" }, ...generated.map(flattenPackage)],
} as SidebarsConfig;

export default sidebars;
