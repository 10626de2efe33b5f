// `npm run api` as an operator runs it: its settings from the environment, and stopping it
// with SIGTERM as a supervisor or a container runtime does.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { settingsFromEnv } from "./settings.js";
import { openDatabase } from "./test-server.js";

const root = path.resolve(import.meta.dirname, "../../..");
const secret = "s".repeat(32);

describe("settingsFromEnv", () => {
  it("takes an empty FDM_DATABASE_URL and an empty FDM_AUTH_SECRET as unset", () => {
    const settings = settingsFromEnv({
      FDM_DATABASE_URL: "",
      FDM_AUTH_SECRET: "",
      FDM_API_PORT: "",
      FDM_API_HOST: "",
      FDM_API_DATA_DIR: "",
    });
    expect(settings).toMatchObject({
      databaseUrl: null,
      secret: null,
      port: 3001,
      hostname: "127.0.0.1",
      dataDir: path.resolve(".fdm-api-data"),
      trustedOrigins: [],
      clientAddressHeader: null,
    });
    expect(settingsFromEnv({ FDM_DATABASE_URL: " ", FDM_AUTH_SECRET: "  " })).toMatchObject({
      databaseUrl: null,
      secret: null,
    });
  });

  it("asks for FDM_AUTH_SECRET with PostgreSQL, whether it is absent or empty", () => {
    for (const empty of [{}, { FDM_AUTH_SECRET: "" }]) {
      expect(() =>
        settingsFromEnv({ FDM_DATABASE_URL: "postgres://db.example/fdm", ...empty }),
      ).toThrow("FDM_AUTH_SECRET is not set");
    }
    expect(
      settingsFromEnv({ FDM_DATABASE_URL: "postgres://db.example/fdm", FDM_AUTH_SECRET: secret }),
    ).toMatchObject({ databaseUrl: "postgres://db.example/fdm", secret });
  });

  it("names the variable and the rule of a bad value", () => {
    expect(() => settingsFromEnv({ FDM_AUTH_SECRET: "short" })).toThrow(
      "FDM_AUTH_SECRET must be at least 32 characters.",
    );
    expect(() => settingsFromEnv({ FDM_API_PORT: "80a" })).toThrow(
      "FDM_API_PORT must be a port number (0 to 65535).",
    );
    expect(() => settingsFromEnv({ FDM_API_TRUSTED_ORIGINS: "app.example.org" })).toThrow(
      "FDM_API_TRUSTED_ORIGINS: app.example.org is not an http(s) origin such as https://app.example.org.",
    );
    expect(() => settingsFromEnv({ FDM_API_CLIENT_ADDRESS_HEADER: "x real ip" })).toThrow(
      "FDM_API_CLIENT_ADDRESS_HEADER must be a header name, such as x-real-ip.",
    );
  });

  it("reads the trusted origins and the proxy's client address header", () => {
    expect(
      settingsFromEnv({
        FDM_API_TRUSTED_ORIGINS: "https://app.example.org, https://admin.example.org/",
        FDM_API_CLIENT_ADDRESS_HEADER: "X-Real-IP",
      }),
    ).toMatchObject({
      trustedOrigins: ["https://app.example.org", "https://admin.example.org"],
      clientAddressHeader: "x-real-ip",
    });
  });
});

/** A port no one listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Whether a process with this id is alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The ids of the processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
      .split("\n")
      .map((l) => Number(l.trim()))
      .filter((n) => n > 0);
  } catch {
    return [];
  }
}

/** Resolves once `check` holds, polling every 100 ms, or rejects after `limitMs`. */
async function until(what: string, check: () => boolean | Promise<boolean>, limitMs = 30_000) {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const answers = (url: string) =>
  fetch(`${url}/v1/health`, { signal: AbortSignal.timeout(5_000) }).then(
    (r) => r.status === 200,
    () => false,
  );

describe("npm run api", () => {
  it("serves, and on SIGTERM to npm stops: the port closes and no server process is left", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fdm-api-main-"));
    // PGlite with an empty FDM_DATABASE_URL and FDM_AUTH_SECRET (both count as unset), or the
    // PostgreSQL database of this test run.
    const db = process.env.FDM_TEST_DATABASE_URL ? await openDatabase() : null;
    const port = await freePort();
    let npm: ChildProcess | undefined;
    const left: number[] = [];
    try {
      npm = spawn("npm", ["run", "api"], {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME ?? dataDir,
          FDM_API_PORT: String(port),
          FDM_API_DATA_DIR: dataDir,
          FDM_DATABASE_URL: db?.url ?? "",
          FDM_AUTH_SECRET: db ? randomBytes(32).toString("hex") : "",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      npm.stdout?.on("data", (d) => {
        output += d;
      });
      npm.stderr?.on("data", (d) => {
        output += d;
      });
      const exited = new Promise<void>((resolve) => npm?.once("exit", () => resolve()));
      const url = `http://127.0.0.1:${port}`;
      await until("the serving line", () => output.includes(`fdm-api: serving ${url}/v1`), 90_000);
      expect(output).toContain(db ? "on PostgreSQL" : "on PGlite");
      if (!db) expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(true);
      expect(await answers(url)).toBe(true);
      const pid = npm.pid as number;
      // npm's child, and that one's children: the server is among them.
      const tree = childrenOf(pid).flatMap((c) => [c, ...childrenOf(c)]);
      left.push(...tree);

      npm.kill("SIGTERM");
      await exited;
      await until("the server process is gone", () => tree.every((p) => !alive(p)));
      expect(await answers(url)).toBe(false);
      expect(output).toContain("fdm-api: SIGTERM, closing");
    } finally {
      // A server left running by a failed run is stopped here, by its id.
      for (const p of left) if (alive(p)) process.kill(p, "SIGKILL");
      if (npm?.pid && alive(npm.pid)) npm.kill("SIGKILL");
      await db?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
