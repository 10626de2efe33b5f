import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { username } from "better-auth/plugins/username";
import { eq } from "drizzle-orm";
import { FdmError } from "./error.js";
import type { FdmType } from "./fdm.js";
import { handlePattern } from "./principal.js";
import { authAccount, authSession, authUser, authVerification, organizations } from "./schema.js";
import { optionalNumber, requireText } from "./validate.js";

/** Options of {@link createFdmAuth}. */
export interface FdmAuthOptions {
  /**
   * The secret better-auth signs session cookies with: at least 32
   * characters, kept out of source code (read it from the environment).
   */
  secret: string;
  /**
   * The URL the application is served at, e.g. `https://farm.example.org`;
   * better-auth builds its callback URLs and checks request origins with it.
   * Defaults to `http://127.0.0.1:3000`.
   */
  baseURL?: string;
  /** Further origins allowed to call the auth endpoints, besides `baseURL`. */
  trustedOrigins?: string[];
  /** The shortest password accepted at sign-up, 8–128 characters; defaults to 8. */
  minPasswordLength?: number;
  /**
   * Sends the link that proves a user's email address, e.g. by mail. Given, it is called at
   * sign-up with the user, the link (`url`) and its single-use `token`; opening the link, or
   * `auth.api.verifyEmail({ query: { token } })`, marks the address verified. Only a verified
   * address can see and accept invitations to organizations. better-auth keeps the token
   * signed, never in a table in clear. An error it throws is logged with its message (see
   * {@link createFdmAuth}), so that message must hold no secret.
   */
  sendVerificationEmail?: SendVerificationEmail;
}

/** Sends the link that proves a user's email address: {@link FdmAuthOptions.sendVerificationEmail}. */
type SendVerificationEmail = (data: {
  user: { id: string; email: string; name: string };
  url: string;
  token: string;
}) => Promise<void>;

/** Failed sign-ins one account may have in {@link failureWindowMs} before sign-in is refused. */
const failuresPerAccount = 5;
/** 15 minutes, from an account's first failed sign-in. */
const failureWindowMs = 15 * 60_000;
/** Past this many accounts with failures in memory, expired entries are dropped. */
const pruneAbove = 10_000;
/** And past this many, the oldest, so memory stays bounded whatever an attacker sends. */
const keepAtMost = 100_000;

/**
 * Failed sign-ins per account, kept in this process's memory. better-auth's own rate limit
 * counts requests per client address and path only, so it cannot stop one account being
 * guessed at from many addresses: this can.
 */
class SignInFailures {
  private readonly entries = new Map<string, { count: number; since: number }>();

  /** Seconds until `key` may sign in again; 0 when it may now. */
  waitSeconds(key: string, now: number): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    if (now - entry.since >= failureWindowMs) {
      this.entries.delete(key);
      return 0;
    }
    if (entry.count < failuresPerAccount) return 0;
    return Math.max(1, Math.ceil((entry.since + failureWindowMs - now) / 1000));
  }

  failed(key: string, now: number): void {
    const entry = this.entries.get(key);
    if (entry && now - entry.since < failureWindowMs) {
      entry.count += 1;
      return;
    }
    this.entries.delete(key);
    this.entries.set(key, { count: 1, since: now });
    if (this.entries.size > pruneAbove) {
      for (const [k, e] of this.entries)
        if (now - e.since >= failureWindowMs) this.entries.delete(k);
      for (const k of this.entries.keys()) {
        if (this.entries.size <= keepAtMost) break;
        this.entries.delete(k);
      }
    }
  }

  succeeded(key: string): void {
    this.entries.delete(key);
  }
}

/** Errors thrown by the caller's own callbacks: their messages are the caller's to vouch for. */
const callerErrors = new WeakSet<object>();

/**
 * better-auth's log, reduced to one fixed JSON line per error on standard error. Its messages
 * can hold a request's Origin or callback URL, and its warnings tell a sign-in with an unknown
 * address ("User not found") from a wrong password: none of that is written, only that an auth
 * request failed and, when an error came with it, the error's name (e.g. `PostgresError`), and
 * the message of an error thrown by the caller's `sendVerificationEmail`.
 */
const authLogger = {
  level: "error" as const,
  log: (_level: string, _message: string, ...args: unknown[]) => {
    const error = args.find((a): a is Error => a instanceof Error);
    console.error(
      JSON.stringify({
        source: "better-auth",
        level: "error",
        message: "an auth request failed",
        ...(error ? { error: error.name } : {}),
        ...(error && callerErrors.has(error) ? { detail: error.message } : {}),
      }),
    );
  },
};

function build(fdm: FdmType, options: FdmAuthOptions) {
  const failures = new SignInFailures();
  /** The account a sign-in names: by email, or by the email of the username's user. */
  const accountOf = async (path: string, body: unknown): Promise<string | null> => {
    const b = (body ?? {}) as { email?: unknown; username?: unknown };
    if (path === "/sign-in/email" && typeof b.email === "string") {
      return `email:${b.email.trim().toLowerCase()}`;
    }
    if (path === "/sign-in/username" && typeof b.username === "string") {
      const name = b.username.trim().toLowerCase();
      const [user] = await fdm
        .select({ email: authUser.email })
        .from(authUser)
        .where(eq(authUser.username, name));
      return user ? `email:${user.email.toLowerCase()}` : `username:${name}`;
    }
    return null;
  };
  return betterAuth({
    appName: "FDM",
    secret: options.secret,
    baseURL: options.baseURL ?? "http://127.0.0.1:3000",
    trustedOrigins: options.trustedOrigins ?? [],
    database: drizzleAdapter(fdm, {
      provider: "pg",
      schema: {
        user: authUser,
        session: authSession,
        account: authAccount,
        verification: authVerification,
      },
    }),
    ...(options.sendVerificationEmail
      ? {
          emailVerification: {
            sendVerificationEmail: async (data: Parameters<SendVerificationEmail>[0]) => {
              try {
                await options.sendVerificationEmail?.(data);
              } catch (err) {
                if (typeof err === "object" && err !== null) callerErrors.add(err);
                throw err;
              }
            },
            sendOnSignUp: true,
          },
        }
      : {}),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: options.minPasswordLength ?? 8,
      maxPasswordLength: 128,
      // Without a session to hand out, better-auth answers a sign-up with a registered address
      // as one with a new address, so sign-up does not tell which addresses have accounts.
      autoSignIn: false,
    },
    plugins: [
      username({
        minUsernameLength: 3,
        maxUsernameLength: 30,
        displayUsername: false,
        validationOrder: { username: "post-normalization" },
        // Usernames and organization slugs share one namespace.
        usernameValidator: async (name) => {
          if (!handlePattern.test(name)) return false;
          const taken = await fdm
            .select({ id: organizations.id })
            .from(organizations)
            .where(eq(organizations.slug, name.toLowerCase()));
          return taken.length === 0;
        },
      }),
    ],
    // No usage data leaves the machine.
    telemetry: { enabled: false },
    // Per client address and path, in every environment (better-auth's default: production only).
    // The memory store is better-auth's, shared by the auth instances of one process.
    rateLimit: {
      enabled: true,
      storage: "memory",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/*": { window: 900, max: 20 },
        "/sign-up/*": { window: 3600, max: 5 },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const account = await accountOf(ctx.path, ctx.body);
        if (account === null) return;
        const wait = failures.waitSeconds(account, Date.now());
        if (wait > 0) {
          throw new APIError(
            "TOO_MANY_REQUESTS",
            {
              code: "TOO_MANY_FAILED_SIGN_INS",
              message: `Too many failed sign-ins for this account: retry after ${wait} s.`,
            },
            { "Retry-After": String(wait) },
          );
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const account = await accountOf(ctx.path, ctx.body);
        if (account === null) return;
        const returned = ctx.context.returned;
        if (isAPIError(returned)) {
          if (returned.statusCode === 401) failures.failed(account, Date.now());
        } else if (returned !== undefined) {
          failures.succeeded(account);
        }
      }),
    },
    // The origin and CSRF checks run as in production also under NODE_ENV=test, where
    // better-auth would otherwise skip them, so tests see what users get.
    advanced: { disableOriginCheck: false, disableCSRFCheck: false },
    logger: authLogger,
    // An error that is not an APIError reaches the caller (fdm-api answers it with a 500 problem)
    // instead of being printed, with whatever it holds, by better-auth's router.
    onAPIError: { throw: true },
  });
}

/**
 * The configured better-auth instance {@link createFdmAuth} returns: user
 * accounts with email and password, sessions, and a unique `username` per
 * user. Its `handler` serves the HTTP endpoints (`/api/auth/*`); `api` calls
 * them from server code (e.g. `auth.api.signUpEmail`, `auth.api.signInEmail`,
 * `auth.api.getSession`, `auth.api.signOut`).
 */
export type FdmAuth = ReturnType<typeof build>;

/**
 * Creates the authentication of an fdm database: better-auth 1.7 with email
 * and password sign-in, database sessions and usernames, storing users,
 * sessions, accounts and verification values in the `auth_user`,
 * `auth_session`, `auth_account` and `auth_verification` tables of the same
 * database (created by the fdm-core migrations). Passwords are hashed and
 * session tokens made by better-auth; fdm-core does neither itself.
 *
 * Nothing is sent to another host: better-auth's telemetry is switched off
 * here, and no sign-in method that calls an outside service (social or
 * email-link sign-in) is configured. better-auth still turns telemetry on when
 * the environment variable `BETTER_AUTH_TELEMETRY` is `true`, so leave it unset.
 *
 * Sign-up does not sign the user in (`token` is `null`, no cookie is set): sign in
 * afterwards with `auth.api.signInEmail`. This lets sign-up answer an address that
 * already has an account exactly as a new one — no error, a user object with a fresh
 * id, nothing stored, the existing account untouched — so that, like
 * {@link getPrincipalByEmail}, it does not tell anyone which addresses have accounts.
 * The id of such an answer belongs to no user, and fdm-core refuses it as a principal.
 *
 * Sign-in is throttled in every environment, not only with `NODE_ENV=production`:
 * - Per account: after 5 failed sign-ins (by email or by username) within 15 minutes of the
 *   first, every sign-in of that account is refused, the right password too, until those 15
 *   minutes are over: an `APIError` with status `TOO_MANY_REQUESTS` (429), code
 *   `TOO_MANY_FAILED_SIGN_INS` and a `Retry-After` header in seconds. A successful sign-in
 *   clears the count. An address without an account is counted alike, so the answers do not
 *   tell which addresses have accounts. This also holds for `auth.api.signInEmail` calls.
 * - Per client address, on requests to `handler` (better-auth's rate limit): 20 sign-in
 *   requests per 15 minutes, 5 sign-ups per hour, 100 requests per minute to each other
 *   endpoint (better-auth's own rules stay for password and email changes: 3 per 10 seconds),
 *   answered 429 with `X-Retry-After`. A window ends that many seconds after the last request
 *   it let through. better-auth reads the address from the `x-forwarded-for` header, which
 *   only a server in front can be trusted to set: fdm-api's `createApi` sets it from the
 *   connection.
 * Both counts are kept in the memory of the process, per instance.
 *
 * better-auth's own log is reduced to one fixed JSON line per error on standard error
 * (`{"source":"better-auth","level":"error","message":"an auth request failed"}`, with the
 * error's name when there is one, and as `detail` the message of an error thrown by
 * `sendVerificationEmail`): it never holds a header, an email address or whether an account
 * exists.
 *
 * A user's `id` is the {@link PrincipalId} the other fdm-core functions take.
 * Usernames are 3–30 characters: lower-case letters, digits, `_`, `.` and
 * `-`, starting with a letter or digit; better-auth lower-cases them. A
 * username cannot be an organization's slug: the two share one namespace, so
 * {@link getPrincipalByUsername} finds one principal.
 *
 * @param fdm - The database handle.
 * @param options - The secret and, optionally, the base URL, trusted origins and password length.
 * @returns The configured better-auth instance.
 * @throws {FdmError} `INVALID_INPUT` when the secret is shorter than 32 characters, the base URL is
 *   not an http(s) URL, or the password length is outside 8–128.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { randomBytes } from "node:crypto";
 * import { createFdmAuth, createFdmLocal } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: process.env.AUTH_SECRET ?? randomBytes(32).toString("hex") });
 * const { user } = await auth.api.signUpEmail({
 *   body: { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery", username: "anna" },
 * });
 * const signedIn = await auth.api.signInEmail({
 *   body: { email: "anna@example.org", password: "correct horse battery" },
 * });
 * assert.strictEqual(signedIn.user.id, user.id);
 * ```
 */
export function createFdmAuth(fdm: FdmType, options: FdmAuthOptions): FdmAuth {
  if (typeof options !== "object" || options === null) {
    throw new FdmError("INVALID_INPUT", "options: must be an object with a secret.", {
      field: "options",
    });
  }
  const secret = requireText(options.secret, "secret", 1000);
  if (secret.length < 32) {
    throw new FdmError("INVALID_INPUT", "secret: must be at least 32 characters.", {
      field: "secret",
    });
  }
  if (options.baseURL !== undefined && !/^https?:\/\/[^\s]+$/.test(options.baseURL)) {
    throw new FdmError("INVALID_INPUT", "baseURL: must be an http:// or https:// URL.", {
      field: "baseURL",
    });
  }
  const minPasswordLength = optionalNumber(options.minPasswordLength, "minPasswordLength", 8, 128);
  return build(fdm, {
    ...options,
    secret: options.secret,
    ...(minPasswordLength === null ? {} : { minPasswordLength }),
  });
}
