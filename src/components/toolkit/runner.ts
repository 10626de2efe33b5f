/**
 * The page's side of the toolkit worker: one worker per tab, started when the
 * reader first shows the intent to run something (pointer or focus on Run,
 * opening the playground), kept as long as the tab, across client-side
 * navigations, and shared by every sample and the playground. Runs go to it
 * one at a time; the worker is ended when the reader stops a run or a run
 * exceeds the time limit, and the next run starts a new one (its files come
 * from the browser's cache then). Loaded on first use only.
 */
import siteConfig from "@generated/docusaurus.config";
import type { ErrorReport } from "./format";
import type { FromWorker, Progress, ToWorker } from "./protocol";
import { runTimeLimitMs } from "./run-limit";
import {
  endToolkitWorker,
  onWorkerStarted,
  prepareToolkit,
  toolkitWorker,
  toolkitWorkerRuns,
} from "./toolkit-worker";

export type { Progress } from "./protocol";

export interface OutputLine {
  level: "log" | "warn" | "error";
  text: string;
}

export type RunOutcome =
  | { kind: "done"; ms: number }
  | { kind: "error"; chain: ErrorReport[]; ms: number }
  /** `limitMs`: the limit the run exceeded. */
  | { kind: "timeout"; ms: number; limitMs: number }
  | { kind: "stopped" }
  | { kind: "crashed"; message: string };

let nextId = 1;
let progress: Progress = { stage: "ready" };
const progressListeners = new Set<(p: Progress) => void>();
/** Ends every run in flight, with this outcome, when the worker ends. */
const inFlight = new Map<number, (outcome: RunOutcome) => void>();

onWorkerStarted((w) => {
  w.addEventListener("message", (event: MessageEvent<FromWorker>) => {
    if (event.data.type !== "progress") return;
    progress = event.data.progress;
    for (const listener of progressListeners) listener(progress);
  });
  w.addEventListener("error", (event) => {
    event.preventDefault();
    endWorker({ kind: "crashed", message: event.message || "the worker stopped unexpectedly" });
  });
});

/** Ends the worker (and the playground's database with it); runs in flight end with `outcome`. */
export function endWorker(outcome: RunOutcome = { kind: "stopped" }): void {
  endToolkitWorker();
  progress = { stage: "ready" };
  const ended = [...inFlight.values()];
  inFlight.clear();
  for (const end of ended) end(outcome);
}

/** Whether a worker is running (the playground's database lives in it). */
export const workerAlive = toolkitWorkerRuns;

/**
 * The reader is about to run `code` (TypeScript): start the worker and let it
 * load what the code needs. Costs nothing when done already.
 */
export function prepare(code: string, options: { playground?: boolean } = {}) {
  prepareToolkit({ code, needs: ["compile"], ...options });
}

/** Hears how far the toolkit is from running code (the database engine's download, …). */
export function onProgress(listener: (p: Progress) => void): () => void {
  progressListeners.add(listener);
  listener(progress);
  return () => progressListeners.delete(listener);
}

export interface RunHandle {
  result: Promise<RunOutcome>;
  /** Stops the run now: the worker is ended. */
  stop(): void;
}

// Runs wait for the one before them: the worker runs one at a time, and the
// time limit of a run starts when its code does.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs code in the worker. `onLine` hears each line it prints, in order;
 * `onStart` is told when the code starts (after the engine and the modules
 * it imports have loaded).
 */
export function run(
  request: { js?: string; ts?: string; playground?: { principal: string } },
  onLine: (line: OutputLine) => void,
  onStart: () => void = () => {},
  limitMs = runTimeLimitMs(siteConfig.customFields?.testRoutes === true, () => sessionStorage),
): RunHandle {
  const id = nextId++;
  let settle: (outcome: RunOutcome) => void = () => {};
  let stopped = false;
  const result = new Promise<RunOutcome>((resolve) => {
    settle = resolve;
  });
  const go = () =>
    new Promise<void>((finished) => {
      if (stopped) return finished();
      const w = toolkitWorker();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const end = (outcome: RunOutcome) => {
        clearTimeout(timer);
        w.removeEventListener("message", onMessage);
        inFlight.delete(id);
        settle(outcome);
        finished();
      };
      const onMessage = (event: MessageEvent<FromWorker>) => {
        const m = event.data;
        if (!("id" in m) || m.id !== id) return;
        if (m.type === "started") {
          onStart();
          const startedAt = performance.now();
          timer = setTimeout(() => {
            endWorker({ kind: "timeout", ms: performance.now() - startedAt, limitMs });
          }, limitMs);
        } else if (m.type === "log") onLine({ level: m.level, text: m.text });
        else if (m.type === "done") end({ kind: "done", ms: m.ms });
        else if (m.type === "error") end({ kind: "error", chain: m.chain, ms: m.ms });
      };
      inFlight.set(id, end);
      w.addEventListener("message", onMessage);
      w.postMessage({ type: "run", id, ...request } satisfies ToWorker);
    });
  queue = queue.then(go);
  return {
    result,
    stop() {
      if (stopped) return;
      stopped = true;
      if (inFlight.has(id)) endWorker({ kind: "stopped" });
      else settle({ kind: "stopped" }); // still waiting for its turn
    },
  };
}

/** Asks the worker for the playground's database as a gzipped tarball (PGlite dumpDataDir). */
export function dumpDatabase(): Promise<Blob> {
  const w = toolkitWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent<FromWorker>) => {
      const m = event.data;
      if (!("id" in m) || m.id !== id) return;
      w.removeEventListener("message", onMessage);
      if (m.type === "dump") resolve(m.blob);
      else if (m.type === "error") reject(new Error(m.chain.map((c) => c.message).join(" ← ")));
    };
    w.addEventListener("message", onMessage);
    w.postMessage({ type: "dump", id } satisfies ToWorker);
  });
}

/** Closes the playground's database; its next run starts on a fresh one. */
export function resetPlayground(): void {
  if (toolkitWorkerRuns())
    toolkitWorker().postMessage({ type: "reset-playground" } satisfies ToWorker);
}
