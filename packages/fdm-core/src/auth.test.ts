import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
    const { user } = await auth.api.signUpEmail({ body: anna });
    expect(user).toMatchObject({ name: "Anna de Boer", email: "anna@example.org" });
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

  it.each([
    [{ username: "anna2" }, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"],
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
