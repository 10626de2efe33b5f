// Shared by the test files: a fresh, migrated database per file (PGlite in memory, or a new
// database on the server named by FDM_TEST_DATABASE_URL) and the API served on 127.0.0.1:0.
import { randomBytes } from "node:crypto";
import { OpenAPIHono } from "@hono/zod-openapi";
import {
  closeFdm,
  createApiKey,
  createFdmAuth,
  createFdmLocal,
  createFdmServer,
  type FdmAuth,
  type FdmType,
  fdmSchema,
  migrateFdm,
  syncCatalogues,
} from "fdm-core";
import postgres from "postgres";
import { type ApiLogLine, type ApiOptions, createApi } from "./app.js";
import { type Mailer, verificationMailSender } from "./mailer.js";
import type { ApiApp, ApiEnv } from "./route.js";
import { type RunningApi, startApi } from "./server.js";

export interface TestApi {
  fdm: FdmType;
  auth: FdmAuth;
  server: RunningApi;
  mode: "pglite" | "postgres";
  /** Every log line the API wrote. */
  logs: ApiLogLine[];
  /** The auth secret (tests check it never leaves the server). */
  secret: string;
  /** Connection string of the test database on PostgreSQL, else null. */
  databaseUrl: string | null;
  /** Adds a user and an API key of it; returns the user's id and the key. */
  user(
    name: string,
    options?: { emailVerified?: boolean },
  ): Promise<{ id: string; key: string; email: string }>;
  /** fetch on the API with a key: JSON in and out. */
  call(
    key: string | null,
    method: string,
    path: string,
    body?: unknown,
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies field by field.
  ): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

const id = () => randomBytes(8).toString("hex");

/** Opens a migrated database: PGlite, or a fresh database on FDM_TEST_DATABASE_URL's server. */
export async function openDatabase(): Promise<{
  fdm: FdmType;
  url: string | null;
  close(): Promise<void>;
}> {
  const server = process.env.FDM_TEST_DATABASE_URL;
  if (!server) {
    const fdm = await createFdmLocal();
    return { fdm, url: null, close: () => closeFdm(fdm) };
  }
  const name = `fdm_api_test_${id()}`;
  const admin = postgres(server, { onnotice: () => {}, max: 1 });
  // A copy of the run's migrated template (tests/global-setup.ts), where there is one.
  const template = process.env.FDM_TEST_PG_TEMPLATE;
  await admin.unsafe(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const target = new URL(server);
  target.pathname = `/${name}`;
  const fdm = createFdmServer(target.toString());
  await migrateFdm(fdm);
  return {
    fdm,
    url: target.toString(),
    close: async () => {
      await closeFdm(fdm);
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * With `mailer`, better-auth mails the verification link through it, and its base URL is the
 * server's own address, so that the link in the mail can be opened as it is.
 */
export async function startTestApi(
  options: Partial<ApiOptions> & { mailer?: Mailer } = {},
): Promise<TestApi> {
  const { mailer, ...apiOptions } = options;
  const db = await openDatabase();
  const fdm = db.fdm;
  await syncCatalogues(fdm);
  const secret = randomBytes(32).toString("hex");
  // The app is made once the port is known: the base URL goes into the mailed links.
  let app: ApiApp | undefined;
  const front: ApiApp = new OpenAPIHono<ApiEnv>();
  front.all("*", (c) => (app ? app.fetch(c.req.raw, c.env) : c.body(null, 503)));
  const server = await startApi(front, { port: 0 });
  const auth = mailer
    ? createFdmAuth(fdm, {
        secret,
        baseURL: server.url,
        sendVerificationEmail: verificationMailSender(mailer),
      })
    : createFdmAuth(fdm, { secret, baseURL: "http://127.0.0.1" });
  const logs: ApiLogLine[] = [];
  try {
    app = createApi({ fdm, auth, log: (l) => logs.push(l), ...apiOptions });
  } catch (err) {
    await server.close();
    await db.close();
    throw err;
  }
  const call: TestApi["call"] = async (key, method, path, body) => {
    const headers: Record<string, string> = {};
    if (key) headers.authorization = `Bearer ${key}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text === "" ? null : JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  return {
    fdm,
    auth,
    server,
    mode: db.url ? "postgres" : "pglite",
    logs,
    secret,
    databaseUrl: db.url,
    call,
    async user(name, opts = {}) {
      const userId = `user_${id()}`;
      const email = `${name}-${id()}@example.org`;
      await fdm.insert(fdmSchema.authUser).values({
        id: userId,
        name,
        email,
        emailVerified: opts.emailVerified ?? true,
      });
      const { key } = await createApiKey(fdm, userId, { name: `${name}'s key` });
      return { id: userId, key, email };
    },
    async close() {
      await server.close();
      await db.close();
    },
  };
}

/** A 100 m × 100 m square near Wageningen (1.00 ha on turf's sphere), shifted east by `i` squares. */
export function square(i = 0) {
  const dx = 0.0014585;
  const dy = 0.00089832;
  const x = 5.66 + i * dx * 1.5;
  return {
    type: "Polygon" as const,
    coordinates: [
      [
        [x, 51.98],
        [x + dx, 51.98],
        [x + dx, 51.98 + dy],
        [x, 51.98 + dy],
        [x, 51.98],
      ],
    ],
  };
}
