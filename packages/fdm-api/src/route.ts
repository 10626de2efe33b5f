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

/** Sends `text`, already JSON (see KeptBodies; a string or its UTF-8 bytes), with `status`. Typed `never` as {@link send}. */
export function sendJsonText(
  c: Context,
  status: ContentfulStatusCode,
  text: string | Uint8Array<ArrayBuffer>,
): never {
  return c.body(text, status, { "content-type": "application/json" }) as never;
}

/** Sends 204 No Content. */
export function noContent(c: Context): never {
  return c.body(null, 204) as never;
}

/** fdm-core's value as the API sends it, through JSON: dates become ISO 8601 strings. */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** A schema's output with tuples as arrays: fdm-core's GeoJSON types leave a position's length open. */
export type Loose<T> = T extends readonly (infer U)[]
  ? Loose<U>[]
  : T extends object
    ? { [K in keyof T]: Loose<T[K]> }
    : T;

/**
 * A schema's output with each string open to a Date too (`send` writes it as that string), and
 * without a `.passthrough()` index signature, which fdm-core's interfaces could not meet.
 */
type Unwire<T> = T extends string
  ? T | Date
  : T extends readonly (infer U)[]
    ? Unwire<U>[]
    : T extends object
      ? {
          [K in keyof T as string extends K ? (unknown extends T[K] ? never : K) : K]: Unwire<T[K]>;
        }
      : T;

/**
 * What a handler may send for response schema `S`, checked when it is compiled: the schema's
 * output, dates as Dates (sent as ISO strings), tuples as arrays.
 */
export type Sendable<S extends z.ZodTypeAny> = Unwire<Loose<z.infer<S>>>;

/** The named members of `T`, without an index signature's `string`. */
type Named<T> = keyof { [K in keyof T as string extends K ? never : K]: 0 } & string;

/**
 * Every member path of `T` (`analysis.dryMatterYield`); an object open to any member (a record,
 * or a schema with `.passthrough()`) adds `at*`, which covers every path under it.
 */
type Paths<T, At extends string = ""> = T extends readonly (infer U)[]
  ? Paths<U, At>
  : T extends object
    ?
        | (string extends keyof T ? `${At}*` : never)
        | { [K in Named<T>]: `${At}${K}` | Paths<NonNullable<T[K]>, `${At}${K}.`> }[Named<T>]
    : never;

/** The paths of `A` that `B` neither has nor leaves open. */
type Unmatched<A, B> = Exclude<
  Exclude<A, B | `${string}*`>,
  `${B extends `${infer Open}*` ? Open : never}${string}`
>;

/** The members of `W` (fdm-core's, as sent) whose values `L` (the document) does not admit. */
type Mistyped<W, L> = [W] extends [L]
  ? never
  : { [K in Named<L> & keyof W]: [W[K]] extends [L[K]] ? never : K }[Named<L> & keyof W];

/** What differs between a response schema's output `S` and fdm-core's type `C`. */
interface Drift<S, C> {
  /** fdm-core has it; the document does not say so. */
  undocumented: Unmatched<Paths<Wire<C>>, Paths<S>>;
  /** The document promises it; fdm-core has no such member. */
  notInFdmCore: Unmatched<Paths<S>, Paths<Wire<C>>>;
  /** Members whose values, as sent, the document does not admit. */
  mistyped: Mistyped<Wire<C>, Loose<S>>;
}

/**
 * `true` when schema `S` documents exactly what fdm-core's `Core` holds, as the API sends it:
 * the same members at every depth (where the schema is open, any below), each value of `Core`
 * admitted. Otherwise the {@link Drift}, which names the members at fault.
 */
export type Documents<S extends z.ZodTypeAny, Core> =
  Drift<z.infer<S>, Core> extends { undocumented: never; notInFdmCore: never; mistyped: never }
    ? true
    : { [K in keyof Drift<z.infer<S>, Core>]: Drift<z.infer<S>, Core>[K] };

/**
 * Ties a response schema to fdm-core's type of what the operation sends, at compile time:
 * `documents<typeof farmSchema, Farm>(true)` fails the type-check when a member is added to,
 * removed from or retyped in one and not the other. Does nothing when run.
 *
 * @param _same - `true`; the type-check refuses it when the two drift apart, naming the members.
 */
export function documents<S extends z.ZodTypeAny, Core>(_same: Documents<S, Core>): void {}

/** fdm-core's timeframe from optional `start`/`end` query dates; undefined when neither is given. */
export function timeframeOf(q: {
  start?: Date | undefined;
  end?: Date | undefined;
}): Timeframe | undefined {
  if (q.start === undefined && q.end === undefined) return undefined;
  return { start: q.start ?? null, end: q.end ?? null };
}
