import { z } from "@hono/zod-openapi";
import {
  addSoilAnalyses,
  addSoilAnalysis,
  type CurrentSoilData,
  getCurrentSoilData,
  getSoilAnalyses,
  getSoilAnalysis,
  removeSoilAnalysis,
  type SoilAnalysisBatchRow,
  type SoilAnalysisInput,
  updateSoilAnalysis,
} from "fdm-core";
import { resource } from "../resource.js";
import { documents, json, op, type RouteDeps, send } from "../route.js";
import {
  dateInput,
  dateOutput,
  idParam,
  soilAnalysisInput,
  soilAnalysisSchema,
  soilAnalysisUpdate,
} from "../schemas.js";

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
documents<typeof currentSoilSchema, CurrentSoilData[number]>(true);

// Parameter names and values are passed on as given (the casts below): fdm-core checks them
// and names the parameter at fault.

/** Soil analyses of fields, batch import, and a field's current soil data. */
export function soilRoutes(deps: RouteDeps): void {
  const { app, fdm } = deps;
  const analyses = resource(deps, ["Soil analyses"], soilAnalysisSchema);
  analyses.list({
    path: "/fields/{fieldId}/soil-analyses",
    operationId: "listSoilAnalyses",
    summary: "The soil analyses of a field (fdm-core getSoilAnalyses).",
    page: "SoilAnalysisPage",
    returns: "A page of analyses.",
    timeframe: true,
    call: getSoilAnalyses,
  });
  analyses.create({
    path: "/fields/{fieldId}/soil-analyses",
    operationId: "addSoilAnalysis",
    summary: "Record a soil analysis of a field (fdm-core addSoilAnalysis).",
    body: soilAnalysisInput,
    returns: "The analysis recorded.",
    call: (fdm, principalId, fieldId, input, options) =>
      addSoilAnalysis(fdm, principalId, fieldId, input as SoilAnalysisInput, options),
  });
  analyses.batch({
    path: "/farms/{farmId}/soil-analyses/batch",
    operationId: "addSoilAnalyses",
    summary:
      "Import many soil analyses of a farm's fields: all or none (fdm-core addSoilAnalyses).",
    rows: soilAnalysisInput.extend({ fieldId: z.string().max(100) }),
    batch: "SoilAnalysisBatch",
    returns: "The new ids, in the order of the rows.",
    call: (fdm, principalId, farmId, rows) =>
      addSoilAnalyses(fdm, principalId, farmId, rows as SoilAnalysisBatchRow[]),
  });
  app.openapi(
    op({
      method: "get",
      path: "/fields/{fieldId}/soil-data",
      operationId: "getCurrentSoilData",
      summary:
        "The most recent value of each soil parameter of a field (fdm-core getCurrentSoilData).",
      tags: ["Soil analyses"],
      request: {
        params: z.object({ fieldId: idParam("fieldId") }),
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
  analyses.get({
    path: "/soil-analyses/{analysisId}",
    operationId: "getSoilAnalysis",
    summary: "One soil analysis (fdm-core getSoilAnalysis).",
    returns: "The analysis.",
    call: getSoilAnalysis,
  });
  analyses.update({
    path: "/soil-analyses/{analysisId}",
    operationId: "updateSoilAnalysis",
    summary: "Change a soil analysis (fdm-core updateSoilAnalysis).",
    body: soilAnalysisUpdate,
    returns: "The analysis as changed.",
    call: (fdm, principalId, analysisId, update) =>
      updateSoilAnalysis(fdm, principalId, analysisId, update as Partial<SoilAnalysisInput>),
  });
  analyses.remove({
    path: "/soil-analyses/{analysisId}",
    operationId: "removeSoilAnalysis",
    summary: "Remove a soil analysis (fdm-core removeSoilAnalysis).",
    call: removeSoilAnalysis,
  });
}
