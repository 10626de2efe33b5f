import { sha256 as sha256Digest } from "@noble/hashes/sha2";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils";
import { and, eq } from "drizzle-orm";
import { deepFreeze } from "fdm-data";
import { FdmError } from "./error.js";
import type { FdmType } from "./fdm.js";
import { system } from "./guard.js";
import { calculationErrors, calculationResults } from "./schema.js";
import { createId, requireText } from "./validate.js";

/** Options of {@link withCalculationCache}: which calculator, in which version. */
export interface CalculationCacheOptions {
  /** The calculator's name, e.g. `calculateNitrogenBalance`; 1–200 characters. */
  name: string;
  /**
   * The calculator's version, e.g. the package version `0.8.0`; 1–100
   * characters. Results are stored per version, so a new version never
   * serves a result computed by an older one.
   */
  version: string;
}

const dateTag = "$date";

/**
 * Turns a value into JSON text with object keys sorted, so that the same data
 * gives the same text whatever the order its keys were written in. Dates
 * become `{"$date":"<ISO 8601>"}`; `undefined` object members are left out and
 * `undefined` array items become `null`, as in `JSON.stringify`.
 */
function canonical(value: unknown, path: string, seen: Set<object>): string {
  const reject = (rule: string) =>
    new FdmError("INVALID_INPUT", `${path}: ${rule}.`, { field: path });
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
    case "boolean":
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) throw reject("must be a finite number");
      return JSON.stringify(value);
    case "object":
      break;
    default:
      throw reject(`must be JSON data or a Date, not a ${typeof value}`);
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw reject("must be a valid Date");
    return `{"${dateTag}":${JSON.stringify(value.toISOString())}}`;
  }
  if (seen.has(value)) throw reject("must not refer to itself");
  seen.add(value);
  let out: string;
  if (Array.isArray(value)) {
    out = `[${value.map((v, i) => (v === undefined ? "null" : canonical(v, `${path}[${i}]`, seen))).join(",")}]`;
  } else {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      throw reject("must be a plain object, an array or a Date (no Map, Set or class instance)");
    }
    const record = value as Record<string, unknown>;
    if (dateTag in record) throw reject(`must not have a key named ${dateTag}`);
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort();
    out = `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(record[k], `${path}.${k}`, seen)}`).join(",")}}`;
  }
  seen.delete(value);
  return out;
}

function revive(_key: string, value: unknown): unknown {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === dateTag) {
      return new Date((value as Record<string, string>)[dateTag] as string);
    }
  }
  return value;
}

/**
 * The SHA-256 hash, as 64 hexadecimal characters, of a calculation input's
 * canonical JSON: object keys sorted, Dates written as
 * `{"$date":"<ISO 8601 in UTC>"}`, `undefined` members left out. Inputs that
 * hold the same data give the same hash, whatever their key order.
 *
 * @param input - JSON data (objects, arrays, strings, finite numbers, booleans, `null`) and Dates.
 * @returns The hash.
 * @throws {FdmError} `INVALID_INPUT`, naming the path (e.g. `input.fields[2].area`), for a value
 *   that is not JSON data or a Date: a function, bigint, symbol, NaN or Infinity, an invalid Date,
 *   a Map, Set or class instance, an object with a `$date` key, or a cycle.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { hashCalculationInput } from "fdm-core";
 * const a = hashCalculationInput({ year: 2025, date: new Date("2025-01-01") });
 * const b = hashCalculationInput({ date: new Date("2025-01-01"), year: 2025 });
 * assert.strictEqual(a, b);
 * ```
 */
export function hashCalculationInput(input: unknown): string {
  return sha256(canonical(input, "input", new Set()));
}

function sha256(text: string): string {
  return bytesToHex(sha256Digest(utf8ToBytes(text)));
}

/**
 * Wraps a calculation so that its results are stored in the database and a
 * call with the same input is answered from there instead of computed again.
 *
 * A result is stored under the calculator's name and version and the hash of
 * the input ({@link hashCalculationInput}), in the tables of the separate
 * PostgreSQL schema `fdm_calculator_cache`. When the calculation throws, the
 * error (name, message, `code` if it has one) is recorded in
 * `fdm_calculator_cache.calculation_errors` and thrown on; it is not cached, so
 * the next call computes again. A different version misses the cache.
 *
 * The calculation never sees the caller's object: it receives a deep, frozen
 * copy revived from the same canonical JSON that was hashed, taken when the
 * wrapped function is called (Dates as new Dates, `undefined` members left
 * out). Changing the object afterwards, e.g. reusing it for the next call of a
 * `Promise.all`, changes neither what is computed nor the hash it is stored
 * under; a calculation that writes to its input throws a `TypeError` (in
 * strict-mode code, as every ES module is).
 *
 * Dates in the result come back as Dates; otherwise the result must be JSON
 * data. The cache checks no access: wrap the pure computation on data you
 * have already read with the checked fdm-core functions, not a function that
 * reads farm data for a principal.
 *
 * @typeParam I - The calculation's input.
 * @typeParam R - The calculation's result.
 * @param fdm - The database handle.
 * @param calculate - The calculation; it receives a frozen copy of the input and returns the result or a promise of it.
 * @param options - The calculator's name and version.
 * @returns A function with the calculation's input that resolves to its result.
 * @throws {FdmError} `INVALID_INPUT` when the name or version is empty or too long. The returned
 *   function rejects with `INVALID_INPUT` for an input or result that is not JSON data or Dates,
 *   with `DATABASE` when the cache cannot be read or written, and otherwise with whatever the
 *   calculation throws.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { createFdmLocal, withCalculationCache } from "fdm-core";
 * const fdm = await createFdmLocal();
 * let runs = 0;
 * const surplus = withCalculationCache(
 *   fdm,
 *   (input: { supply: number; removal: number }) => {
 *     runs += 1;
 *     return input.supply - input.removal;
 *   },
 *   { name: "surplus", version: "1.0.0" },
 * );
 * assert.strictEqual(await surplus({ supply: 250, removal: 180 }), 70);
 * assert.strictEqual(await surplus({ removal: 180, supply: 250 }), 70); // same input: from the cache
 * assert.strictEqual(runs, 1);
 * ```
 */
export function withCalculationCache<I, R>(
  fdm: FdmType,
  calculate: (input: I) => R | Promise<R>,
  options: CalculationCacheOptions,
): (input: I) => Promise<R> {
  if (typeof calculate !== "function") {
    throw new FdmError("INVALID_INPUT", "calculate: must be a function.", { field: "calculate" });
  }
  const name = requireText(options?.name, "options.name", 200);
  const version = requireText(options?.version, "options.version", 100);
  const origin = `withCalculationCache(${name})`;
  return async (input: I): Promise<R> => {
    // One copy of the input, taken now: the hash and the computation both come from this text,
    // so a caller changing its object while the cache is read cannot store a result under
    // another input's hash.
    const inputJson = canonical(input, "input", new Set());
    const inputHash = sha256(inputJson);
    const frozenInput = deepFreeze(JSON.parse(inputJson, revive)) as I;
    const key = and(
      eq(calculationResults.calculatorName, name),
      eq(calculationResults.calculatorVersion, version),
      eq(calculationResults.inputHash, inputHash),
    );
    const [cached] = await system(fdm, origin).read((db) =>
      db.select({ result: calculationResults.result }).from(calculationResults).where(key),
    );
    if (cached) return JSON.parse(cached.result, revive) as R;

    let result: R;
    let resultJson: string;
    try {
      result = await calculate(frozenInput);
      if (result === undefined) {
        throw new FdmError("INVALID_INPUT", "result: must be JSON data or a Date, not undefined.", {
          field: "result",
        });
      }
      resultJson = canonical(result, "result", new Set());
    } catch (err) {
      await recordError(fdm, { name, version, inputHash, inputJson, origin }, err);
      throw err;
    }
    await system(fdm, origin).write((tx) =>
      tx
        .insert(calculationResults)
        .values({
          calculatorName: name,
          calculatorVersion: version,
          inputHash,
          input: inputJson,
          result: resultJson,
        })
        .onConflictDoNothing(),
    );
    // Answer as a later hit would, so the first call and the cached ones agree.
    return JSON.parse(resultJson, revive) as R;
  };
}

async function recordError(
  fdm: FdmType,
  run: { name: string; version: string; inputHash: string; inputJson: string; origin: string },
  err: unknown,
): Promise<void> {
  const error = err instanceof Error ? err : new Error(String(err));
  const code = (error as { code?: unknown }).code;
  try {
    await fdm.insert(calculationErrors).values({
      id: createId(),
      calculatorName: run.name,
      calculatorVersion: run.version,
      inputHash: run.inputHash,
      input: run.inputJson,
      errorName: error.name,
      errorMessage: error.message,
      errorCode: typeof code === "string" ? code : null,
    });
  } catch (dbErr) {
    throw new FdmError(
      "DATABASE",
      `${run.origin} failed, and its error could not be recorded in the database.`,
      { cause: new AggregateError([err, dbErr]) },
    );
  }
}
