import type { ErrorReport } from "./format";

/** What the page asks the toolkit worker. */
export type ToWorker =
  | {
      type: "run";
      /** Code compiled at build time; when absent, `ts` is compiled in the worker. */
      js?: string;
      ts?: string;
      /** Playground runs share one database and get `fdm` and `principal` as globals. */
      playground?: { principal: string };
    }
  | { type: "dump" };

/** What the toolkit worker reports. */
export type FromWorker =
  | { type: "ready" }
  | { type: "log"; level: "log" | "warn" | "error"; text: string }
  | { type: "done"; ms: number }
  | { type: "error"; chain: ErrorReport[]; ms: number }
  | { type: "dump"; blob: Blob };
