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
import { resource } from "../resource.js";
import type { RouteDeps } from "../route.js";
import { dateInput, fieldInput, fieldSchema, fieldUpdate } from "../schemas.js";

/** Fields of a farm: list, add, batch import; one field: get, change, discard, remove. */
export function fieldRoutes(deps: RouteDeps): void {
  const fields = resource(deps, ["Fields"], fieldSchema);
  fields.list({
    path: "/farms/{farmId}/fields",
    operationId: "listFields",
    summary: "The fields of a farm, optionally those held in a period (fdm-core getFields).",
    page: "FieldPage",
    returns: "A page of fields.",
    timeframe: true,
    call: getFields,
  });
  fields.create({
    path: "/farms/{farmId}/fields",
    operationId: "addField",
    summary: "Add a field with its GeoJSON outline (fdm-core addField).",
    body: fieldInput,
    returns: "The field added.",
    call: addField,
  });
  fields.batch({
    path: "/farms/{farmId}/fields/batch",
    operationId: "addFields",
    summary: "Import many fields at once: all or none are stored (fdm-core addFields).",
    rows: fieldInput,
    batch: "FieldBatch",
    returns: "The new fields' ids, in the order of the rows.",
    call: addFields,
  });
  fields.get({
    path: "/fields/{fieldId}",
    operationId: "getField",
    summary: "One field (fdm-core getField).",
    returns: "The field.",
    call: getField,
  });
  fields.update({
    path: "/fields/{fieldId}",
    operationId: "updateField",
    summary: "Change a field (fdm-core updateField).",
    body: fieldUpdate,
    returns: "The field as changed.",
    call: updateField,
  });
  fields.update({
    method: "post",
    path: "/fields/{fieldId}/discard",
    operationId: "discardField",
    summary: "Record that the farm gave up the field on a date (fdm-core discardField).",
    body: z.object({ discardingDate: dateInput }).strict().openapi("FieldDiscarding"),
    returns: "The field as changed.",
    call: (fdm, principalId, fieldId, { discardingDate }) =>
      discardField(fdm, principalId, fieldId, discardingDate),
  });
  fields.remove({
    path: "/fields/{fieldId}",
    operationId: "removeField",
    summary: "Remove a field and what is recorded on it (fdm-core removeField).",
    call: removeField,
  });
}
