/**
 * The page's side of the toolkit worker: starts it, sends a run, collects what
 * it reports and ends it when the run exceeds the time limit (a sample that
 * loops must not hang the page). Loaded on first use only.
 */
import type { ErrorReport } from "./format";
import type { FromWorker, ToWorker } from "./protocol";

/** How long a run may take before the worker is ended. */
export const RUN_TIME_LIMIT_MS = 30_000;

export interface OutputLine {
  level: "log" | "warn" | "error";
  text: string;
}

export type RunOutcome =
  | { kind: "done"; ms: number }
  | { kind: "error"; chain: ErrorReport[]; ms: number }
  | { kind: "timeout"; ms: number }
  | { kind: "crashed"; message: string };

export function startWorker(): Worker {
  return new Worker(new URL("./worker.ts", import.meta.url), {
    type: "module",
    name: "fdm-toolkit",
  });
}

/**
 * Runs code in `worker` and resolves with how it ended. On a timeout or a crash
 * the worker is terminated and must not be used again.
 */
export function runInWorker(
  worker: Worker,
  request: Extract<ToWorker, { type: "run" }>,
  onLine: (line: OutputLine) => void,
  limitMs = RUN_TIME_LIMIT_MS,
): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const finish = (outcome: RunOutcome) => {
      clearTimeout(timer);
      worker.removeEventListener("message", onMessage);
      worker.removeEventListener("error", onError);
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      worker.terminate();
      finish({ kind: "timeout", ms: performance.now() - started });
    }, limitMs);
    const onMessage = (event: MessageEvent<FromWorker>) => {
      const m = event.data;
      if (m.type === "log") onLine({ level: m.level, text: m.text });
      else if (m.type === "done") finish({ kind: "done", ms: m.ms });
      else if (m.type === "error") finish({ kind: "error", chain: m.chain, ms: m.ms });
    };
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      worker.terminate();
      finish({ kind: "crashed", message: event.message || "the worker stopped unexpectedly" });
    };
    worker.addEventListener("message", onMessage);
    worker.addEventListener("error", onError);
    worker.postMessage(request);
  });
}

/** Asks the playground worker for its database as a gzipped tarball (PGlite dumpDataDir). */
export function dumpDatabase(worker: Worker): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent<FromWorker>) => {
      const m = event.data;
      if (m.type === "dump") {
        worker.removeEventListener("message", onMessage);
        resolve(m.blob);
      } else if (m.type === "error") {
        worker.removeEventListener("message", onMessage);
        reject(new Error(m.chain.map((c) => c.message).join(" ← ")));
      }
    };
    worker.addEventListener("message", onMessage);
    worker.postMessage({ type: "dump" } satisfies ToWorker);
  });
}
