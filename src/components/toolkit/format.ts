/**
 * Turns what a sample logs into text, close to what Node prints: strings as
 * they are at the top level, other values as readable JS-like text.
 */
export function formatValue(value: unknown, depth = 0, seen = new Set<unknown>()): string {
  if (typeof value === "string")
    return depth === 0 ? JSON.stringify(value) : `'${value.replace(/'/g, "\\'")}'`;
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "function") return `[Function: ${value.name || "(anonymous)"}]`;
  if (typeof value === "symbol") return value.toString();
  if (value === null || typeof value !== "object") return String(value);
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (seen.has(value)) return "[Circular]";
  if (depth > 4) return Array.isArray(value) ? "[Array]" : "[Object]";
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      const items = value.slice(0, 100).map((v) => formatValue(v, depth + 1, seen));
      if (value.length > 100) items.push(`... ${value.length - 100} more items`);
      return wrap("[", items, "]", depth);
    }
    if (value instanceof Map) {
      return `Map(${value.size}) ${wrap(
        "{",
        [...value].map(
          ([k, v]) => `${formatValue(k, depth + 1, seen)} => ${formatValue(v, depth + 1, seen)}`,
        ),
        "}",
        depth,
      )}`;
    }
    if (value instanceof Set) {
      return `Set(${value.size}) ${wrap(
        "{",
        [...value].map((v) => formatValue(v, depth + 1, seen)),
        "}",
        depth,
      )}`;
    }
    const entries = Object.entries(value).map(
      ([k, v]) =>
        `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`}: ${formatValue(v, depth + 1, seen)}`,
    );
    return wrap("{", entries, "}", depth);
  } finally {
    seen.delete(value);
  }
}

function wrap(open: string, items: string[], close: string, depth: number): string {
  if (items.length === 0) return `${open}${close}`;
  const flat = `${open} ${items.join(", ")} ${close}`;
  if (flat.length <= 72 && !flat.includes("\n")) return flat;
  const pad = "  ".repeat(depth + 1);
  return `${open}\n${items.map((i) => `${pad}${i}`).join(",\n")}\n${"  ".repeat(depth)}${close}`;
}

/** A console.log line: strings bare, everything else formatted, joined by spaces. */
export function formatLogLine(args: unknown[]): string {
  return args.map((a) => (typeof a === "string" ? a : formatValue(a))).join(" ");
}

/** An error with its cause chain, one line per level, as the crash screen shows it. */
export interface ErrorReport {
  name: string;
  message: string;
  code?: string;
}

export function errorChain(error: unknown): ErrorReport[] {
  const chain: ErrorReport[] = [];
  let current: unknown = error;
  const seen = new Set<unknown>();
  while (current !== undefined && current !== null && !seen.has(current) && chain.length < 10) {
    seen.add(current);
    if (current instanceof Error) {
      const code = (current as { code?: unknown }).code;
      chain.push({
        name: current.name,
        message: current.message,
        ...(typeof code === "string" ? { code } : {}),
      });
      current = (current as { cause?: unknown }).cause;
    } else {
      chain.push({ name: "Thrown value", message: formatValue(current) });
      break;
    }
  }
  return chain;
}
