/**
 * The page's side of the toolkit worker: starts it, sends a run, collects what
 * it reports and ends it when the run exceeds the time limit (a sample that
 * loops must not hang the page). Loaded on first use only.
 */
import type { ErrorReport } from "./format";
import type { FromWorker, ToWorker } from "./protocol";

/** How long a run may take, once the worker has loaded, before the worker is ended. */
export const RUN_TIME_LIMIT_MS = 60_000;

// Resolves when a worker has loaded its code; the time limit starts then, so a
// slow download of the toolkit does not count against the code that runs.
const loaded = new WeakMap<Worker, Promise<boolean>>();

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
  const worker = new Worker(new URL("./worker.ts", import.meta.url), {
    type: "module",
    name: "fdm-toolkit",
  });
  loaded.set(
    worker,
    new Promise((resolve) => {
      const onMessage = (event: MessageEvent<FromWorker>) => {
        if (event.data.type !== "ready") return;
        worker.removeEventListener("message", onMessage);
        resolve(true);
      };
      worker.addEventListener("message", onMessage);
      worker.addEventListener("error", () => resolve(false), { once: true });
    }),
  );
  return worker;
}

/**
 * Runs code in `worker` and resolves with how it ended. On a timeout or a crash
 * the worker is terminated and must not be used again.
 */
export async function runInWorker(
  worker: Worker,
  request: Extract<ToWorker, { type: "run" }>,
  onLine: (line: OutputLine) => void,
  limitMs = RUN_TIME_LIMIT_MS,
): Promise<RunOutcome> {
  if (!(await (loaded.get(worker) ?? true))) {
    worker.terminate();
    return { kind: "crashed", message: "the toolkit could not be loaded" };
  }
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
