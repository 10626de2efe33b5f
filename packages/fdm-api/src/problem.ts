import { z } from "@hono/zod-openapi";
import { FdmCalculatorError } from "fdm-calculator";
import { FdmError } from "fdm-core";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The media type of an RFC 9457 problem details body. */
export const problemMediaType = "application/problem+json";

/** The `type` of a problem: a URN per code, stable across hosts and versions. */
const typeBase = "urn:fdm:problem:";

/** The schema of an RFC 9457 problem details body, with fdm's extension members. */
export const problemSchema = z
  .object({
    type: z.string().openapi({ description: "A URI naming the kind of problem." }),
    title: z.string().openapi({ description: "A short summary of the kind of problem." }),
    status: z.number().int().openapi({ description: "The HTTP status code." }),
    detail: z.string().openapi({ description: "What went wrong in this request." }),
    code: z.string().openapi({
      description:
        "A stable code to branch on: fdm-core's (`INVALID_INPUT`, `NOT_FOUND`, `CONFLICT`, `PERMISSION_DENIED`, `DATABASE`), fdm-calculator's, or the API's own (`UNAUTHENTICATED`, `CROSS_ORIGIN_REQUEST`, `RATE_LIMITED`, `TOO_MANY_FAILED_SIGN_INS`, `CALCULATION_IN_PROGRESS`, `CALCULATION_BUSY`, `CALCULATION_TIMEOUT`, `PAYLOAD_TOO_LARGE`, `MALFORMED_BODY`, `ROUTE_NOT_FOUND`, `INTERNAL`).",
    }),
    field: z
      .string()
      .optional()
      .openapi({ description: "The input field the problem is about, when known." }),
    rule: z.string().optional().openapi({ description: "The rule the field broke, when known." }),
  })
  .openapi("Problem");

/** A problem details body. */
export type Problem = z.infer<typeof problemSchema>;

const titles: Record<number, string> = {
  400: "Bad request",
  401: "Unauthenticated",
  403: "Permission denied",
  404: "Not found",
  409: "Conflict",
  413: "Payload too large",
  422: "Invalid input",
  429: "Too many requests",
  500: "Internal error",
  503: "Database unavailable",
};

/** Builds a problem body for `status` with fdm's `code` and, when known, `field` and `rule`. */
export function problem(
  status: number,
  code: string,
  detail: string,
  extra: { field?: string | undefined; rule?: string | undefined } = {},
): Problem {
  return {
    type: `${typeBase}${code.toLowerCase().replace(/_/g, "-")}`,
    title: titles[status] ?? "Error",
    status,
    detail,
    code,
    ...(extra.field === undefined ? {} : { field: extra.field }),
    ...(extra.rule === undefined ? {} : { rule: extra.rule }),
  };
}

/** Sends a problem as `application/problem+json` with its status. */
export function sendProblem(c: Context, body: Problem, headers: Record<string, string> = {}) {
  // For the request log, which names the code of a problem and nothing else of it.
  (c as Context<{ Variables: { problemCode: string } }>).set("problemCode", body.code);
  return c.body(JSON.stringify(body), body.status as ContentfulStatusCode, {
    "content-type": problemMediaType,
    ...headers,
  });
}

/**
 * The HTTP status of each fdm-core error code. `PERMISSION_DENIED` is 403: fdm-core tells
 * an unknown id (`NOT_FOUND`) from one the principal may not use, and the API passes that on
 * unchanged rather than adding access logic of its own.
 */
export const statusOfCode: Readonly<Record<string, number>> = Object.freeze({
  INVALID_INPUT: 422,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PERMISSION_DENIED: 403,
  DATABASE: 503,
});

/** `field: rule.` — fdm-core's messages start with the field; the rest is the rule. */
function ruleOf(message: string, field: string | undefined): string | undefined {
  if (!field) return undefined;
  const prefix = message.match(/^([\w.[\]]+): (.*)$/s);
  return prefix ? prefix[2]?.replace(/\.$/, "") : undefined;
}

/**
 * Turns what a handler threw into a problem: fdm-core's and fdm-calculator's errors keep
 * their code, field and message; anything else is a 500 with no detail, so nothing
 * internal (a query, a connection string) reaches the client. A `DATABASE` error's detail
 * is fdm-core's message, which names the function and carries no input.
 */
export function problemOf(err: unknown): Problem {
  if (err instanceof FdmError) {
    const status = statusOfCode[err.code] ?? 500;
    const field = err.field ?? err.message.match(/^([\w.[\]]+): /)?.[1];
    return problem(status, err.code, err.message, { field, rule: ruleOf(err.message, field) });
  }
  if (err instanceof FdmCalculatorError) {
    const field = err.message.match(/^([\w.[\]]+): /)?.[1];
    return problem(422, err.code, err.message, { field, rule: ruleOf(err.message, field) });
  }
  if (err instanceof HTTPException && err.status === 400) {
    // Hono's validator: a body that is not JSON, or a content type other than JSON.
    return problem(400, "MALFORMED_BODY", "body: must be JSON sent as application/json.", {
      field: "body",
      rule: "must be JSON sent as application/json",
    });
  }
  return problem(500, "INTERNAL", "The request could not be completed.");
}
