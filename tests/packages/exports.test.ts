import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The brief for every package: a function or class in the API reference is
 * exercised by a test of its own package, and has TSDoc. This reads each
 * package's public entry with the TypeScript compiler and checks both.
 */
const packages = ["fdm-data", "fdm-core", "fdm-calculator", "fdm-api"];

function publicSymbols(pkg: string) {
  const entry = path.resolve(`packages/${pkg}/src/index.ts`);
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ["source"],
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${entry} has no module symbol`);
  return checker.getExportsOfModule(moduleSymbol).map((exported) => {
    const target =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    // A namespace export (`export * as x from "./x.js"`) is documented by its file's leading comment.
    const declaration = target.declarations?.[0];
    const documented =
      declaration && ts.isSourceFile(declaration)
        ? /^\s*\/\*\*/.test(declaration.text)
        : ts.displayPartsToString(target.getDocumentationComment(checker)).trim() !== "";
    return {
      name: exported.getName(),
      callable: (target.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class)) !== 0,
      documented,
    };
  });
}

function testSources(pkg: string): string {
  const dir = path.resolve(`packages/${pkg}/src`);
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => readFileSync(path.join(dir, file), "utf8"))
    .join("\n");
}

describe.each(packages)("%s", (pkg) => {
  const symbols = publicSymbols(pkg);

  it("exports something", () => {
    expect(symbols.length).toBeGreaterThan(0);
  });

  it("has TSDoc on every export", () => {
    expect(symbols.filter((s) => !s.documented).map((s) => s.name)).toEqual([]);
  });

  it("names every exported function and class in one of its own tests", () => {
    const tests = testSources(pkg);
    const untested = symbols
      .filter((s) => s.callable && !new RegExp(`\\b${s.name}\\b`).test(tests))
      .map((s) => s.name);
    expect(untested).toEqual([]);
  });
});
