import { createRoute, type OpenAPIHono, type RouteConfig, type z } from "@hono/zod-openapi";
import type { FdmType, Timeframe } from "fdm-core";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { problemMediaType, problemSchema } from "./problem.js";

/** What the authentication middleware hands each handler. */
export type ApiEnv = { Variables: { principalId: string; problemCode: string } };
/** The app every route file registers its operations on. */
export type ApiApp = OpenAPIHono<ApiEnv>;
/** What a route file gets: the app and the database its handlers call fdm-core on. */
export interface RouteDeps {
  app: ApiApp;
  fdm: FdmType;
}

const problemContent = { [problemMediaType]: { schema: problemSchema } };
const problemResponse = (description: string) => ({ description, content: problemContent });

/** The problems any authenticated operation may answer. */
export const errorResponses = {
  401: problemResponse("No valid API key or session."),
  403: problemResponse(
    "The principal may not do this (fdm-core's PERMISSION_DENIED), or a request with the session cookie came from a page of another origin (CROSS_ORIGIN_REQUEST).",
  ),
  404: problemResponse("An id names nothing of its kind (NOT_FOUND)."),
  409: problemResponse("The request clashes with what is stored (CONFLICT)."),
  413: problemResponse("The body is larger than the limit."),
  422: problemResponse("A parameter or body field breaks a rule; `field` and `rule` name it."),
  429: problemResponse(
    "Too many requests for this principal in the current minute; see Retry-After.",
  ),
  503: problemResponse("The database failed (DATABASE)."),
};

/** A JSON response of `schema`. */
export const json = <T extends z.ZodTypeAny>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A JSON request body of `schema`. */
export const body = <T extends z.ZodTypeAny>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

const security: Array<Record<string, string[]>> = [{ apiKey: [] }, { session: [] }];

/** An authenticated operation: the route with the security schemes and the error responses. */
export function op<R extends RouteConfig>(route: R) {
  return createRoute({
    ...route,
    security,
    responses: { ...errorResponses, ...route.responses },
  });
}

/**
 * Sends `data` as JSON (dates as ISO 8601 strings) with `status`. Typed `never` so a handler
 * may return it for any declared response: fdm-core's Date fields become strings here, which
 * the route's zod types cannot express; the tests check each body against the document.
 */
export function send(c: Context, status: ContentfulStatusCode, data: unknown): never {
  return c.body(JSON.stringify(data), status, { "content-type": "application/json" }) as never;
}

/** Sends 204 No Content. */
export function noContent(c: Context): never {
  return c.body(null, 204) as never;
}

/** fdm-core's timeframe from optional `start`/`end` query dates; undefined when neither is given. */
export function timeframeOf(q: {
  start?: Date | undefined;
  end?: Date | undefined;
}): Timeframe | undefined {
  if (q.start === undefined && q.end === undefined) return undefined;
  return { start: q.start ?? null, end: q.end ?? null };
}
