/**
 * The page's first hydration, in parts (src/components/HydrateLater.tsx). Preact hydrates the
 * root in one synchronous pass; a part that suspends during it keeps its server HTML and is
 * hydrated later, one macrotask per part. Until the last part is hydrated the page counts as
 * hydrating: `useSyncExternalStore` (preact-react.js) still reads server snapshots, and the
 * effects Preact runs after paint (Docusaurus' `useIsBrowser`, `useWindowSize`, the
 * `data-has-hydrated` attribute) wait, so each part's first browser render is the server's.
 * While parts wait, `<html>` has `data-hydrating-later`.
 */
import { options } from "preact";

/** "before", "root" while the root hydrates, "parts" while parts wait, "done". */
let phase = "before";
const parts = [];
const effects = [];

/** True once the page and every part of it are hydrated. */
export function isHydrated() {
  return phase === "done";
}

/** True while the root or a part hydrates for the first time: a part may suspend then. */
export function inFirstHydration() {
  return phase === "root" || phase === "parts";
}

/** Hydrates the root with `run`, then each part that suspended, one task each. */
export function hydrateInParts(run) {
  phase = "root";
  try {
    run();
  } finally {
    phase = parts.length > 0 ? "parts" : "done";
  }
  if (phase === "parts") nextTask(releaseNext);
  else flushEffects();
}

/** A promise a part throws while the root hydrates; settled in a task of its own. */
export function waitForPart() {
  return new Promise((resolve) => {
    parts.push(resolve);
    document.documentElement.dataset.hydratingLater = "";
  });
}

// Preact hydrates the released part in the microtasks that follow, in this same task; a
// part it meets inside (a block of the content) joins the end of the queue.
function releaseNext() {
  parts.shift()?.();
  nextTask(() => (parts.length > 0 ? releaseNext() : finish()));
}

// A macrotask without setTimeout's 4 ms clamp, which a page of a hundred parts would feel.
const channel = typeof MessageChannel === "function" ? new MessageChannel() : null;
const queued = [];
if (channel) channel.port1.onmessage = () => queued.shift()?.();
function nextTask(callback) {
  if (!channel) return setTimeout(callback, 0);
  queued.push(callback);
  channel.port2.postMessage(null);
}

function finish() {
  phase = "done";
  delete document.documentElement.dataset.hydratingLater;
  flushEffects();
}

/** Preact's own scheduling of after-paint effects (preact/hooks, `afterNextFrame`). */
function afterNextFrame(callback) {
  const done = () => {
    clearTimeout(timeout);
    cancelAnimationFrame(frame);
    setTimeout(callback);
  };
  const timeout = setTimeout(done, 35);
  const frame = requestAnimationFrame(done);
}

function flushEffects() {
  for (const callback of effects.splice(0)) afterNextFrame(callback);
}

options.requestAnimationFrame = (callback) => {
  if (phase === "root" || phase === "parts") effects.push(callback);
  else afterNextFrame(callback);
};
