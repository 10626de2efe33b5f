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
import { resource } from "../resource.js";
import type { RouteDeps } from "../route.js";
import {
  cultivationInput,
  cultivationSchema,
  cultivationUpdate,
  dateInput,
  harvestInput,
  harvestSchema,
} from "../schemas.js";

/** Cultivations of fields and farms, and their harvests. */
export function cultivationRoutes(deps: RouteDeps): void {
  const cultivations = resource(deps, ["Cultivations"], cultivationSchema);
  cultivations.list({
    path: "/fields/{fieldId}/cultivations",
    operationId: "listCultivations",
    summary: "The cultivations of a field (fdm-core getCultivations).",
    page: "CultivationPage",
    returns: "A page of cultivations.",
    timeframe: true,
    call: getCultivations,
  });
  cultivations.list({
    path: "/farms/{farmId}/cultivations",
    operationId: "listCultivationsForFarm",
    summary: "The cultivations on every field of a farm (fdm-core getCultivationsForFarm).",
    page: "CultivationPage",
    returns: "A page of cultivations.",
    timeframe: true,
    call: getCultivationsForFarm,
  });
  cultivations.create({
    path: "/fields/{fieldId}/cultivations",
    operationId: "addCultivation",
    summary: "Start a cultivation on a field (fdm-core addCultivation).",
    body: cultivationInput,
    returns: "The cultivation added.",
    call: addCultivation,
  });
  cultivations.batch({
    path: "/farms/{farmId}/cultivations/batch",
    operationId: "addCultivations",
    summary:
      "Import many cultivations on fields of a farm: all or none (fdm-core addCultivations).",
    rows: cultivationInput.extend({ fieldId: z.string().max(100) }),
    batch: "CultivationBatch",
    returns: "The new ids, in the order of the rows.",
    call: addCultivations,
  });
  cultivations.get({
    path: "/cultivations/{cultivationId}",
    operationId: "getCultivation",
    summary: "One cultivation (fdm-core getCultivation).",
    returns: "The cultivation.",
    call: getCultivation,
  });
  cultivations.update({
    path: "/cultivations/{cultivationId}",
    operationId: "updateCultivation",
    summary: "Change a cultivation (fdm-core updateCultivation).",
    body: cultivationUpdate,
    returns: "The cultivation as changed.",
    call: updateCultivation,
  });
  cultivations.update({
    method: "post",
    path: "/cultivations/{cultivationId}/end",
    operationId: "endCultivation",
    summary: "End a cultivation on a date (fdm-core endCultivation).",
    body: z
      .object({ endDate: dateInput, residuesLeft: z.boolean().nullable().optional() })
      .strict()
      .openapi("CultivationEnding"),
    returns: "The cultivation as ended.",
    call: (fdm, principalId, cultivationId, { endDate, residuesLeft }) =>
      endCultivation(
        fdm,
        principalId,
        cultivationId,
        endDate,
        residuesLeft === undefined ? {} : { residuesLeft },
      ),
  });
  cultivations.remove({
    path: "/cultivations/{cultivationId}",
    operationId: "removeCultivation",
    summary: "Remove a cultivation and its harvests (fdm-core removeCultivation).",
    call: removeCultivation,
  });

  const harvests = resource(deps, ["Harvests"], harvestSchema);
  harvests.list({
    path: "/cultivations/{cultivationId}/harvests",
    operationId: "listHarvests",
    summary: "The harvests of a cultivation (fdm-core getHarvests).",
    page: "HarvestPage",
    returns: "A page of harvests.",
    call: getHarvests,
  });
  harvests.list({
    path: "/farms/{farmId}/harvests",
    operationId: "listHarvestsForFarm",
    summary: "The harvests on every field of a farm (fdm-core getHarvestsForFarm).",
    page: "HarvestPage",
    returns: "A page of harvests.",
    timeframe: true,
    call: getHarvestsForFarm,
  });
  harvests.create({
    path: "/cultivations/{cultivationId}/harvests",
    operationId: "addHarvest",
    summary: "Record a harvest of a cultivation (fdm-core addHarvest).",
    body: harvestInput,
    returns: "The harvest recorded.",
    call: addHarvest,
  });
  harvests.batch({
    path: "/farms/{farmId}/harvests/batch",
    operationId: "addHarvests",
    summary: "Import many harvests of a farm's cultivations: all or none (fdm-core addHarvests).",
    rows: harvestInput.extend({ cultivationId: z.string().max(100) }),
    batch: "HarvestBatch",
    returns: "The new ids, in the order of the rows.",
    call: addHarvests,
  });
  harvests.get({
    path: "/harvests/{harvestId}",
    operationId: "getHarvest",
    summary: "One harvest (fdm-core getHarvest).",
    returns: "The harvest.",
    call: getHarvest,
  });
  harvests.remove({
    path: "/harvests/{harvestId}",
    operationId: "removeHarvest",
    summary: "Remove a harvest (fdm-core removeHarvest).",
    call: removeHarvest,
  });
}
