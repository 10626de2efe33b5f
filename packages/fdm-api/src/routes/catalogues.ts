import { z } from "@hono/zod-openapi";
import {
  disableCultivationCatalogue,
  disableFertilizerCatalogue,
  enableCultivationCatalogue,
  enableFertilizerCatalogue,
  getCultivationsFromCatalogue,
  getEnabledCatalogues,
  getFertilizersFromCatalogue,
} from "fdm-core";
import { pageBody, pageQuery, pageRequest, pageSchema } from "../pagination.js";
import { json, noContent, op, type RouteDeps, send } from "../route.js";
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
const itemSchema = (name: string, description: string) =>
  z
    .object({ itemId: z.string(), catalogue: z.string(), nameNl: z.string() })
    .passthrough()
    .openapi(name, { description });

/** The catalogues a farm has enabled, their items, and enabling or disabling one. */
export function catalogueRoutes({ app, fdm }: RouteDeps): void {
  app.openapi(
    op({
      method: "get",
      path: "/farms/{farmId}/catalogues",
      operationId: "getEnabledCatalogues",
      summary: "The catalogues the farm has enabled (fdm-core getEnabledCatalogues).",
      tags,
      request: { params: farmParams },
      responses: { 200: json(enabledSchema, "The enabled catalogues.") },
    }),
    async (c) =>
      send(
        c,
        200,
        await getEnabledCatalogues(fdm, c.get("principalId"), c.req.valid("param").farmId),
      ),
  );
  app.openapi(
    op({
      method: "get",
      path: "/farms/{farmId}/catalogues/cultivations/items",
      operationId: "getCultivationsFromCatalogue",
      summary:
        "The crops of the farm's enabled cultivation catalogues (fdm-core getCultivationsFromCatalogue).",
      tags,
      request: { params: farmParams, query: pageQuery },
      responses: {
        200: json(
          pageSchema(
            itemSchema(
              "CultivationCatalogueItem",
              "With every column of fdm-core's cultivation catalogue.",
            ),
            "CultivationCatalogueItemPage",
          ),
          "A page of items.",
        ),
      },
    }),
    async (c) => {
      const page = await getCultivationsFromCatalogue(
        fdm,
        c.get("principalId"),
        c.req.valid("param").farmId,
        undefined,
        pageRequest(c.req.valid("query")),
      );
      return send(c, 200, pageBody(page));
    },
  );
  app.openapi(
    op({
      method: "get",
      path: "/farms/{farmId}/catalogues/fertilizers/items",
      operationId: "getFertilizersFromCatalogue",
      summary:
        "The products of the farm's enabled fertilizer catalogues and its custom products (fdm-core getFertilizersFromCatalogue).",
      tags,
      request: { params: farmParams, query: pageQuery },
      responses: {
        200: json(
          pageSchema(
            itemSchema(
              "FertilizerCatalogueItem",
              "With every column of fdm-core's fertilizer catalogue.",
            ),
            "FertilizerCatalogueItemPage",
          ),
          "A page of items.",
        ),
      },
    }),
    async (c) => {
      const page = await getFertilizersFromCatalogue(
        fdm,
        c.get("principalId"),
        c.req.valid("param").farmId,
        pageRequest(c.req.valid("query")),
      );
      return send(c, 200, pageBody(page));
    },
  );

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
