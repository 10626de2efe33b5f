import MDXComponents from "@theme-original/MDXComponents";
import type { ComponentProps, ReactNode } from "react";

/**
 * Infima shows a table wider than the page as a block that scrolls sideways; a
 * scrollable region must be reachable by keyboard (WCAG 2.1.1, axe's
 * scrollable-region-focusable), so every Markdown table takes the focus, as code
 * blocks do (src/theme/CodeBlock).
 */
function Table(props: ComponentProps<"table">): ReactNode {
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard
  return <table tabIndex={0} {...props} />;
}

export default { ...MDXComponents, table: Table };
