// Exported constant tables are shared by every caller in the process: one assignment to a
// mutable one would change the rules for all of them. They are frozen deeply where defined.

function refuse(): never {
  throw new TypeError("Cannot change a frozen constant table.");
}

/**
 * Freezes a value and everything it holds: plain objects, arrays, Maps and Sets (whose `set`,
 * `add`, `delete` and `clear` then throw). Functions, Dates and other class instances are left
 * as they are, since they are not the caller's to freeze. The catalogues of this package and
 * the constant tables of fdm-core and fdm-calculator are frozen with it.
 *
 * The freeze is deep at run time; the type marks the top level read-only and leaves the rest to
 * the constant's own annotation, so a table typed with mutable rows still type-checks.
 *
 * @param value - The constant to freeze.
 * @returns The same value, frozen.
 * @throws {TypeError} Never itself; afterwards, changing a frozen Map or Set throws
 *   `TypeError: Cannot change a frozen constant table.`, and assigning to a frozen object
 *   throws in strict mode.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { deepFreeze } from "fdm-data";
 * const table = deepFreeze({ codes: new Map([[14, { n: 4 }]]), rows: [{ code: 14 }] });
 * assert.ok(Object.isFrozen(table.rows[0]));
 * assert.throws(() => table.codes.set(15, { n: 5 }), /Cannot change a frozen constant table/);
 * ```
 */
export function deepFreeze<T>(value: T): Readonly<T> {
  freeze(value, new WeakSet());
  return value;
}

function freeze(value: unknown, seen: WeakSet<object>): void {
  if (typeof value !== "object" || value === null || seen.has(value)) return;
  seen.add(value);
  if (value instanceof Map || value instanceof Set) {
    for (const name of ["set", "add", "delete", "clear"]) {
      Object.defineProperty(value, name, { value: refuse });
    }
    for (const entry of value instanceof Map ? value.entries() : value.values()) {
      freeze(entry, seen);
    }
  } else if (!Array.isArray(value)) {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return;
  }
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) {
    freeze((value as Record<PropertyKey, unknown>)[key], seen);
  }
}
