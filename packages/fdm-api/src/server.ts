import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { ApiApp } from "./route.js";

/** Options of {@link startApi}. */
export interface StartApiOptions {
  /** The address to listen on; `127.0.0.1` by default. */
  hostname?: string;
  /** The port; `3001` by default, `0` for any free port. */
  port?: number;
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
 * Serves an app of {@link createApi} over HTTP with Node's http module.
 *
 * @param app - The app.
 * @param options - Where to listen; 127.0.0.1:3001 by default.
 * @returns The running server: its URL and how to stop it.
 * @throws {Error} When the address cannot be listened on (e.g. the port is taken): the `listen` error.
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
    const server = serve(
      { fetch: app.fetch, hostname, port: options.port ?? 3001 },
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
