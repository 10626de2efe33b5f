import { z } from "@hono/zod-openapi";
import {
  addFertilizer,
  addFertilizerApplication,
  addFertilizerApplications,
  type FertilizerInput,
  getFertilizer,
  getFertilizerApplication,
  getFertilizerApplications,
  getFertilizerApplicationsForFarm,
  getFertilizers,
  removeFertilizer,
  removeFertilizerApplication,
  updateFertilizer,
  updateFertilizerApplication,
} from "fdm-core";
import { pageBody, pageQuery, pageRequest, pageSchema } from "../pagination.js";
import { body, json, noContent, op, type RouteDeps, send, timeframeOf } from "../route.js";
import {
  applicationInput,
  applicationSchema,
  applicationUpdate,
  batchOf,
  fertilizerInput,
  fertilizerSchema,
  fertilizerUpdate,
  idParam,
  idsSchema,
} from "../schemas.js";
import { MAX_BATCH_ROWS, timeframeQuery } from "./fields.js";

const farmParams = z.object({ farmId: idParam("farmId") });
const fieldParams = z.object({ fieldId: idParam("fieldId") });
const fertilizerParams = z.object({ fertilizerId: idParam("fertilizerId") });
const applicationParams = z.object({ applicationId: idParam("applicationId") });
const applicationPage = pageSchema(applicationSchema, "FertilizerApplicationPage");
const listQuery = pageQuery.extend(timeframeQuery.shape);

/** Fertilizers a farm holds, and their applications on fields. */
export function fertilizerRoutes({ app, fdm }: RouteDeps): void {
  const tags = ["Fertilizers"];
  app.openapi(
    op({
      method: "get",
      path: "/farms/{farmId}/fertilizers",
      operationId: "listFertilizers",
      summary: "The fertilizers a farm holds (fdm-core getFertilizers).",
      tags,
      request: { params: farmParams, query: pageQuery },
      responses: {
        200: json(pageSchema(fertilizerSchema, "FertilizerPage"), "A page of fertilizers."),
      },
    }),
    async (c) => {
      const page = await getFertilizers(
        fdm,
        c.get("principalId"),
        c.req.valid("param").farmId,
        pageRequest(c.req.valid("query")),
      );
      return send(c, 200, pageBody(page));
    },
  );
  app.openapi(
    op({
      method: "post",
      path: "/farms/{farmId}/fertilizers",
      operationId: "addFertilizer",
      summary: "Acquire a catalogue or custom fertilizer for a farm (fdm-core addFertilizer).",
      tags,
      request: { params: farmParams, body: body(fertilizerInput) },
      responses: { 201: json(fertilizerSchema, "The fertilizer acquired.") },
    }),
    async (c) => {
      // `custom` is passed on as given: fdm-core checks every parameter and names the one at fault.
      const input = c.req.valid("json") as FertilizerInput;
      const fertilizer = await addFertilizer(
        fdm,
        c.get("principalId"),
        c.req.valid("param").farmId,
        input,
        { returning: "record" },
      );
      return send(c, 201, fertilizer);
    },
  );
  app.openapi(
    op({
      method: "get",
      path: "/fertilizers/{fertilizerId}",
      operationId: "getFertilizer",
      summary: "One fertilizer (fdm-core getFertilizer).",
      tags,
      request: { params: fertilizerParams },
      responses: { 200: json(fertilizerSchema, "The fertilizer.") },
    }),
    async (c) =>
      send(
        c,
        200,
        await getFertilizer(fdm, c.get("principalId"), c.req.valid("param").fertilizerId),
      ),
  );
  app.openapi(
    op({
      method: "patch",
      path: "/fertilizers/{fertilizerId}",
      operationId: "updateFertilizer",
      summary: "Change when and how much was acquired (fdm-core updateFertilizer).",
      tags,
      request: { params: fertilizerParams, body: body(fertilizerUpdate) },
      responses: { 200: json(fertilizerSchema, "The fertilizer as changed.") },
    }),
    async (c) =>
      send(
        c,
        200,
        await updateFertilizer(
          fdm,
          c.get("principalId"),
          c.req.valid("param").fertilizerId,
          c.req.valid("json"),
        ),
      ),
  );
  app.openapi(
    op({
      method: "delete",
      path: "/fertilizers/{fertilizerId}",
      operationId: "removeFertilizer",
      summary: "Remove a fertilizer (fdm-core removeFertilizer).",
      tags,
      request: { params: fertilizerParams },
      responses: { 204: { description: "Removed." } },
    }),
    async (c) => {
      await removeFertilizer(fdm, c.get("principalId"), c.req.valid("param").fertilizerId);
      return noContent(c);
    },
  );

  const atags = ["Fertilizer applications"];
  app.openapi(
    op({
      method: "get",
      path: "/fields/{fieldId}/fertilizer-applications",
      operationId: "listFertilizerApplications",
      summary: "The fertilizer applications on a field (fdm-core getFertilizerApplications).",
      tags: atags,
      request: { params: fieldParams, query: listQuery },
      responses: { 200: json(applicationPage, "A page of applications.") },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const page = await getFertilizerApplications(
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
      path: "/farms/{farmId}/fertilizer-applications",
      operationId: "listFertilizerApplicationsForFarm",
      summary:
        "The fertilizer applications on every field of a farm (fdm-core getFertilizerApplicationsForFarm).",
      tags: atags,
      request: { params: farmParams, query: listQuery },
      responses: { 200: json(applicationPage, "A page of applications.") },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const page = await getFertilizerApplicationsForFarm(
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
      path: "/fields/{fieldId}/fertilizer-applications",
      operationId: "addFertilizerApplication",
      summary: "Record a fertilizer application on a field (fdm-core addFertilizerApplication).",
      tags: atags,
      request: { params: fieldParams, body: body(applicationInput) },
      responses: { 201: json(applicationSchema, "The application recorded.") },
    }),
    async (c) => {
      const application = await addFertilizerApplication(
        fdm,
        c.get("principalId"),
        c.req.valid("param").fieldId,
        c.req.valid("json"),
        { returning: "record" },
      );
      return send(c, 201, application);
    },
  );
  app.openapi(
    op({
      method: "post",
      path: "/farms/{farmId}/fertilizer-applications/batch",
      operationId: "addFertilizerApplications",
      summary:
        "Import many applications on fields of a farm: all or none (fdm-core addFertilizerApplications).",
      tags: atags,
      request: {
        params: farmParams,
        body: body(
          batchOf(
            applicationInput.extend({ fieldId: z.string().max(100) }),
            "FertilizerApplicationBatch",
            MAX_BATCH_ROWS,
          ),
        ),
      },
      responses: { 201: json(idsSchema, "The new ids, in the order of the rows.") },
    }),
    async (c) => {
      const ids = await addFertilizerApplications(
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
      path: "/fertilizer-applications/{applicationId}",
      operationId: "getFertilizerApplication",
      summary: "One fertilizer application (fdm-core getFertilizerApplication).",
      tags: atags,
      request: { params: applicationParams },
      responses: { 200: json(applicationSchema, "The application.") },
    }),
    async (c) =>
      send(
        c,
        200,
        await getFertilizerApplication(
          fdm,
          c.get("principalId"),
          c.req.valid("param").applicationId,
        ),
      ),
  );
  app.openapi(
    op({
      method: "patch",
      path: "/fertilizer-applications/{applicationId}",
      operationId: "updateFertilizerApplication",
      summary: "Change a fertilizer application (fdm-core updateFertilizerApplication).",
      tags: atags,
      request: { params: applicationParams, body: body(applicationUpdate) },
      responses: { 200: json(applicationSchema, "The application as changed.") },
    }),
    async (c) =>
      send(
        c,
        200,
        await updateFertilizerApplication(
          fdm,
          c.get("principalId"),
          c.req.valid("param").applicationId,
          c.req.valid("json"),
        ),
      ),
  );
  app.openapi(
    op({
      method: "delete",
      path: "/fertilizer-applications/{applicationId}",
      operationId: "removeFertilizerApplication",
      summary: "Remove a fertilizer application (fdm-core removeFertilizerApplication).",
      tags: atags,
      request: { params: applicationParams },
      responses: { 204: { description: "Removed." } },
    }),
    async (c) => {
      await removeFertilizerApplication(
        fdm,
        c.get("principalId"),
        c.req.valid("param").applicationId,
      );
      return noContent(c);
    },
  );
}
