/**
 * The TypeScript samples of the packages' TSDoc `@example` blocks, which the
 * API reference shows: the sibling of docs-samples.ts for the packages'
 * sources. The tags are found with the TypeScript compiler; the code blocks
 * inside them are read as docs-samples.ts reads markdown, with the same
 * `fragment="<reason>"` marker. A fragment whose reason is
 * `continues the <name> example` uses what the example of `<name>` (in the
 * same package) defines, and runs appended to it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { codeBlocks, fragmentOf, isTypeScript } from "./docs-samples";

export const examplePackages = ["fdm-data", "fdm-core", "fdm-calculator", "fdm-api"];

/** A ```ts block of an `@example` tag. */
export interface TsdocExample {
  /** The package, e.g. `fdm-core`. */
  pkg: string;
  /** The source file, relative to the site's root. */
  file: string;
  /** The 1-based line of the opening fence in that file. */
  line: number;
  /** What the comment documents: `addField`, `OutOfBoundsError.constructor`. */
  symbol: string;
  code: string;
  /** Why the block is not run on its own (`fragment="…"`), or null. */
  fragment: string | null;
}

/** An `@example` tag without a TypeScript block: nothing there to check. */
export interface UncheckedExample {
  file: string;
  line: number;
  symbol: string;
}

const continuation = /^continues the (\S+) example$/;

/** The `<name>` of a fragment's reason `continues the <name> example`, or null. */
export function continuedExample(fragment: string | null): string | null {
  return continuation.exec(fragment ?? "")?.[1] ?? null;
}

/** Whether a fragment's reason says it continues an example (whatever its exact form). */
export const mentionsContinuation = (fragment: string | null): boolean =>
  /\bcontinu/i.test(fragment ?? "");

/** The package sources whose TSDoc is published: `src/**\/*.ts`, tests left out. */
export function packageSources(root: string, pkg: string): string[] {
  const dir = path.join("packages", pkg, "src");
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.endsWith(".d.ts"))
    .map((f) => path.join(dir, f))
    .sort();
}

/** The name a reader finds a declaration under: `name`, or `Class.member`. */
function symbolName(node: ts.Node): string {
  const own = (n: ts.Node): string | null => {
    if (ts.isConstructorDeclaration(n)) return "constructor";
    if (ts.isVariableStatement(n)) {
      const first = n.declarationList.declarations[0];
      return first ? first.name.getText() : null;
    }
    const name = ts.getNameOfDeclaration(n as ts.Declaration);
    return name ? name.getText() : null;
  };
  const name = own(node) ?? "(anonymous)";
  const parent = node.parent;
  const container =
    parent &&
    (ts.isClassDeclaration(parent) ||
      ts.isInterfaceDeclaration(parent) ||
      ts.isEnumDeclaration(parent) ||
      ts.isModuleDeclaration(parent))
      ? own(parent)
      : null;
  return container ? `${container}.${name}` : name;
}

/** The text of a JSDoc tag as written, its ` * ` margin removed. */
function tagText(source: ts.SourceFile, tag: ts.JSDocTag): string {
  return source.text
    .slice(tag.pos, tag.end)
    .replace(/\*\/\s*$/, "")
    .split("\n")
    .map((line) => line.replace(/^\s*\*(?: |$)/, ""))
    .join("\n");
}

/** Every `@example` code block of one source file. */
export function fileExamples(
  root: string,
  pkg: string,
  file: string,
): { examples: TsdocExample[]; unchecked: UncheckedExample[] } {
  const text = readFileSync(path.join(root, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const examples: TsdocExample[] = [];
  const unchecked: UncheckedExample[] = [];
  const visit = (node: ts.Node) => {
    for (const doc of ts.getJSDocCommentsAndTags(node)) {
      // A variable's comment is also reported for its declaration; take it once, from its owner.
      if (!ts.isJSDoc(doc) || doc.parent !== node) continue;
      for (const tag of doc.tags ?? []) {
        if (tag.tagName.text !== "example") continue;
        const tagLine = source.getLineAndCharacterOfPosition(tag.pos).line + 1;
        const symbol = symbolName(node);
        const blocks = codeBlocks(tagText(source, tag)).filter((b) => isTypeScript(b.lang));
        if (blocks.length === 0) unchecked.push({ file, line: tagLine, symbol });
        for (const block of blocks) {
          examples.push({
            pkg,
            file,
            line: tagLine + block.line - 1,
            symbol,
            code: block.code,
            fragment: fragmentOf(block.meta),
          });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { examples, unchecked };
}

/** Every `@example` code block of the packages, in package, file and line order. */
export function tsdocExamples(root: string): {
  examples: TsdocExample[];
  unchecked: UncheckedExample[];
} {
  const examples: TsdocExample[] = [];
  const unchecked: UncheckedExample[] = [];
  for (const pkg of examplePackages) {
    for (const file of packageSources(root, pkg)) {
      const found = fileExamples(root, pkg, file);
      examples.push(...found.examples);
      unchecked.push(...found.unchecked);
    }
  }
  return { examples, unchecked };
}

/** An example with the examples it continues: `chain` runs from the complete example to it. */
export type ExampleChain = { chain: TsdocExample[] } | { problem: string };

/**
 * The examples an example runs with: itself when complete, else the chain of
 * `continues the <name> example` fragments back to a complete example of the
 * same package. A problem when a fragment's reason names a continuation in
 * another form, `<name>` has no example or several, or the chain reaches an
 * example that is not run.
 */
export function exampleChain(example: TsdocExample, all: TsdocExample[]): ExampleChain {
  const chain = [example];
  let current = example;
  while (current.fragment !== null) {
    const name = continuedExample(current.fragment);
    const where = `${current.file}:${current.line} (${current.symbol})`;
    if (name === null) {
      return {
        problem: mentionsContinuation(current.fragment)
          ? `${where}: fragment="${current.fragment}" must read "continues the <function> example"`
          : `${example.file}:${example.line} (${example.symbol}) continues ${where}, which is not run: ${current.fragment}`,
      };
    }
    const continued = all.filter((e) => e.pkg === current.pkg && e.symbol === name);
    if (continued.length !== 1) {
      return {
        problem: `${where} continues the ${name} example, but ${name} has ${continued.length === 0 ? "no example" : `${continued.length} examples`} in ${current.pkg}`,
      };
    }
    const [base] = continued as [TsdocExample];
    if (chain.includes(base)) return { problem: `${where}: its continuations form a loop` };
    chain.unshift(base);
    current = base;
  }
  return { chain };
}

/** A module composed of examples, and where each one's lines start in it. */
export interface ComposedExample {
  code: string;
  /** Per example of the chain: the 1-based line in `code` of its first line. */
  starts: number[];
}

/** The names an import declaration binds, each as `<module> <imported> <local>`. */
function importBindings(node: ts.ImportDeclaration): string[] {
  const from = (node.moduleSpecifier as ts.StringLiteral).text;
  const clause = node.importClause;
  if (!clause) return [];
  const bindings: string[] = [];
  if (clause.name) bindings.push(`${from} default ${clause.name.text}`);
  const named = clause.namedBindings;
  if (named && ts.isNamespaceImport(named)) bindings.push(`${from} * ${named.name.text}`);
  if (named && ts.isNamedImports(named)) {
    for (const e of named.elements) {
      bindings.push(`${from} ${(e.propertyName ?? e.name).text} ${e.name.text}`);
    }
  }
  return bindings;
}

/**
 * What is left of an import declaration once the names the module already
 * imports are dropped: null when nothing is dropped, "" when all are.
 */
function keptImport(node: ts.ImportDeclaration, imported: Set<string>): string | null {
  const bindings = importBindings(node);
  if (!bindings.some((b) => imported.has(b))) return null;
  if (bindings.every((b) => imported.has(b))) return "";
  const clause = node.importClause;
  const named = clause?.namedBindings;
  // Only `import { a, b } from "m"` is rewritten; a default or namespace import stays as written.
  if (!clause || clause.name || !named || !ts.isNamedImports(named)) return null;
  const from = (node.moduleSpecifier as ts.StringLiteral).text;
  const left = named.elements.filter(
    (e) => !imported.has(`${from} ${(e.propertyName ?? e.name).text} ${e.name.text}`),
  );
  const list = left.map((e) => e.getText()).join(", ");
  return `import ${clause.isTypeOnly ? "type " : ""}{ ${list} } from ${JSON.stringify(from)};`;
}

/**
 * Appends the examples of a chain into one module, as a reader pastes a
 * fragment below the example it continues. A fragment's import of a name the
 * module already imports from the same module is dropped (its lines left
 * blank, so that line numbers stay), as a reader merges those.
 */
export function composeExample(chain: TsdocExample[]): ComposedExample {
  const imported = new Set<string>();
  const parts: string[] = [];
  const starts: number[] = [];
  let line = 1;
  for (const example of chain) {
    const source = ts.createSourceFile("example.ts", example.code, ts.ScriptTarget.Latest, true);
    let code = example.code;
    // Backwards, so that earlier positions stay valid.
    for (const statement of [...source.statements].reverse()) {
      if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
      const kept = keptImport(statement, imported);
      if (kept === null) continue;
      const start = statement.getStart(source);
      const lines = code.slice(start, statement.end).split("\n").length;
      code = code.slice(0, start) + kept + "\n".repeat(lines - 1) + code.slice(statement.end);
    }
    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement))
        for (const b of importBindings(statement)) imported.add(b);
    }
    starts.push(line);
    parts.push(code);
    line += code.split("\n").length;
  }
  return { code: `${parts.join("\n")}\nexport {};\n`, starts };
}
