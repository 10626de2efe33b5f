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
import { resource } from "../resource.js";
import type { RouteDeps } from "../route.js";
import {
  applicationInput,
  applicationSchema,
  applicationUpdate,
  fertilizerInput,
  fertilizerSchema,
  fertilizerUpdate,
} from "../schemas.js";

/** Fertilizers a farm holds, and their applications on fields. */
export function fertilizerRoutes(deps: RouteDeps): void {
  const fertilizers = resource(deps, ["Fertilizers"], fertilizerSchema);
  fertilizers.list({
    path: "/farms/{farmId}/fertilizers",
    operationId: "listFertilizers",
    summary: "The fertilizers a farm holds (fdm-core getFertilizers).",
    page: "FertilizerPage",
    returns: "A page of fertilizers.",
    call: getFertilizers,
  });
  fertilizers.create({
    path: "/farms/{farmId}/fertilizers",
    operationId: "addFertilizer",
    summary: "Acquire a catalogue or custom fertilizer for a farm (fdm-core addFertilizer).",
    body: fertilizerInput,
    returns: "The fertilizer acquired.",
    // `custom` is passed on as given: fdm-core checks every parameter and names the one at fault.
    call: (fdm, principalId, farmId, input, options) =>
      addFertilizer(fdm, principalId, farmId, input as FertilizerInput, options),
  });
  fertilizers.get({
    path: "/fertilizers/{fertilizerId}",
    operationId: "getFertilizer",
    summary: "One fertilizer (fdm-core getFertilizer).",
    returns: "The fertilizer.",
    call: getFertilizer,
  });
  fertilizers.update({
    path: "/fertilizers/{fertilizerId}",
    operationId: "updateFertilizer",
    summary: "Change when and how much was acquired (fdm-core updateFertilizer).",
    body: fertilizerUpdate,
    returns: "The fertilizer as changed.",
    call: updateFertilizer,
  });
  fertilizers.remove({
    path: "/fertilizers/{fertilizerId}",
    operationId: "removeFertilizer",
    summary: "Remove a fertilizer (fdm-core removeFertilizer).",
    call: removeFertilizer,
  });

  const applications = resource(deps, ["Fertilizer applications"], applicationSchema);
  applications.list({
    path: "/fields/{fieldId}/fertilizer-applications",
    operationId: "listFertilizerApplications",
    summary: "The fertilizer applications on a field (fdm-core getFertilizerApplications).",
    page: "FertilizerApplicationPage",
    returns: "A page of applications.",
    timeframe: true,
    call: getFertilizerApplications,
  });
  applications.list({
    path: "/farms/{farmId}/fertilizer-applications",
    operationId: "listFertilizerApplicationsForFarm",
    summary:
      "The fertilizer applications on every field of a farm (fdm-core getFertilizerApplicationsForFarm).",
    page: "FertilizerApplicationPage",
    returns: "A page of applications.",
    timeframe: true,
    call: getFertilizerApplicationsForFarm,
  });
  applications.create({
    path: "/fields/{fieldId}/fertilizer-applications",
    operationId: "addFertilizerApplication",
    summary: "Record a fertilizer application on a field (fdm-core addFertilizerApplication).",
    body: applicationInput,
    returns: "The application recorded.",
    call: addFertilizerApplication,
  });
  applications.batch({
    path: "/farms/{farmId}/fertilizer-applications/batch",
    operationId: "addFertilizerApplications",
    summary:
      "Import many applications on fields of a farm: all or none (fdm-core addFertilizerApplications).",
    rows: applicationInput.extend({ fieldId: z.string().max(100) }),
    batch: "FertilizerApplicationBatch",
    returns: "The new ids, in the order of the rows.",
    call: addFertilizerApplications,
  });
  applications.get({
    path: "/fertilizer-applications/{applicationId}",
    operationId: "getFertilizerApplication",
    summary: "One fertilizer application (fdm-core getFertilizerApplication).",
    returns: "The application.",
    call: getFertilizerApplication,
  });
  applications.update({
    path: "/fertilizer-applications/{applicationId}",
    operationId: "updateFertilizerApplication",
    summary: "Change a fertilizer application (fdm-core updateFertilizerApplication).",
    body: applicationUpdate,
    returns: "The application as changed.",
    call: updateFertilizerApplication,
  });
  applications.remove({
    path: "/fertilizer-applications/{applicationId}",
    operationId: "removeFertilizerApplication",
    summary: "Remove a fertilizer application (fdm-core removeFertilizerApplication).",
    call: removeFertilizerApplication,
  });
}
