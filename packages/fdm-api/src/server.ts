import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { ApiApp } from "./route.js";

/** Options of {@link startApi}. */
export interface StartApiOptions {
  /** The address to listen on; `127.0.0.1` by default. */
  hostname?: string;
  /** The port; `3001` by default, `0` for any free port. */
  port?: number;
  /**
   * Milliseconds a client has to send a whole request, headers and body; 30,000 by default,
   * 1 to 3,600,000. A request still incomplete then is answered 408 and its connection closed.
   */
  requestTimeoutMs?: number;
  /**
   * Milliseconds a client has to send a request's headers; 10,000 by default, 1 to
   * 3,600,000, and at most `requestTimeoutMs` (a larger value is lowered to it).
   */
  headersTimeoutMs?: number;
  /** Milliseconds an idle keep-alive connection stays open; 5,000 by default, 0 to 3,600,000. */
  keepAliveTimeoutMs?: number;
}

/** The timeouts {@link startApi} applies when not told otherwise, in milliseconds. */
export const serverDefaults = Object.freeze({
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
});

function timeout(value: number | undefined, name: string, min: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > 3_600_000) {
    throw new RangeError(`${name}: must be a whole number from ${min} to 3600000.`);
  }
  return value;
}

/** A running server, as {@link startApi} returns it. */
export interface RunningApi {
  /** The base URL it answers at, e.g. `http://127.0.0.1:3001`. */
  url: string;
  /** The port it listens on. */
  port: number;
  /** Stops accepting connections and resolves when open requests have finished. */
  close(): Promise<void>;
}

/**
 * Serves an app of {@link createApi} over HTTP with Node's http module. A client that is slow
 * to send a request cannot hold a connection longer than `requestTimeoutMs` (30 s by default;
 * its headers within `headersTimeoutMs`, 10 s): Node answers it 408 and closes the connection,
 * checking once a second. Idle keep-alive connections close after `keepAliveTimeoutMs` (5 s).
 *
 * @param app - The app.
 * @param options - Where to listen (127.0.0.1:3001 by default) and the timeouts.
 * @returns The running server: its URL and how to stop it.
 * @throws {Error} When the address cannot be listened on (e.g. the port is taken): the `listen` error.
 * @throws {RangeError} When a timeout is outside its range (see {@link StartApiOptions}).
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { randomBytes } from "node:crypto";
 * import { createFdmAuth, createFdmLocal } from "fdm-core";
 * import { createApi, startApi } from "fdm-api";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const server = await startApi(createApi({ fdm, auth, log: false }), { port: 0 });
 * const res = await fetch(`${server.url}/v1/health`);
 * assert.deepEqual(await res.json(), { status: "ok", database: "ok" });
 * await server.close();
 * ```
 */
export function startApi(app: ApiApp, options: StartApiOptions = {}): Promise<RunningApi> {
  const hostname = options.hostname ?? "127.0.0.1";
  return new Promise((resolve, reject) => {
    const requestTimeout = timeout(
      options.requestTimeoutMs,
      "requestTimeoutMs",
      1,
      serverDefaults.requestTimeoutMs,
    );
    const headersTimeout = Math.min(
      requestTimeout,
      timeout(options.headersTimeoutMs, "headersTimeoutMs", 1, serverDefaults.headersTimeoutMs),
    );
    const keepAliveTimeout = timeout(
      options.keepAliveTimeoutMs,
      "keepAliveTimeoutMs",
      0,
      serverDefaults.keepAliveTimeoutMs,
    );
    const server = serve(
      {
        fetch: app.fetch,
        hostname,
        port: options.port ?? 3001,
        serverOptions: {
          requestTimeout,
          headersTimeout,
          keepAliveTimeout,
          // Node checks the two timeouts above this often (30 s by default).
          connectionsCheckingInterval: Math.min(1_000, headersTimeout),
        },
      },
      (info: AddressInfo) => {
        server.off("error", reject);
        const host = info.family === "IPv6" ? `[${info.address}]` : info.address;
        resolve({
          url: `http://${host}:${info.port}`,
          port: info.port,
          close: () =>
            new Promise<void>((done, fail) => {
              server.close((err) => (err ? fail(err) : done()));
              // Idle keep-alive connections would hold close() open.
              (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
            }),
        });
      },
    );
    server.once("error", reject);
  });
}
