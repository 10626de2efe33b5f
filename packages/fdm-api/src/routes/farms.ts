import { z } from "@hono/zod-openapi";
import { addFarm, getFarm, getFarms, removeFarm, updateFarm } from "fdm-core";
import { pageBody, pageQuery, pageRequest, pageSchema } from "../pagination.js";
import { body, json, noContent, op, type RouteDeps, send } from "../route.js";
import { farmInput, farmSchema, farmUpdate, idParam } from "../schemas.js";

const tags = ["Farms"];
const farmParams = z.object({ farmId: idParam("farmId") });

/** GET/POST /farms, GET/PATCH/DELETE /farms/{farmId}. */
export function farmRoutes({ app, fdm }: RouteDeps): void {
  app.openapi(
    op({
      method: "get",
      path: "/farms",
      operationId: "listFarms",
      summary: "List the farms the principal holds a role on (fdm-core getFarms).",
      tags,
      request: { query: pageQuery },
      responses: { 200: json(pageSchema(farmSchema, "FarmPage"), "A page of farms.") },
    }),
    async (c) =>
      send(
        c,
        200,
        pageBody(await getFarms(fdm, c.get("principalId"), pageRequest(c.req.valid("query")))),
      ),
  );

  app.openapi(
    op({
      method: "post",
      path: "/farms",
      operationId: "addFarm",
      summary: "Add a farm; the principal becomes its owner (fdm-core addFarm).",
      tags,
      request: { body: body(farmInput) },
      responses: { 201: json(farmSchema, "The farm added.") },
    }),
    async (c) => {
      const farm = await addFarm(fdm, c.get("principalId"), c.req.valid("json"), {
        returning: "record",
      });
      return send(c, 201, farm);
    },
  );

  app.openapi(
    op({
      method: "get",
      path: "/farms/{farmId}",
      operationId: "getFarm",
      summary: "One farm (fdm-core getFarm).",
      tags,
      request: { params: farmParams },
      responses: { 200: json(farmSchema, "The farm.") },
    }),
    async (c) =>
      send(c, 200, await getFarm(fdm, c.get("principalId"), c.req.valid("param").farmId)),
  );

  app.openapi(
    op({
      method: "patch",
      path: "/farms/{farmId}",
      operationId: "updateFarm",
      summary: "Change a farm's details (fdm-core updateFarm).",
      tags,
      request: { params: farmParams, body: body(farmUpdate) },
      responses: { 200: json(farmSchema, "The farm as changed.") },
    }),
    async (c) =>
      send(
        c,
        200,
        await updateFarm(
          fdm,
          c.get("principalId"),
          c.req.valid("param").farmId,
          c.req.valid("json"),
        ),
      ),
  );

  app.openapi(
    op({
      method: "delete",
      path: "/farms/{farmId}",
      operationId: "removeFarm",
      summary: "Remove a farm and everything recorded on it (fdm-core removeFarm).",
      tags,
      request: { params: farmParams },
      responses: { 204: { description: "Removed." } },
    }),
    async (c) => {
      await removeFarm(fdm, c.get("principalId"), c.req.valid("param").farmId);
      return noContent(c);
    },
  );
}
