import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { FdmAuth } from "fdm-core";
import type { Context } from "hono";
import { crossOriginProblem, isCrossOrigin } from "./csrf.js";
import { problem, sendProblem } from "./problem.js";

/** What {@link authEndpoints} needs besides the auth instance. */
export interface AuthEndpointOptions {
  /** Origins allowed to send requests that change something, the service's own included. */
  trusted: ReadonlySet<string>;
  /** The service's own origin, which better-auth trusts (its base URL's); null when unknown. */
  ownOrigin: string | null;
  /** The header a reverse proxy names the client's address in; null: the connection's. */
  clientAddressHeader: string | null;
}

/**
 * The address of the client: the right-most address in `header` when the operator named one
 * (the entry the nearest proxy added, which a client cannot forge), else the connection's.
 * Null when neither is known (an app driven by `app.request`, without a socket).
 */
export function clientAddress(c: Context, header: string | null): string | null {
  if (header !== null) {
    const last = c.req.header(header)?.split(",").at(-1)?.trim();
    if (last && isIP(last) !== 0) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/**
 * The handler of `/api/auth/*`: better-auth's endpoints behind the API's own checks.
 * - A request from a page of another origin is refused with 403 `CROSS_ORIGIN_REQUEST`
 *   ({@link isCrossOrigin}); one that passes is handed to better-auth with the service's own
 *   `Origin` and without `Sec-Fetch-*`, so that better-auth's origin check, which refuses any
 *   request without an Origin (Node's fetch, curl), does not overrule this one.
 * - better-auth's per-address limits count the client's address, which is set here in the
 *   header better-auth reads (`x-forwarded-for` by default), replacing what the client sent.
 * - A POST without a body and without a content type (curl's `-X POST`) is handed over
 *   without a body, which better-auth takes; with an empty body it would answer 415.
 * - A 429 becomes a problem with `Retry-After`: `TOO_MANY_FAILED_SIGN_INS` for an account
 *   that failed to sign in too often, `RATE_LIMITED` for an address over its limit.
 *
 * @param auth - The better-auth instance.
 * @param options - The trusted origins, the own origin and the client address header.
 * @returns A Hono handler.
 */
export function authEndpoints(auth: FdmAuth, options: AuthEndpointOptions) {
  const advanced = (auth.options as { advanced?: { ipAddress?: { ipAddressHeaders?: string[] } } })
    .advanced;
  const addressHeaders = advanced?.ipAddress?.ipAddressHeaders ?? ["x-forwarded-for"];
  return async (c: Context) => {
    const raw = c.req.raw;
    if (isCrossOrigin(raw, options.trusted)) return sendProblem(c, crossOriginProblem());
    const headers = new Headers(raw.headers);
    for (const name of addressHeaders) headers.delete(name);
    const address = clientAddress(c, options.clientAddressHeader);
    if (address !== null && addressHeaders[0]) headers.set(addressHeaders[0], address);
    const reads = raw.method === "GET" || raw.method === "HEAD";
    if (!reads && options.ownOrigin !== null) {
      headers.set("origin", options.ownOrigin);
      for (const name of ["sec-fetch-site", "sec-fetch-mode", "sec-fetch-dest"])
        headers.delete(name);
    }
    const bodyless =
      reads ||
      (!headers.has("content-type") &&
        !headers.has("transfer-encoding") &&
        Number(headers.get("content-length") ?? "0") === 0);
    if (bodyless) headers.delete("content-length");
    const request = bodyless
      ? new Request(raw.url, { method: raw.method, headers })
      : new Request(raw, { headers });
    const res = await auth.handler(request);
    if (res.status !== 429) return res;
    const retry = Math.max(
      1,
      Number(res.headers.get("retry-after") ?? res.headers.get("x-retry-after") ?? "60") || 60,
    );
    const body = (await res.json().catch(() => null)) as { code?: unknown } | null;
    const account = body?.code === "TOO_MANY_FAILED_SIGN_INS";
    return sendProblem(
      c,
      account
        ? problem(
            429,
            "TOO_MANY_FAILED_SIGN_INS",
            `Too many failed sign-ins for this account: retry after ${retry} s.`,
          )
        : problem(
            429,
            "RATE_LIMITED",
            `Too many requests to ${c.req.path} from this address: retry after ${retry} s.`,
          ),
      { "retry-after": String(retry) },
    );
  };
}
