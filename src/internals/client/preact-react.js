/**
 * `react` in both bundles (src/internals/plugins/preact.ts): preact/compat, with one
 * hook changed. Compat's `useSyncExternalStore` ignores `getServerSnapshot`, so a
 * component hydrating with a stored value (a chosen tab, a dismissed announcement
 * bar, the history's hash) would render the client's value over the server's HTML,
 * and Preact's hydration does not patch attributes: the page would show one state
 * while the components hold another. Here, as in React, the server render and the
 * hydration render read the server snapshot, and an effect moves to the client's.
 */
import { options } from "preact";
import compat, { useSyncExternalStore as compatStore, useEffect, useState } from "preact/compat";
import { isHydrated } from "./hydration";

export * from "preact/compat";

/**
 * Two attributes compat renders as nothing where React writes a value, fixed on each
 * element after compat's own rewrite. `spellCheck={false}`: Preact removes an attribute
 * that is `false` and not a DOM property by that name (the property is `spellcheck`);
 * as the string "false" it is written, on the server and in the browser. `translate="no"`:
 * compat makes it the property `false`, which the server leaves out of the HTML and
 * hydration never sets; the server writes `translate="no"` again.
 */
const compatVnode = options.vnode;
options.vnode = (vnode) => {
  compatVnode?.(vnode);
  if (typeof vnode.type !== "string") return;
  const props = vnode.props;
  if (typeof props.spellCheck === "boolean") props.spellCheck = String(props.spellCheck);
  if (props.translate === false && typeof document === "undefined") props.translate = "no";
};

/**
 * Compat gives each event its handler sees React's `isDefaultPrevented` and
 * `isPropagationStopped`, on the browser's own event object. The search bar's
 * autocomplete (zepto) takes an event that has `isDefaultPrevented` for one it has
 * already wrapped, and then calls its `isImmediatePropagationStopped`, which is not there:
 * each key typed after the search index had loaded threw, and the box showed no results.
 * A listener after one that stopped immediate propagation never runs, so false is right.
 */
const compatEvent = options.event;
const notStopped = () => false;
options.event = (event) => {
  const handled = compatEvent ? compatEvent(event) : event;
  if (typeof handled.isImmediatePropagationStopped !== "function")
    handled.isImmediatePropagationStopped = notStopped;
  return handled;
};

export function useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot) {
  const onServer = typeof document === "undefined";
  const [hydrating, setHydrating] = useState(
    () => !onServer && !isHydrated() && !!getServerSnapshot,
  );
  useEffect(() => {
    if (hydrating) setHydrating(false);
  }, [hydrating]);
  if (onServer) return (getServerSnapshot ?? getSnapshot)();
  return compatStore(subscribe, hydrating ? getServerSnapshot : getSnapshot);
}

export default { ...compat, useSyncExternalStore };
