import { describe, expect, it } from "vitest";
import { deepFreeze } from "./index.js";

describe("deepFreeze", () => {
  it("freezes objects and arrays at every depth and returns the same value", () => {
    const table = { rows: [{ code: 14, n: 4 }], meta: { source: "RVO" } };
    expect(deepFreeze(table)).toBe(table);
    expect(Object.isFrozen(table.rows)).toBe(true);
    expect(Object.isFrozen(table.rows[0])).toBe(true);
    expect(Object.isFrozen(table.meta)).toBe(true);
    expect(() => {
      (table.rows[0] as { n: number }).n = 5;
    }).toThrow(TypeError);
  });

  it("makes a Map's and a Set's changes throw, and freezes their entries", () => {
    const codes = deepFreeze(new Map([[14, { n: 4 }]]));
    const names = deepFreeze(new Set(["grassland"]));
    expect(() => codes.set(15, { n: 5 })).toThrow("Cannot change a frozen constant table.");
    expect(() => codes.delete(14)).toThrow("Cannot change a frozen constant table.");
    expect(() => names.add("grass")).toThrow("Cannot change a frozen constant table.");
    expect(() => names.clear()).toThrow("Cannot change a frozen constant table.");
    expect(Object.isFrozen(codes.get(14))).toBe(true);
    expect([...codes.keys()]).toEqual([14]);
  });

  it("leaves Dates and class instances as they are, and stops at cycles", () => {
    class Cache {
      hits = 0;
    }
    const value: { day: Date; cache: Cache; self?: unknown } = {
      day: new Date("2025-01-01"),
      cache: new Cache(),
    };
    value.self = value;
    deepFreeze(value);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.day)).toBe(false);
    value.cache.hits += 1;
    expect(value.cache.hits).toBe(1);
  });
});
