import { z } from "@hono/zod-openapi";
import {
  addCultivation,
  addCultivations,
  addHarvest,
  addHarvests,
  endCultivation,
  getCultivation,
  getCultivations,
  getCultivationsForFarm,
  getHarvest,
  getHarvests,
  getHarvestsForFarm,
  removeCultivation,
  removeHarvest,
  updateCultivation,
} from "fdm-core";
import { pageBody, pageQuery, pageRequest, pageSchema } from "../pagination.js";
import { body, json, noContent, op, type RouteDeps, send, timeframeOf } from "../route.js";
import {
  batchOf,
  cultivationInput,
  cultivationSchema,
  cultivationUpdate,
  dateInput,
  harvestInput,
  harvestSchema,
  idParam,
  idsSchema,
} from "../schemas.js";
import { MAX_BATCH_ROWS, timeframeQuery } from "./fields.js";

const farmParams = z.object({ farmId: idParam("farmId") });
const fieldParams = z.object({ fieldId: idParam("fieldId") });
const cultivationParams = z.object({ cultivationId: idParam("cultivationId") });
const harvestParams = z.object({ harvestId: idParam("harvestId") });
const listQuery = pageQuery.extend(timeframeQuery.shape);
const cultivationPage = pageSchema(cultivationSchema, "CultivationPage");
const harvestPage = pageSchema(harvestSchema, "HarvestPage");

/** Cultivations of fields and farms, and their harvests. */
export function cultivationRoutes({ app, fdm }: RouteDeps): void {
  const tags = ["Cultivations"];
  app.openapi(
    op({
      method: "get",
      path: "/fields/{fieldId}/cultivations",
      operationId: "listCultivations",
      summary: "The cultivations of a field (fdm-core getCultivations).",
      tags,
      request: { params: fieldParams, query: listQuery },
      responses: { 200: json(cultivationPage, "A page of cultivations.") },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const page = await getCultivations(
        fdm,
        c.get("principalId"),
        c.req.valid("param").fieldId,
        timeframeOf(q),
        pageRequest(q),
      );
      return send(c, 200, pageBody(page));
    },
  );
  app.openapi(
    op({
      method: "get",
      path: "/farms/{farmId}/cultivations",
      operationId: "listCultivationsForFarm",
      summary: "The cultivations on every field of a farm (fdm-core getCultivationsForFarm).",
      tags,
      request: { params: farmParams, query: listQuery },
      responses: { 200: json(cultivationPage, "A page of cultivations.") },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const page = await getCultivationsForFarm(
        fdm,
        c.get("principalId"),
        c.req.valid("param").farmId,
        timeframeOf(q),
        pageRequest(q),
      );
      return send(c, 200, pageBody(page));
    },
  );
  app.openapi(
    op({
      method: "post",
      path: "/fields/{fieldId}/cultivations",
      operationId: "addCultivation",
      summary: "Start a cultivation on a field (fdm-core addCultivation).",
      tags,
      request: { params: fieldParams, body: body(cultivationInput) },
      responses: { 201: json(cultivationSchema, "The cultivation added.") },
    }),
    async (c) => {
      const cultivation = await addCultivation(
        fdm,
        c.get("principalId"),
        c.req.valid("param").fieldId,
        c.req.valid("json"),
        { returning: "record" },
      );
      return send(c, 201, cultivation);
    },
  );
  app.openapi(
    op({
      method: "post",
      path: "/farms/{farmId}/cultivations/batch",
      operationId: "addCultivations",
      summary:
        "Import many cultivations on fields of a farm: all or none (fdm-core addCultivations).",
      tags,
      request: {
        params: farmParams,
        body: body(
          batchOf(
            cultivationInput.extend({ fieldId: z.string().max(100) }),
            "CultivationBatch",
            MAX_BATCH_ROWS,
          ),
        ),
      },
      responses: { 201: json(idsSchema, "The new ids, in the order of the rows.") },
    }),
    async (c) => {
      const ids = await addCultivations(
        fdm,
        c.get("principalId"),
        c.req.valid("param").farmId,
        c.req.valid("json").rows,
      );
      return send(c, 201, { ids });
    },
  );
  app.openapi(
    op({
      method: "get",
      path: "/cultivations/{cultivationId}",
      operationId: "getCultivation",
      summary: "One cultivation (fdm-core getCultivation).",
      tags,
      request: { params: cultivationParams },
      responses: { 200: json(cultivationSchema, "The cultivation.") },
    }),
    async (c) =>
      send(
        c,
        200,
        await getCultivation(fdm, c.get("principalId"), c.req.valid("param").cultivationId),
      ),
  );
  app.openapi(
    op({
      method: "patch",
      path: "/cultivations/{cultivationId}",
      operationId: "updateCultivation",
      summary: "Change a cultivation (fdm-core updateCultivation).",
      tags,
      request: { params: cultivationParams, body: body(cultivationUpdate) },
      responses: { 200: json(cultivationSchema, "The cultivation as changed.") },
    }),
    async (c) =>
      send(
        c,
        200,
        await updateCultivation(
          fdm,
          c.get("principalId"),
          c.req.valid("param").cultivationId,
          c.req.valid("json"),
        ),
      ),
  );
  app.openapi(
    op({
      method: "post",
      path: "/cultivations/{cultivationId}/end",
      operationId: "endCultivation",
      summary: "End a cultivation on a date (fdm-core endCultivation).",
      tags,
      request: {
        params: cultivationParams,
        body: body(
          z
            .object({ endDate: dateInput, residuesLeft: z.boolean().nullable().optional() })
            .strict()
            .openapi("CultivationEnding"),
        ),
      },
      responses: { 200: json(cultivationSchema, "The cultivation as ended.") },
    }),
    async (c) => {
      const { endDate, residuesLeft } = c.req.valid("json");
      return send(
        c,
        200,
        await endCultivation(
          fdm,
          c.get("principalId"),
          c.req.valid("param").cultivationId,
          endDate,
          residuesLeft === undefined ? {} : { residuesLeft },
        ),
      );
    },
  );
  app.openapi(
    op({
      method: "delete",
      path: "/cultivations/{cultivationId}",
      operationId: "removeCultivation",
      summary: "Remove a cultivation and its harvests (fdm-core removeCultivation).",
      tags,
      request: { params: cultivationParams },
      responses: { 204: { description: "Removed." } },
    }),
    async (c) => {
      await removeCultivation(fdm, c.get("principalId"), c.req.valid("param").cultivationId);
      return noContent(c);
    },
  );

  const htags = ["Harvests"];
  app.openapi(
    op({
      method: "get",
      path: "/cultivations/{cultivationId}/harvests",
      operationId: "listHarvests",
      summary: "The harvests of a cultivation (fdm-core getHarvests).",
      tags: htags,
      request: { params: cultivationParams, query: pageQuery },
      responses: { 200: json(harvestPage, "A page of harvests.") },
    }),
    async (c) => {
      const page = await getHarvests(
        fdm,
        c.get("principalId"),
        c.req.valid("param").cultivationId,
        pageRequest(c.req.valid("query")),
      );
      return send(c, 200, pageBody(page));
    },
  );
  app.openapi(
    op({
      method: "get",
      path: "/farms/{farmId}/harvests",
      operationId: "listHarvestsForFarm",
      summary: "The harvests on every field of a farm (fdm-core getHarvestsForFarm).",
      tags: htags,
      request: { params: farmParams, query: listQuery },
      responses: { 200: json(harvestPage, "A page of harvests.") },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const page = await getHarvestsForFarm(
        fdm,
        c.get("principalId"),
        c.req.valid("param").farmId,
        timeframeOf(q),
        pageRequest(q),
      );
      return send(c, 200, pageBody(page));
    },
  );
  app.openapi(
    op({
      method: "post",
      path: "/cultivations/{cultivationId}/harvests",
      operationId: "addHarvest",
      summary: "Record a harvest of a cultivation (fdm-core addHarvest).",
      tags: htags,
      request: { params: cultivationParams, body: body(harvestInput) },
      responses: { 201: json(harvestSchema, "The harvest recorded.") },
    }),
    async (c) => {
      const harvest = await addHarvest(
        fdm,
        c.get("principalId"),
        c.req.valid("param").cultivationId,
        c.req.valid("json"),
        { returning: "record" },
      );
      return send(c, 201, harvest);
    },
  );
  app.openapi(
    op({
      method: "post",
      path: "/farms/{farmId}/harvests/batch",
      operationId: "addHarvests",
      summary: "Import many harvests of a farm's cultivations: all or none (fdm-core addHarvests).",
      tags: htags,
      request: {
        params: farmParams,
        body: body(
          batchOf(
            harvestInput.extend({ cultivationId: z.string().max(100) }),
            "HarvestBatch",
            MAX_BATCH_ROWS,
          ),
        ),
      },
      responses: { 201: json(idsSchema, "The new ids, in the order of the rows.") },
    }),
    async (c) => {
      const ids = await addHarvests(
        fdm,
        c.get("principalId"),
        c.req.valid("param").farmId,
        c.req.valid("json").rows,
      );
      return send(c, 201, { ids });
    },
  );
  app.openapi(
    op({
      method: "get",
      path: "/harvests/{harvestId}",
      operationId: "getHarvest",
      summary: "One harvest (fdm-core getHarvest).",
      tags: htags,
      request: { params: harvestParams },
      responses: { 200: json(harvestSchema, "The harvest.") },
    }),
    async (c) =>
      send(c, 200, await getHarvest(fdm, c.get("principalId"), c.req.valid("param").harvestId)),
  );
  app.openapi(
    op({
      method: "delete",
      path: "/harvests/{harvestId}",
      operationId: "removeHarvest",
      summary: "Remove a harvest (fdm-core removeHarvest).",
      tags: htags,
      request: { params: harvestParams },
      responses: { 204: { description: "Removed." } },
    }),
    async (c) => {
      await removeHarvest(fdm, c.get("principalId"), c.req.valid("param").harvestId);
      return noContent(c);
    },
  );
}
