// How the API runs a farm's calculations: the database read on the main thread (PGlite runs in
// this process), the calculation and its JSON in a worker thread, one calculation per principal
// at a time, a bounded number at once, and a time budget after which the answer is a problem.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { FdmCalculatorError } from "fdm-calculator";
import { Tinypool } from "tinypool";
import type { CalculationFailure, CalculationTask } from "./calculation-worker.js";
import { type Problem, problem } from "./problem.js";

export type { CalculationTask } from "./calculation-worker.js";

/** The limits of the calculation runner; see {@link calculationDefaults}. */
export interface CalculationLimits {
  /** Calculations in progress at once across all principals, and worker threads. */
  threads: number;
  /** Calculations that may wait for a free thread; one more gets 503 `CALCULATION_BUSY`. */
  queue: number;
  /** Milliseconds from a calculation's arrival to its answer; after it, 504 `CALCULATION_TIMEOUT`. */
  timeoutMs: number;
}

/** The limits when createApi is not told otherwise: a thread per core, as many waiting, 30 s. */
export const calculationDefaults: Readonly<CalculationLimits> = Object.freeze({
  threads: Math.max(1, availableParallelism()),
  queue: Math.max(1, availableParallelism()),
  timeoutMs: 30_000,
});

/** Seconds a client is told to wait before it asks again (`Retry-After`). */
const RETRY_AFTER_SECONDS = 1;

/** A calculation the runner did not carry out: the problem to answer, with its headers. */
export class CalculationRefused extends Error {
  constructor(
    readonly problem: Problem,
    readonly headers: Record<string, string> = {},
  ) {
    super(problem.detail);
    this.name = "CalculationRefused";
  }
}

const retryAfter = { "retry-after": String(RETRY_AFTER_SECONDS) };

function inProgress(): CalculationRefused {
  return new CalculationRefused(
    problem(
      429,
      "CALCULATION_IN_PROGRESS",
      `One calculation at a time per user: your previous calculation is still running; retry after ${RETRY_AFTER_SECONDS} s.`,
    ),
    retryAfter,
  );
}

function busy(limits: CalculationLimits): CalculationRefused {
  return new CalculationRefused(
    {
      ...problem(
        503,
        "CALCULATION_BUSY",
        `The service's calculation threads (${limits.threads}) are all busy and its queue (${limits.queue}) is full; retry after ${RETRY_AFTER_SECONDS} s.`,
      ),
      title: "Calculations busy",
    },
    retryAfter,
  );
}

function timedOut(limits: CalculationLimits): CalculationRefused {
  const ms = limits.timeoutMs;
  const budget = ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
  return new CalculationRefused({
    ...problem(
      504,
      "CALCULATION_TIMEOUT",
      `The calculation did not finish within its budget of ${budget} and was stopped; ask for a shorter period or fewer fields.`,
    ),
    title: "Calculation timed out",
  });
}

/** What the route hands the runner: read the input (main thread), then the task to compute. */
export type CalculationRead = (signal: AbortSignal) => Promise<CalculationTask>;

/** Runs calculations within the limits; made once per app by {@link createCalculationRunner}. */
export interface CalculationRunner {
  /** The limits in force. */
  readonly limits: Readonly<CalculationLimits>;
  /**
   * Runs one calculation of `principalId`: `read` on this thread, then the task in a worker.
   *
   * @returns The answer as UTF-8 JSON.
   * @throws {CalculationRefused} 429 `CALCULATION_IN_PROGRESS`, 503 `CALCULATION_BUSY` or 504
   *   `CALCULATION_TIMEOUT`.
   * @throws {FdmCalculatorError} The calculator's refusal of the input, from either thread.
   * @throws Whatever `read` throws (fdm-core's errors).
   */
  run(principalId: string, read: CalculationRead): Promise<Uint8Array>;
}

/** A counting semaphore with a bounded FIFO queue; a waiter whose signal aborts leaves it. */
class Slots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly size: number,
    private readonly queue: number,
  ) {}

  /** Whether one more caller would be refused (all slots taken and the queue full). */
  full(): boolean {
    return this.active >= this.size && this.waiting.length >= this.queue;
  }

  acquire(signal: AbortSignal): Promise<void> {
    if (this.active < this.size) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const take = () => {
        signal.removeEventListener("abort", leave);
        this.active++;
        resolve();
      };
      const leave = () => {
        const i = this.waiting.indexOf(take);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal.reason);
      };
      this.waiting.push(take);
      signal.addEventListener("abort", leave, { once: true });
    });
  }

  release(): void {
    this.active--;
    this.waiting.shift()?.();
  }
}

/**
 * The worker module and how to start it: the built `.js` beside this file, or from source (as
 * `npm run api` and the tests run) the `.ts` file, with tsx's loader registered in the worker:
 * Node 20 cannot load TypeScript, and `--import tsx` does nothing in a worker thread.
 */
function workerModule(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith(".ts");
  const filename = new URL(`./calculation-worker.${fromSource ? "ts" : "js"}`, import.meta.url);
  if (!fromSource) return { filename: filename.href, execArgv: [] };
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const { exports } = JSON.parse(readFileSync(manifest, "utf8"));
  const api = new URL(exports["./esm/api"].import.default, pathToFileURL(manifest)).href;
  const register = `import { register } from ${JSON.stringify(api)}; register();`;
  return {
    filename: filename.href,
    execArgv: [
      "--conditions=source",
      "--import",
      `data:text/javascript,${encodeURIComponent(register)}`,
    ],
  };
}

/**
 * Makes the runner of one app: a pool of `limits.threads` worker threads, started on the first
 * calculation and stopped after a minute idle (idle threads do not keep the process alive).
 *
 * @param limits - Threads, queue and time budget.
 * @returns The runner.
 */
export function createCalculationRunner(limits: CalculationLimits): CalculationRunner {
  const { filename, execArgv } = workerModule();
  let pool: Tinypool | null = null;
  const workers = () => {
    pool ??= new Tinypool({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: limits.threads,
      idleTimeout: 60_000,
    });
    return pool;
  };
  const slots = new Slots(limits.threads, limits.queue);
  const running = new Set<string>();

  async function work(read: CalculationRead, signal: AbortSignal): Promise<Uint8Array> {
    await slots.acquire(signal);
    try {
      const task = await read(signal);
      signal.throwIfAborted();
      // Aborting the signal stops the worker thread: tinypool terminates it mid-task.
      const answer = (await workers().run(task, { signal })) as Uint8Array | CalculationFailure;
      if (answer instanceof Uint8Array) return answer;
      throw new FdmCalculatorError(answer.code as FdmCalculatorError["code"], answer.message, {
        fieldId: answer.fieldId,
        year: answer.year,
      });
    } finally {
      slots.release();
    }
  }

  return {
    limits: Object.freeze({ ...limits }),
    async run(principalId, read) {
      if (running.has(principalId)) throw inProgress();
      if (slots.full()) throw busy(limits);
      running.add(principalId);
      const budget = new AbortController();
      const timer = setTimeout(() => budget.abort(timedOut(limits)), limits.timeoutMs);
      const job = work(read, budget.signal);
      // The principal's turn ends when the work does, not at the deadline: a database read
      // cannot be interrupted, and until it ends it still holds its thread's place.
      void job
        .finally(() => {
          clearTimeout(timer);
          running.delete(principalId);
        })
        .catch(() => {});
      const deadline = new Promise<never>((_, reject) => {
        if (budget.signal.aborted) reject(budget.signal.reason);
        budget.signal.addEventListener("abort", () => reject(budget.signal.reason), {
          once: true,
        });
      });
      deadline.catch(() => {});
      try {
        return await Promise.race([job, deadline]);
      } catch (err) {
        throw budget.signal.aborted ? budget.signal.reason : err;
      }
    },
  };
}
