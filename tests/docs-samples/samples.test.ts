import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type DocsSample,
  docsSamples,
  markdownFiles,
  sampleSourceDirs,
} from "../../src/plugins/docs-samples";

/**
 * Docs that cannot lie: every ```ts / ```typescript block in docs/, blog/ and
 * the markdown pages is written out as an ES module, type-checked against the
 * packages' sources and run. A block marked `fragment="<reason>"` is skipped.
 */
const root = path.resolve(import.meta.dirname, "../..");
const outDir = path.join(import.meta.dirname, ".generated");

interface Sample extends DocsSample {
  out: string;
}

function collectSamples(): Sample[] {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  // ES modules, so samples may use import and top-level await.
  writeFileSync(path.join(outDir, "package.json"), '{ "type": "module" }\n');
  return docsSamples(root).map((sample) => {
    const name = `${sample.file.replace(/[/\\.]/g, "_")}_L${sample.line}.ts`;
    const out = path.join(outDir, name);
    if (sample.fragment === null) writeFileSync(out, `${sample.code}\nexport {};\n`);
    return { ...sample, out };
  });
}

/** Type-checks all runnable samples in one program; returns the errors per file. */
function typeCheck(files: string[]): Map<string, string[]> {
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
  const errors = new Map<string, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const key = d.file ? path.resolve(d.file.fileName) : "(global)";
    const where =
      d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
    const text = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    const message = where ? `line ${where.line + 1}: ${text}` : text;
    errors.set(key, [...(errors.get(key) ?? []), message]);
  }
  return errors;
}

const samples = collectSamples();
const runnable = samples.filter((s) => s.fragment === null);
let typeErrors = new Map<string, string[]>();

beforeAll(() => {
  typeErrors = typeCheck(runnable.map((s) => s.out));
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
    it(`${sample.file}:${sample.line} type-checks and runs`, () => {
      expect(typeErrors.get(sample.out) ?? [], "type errors").toEqual([]);
      const run = spawnSync(
        process.execPath,
        ["--conditions=source", "--import", "tsx", sample.out],
        {
          cwd: root,
          encoding: "utf8",
          timeout: 120_000,
          env: { ...process.env, NODE_NO_WARNINGS: "1" },
        },
      );
      expect(run.error, "could not start").toBeUndefined();
      expect(run.status, `exit status; stderr:\n${run.stderr}`).toBe(0);
    });
  }
});

describe("references to exported names", () => {
  /** Exported names of each package's public entry, read with the compiler. */
  function exportedNames(): Set<string> {
    const entries = ["fdm-data", "fdm-core", "fdm-calculator"]
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
