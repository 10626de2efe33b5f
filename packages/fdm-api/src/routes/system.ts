import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { json, type RouteDeps, send } from "../route.js";

const healthSchema = z
  .object({
    status: z.enum(["ok", "unavailable"]),
    database: z.enum(["ok", "unavailable"]),
  })
  .openapi("Health");

/** GET /health: whether the service and its database answer. No authentication. */
export function systemRoutes({ app, fdm }: RouteDeps): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/health",
      operationId: "getHealth",
      summary: "Whether the service and its database answer (no authentication).",
      tags: ["System"],
      responses: {
        200: json(healthSchema, "The service and its database answer."),
        503: json(healthSchema, "The database does not answer."),
      },
    }),
    async (c) => {
      try {
        await fdm.execute(sql`select 1`);
        return send(c, 200, { status: "ok", database: "ok" });
      } catch {
        return send(c, 503, { status: "unavailable", database: "unavailable" });
      }
    },
  );
}
