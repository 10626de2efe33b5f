/**
 * Core's `renderToHtml` in the server bundle (src/internals/plugins/preact.ts): the
 * page rendered by preact-render-to-string, waiting for every lazy component, as
 * React's `renderToPipeableStream` with `onAllReady` did. The HTML then has the
 * ids (`useId`) and text nodes that Preact's hydration expects.
 */
import { renderToStringAsync } from "preact-render-to-string";

export async function renderToHtml(app) {
  return renderToStringAsync(app);
}
