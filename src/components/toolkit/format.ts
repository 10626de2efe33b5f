/**
 * Turns what a sample logs into the text Node prints: `console.log`'s
 * arguments as `util.format` joins them, values as `util.inspect` shows them
 * with its defaults (depth 2, lines of at most 80 characters, arrays of more
 * than six items in columns). A port of the parts of Node's
 * lib/internal/util/inspect.js that plain data needs, without colours,
 * proxies, getters' values or hidden properties;
 * tests/site/toolkit-format.test.tsx compares it with Node's own.
 */

const breakLength = 80;
const compact = 3;
const maxArrayLength = 100;
const minLineWidth = 16;

interface Context {
  /** How deep objects are shown; deeper ones as [Object]. */
  depth: number;
  seen: unknown[];
  circular: Map<unknown, number>;
  indentationLvl: number;
  currentDepth: number;
}

enum Extras {
  object = 0,
  array = 1,
}

const keyPlain = /^[a-zA-Z_][a-zA-Z_0-9]*$/;

function strEscape(str: string): string {
  // Single quotes unless the text holds some and no double ones, as Node.
  let quote = "'";
  if (str.includes("'")) {
    if (!str.includes('"')) quote = '"';
    else if (!str.includes("`") && !str.includes("${")) quote = "`";
  }
  let out = "";
  for (const ch of str) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\f") out += "\\f";
    else if (ch === "\v") out += "\\v";
    else if (code < 0x20 || code === 0x7f)
      out += `\\x${code.toString(16).toUpperCase().padStart(2, "0")}`;
    else out += ch;
  }
  return `${quote}${out}${quote}`;
}

function formatNumber(n: number): string {
  return Object.is(n, -0) ? "-0" : `${n}`;
}

function formatPrimitive(ctx: Context, value: unknown): string {
  if (typeof value === "string") {
    if (value.length > minLineWidth && value.length > breakLength - ctx.indentationLvl - 4) {
      return value
        .split(/(?<=\n)/)
        .map((line) => strEscape(line))
        .join(` +\n${" ".repeat(ctx.indentationLvl + 2)}`);
    }
    return strEscape(value);
  }
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "symbol") return value.toString();
  return String(value); // boolean, undefined
}

function constructorName(value: object): string | null {
  let proto: object | null = value;
  while (proto !== null) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, "constructor");
    if (
      descriptor !== undefined &&
      typeof descriptor.value === "function" &&
      descriptor.value.name !== ""
    )
      return descriptor.value.name;
    proto = Object.getPrototypeOf(proto);
  }
  return null;
}

function ownKeys(value: object, isArrayLike: boolean): (string | symbol)[] {
  const keys: (string | symbol)[] = Object.keys(value);
  for (const symbol of Object.getOwnPropertySymbols(value))
    if (Object.prototype.propertyIsEnumerable.call(value, symbol)) keys.push(symbol);
  return isArrayLike
    ? keys.filter((k) => typeof k === "symbol" || !/^(0|[1-9]\d*)$/.test(k))
    : keys;
}

function formatAny(ctx: Context, value: unknown, recurseTimes: number): string {
  if (typeof value !== "object" && typeof value !== "function") return formatPrimitive(ctx, value);
  if (value === null) return "null";
  if (ctx.seen.includes(value)) {
    let index = ctx.circular.get(value);
    if (index === undefined) {
      index = ctx.circular.size + 1;
      ctx.circular.set(value, index);
    }
    return `[Circular *${index}]`;
  }
  return formatRaw(ctx, value as object, recurseTimes);
}

function formatError(error: Error): string {
  const name = error.name || "Error";
  return error.message ? `${name}: ${error.message}` : name;
}

type Formatter = (ctx: Context, value: never, recurseTimes: number) => string[];

function formatRaw(ctx: Context, value: object, recurseTimes: number): string {
  const ctorName = constructorName(value);
  let base = "";
  let braces: [string, string] = ["{", "}"];
  let extras = Extras.object;
  let formatter: Formatter = () => [];
  let keys: (string | symbol)[];
  // Node's getPrefix: "Foo ", "Map(2) ", "[Object: null prototype] ".
  const prefix = (fallback: string, size = "") =>
    ctorName === null ? `[${fallback}${size}: null prototype] ` : `${ctorName}${size} `;
  if (Array.isArray(value)) {
    keys = ownKeys(value, true);
    braces = [`${ctorName !== "Array" ? prefix("Array", `(${value.length})`) : ""}[`, "]"];
    extras = Extras.array;
    formatter = formatArray as Formatter;
    if (value.length === 0 && keys.length === 0) return `${braces[0]}]`;
  } else if (value instanceof Set) {
    keys = ownKeys(value, false);
    braces = [`${prefix("Set", `(${value.size})`)}{`, "}"];
    formatter = formatSet as Formatter;
    if (value.size === 0 && keys.length === 0) return `${braces[0]}}`;
  } else if (value instanceof Map) {
    keys = ownKeys(value, false);
    braces = [`${prefix("Map", `(${value.size})`)}{`, "}"];
    formatter = formatMap as Formatter;
    if (value.size === 0 && keys.length === 0) return `${braces[0]}}`;
  } else if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const typed = value as unknown as ArrayLike<number | bigint>;
    keys = ownKeys(value, true);
    braces = [`${prefix("TypedArray", `(${typed.length})`)}[`, "]"];
    extras = Extras.array;
    formatter = formatTypedArray as Formatter;
    if (typed.length === 0 && keys.length === 0) return `${braces[0]}]`;
  } else {
    keys = ownKeys(value, false);
    if (typeof value === "function") {
      const fn = value as (...a: unknown[]) => unknown;
      const isClass = Function.prototype.toString.call(fn).startsWith("class");
      const kind = isClass ? "class" : (ctorName ?? "Function");
      base = fn.name ? `[${kind}${isClass ? " " : ": "}${fn.name}]` : `[${kind} (anonymous)]`;
      if (keys.length === 0) return base;
    } else if (value instanceof Date) {
      base = Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
      if (keys.length === 0) return base;
    } else if (value instanceof RegExp) {
      base = String(value);
      if (keys.length === 0) return base;
    } else if (value instanceof Error) {
      base = formatError(value);
      keys = keys.filter((k) => k !== "stack" && k !== "message");
      const cause = Object.getOwnPropertyDescriptor(value, "cause");
      if (cause && !cause.enumerable) keys.push("cause");
      if (keys.length === 0) return base;
    } else {
      if (ctorName !== "Object") braces = [`${prefix("Object")}{`, "}"];
      if (keys.length === 0) return `${braces[0]}}`;
    }
  }
  if (recurseTimes > ctx.depth) {
    return `[${ctorName ?? (Array.isArray(value) ? "Array" : "Object")}]`;
  }
  recurseTimes += 1;
  ctx.seen.push(value);
  ctx.currentDepth = recurseTimes;
  let output = (formatter as (c: Context, v: unknown, r: number) => string[])(
    ctx,
    value,
    recurseTimes,
  );
  for (const key of keys) output.push(formatProperty(ctx, value, recurseTimes, key, extras));
  ctx.seen.pop();
  const index = ctx.circular.get(value);
  if (index !== undefined) base = base === "" ? `<ref *${index}>` : `<ref *${index}> ${base}`;
  output = reduceToSingleString(ctx, output, base, braces, extras, recurseTimes, value);
  return output[0] ?? "";
}

function formatProperty(
  ctx: Context,
  value: object,
  recurseTimes: number,
  key: string | symbol | number,
  extras: Extras,
): string {
  const descriptor = Object.getOwnPropertyDescriptor(value, key) ?? {
    value: (value as Record<string | symbol, unknown>)[key as string],
    enumerable: true,
  };
  let str: string;
  if (descriptor.value !== undefined) {
    ctx.indentationLvl += 2;
    str = formatAny(ctx, descriptor.value, recurseTimes);
    ctx.indentationLvl -= 2;
  } else if (descriptor.get !== undefined) {
    str = descriptor.set !== undefined ? "[Getter/Setter]" : "[Getter]";
  } else if (descriptor.set !== undefined) {
    str = "[Setter]";
  } else {
    str = "undefined";
  }
  if (extras === Extras.array) return str;
  let name: string;
  if (typeof key === "symbol") name = `[${key.toString()}]`;
  else if (key === "__proto__") name = "['__proto__']";
  else if (descriptor.enumerable === false) name = `[${String(key)}]`;
  else if (keyPlain.test(String(key))) name = String(key);
  else name = strEscape(String(key));
  return `${name}: ${str}`;
}

const moreItems = (n: number) => `... ${n} more item${n > 1 ? "s" : ""}`;

function formatArray(ctx: Context, value: unknown[], recurseTimes: number): string[] {
  const length = Math.min(maxArrayLength, value.length);
  const output: string[] = [];
  let holes = 0;
  const flushHoles = () => {
    if (holes > 0) output.push(`<${holes} empty item${holes > 1 ? "s" : ""}>`);
    holes = 0;
  };
  for (let i = 0; i < length; i++) {
    if (!Object.hasOwn(value, i)) {
      holes += 1;
      continue;
    }
    flushHoles();
    output.push(formatProperty(ctx, value, recurseTimes, i, Extras.array));
  }
  flushHoles();
  if (value.length > length) output.push(moreItems(value.length - length));
  return output;
}

function formatTypedArray(
  _ctx: Context,
  value: ArrayLike<number | bigint>,
  _recurseTimes: number,
): string[] {
  const length = Math.min(maxArrayLength, value.length);
  const output: string[] = [];
  for (let i = 0; i < length; i++) {
    const v = value[i] as number | bigint;
    output.push(typeof v === "bigint" ? `${v}n` : formatNumber(v));
  }
  if (value.length > length) output.push(moreItems(value.length - length));
  return output;
}

function formatSet(ctx: Context, value: Set<unknown>, recurseTimes: number): string[] {
  const output: string[] = [];
  ctx.indentationLvl += 2;
  for (const v of value) {
    if (output.length >= maxArrayLength) break;
    output.push(formatAny(ctx, v, recurseTimes));
  }
  if (value.size > maxArrayLength) output.push(moreItems(value.size - maxArrayLength));
  ctx.indentationLvl -= 2;
  return output;
}

function formatMap(ctx: Context, value: Map<unknown, unknown>, recurseTimes: number): string[] {
  const output: string[] = [];
  ctx.indentationLvl += 2;
  for (const [k, v] of value) {
    if (output.length >= maxArrayLength) break;
    output.push(`${formatAny(ctx, k, recurseTimes)} => ${formatAny(ctx, v, recurseTimes)}`);
  }
  if (value.size > maxArrayLength) output.push(moreItems(value.size - maxArrayLength));
  ctx.indentationLvl -= 2;
  return output;
}

// Arrays of more than six items: in columns, as Node groups them.
function groupArrayElements(ctx: Context, output: string[], value: unknown): string[] {
  let totalLength = 0;
  let maxLength = 0;
  let outputLength = output.length;
  if (Array.isArray(value) ? value.length > maxArrayLength : false) outputLength--;
  const separatorSpace = 2;
  const dataLen: number[] = [];
  for (let i = 0; i < outputLength; i++) {
    const len = (output[i] ?? "").length;
    dataLen[i] = len;
    totalLength += len + separatorSpace;
    if (maxLength < len) maxLength = len;
  }
  const actualMax = maxLength + separatorSpace;
  if (
    actualMax * 3 + ctx.indentationLvl < breakLength &&
    (totalLength / actualMax > 5 || maxLength <= 6)
  ) {
    const averageBias = Math.sqrt(actualMax - totalLength / output.length);
    const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
    const columns = Math.min(
      Math.round(Math.sqrt(2.5 * biasedMax * outputLength) / biasedMax),
      Math.floor((breakLength - ctx.indentationLvl) / actualMax),
      compact * 4,
      15,
    );
    if (columns <= 1) return output;
    const grouped: string[] = [];
    const maxLineLength: number[] = [];
    for (let i = 0; i < columns; i++) {
      let lineLength = 0;
      for (let j = i; j < output.length; j += columns)
        if ((dataLen[j] ?? 0) > lineLength) lineLength = dataLen[j] ?? 0;
      maxLineLength.push(lineLength + separatorSpace);
    }
    let padStart = true;
    if (value !== undefined) {
      const items = value as ArrayLike<unknown>;
      for (let i = 0; i < output.length; i++) {
        if (typeof items[i] !== "number" && typeof items[i] !== "bigint") {
          padStart = false;
          break;
        }
      }
    }
    for (let i = 0; i < outputLength; i += columns) {
      const max = Math.min(i + columns, outputLength);
      let str = "";
      let j = i;
      for (; j < max - 1; j++) {
        const cell = `${output[j]}, `;
        const width = maxLineLength[j - i] ?? 0;
        str += padStart ? cell.padStart(width, " ") : cell.padEnd(width, " ");
      }
      str += padStart
        ? (output[j] ?? "").padStart((maxLineLength[j - i] ?? 0) - separatorSpace, " ")
        : (output[j] ?? "");
      grouped.push(str);
    }
    if (outputLength < output.length) grouped.push(output[outputLength] ?? "");
    return grouped;
  }
  return output;
}

function isBelowBreakLength(output: string[], start: number, base: string): boolean {
  let totalLength = output.length + start;
  if (totalLength + output.length > breakLength) return false;
  for (const entry of output) {
    totalLength += entry.length;
    if (totalLength > breakLength) return false;
  }
  return base === "" || !base.includes("\n");
}

function reduceToSingleString(
  ctx: Context,
  output: string[],
  base: string,
  braces: [string, string],
  extras: Extras,
  recurseTimes: number,
  value: unknown,
): string[] {
  const entries = output.length;
  if (extras === Extras.array && entries > 6) output = groupArrayElements(ctx, output, value);
  if (ctx.currentDepth - recurseTimes < compact && entries === output.length) {
    const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
    if (isBelowBreakLength(output, start, base)) {
      const joined = output.join(", ");
      if (!joined.includes("\n"))
        return [`${base ? `${base} ` : ""}${braces[0]} ${joined} ${braces[1]}`];
    }
  }
  const indentation = `\n${" ".repeat(ctx.indentationLvl)}`;
  return [
    `${base ? `${base} ` : ""}${braces[0]}${indentation}  ${output.join(`,${indentation}  `)}${indentation}${braces[1]}`,
  ];
}

const newContext = (depth = 2): Context => ({
  depth,
  seen: [],
  circular: new Map(),
  indentationLvl: 0,
  currentDepth: 0,
});

/** A value as Node's `util.inspect` shows it with its default options. */
export function formatValue(value: unknown): string {
  return formatAny(newContext(), value, 0);
}

const builtInPrototypes = new Set<unknown>([
  Object.prototype,
  Array.prototype,
  Date.prototype,
  Error.prototype,
  RegExp.prototype,
  Map.prototype,
  Set.prototype,
  Function.prototype,
]);

// %s: an object whose toString is its own is converted with it, any other one
// inspected one level deep, as Node does.
function formatPercent(arg: unknown): string {
  if (typeof arg === "bigint") return `${arg}n`;
  if (typeof arg === "number") return formatNumber(arg);
  if (typeof arg !== "object" || arg === null) return String(arg);
  let holder: object | null = arg;
  while (holder !== null && !Object.hasOwn(holder, "toString"))
    holder = Object.getPrototypeOf(holder);
  if (holder !== null && !builtInPrototypes.has(holder)) return String(arg);
  return formatAny(newContext(0), arg, 0);
}

/**
 * One `console.log` line, as Node's `util.format` makes it: `%s`, `%d`, `%i`,
 * `%f`, `%j`, `%o`, `%O`, `%c` and `%%` in a first string argument, then the
 * rest joined by spaces (strings as they are, other values inspected).
 */
export function formatLogLine(args: unknown[]): string {
  const first = args[0];
  let rest = 0;
  let text = "";
  if (typeof first === "string") {
    if (args.length === 1) return first;
    rest = 1;
    let last = 0;
    for (let i = 0; i < first.length - 1; i++) {
      if (first[i] !== "%") continue;
      const c = first[i + 1];
      if (c === "%") {
        text += first.slice(last, i + 1);
        last = i + 2;
        i++;
        continue;
      }
      if (rest >= args.length || c === undefined || !"sdifjoOc".includes(c)) continue;
      const arg = args[rest];
      let piece: string;
      if (c === "s") piece = typeof arg === "string" ? arg : formatPercent(arg);
      else if (c === "d")
        piece =
          typeof arg === "bigint"
            ? `${arg}n`
            : typeof arg === "symbol" || (typeof arg === "object" && arg !== null)
              ? "NaN"
              : formatNumber(Number(arg));
      else if (c === "i")
        piece =
          typeof arg === "bigint"
            ? `${arg}n`
            : typeof arg === "symbol"
              ? "NaN"
              : formatNumber(Number.parseInt(String(arg), 10));
      else if (c === "f")
        piece = typeof arg === "symbol" ? "NaN" : formatNumber(Number.parseFloat(String(arg)));
      else if (c === "j") {
        try {
          piece = JSON.stringify(arg);
        } catch {
          piece = "[Circular]";
        }
      } else if (c === "c") piece = "";
      else piece = formatValue(arg);
      text += first.slice(last, i) + piece;
      last = i + 2;
      rest++;
      i++;
    }
    text += first.slice(last);
  } else {
    text = formatValue(first);
    rest = 1;
  }
  for (let i = rest; i < args.length; i++) {
    const value = args[i];
    text += ` ${typeof value === "string" ? value : formatValue(value)}`;
  }
  return text;
}

/** An error with its cause chain, one line per level, as the output shows it. */
export interface ErrorReport {
  name: string;
  message: string;
  code?: string;
  /** A failed assertion's values, as Node prints them. */
  actual?: string;
  expected?: string;
}

export function errorChain(error: unknown): ErrorReport[] {
  const chain: ErrorReport[] = [];
  let current: unknown = error;
  const seen = new Set<unknown>();
  while (current !== undefined && current !== null && !seen.has(current) && chain.length < 10) {
    seen.add(current);
    if (current instanceof Error) {
      const code = (current as { code?: unknown }).code;
      const report: ErrorReport = {
        name: current.name,
        message: current.message,
        ...(typeof code === "string" ? { code } : {}),
      };
      if (current.name === "AssertionError" && "expected" in current && "actual" in current) {
        report.actual = formatValue(current.actual);
        report.expected = formatValue(current.expected);
        // The assertion's own message repeats the values shown next to it: its first line is enough.
        if ((current as { generatedMessage?: unknown }).generatedMessage === true)
          report.message = (current.message.split("\n")[0] ?? "").replace(/:$/, "");
      }
      chain.push(report);
      current = (current as { cause?: unknown }).cause;
    } else {
      chain.push({ name: "Thrown value", message: formatValue(current) });
      break;
    }
  }
  return chain;
}
