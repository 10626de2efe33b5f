// Route builders: the operations resources share (list, get, create, batch, update, remove),
// each written once. A route file states what differs as data: the path (its `{names}` are the
// id parameters, passed to fdm-core in order), the schemas, the fdm-core function, the texts.
import { type RouteConfig, z } from "@hono/zod-openapi";
import type { FdmType, Page, PageRequest, Timeframe } from "fdm-core";
import type { Context } from "hono";
import { KeptBodies, pageQuery, pageRequest, pageSchema } from "./pagination.js";
import {
  type ApiEnv,
  body,
  json,
  noContent,
  op,
  type RouteDeps,
  type Sendable,
  send,
  sendJsonText,
  timeframeOf,
} from "./route.js";
import { batchOf, dateInput, idParam, idsSchema } from "./schemas.js";

/** An optional period of a list: what overlaps `start`–`end` (fdm-core's timeframe). */
export const timeframeQuery = z.object({
  start: dateInput.optional().openapi({ description: "First day of the period (included)." }),
  end: dateInput.optional().openapi({ description: "Last moment of the period (included)." }),
});

/** The most rows one batch call takes (fdm-core's batch limit is 20,000; the body limit comes first). */
export const MAX_BATCH_ROWS = 20_000;

/** One string per `{name}` of the path, in order: the ids an fdm-core call starts with. */
type Ids<P extends string> = P extends `${string}{${string}}${infer Rest}`
  ? [string, ...Ids<Rest>]
  : [];

/** An fdm-core function as a builder calls it: the database, the principal, then `A`. */
type Call<A extends unknown[], R> = (fdm: FdmType, principalId: string, ...args: A) => Promise<R>;

/** What every operation states. */
interface Operation<P extends string> {
  /** Under `/v1`; each `{name}` is an id path parameter. */
  path: P;
  operationId: string;
  summary: string;
}

/** An operation answering one item of schema `S` (the resource's item unless given). */
interface Answering<S extends z.ZodTypeAny> {
  /** The response schema, when not the resource's item. */
  schema?: S;
  /** The description of the response. */
  returns: string;
}

/** A keyset-paged list: `call(fdm, principal, ...ids, [timeframe], page)`. */
type ListSpec<P extends string, T extends boolean, S extends z.ZodTypeAny> = Operation<P> &
  Answering<S> & {
    /** The name of the page's component, e.g. `FieldPage`. */
    page: string;
    /** `true`: the list takes `start` and `end`, passed on as fdm-core's timeframe. */
    timeframe?: T;
    call: Call<
      [...Ids<P>, ...(T extends true ? [Timeframe | undefined] : []), PageRequest],
      Page<Sendable<S>>
    >;
  };

/** One item: `call(fdm, principal, ...ids)`. */
type GetSpec<P extends string, S extends z.ZodTypeAny> = Operation<P> &
  Answering<S> & { call: Call<Ids<P>, Sendable<S>> };

/** A create, 201 with the record: `call(fdm, principal, ...ids, input, { returning: "record" })`. */
type CreateSpec<P extends string, B extends z.ZodTypeAny, S extends z.ZodTypeAny> = Operation<P> &
  Answering<S> & {
    body: B;
    call: Call<[...Ids<P>, z.infer<B>, { returning: "record" }], Sendable<S>>;
  };

/** A change, 200 with the record: `call(fdm, principal, ...ids, input)`; PATCH unless told. */
type UpdateSpec<P extends string, B extends z.ZodTypeAny, S extends z.ZodTypeAny> = Operation<P> &
  Answering<S> & {
    /** `post` for an action on the item, e.g. `/fields/{fieldId}/discard`. */
    method?: "patch" | "post";
    body: B;
    call: Call<[...Ids<P>, z.infer<B>], Sendable<S>>;
  };

/** An import of rows, all or none, 201 with the new ids: `call(fdm, principal, ...ids, rows)`. */
type BatchSpec<P extends string, Row extends z.ZodTypeAny> = Operation<P> & {
  /** The schema of a row. */
  rows: Row;
  /** The name of the body's component, e.g. `FieldBatch`. */
  batch: string;
  returns: string;
  call: Call<[...Ids<P>, z.infer<Row>[]], string[]>;
};

/** A DELETE, 204: `call(fdm, principal, ...ids)`. */
type RemoveSpec<P extends string> = Operation<P> & {
  /** The description of the 204; `Removed.` unless told. */
  done?: string;
  call: Call<Ids<P>, unknown>;
};

/** What the validators passed, read without the route's own types: the specs carry those. */
interface Valid {
  param: Record<string, string>;
  query: { limit: number; cursor?: string; start?: Date; end?: Date };
  json: unknown;
}
const valid = <K extends keyof Valid>(c: Context<ApiEnv>, target: K): Valid[K] =>
  (c.req as unknown as { valid(target: K): Valid[K] }).valid(target);

const namesOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

/**
 * The operations of one resource, registered on `app` under `tags`; each answers `item` unless
 * its spec names another schema. A spec's `call` is the fdm-core function, called as the
 * principal with the path's ids in order; its result is checked against the response schema
 * at compile time.
 *
 * @param deps - The app to register on and the database the calls use.
 * @param tags - The OpenAPI tags of every operation.
 * @param item - The schema of the resource's item.
 * @returns The builders: `list`, `get`, `create`, `batch`, `update` and `remove`; each registers
 *   one operation.
 * @throws Nothing itself. A handler rejects with its fdm-core call's `FdmError` (or, for a list,
 *   `INVALID_INPUT` on a cursor this API did not return), which the app answers as a problem.
 */
export function resource<S extends z.ZodTypeAny>({ app, fdm }: RouteDeps, tags: string[], item: S) {
  /**
   * Registers one operation: an id parameter per `{name}` of the path, then the rest of
   * `request`. `handle` gets the call's leading arguments: the principal, then the ids in order.
   */
  const register = (
    method: RouteConfig["method"],
    spec: Operation<string>,
    request: Omit<NonNullable<RouteConfig["request"]>, "params">,
    responses: RouteConfig["responses"],
    handle: (c: Context<ApiEnv>, lead: unknown[]) => Promise<never>,
  ) => {
    const names = namesOf(spec.path);
    const params =
      names.length === 0
        ? {}
        : { params: z.object(Object.fromEntries(names.map((n) => [n, idParam(n)]))) };
    app.openapi(
      op({
        method,
        path: spec.path,
        operationId: spec.operationId,
        summary: spec.summary,
        tags,
        request: { ...params, ...request },
        responses,
      }),
      (c: Context<ApiEnv>) => {
        const param = names.length === 0 ? {} : valid(c, "param");
        return handle(c, [c.get("principalId"), ...names.map((n) => param[n])]);
      },
    );
  };
  // Each spec's type has checked its call against the fdm-core function; here it is plain data.
  const call = (fn: unknown, args: unknown[]) =>
    (fn as (fdm: FdmType, ...args: unknown[]) => Promise<unknown>)(fdm, ...args);
  const keptBodies = new KeptBodies();

  return {
    /** GET a page of items (`limit`, `cursor`, and `start`/`end` with `timeframe`). */
    list<P extends string, T extends boolean = false, X extends z.ZodTypeAny = S>(
      spec: ListSpec<P, T, X>,
    ): void {
      const query = spec.timeframe ? pageQuery.extend(timeframeQuery.shape) : pageQuery;
      const page = pageSchema(spec.schema ?? item, spec.page);
      register("get", spec, { query }, { 200: json(page, spec.returns) }, async (c, lead) => {
        const q = valid(c, "query");
        const timeframe = spec.timeframe ? [timeframeOf(q)] : [];
        const read = await call(spec.call, [...lead, ...timeframe, pageRequest(q)]);
        const key = `${c.req.path}?${JSON.stringify(q)}`;
        return sendJsonText(c, 200, keptBodies.body(key, read as Page<unknown>));
      });
    },

    /** GET one item. */
    get<P extends string, X extends z.ZodTypeAny = S>(spec: GetSpec<P, X>): void {
      const responses = { 200: json(spec.schema ?? item, spec.returns) };
      register("get", spec, {}, responses, async (c, lead) =>
        send(c, 200, await call(spec.call, lead)),
      );
    },

    /** POST a new item; 201 with it as fdm-core wrote it, from its one guarded call. */
    create<P extends string, B extends z.ZodTypeAny, X extends z.ZodTypeAny = S>(
      spec: CreateSpec<P, B, X>,
    ): void {
      const responses = { 201: json(spec.schema ?? item, spec.returns) };
      register("post", spec, { body: body(spec.body) }, responses, async (c, lead) =>
        send(c, 201, await call(spec.call, [...lead, valid(c, "json"), { returning: "record" }])),
      );
    },

    /** POST many rows at once (at most {@link MAX_BATCH_ROWS}); 201 with the new ids in order. */
    batch<P extends string, Row extends z.ZodTypeAny>(spec: BatchSpec<P, Row>): void {
      const request = { body: body(batchOf(spec.rows, spec.batch, MAX_BATCH_ROWS)) };
      const responses = { 201: json(idsSchema, spec.returns) };
      register("post", spec, request, responses, async (c, lead) => {
        const { rows } = valid(c, "json") as { rows: unknown[] };
        return send(c, 201, { ids: await call(spec.call, [...lead, rows]) });
      });
    },

    /** PATCH an item (or POST an action on it); 200 with it as changed. */
    update<P extends string, B extends z.ZodTypeAny, X extends z.ZodTypeAny = S>(
      spec: UpdateSpec<P, B, X>,
    ): void {
      const responses = { 200: json(spec.schema ?? item, spec.returns) };
      register(
        spec.method ?? "patch",
        spec,
        { body: body(spec.body) },
        responses,
        async (c, lead) => send(c, 200, await call(spec.call, [...lead, valid(c, "json")])),
      );
    },

    /** DELETE an item; 204. */
    remove<P extends string>(spec: RemoveSpec<P>): void {
      const responses = { 204: { description: spec.done ?? "Removed." } };
      register("delete", spec, {}, responses, async (c, lead) => {
        await call(spec.call, lead);
        return noContent(c);
      });
    },
  };
}
