import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getNormYears } from "../../index.js";

// Which of RVO's rules each year's norms apply, from ONE data file per year
// (`<year>/conformance.json`): this test checks every rule marked applied names a test that
// exists, and that the conformance table on each norms page is the one the data gives.
// FDM_WRITE_CONFORMANCE=1 writes the tables into the pages instead of comparing them.

type Status = "applied" | "not applied" | "decided otherwise";
interface Rule {
  id: string;
  norm: "stikstof" | "fosfaat" | "dierlijke-mest" | "renure";
  rule: string;
  source: string;
  status: Status;
  why?: string;
  test?: { file: string; name: string };
}

const src = path.resolve(import.meta.dirname, "../..");
const docs = path.resolve(src, "../../../docs/norms/nl");
// Every norm's table is on the year's conformance page (the norm pages link to it: the
// tables would put the 2025 stikstof page over its 150 KB first-load bar).
const PAGES: Record<Rule["norm"], string> = {
  stikstof: "conformance.mdx",
  fosfaat: "conformance.mdx",
  "dierlijke-mest": "conformance.mdx",
  renure: "conformance.mdx",
};
const BEGIN = (norm: string) => `{/* conformance:begin ${norm} `;
const END = (norm: string) => `{/* conformance:end ${norm} */}`;

const rulesOf = (year: number): Rule[] =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, `${year}`, "conformance.json"), "utf8"))
    .rules;

/** The table of one norm's rules, as the page shows it. */
function table(year: number, norm: string, rules: Rule[]): string {
  const rows = rules.map((r) => {
    const status = r.status === "applied" ? "applied" : `${r.status}: ${r.why}`;
    const test = r.test ? `\`${r.test.file}\`: “${r.test.name}”` : "—";
    return `| ${r.rule} | ${r.source} | ${status} | ${test} |`;
  });
  return [
    `${BEGIN(norm)}generated from packages/fdm-calculator/src/norms/nl/${year}/conformance.json by conformance.test.ts */}`,
    "",
    "| Rule | Source | Status | Test |",
    "|---|---|---|---|",
    ...rows,
    "",
    END(norm),
  ].join("\n");
}

/** The rules whose test is missing: none named for an applied rule, or a name no test file holds. */
function untested(rules: Rule[]): string[] {
  return rules.flatMap((r) => {
    if (r.status !== "applied" && r.test === undefined) return [];
    if (r.test === undefined) return [`${r.id}: applied without a test`];
    const file = path.join(src, r.test.file);
    if (!existsSync(file)) return [`${r.id}: no file ${r.test.file}`];
    return readFileSync(file, "utf8").includes(r.test.name)
      ? []
      : [`${r.id}: ${r.test.file} has no test "${r.test.name}"`];
  });
}

describe.each(getNormYears())("conformance %i", (year) => {
  const rules = rulesOf(year);

  it("has a data file whose every rule is well formed, with a unique id", () => {
    expect(rules.length).toBeGreaterThan(20);
    const ids = rules.map((r) => `${r.norm}/${r.id}`);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of rules) {
      expect(["applied", "not applied", "decided otherwise"], r.id).toContain(r.status);
      expect(Object.keys(PAGES), r.id).toContain(r.norm);
      expect(r.rule.trim(), r.id).not.toBe("");
      expect(r.source.trim(), r.id).not.toBe("");
      if (r.status !== "applied") expect(r.why?.trim(), `${r.id} needs why`).toBeTruthy();
      // MDX reads { and < as code; a | would break the table.
      for (const text of [r.rule, r.source, r.why ?? "", r.test?.name ?? ""]) {
        expect(text, r.id).not.toMatch(/[{}<>|]/);
      }
    }
  });

  it("names, for every rule marked applied, a test that exists", () => {
    expect(untested(rules)).toEqual([]);
  });

  it("shows the table of each norm on its page, as the data gives it", () => {
    const norms = [...new Set(rules.map((r) => r.norm))];
    for (const norm of norms) {
      const page = path.join(docs, `${year}`, PAGES[norm]);
      const text = readFileSync(page, "utf8");
      const start = text.indexOf(BEGIN(norm));
      const end = text.indexOf(END(norm));
      expect(start, `${page} has no conformance block`).toBeGreaterThan(-1);
      const expected = table(
        year,
        norm,
        rules.filter((r) => r.norm === norm),
      );
      const shown = text.slice(start, end + END(norm).length);
      if (process.env.FDM_WRITE_CONFORMANCE === "1" && shown !== expected) {
        writeFileSync(page, text.slice(0, start) + expected + text.slice(end + END(norm).length));
        continue;
      }
      expect(shown, `${page}: run with FDM_WRITE_CONFORMANCE=1 to regenerate`).toBe(expected);
    }
  });
});

describe("a rule marked applied without an existing test", () => {
  it("is refused: no test named, a file that does not exist, a name no test has", () => {
    const rule = (test?: Rule["test"]): Rule => ({
      id: "x",
      norm: "stikstof",
      rule: "r",
      source: "s",
      status: "applied",
      ...(test ? { test } : {}),
    });
    expect(
      untested([
        rule(),
        rule({ file: "norms/nl/2025/nowhere.test.ts", name: "a" }),
        rule({ file: "norms/nl/2025/hoofdteelt.test.ts", name: "a test nobody wrote" }),
      ]),
    ).toEqual([
      "x: applied without a test",
      "x: no file norms/nl/2025/nowhere.test.ts",
      'x: norms/nl/2025/hoofdteelt.test.ts has no test "a test nobody wrote"',
    ]);
  });
});
