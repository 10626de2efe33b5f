// The settings of `npm run api` (main.ts), read from the environment.
import path from "node:path";
import { originsOf } from "./csrf.js";

/** What `npm run api` serves with, as {@link settingsFromEnv} reads it. */
export interface ApiSettings {
  /** `FDM_DATABASE_URL`: a PostgreSQL connection string; null for embedded PGlite. */
  databaseUrl: string | null;
  /** `FDM_AUTH_SECRET`; null: with PGlite, one is kept in the data folder. */
  secret: string | null;
  /** `FDM_API_PORT`; 3001 by default. */
  port: number;
  /** `FDM_API_HOST`; `127.0.0.1` by default. */
  hostname: string;
  /** `FDM_API_DATA_DIR` as an absolute path; `.fdm-api-data` in the working folder by default. */
  dataDir: string;
  /** `FDM_API_TRUSTED_ORIGINS`: origins besides the service's own, comma-separated; none by default. */
  trustedOrigins: string[];
  /** `FDM_API_CLIENT_ADDRESS_HEADER`, lower-cased: the header a proxy names the client in; null: none. */
  clientAddressHeader: string | null;
}

/**
 * Reads the settings of `npm run api` from `env`. A variable that is empty (or only spaces)
 * counts as unset, for every variable alike, so that `FDM_AUTH_SECRET=` in an env file or a
 * container's settings means "not set" rather than a secret of no characters.
 *
 * @param env - The environment, e.g. `process.env`.
 * @returns The settings.
 * @throws {Error} With a message naming the variable and its rule: FDM_AUTH_SECRET missing
 *   with FDM_DATABASE_URL or shorter than 32 characters, a port outside 0–65535, a trusted
 *   origin that is not an http(s) URL, a client address header that is not a header name.
 */
export function settingsFromEnv(env: Record<string, string | undefined>): ApiSettings {
  const read = (name: string): string | null => {
    const value = env[name];
    return value === undefined || value.trim() === "" ? null : value;
  };
  const databaseUrl = read("FDM_DATABASE_URL")?.trim() ?? null;
  const secret = read("FDM_AUTH_SECRET");
  if (databaseUrl !== null && secret === null) {
    throw new Error(
      "FDM_AUTH_SECRET is not set: with FDM_DATABASE_URL every instance needs the same secret (at least 32 characters).",
    );
  }
  if (secret !== null && secret.length < 32) {
    throw new Error("FDM_AUTH_SECRET must be at least 32 characters.");
  }
  const portText = read("FDM_API_PORT")?.trim() ?? "3001";
  const port = /^\d+$/.test(portText) ? Number(portText) : Number.NaN;
  if (!Number.isInteger(port) || port > 65535) {
    throw new Error("FDM_API_PORT must be a port number (0 to 65535).");
  }
  const origins = (read("FDM_API_TRUSTED_ORIGINS") ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter((o) => o !== "");
  let trustedOrigins: string[];
  try {
    trustedOrigins = originsOf(origins, "FDM_API_TRUSTED_ORIGINS");
  } catch (err) {
    throw new Error((err as Error).message);
  }
  const header = read("FDM_API_CLIENT_ADDRESS_HEADER")?.trim().toLowerCase() ?? null;
  if (header !== null && !/^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(header)) {
    throw new Error("FDM_API_CLIENT_ADDRESS_HEADER must be a header name, such as x-real-ip.");
  }
  return {
    databaseUrl,
    secret,
    port,
    hostname: read("FDM_API_HOST")?.trim() ?? "127.0.0.1",
    dataDir: path.resolve(read("FDM_API_DATA_DIR") ?? ".fdm-api-data"),
    trustedOrigins,
    clientAddressHeader: header,
  };
}
