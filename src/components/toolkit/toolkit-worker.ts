/**
 * The tab's one toolkit worker (worker.ts): created on the reader's first sign
 * of intent (pointer or focus on Run, opening the playground) and kept for the
 * life of the tab, across client-side navigations. In the sample's own chunk,
 * so that the database engine starts downloading at once; runner.ts (loaded
 * with the first run) talks to it.
 */
import { engineUrls } from "./engine-urls";
import { needsDatabase, type ToWorker } from "./protocol";

let worker: Worker | null = null;
const created = new Set<(worker: Worker) => void>();

/** The worker, started if it is not running. */
export function toolkitWorker(): Worker {
  if (!worker) {
    // A classic worker: the bundler loads its chunks with importScripts.
    worker = new Worker(new URL("./worker.ts", import.meta.url), { name: "fdm-toolkit" });
    for (const listener of created) listener(worker);
  }
  return worker;
}

/** Calls `listener` with the worker now, if it runs, and with each one started later. */
export function onWorkerStarted(listener: (worker: Worker) => void): void {
  created.add(listener);
  if (worker) listener(worker);
}

/** Ends the worker; the next use starts a new one. */
export function endToolkitWorker(): void {
  worker?.terminate();
  worker = null;
}

/** Whether the worker runs (the playground's database lives in it). */
export const toolkitWorkerRuns = (): boolean => worker !== null;

let engineRequested = false;

/**
 * Requests the database engine's files from the page: a new worker takes a
 * quarter of a second to start on a phone, and the files are most of the wait.
 * The worker's own requests for them are answered from the same download
 * (the browser's cache, which the page and its worker share).
 */
function requestEngine(): void {
  if (engineRequested) return;
  engineRequested = true;
  for (const url of Object.values(engineUrls))
    void fetch(url, { priority: "high" } as RequestInit)
      .then((response) => response.arrayBuffer())
      .catch(() => {
        engineRequested = false; // offline: the worker says why when it runs
      });
}

/** Tells the worker what is about to run, so that it loads what that needs. */
export function prepareToolkit(message: Omit<Extract<ToWorker, { type: "prepare" }>, "type">) {
  if (needsDatabase(message)) requestEngine();
  toolkitWorker().postMessage({ type: "prepare", ...message } satisfies ToWorker);
}
