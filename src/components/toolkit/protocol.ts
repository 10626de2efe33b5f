import type { ErrorReport } from "./format";

/** What the page asks the toolkit worker (one worker per tab, shared by every sample). */
export type ToWorker =
  /**
   * The reader is about to run something: load what it needs — the database
   * engine, the modules it imports — before the click. `needs` are hints known
   * before its code (from the site's build); `code` (TypeScript or compiled)
   * shows the rest.
   */
  | { type: "prepare"; needs?: Need[]; code?: string; playground?: boolean }
  | {
      type: "run";
      id: number;
      /** Code compiled at build time; when absent, `ts` is compiled in the worker. */
      js?: string;
      ts?: string;
      /** Playground runs share one database and get `fdm` and `principal` as globals. */
      playground?: { principal: string };
    }
  | { type: "dump"; id: number }
  /** The playground's database is closed; its next run starts on a fresh one. */
  | { type: "reset-playground" };

/** Whether code opens a database (the samples and starters all do it with createFdmLocal). */
export const usesDatabase = (code: string): boolean => /\bcreateFdmLocal\b/.test(code);

/**
 * Whether what a prepare message announces will need a database: a hint from the build, the
 * playground (its database lives in the worker), or code that opens one. The page, the worker
 * and the runtime decide it here alike.
 */
export const needsDatabase = (
  message: Pick<Extract<ToWorker, { type: "prepare" }>, "needs" | "code" | "playground">,
): boolean =>
  Boolean(message.needs?.includes("database") || message.playground) ||
  usesDatabase(message.code ?? "");

/** What a run may need loaded: a database, better-auth, fdm-calculator, the TypeScript compiler. */
export type Need = "database" | "auth" | "calculator" | "compile";

/** How far the toolkit is from running code: what the progress bar shows. */
export type Progress =
  | { stage: "download"; loaded: number; total: number }
  | { stage: "starting" }
  | { stage: "ready" };

/** What the toolkit worker reports. */
export type FromWorker =
  | { type: "progress"; progress: Progress }
  /** The run's code starts executing now: its time limit starts. */
  | { type: "started"; id: number }
  | { type: "log"; id: number; level: "log" | "warn" | "error"; text: string }
  | { type: "done"; id: number; ms: number }
  | { type: "error"; id: number; chain: ErrorReport[]; ms: number }
  | { type: "dump"; id: number; blob: Blob };
