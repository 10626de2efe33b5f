import { format, inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { errorChain, formatLogLine, formatValue } from "../../src/components/toolkit/format";

/**
 * What a run prints in the browser is what Node prints: the runner's
 * formatter (src/components/toolkit/format.ts) against Node's own
 * util.format / util.inspect, on the kinds of values the samples log.
 */
class Farm {
  name = "De Hoeve";
  fields = 2;
}
const circular: Record<string, unknown> = { name: "loop" };
circular.self = circular;
const withNullPrototype = Object.assign(Object.create(null), { a: 1 });
const sparse = [1, 2, 3];
delete sparse[1]; // a hole, which Node shows as <1 empty item>

const values: [string, unknown][] = [
  ["a string in an object", { name: "De Hoeve", quote: "it's" }],
  ["numbers, -0, NaN, bigint", [1, -0, Number.NaN, 2n, 1.5]],
  ["null, undefined, booleans", { a: null, b: undefined, c: true }],
  ["a date", new Date("2025-03-15T00:00:00Z")],
  ["dates in an object", { start: new Date("2025-01-01"), end: null }],
  ["nesting beyond depth 2", { a: { b: { c: { d: 1 } } } }],
  ["an array of 26 numbers, in columns", Array.from({ length: 26 }, (_, i) => i * 7)],
  ["an array of 7 short strings", ["a", "bb", "ccc", "dddd", "eeeee", "ffffff", "g"]],
  ["more than 100 items", Array.from({ length: 103 }, (_, i) => i)],
  [
    "records from the database",
    [
      { id: "f1", name: "Achter de schuur", areaHa: 1.9931, acquiringMethod: "owner" },
      { id: "f2", name: "Huiskavel", areaHa: 0.5, acquiringMethod: "lease" },
    ],
  ],
  ["a long string in an object", { text: "x".repeat(90) }],
  ["a string with a newline", { text: "line one\nline two" }],
  ["a Map and a Set", { m: new Map([["nl_265", 345]]), s: new Set(["a", "b"]) }],
  ["an empty Map, Set, array, object", [new Map(), new Set(), [], {}]],
  ["a class instance", new Farm()],
  ["a null-prototype object", withNullPrototype],
  ["a circular object", circular],
  ["a sparse array", sparse],
  ["a typed array", new Uint8Array([1, 2, 3])],
  ["a function and a class", [function named() {}, () => {}, Farm]],
  ["a symbol and a regexp", { s: Symbol("x"), r: /ab+c/gi }],
  ["keys that need quotes", { "with space": 1, "kebab-case": 2, ok_1: 3 }],
  [
    "a wide object, one key per line",
    { supply: 123.45, removal: 98.76, emission: 12.3, balance: 12.39, complete: false, x: "y" },
  ],
];

describe("the runner's console.log", () => {
  for (const [name, value] of values) {
    it(`prints ${name} as Node does`, () => {
      expect(formatValue(value)).toBe(inspect(value));
      expect(formatLogLine(["value:", value])).toBe(format("value:", value));
    });
  }

  it("joins arguments and applies %s %d %i %f %j %o %O %% as util.format", () => {
    const cases: unknown[][] = [
      ["farms:", ["De Hoeve"], 3, { a: 1 }],
      ["%s has %d fields (%i ha, %f)", "De Hoeve", 2, 3.7, "1.5"],
      ["%j and %o and %O", { a: [1] }, { b: 2 }, { c: 3 }],
      ["100%% done", "extra"],
      ["%s", { a: { b: { c: 1 } } }],
      ["%s", new Date("2025-01-01T00:00:00Z")],
      ["%c styled", "color: red"],
      ["%d", "12px"],
      [42, "then text"],
      ["only a string"],
      ["%s left over"],
    ];
    for (const args of cases)
      expect(formatLogLine(args), JSON.stringify(args)).toBe(format(...args));
  });

  it("prints an error by its name and message, its code and cause as properties", () => {
    const error = Object.assign(new Error("farm not found"), { code: "NOT_FOUND" });
    expect(formatValue(error)).toBe("Error: farm not found { code: 'NOT_FOUND' }");
    const wrapped = new Error("could not save", { cause: new RangeError("too big") });
    expect(formatValue(wrapped)).toBe("Error: could not save { [cause]: RangeError: too big }");
  });
});

describe("a failed assertion's report", () => {
  it("carries the actual and expected values, formatted", async () => {
    const { assertStrict } = await import("../../src/components/toolkit/assert");
    let caught: unknown;
    try {
      assertStrict.deepEqual({ names: ["Huiskavel"] }, { names: ["Achter de schuur"] });
    } catch (error) {
      caught = error;
    }
    expect(errorChain(caught)).toEqual([
      {
        name: "AssertionError",
        code: "ERR_ASSERTION",
        message: "Expected values to be strictly deep-equal",
        actual: "{ names: [ 'Huiskavel' ] }",
        expected: "{ names: [ 'Achter de schuur' ] }",
      },
    ]);
  });

  it("keeps the caller's own message whole", async () => {
    const { assertStrict } = await import("../../src/components/toolkit/assert");
    let caught: unknown;
    try {
      assertStrict.equal(2, 3, "two fields expected: three found");
    } catch (error) {
      caught = error;
    }
    expect(errorChain(caught)[0]).toMatchObject({
      message: "two fields expected: three found",
      actual: "2",
      expected: "3",
    });
  });
});
