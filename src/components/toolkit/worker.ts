/**
 * The toolkit's sandbox: a Web Worker that runs a docs sample or a playground
 * script against fdm-core on PGlite (in this worker's memory) and
 * fdm-calculator, and reports console output, completion or the error with its
 * cause chain. Nothing here talks to the network: PGlite's files come from the
 * site itself. The page ends the worker when a run takes too long.
 */
import * as drizzleOrm from "drizzle-orm";
import * as calculator from "fdm-calculator";
import * as core from "fdm-core";
import * as data from "fdm-data";
import { openPlaygroundDatabase } from "../playground/database";
import { assertLoose, assertStrict } from "./assert";
import { errorChain, formatLogLine } from "./format";
import type { FromWorker, ToWorker } from "./protocol";

// The worker's global scope, typed as much as is used (the site compiles with the DOM lib).
const scope = self as unknown as {
  postMessage(message: FromWorker, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};

const post = (message: FromWorker, transfer: Transferable[] = []) =>
  scope.postMessage(message, transfer);

const asModule = (m: object) => ({ __esModule: true, ...m });
const modules: Record<string, unknown> = {
  "fdm-core": asModule(core),
  "fdm-data": asModule(data),
  "fdm-calculator": asModule(calculator),
  "drizzle-orm": asModule(drizzleOrm),
  "node:assert": { __esModule: true, default: assertLoose, ...assertLoose },
  "node:assert/strict": { __esModule: true, default: assertStrict, ...assertStrict },
};

/**
 * `node:crypto` as far as the samples use it: random bytes (as hex, for an auth
 * secret) and UUIDs, from the browser's Web Crypto.
 */
function randomBytes(size: number): Uint8Array & { toString(encoding?: string): string } {
  const bytes = crypto.getRandomValues(new Uint8Array(size));
  return Object.assign(bytes, {
    toString: (encoding?: string) => {
      if (encoding !== "hex")
        throw new Error(`randomBytes().toString("${encoding}"): only "hex" here`);
      return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    },
  });
}
modules["node:crypto"] = {
  __esModule: true,
  randomBytes,
  randomUUID: () => crypto.randomUUID(),
};

/**
 * `createFdmAuth` (better-auth, about 200 KB gzip) is not in fdm-core's browser
 * entry; it loads into this worker only for a script that uses it.
 */
async function withAuthIfUsed(js: string): Promise<void> {
  if (!/\bcreateFdmAuth\b/.test(js) || "createFdmAuth" in (modules["fdm-core"] as object)) return;
  const { createFdmAuth } = await import("@site/packages/fdm-core/src/auth");
  modules["fdm-core"] = { ...(modules["fdm-core"] as object), createFdmAuth };
}

function require(name: string): unknown {
  if (name in modules) return modules[name];
  throw new Error(`Cannot find module '${name}' in the browser runner`);
}

const sampleConsole = {
  log: (...args: unknown[]) => post({ type: "log", level: "log", text: formatLogLine(args) }),
  info: (...args: unknown[]) => post({ type: "log", level: "log", text: formatLogLine(args) }),
  warn: (...args: unknown[]) => post({ type: "log", level: "warn", text: formatLogLine(args) }),
  error: (...args: unknown[]) => post({ type: "log", level: "error", text: formatLogLine(args) }),
};

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...args: string[]
) => (...args: unknown[]) => Promise<unknown>;

async function compile(ts: string): Promise<string> {
  const { transform } = await import("sucrase");
  return transform(ts, { transforms: ["typescript", "imports"], disableESTransforms: true }).code;
}

// The playground's database lives as long as the worker.
let playgroundFdm: Promise<core.FdmLocalType> | null = null;

async function run(message: Extract<ToWorker, { type: "run" }>): Promise<void> {
  const started = performance.now();
  try {
    const js = message.js ?? (await compile(message.ts ?? ""));
    await withAuthIfUsed(js);
    const globals: Record<string, unknown> = {};
    if (message.playground) {
      playgroundFdm ??= openPlaygroundDatabase();
      globals.fdm = await playgroundFdm;
      globals.principal = message.playground.principal;
    }
    const names = Object.keys(globals);
    const fn = new AsyncFunction("require", "exports", "module", "console", ...names, js);
    await fn(require, {}, { exports: {} }, sampleConsole, ...names.map((n) => globals[n]));
    post({ type: "done", ms: performance.now() - started });
  } catch (error) {
    post({ type: "error", chain: errorChain(error), ms: performance.now() - started });
  }
}

async function dump(): Promise<void> {
  try {
    playgroundFdm ??= openPlaygroundDatabase();
    const fdm = await playgroundFdm;
    const file = await fdm.$client.dumpDataDir("gzip");
    post({ type: "dump", blob: file });
  } catch (error) {
    post({ type: "error", chain: errorChain(error), ms: 0 });
  }
}

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  if (event.data.type === "run") void run(event.data);
  else if (event.data.type === "dump") void dump();
};
post({ type: "ready" });
