// Sign-in and sign-up limits of /api/auth, and what better-auth may write to the log.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApi } from "./app.js";
import { type RunningApi, startApi } from "./server.js";
import { startTestApi, type TestApi } from "./test-server.js";

let api: TestApi;
/** The same database and auth behind a proxy that names the client in `X-Real-IP`. */
let proxied: RunningApi;

beforeAll(async () => {
  api = await startTestApi();
  proxied = await startApi(
    createApi({ fdm: api.fdm, auth: api.auth, log: false, clientAddressHeader: "x-real-ip" }),
    { port: 0 },
  );
});
afterAll(async () => {
  await proxied?.close();
  await api?.close();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const password = "a long passphrase";

/** An account with a password, made through better-auth's server API (no HTTP limits). */
async function account(name: string) {
  const email = `${name}@example.org`;
  await api.auth.api.signUpEmail({ body: { name, email, password, username: name } });
  return email;
}

/** POST /api/auth/<path> from the client at `address` (through the proxy). */
async function authCall(address: string, path: string, body: unknown) {
  const res = await fetch(`${proxied.url}/api/auth/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-real-ip": address },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    retryAfter: res.headers.get("retry-after"),
    cookies: res.headers.getSetCookie(),
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies field by field.
    body: (text === "" ? null : JSON.parse(text)) as any,
  };
}
const signIn = (address: string, email: string, pass: string) =>
  authCall(address, "sign-in/email", { email, password: pass });

describe("failed sign-ins per account", () => {
  it("refuses the 6th sign-in within 15 minutes after 5 failures, the right password too, from any address", async () => {
    const anna = await account("anna");
    const bram = await account("bram");
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await signIn("203.0.113.1", anna, `wrong guess ${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    const locked = await signIn("203.0.113.1", anna, password);
    expect(locked).toMatchObject({
      status: 429,
      type: "application/problem+json",
      cookies: [],
      body: { status: 429, code: "TOO_MANY_FAILED_SIGN_INS" },
    });
    expect(Number(locked.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(locked.retryAfter)).toBeLessThanOrEqual(900);
    // Another address, another spelling of the address, or the username: the same account.
    expect((await signIn("203.0.113.2", "ANNA@example.org", password)).status).toBe(429);
    expect(
      (await authCall("203.0.113.3", "sign-in/username", { username: "anna", password })).status,
    ).toBe(429);
    // Another account from the same address is not affected.
    const other = await signIn("203.0.113.1", bram, password);
    expect(other.status).toBe(200);
    expect(other.cookies.length).toBeGreaterThan(0);

    // Once 15 minutes have passed since the first failure, the right password works again.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 15 * 60_000 + 1_000 });
    const later = await signIn("203.0.113.1", anna, password);
    expect(later.status).toBe(200);
    expect(later.body.user.email).toBe(anna);
  });

  it("answers an address without an account exactly as one with an account", async () => {
    const carla = await account("carla");
    const run = async (email: string, address: string) => {
      const seen: unknown[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await signIn(address, email, `wrong guess ${i}`);
        seen.push({ status: r.status, type: r.type, code: r.body?.code, cookies: r.cookies });
      }
      return seen;
    };
    const known = await run(carla, "203.0.113.10");
    const unknown = await run("nobody@example.org", "203.0.113.11");
    expect(unknown).toEqual(known);
    expect(known.map((s) => (s as { status: number }).status)).toEqual([
      401, 401, 401, 401, 401, 429,
    ]);
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    const dirk = await account("dirk");
    for (let i = 0; i < 4; i++)
      expect((await signIn("203.0.113.20", dirk, `wrong ${i}`)).status).toBe(401);
    expect((await signIn("203.0.113.20", dirk, password)).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await signIn("203.0.113.20", dirk, `wrong again ${i}`)).status).toBe(401);
    expect((await signIn("203.0.113.20", dirk, password)).status).toBe(200);
  });
});

describe("sign-ins and sign-ups per client address", () => {
  it("refuses the 21st sign-in of one address within 15 minutes, whatever X-Forwarded-For says", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${api.server.url}/api/auth/sign-in/email`, {
        method: "POST",
        // Without a configured proxy header the socket's address counts, not this header.
        headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${i}` },
        body: JSON.stringify({ email: `guess-${i}@example.org`, password: "not it at all" }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(20).fill(401));
    const refused = await fetch(`${api.server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.99" },
      body: JSON.stringify({ email: "guess-99@example.org", password: "not it at all" }),
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(await refused.json()).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(900);
    // Another client address (named by the proxy the operator configured) is not affected.
    expect((await signIn("203.0.113.30", "guess-99@example.org", "not it at all")).status).toBe(
      401,
    );
  });

  it("refuses the 6th sign-up of one address within an hour and stores nothing for it", async () => {
    const signUp = (address: string, i: number) =>
      authCall(address, "sign-up/email", {
        name: `Bulk ${i}`,
        email: `bulk-${i}@example.org`,
        password,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signUp("203.0.113.40", i)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await signUp("203.0.113.40", 5);
    expect(refused).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3600);
    expect((await signIn("203.0.113.41", "bulk-5@example.org", password)).status).toBe(401);
    expect((await signIn("203.0.113.41", "bulk-4@example.org", password)).status).toBe(200);
    // Another address may still sign up.
    expect((await signUp("203.0.113.42", 6)).status).toBe(200);
  });
});

describe("better-auth's log", () => {
  /** Everything written to the console, standard output and standard error while `run` runs. */
  async function captured(run: () => Promise<unknown>): Promise<string[]> {
    const lines: string[] = [];
    const keep = (...args: unknown[]) => {
      lines.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
    };
    for (const level of ["log", "info", "warn", "error", "debug"] as const)
      vi.spyOn(console, level).mockImplementation(keep);
    const write = (chunk: unknown) => {
      keep(String(chunk));
      return true;
    };
    vi.spyOn(process.stdout, "write").mockImplementation(write as typeof process.stdout.write);
    vi.spyOn(process.stderr, "write").mockImplementation(write as typeof process.stderr.write);
    try {
      await run();
    } finally {
      vi.restoreAllMocks();
    }
    return lines;
  }

  it("writes the same lines for a failed sign-in with and without an account, and no address or header", async () => {
    const eva = await account("eva");
    const origin = proxied.url;
    const attempt = (email: string) =>
      fetch(`${proxied.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, "x-real-ip": "203.0.113.50" },
        body: JSON.stringify({ email, password: "wrong horse battery" }),
      }).then((r) => r.status);
    const known = await captured(() => attempt(eva));
    const unknown = await captured(() => attempt("nobody-at-all@example.org"));
    expect(unknown).toEqual(known);
    const all = [...known, ...unknown].join("\n");
    for (const secret of [eva, "nobody-at-all", origin, "203.0.113.50", "wrong horse"])
      expect(all).not.toContain(secret);
    expect(all).not.toMatch(/not found|invalid password/i);
  });

  it("logs better-auth's errors as a fixed line, without the URL or header that caused them", async () => {
    const fay = await account("fay");
    const lines = await captured(async () => {
      const res = await fetch(`${proxied.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-real-ip": "203.0.113.51" },
        body: JSON.stringify({
          email: fay,
          password,
          callbackURL: "https://evil.example/steal?who=fay",
        }),
      });
      expect(res.status).toBe(403);
    });
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { source: "better-auth", level: "error", message: "an auth request failed" },
    ]);
  });
});
