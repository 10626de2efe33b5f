import { z } from "@hono/zod-openapi";
import {
  type CultivationCatalogueItem,
  disableCultivationCatalogue,
  disableFertilizerCatalogue,
  type EnabledCatalogues,
  enableCultivationCatalogue,
  enableFertilizerCatalogue,
  type FertilizerCatalogueItem,
  getCultivationsFromCatalogue,
  getEnabledCatalogues,
  getFertilizersFromCatalogue,
} from "fdm-core";
import { resource } from "../resource.js";
import { documents, noContent, op, type RouteDeps } from "../route.js";
import { idParam } from "../schemas.js";

const tags = ["Catalogues"];
const farmParams = z.object({ farmId: idParam("farmId") });
const cultivationCatalogue = z.enum(["brp"]);
const fertilizerCatalogue = z.enum(["rvo", "srm", "baat"]);
const enabledSchema = z
  .object({
    cultivations: z.array(cultivationCatalogue),
    fertilizers: z.array(fertilizerCatalogue),
  })
  .openapi("EnabledCatalogues");
documents<typeof enabledSchema, EnabledCatalogues>(true);
const itemSchema = (name: string, description: string) =>
  z
    .object({ itemId: z.string(), catalogue: z.string(), nameNl: z.string() })
    .passthrough()
    .openapi(name, { description });
const cultivationItemSchema = itemSchema(
  "CultivationCatalogueItem",
  "With every column of fdm-core's cultivation catalogue.",
);
documents<typeof cultivationItemSchema, CultivationCatalogueItem>(true);
const fertilizerItemSchema = itemSchema(
  "FertilizerCatalogueItem",
  "With every column of fdm-core's fertilizer catalogue.",
);
documents<typeof fertilizerItemSchema, FertilizerCatalogueItem>(true);

/** The catalogues a farm has enabled, their items, and enabling or disabling one. */
export function catalogueRoutes(deps: RouteDeps): void {
  const { app, fdm } = deps;
  const catalogues = resource(deps, tags, enabledSchema);
  catalogues.get({
    path: "/farms/{farmId}/catalogues",
    operationId: "getEnabledCatalogues",
    summary: "The catalogues the farm has enabled (fdm-core getEnabledCatalogues).",
    returns: "The enabled catalogues.",
    call: getEnabledCatalogues,
  });
  catalogues.list({
    path: "/farms/{farmId}/catalogues/cultivations/items",
    operationId: "getCultivationsFromCatalogue",
    summary:
      "The crops of the farm's enabled cultivation catalogues (fdm-core getCultivationsFromCatalogue).",
    schema: cultivationItemSchema,
    page: "CultivationCatalogueItemPage",
    returns: "A page of items.",
    call: (fdm, principalId, farmId, page) =>
      getCultivationsFromCatalogue(fdm, principalId, farmId, undefined, page),
  });
  catalogues.list({
    path: "/farms/{farmId}/catalogues/fertilizers/items",
    operationId: "getFertilizersFromCatalogue",
    summary:
      "The products of the farm's enabled fertilizer catalogues and its custom products (fdm-core getFertilizersFromCatalogue).",
    schema: fertilizerItemSchema,
    page: "FertilizerCatalogueItemPage",
    returns: "A page of items.",
    call: getFertilizersFromCatalogue,
  });

  for (const kind of ["cultivations", "fertilizers"] as const) {
    const params = farmParams.extend({
      catalogue: (kind === "cultivations" ? cultivationCatalogue : fertilizerCatalogue).openapi({
        param: { name: "catalogue", in: "path" },
      }),
    });
    const Kind = kind === "cultivations" ? "Cultivation" : "Fertilizer";
    app.openapi(
      op({
        method: "put",
        path: `/farms/{farmId}/catalogues/${kind}/{catalogue}`,
        operationId: `enable${Kind}Catalogue`,
        summary: `Enable a ${kind.slice(0, -1)} catalogue for the farm (fdm-core enable${Kind}Catalogue).`,
        tags,
        request: { params },
        responses: { 204: { description: "Enabled." } },
      }),
      async (c) => {
        const { farmId, catalogue } = c.req.valid("param");
        const principal = c.get("principalId");
        if (kind === "cultivations")
          await enableCultivationCatalogue(fdm, principal, farmId, catalogue as "brp");
        else
          await enableFertilizerCatalogue(
            fdm,
            principal,
            farmId,
            catalogue as "rvo" | "srm" | "baat",
          );
        return noContent(c);
      },
    );
    app.openapi(
      op({
        method: "delete",
        path: `/farms/{farmId}/catalogues/${kind}/{catalogue}`,
        operationId: `disable${Kind}Catalogue`,
        summary: `Disable a ${kind.slice(0, -1)} catalogue for the farm (fdm-core disable${Kind}Catalogue).`,
        tags,
        request: { params },
        responses: { 204: { description: "Disabled." } },
      }),
      async (c) => {
        const { farmId, catalogue } = c.req.valid("param");
        const principal = c.get("principalId");
        if (kind === "cultivations")
          await disableCultivationCatalogue(fdm, principal, farmId, catalogue as "brp");
        else
          await disableFertilizerCatalogue(
            fdm,
            principal,
            farmId,
            catalogue as "rvo" | "srm" | "baat",
          );
        return noContent(c);
      },
    );
  }
}
