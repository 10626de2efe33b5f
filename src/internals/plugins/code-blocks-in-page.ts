/**
 * Rehype plugin: a page with fenced code blocks imports the code block itself
 * (src/theme/CodeBlock), so its code comes with the page's own chunk, which the
 * page's HTML starts before React hydrates. Pages without one load none of it:
 * the MDX map's `code` renders a block through a lazy import (src/theme/MDXComponents),
 * where the theme's map imported the code block for every Markdown page.
 *
 * Each `<pre><code>` of the page becomes `<FdmCodeBlock …>` with the code's
 * properties (the language class, the meta string, and what
 * src/plugins/code-highlight.ts added: the title and the highlighted HTML), so it
 * runs after that plugin. A `<pre>` written as JSX is left to the map.
 */
import type { Plugin } from "@docusaurus/types";
import type { HastNode } from "../../plugins/code-highlight";
import { mdxDefaultImport } from "../../plugins/mdx-import";

type MdxNode = HastNode & {
  name?: string;
  attributes?: { type: "mdxJsxAttribute"; name: string; value: string }[];
  data?: Record<string, unknown>;
};

const componentName = "FdmCodeBlock";
const componentPath = "@theme/CodeBlock";

/** The `<code>` child of a fenced block's `<pre>`, when the `<pre>` holds only that. */
function fencedCode(node: HastNode): HastNode | undefined {
  if (node.type !== "element" || node.tagName !== "pre") return undefined;
  const elements = (node.children ?? []).filter((c) => !(c.type === "text" && !c.value?.trim()));
  const [code] = elements;
  return elements.length === 1 && code?.type === "element" && code.tagName === "code"
    ? code
    : undefined;
}

function toCodeBlock(pre: MdxNode, code: HastNode): void {
  const attributes = Object.entries(code.properties ?? {}).flatMap(([name, value]) =>
    value === undefined || value === null || value === false
      ? []
      : [
          {
            type: "mdxJsxAttribute" as const,
            name,
            value: Array.isArray(value) ? value.join(" ") : String(value),
          },
        ],
  );
  pre.type = "mdxJsxFlowElement";
  pre.name = componentName;
  pre.attributes = attributes;
  pre.children = code.children ?? [];
  delete pre.tagName;
  delete pre.properties;
  pre.data = {};
}

/**
 * Turns each fenced code block of the tree into `<FdmCodeBlock …>` and, when
 * there is one, adds the import of the code block at the top.
 *
 * @returns The transformer, which edits the tree in place.
 */
export function rehypeCodeBlocksInPage() {
  return (tree: HastNode) => {
    let found = 0;
    const walk = (node: HastNode) => {
      for (const child of node.children ?? []) {
        const code = fencedCode(child);
        if (code) {
          toCodeBlock(child, code);
          found += 1;
        } else walk(child);
      }
    };
    walk(tree);
    if (found > 0) tree.children?.unshift(mdxDefaultImport(componentName, componentPath));
  };
}

/**
 * The code block (src/theme/CodeBlock) in one chunk, `code-block`,
 * which each page with a fenced block starts with its own chunk; left to the
 * bundler, the block was copied into every such page's chunk (1.2 KB gzip each).
 */
export default function codeBlockChunkPlugin(): Plugin {
  return {
    name: "fdm-code-block-chunk",
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              fdmCodeBlock: {
                name: "code-block",
                test: /[\\/]src[\\/]theme[\\/]CodeBlock[\\/]/,
                chunks: "async",
                enforce: true,
                priority: 45,
              },
            },
          },
        },
      };
    },
  };
}
