import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
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
   * signed, never in a table in clear.
   */
  sendVerificationEmail?: (data: {
    user: { id: string; email: string; name: string };
    url: string;
    token: string;
  }) => Promise<void>;
}

function build(fdm: FdmType, options: FdmAuthOptions) {
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
            sendVerificationEmail: options.sendVerificationEmail,
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
