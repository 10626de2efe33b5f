import { z } from "@hono/zod-openapi";
import {
  addField,
  addFields,
  discardField,
  getField,
  getFields,
  removeField,
  updateField,
} from "fdm-core";
import { pageBody, pageQuery, pageRequest, pageSchema } from "../pagination.js";
import { body, json, noContent, op, type RouteDeps, send, timeframeOf } from "../route.js";
import {
  batchOf,
  dateInput,
  fieldInput,
  fieldSchema,
  fieldUpdate,
  idParam,
  idsSchema,
} from "../schemas.js";

const tags = ["Fields"];
const farmParams = z.object({ farmId: idParam("farmId") });
const fieldParams = z.object({ fieldId: idParam("fieldId") });
/** An optional period of a list: what overlaps `start`–`end` (fdm-core's timeframe). */
export const timeframeQuery = z.object({
  start: dateInput.optional().openapi({ description: "First day of the period (included)." }),
  end: dateInput.optional().openapi({ description: "Last moment of the period (included)." }),
});
/** The most rows one batch call takes (fdm-core's batch limit is 20,000; the body limit comes first). */
export const MAX_BATCH_ROWS = 20_000;

/** Fields of a farm: list, add, batch import; one field: get, change, discard, remove. */
export function fieldRoutes({ app, fdm }: RouteDeps): void {
  app.openapi(
    op({
      method: "get",
      path: "/farms/{farmId}/fields",
      operationId: "listFields",
      summary: "The fields of a farm, optionally those held in a period (fdm-core getFields).",
      tags,
      request: { params: farmParams, query: pageQuery.extend(timeframeQuery.shape) },
      responses: { 200: json(pageSchema(fieldSchema, "FieldPage"), "A page of fields.") },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const page = await getFields(
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
      path: "/farms/{farmId}/fields",
      operationId: "addField",
      summary: "Add a field with its GeoJSON outline (fdm-core addField).",
      tags,
      request: { params: farmParams, body: body(fieldInput) },
      responses: { 201: json(fieldSchema, "The field added.") },
    }),
    async (c) => {
      const field = await addField(
        fdm,
        c.get("principalId"),
        c.req.valid("param").farmId,
        c.req.valid("json"),
        { returning: "record" },
      );
      return send(c, 201, field);
    },
  );

  app.openapi(
    op({
      method: "post",
      path: "/farms/{farmId}/fields/batch",
      operationId: "addFields",
      summary: "Import many fields at once: all or none are stored (fdm-core addFields).",
      tags,
      request: {
        params: farmParams,
        body: body(batchOf(fieldInput, "FieldBatch", MAX_BATCH_ROWS)),
      },
      responses: { 201: json(idsSchema, "The new fields' ids, in the order of the rows.") },
    }),
    async (c) => {
      const ids = await addFields(
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
      path: "/fields/{fieldId}",
      operationId: "getField",
      summary: "One field (fdm-core getField).",
      tags,
      request: { params: fieldParams },
      responses: { 200: json(fieldSchema, "The field.") },
    }),
    async (c) =>
      send(c, 200, await getField(fdm, c.get("principalId"), c.req.valid("param").fieldId)),
  );

  app.openapi(
    op({
      method: "patch",
      path: "/fields/{fieldId}",
      operationId: "updateField",
      summary: "Change a field (fdm-core updateField).",
      tags,
      request: { params: fieldParams, body: body(fieldUpdate) },
      responses: { 200: json(fieldSchema, "The field as changed.") },
    }),
    async (c) =>
      send(
        c,
        200,
        await updateField(
          fdm,
          c.get("principalId"),
          c.req.valid("param").fieldId,
          c.req.valid("json"),
        ),
      ),
  );

  app.openapi(
    op({
      method: "post",
      path: "/fields/{fieldId}/discard",
      operationId: "discardField",
      summary: "Record that the farm gave up the field on a date (fdm-core discardField).",
      tags,
      request: {
        params: fieldParams,
        body: body(z.object({ discardingDate: dateInput }).strict().openapi("FieldDiscarding")),
      },
      responses: { 200: json(fieldSchema, "The field as changed.") },
    }),
    async (c) =>
      send(
        c,
        200,
        await discardField(
          fdm,
          c.get("principalId"),
          c.req.valid("param").fieldId,
          c.req.valid("json").discardingDate,
        ),
      ),
  );

  app.openapi(
    op({
      method: "delete",
      path: "/fields/{fieldId}",
      operationId: "removeField",
      summary: "Remove a field and what is recorded on it (fdm-core removeField).",
      tags,
      request: { params: fieldParams },
      responses: { 204: { description: "Removed." } },
    }),
    async (c) => {
      await removeField(fdm, c.get("principalId"), c.req.valid("param").fieldId);
      return noContent(c);
    },
  );
}
