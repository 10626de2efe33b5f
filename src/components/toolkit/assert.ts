/**
 * The part of Node's `node:assert` (and `node:assert/strict`) that the docs
 * samples use, for the browser runner: a failed check throws an
 * AssertionError with the message Node would give in substance.
 */
import { formatValue } from "./format";

export class AssertionError extends Error {
  actual: unknown;
  expected: unknown;
  operator: string;
  /** As Node's: whether the message is the assertion's own rather than the caller's. */
  generatedMessage: boolean;
  code = "ERR_ASSERTION";
  constructor(
    message: string,
    actual: unknown,
    expected: unknown,
    operator: string,
    generatedMessage = false,
  ) {
    super(message);
    this.name = "AssertionError";
    this.actual = actual;
    this.expected = expected;
    this.operator = operator;
    this.generatedMessage = generatedMessage;
  }
}

// Node's legacy assert compares with == on purpose.
const looseEqual = (a: unknown, b: unknown): boolean =>
  // biome-ignore lint/suspicious/noDoubleEquals: the loose comparison is the point
  a == b;

function isDeepEqual(
  a: unknown,
  b: unknown,
  strict: boolean,
  seen = new Map<object, object>(),
): boolean {
  if (strict ? Object.is(a, b) : looseEqual(a, b) || (Number.isNaN(a) && Number.isNaN(b)))
    return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (a instanceof RegExp || b instanceof RegExp) return String(a) === String(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !isDeepEqual(v, b.get(k), strict, seen)) return false;
    return true;
  }
  if (a instanceof Set && b instanceof Set) {
    if (a.size !== b.size) return false;
    for (const v of a) if (!b.has(v)) return false;
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k)) return false;
    if (
      !isDeepEqual(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        strict,
        seen,
      )
    )
      return false;
  }
  return true;
}

function fail(
  message: unknown,
  fallback: string,
  actual: unknown,
  expected: unknown,
  op: string,
): never {
  if (message instanceof Error) throw message;
  const own = typeof message === "string";
  throw new AssertionError(own ? message : fallback, actual, expected, op, !own);
}

type Expected = RegExp | ((e: unknown) => boolean) | (new (...a: never[]) => unknown) | object;

function matchesError(error: unknown, expected: Expected | undefined): boolean {
  if (expected === undefined) return true;
  if (expected instanceof RegExp) return expected.test(String((error as Error)?.message ?? error));
  if (typeof expected === "function") {
    if (expected.prototype !== undefined && error instanceof (expected as new () => unknown))
      return true;
    if (Object.prototype.isPrototypeOf.call(Error, expected) || expected === Error) return false;
    return (expected as (e: unknown) => boolean)(error) === true;
  }
  return Object.entries(expected).every(([k, v]) => {
    const actual = (error as Record<string, unknown>)?.[k];
    return v instanceof RegExp && typeof actual === "string"
      ? v.test(actual)
      : isDeepEqual(actual, v, true);
  });
}

// As Node: an error that does not match what was expected fails the assertion.
function mismatch(error: unknown, expected: unknown, message: unknown, op: string): never {
  const name = error instanceof Error ? `${error.name}: ${error.message}` : formatValue(error);
  return fail(
    message,
    `The error did not match what was expected. Received ${name}`,
    error,
    expected,
    op,
  );
}

function make(strict: boolean) {
  const ok = (value: unknown, message?: unknown) => {
    if (!value)
      fail(
        message,
        `The expression evaluated to a falsy value: ${formatValue(value)}`,
        value,
        true,
        "==",
      );
  };
  const equal = (actual: unknown, expected: unknown, message?: unknown) => {
    const same = strict ? Object.is(actual, expected) : looseEqual(actual, expected);
    if (!same)
      fail(
        message,
        `Expected values to be ${strict ? "strictly " : ""}equal:\n\n${formatValue(actual)} !== ${formatValue(expected)}`,
        actual,
        expected,
        strict ? "strictEqual" : "==",
      );
  };
  const notEqual = (actual: unknown, expected: unknown, message?: unknown) => {
    const same = strict ? Object.is(actual, expected) : looseEqual(actual, expected);
    if (same)
      fail(
        message,
        `Expected "actual" to be ${strict ? "strictly " : ""}unequal to: ${formatValue(expected)}`,
        actual,
        expected,
        "notStrictEqual",
      );
  };
  const deepEqual = (actual: unknown, expected: unknown, message?: unknown) => {
    if (!isDeepEqual(actual, expected, strict))
      fail(
        message,
        `Expected values to be ${strict ? "strictly " : "loosely "}deep-equal:\n\nactual:   ${formatValue(actual)}\nexpected: ${formatValue(expected)}`,
        actual,
        expected,
        "deepStrictEqual",
      );
  };
  const notDeepEqual = (actual: unknown, expected: unknown, message?: unknown) => {
    if (isDeepEqual(actual, expected, strict))
      fail(
        message,
        `Expected "actual" not to be deep-equal to: ${formatValue(expected)}`,
        actual,
        expected,
        "notDeepStrictEqual",
      );
  };
  const throws = (fn: () => unknown, expected?: Expected | string, message?: unknown) => {
    if (typeof expected === "string") [message, expected] = [expected, undefined];
    try {
      fn();
    } catch (error) {
      if (!matchesError(error, expected as Expected | undefined))
        mismatch(error, expected, message, "throws");
      return;
    }
    fail(message, "Missing expected exception.", undefined, expected, "throws");
  };
  const rejects = async (
    promiseOrFn: Promise<unknown> | (() => Promise<unknown>),
    expected?: Expected | string,
    message?: unknown,
  ) => {
    if (typeof expected === "string") [message, expected] = [expected, undefined];
    try {
      await (typeof promiseOrFn === "function" ? promiseOrFn() : promiseOrFn);
    } catch (error) {
      if (!matchesError(error, expected as Expected | undefined))
        mismatch(error, expected, message, "rejects");
      return;
    }
    fail(message, "Missing expected rejection.", undefined, expected, "rejects");
  };
  const doesNotThrow = (fn: () => unknown) => {
    fn();
  };
  const match = (value: string, re: RegExp, message?: unknown) => {
    if (!re.test(value))
      fail(
        message,
        `The input did not match the regular expression ${String(re)}. Input:\n\n${formatValue(value)}`,
        value,
        re,
        "match",
      );
  };
  const assert = Object.assign((value: unknown, message?: unknown) => ok(value, message), {
    ok,
    equal: equal,
    notEqual,
    strictEqual: make0(true).equal,
    notStrictEqual: make0(true).notEqual,
    deepEqual,
    notDeepEqual,
    deepStrictEqual: make0(true).deepEqual,
    notDeepStrictEqual: make0(true).notDeepEqual,
    throws,
    rejects,
    doesNotThrow,
    match,
    fail: (message?: unknown): never => fail(message, "Failed", undefined, undefined, "fail"),
    AssertionError,
  });
  return assert;
}

// strictEqual and friends are strict in both flavours.
function make0(strict: boolean) {
  const equal = (actual: unknown, expected: unknown, message?: unknown) => {
    if (!Object.is(actual, expected))
      fail(
        message,
        `Expected values to be strictly equal:\n\n${formatValue(actual)} !== ${formatValue(expected)}`,
        actual,
        expected,
        "strictEqual",
      );
  };
  const notEqual = (actual: unknown, expected: unknown, message?: unknown) => {
    if (Object.is(actual, expected))
      fail(
        message,
        `Expected "actual" to be strictly unequal to: ${formatValue(expected)}`,
        actual,
        expected,
        "notStrictEqual",
      );
  };
  const deepEqual = (actual: unknown, expected: unknown, message?: unknown) => {
    if (!isDeepEqual(actual, expected, strict))
      fail(
        message,
        `Expected values to be strictly deep-equal:\n\nactual:   ${formatValue(actual)}\nexpected: ${formatValue(expected)}`,
        actual,
        expected,
        "deepStrictEqual",
      );
  };
  const notDeepEqual = (actual: unknown, expected: unknown, message?: unknown) => {
    if (isDeepEqual(actual, expected, strict))
      fail(
        message,
        `Expected "actual" not to be strictly deep-equal to: ${formatValue(expected)}`,
        actual,
        expected,
        "notDeepStrictEqual",
      );
  };
  return { equal, notEqual, deepEqual, notDeepEqual };
}

/** `node:assert` (legacy, loose `equal` / `deepEqual`). */
export const assertLoose = make(false);
/** `node:assert/strict`. */
export const assertStrict = make(true);
