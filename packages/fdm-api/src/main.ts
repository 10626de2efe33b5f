// `npm run api`: serves fdm-api on 127.0.0.1:3001 from source (tsx), no build step. The npm
// script `exec`s node, so this process is the one a supervisor's SIGTERM reaches: it stops
// accepting, finishes open requests, closes the database and exits 0. A variable set to the
// empty string counts as unset.
//
//   FDM_DATABASE_URL  postgres://… to use a PostgreSQL server (migrated on start); absent:
//                     embedded PGlite kept in FDM_API_DATA_DIR (default .fdm-api-data/).
//   FDM_AUTH_SECRET   better-auth's secret, ≥ 32 characters. Required with PostgreSQL; with
//                     PGlite one is generated once and kept in <data dir>/auth-secret.
//   FDM_API_PORT      the port (default 3001); FDM_API_HOST the address (default 127.0.0.1).
//   FDM_API_TRUSTED_ORIGINS  comma-separated origins (https://app.example.org) whose pages may
//                     sign in and send requests that change something with the session cookie,
//                     besides the service's own; none by default.
//   FDM_API_CLIENT_ADDRESS_HEADER  behind a reverse proxy: the header it names the client's
//                     address in (x-real-ip; x-forwarded-for counts its right-most address).
//                     Absent: the connection's address, and no such header is trusted.
//   FDM_API_BASE_URL  the address users reach the service at, for the links in mail
//                     (default http://<host>:<port>).
//   FDM_SMTP_URL      smtp://user:password@host:port or smtps://… to send mail, with FDM_MAIL_FROM
//                     the sender; absent: each mail is written to <data dir>/outbox/ as a file.
//
// Limits: /v1 600 requests per user per minute, bodies 1 MiB; sign-in 5 failures per account
// per 15 minutes (then 429 TOO_MANY_FAILED_SIGN_INS), 20 sign-in requests per address per 15
// minutes, 5 sign-ups per address per hour (then 429 RATE_LIMITED); a request must arrive
// whole within 30 s, its headers within 10 s (else 408); idle connections close after 5 s.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  closeFdm,
  createFdmAuth,
  createFdmLocal,
  createFdmServer,
  type FdmType,
  migrateFdm,
  syncCatalogues,
} from "fdm-core";
import { createApi } from "./app.js";
import {
  type ConfiguredMailer,
  MailError,
  mailerFromEnv,
  verificationMailSender,
} from "./mailer.js";
import { startApi } from "./server.js";
import { type ApiSettings, settingsFromEnv } from "./settings.js";

function fail(message: string): never {
  process.stderr.write(`fdm-api: ${message}\n`);
  process.exit(1);
}

function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

async function main(): Promise<void> {
  let settings: ApiSettings;
  try {
    settings = settingsFromEnv(process.env);
  } catch (err) {
    fail((err as Error).message);
  }
  const { databaseUrl: url, port, hostname, dataDir } = settings;
  let fdm: FdmType;
  let secret = settings.secret;
  if (url) {
    fdm = createFdmServer(url);
    await migrateFdm(fdm);
  } else {
    mkdirSync(dataDir, { recursive: true });
    secret ??= localSecret(dataDir);
    fdm = await createFdmLocal({ dataDir: path.join(dataDir, "pglite") });
  }
  if (secret === null || secret.length < 32)
    fail("FDM_AUTH_SECRET must be at least 32 characters.");
  await syncCatalogues(fdm);
  const baseURL = process.env.FDM_API_BASE_URL || `http://${hostname}:${port}`;
  if (!/^https?:\/\/[^\s/?#]+$/.test(baseURL))
    fail("FDM_API_BASE_URL must be an http:// or https:// address without a path.");
  let mail: ConfiguredMailer;
  try {
    mail = mailerFromEnv(process.env);
  } catch (err) {
    fail(err instanceof MailError ? err.message : "the mail settings are invalid.");
  }
  const sendVerificationEmail = verificationMailSender(mail.mailer);
  const auth = createFdmAuth(fdm, {
    secret,
    baseURL,
    sendVerificationEmail,
    trustedOrigins: settings.trustedOrigins,
  });
  process.stdout.write(`fdm-api: ${mail.description}\n`);
  const server = await startApi(
    createApi({ fdm, auth, clientAddressHeader: settings.clientAddressHeader ?? undefined }),
    { hostname, port },
  );
  process.stdout.write(
    `fdm-api: serving ${server.url}/v1 on ${url ? "PostgreSQL" : "PGlite"}; document at ${server.url}/v1/openapi.json\n`,
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`fdm-api: ${signal}, closing\n`);
    await server.close();
    await closeFdm(fdm);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((err: unknown) => {
  // The error's name and fdm code only: a driver's message may hold the connection string.
  const code = (err as { code?: unknown })?.code;
  fail(
    `could not start (${(err as Error)?.name ?? "Error"}${typeof code === "string" ? ` ${code}` : ""}).`,
  );
});
