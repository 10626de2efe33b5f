// `npm run api`: serves fdm-api on 127.0.0.1:3001 from source (tsx), no build step.
//
//   FDM_DATABASE_URL  postgres://… to use a PostgreSQL server (migrated on start); absent:
//                     embedded PGlite kept in FDM_API_DATA_DIR (default .fdm-api-data/).
//   FDM_AUTH_SECRET   better-auth's secret, ≥ 32 characters. Required with PostgreSQL; with
//                     PGlite one is generated once and kept in <data dir>/auth-secret.
//   FDM_API_PORT      the port (default 3001); FDM_API_HOST the address (default 127.0.0.1).
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
import { startApi } from "./server.js";

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
  const url = process.env.FDM_DATABASE_URL;
  const port = Number(process.env.FDM_API_PORT ?? 3001);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail("FDM_API_PORT must be a port number.");
  const hostname = process.env.FDM_API_HOST ?? "127.0.0.1";
  let fdm: FdmType;
  let secret = process.env.FDM_AUTH_SECRET;
  if (url) {
    if (!secret)
      fail(
        "FDM_AUTH_SECRET is not set: with FDM_DATABASE_URL every instance needs the same secret (at least 32 characters).",
      );
    fdm = createFdmServer(url);
    await migrateFdm(fdm);
  } else {
    const dataDir = path.resolve(process.env.FDM_API_DATA_DIR ?? ".fdm-api-data");
    mkdirSync(dataDir, { recursive: true });
    secret ??= localSecret(dataDir);
    fdm = await createFdmLocal({ dataDir: path.join(dataDir, "pglite") });
  }
  if (secret.length < 32) fail("FDM_AUTH_SECRET must be at least 32 characters.");
  await syncCatalogues(fdm);
  const baseURL = `http://${hostname}:${port}`;
  const auth = createFdmAuth(fdm, { secret, baseURL });
  const server = await startApi(createApi({ fdm, auth }), { hostname, port });
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
