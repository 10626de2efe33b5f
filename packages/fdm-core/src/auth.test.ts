import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createFdmAuth, type FdmAuth } from "./auth.js";
import { FdmError } from "./error.js";
import { authAccount, authSession, authUser } from "./schema.js";
import { createTestDatabase, type TestDatabase } from "./test-setup.js";

// A secret made for this test only; applications read theirs from the environment.
const testSecret = "fdm-core-auth-test-secret-0123456789abcdef";

let db: TestDatabase;
let auth: FdmAuth;
beforeAll(async () => {
  db = await createTestDatabase();
  auth = createFdmAuth(db.fdm, { secret: testSecret });
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const anna = {
  name: "Anna de Boer",
  email: "anna@example.org",
  password: "correct horse battery",
  username: "anna",
};

/** The cookie header a browser would send back after a response with these headers. */
function cookieFrom(headers: Headers): Headers {
  const cookies = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return new Headers({ cookie: cookies });
}

describe("createFdmAuth", () => {
  it("signs up a user, storing a hashed password in the fdm database", async () => {
    const { headers, response } = await auth.api.signUpEmail({ body: anna, returnHeaders: true });
    const { user } = response;
    expect(user).toMatchObject({ name: "Anna de Boer", email: "anna@example.org" });
    // sign-up does not sign in: no session token, no cookie
    expect(response.token).toBeNull();
    expect(headers.getSetCookie()).toEqual([]);
    const [row] = await db.fdm.select().from(authUser).where(eq(authUser.id, user.id));
    expect(row).toMatchObject({ username: "anna", emailVerified: false });
    const [account] = await db.fdm
      .select()
      .from(authAccount)
      .where(eq(authAccount.userId, user.id));
    expect(account?.providerId).toBe("credential");
    expect(account?.password).toBeTruthy();
    expect(account?.password).not.toContain(anna.password);
  });

  it("signs in, reads the session from the cookie, and signs out", async () => {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: anna.email, password: anna.password },
      returnHeaders: true,
    });
    expect(response.user.email).toBe(anna.email);
    const cookie = cookieFrom(headers);
    const session = await auth.api.getSession({ headers: cookie });
    expect(session?.user.id).toBe(response.user.id);
    const [live] = await db.fdm
      .select({ n: count() })
      .from(authSession)
      .where(eq(authSession.token, response.token));
    expect(live?.n).toBe(1);

    await auth.api.signOut({ headers: cookie });
    expect(await auth.api.getSession({ headers: cookie })).toBeNull();
    const [gone] = await db.fdm
      .select({ n: count() })
      .from(authSession)
      .where(eq(authSession.token, response.token));
    expect(gone?.n).toBe(0);
  });

  it("signs in by username", async () => {
    const result = await auth.api.signInUsername({
      body: { username: "anna", password: anna.password },
    });
    expect(result?.user.email).toBe(anna.email);
  });

  it("rejects a wrong password and creates no session", async () => {
    const [before] = await db.fdm.select({ n: count() }).from(authSession);
    await expect(
      auth.api.signInEmail({ body: { email: anna.email, password: "wrong horse battery" } }),
    ).rejects.toMatchObject({ status: "UNAUTHORIZED" });
    const [after] = await db.fdm.select({ n: count() }).from(authSession);
    expect(after?.n).toBe(before?.n);
  });

  it("answers a sign-up with a registered address as one with a new address, and changes nothing", async () => {
    const mallory = { name: "Mallory", password: "mallory's own password" };
    const signUp = async (email: string) => {
      const { headers, response } = await auth.api.signUpEmail({
        body: { ...mallory, email },
        returnHeaders: true,
      });
      return { response, cookies: headers.getSetCookie() };
    };
    const fresh = await signUp("Not-Yet@example.org");
    const [before] = await db.fdm.select({ n: count() }).from(authUser);
    const registered = await signUp("ANNA@example.org");
    const [after] = await db.fdm.select({ n: count() }).from(authUser);
    const answer = (r: typeof fresh) => ({
      token: r.response.token,
      cookies: r.cookies,
      keys: Object.keys(r.response.user).sort(),
      name: r.response.user.name,
      emailVerified: r.response.user.emailVerified,
      username: r.response.user.username,
    });
    const expected = {
      token: null,
      cookies: [],
      keys: ["createdAt", "email", "emailVerified", "id", "image", "name", "updatedAt", "username"],
      name: "Mallory",
      emailVerified: false,
      username: null,
    };
    expect(answer(fresh)).toEqual(expected);
    expect(answer(registered)).toEqual(expected);
    expect([fresh.response.user.email, registered.response.user.email]).toEqual([
      "not-yet@example.org",
      "anna@example.org",
    ]);
    // nothing was stored for the registered address, and its account is untouched
    expect(after?.n).toBe(before?.n);
    const annas = await db.fdm
      .select({ id: authUser.id, name: authUser.name })
      .from(authUser)
      .where(eq(authUser.email, anna.email));
    expect(annas).toHaveLength(1);
    expect(annas[0]?.name).toBe("Anna de Boer");
    expect(annas[0]?.id).not.toBe(registered.response.user.id);
    const signIn = (email: string, password: string) =>
      auth.api.signInEmail({ body: { email, password } }).then(
        (r) => r.user.email,
        (err: { status?: string }) => err.status,
      );
    expect(await signIn(anna.email, anna.password)).toBe(anna.email);
    await expect(signIn(anna.email, mallory.password)).resolves.toBe("UNAUTHORIZED");
    // The residual risk the authorization page describes: signing in with the password chosen
    // at sign-up works only where the address was new.
    await expect(signIn("not-yet@example.org", mallory.password)).resolves.toBe(
      "not-yet@example.org",
    );
  });

  it.each([
    [{ email: "short@example.org", username: "shorty", password: "1234567" }, "PASSWORD_TOO_SHORT"],
    [{ email: "bad@example.org", username: "has space" }, "INVALID_USERNAME"],
    [{ email: "again@example.org" }, "USERNAME_IS_ALREADY_TAKEN"],
  ])("rejects a sign-up with %j as %s, storing no user", async (patch, code) => {
    const [before] = await db.fdm.select({ n: count() }).from(authUser);
    await expect(auth.api.signUpEmail({ body: { ...anna, ...patch } })).rejects.toMatchObject({
      body: { code },
    });
    const [after] = await db.fdm.select({ n: count() }).from(authUser);
    expect(after?.n).toBe(before?.n);
  });

  it("refuses every sign-in of an account, the right password too, after 5 failures", async () => {
    const lena = { name: "Lena", email: "lena@example.org", password: "lena's passphrase" };
    await auth.api.signUpEmail({ body: { ...lena, username: "lena" } });
    const signIn = (email: string, password: string) =>
      auth.api.signInEmail({ body: { email, password } }).then(
        () => "signed in",
        (err: { status?: string; body?: { code?: string }; headers?: Record<string, string> }) =>
          `${err.status} ${err.body?.code ?? ""}`.trim(),
      );
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push(await signIn(lena.email, `wrong ${i}`));
    expect(answers).toEqual(Array(5).fill("UNAUTHORIZED INVALID_EMAIL_OR_PASSWORD"));
    expect(await signIn("LENA@example.org", lena.password)).toBe(
      "TOO_MANY_REQUESTS TOO_MANY_FAILED_SIGN_INS",
    );
    const byUsername = await auth.api
      .signInUsername({ body: { username: "lena", password: lena.password } })
      .catch((err: { headers?: Record<string, string>; body?: { code?: string } }) => err);
    expect(byUsername).toMatchObject({ body: { code: "TOO_MANY_FAILED_SIGN_INS" } });
    const wait = Number((byUsername as { headers: Record<string, string> }).headers["Retry-After"]);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(900);
    // Another account is not affected.
    expect(await signIn(anna.email, anna.password)).toBe("signed in");
  }, 30_000);

  it("writes better-auth's errors as a fixed line without the request's URL", async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    });
    try {
      const res = await auth.handler(
        new Request("http://127.0.0.1:3000/api/auth/sign-in/email", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            email: anna.email,
            password: anna.password,
            callbackURL: "https://evil.example/collect",
          }),
        }),
      );
      expect(res.status).toBe(403);
    } finally {
      spy.mockRestore();
    }
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { source: "better-auth", level: "error", message: "an auth request failed" },
    ]);
  });

  it("logs the message of an error from sendVerificationEmail, and not the address", async () => {
    const mailing = createFdmAuth(db.fdm, {
      secret: testSecret,
      sendVerificationEmail: async () => {
        throw new Error("SMTP: could not send the mail through smtp.example.org:587 (EAUTH).");
      },
    });
    const lines: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    });
    try {
      await mailing.api.signUpEmail({
        body: { name: "Mira", email: "mira@example.org", password: "mira's passphrase" },
      });
    } finally {
      spy.mockRestore();
    }
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      {
        source: "better-auth",
        level: "error",
        message: "an auth request failed",
        error: "Error",
        detail: "SMTP: could not send the mail through smtp.example.org:587 (EAUTH).",
      },
    ]);
  });

  it("rejects a short secret and a bad base URL", () => {
    expect(() => createFdmAuth(db.fdm, { secret: "too-short" })).toThrow(
      "secret: must be at least 32 characters.",
    );
    expect(() => createFdmAuth(db.fdm, { secret: testSecret, baseURL: "ftp://x" })).toThrow(
      FdmError,
    );
    expect(() => createFdmAuth(db.fdm, { secret: testSecret, minPasswordLength: 4 })).toThrow(
      "minPasswordLength: must be between 8 and 128.",
    );
  });
});
