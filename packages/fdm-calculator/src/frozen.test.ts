// Every exported constant table of fdm-calculator is frozen deeply: one assignment by any code in
// the process must not change a bound, a default or a norm table for every other caller.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as pkg from "./index.js";
import {
  calculateDose,
  NITROGEN_BALANCE_DEFAULTS,
  NUTRIENT_ADVICE_NUTRIENTS,
  OutOfBoundsError,
  PHYSICAL_BOUNDS,
} from "./index.js";

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
 * are not frozen. Functions, Dates and other class instances are not tables and are skipped.
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

/** Every module of the package but tests and test helpers, by its path under src/. */
async function packageModules(): Promise<[string, Record<string, unknown>][]> {
  const dir = import.meta.dirname;
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter(
    (file) =>
      file.endsWith(".ts") &&
      !file.endsWith(".test.ts") &&
      !file.endsWith(".d.ts") &&
      !path.basename(file).startsWith("test-"),
  );
  return Promise.all(
    files.map(
      async (file): Promise<[string, Record<string, unknown>]> => [
        file,
        (await import(path.join(dir, file))) as Record<string, unknown>,
      ],
    ),
  );
}

/** The exported values of a module that are constant tables (objects, arrays, Maps, Sets). */
function tablesOf(module: Record<string, unknown>, prefix: string): [string, unknown][] {
  return Object.entries(module).flatMap(([name, value]): [string, unknown][] => {
    if (isNamespace(value)) return tablesOf(value as Record<string, unknown>, `${prefix}${name}.`);
    return typeof value === "object" && value !== null ? [[`${prefix}${name}`, value]] : [];
  });
}

describe("fdm-calculator's exported constant tables are frozen", () => {
  it("every constant table of the public entry is frozen all the way down", () => {
    const tables = tablesOf(pkg as unknown as Record<string, unknown>, "");
    // Not vacuous: the tables this test was written for are among them.
    expect(tables.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "PHYSICAL_BOUNDS",
        "NITROGEN_BALANCE_DEFAULTS",
        "NUTRIENT_ADVICE_NUTRIENTS",
      ]),
    );
    expect(tables.flatMap(([name, value]) => changeable(value, name))).toEqual([]);
  });

  it("every constant table any module of the package exports is frozen all the way down", async () => {
    const found: string[] = [];
    const open: string[] = [];
    for (const [file, module] of await packageModules()) {
      for (const [name, value] of tablesOf(module, `${file}:`)) {
        found.push(name.slice(name.indexOf(":") + 1));
        open.push(...changeable(value, name));
      }
    }
    // Not vacuous: the norm tables, the year rules and a Map table are among them.
    expect(found).toEqual(
      expect.arrayContaining(["STIKSTOF_TABLE_2025", "RULES_2025", "RULES_2026", "MESTCODES"]),
    );
    expect(open).toEqual([]);
  });
});

describe("an assignment to a constant table throws and changes nothing", () => {
  const doseInput = {
    fieldId: "field-1",
    region: "klei" as const,
    hasGrazingIntention: false,
    cultivations: [{ cultivationId: "nl_265", startDate: new Date("2020-01-01"), endDate: null }],
  };
  const absurdDose = () =>
    calculateDose({
      ...doseInput,
      applications: [
        {
          date: new Date("2025-04-01"),
          amount: 1e308,
          fertilizer: {
            typeRvo: 115,
            composition: { n: 270, p2o5: null, k2o: null, so3: null, mgo: null, cao: null },
          },
        },
      ],
    });

  it("PHYSICAL_BOUNDS: the 1e308 check cannot be switched off", () => {
    const bound = PHYSICAL_BOUNDS.applicationAmount as { max: number };
    expect(() => {
      bound.max = Number.POSITIVE_INFINITY;
    }).toThrow(TypeError);
    expect(() => {
      (PHYSICAL_BOUNDS as Record<string, unknown>).applicationAmount = {
        min: 0,
        max: Number.MAX_VALUE,
      };
    }).toThrow(TypeError);
    expect(() => Object.defineProperty(bound, "max", { value: Number.POSITIVE_INFINITY })).toThrow(
      TypeError,
    );
    expect(() => {
      delete (bound as { max?: number }).max;
    }).toThrow(TypeError);
    expect(PHYSICAL_BOUNDS.applicationAmount.max).toBe(200_000);
    expect(absurdDose).toThrow(OutOfBoundsError);
  });

  it("NITROGEN_BALANCE_DEFAULTS: a figure cannot be changed", () => {
    const veen = NITROGEN_BALANCE_DEFAULTS.mineralization.veen as { grassland: number };
    expect(() => {
      veen.grassland = 0;
    }).toThrow(TypeError);
    expect(NITROGEN_BALANCE_DEFAULTS.mineralization.veen.grassland).toBe(160);
  });

  it("NUTRIENT_ADVICE_NUTRIENTS: the contract's nutrients cannot be extended", () => {
    expect(() => (NUTRIENT_ADVICE_NUTRIENTS as string[]).push("fe")).toThrow(TypeError);
    expect(NUTRIENT_ADVICE_NUTRIENTS).toHaveLength(12);
  });

  it("a Map table (MESTCODES, Table 11 by mestcode) refuses set, delete and clear", async () => {
    const owner = (await packageModules()).find(([, module]) => module.MESTCODES instanceof Map);
    const map = owner?.[1].MESTCODES as Map<number, unknown>;
    expect(() => map.set(115, null)).toThrow(TypeError);
    expect(() => map.delete(115)).toThrow(TypeError);
    expect(() => map.clear()).toThrow(TypeError);
    expect(map.get(115)).toMatchObject({ code: 115 });
  });
});
