import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The REST walk-through (docs/rest-api/walk-through.mdx) runs as written, in each of its three
 * clients: each step is a `<Tabs groupId="rest-client">` holding the step in bash with curl
 * (```sh), in Python with its standard library (```python) and in Node.js with its built-in
 * fetch (```js), followed by one "Output" block. A client's blocks, in order, run as one
 * program (one bash process, one `python3` file, one `node` ES module) against a live service
 * on a fresh in-memory database, started by serve.mts in a process of its own as `npm run api`
 * starts one (see startServices for why). The only edit is the base URL in the client's first block
 * (the page's 127.0.0.1:3001 becomes this server's free port); every later value (the key,
 * the farm's and field's ids) comes from the blocks themselves. What each block prints must
 * equal the step's "Output" block, for every client.
 */
const page = path.resolve(import.meta.dirname, "../../docs/rest-api/walk-through.mdx");
const pageUrl = "http://127.0.0.1:3001";

interface Client {
  /** The TabItem's value. */
  tab: string;
  /** The language of its fenced blocks. */
  lang: string;
  /** How the first block sets the base URL. */
  baseLine: string;
  /** The file the blocks are written to. */
  file: string;
  /** The command that runs the file, and its arguments. */
  command: (file: string) => [string, string[]];
  /** A line printing `text` (a marker without quotes or backslashes). */
  print: (text: string) => string;
  /** Lines the program starts with. */
  prelude: string[];
}

const clients: Client[] = [
  {
    tab: "curl",
    lang: "sh",
    baseLine: `BASE=${pageUrl}`,
    file: "walk-through.sh",
    command: (file) => ["bash", [file]],
    print: (text) => `printf '%s\\n' '${text}'`,
    prelude: ["set -euo pipefail"],
  },
  {
    tab: "python",
    lang: "python",
    baseLine: `BASE = "${pageUrl}"`,
    file: "walk_through.py",
    command: (file) => ["/usr/bin/env", ["python3", file]],
    print: (text) => `print('${text}')`,
    prelude: [],
  },
  {
    tab: "node",
    lang: "js",
    baseLine: `const BASE = "${pageUrl}";`,
    file: "walk-through.mjs",
    command: (file) => ["node", [file]],
    print: (text) => `console.log('${text}');`,
    prelude: [],
  },
];

interface Step {
  /** 1-based line of the step's `<Tabs>` on the page. */
  line: number;
  /** The step's code per TabItem value. */
  code: Map<string, { lang: string; text: string }>;
  /** The output the page shows after the tabs; null when none. */
  output: string | null;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** The page's steps: each `<Tabs groupId="rest-client">` with the "Output" block right after it. */
function steps(text: string): Step[] {
  const groups = text.matchAll(/^<Tabs groupId="rest-client">\n([\s\S]*?)^<\/Tabs>\n/gm);
  return [...groups].map((group) => {
    const code = new Map<string, { lang: string; text: string }>();
    const items = (group[1] ?? "").matchAll(
      /^<TabItem value="(\w+)" label="[^"]+">\n\n```(\w+)\n((?:.*\n)*?)```\n\n<\/TabItem>$/gm,
    );
    for (const [, tab = "", lang = "", body = ""] of items) code.set(tab, { lang, text: body });
    const after = text.slice((group.index ?? 0) + group[0].length);
    const output = /^\n*```\w+ title="Output"\n((?:.*\n)*?)```\n/.exec(after)?.[1] ?? null;
    return { line: lineOf(text, group.index ?? 0), code, output };
  });
}

const marker = (i: number) => `@@walk-through step ${i}@@`;

/** A client's blocks as one program, a marker printed before each block and after the last. */
function program(client: Client, all: Step[], url: string): string {
  return [
    ...client.prelude,
    ...all.flatMap((step, i) => {
      const code = step.code.get(client.tab)?.text ?? "";
      return [client.print(marker(i)), i === 0 ? code.replace(pageUrl, url) : code];
    }),
    client.print(marker(all.length)),
  ].join("\n");
}

/** Runs a command in `cwd`, with only PATH, HOME (`cwd`) and a UTF-8 locale in its environment. */
function run(
  command: string,
  args: string[],
  cwd: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cwd, LC_ALL: "C.UTF-8" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 150_000);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

const serveScript = path.join(import.meta.dirname, "serve.mts");

/**
 * Live services, each on a fresh in-memory database: serve.mts in a process of its own,
 * without Vitest's NODE_ENV and TEST (with them, better-auth skips its origin checks), run
 * as `npm run api` runs. One process for all: starting Node and tsx is the slow part.
 */
async function startServices(
  count: number,
): Promise<{ urls: string[]; log: () => string; close(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ["--conditions=source", "--import", "tsx", serveScript, String(count)],
    {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/" },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const closed = new Promise<void>((resolve) => child.on("close", () => resolve()));
  const urls = await new Promise<string[]>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (stdout.includes("\n")) resolve(stdout.slice(0, stdout.indexOf("\n")).split(" "));
    });
    child.on("error", reject);
    child.on("close", (status) =>
      reject(new Error(`the services ended (exit ${status}) before serving:\n${stderr}`)),
    );
  });
  return {
    urls,
    log: () => `${stdout}${stderr}`,
    async close() {
      // Ending stdin closes the services; one that does not close within 10 s is killed.
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await closed;
      clearTimeout(timer);
    },
  };
}

let workDir: string;
/** One service for the origin check, then one per client. */
let services: Awaited<ReturnType<typeof startServices>> | undefined;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), "fdm-rest-walk-through-"));
  services = await startServices(1 + clients.length);
});

afterAll(async () => {
  await services?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const serviceUrl = (i: number): string => {
  const url = services?.urls[i];
  if (!url?.startsWith("http://127.0.0.1:")) throw new Error(`no service ${i}: ${services?.urls}`);
  return url;
};

describe("the REST API walk-through", () => {
  const text = readFileSync(page, "utf8");
  const all = steps(text);

  it("has steps, each in every client and followed by the output it prints", () => {
    expect(all.length).toBeGreaterThanOrEqual(10);
    for (const step of all) {
      const found = [...step.code].map(([tab, { lang }]) => `${tab}:${lang}`);
      expect(found, `clients of the step at line ${step.line}`).toEqual(
        clients.map((c) => `${c.tab}:${c.lang}`),
      );
      expect(step.output, `output of the step at line ${step.line}`).not.toBeNull();
    }
    // No client block sits outside a step, where no test would run it.
    const fenced = [...text.matchAll(/^```(\w+)/gm)].map((m) => m[1] ?? "");
    for (const client of clients) {
      expect(fenced.filter((lang) => lang === client.lang).length, client.lang).toBe(all.length);
    }
    // The base URL is set once per client, in its first block, so replacing it is the only edit.
    for (const client of clients) {
      expect(all[0]?.code.get(client.tab)?.text.split("\n")).toContain(client.baseLine);
    }
    expect(text.split(pageUrl).length - 1).toBe(clients.length);
  });

  it("meets a service that applies better-auth's origin checks, as a user's does", async () => {
    // A browser's sign-in from another site, with a cookie: refused. Inside Vitest's
    // process better-auth would let it through, and the runs below would prove less.
    const response = await fetch(`${serviceUrl(0)}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Cookie: "better-auth.session_token=stale",
        Origin: "https://elsewhere.example",
      },
      body: JSON.stringify({ email: "anne@example.org", password: "a long passphrase" }),
    });
    expect(response.status).toBe(403);
  });

  clients.forEach((client, c) => {
    it(`prints what the page shows, step by step, in ${client.tab} against a live service`, async () => {
      if (client.tab === "python") {
        // The CI machine installs Debian's python3 (.ci/run); a missing one fails, never skips.
        const probe = await run("/usr/bin/env", ["python3", "--version"], workDir);
        if (probe.status !== 0) {
          throw new Error(
            `python3 is needed to run the walk-through's Python blocks, and \`/usr/bin/env python3\` failed (exit ${probe.status}): ${probe.stderr.trim()}. Install it (Debian: apt-get install python3).`,
          );
        }
      }
      const dir = mkdtempSync(path.join(workDir, `${client.tab}-`));
      writeFileSync(path.join(dir, client.file), program(client, all, serviceUrl(1 + c)));
      const [command, args] = client.command(client.file);
      const result = await run(command, args, dir);
      const context = `stdout:\n${result.stdout}\nthe services' log:\n${services?.log()}`;
      expect(result.stderr, `stderr; ${context}`).toBe("");
      expect(result.status, `exit status; ${context}`).toBe(0);
      all.forEach((step, i) => {
        const start = result.stdout.indexOf(`${marker(i)}\n`);
        const end = result.stdout.indexOf(`${marker(i + 1)}\n`);
        expect(start, `step at line ${step.line} ran`).toBeGreaterThanOrEqual(0);
        const printed = result.stdout.slice(start + marker(i).length + 1, end);
        expect(printed, `output of the step at line ${step.line}`).toBe(step.output);
      });
    });
  });
});
