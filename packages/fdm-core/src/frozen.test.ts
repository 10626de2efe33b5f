// Every exported constant table of fdm-core is frozen deeply: one assignment by any code in the
// process must not change a value list, a permission table or a date rule for every other caller.
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as pkg from "./index.js";
import { addFertilizer, fdmSchema, getFertilizerParametersDescription } from "./index.js";
import { createTestDatabase, seedFarm, type TestDatabase } from "./test-setup.js";

const isNamespace = (value: unknown) => Object.prototype.toString.call(value) === "[object Module]";

/** Whether `set`/`add` on a Map or Set throws rather than changing it. */
function refusesChange(collection: Map<unknown, unknown> | Set<unknown>): boolean {
  const probe = Symbol("probe");
  try {
    if (collection instanceof Map) collection.set(probe, 1);
    else collection.add(probe);
  } catch {
    return true;
  }
  Map.prototype.delete.call(collection, probe);
  return false;
}

/**
 * The paths under `value` that can still be changed: plain objects, arrays, Maps and Sets that
 * are not frozen. Functions, Dates and other class instances (drizzle's tables, a RegExp) are
 * not tables and are skipped.
 */
function changeable(value: unknown, at: string, seen = new Set<object>()): string[] {
  if (typeof value !== "object" || value === null || seen.has(value)) return [];
  seen.add(value);
  if (value instanceof Map || value instanceof Set) {
    const self = Object.isFrozen(value) && refusesChange(value) ? [] : [at];
    const items = value instanceof Map ? [...value.entries()].flat() : [...value];
    return self.concat(items.flatMap((item, i) => changeable(item, `${at}<${i}>`, seen)));
  }
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return [];
  const self = Object.isFrozen(value) ? [] : [at];
  return self.concat(
    Reflect.ownKeys(value).flatMap((key) =>
      changeable((value as Record<PropertyKey, unknown>)[key], `${at}.${String(key)}`, seen),
    ),
  );
}

/** The exported values of a module that are constant tables; a namespace export is opened. */
function tablesOf(module: Record<string, unknown>, prefix: string): [string, unknown][] {
  return Object.entries(module).flatMap(([name, value]): [string, unknown][] => {
    if (isNamespace(value)) return tablesOf(value as Record<string, unknown>, `${prefix}${name}.`);
    return typeof value === "object" && value !== null ? [[`${prefix}${name}`, value]] : [];
  });
}

describe("fdm-core's exported constant tables are frozen", () => {
  it("every constant table of the public entry (fdmSchema included) is frozen all the way down", () => {
    const tables = tablesOf(pkg as unknown as Record<string, unknown>, "");
    expect(tables.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "fdmSchema.typeRvoOptions",
        "fdmSchema.typeRvoEnum",
        "fdmSchema.soilTypesOptions",
        "fdmSchema.acquiringMethodOptions",
      ]),
    );
    expect(tables.flatMap(([name, value]) => changeable(value, name))).toEqual([]);
  });

  it("every constant table any module of the package exports is frozen all the way down", async () => {
    const dir = import.meta.dirname;
    const files = readdirSync(dir).filter(
      (file) =>
        file.endsWith(".ts") &&
        !file.endsWith(".test.ts") &&
        !file.endsWith(".d.ts") &&
        !file.startsWith("test-"),
    );
    const found: string[] = [];
    const open: string[] = [];
    for (const file of files) {
      const module = (await import(path.join(dir, file))) as Record<string, unknown>;
      for (const [name, value] of tablesOf(module, `${file}:`)) {
        found.push(name);
        open.push(...changeable(value, name));
      }
    }
    expect(found).toEqual(
      expect.arrayContaining([
        "authorization.ts:permissions",
        "authorization.ts:organizationPermissions",
        "validate.ts:dateRange",
        "migrations-bundled.ts:bundledJournal",
      ]),
    );
    expect(open).toEqual([]);
  });
});

describe("an assignment to a constant table throws and changes nothing", () => {
  let db: TestDatabase;
  let farmId: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    ({ farmId } = await seedFarm(db.fdm, "owner"));
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it("the mestcodes cannot be extended: an unknown typeRvo is still refused", async () => {
    expect(() => (fdmSchema.typeRvoEnum as unknown as string[]).push("999")).toThrow(TypeError);
    expect(() => {
      (fdmSchema.typeRvoEnum as unknown as string[])[0] = "999";
    }).toThrow(TypeError);
    expect(() =>
      (fdmSchema.typeRvoOptions as unknown as { value: number }[]).push({ value: 999 }),
    ).toThrow(TypeError);
    await expect(
      addFertilizer(db.fdm, "owner", farmId, {
        custom: {
          name: "Onbekend product",
          typeRvo: 999 as 116,
          isManure: false,
          form: "slurry",
          n: 5,
          applicationMethods: ["narrowband"],
        },
        acquiringDate: new Date("2025-02-01"),
      }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT", field: "typeRvo" });
  });

  it("a caller cannot change the option lists another caller is shown", () => {
    const typeRvo = getFertilizerParametersDescription().find((d) => d.parameter === "typeRvo");
    const options = typeRvo?.options as { value: number; label: string }[];
    const before = options.length;
    expect(() => options.push({ value: 999, label: "Nep" })).toThrow(TypeError);
    expect(() => {
      (options[0] as { label: string }).label = "Nep";
    }).toThrow(TypeError);
    const again = getFertilizerParametersDescription().find((d) => d.parameter === "typeRvo");
    expect(again?.options).toHaveLength(before);
    expect(again?.options?.[0]).toEqual({ value: 10, label: "Rundvee - Vaste mest" });
  });
});
