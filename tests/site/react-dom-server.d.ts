// @types/react-dom is not installed; this is the one function the tests use.
declare module "react-dom/server" {
  import type { ReactNode } from "react";
  export function renderToStaticMarkup(node: ReactNode): string;
}
