/**
 * A runner process of harness.ts: imports the module named by each message
 * from its parent, one at a time, and answers with the outcome. Started with
 * `--conditions=source --import tsx`; an ES module, so that it shares one
 * PGlite module with the samples it imports.
 */
import { pathToFileURL } from "node:url";
import { format, inspect } from "node:util";
import { PGlite } from "@electric-sql/pglite";

// The databases a sample opened, to close those it leaves open: each holds about 200 MB.
const opened = new Set<PGlite>();
const methods = PGlite.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
for (const name of ["query", "exec", "transaction"]) {
  const original = methods[name];
  if (typeof original !== "function") throw new Error(`PGlite has no method ${name}`);
  methods[name] = function (this: PGlite, ...args: unknown[]) {
    opened.add(this);
    return original.apply(this, args);
  };
}

let output: string[] = [];
// The lines the sample's own console calls printed (its module is the caller), as
// opposed to a library's warning: what the reader sees after Run.
let printed: string[] = [];
let current = "";
for (const level of ["log", "info", "warn", "error", "debug"] as const) {
  console[level] = (...args: unknown[]) => {
    const line = format(...args);
    output.push(line);
    const caller = new Error().stack?.split("\n")[2] ?? "";
    if (current !== "" && caller.includes(current)) printed.push(line);
  };
}

// Errors thrown outside the sample's own flow (an unawaited promise) fail it too.
let stray: unknown[] = [];
process.on("unhandledRejection", (reason) => stray.push(reason));
process.on("uncaughtException", (error) => stray.push(error));
process.on("disconnect", () => process.exit(0));

process.on("message", async ({ file }: { file: string }) => {
  output = [];
  printed = [];
  current = file;
  stray = [];
  let error: unknown = null;
  let failed = false;
  try {
    await import(pathToFileURL(file).href);
  } catch (thrown) {
    error = thrown;
    failed = true;
  }
  await new Promise((resolve) => setImmediate(resolve));
  for (const db of opened) {
    if (!db.closed) await db.close().catch(() => undefined);
  }
  opened.clear();
  const problems = [
    ...(failed ? [inspect(error)] : []),
    ...stray.map((reason) => `outside the sample's flow: ${inspect(reason)}`),
  ];
  process.send?.({
    file,
    ok: problems.length === 0,
    error: problems.length === 0 ? null : problems.join("\n"),
    output: output.join("\n"),
    printed: printed.join("\n"),
  });
});
