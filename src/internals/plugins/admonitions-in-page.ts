/**
 * Remark plugin: a page that has admonitions (`:::note`…) imports the theme's
 * admonition itself, so its code comes with the page's own chunk, which the
 * page's HTML starts before React hydrates. Pages without one load none of it:
 * the MDX map's `admonition` is a lazy wrapper (src/theme/Admonition).
 *
 * Loaded lazily while the page hydrated, the admonition's Suspense boundary got
 * updates before it was ready and React rendered it again on the client
 * ("Minified React error #421" in the console). Runs after Docusaurus's own
 * admonitions plugin, whose `hName: 'admonition'` it relies on.
 */
import { mdxDefaultImport } from "../../plugins/mdx-import";

type MdNode = {
  type: string;
  value?: string;
  name?: string;
  attributes?: unknown[];
  children?: MdNode[];
  data?: { hName?: string; hProperties?: Record<string, unknown> } & Record<string, unknown>;
};

const componentName = "FdmAdmonition";
const componentPath = "@theme-original/Admonition";

/**
 * Turns each admonition of the tree into `<FdmAdmonition …>` and, when there is
 * one, adds the import of the theme's admonition at the top.
 *
 * @returns The transformer, which edits the tree in place.
 */
export function remarkAdmonitionsInPage() {
  return (tree: MdNode) => {
    let found = 0;
    const walk = (node: MdNode) => {
      for (const child of node.children ?? []) {
        if (child.type === "containerDirective" && child.data?.hName === "admonition") {
          const props = child.data.hProperties ?? {};
          child.type = "mdxJsxFlowElement";
          child.name = componentName;
          child.attributes = Object.entries(props).map(([name, value]) => ({
            type: "mdxJsxAttribute",
            name,
            value: Array.isArray(value) ? value.join(" ") : String(value),
          }));
          child.data = {};
          found += 1;
        }
        walk(child);
      }
    };
    walk(tree);
    if (found > 0) tree.children?.unshift(mdxDefaultImport(componentName, componentPath));
  };
}
