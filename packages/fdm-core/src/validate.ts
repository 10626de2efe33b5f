import { deepFreeze, describeNonNumericMestcode, isMestcode, type Mestcode } from "fdm-data";
import { FdmError } from "./error.js";
import type { Exactly } from "./schema.js";

/** A period of time; `null` on either side leaves that side open. */
export type Timeframe = {
  /** The first moment of the period, or `null` for no lower bound. */
  start: Date | null;
  /** The last moment of the period, or `null` for no upper bound. */
  end: Date | null;
};

const invalid = (field: string, rule: string) =>
  new FdmError("INVALID_INPUT", `${field}: ${rule}.`, { field });

// C0 controls except tab, line feed and carriage return, DEL and the C1 controls.
const controlCharacter = /(?![\t\n\r])\p{Cc}/u;
// White space, zero-width and other characters that show nothing on their own.
const invisible = /[\s\u00ad\u180e\u200b-\u200f\u2028-\u202f\u205f-\u206f\ufeff]|\u034f/gu;

export function requireId(value: unknown, field: string): string {
  if (typeof value !== "string" || value.trim() === "" || value.length > 200) {
    throw invalid(field, "must be a non-empty string of at most 200 characters");
  }
  if (controlCharacter.test(value)) throw invalid(field, "must not contain control characters");
  return value;
}

/** The rules every stored text keeps: no control characters, something visible. */
export function requireText(value: unknown, field: string, max = 500): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw invalid(field, "must be a non-empty string");
  }
  if (controlCharacter.test(value)) throw invalid(field, "must not contain control characters");
  if (value.replace(invisible, "") === "") {
    throw invalid(field, "must contain a visible character");
  }
  if (value.length > max) throw invalid(field, `must be at most ${max} characters`);
  return value.trim();
}

export function optionalText(value: unknown, field: string, max = 500): string | null {
  if (value === undefined || value === null) return null;
  return requireText(value, field, max);
}

/** The years a stored date may fall in: farm records, not history or far futures. */
export const dateRange = deepFreeze({ minYear: 1900, maxYear: 2200 } as const);

export function requireDate(value: unknown, field: string): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw invalid(field, "must be a valid Date");
  }
  const year = value.getUTCFullYear();
  if (year < dateRange.minYear || year > dateRange.maxYear) {
    throw invalid(
      field,
      `must be a date in the years between ${dateRange.minYear} and ${dateRange.maxYear}`,
    );
  }
  return value;
}

export function optionalDate(value: unknown, field: string): Date | null {
  if (value === undefined || value === null) return null;
  return requireDate(value, field);
}

export function requireNumber(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw invalid(field, "must be a finite number");
  }
  if (value < min || value > max) throw invalid(field, `must be between ${min} and ${max}`);
  return value;
}

/** A calendar year: a whole number between `min` and `max`. */
export function requireYear(value: unknown, field = "year", min = 1900, max = 2100): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(field, `must be a whole year between ${min} and ${max}`);
  }
  return value;
}

export function requireBoolean(value: unknown, field: string): boolean {
  if (typeof value !== "boolean") throw invalid(field, "must be true or false");
  return value;
}

export function optionalNumber(
  value: unknown,
  field: string,
  min: number,
  max: number,
): number | null {
  if (value === undefined || value === null) return null;
  return requireNumber(value, field, min, max);
}

export function requireEnum<T extends string>(
  value: unknown,
  field: string,
  allowed: readonly T[],
): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw invalid(field, `must be one of ${allowed.join(", ")}`);
  }
  return value as T;
}

/**
 * A `typeRvo`: one of fdm-data's mestcodes, as a number. The message says what it got: a
 * code written as text is named as a string with the number to give instead.
 */
export function requireMestcode(value: unknown, field: string): Mestcode {
  if (isMestcode(value)) return value;
  const notANumber = describeNonNumericMestcode(value);
  throw invalid(
    field,
    notANumber === null
      ? `${String(value)} is not an RVO mestcode of Table 11 (one of fdm-data's MESTCODES, e.g. 14)`
      : `${notANumber}; it must be an RVO mestcode of Table 11 as a number, e.g. 14`,
  );
}

/** Throws unless `later` is on or after `earlier`. */
export function requireOrder(
  earlier: Date | null,
  later: Date | null,
  laterField: string,
  rule: string,
): void {
  if (earlier && later && later.getTime() < earlier.getTime()) {
    throw new FdmError("INVALID_INPUT", `${laterField}: ${rule}.`, { field: laterField });
  }
}

export function requireTimeframe(value: unknown, field = "timeframe"): Timeframe {
  if (value === undefined || value === null) return { start: null, end: null };
  if (typeof value !== "object") throw invalid(field, "must be an object with start and end");
  const tf = value as Record<string, unknown>;
  const start = optionalDate(tf.start, `${field}.start`);
  const end = optionalDate(tf.end, `${field}.end`);
  requireOrder(start, end, `${field}.end`, "must not be before timeframe.start");
  return { start, end };
}

export function requireObject(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalid(field, "must be an object");
  }
  return value as Record<string, unknown>;
}

/** Throws when an update carries no field to change. */
export function requireSomeKey(patch: Record<string, unknown>, keys: readonly string[]): void {
  if (!keys.some((k) => patch[k] !== undefined)) {
    throw invalid("update", `must set at least one of ${keys.join(", ")}`);
  }
  for (const k of Object.keys(patch)) {
    if (!keys.includes(k)) throw invalid(k, `is not a field that can be updated`);
  }
}

const alphabet = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A random 16-character id (about 82 bits). */
export function createId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let id = "";
  for (const b of bytes) id += alphabet[b % 36];
  return id;
}

/**
 * Validates every row of a list with `check`; an error names the row, e.g.
 * `fields[3].name: must be a non-empty string.` (`item` is the name `check` gives
 * the whole row in its errors).
 */
export function eachRow<I, O>(rows: I[], list: string, item: string, check: (row: I) => O): O[] {
  return rows.map((row, i) => inRow(list, i, () => check(row), item));
}

/**
 * Validates the rows of a batch call: 1 to `max` rows, each checked by `check` (the
 * single-row rule) as in {@link eachRow}.
 */
export function requireRows<O>(
  rows: unknown,
  list: string,
  max: number,
  item: string,
  check: (row: unknown) => O,
): O[] {
  if (!Array.isArray(rows) || rows.length === 0 || rows.length > max) {
    throw invalid(list, `must be a list of 1 to ${max} rows`);
  }
  return eachRow(rows, list, item, check);
}

/**
 * Runs a check of row `i` of a list (sync or async); an {@link FdmError} it throws is
 * renamed to name the row: `startDate: …` becomes `cultivations[12].startDate: …`.
 */
export function inRow<T>(list: string, i: number, check: () => T, item?: string): T {
  let result: T;
  try {
    result = check();
  } catch (err) {
    throw atRow(err, list, i, item);
  }
  if (result instanceof Promise) {
    return result.catch((err: unknown) => {
      throw atRow(err, list, i, item);
    }) as T;
  }
  return result;
}

function atRow(err: unknown, list: string, i: number, item?: string): unknown {
  if (!(err instanceof FdmError) || err.code === "PERMISSION_DENIED") return err;
  const where = `${list}[${i}]`;
  const field = err.field;
  if (!field) {
    return new FdmError(err.code, `${where}: ${err.message}`, { field: where, cause: err });
  }
  const rest = err.message.startsWith(`${field}:`)
    ? err.message.slice(field.length + 1)
    : ` ${err.message}`;
  const named = field === item ? where : `${where}.${field}`;
  return new FdmError(err.code, `${named}:${rest}`, { field: named, cause: err });
}

type Checked<I, R, O> = Exclude<Extract<keyof I, keyof R>, O>;

/**
 * Ties a public interface `I` to a table's row `R` at compile time: every column of `R`
 * is a property of `I` with the same type, except the columns listed in `O` (not shown,
 * e.g. `createdAt`, or shown in another form, e.g. nested or nullable through an outer
 * join). Call it as `tied<Farm, typeof farms.$inferSelect>(true, true)`; a column added
 * to the table and not to the interface (or a changed type) fails the type-check.
 */
export function tied<I, R, O extends keyof R = never>(
  _columns: Exactly<Exclude<keyof R, O | keyof I>, never>,
  _types: Exactly<Pick<I, Checked<I, R, O>>, Pick<R, Checked<I, R, O>>>,
): void {}

/** The first row, or NOT_FOUND naming the id field (e.g. a row removed after the check). */
export function one<T>(rows: T[], field: string, id: string): T {
  const [row] = rows;
  if (row === undefined) {
    throw new FdmError("NOT_FOUND", `${field}: no row with id '${id}'.`, { field });
  }
  return row;
}
