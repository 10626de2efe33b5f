/**
 * What the docs samples (samples.test.ts) and the TSDoc examples
 * (tsdoc-examples.test.ts) share: each sample is written out as an ES module,
 * all are type-checked in one program against the packages' sources, and each
 * is run in Node with the `source` export condition.
 *
 * Running a module means importing it in one of a few long-lived Node processes
 * (run-modules.mts), one module after the other: starting Node, tsx and the
 * packages for every sample cost more than most samples take. Each sample
 * creates what it uses (its own PGlite database); the runner closes the
 * databases a sample leaves open, and a sample that hangs or kills its process
 * fails alone, the process being replaced.
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import ts from "typescript";

export const siteRoot = path.resolve(import.meta.dirname, "../..");

/** Empties `dir` and makes it a folder of ES modules, so samples may use import and top-level await. */
export function prepareModuleDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "package.json"), '{ "type": "module" }\n');
}

/** A type error: its 1-based line in the module, and the compiler's message. */
export interface TypeDiagnostic {
  line: number | null;
  message: string;
}

/** Type-checks the modules in one program; returns the errors per file (absolute path). */
export function typeCheck(files: string[]): Map<string, TypeDiagnostic[]> {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2023.d.ts"],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ["source"],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    esModuleInterop: true,
    resolveJsonModule: true,
    types: ["node"],
  };
  const program = ts.createProgram(files, options);
  const errors = new Map<string, TypeDiagnostic[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const key = d.file ? path.resolve(d.file.fileName) : "(global)";
    const where =
      d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
    const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    errors.set(key, [...(errors.get(key) ?? []), { line: where ? where.line + 1 : null, message }]);
  }
  return errors;
}

/** How a module's run went. */
export interface RunResult {
  ok: boolean;
  /** The error it threw (inspected, with its stack), or why it did not finish. */
  error: string | null;
  /** What it printed with console.*, and anything its process wrote to stdout/stderr meanwhile. */
  output: string;
  /** The lines the module's own console.* calls printed, without a library's; "" when none. */
  printed: string;
  ms: number;
}

/** A message of run-modules.mts: the outcome of one import. */
interface RunnerReply {
  file: string;
  ok: boolean;
  error: string | null;
  output: string;
  printed: string;
}

/** The number of runner processes: FDM_SAMPLE_WORKERS, or one per core (at most 4). */
export function defaultWorkers(): number {
  const asked = Number(process.env.FDM_SAMPLE_WORKERS);
  return Number.isInteger(asked) && asked > 0 ? asked : Math.min(4, availableParallelism());
}

/**
 * Runs the modules, in the given order, in `workers` runner processes; the
 * promise of each module resolves with its result (never rejects).
 */
export function runModules(
  files: string[],
  options: { workers?: number; timeoutMs?: number } = {},
): Map<string, Promise<RunResult>> {
  const workers = options.workers ?? defaultWorkers();
  const timeoutMs = options.timeoutMs ?? 120_000;
  const runner = path.join(import.meta.dirname, "run-modules.mts");
  const settle = new Map<string, (result: RunResult) => void>();
  const results = new Map<string, Promise<RunResult>>();
  for (const file of files) {
    results.set(file, new Promise((resolve) => settle.set(file, resolve)));
  }
  const queue = [...files];

  const startWorker = () => {
    if (queue.length === 0) return;
    const child: ChildProcess = fork(runner, [], {
      cwd: siteRoot,
      execArgv: ["--conditions=source", "--import", "tsx"],
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      env: { ...process.env, NODE_NO_WARNINGS: "1" },
    });
    let current: { file: string; started: number; timer: NodeJS.Timeout } | null = null;
    let written = "";
    const collect = (chunk: Buffer) => {
      written = (written + chunk.toString("utf8")).slice(-20_000);
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);

    const finish = (result: Omit<RunResult, "ms">) => {
      if (!current) return;
      clearTimeout(current.timer);
      const output = [result.output, written].filter((s) => s.trim() !== "").join("\n");
      settle.get(current.file)?.({ ...result, output, ms: performance.now() - current.started });
      current = null;
      written = "";
    };
    const next = () => {
      const file = queue.shift();
      if (file === undefined) {
        child.disconnect();
        return;
      }
      current = {
        file,
        started: performance.now(),
        timer: setTimeout(() => {
          finish({
            ok: false,
            error: `did not finish within ${timeoutMs / 1000} s`,
            output: "",
            printed: "",
          });
          child.kill("SIGKILL");
        }, timeoutMs),
      };
      child.send({ file });
    };
    child.on("message", (reply: RunnerReply) => {
      if (reply.file !== current?.file) return;
      finish(reply);
      next();
    });
    child.on("exit", (code, signal) => {
      finish({
        ok: false,
        error: `its process ended (${signal ?? `exit code ${code}`})`,
        output: "",
        printed: "",
      });
      startWorker();
    });
    next();
  };
  for (let i = 0; i < Math.min(workers, files.length); i += 1) startWorker();
  return results;
}
