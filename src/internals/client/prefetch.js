/**
 * Docusaurus core's client `prefetch` helper, for the browser build (see
 * src/internals/plugins/lean-client-data.ts). Core appends one <link rel="prefetch"> per
 * chunk of every link that scrolls into view, at once, and the same chunk again
 * for every link whose page shares it: on a docs page, with its sidebar, 458
 * elements for 42 distinct files. Each append costs main-thread time (169 ms
 * of appendChild a load at Lighthouse's 4× slowdown; 63 ms with the 42). Here
 * each file is prefetched once, not at all when the page already loads it as a
 * script, and the <link>s are appended in idle time, a few at a time, so they
 * never lengthen a task. Which routes are prefetched, and when, stays as in core.
 */

const queue = [];
/** Each URL's promise, from its first request: a second request of it waits on the first. */
const requested = new Map();
let scheduled = false;

const whenIdle =
  typeof window !== "undefined" && "requestIdleCallback" in window
    ? (work) => window.requestIdleCallback(work, { timeout: 2000 })
    : (work) => setTimeout(() => work({ timeRemaining: () => 8, didTimeout: false }), 50);

/** Whether the page already has this file as a script (its own chunks, or one webpack loaded). */
const loadedAsScript = (url) =>
  Array.prototype.some.call(document.scripts, (script) => script.getAttribute("src") === url);

function flush(deadline) {
  scheduled = false;
  while (queue.length > 0 && (deadline.timeRemaining() > 4 || deadline.didTimeout)) {
    const { url, resolve } = queue.shift();
    if (loadedAsScript(url)) {
      resolve();
      continue;
    }
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.href = url;
    link.onload = () => resolve();
    link.onerror = () => resolve(); // 404s are logged to the console anyway.
    document.head.appendChild(link);
    if (deadline.didTimeout) break;
  }
  schedule();
}

function schedule() {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  whenIdle(flush);
}

export default function prefetch(url) {
  if (typeof document === "undefined") return Promise.resolve();
  let request = requested.get(url);
  if (!request) {
    request = new Promise((resolve) => {
      queue.push({ url, resolve });
      schedule();
    });
    requested.set(url, request);
  }
  return request;
}
