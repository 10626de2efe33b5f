/**
 * What the toolkit worker runs code with (worker.ts loads it on the first
 * sign of intent, while the database engine downloads): fdm-core, fdm-data
 * and drizzle-orm, the node: modules the samples use, and the run itself.
 * better-auth, fdm-calculator and the TypeScript compiler load only for a run
 * that needs them.
 */
import type { FdmBrowserOptions } from "@site/packages/fdm-core/src/fdm-browser";
import * as drizzleOrm from "drizzle-orm";
import type { FdmLocalType } from "fdm-core";
import * as core from "fdm-core";
import * as data from "fdm-data";
import { assertLoose, assertStrict } from "./assert";
import { keepOneReady, oneReady, openWithOptions, takeDatabase } from "./engine";
import { engineLoaded, engineSmallFilesLoading } from "./engine-files";
import { errorChain, formatLogLine, formatValue } from "./format";
import {
  type FromWorker,
  type Need,
  needsDatabase,
  type Progress,
  type ToWorker,
  usesDatabase,
} from "./protocol";

/** How the runtime talks to the page: worker.ts passes its own. */
export interface Channel {
  post(message: FromWorker): void;
  progress(progress: Progress): void;
}
let channel: Channel = { post: () => {}, progress: () => {} };
const post = (message: FromWorker) => channel.post(message);
const progress = (p: Progress) => channel.progress(p);

const asModule = (m: object) => ({ __esModule: true, ...m });

/** `node:crypto` as far as the samples use it, from the browser's Web Crypto. */
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

const builtins: Record<string, unknown> = {
  "node:assert": { __esModule: true, default: assertLoose, ...assertLoose },
  "node:assert/strict": { __esModule: true, default: assertStrict, ...assertStrict },
  "node:crypto": { __esModule: true, randomBytes, randomUUID: () => crypto.randomUUID() },
};

// Each loads into the worker the first time a run imports it; the others are here.
const loaded: Record<string, object> = {
  "fdm-core": core,
  "fdm-data": data,
  "drizzle-orm": drizzleOrm,
};
const loaders: Record<string, () => Promise<object>> = {
  "fdm-calculator": () => import("fdm-calculator"),
};
const loadedModules = new Map<string, Promise<object>>();
function load(name: string): Promise<object> {
  const ready = loaded[name];
  if (ready) return Promise.resolve(ready);
  let module = loadedModules.get(name);
  if (!module) {
    const loader = loaders[name];
    if (!loader) return Promise.resolve({});
    module = loader();
    loadedModules.set(name, module);
    module.catch(() => loadedModules.delete(name));
  }
  return module;
}
// createFdmAuth (better-auth, about 200 KB gzip) is not in fdm-core's browser entry.
// It loads once the engine's two smaller files are in, while the WebAssembly still
// downloads: earlier its bytes would delay the engine's; after the WebAssembly, its
// evaluation would slow the database's start on the same thread (measured: the first
// Run 0.2 s sooner on the throttled bench than waiting for all three files).
function loadAuth(): Promise<typeof import("@site/packages/fdm-core/src/auth")> {
  let auth = loadedModules.get("auth") as
    | Promise<typeof import("@site/packages/fdm-core/src/auth")>
    | undefined;
  if (!auth) {
    const loading = (engineSmallFilesLoading() ?? Promise.resolve())
      .catch(() => {})
      .then(() => import("@site/packages/fdm-core/src/auth"))
      .then((module) => {
        warmPasswordHashing();
        return module;
      });
    auth = loading;
    loadedModules.set("auth", loading);
    loading.catch(() => {
      if (loadedModules.get("auth") === loading) loadedModules.delete("auth");
    });
  }
  return auth;
}

/**
 * Hashes a throwaway password once while the engine's WebAssembly still downloads, so
 * that a sample's first sign-up runs scrypt (better-auth's, in JavaScript here)
 * optimized: with every thread of the browser held to half a core, the first Run 0.2 s
 * sooner. The same parameters as a sign-up's, through the same function: a warm-up
 * with a smaller N made every later hash four times slower. Skipped once the engine
 * is in, where it would only delay the database's start.
 */
function warmPasswordHashing(): void {
  if (engineLoaded()) return;
  void import("better-auth/crypto")
    .then(({ hashPassword }) => hashPassword("warm-up"))
    .catch(() => {});
}

/** The modules a script imports (TypeScript or compiled to `require` calls). */
export function importsOf(code: string): string[] {
  const names = new Set<string>();
  for (const m of code.matchAll(/\brequire\(\s*['"]([^'"]+)['"]\s*\)|\bfrom\s*['"]([^'"]+)['"]/g))
    names.add(m[1] ?? m[2] ?? "");
  return [...names];
}
const usesAuth = (code: string) => /\bcreateFdmAuth\b/.test(code);

/** What a prepare message asks for: its hints, and what its code shows. */
export function needsOf(message: Extract<ToWorker, { type: "prepare" }>): Set<Need> {
  const needs = new Set<Need>(message.needs ?? []);
  const code = message.code ?? "";
  if (needsDatabase(message)) needs.add("database");
  if (usesAuth(code)) needs.add("auth");
  if (message.playground || importsOf(code).includes("fdm-calculator")) needs.add("calculator");
  return needs;
}

let compiler: Promise<typeof import("sucrase")> | null = null;
async function compile(ts: string): Promise<string> {
  compiler ??= import("sucrase");
  const { transform } = await compiler;
  return transform(ts, { transforms: ["typescript", "imports"], disableESTransforms: true }).code;
}

/** Starts loading what the code about to run will need, before the reader clicks Run. */
export function prepare(message: Extract<ToWorker, { type: "prepare" }>): void {
  const needs = needsOf(message);
  if (needs.has("database")) keepOneReady(progress);
  if (needs.has("compile")) compiler ??= import("sucrase");
  if (needs.has("auth")) void loadAuth().catch(() => {});
  if (needs.has("calculator")) void load("fdm-calculator").catch(() => {});
}

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...args: string[]
) => (...args: unknown[]) => Promise<unknown>;

// The playground's database lives as long as the worker, or until reset.
let playgroundFdm: Promise<FdmLocalType> | null = null;
function playgroundDatabase(): Promise<FdmLocalType> {
  if (!playgroundFdm) {
    const opened = import("../playground/database").then(({ openPlaygroundDatabase }) =>
      openPlaygroundDatabase(() => takeDatabase(progress)),
    );
    playgroundFdm = opened;
    opened.catch(() => {
      if (playgroundFdm === opened) playgroundFdm = null;
    });
  }
  return playgroundFdm;
}

function consoleFor(id: number) {
  const out =
    (level: "log" | "warn" | "error") =>
    (...args: unknown[]) =>
      post({ type: "log", id, level, text: formatLogLine(args) });
  return {
    log: out("log"),
    info: out("log"),
    debug: out("log"),
    table: out("log"),
    warn: out("warn"),
    error: out("error"),
    dir: (value: unknown) => post({ type: "log", id, level: "log", text: formatValue(value) }),
  };
}

export async function run(message: Extract<ToWorker, { type: "run" }>): Promise<void> {
  const { id } = message;
  const opened: FdmLocalType[] = [];
  let started = performance.now();
  try {
    const js = message.js ?? (await compile(message.ts ?? ""));
    const opensDatabase = Boolean(message.playground) || usesDatabase(js);
    if (opensDatabase) keepOneReady(progress);
    // The modules the worker has; importing any other fails as in Node ("Cannot find module").
    const names = importsOf(js).filter((name) => name in loaded || name in loaders);
    const [modules] = await Promise.all([
      Promise.all(names.map(async (name) => [name, await load(name)] as const)),
      usesAuth(js) ? loadAuth() : null,
    ]);
    const required: Record<string, unknown> = { ...builtins };
    for (const [name, module] of modules) required[name] = asModule(module);
    if (required["fdm-core"]) {
      const auth = usesAuth(js) ? await loadAuth() : null;
      // A sample's createFdmLocal() gets a fresh database from the snapshot.
      const createFdmLocal = async (options: FdmBrowserOptions = {}) => {
        const fdm =
          Object.keys(options).length === 0
            ? await takeDatabase(progress)
            : await openWithOptions(options, progress);
        opened.push(fdm);
        return fdm;
      };
      required["fdm-core"] = {
        ...(required["fdm-core"] as object),
        createFdmLocal,
        ...(auth ? { createFdmAuth: auth.createFdmAuth } : {}),
      };
    }
    const globals: Record<string, unknown> = {};
    if (message.playground) {
      globals.fdm = await playgroundDatabase();
      globals.principal = message.playground.principal;
    } else if (opensDatabase) {
      // The database the code is about to open: its wait does not count against the run.
      await oneReady(progress);
    }
    progress({ stage: "ready" });
    const globalNames = Object.keys(globals);
    const fn = new AsyncFunction("require", "exports", "module", "console", ...globalNames, js);
    const requireFn = (name: string): unknown => {
      if (name in required) return required[name];
      throw new Error(`Cannot find module '${name}' in the browser runner`);
    };
    post({ type: "started", id });
    started = performance.now();
    await fn(requireFn, {}, { exports: {} }, consoleFor(id), ...globalNames.map((n) => globals[n]));
    post({ type: "done", id, ms: performance.now() - started });
  } catch (error) {
    post({ type: "error", id, chain: errorChain(error), ms: performance.now() - started });
  } finally {
    // What the code left open is closed; the next run gets a fresh database.
    for (const fdm of opened) if (!fdm.$client.closed) await fdm.$client.close().catch(() => {});
    const spare = engineLoaded() || message.playground ? oneReady(progress) : Promise.resolve();
    // The rest of the toolkit, once the result is shown and the next run's database is open
    // (both on this one thread: the next Run waits for the database, not for the calculator):
    // later runs need no download, and the toolkit works offline from here on.
    void spare
      .catch(() => {})
      .then(() => load("fdm-calculator"))
      .catch(() => {});
  }
}

export async function dump(id: number): Promise<void> {
  try {
    const fdm = await playgroundDatabase();
    post({ type: "dump", id, blob: await fdm.$client.dumpDataDir("gzip") });
  } catch (error) {
    post({ type: "error", id, chain: errorChain(error), ms: 0 });
  }
}

export async function resetPlayground(): Promise<void> {
  const current = playgroundFdm;
  playgroundFdm = null;
  if (current) await (await current).$client.close().catch(() => {});
}

/** Connects the runtime to the worker's messages. */
export function connect(to: Channel): void {
  channel = to;
}
