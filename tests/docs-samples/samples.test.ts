import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import {
  codeBlocks,
  type DocsSample,
  docsSamples,
  isTypeScript,
  markdownFiles,
  sampleSourceDirs,
} from "../../src/plugins/docs-samples";
import {
  prepareModuleDir,
  type RunResult,
  siteRoot as root,
  runModules,
  type TypeDiagnostic,
  typeCheck,
} from "./harness";

/**
 * Docs that cannot lie: every ```ts / ```typescript block in docs/, blog/ and
 * the markdown pages is written out as an ES module, type-checked against the
 * packages' sources and run (harness.ts). A block marked `fragment="<reason>"`
 * is skipped. Each runnable sample prints what it made (Run in the browser
 * shows what a sample prints, and nothing else but its time), and a
 * ```text title="Output" block right after a sample is what it prints.
 */
const outDir = path.join(import.meta.dirname, ".generated", "docs");

interface Sample extends DocsSample {
  out: string;
}

function collectSamples(): Sample[] {
  prepareModuleDir(outDir);
  return docsSamples(root).map((sample) => {
    const name = `${sample.file.replace(/[/\\.]/g, "_")}_L${sample.line}.ts`;
    const out = path.join(outDir, name);
    if (sample.fragment === null) writeFileSync(out, `${sample.code}\nexport {};\n`);
    return { ...sample, out };
  });
}

/** An output block shown after a sample: its text and its opening line. */
interface OutputBlock {
  text: string;
  line: number;
}

/**
 * The ```text title="Output" blocks that follow a TypeScript sample, by the
 * sample's `file:line`; `stray` lists those with prose between the two, which
 * a reader would not take for that sample's output.
 */
function outputBlocks(): { byBlock: Map<string, OutputBlock>; stray: string[] } {
  const byBlock = new Map<string, OutputBlock>();
  const stray: string[] = [];
  for (const file of sampleSourceDirs.flatMap((dir) => markdownFiles(root, dir))) {
    const text = readFileSync(path.join(root, file), "utf8");
    const lines = text.split("\n");
    const blocks = codeBlocks(text);
    blocks.forEach((block, i) => {
      const next = blocks[i + 1];
      if (!isTypeScript(block.lang) || !next) return;
      if (next.lang !== "text" || !/title="Output"/.test(next.meta)) return;
      const closing = block.line + block.code.split("\n").length + 1;
      const between = lines.slice(closing, next.line - 1);
      if (between.some((l) => l.trim() !== "")) stray.push(`${file}:${next.line}`);
      else byBlock.set(`${file}:${block.line}`, { text: next.code, line: next.line });
    });
  }
  return { byBlock, stray };
}

const samples = collectSamples();
const outputs = outputBlocks();
const runnable = samples.filter((s) => s.fragment === null);
let typeErrors = new Map<string, TypeDiagnostic[]>();
let runs = new Map<string, Promise<RunResult>>();

beforeAll(() => {
  typeErrors = typeCheck(runnable.map((s) => s.out));
  runs = runModules(runnable.map((s) => s.out));
});

describe("docs code samples", () => {
  it("the docs have TypeScript samples to check", () => {
    expect(runnable.length).toBeGreaterThan(0);
  });

  it("every fragment names its reason", () => {
    const unexplained = samples.filter((s) => s.fragment !== null && s.fragment.trim().length < 5);
    expect(unexplained.map((s) => `${s.file}:${s.line}`)).toEqual([]);
  });

  it("type errors outside the samples do not hide", () => {
    const outside = [...typeErrors.entries()].filter(([file]) => !file.startsWith(outDir));
    expect(outside).toEqual([]);
  });

  for (const sample of runnable) {
    it(`${sample.file}:${sample.line} type-checks and runs`, async () => {
      const errors = (typeErrors.get(sample.out) ?? []).map((e) => `line ${e.line}: ${e.message}`);
      expect(errors, "type errors").toEqual([]);
      const run = await runs.get(sample.out);
      if (!run) throw new Error(`${sample.out} was not given to the runner`);
      expect(run.error, `output:\n${run.output}`).toBeNull();
    });

    it(`${sample.file}:${sample.line} prints what it made`, async () => {
      const run = await runs.get(sample.out);
      if (!run) throw new Error(`${sample.out} was not given to the runner`);
      const lines = run.printed.split("\n").filter((l) => l.trim() !== "");
      expect(lines.length, "lines the sample itself printed with console.log").toBeGreaterThan(0);
      const shown = outputs.byBlock.get(`${sample.file}:${sample.line}`);
      if (shown) {
        expect(run.printed, `the Output block at line ${shown.line}`).toBe(shown.text);
      }
    });
  }

  it("an Output block follows its sample directly", () => {
    expect(outputs.stray).toEqual([]);
  });
});

describe("references to exported names", () => {
  /** Exported names of each package's public entry, read with the compiler. */
  function exportedNames(): Set<string> {
    const entries = ["fdm-data", "fdm-core", "fdm-calculator", "fdm-api"]
      .map((name) => path.join(root, `packages/${name}/src/index.ts`))
      .filter((file) => existsSync(file));
    const program = ts.createProgram(entries, {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      customConditions: ["source"],
      noEmit: true,
      skipLibCheck: true,
    });
    const checker = program.getTypeChecker();
    const names = new Set<string>();
    for (const file of entries) {
      const source = program.getSourceFile(file);
      const symbol = source && checker.getSymbolAtLocation(source);
      for (const s of symbol ? checker.getExportsOfModule(symbol) : []) names.add(s.getName());
    }
    return names;
  }

  it("every page that names an export in inline code links it to the API reference", () => {
    const exported = exportedNames();
    const unlinked: string[] = [];
    for (const file of sampleSourceDirs.flatMap((dir) => markdownFiles(root, dir))) {
      const text = readFileSync(path.join(root, file), "utf8").replace(
        /^(\s*)(`{3,}|~{3,})[\s\S]*?^\s*\2\s*$/gm,
        "",
      );
      const linked = new Set(
        [...text.matchAll(/\[`(\w+)(?:\(\))?`\]\((\/api\/[^)\s]+)\)/g)].map((m) => m[1]),
      );
      const mentioned = new Set([...text.matchAll(/`(\w+)(?:\(\))?`/g)].map((m) => m[1] ?? ""));
      for (const name of mentioned) {
        if (exported.has(name) && !linked.has(name)) unlinked.push(`${file}: ${name}`);
      }
    }
    expect(unlinked).toEqual([]);
  });
});
