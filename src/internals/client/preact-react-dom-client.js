/**
 * `react-dom/client` in the browser bundle (src/internals/plugins/preact.ts):
 * core's client entry calls `hydrateRoot` once, then `render` on the root it returns.
 * Preact's `hydrate` runs synchronously; the parts that suspended during it hydrate
 * after, one task each (hydration.js); once they have, `useSyncExternalStore`
 * (src/internals/client/preact-react.js) reads the client's snapshot from the start.
 */
import { hydrate, render, unmountComponentAtNode } from "preact/compat";
import { hydrateInParts } from "./hydration";

export function createRoot(container) {
  return {
    render(children) {
      render(children, container);
    },
    unmount() {
      unmountComponentAtNode(container);
    },
  };
}

export function hydrateRoot(container, children) {
  hydrateInParts(() => hydrate(children, container));
  return createRoot(container);
}

export default { createRoot, hydrateRoot };
