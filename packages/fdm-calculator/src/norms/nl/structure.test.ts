import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One engine, the year a value: the engine holds no year, and only the registry ties a year
// to its rules. These checks read the package's sources, so a new import that breaks the
// layout fails here rather than in review.
const src = path.resolve(import.meta.dirname, "../../");
const files = readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
  .map((f) => f.split(path.sep).join("/"));

/** The package-relative paths a file imports (static and dynamic), resolved. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(src, file), "utf8");
  const found = [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)];
  return found.map((m) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] as string)),
  );
}

const yearFolder = /^norms\/nl\/\d{4}\//;
// Only the registry finds a year's rules: every public function takes the year as a value.
const MAY_IMPORT_A_YEAR = new Set(["norms/nl/registry.ts"]);

describe("the norms' layout", () => {
  it("no file outside a year's folder imports from a year's folder, but the registry", () => {
    const offending = files
      .filter((f) => !yearFolder.test(f) && !MAY_IMPORT_A_YEAR.has(f))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => yearFolder.test(i))
          .map((i) => `${f} → ${i}`),
      );
    expect(offending).toEqual([]);
  });

  it("the engine is year-neutral: it imports no year, no registry, and names no year's rules", () => {
    const engine = files.filter((f) => f.startsWith("norms/nl/engine/") && !f.endsWith(".test.ts"));
    expect(engine.length).toBeGreaterThan(10);
    const offending = engine.flatMap((f) => [
      ...importsOf(f)
        .filter((i) => yearFolder.test(i) || i === "norms/nl/registry.js")
        .map((i) => `${f} imports ${i}`),
      ...(/RULES_20\d\d/.test(readFileSync(path.join(src, f), "utf8"))
        ? [`${f} names RULES_<year>`]
        : []),
    ]);
    expect(offending).toEqual([]);
  });

  it("a year's folder imports no other file outside it than the engine, the calendar and the package's helpers", () => {
    const offending = files
      .filter((f) => yearFolder.test(f) && !f.endsWith(".test.ts"))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => i.startsWith("norms/") && !yearFolder.test(i))
          .filter((i) => !i.startsWith("norms/nl/engine/") && i !== "norms/nl/calendar.js")
          .map((i) => `${f} → ${i}`),
      );
    expect(offending).toEqual([]);
  });

  it("validation and the main crop no longer import each other", () => {
    expect(importsOf("norms/nl/engine/input.ts")).not.toContain("norms/nl/engine/hoofdteelt.js");
  });
});
