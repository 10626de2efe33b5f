import nodeLoose from "node:assert";
import nodeAssert from "node:assert/strict";
import { describe, expect, it } from "vitest";
import { assertLoose, assertStrict } from "../../src/components/toolkit/assert";
import { errorChain, formatLogLine } from "../../src/components/toolkit/format";

/**
 * The browser runner's node:assert shim passes and fails where Node's
 * node:assert does, for the calls the docs samples make.
 */
type Call = [string, (a: typeof nodeAssert) => unknown];
const calls: Call[] = [
  ["equal same", (a) => a.equal(1, 1)],
  ["equal different", (a) => a.equal(1, 2)],
  ["equal 1 and '1'", (a) => a.equal(1 as unknown, "1")],
  ["ok truthy", (a) => a.ok("x")],
  ["ok falsy", (a) => a.ok(0)],
  [
    "deepEqual objects",
    (a) => a.deepEqual({ x: [1, { y: new Date(0) }] }, { x: [1, { y: new Date(0) }] }),
  ],
  ["deepEqual differing dates", (a) => a.deepEqual({ d: new Date(0) }, { d: new Date(1) })],
  ["deepEqual 1 and '1'", (a) => a.deepEqual([1] as unknown, ["1"])],
  ["deepEqual extra key", (a) => a.deepEqual({ a: 1 } as unknown, { a: 1, b: 2 })],
  ["notEqual", (a) => a.notEqual(1, 2)],
  ["match", (a) => a.match("abc", /b/)],
  ["match fails", (a) => a.match("abc", /z/)],
  [
    "throws with class",
    (a) =>
      a.throws(() => {
        throw new TypeError("x");
      }, TypeError),
  ],
  [
    "throws with predicate",
    (a) =>
      a.throws(
        () => {
          throw new Error("x");
        },
        (e) => e instanceof Error,
      ),
  ],
  [
    "throws with object",
    (a) =>
      a.throws(
        () => {
          throw Object.assign(new Error("m"), { code: "C" });
        },
        { code: "C" },
      ),
  ],
  ["throws nothing", (a) => a.throws(() => {})],
  [
    "throws the wrong class",
    (a) =>
      a.throws(() => {
        throw new Error("x");
      }, TypeError),
  ],
  ["fail", (a) => a.fail("stop")],
];

const outcome = (f: () => unknown) => {
  try {
    f();
    return "passes";
  } catch (error) {
    return (error as Error).name === "AssertionError"
      ? "AssertionError"
      : `throws ${(error as Error).name}`;
  }
};

describe("node:assert/strict shim", () => {
  for (const [name, call] of calls) {
    it(name, () => {
      expect(outcome(() => call(assertStrict as unknown as typeof nodeAssert))).toBe(
        outcome(() => call(nodeAssert)),
      );
    });
  }
  it("rejects like Node", async () => {
    await assertStrict.rejects(Promise.reject(new RangeError("r")), RangeError);
    await expect(assertStrict.rejects(Promise.resolve(1))).rejects.toThrow(
      "Missing expected rejection",
    );
    await expect(nodeAssert.rejects(Promise.resolve(1))).rejects.toThrow(
      "Missing expected rejection",
    );
  });
});

describe("node:assert (legacy) shim", () => {
  it("compares loosely where Node does", () => {
    expect(outcome(() => assertLoose.equal(1, "1"))).toBe(outcome(() => nodeLoose.equal(1, "1")));
    expect(outcome(() => assertLoose.deepEqual([1], ["1"]))).toBe(
      outcome(() => nodeLoose.deepEqual([1], ["1"])),
    );
  });
});

describe("what the runner prints", () => {
  it("a log line: strings bare, values formatted", () => {
    expect(formatLogLine(["farms:", ["De Hoeve"], 3, { a: 1 }])).toBe(
      "farms: [ 'De Hoeve' ] 3 { a: 1 }",
    );
  });
  it("an error with its cause chain and codes", () => {
    const inner = Object.assign(new Error("duplicate key"), { code: "23505" });
    const outer = new Error("addFarm failed", { cause: inner });
    expect(errorChain(outer)).toEqual([
      { name: "Error", message: "addFarm failed" },
      { name: "Error", message: "duplicate key", code: "23505" },
    ]);
  });
});
