import { z } from "@hono/zod-openapi";
import {
  addSoilAnalyses,
  addSoilAnalysis,
  getCurrentSoilData,
  getSoilAnalyses,
  getSoilAnalysis,
  removeSoilAnalysis,
  type SoilAnalysisBatchRow,
  type SoilAnalysisInput,
  type SoilParameters,
  updateSoilAnalysis,
} from "fdm-core";
import { pageBody, pageQuery, pageRequest, pageSchema } from "../pagination.js";
import { body, json, noContent, op, type RouteDeps, send, timeframeOf } from "../route.js";
import {
  batchOf,
  dateInput,
  dateOutput,
  idParam,
  idsSchema,
  soilAnalysisInput,
  soilAnalysisSchema,
  soilAnalysisUpdate,
} from "../schemas.js";
import { MAX_BATCH_ROWS, timeframeQuery } from "./fields.js";

const tags = ["Soil analyses"];
const farmParams = z.object({ farmId: idParam("farmId") });
const fieldParams = z.object({ fieldId: idParam("fieldId") });
const analysisParams = z.object({ analysisId: idParam("analysisId") });
const currentSoilSchema = z
  .object({
    parameter: z.string(),
    value: z.union([z.number(), z.string()]),
    samplingDate: dateOutput,
    source: z.string(),
    analysisId: z.string(),
    depthUpperCm: z.number(),
    depthLowerCm: z.number(),
  })
  .openapi("CurrentSoilValue");
// Parameter names and values are checked by fdm-core, which names the parameter at fault.
const asInput = <T extends { parameters?: Record<string, unknown> }>(x: T) =>
  x as T & { parameters: SoilParameters };

/** Soil analyses of fields, batch import, and a field's current soil data. */
export function soilRoutes({ app, fdm }: RouteDeps): void {
  app.openapi(
    op({
      method: "get",
      path: "/fields/{fieldId}/soil-analyses",
      operationId: "listSoilAnalyses",
      summary: "The soil analyses of a field (fdm-core getSoilAnalyses).",
      tags,
      request: { params: fieldParams, query: pageQuery.extend(timeframeQuery.shape) },
      responses: {
        200: json(pageSchema(soilAnalysisSchema, "SoilAnalysisPage"), "A page of analyses."),
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const page = await getSoilAnalyses(
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
      method: "post",
      path: "/fields/{fieldId}/soil-analyses",
      operationId: "addSoilAnalysis",
      summary: "Record a soil analysis of a field (fdm-core addSoilAnalysis).",
      tags,
      request: { params: fieldParams, body: body(soilAnalysisInput) },
      responses: { 201: json(soilAnalysisSchema, "The analysis recorded.") },
    }),
    async (c) => {
      const input = asInput(c.req.valid("json")) as SoilAnalysisInput;
      const analysis = await addSoilAnalysis(
        fdm,
        c.get("principalId"),
        c.req.valid("param").fieldId,
        input,
        { returning: "record" },
      );
      return send(c, 201, analysis);
    },
  );
  app.openapi(
    op({
      method: "post",
      path: "/farms/{farmId}/soil-analyses/batch",
      operationId: "addSoilAnalyses",
      summary:
        "Import many soil analyses of a farm's fields: all or none (fdm-core addSoilAnalyses).",
      tags,
      request: {
        params: farmParams,
        body: body(
          batchOf(
            soilAnalysisInput.extend({ fieldId: z.string().max(100) }),
            "SoilAnalysisBatch",
            MAX_BATCH_ROWS,
          ),
        ),
      },
      responses: { 201: json(idsSchema, "The new ids, in the order of the rows.") },
    }),
    async (c) => {
      const rows = c.req.valid("json").rows.map(asInput) as SoilAnalysisBatchRow[];
      const ids = await addSoilAnalyses(
        fdm,
        c.get("principalId"),
        c.req.valid("param").farmId,
        rows,
      );
      return send(c, 201, { ids });
    },
  );
  app.openapi(
    op({
      method: "get",
      path: "/fields/{fieldId}/soil-data",
      operationId: "getCurrentSoilData",
      summary:
        "The most recent value of each soil parameter of a field (fdm-core getCurrentSoilData).",
      tags,
      request: {
        params: fieldParams,
        query: z.object({
          date: dateInput
            .optional()
            .openapi({ description: "As on this date; today when absent." }),
        }),
      },
      responses: {
        200: json(
          z.object({ items: z.array(currentSoilSchema) }).openapi("CurrentSoilData"),
          "The values.",
        ),
      },
    }),
    async (c) => {
      const { date } = c.req.valid("query");
      const items = await getCurrentSoilData(
        fdm,
        c.get("principalId"),
        c.req.valid("param").fieldId,
        date,
      );
      return send(c, 200, { items });
    },
  );
  app.openapi(
    op({
      method: "get",
      path: "/soil-analyses/{analysisId}",
      operationId: "getSoilAnalysis",
      summary: "One soil analysis (fdm-core getSoilAnalysis).",
      tags,
      request: { params: analysisParams },
      responses: { 200: json(soilAnalysisSchema, "The analysis.") },
    }),
    async (c) =>
      send(
        c,
        200,
        await getSoilAnalysis(fdm, c.get("principalId"), c.req.valid("param").analysisId),
      ),
  );
  app.openapi(
    op({
      method: "patch",
      path: "/soil-analyses/{analysisId}",
      operationId: "updateSoilAnalysis",
      summary: "Change a soil analysis (fdm-core updateSoilAnalysis).",
      tags,
      request: { params: analysisParams, body: body(soilAnalysisUpdate) },
      responses: { 200: json(soilAnalysisSchema, "The analysis as changed.") },
    }),
    async (c) => {
      const update = c.req.valid("json") as Partial<SoilAnalysisInput>;
      return send(
        c,
        200,
        await updateSoilAnalysis(
          fdm,
          c.get("principalId"),
          c.req.valid("param").analysisId,
          update,
        ),
      );
    },
  );
  app.openapi(
    op({
      method: "delete",
      path: "/soil-analyses/{analysisId}",
      operationId: "removeSoilAnalysis",
      summary: "Remove a soil analysis (fdm-core removeSoilAnalysis).",
      tags,
      request: { params: analysisParams },
      responses: { 204: { description: "Removed." } },
    }),
    async (c) => {
      await removeSoilAnalysis(fdm, c.get("principalId"), c.req.valid("param").analysisId);
      return noContent(c);
    },
  );
}
