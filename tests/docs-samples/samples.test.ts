import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * Docs that cannot lie: every ```ts / ```typescript block in docs/, blog/ and
 * the markdown pages is written out as an ES module, type-checked against the
 * packages' sources and run. A block marked `fragment="<reason>"` is skipped.
 */
const root = path.resolve(import.meta.dirname, "../..");
const outDir = path.join(import.meta.dirname, ".generated");
const sourceDirs = ["docs", "blog", "src/pages"];

interface Sample {
  file: string;
  line: number;
  code: string;
  fragment: string | null;
  out: string;
}

function markdownFiles(dir: string): string[] {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.mdx?$/.test(f))
    .map((f) => path.join(dir, f))
    .sort();
}

/** Code blocks of a markdown file: fence language, meta, code and line. */
function codeBlocks(text: string) {
  const blocks: { lang: string; meta: string; code: string; line: number }[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/.exec(lines[i] ?? "");
    if (!open) continue;
    const [, indent = "", fence = "", lang = "", meta = ""] = open;
    const body: string[] = [];
    let j = i + 1;
    while (
      j < lines.length &&
      !new RegExp(`^\\s*${fence[0]}{${fence.length},}\\s*$`).test(lines[j] ?? "")
    ) {
      body.push(
        (lines[j] ?? "").startsWith(indent)
          ? (lines[j] ?? "").slice(indent.length)
          : (lines[j] ?? ""),
      );
      j += 1;
    }
    blocks.push({ lang, meta, code: body.join("\n"), line: i + 1 });
    i = j;
  }
  return blocks;
}

function collectSamples(): Sample[] {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  // ES modules, so samples may use import and top-level await.
  writeFileSync(path.join(outDir, "package.json"), '{ "type": "module" }\n');
  const samples: Sample[] = [];
  for (const file of sourceDirs.flatMap(markdownFiles)) {
    for (const block of codeBlocks(readFileSync(path.join(root, file), "utf8"))) {
      if (block.lang !== "ts" && block.lang !== "typescript") continue;
      const fragment = /fragment="([^"]*)"/.exec(block.meta)?.[1] ?? null;
      const name = `${file.replace(/[/\\.]/g, "_")}_L${block.line}.ts`;
      const out = path.join(outDir, name);
      if (fragment === null) writeFileSync(out, `${block.code}\nexport {};\n`);
      samples.push({ file, line: block.line, code: block.code, fragment, out });
    }
  }
  return samples;
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
    for (const file of sourceDirs.flatMap(markdownFiles)) {
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
