import { addFarm, getFarm, getFarms, removeFarm, updateFarm } from "fdm-core";
import { resource } from "../resource.js";
import type { RouteDeps } from "../route.js";
import { farmInput, farmSchema, farmUpdate } from "../schemas.js";

/** GET/POST /farms, GET/PATCH/DELETE /farms/{farmId}. */
export function farmRoutes(deps: RouteDeps): void {
  const farms = resource(deps, ["Farms"], farmSchema);
  farms.list({
    path: "/farms",
    operationId: "listFarms",
    summary: "List the farms the principal holds a role on (fdm-core getFarms).",
    page: "FarmPage",
    returns: "A page of farms.",
    call: getFarms,
  });
  farms.create({
    path: "/farms",
    operationId: "addFarm",
    summary: "Add a farm; the principal becomes its owner (fdm-core addFarm).",
    body: farmInput,
    returns: "The farm added.",
    call: addFarm,
  });
  farms.get({
    path: "/farms/{farmId}",
    operationId: "getFarm",
    summary: "One farm (fdm-core getFarm).",
    returns: "The farm.",
    call: getFarm,
  });
  farms.update({
    path: "/farms/{farmId}",
    operationId: "updateFarm",
    summary: "Change a farm's details (fdm-core updateFarm).",
    body: farmUpdate,
    returns: "The farm as changed.",
    call: updateFarm,
  });
  farms.remove({
    path: "/farms/{farmId}",
    operationId: "removeFarm",
    summary: "Remove a farm and everything recorded on it (fdm-core removeFarm).",
    call: removeFarm,
  });
}
