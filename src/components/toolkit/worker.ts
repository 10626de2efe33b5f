/**
 * The toolkit's sandbox: one Web Worker per tab, shared by every sample and
 * the playground and kept across client-side navigations. It runs a docs
 * sample or a playground script against fdm-core on PGlite (in this worker's
 * memory) and fdm-calculator, and reports what the code prints, then how it
 * ended. Each run gets a fresh database from the snapshot (engine.ts). This
 * entry is small, so that the database engine (engine-files.ts) starts
 * downloading at once; what runs the code (runtime.ts) loads meanwhile.
 * Nothing here talks to another host: every file comes from the site itself.
 * The page ends the worker when the reader stops a run or it exceeds the time
 * limit.
 */
import { loadEngine } from "./engine-files";
import { type FromWorker, needsDatabase, type Progress, type ToWorker } from "./protocol";

// The worker's global scope, typed as much as is used (the site compiles with the DOM lib).
const scope = self as unknown as {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};
const post = (message: FromWorker) => scope.postMessage(message);

// At most ten progress reports a second; a change of stage always.
let lastProgress = 0;
let lastStage = "";
function progress(p: Progress): void {
  const now = performance.now();
  if (p.stage === lastStage && now - lastProgress < 100) return;
  lastProgress = now;
  lastStage = p.stage;
  post({ type: "progress", progress: p });
}

/** Resets `get`'s cache when the import fails (offline): the next message tries again. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    if (!loading) {
      const attempt = load();
      loading = attempt;
      attempt.catch(() => {
        if (loading === attempt) loading = null;
      });
    }
    return loading;
  };
}

// What runs the code (runtime.ts, with PGlite and the database pool), loaded
// while the engine's files download: its evaluation then costs no time after.
const loadRuntime = once(async () => {
  const r = await import("./runtime");
  r.connect({ post, progress });
  return r;
});

// One run at a time: runs share the engine and must not mix their output.
let queue: Promise<void> = Promise.resolve();
const next = (task: (r: typeof import("./runtime")) => Promise<void>, id?: number) => {
  queue = queue.then(async () => {
    let r: typeof import("./runtime");
    try {
      r = await loadRuntime();
    } catch (error) {
      if (id !== undefined)
        post({
          type: "error",
          id,
          chain: [{ name: "Error", message: `could not load the toolkit: ${String(error)}` }],
          ms: 0,
        });
      return;
    }
    await task(r);
  });
};

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === "prepare") {
    if (needsDatabase(message)) void loadEngine(progress).catch(() => {});
    loadRuntime()
      .then((r) => r.prepare(message))
      .catch(() => {});
  } else if (message.type === "run") next((r) => r.run(message), message.id);
  else if (message.type === "dump") next((r) => r.dump(message.id), message.id);
  else if (message.type === "reset-playground") next((r) => r.resetPlayground());
};
