import type { Props as CodeBlockProps } from "@theme/CodeBlock";
import CodeInline from "@theme/CodeInline";
import {
  Children,
  type ComponentProps,
  isValidElement,
  lazy,
  type ReactNode,
  Suspense,
} from "react";

const CodeBlock = lazy(() => import("@theme/CodeBlock"));

/**
 * A code block the page did not import itself: a `<pre>` written as JSX. A
 * fenced block is the page's own `<FdmCodeBlock>` (src/internals/plugins/code-blocks-in-page.ts),
 * so the code block is not part of the map every Markdown page loads.
 */
function LazyCodeBlock(props: CodeBlockProps): ReactNode {
  return (
    <Suspense fallback={null}>
      <CodeBlock {...props} />
    </Suspense>
  );
}

/**
 * The theme tells inline code from a block by its children being strings on one
 * line (theme-classic's MDXComponents/Code); src/plugins/identifier-breaks.ts adds
 * `<wbr>`s to a long name in inline code, which must keep it inline.
 */
export default function Code(props: ComponentProps<"code">): ReactNode {
  const parts = Children.toArray(props.children);
  const inline =
    props.children !== undefined &&
    parts.every(
      (part) =>
        (typeof part === "string" && !part.includes("\n")) ||
        (isValidElement(part) && part.type === "wbr"),
    );
  return inline ? <CodeInline {...props} /> : <LazyCodeBlock {...(props as CodeBlockProps)} />;
}
