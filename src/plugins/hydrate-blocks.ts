/**
 * Remark plugin: each top-level Markdown block of a page (a paragraph, a heading below
 * the title, a list, a table, a quotation, a rule) is put in `<HydrateLater>`, so that
 * Preact hydrates a long page's content one block per task instead of in one task
 * (src/components/HydrateLater.tsx). The HTML is unchanged: HydrateLater renders its
 * child alone. Components written as JSX, code blocks (their highlighted lines are one
 * property, cheap to hydrate) and the title (which renders two elements) are left as
 * they are, since a part must render exactly one element.
 */
import { mdxDefaultImport } from "./mdx-import";

type MdNode = { type: string; depth?: number; children?: MdNode[] } & Record<string, unknown>;

const componentName = "FdmHydrateLater";
const componentPath = "@site/src/components/HydrateLater";

const wrapped = (node: MdNode): boolean =>
  ["paragraph", "list", "table", "blockquote", "thematicBreak"].includes(node.type) ||
  (node.type === "heading" && (node.depth ?? 1) > 1);

/**
 * Wraps the tree's top-level blocks and, when it wrapped one, adds the import.
 *
 * @returns The transformer, which edits the tree in place.
 */
export function remarkHydrateBlocks() {
  return (tree: MdNode) => {
    let count = 0;
    tree.children = (tree.children ?? []).map((child) => {
      if (!wrapped(child)) return child;
      count += 1;
      return { type: "mdxJsxFlowElement", name: componentName, attributes: [], children: [child] };
    });
    if (count > 0) tree.children.unshift(mdxDefaultImport(componentName, componentPath));
  };
}
