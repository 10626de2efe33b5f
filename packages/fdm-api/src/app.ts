import { OpenAPIHono } from "@hono/zod-openapi";
import type { FdmAuth, FdmType } from "fdm-core";
import type { Context, Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { matchedRoutes } from "hono/route";
import { authEndpoints } from "./auth-endpoints.js";
import { calculationDefaults, createCalculationRunner } from "./calculation-pool.js";
import { crossOriginProblem, isCrossOrigin, originsOf } from "./csrf.js";
import { keyCacheOf } from "./key-cache.js";
import { pageLimits } from "./pagination.js";
import { problem, problemOf, sendProblem } from "./problem.js";
import { RateLimiter } from "./rate-limit.js";
import type { ApiApp, ApiEnv } from "./route.js";
import { apiKeyRoutes } from "./routes/api-keys.js";
import { calculationRoutes } from "./routes/calculations.js";
import { catalogueRoutes } from "./routes/catalogues.js";
import { cultivationRoutes } from "./routes/cultivations.js";
import { farmRoutes } from "./routes/farms.js";
import { fertilizerRoutes } from "./routes/fertilizers.js";
import { fieldRoutes } from "./routes/fields.js";
import { organizationRoutes } from "./routes/organizations.js";
import { sharingRoutes } from "./routes/sharing.js";
import { soilRoutes } from "./routes/soil.js";
import { systemRoutes } from "./routes/system.js";

/** One line of the request log: what was asked and how it ended, never a header or a body. */
export interface ApiLogLine {
  /** The HTTP method. */
  method: string;
  /** The request path, without the query string. */
  path: string;
  /** The response status. */
  status: number;
  /** Milliseconds from request to response. */
  ms: number;
  /** The authenticated principal's id, when there is one. */
  principalId?: string;
  /** For a problem response: its code. */
  code?: string;
}

/** Options of {@link createApi}. */
export interface ApiOptions {
  /** The fdm database the handlers call fdm-core and fdm-calculator on. */
  fdm: FdmType;
  /** The better-auth instance of the same database (fdm-core's `createFdmAuth`): its sessions are accepted and its endpoints served under `/api/auth/*`. */
  auth: FdmAuth;
  /** The largest request body accepted, in bytes; 1 MiB (1,048,576) by default, at most 64 MiB. */
  maxBodyBytes?: number;
  /** Requests per authenticated principal per minute, counted per instance; 600 by default. */
  requestsPerMinute?: number;
  /** Receives one line per request; by default written as JSON to standard output. `false`: no log. */
  log?: ((line: ApiLogLine) => void) | false;
  /**
   * Origins (`https://app.example.org`) whose pages may send requests that change something
   * with the session cookie, besides the service's own (the auth instance's base URL, or the
   * request's `Host`). By default the `trustedOrigins` the auth instance was created with.
   */
  trustedOrigins?: string[];
  /**
   * The request header a reverse proxy in front names the client's address in, e.g.
   * `x-real-ip`, or `x-forwarded-for` (of which the right-most address counts: the one the
   * nearest proxy added). Without it the connection's address counts and such headers are
   * ignored, since any client can send them. The auth endpoints' per-address limits use it.
   */
  clientAddressHeader?: string;
  /** Calculations running at once, and worker threads they compute in; one per core by default, 1–64. */
  calculationThreads?: number;
  /** Calculations that may wait for a thread; beyond them 503 `CALCULATION_BUSY`. One per core by default, 0–1,000. */
  calculationQueue?: number;
  /** Milliseconds a calculation may take from arrival to answer; after it 504 `CALCULATION_TIMEOUT`. 30,000 by default, 1–600,000. */
  calculationTimeoutMs?: number;
}

/** The limits {@link createApi} applies when not told otherwise. */
export const apiDefaults = Object.freeze({
  maxBodyBytes: 1_048_576,
  requestsPerMinute: 600,
  pageSize: pageLimits.defaultLimit,
  maxPageSize: pageLimits.maxLimit,
  calculationThreads: calculationDefaults.threads,
  calculationQueue: calculationDefaults.queue,
  calculationTimeoutMs: calculationDefaults.timeoutMs,
});

const logToStdout = (line: ApiLogLine) => process.stdout.write(`${JSON.stringify(line)}\n`);

function checkLimit(
  value: number | undefined,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name}: must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

/** A JSON media type, as Hono's validator takes it. */
const jsonMediaType = /^application\/([\w.-]+\+)?json$/i;

/**
 * Middleware: no answer is to be sniffed into another type (`X-Content-Type-Options: nosniff`)
 * or kept by a cache (`Cache-Control: no-store`, unless the answer sets its own): most hold a
 * user's data. The headers are set on the answer's own Headers: `c.header()` on a finished
 * answer copies it into a new Response whose body then streams, which cost about a fifth of
 * the server's CPU time for a page of fields. An answer whose headers are immutable (e.g. a
 * `Response.redirect`) is copied, as `c.header()` does.
 *
 * @param c - The request's context.
 * @param next - The rest of the chain.
 */
export async function answerHeaders(c: Context, next: Next): Promise<void> {
  await next();
  const headers = c.res.headers;
  try {
    headers.set("x-content-type-options", "nosniff");
    if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  } catch {
    c.header("x-content-type-options", "nosniff");
    if (!c.res.headers.has("cache-control")) c.header("cache-control", "no-store");
  }
}

/** Who the request acts for: an API key's user, or a better-auth session's user; null for neither. */
async function principalOf(c: Context, fdm: FdmType, auth: FdmAuth): Promise<string | null> {
  const header = c.req.header("authorization");
  if (header !== undefined) {
    const match = /^Bearer (\S+)$/i.exec(header.trim());
    return match?.[1] ? keyCacheOf(fdm).userOf(match[1]) : null;
  }
  if (c.req.header("cookie") === undefined) return null;
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  return session?.user.id ?? null;
}

/**
 * Creates the fdm REST API: a Hono app serving `/v1` (farms, fields, cultivations, harvests,
 * fertilizers and applications, soil analyses, farm sharing, organizations and invitations,
 * catalogues, API keys and a farm's calculations), its OpenAPI 3.1 document at
 * `GET /v1/openapi.json`, `GET /v1/health`, and better-auth's endpoints under `/api/auth/*`.
 *
 * Every `/v1` operation but the document and the health check needs `Authorization: Bearer
 * fdm_…` (an API key) or a better-auth session cookie, and calls the fdm-core or
 * fdm-calculator function of the same name as that user: access is decided there, not here.
 * Errors are RFC 9457 problem details; bodies over `maxBodyBytes` get 413; more than
 * `requestsPerMinute` requests of one principal in a minute get 429 with `Retry-After`; a body
 * of an operation that takes JSON, sent as anything else, gets 400 `MALFORMED_BODY`. A request
 * that changes something with the session cookie (not with a key), or any that changes
 * something under `/api/auth/*`, gets 403 `CROSS_ORIGIN_REQUEST` when a browser sent it from
 * a page of an origin that is neither the service's own nor one of `trustedOrigins`. Every
 * answer carries `X-Content-Type-Options: nosniff` and, unless it sets its own,
 * `Cache-Control: no-store`.
 * A farm's calculations read on this thread and compute in worker threads: one at a time per
 * principal, `calculationThreads` at once with `calculationQueue` waiting, each answered
 * within `calculationTimeoutMs` (429, 503 and 504 problems otherwise).
 * The app keeps no state but the rate counters, the running calculations and the API keys it
 * verified in the last 5 s (per instance; a key revoked elsewhere is refused here within 5 s),
 * so instances can share one database behind a load balancer.
 *
 * @param options - The database, the auth instance and, optionally, the limits and the log.
 * @returns The Hono app; serve it with {@link startApi} or any Hono adapter, or call `app.request`.
 * @throws {RangeError} When `maxBodyBytes` is outside 1 KiB–64 MiB, `requestsPerMinute` outside
 *   1–1,000,000, or a calculation limit outside its range (see {@link ApiOptions}); when an entry
 *   of `trustedOrigins` is not an http(s) URL, or `clientAddressHeader` is not a header name.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { randomBytes } from "node:crypto";
 * import { createFdmAuth, createFdmLocal } from "fdm-core";
 * import { createApi } from "fdm-api";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const app = createApi({ fdm, auth, log: false });
 * const health = await app.request("/v1/health");
 * assert.equal(health.status, 200);
 * const farms = await app.request("/v1/farms");
 * assert.equal(farms.status, 401); // no key, no session
 * ```
 */
export function createApi(options: ApiOptions): ApiApp {
  const { fdm, auth } = options;
  const maxBodyBytes =
    checkLimit(options.maxBodyBytes, "maxBodyBytes", 1024, 64 * 1_048_576) ??
    apiDefaults.maxBodyBytes;
  const limiter = new RateLimiter(
    checkLimit(options.requestsPerMinute, "requestsPerMinute", 1, 1_000_000) ??
      apiDefaults.requestsPerMinute,
  );
  const log = options.log === false ? null : (options.log ?? logToStdout);
  const baseURL = (auth.options as { baseURL?: unknown }).baseURL;
  const ownOrigin =
    typeof baseURL === "string" ? (originsOf([baseURL], "baseURL")[0] ?? null) : null;
  const authTrusted = (auth.options as { trustedOrigins?: unknown }).trustedOrigins;
  const trusted = new Set([
    ...(ownOrigin === null ? [] : [ownOrigin]),
    ...originsOf(
      options.trustedOrigins ??
        (Array.isArray(authTrusted)
          ? authTrusted.filter((o): o is string => typeof o === "string" && !o.includes("*"))
          : []),
      "trustedOrigins",
    ),
  ]);
  const clientAddressHeader = options.clientAddressHeader?.toLowerCase() ?? null;
  if (clientAddressHeader !== null && !/^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(clientAddressHeader)) {
    throw new RangeError("clientAddressHeader: must be a header name, such as x-real-ip.");
  }
  const calculations = createCalculationRunner({
    threads:
      checkLimit(options.calculationThreads, "calculationThreads", 1, 64) ??
      calculationDefaults.threads,
    queue:
      checkLimit(options.calculationQueue, "calculationQueue", 0, 1000) ??
      calculationDefaults.queue,
    timeoutMs:
      checkLimit(options.calculationTimeoutMs, "calculationTimeoutMs", 1, 600_000) ??
      calculationDefaults.timeoutMs,
  });

  const app: ApiApp = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const issue = result.error.issues[0];
      const path = issue?.path.map(String).join(".") ?? "";
      const field = path === "" ? result.target : path;
      return sendProblem(
        c,
        problem(422, "INVALID_INPUT", `${field}: ${issue?.message ?? "is invalid"}.`, {
          field,
          rule: issue?.message,
        }),
      );
    },
  });

  app.use("*", answerHeaders);

  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    if (!log) return;
    const line: ApiLogLine = {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    const principalId = c.get("principalId");
    if (principalId) line.principalId = principalId;
    const code = c.get("problemCode");
    if (code) line.code = code;
    log(line);
  });

  const limitBody = bodyLimit({
    maxSize: maxBodyBytes,
    onError: (c) =>
      sendProblem(
        c,
        problem(413, "PAYLOAD_TOO_LARGE", `body: must be at most ${maxBodyBytes} bytes.`, {
          field: "body",
          rule: `at most ${maxBodyBytes} bytes`,
        }),
      ),
  });
  // GET and HEAD requests reach the app without a body (Node's adapter gives them none), and
  // asking for it makes the adapter build a full Request: they skip the check.
  app.use("*", (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next),
  );

  app.on(
    ["GET", "POST"],
    "/api/auth/*",
    authEndpoints(auth, { trusted, ownOrigin, clientAddressHeader }),
  );

  const open = new Set(["/v1/health", "/v1/openapi.json"]);
  app.use("/v1/*", async (c: Context<ApiEnv>, next: Next) => {
    if (open.has(c.req.path)) return next();
    // A session cookie is sent by the browser whatever page asks: check where the request came
    // from. A key is sent only by a program that holds it.
    if (
      c.req.header("authorization") === undefined &&
      c.req.header("cookie") !== undefined &&
      isCrossOrigin(c.req.raw, trusted)
    ) {
      return sendProblem(c, crossOriginProblem());
    }
    const principalId = await principalOf(c, fdm, auth);
    if (principalId === null) {
      return sendProblem(
        c,
        problem(
          401,
          "UNAUTHENTICATED",
          "Send a valid API key as `Authorization: Bearer fdm_…`, or a session cookie.",
        ),
        { "www-authenticate": 'Bearer realm="fdm"' },
      );
    }
    c.set("principalId", principalId);
    const rate = limiter.take(principalId);
    c.header("ratelimit-limit", String(limiter.limit));
    c.header("ratelimit-remaining", String(rate.remaining));
    c.header("ratelimit-reset", String(rate.resetSeconds));
    if (!rate.allowed) {
      return sendProblem(
        c,
        problem(
          429,
          "RATE_LIMITED",
          `At most ${limiter.limit} requests per minute; retry after ${rate.resetSeconds} s.`,
        ),
        { "retry-after": String(rate.resetSeconds) },
      );
    }
    return next();
  });

  // Operations that take a JSON body ("POST /v1/farms/:farmId/leave" → whether it is required),
  // filled from the document once the routes are registered below.
  const jsonBodies = new Map<string, boolean>();
  app.use("/v1/*", async (c: Context<ApiEnv>, next: Next) => {
    const route = matchedRoutes(c).at(-1);
    const required = route ? jsonBodies.get(`${route.method} ${route.path}`) : undefined;
    if (required === undefined) return next();
    const type = c.req.header("content-type");
    const hasBody =
      c.req.header("transfer-encoding") !== undefined ||
      Number(c.req.header("content-length") ?? "0") > 0;
    const isJson = type !== undefined && jsonMediaType.test(type.split(";")[0]?.trim() ?? "");
    if (type === undefined ? required || hasBody : !isJson) {
      return sendProblem(
        c,
        problem(400, "MALFORMED_BODY", "body: must be JSON sent as application/json.", {
          field: "body",
          rule: "must be JSON sent as application/json",
        }),
      );
    }
    return next();
  });

  const v1 = new OpenAPIHono<ApiEnv>({ defaultHook: app.defaultHook as never });
  const deps = { app: v1, fdm };
  systemRoutes(deps);
  apiKeyRoutes(deps);
  farmRoutes(deps);
  sharingRoutes(deps);
  fieldRoutes(deps);
  cultivationRoutes(deps);
  fertilizerRoutes(deps);
  soilRoutes(deps);
  organizationRoutes(deps);
  catalogueRoutes(deps);
  calculationRoutes({ ...deps, calculations });
  v1.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "An API key (`fdm_` and 43 characters) created with POST /v1/api-keys.",
  });
  v1.openAPIRegistry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
    description: "A better-auth session cookie, from POST /api/auth/sign-in/email.",
  });
  v1.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "FDM REST API",
      version: "1.0.0",
      description: `The farm data model over HTTP. Lists are paged by cursor (\`limit\` ${pageLimits.defaultLimit} by default, at most ${pageLimits.maxLimit}); bodies are limited to ${maxBodyBytes} bytes; each principal may make ${limiter.limit} requests per minute per instance. Errors are RFC 9457 problem details.`,
    },
    servers: [{ url: "/v1" }],
  });
  for (const definition of v1.openAPIRegistry.definitions) {
    if (definition.type !== "route") continue;
    const { method, path, request } = definition.route;
    const content = request?.body?.content as Record<string, unknown> | undefined;
    if (!content?.["application/json"]) continue;
    const routing = `/v1${path.replace(/\{(\w+)\}/g, ":$1")}`;
    jsonBodies.set(`${method.toUpperCase()} ${routing}`, request?.body?.required === true);
  }
  app.route("/v1", v1);

  app.notFound((c) =>
    sendProblem(
      c,
      problem(404, "ROUTE_NOT_FOUND", `No operation at ${c.req.method} ${c.req.path}.`),
    ),
  );
  app.onError((err, c) => {
    const body = problemOf(err);
    return sendProblem(c, body);
  });
  v1.onError((err, c) => sendProblem(c, problemOf(err)));
  return app;
}
