import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  composeExample,
  continuedExample,
  exampleChain,
  examplePackages,
  mentionsContinuation,
  type TsdocExample,
  tsdocExamples,
} from "../../src/plugins/tsdoc-examples";
import {
  prepareModuleDir,
  type RunResult,
  siteRoot as root,
  runModules,
  type TypeDiagnostic,
  typeCheck,
} from "./harness";

/**
 * The API reference cannot lie either: every ```ts block of an `@example` tag
 * in the packages' sources is written out as an ES module, type-checked
 * against the packages' sources and run, like the docs samples (harness.ts).
 * A fragment `continues the <name> example` runs appended to the example of
 * `<name>`; a fragment with another reason is skipped and counted.
 */
const outDir = path.join(import.meta.dirname, ".generated", "tsdoc");

interface Planned {
  example: TsdocExample;
  /** The examples the module is made of, the planned one last. */
  chain: TsdocExample[];
  /** Per example of the chain, the module line of its first line. */
  starts: number[];
  out: string;
}

const { examples, unchecked } = tsdocExamples(root);
const planned: Planned[] = [];
const skipped: TsdocExample[] = [];
const problems: string[] = [];

prepareModuleDir(outDir);
for (const example of examples) {
  const continues = continuedExample(example.fragment) !== null;
  if (example.fragment !== null && !continues && !mentionsContinuation(example.fragment)) {
    skipped.push(example);
    continue;
  }
  const resolved = exampleChain(example, examples);
  if ("problem" in resolved) {
    problems.push(resolved.problem);
    continue;
  }
  const { code, starts } = composeExample(resolved.chain);
  const out = path.join(outDir, `${example.file.replace(/[/\\.]/g, "_")}_L${example.line}.ts`);
  writeFileSync(out, code);
  planned.push({ example, chain: resolved.chain, starts, out });
}

/** Where a line of a composed module comes from: `file:line` of the package source. */
function sourceOf(module: Planned, line: number): string {
  let i = module.starts.length - 1;
  while (i > 0 && (module.starts[i] ?? 0) > line) i -= 1;
  const example = module.chain[i] as TsdocExample;
  // The example's code starts on the line below its opening fence.
  return `${example.file}:${example.line + 1 + line - (module.starts[i] ?? 1)}`;
}

/** An error text with the module's path:line references turned into package source lines. */
function withSourceLines(module: Planned, text: string): string {
  const escaped = module.out.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(
    new RegExp(`(?:file://)?${escaped}:(\\d+)(?::\\d+)?`, "g"),
    (_, line: string) => sourceOf(module, Number(line)),
  );
}

let typeErrors = new Map<string, TypeDiagnostic[]>();
let runs = new Map<string, Promise<RunResult>>();
let started = 0;

beforeAll(() => {
  started = performance.now();
  typeErrors = typeCheck(planned.map((p) => p.out));
  runs = runModules(planned.map((p) => p.out));
});

afterAll(async () => {
  await Promise.all(runs.values());
  const reasons = new Map<string, number>();
  for (const s of skipped) reasons.set(s.fragment ?? "", (reasons.get(s.fragment ?? "") ?? 0) + 1);
  console.info(
    [
      `TSDoc examples: ${examples.length} found; ${planned.length} run, of which ` +
        `${planned.filter((p) => p.chain.length > 1).length} fragments appended to the example they continue; ` +
        `${skipped.length} not run:`,
      ...[...reasons].map(([reason, n]) => `  ${n} × ${reason}`),
      `type-checked and run in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    ].join("\n"),
  );
});

describe("TSDoc @example blocks", () => {
  it("every package has examples to check", () => {
    const packagesWithExamples = new Set(planned.map((p) => p.example.pkg));
    expect([...packagesWithExamples].sort()).toEqual([...examplePackages].sort());
  });

  it("every @example holds a ```ts block", () => {
    expect(unchecked.map((u) => `${u.file}:${u.line} (${u.symbol})`)).toEqual([]);
  });

  it("every example not run names its reason", () => {
    const unexplained = skipped.filter((s) => (s.fragment ?? "").trim().length < 5);
    expect(unexplained.map((s) => `${s.file}:${s.line} (${s.symbol})`)).toEqual([]);
  });

  it("every fragment that continues an example names one that runs", () => {
    expect(problems).toEqual([]);
  });

  it("type errors outside the examples do not hide", () => {
    const outside = [...typeErrors.entries()].filter(([file]) => !file.startsWith(outDir));
    expect(outside).toEqual([]);
  });

  for (const module of planned) {
    const { file, line, symbol } = module.example;
    it(`${file}:${line} (${symbol}) type-checks and runs`, async () => {
      const errors = (typeErrors.get(module.out) ?? []).map(
        (e) => `${e.line === null ? module.out : sourceOf(module, e.line)}: ${e.message}`,
      );
      expect(errors, "type errors").toEqual([]);
      const run = await runs.get(module.out);
      if (!run) throw new Error(`${module.out} was not given to the runner`);
      const error = run.error === null ? null : withSourceLines(module, run.error);
      expect(error, `output:\n${run.output}`).toBeNull();
    });
  }
});
