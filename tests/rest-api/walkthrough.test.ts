import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApi, type RunningApi, startApi } from "fdm-api";
import { closeFdm, createFdmAuth, createFdmLocal, type FdmType, syncCatalogues } from "fdm-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The REST walk-through (docs/rest-api/walk-through.mdx) runs as written: its ```sh blocks,
 * in order, in one bash process against a live service on a fresh in-memory database. The
 * only edit is the base URL of the first block (the page's 127.0.0.1:3001 becomes this
 * server's free port); every later value (the key, the farm's and field's ids) comes from
 * the blocks themselves, through the shell variables the page sets. What each block prints
 * must equal the "Output" block that follows it on the page.
 */
const page = path.resolve(import.meta.dirname, "../../docs/rest-api/walk-through.mdx");
const pageBase = "BASE=http://127.0.0.1:3001";

interface Step {
  /** 1-based line of the block on the page. */
  line: number;
  script: string;
  /** The output the page shows after the block, with its language; null when none. */
  output: { lang: string; text: string } | null;
}

/** The page's ```sh blocks, each with the ``` … title="Output" block right after it. */
function steps(text: string): Step[] {
  const fences = [...text.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```\s*$/gm)].map((m) => ({
    lang: m[1] ?? "",
    meta: m[2] ?? "",
    body: m[3] ?? "",
    line: text.slice(0, m.index).split("\n").length,
  }));
  const out: Step[] = [];
  fences.forEach((fence, i) => {
    if (fence.lang !== "sh") return;
    const next = fences[i + 1];
    const output =
      next && next.lang !== "sh" && /title="Output"/.test(next.meta)
        ? { lang: next.lang, text: next.body }
        : null;
    out.push({ line: fence.line, script: fence.body, output });
  });
  return out;
}

const marker = (i: number) => `@@walk-through step ${i}@@`;

/** Runs a bash script; asynchronous, since the server answering it runs in this process. */
function bash(
  script: string,
  cwd: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script], {
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

let fdm: FdmType;
let server: RunningApi;
let workDir: string;

beforeAll(async () => {
  fdm = await createFdmLocal();
  await syncCatalogues(fdm);
  // A secret for this test only.
  const auth = createFdmAuth(fdm, {
    secret: randomBytes(32).toString("hex"),
    baseURL: "http://127.0.0.1",
  });
  server = await startApi(createApi({ fdm, auth, log: false }), { port: 0 });
  workDir = mkdtempSync(path.join(tmpdir(), "fdm-rest-walk-through-"));
});

afterAll(async () => {
  await server?.close();
  if (fdm) await closeFdm(fdm);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe("the REST API walk-through", () => {
  const text = readFileSync(page, "utf8");
  const all = steps(text);

  it("has shell blocks, each followed by the output it prints", () => {
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(all.filter((s) => s.output === null).map((s) => s.line)).toEqual([]);
    // The base URL is set once, in the first block, so replacing it is the only edit.
    expect(all[0]?.script.split("\n")[0]).toBe(pageBase);
    expect(text.split(pageBase).length - 1).toBe(1);
  });

  it("prints what the page shows, block by block, against a live service", async () => {
    const script = [
      "set -euo pipefail",
      ...all.flatMap((step, i) => [
        `printf '%s\\n' '${marker(i)}'`,
        i === 0 ? step.script.replace(pageBase, `BASE=${server.url}`) : step.script,
      ]),
      `printf '%s\\n' '${marker(all.length)}'`,
    ].join("\n");
    const run = await bash(script, workDir);
    expect(run.stderr, "stderr").toBe("");
    expect(run.status, "exit status").toBe(0);
    all.forEach((step, i) => {
      const start = run.stdout.indexOf(`${marker(i)}\n`);
      const end = run.stdout.indexOf(`${marker(i + 1)}\n`);
      expect(start, `block at line ${step.line} ran`).toBeGreaterThanOrEqual(0);
      const printed = run.stdout.slice(start + marker(i).length + 1, end);
      expect(printed, `output of the block at line ${step.line}`).toBe(step.output?.text);
    });
  });
});
