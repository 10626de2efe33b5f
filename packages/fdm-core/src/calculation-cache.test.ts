import { createHash } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashCalculationInput, withCalculationCache } from "./calculation-cache.js";
import { FdmError } from "./error.js";
import { calculationErrors, calculationResults } from "./schema.js";
import { createTestDatabase, type TestDatabase } from "./test-setup.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await db?.close();
});

interface Input {
  fieldId: string;
  supply: number;
  removal: number;
  date: Date;
}

/** A calculation that counts its runs. */
function counted(fail = false) {
  const state = { runs: 0 };
  const fn = (input: Input) => {
    state.runs += 1;
    if (fail) throw new FdmError("INVALID_INPUT", "removal: must not exceed 1000.");
    return { surplus: input.supply - input.removal, on: input.date };
  };
  return { state, fn };
}

const input: Input = {
  fieldId: "f1",
  supply: 250,
  removal: 180,
  date: new Date("2025-06-01T00:00:00Z"),
};

async function resultRows(name: string): Promise<number> {
  const [row] = await db.fdm
    .select({ n: count() })
    .from(calculationResults)
    .where(eq(calculationResults.calculatorName, name));
  return row?.n ?? 0;
}

describe("withCalculationCache", () => {
  it("computes on a miss and answers a hit from the cache, with Dates restored", async () => {
    const { state, fn } = counted();
    const cached = withCalculationCache(db.fdm, fn, { name: "hit", version: "1.0.0" });
    const first = await cached(input);
    // Same data, keys in another order, a new Date object: the same input.
    const second = await cached({
      date: new Date("2025-06-01T00:00:00Z"),
      removal: 180,
      supply: 250,
      fieldId: "f1",
    });
    expect(first).toEqual({ surplus: 70, on: new Date("2025-06-01T00:00:00Z") });
    expect(second).toEqual(first);
    expect(second.on).toBeInstanceOf(Date);
    expect(state.runs).toBe(1);
    expect(await resultRows("hit")).toBe(1);
  });

  it("misses for a different input, including a different Date", async () => {
    const { state, fn } = counted();
    const cached = withCalculationCache(db.fdm, fn, { name: "miss", version: "1.0.0" });
    await cached(input);
    expect((await cached({ ...input, removal: 200 })).surplus).toBe(50);
    await cached({ ...input, date: new Date("2025-06-01T00:00:00.001Z") });
    expect(state.runs).toBe(3);
    expect(await resultRows("miss")).toBe(3);
  });

  it("misses when the calculator's version changes", async () => {
    const { state, fn } = counted();
    await withCalculationCache(db.fdm, fn, { name: "versioned", version: "1.0.0" })(input);
    await withCalculationCache(db.fdm, fn, { name: "versioned", version: "1.0.1" })(input);
    await withCalculationCache(db.fdm, fn, { name: "versioned", version: "1.0.0" })(input);
    expect(state.runs).toBe(2);
    expect(await resultRows("versioned")).toBe(2);
  });

  it("records an error, throws it on and does not cache it", async () => {
    const { state, fn } = counted(true);
    const cached = withCalculationCache(db.fdm, fn, { name: "failing", version: "2.0.0" });
    await expect(cached(input)).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: "removal: must not exceed 1000.",
    });
    await expect(cached(input)).rejects.toBeInstanceOf(FdmError);
    expect(state.runs).toBe(2);
    expect(await resultRows("failing")).toBe(0);
    const errors = await db.fdm
      .select()
      .from(calculationErrors)
      .where(eq(calculationErrors.calculatorName, "failing"));
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({
      calculatorVersion: "2.0.0",
      inputHash: hashCalculationInput(input),
      errorName: "FdmError",
      errorMessage: "removal: must not exceed 1000.",
      errorCode: "INVALID_INPUT",
      input:
        '{"date":{"$date":"2025-06-01T00:00:00.000Z"},"fieldId":"f1","removal":180,"supply":250}',
    });
  });

  it("rejects an input that is not JSON data or Dates before computing or writing", async () => {
    const { state, fn } = counted();
    const cached = withCalculationCache(db.fdm, fn as (i: unknown) => unknown, {
      name: "strict",
      version: "1",
    });
    const cases: [unknown, string][] = [
      [{ a: Number.NaN }, "input.a"],
      [{ a: [1, () => 2] }, "input.a[1]"],
      [{ a: new Map() }, "input.a"],
      [{ a: new Date("nope") }, "input.a"],
      [{ $date: "2025-01-01" }, "input"],
      [{ a: 1n }, "input.a"],
    ];
    for (const [bad, field] of cases) {
      await expect(cached(bad)).rejects.toMatchObject({ code: "INVALID_INPUT", field });
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(cached(cyclic)).rejects.toMatchObject({ field: "input.self" });
    expect(state.runs).toBe(0);
    expect(await resultRows("strict")).toBe(0);
  });

  it("stores each result under the hash of the input it was computed on, when one object is reused across Promise.all", async () => {
    // The stikstofgebruiksnorm (kg N/ha) per crop: grassland 385, winter wheat 245.
    const norms: Record<string, number> = { grassland: 385, winter_wheat: 245 };
    const norm = (i: { fieldId: string; crop: string }) => ({
      fieldId: i.fieldId,
      norm: norms[i.crop] ?? 0,
    });
    const cached = withCalculationCache(db.fdm, norm, { name: "reused-input", version: "1" });
    // A careless integrator fills one object per field and fires the calls without awaiting.
    const reused = { fieldId: "grass-field", crop: "grassland" };
    const grass = cached(reused);
    reused.fieldId = "wheat-field";
    reused.crop = "winter_wheat";
    const wheat = cached(reused);
    expect(await Promise.all([grass, wheat])).toEqual([
      { fieldId: "grass-field", norm: 385 },
      { fieldId: "wheat-field", norm: 245 },
    ]);

    const stored = await db.fdm
      .select({ hash: calculationResults.inputHash, result: calculationResults.result })
      .from(calculationResults)
      .where(eq(calculationResults.calculatorName, "reused-input"));
    const byHash = Object.fromEntries(stored.map((row) => [row.hash, JSON.parse(row.result)]));
    expect(byHash).toEqual({
      [hashCalculationInput({ fieldId: "grass-field", crop: "grassland" })]: {
        fieldId: "grass-field",
        norm: 385,
      },
      [hashCalculationInput({ fieldId: "wheat-field", crop: "winter_wheat" })]: {
        fieldId: "wheat-field",
        norm: 245,
      },
    });
    // A later caller asking for the grassland field gets the grassland norm.
    expect(await cached({ fieldId: "grass-field", crop: "grassland" })).toEqual({
      fieldId: "grass-field",
      norm: 385,
    });
  });

  it("computes on a frozen copy: a change to the input during an async calculation is not seen", async () => {
    const seen: unknown[] = [];
    const cached = withCalculationCache(
      db.fdm,
      async (i: { items: number[] }) => {
        seen.push(Object.isFrozen(i), Object.isFrozen(i.items));
        await new Promise((done) => setTimeout(done, 20));
        return i.items.reduce((a, b) => a + b, 0);
      },
      { name: "frozen-copy", version: "1" },
    );
    const items = [1, 2, 3];
    const sum = cached({ items });
    await new Promise((done) => setTimeout(done, 5));
    items.push(1000);
    expect(await sum).toBe(6);
    expect(seen).toEqual([true, true]);
    const [row] = await db.fdm
      .select({ hash: calculationResults.inputHash, result: calculationResults.result })
      .from(calculationResults)
      .where(eq(calculationResults.calculatorName, "frozen-copy"));
    expect(row).toEqual({ hash: hashCalculationInput({ items: [1, 2, 3] }), result: "6" });
  });

  it("rejects an empty name or version", () => {
    const { fn } = counted();
    expect(() => withCalculationCache(db.fdm, fn, { name: "", version: "1" })).toThrow(
      "options.name: must be a non-empty string.",
    );
    expect(() => withCalculationCache(db.fdm, fn, { name: "x", version: " " })).toThrow(
      "options.version: must be a non-empty string.",
    );
  });
});

describe("hashCalculationInput", () => {
  it("hashes the canonical JSON: keys sorted, Dates tagged in UTC, undefined left out", () => {
    const text = '{"a":[1,null,"x"],"b":{"$date":"2025-01-01T00:00:00.000Z"},"c":{"d":true}}';
    const expected = createHash("sha256").update(text).digest("hex");
    expect(
      hashCalculationInput({
        c: { d: true, e: undefined },
        b: new Date("2025-01-01T01:00:00+01:00"),
        a: [1, undefined, "x"],
      }),
    ).toBe(expected);
  });

  it("tells apart a Date from its ISO string", () => {
    const iso = "2025-01-01T00:00:00.000Z";
    expect(hashCalculationInput({ d: new Date(iso) })).not.toBe(hashCalculationInput({ d: iso }));
  });
});
