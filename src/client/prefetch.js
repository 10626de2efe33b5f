/**
 * Docusaurus core's client `prefetch` helper, for the browser build (see
 * src/plugins/lean-client-data.ts). Core appends one <link rel="prefetch"> per
 * chunk of every link that scrolls into view, at once: on a docs page, with its
 * sidebar, some 100 elements in the tasks that follow hydration (about 40 ms of
 * main thread on a fast phone, 170 ms at Lighthouse's 4× slowdown). Here they
 * are appended in idle time, a few at a time, so they never lengthen a task;
 * what is prefetched, and when it resolves, stays as in core.
 */

const queue = [];
let scheduled = false;

const whenIdle =
  typeof window !== "undefined" && "requestIdleCallback" in window
    ? (work) => window.requestIdleCallback(work, { timeout: 2000 })
    : (work) => setTimeout(() => work({ timeRemaining: () => 8, didTimeout: false }), 50);

function flush(deadline) {
  scheduled = false;
  while (queue.length > 0 && (deadline.timeRemaining() > 4 || deadline.didTimeout)) {
    const { url, resolve } = queue.shift();
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
  return new Promise((resolve) => {
    queue.push({ url, resolve });
    schedule();
  });
}
