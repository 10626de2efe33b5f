import { problem } from "./problem.js";

/** Methods that change nothing, and so need no cross-origin check. */
const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request that may change something was sent by a page of another origin, by the
 * model of Go 1.25's `http.CrossOriginProtection`:
 * - `Sec-Fetch-Site` present: allowed when `same-origin` or `none` (typed by the user);
 * - else `Origin` present: allowed when its host is the request's `Host`;
 * - in both cases also allowed when `Origin` is one of `trusted`;
 * - neither header: allowed, since browsers send at least one of them with such a request,
 *   so this is a program (curl, Node's fetch), which carries no cookie it did not choose to.
 *
 * @param request - The request as received.
 * @param trusted - Origins (`https://app.example.org`) allowed besides the service's own.
 * @returns `true` when the request must be refused.
 */
export function isCrossOrigin(request: Request, trusted: ReadonlySet<string>): boolean {
  if (safeMethods.has(request.method)) return false;
  const origin = request.headers.get("origin");
  const isTrusted = origin !== null && trusted.has(origin);
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site !== "same-origin" && site !== "none" && !isTrusted;
  if (origin === null) return false;
  return hostOf(origin) !== request.headers.get("host") && !isTrusted;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * The origins of `list` in the form a browser sends them (`scheme://host[:port]`).
 *
 * @param list - URLs, e.g. `https://app.example.org` or `https://app.example.org/`.
 * @param name - The setting they come from, named in the error.
 * @returns Their origins, in order.
 * @throws {RangeError} When an entry is not an http(s) URL.
 */
export function originsOf(list: readonly string[], name: string): string[] {
  return list.map((entry) => {
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch {}
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
      throw new RangeError(
        `${name}: ${entry} is not an http(s) origin such as https://app.example.org.`,
      );
    }
    return url.origin;
  });
}

/**
 * The problem a refused cross-origin request gets.
 *
 * @returns A 403 problem with the code `CROSS_ORIGIN_REQUEST`.
 */
export const crossOriginProblem = () =>
  problem(
    403,
    "CROSS_ORIGIN_REQUEST",
    "A request that changes something must come from a page of the service's own origin or of a trusted origin, or from a program that sends neither Origin nor Sec-Fetch-Site; this one came from a page of another origin.",
  );
