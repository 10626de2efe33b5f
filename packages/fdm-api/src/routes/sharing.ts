import { z } from "@hono/zod-openapi";
import {
  acceptFarmRoleOffer,
  declineFarmRoleOffer,
  type FarmRoleGrant,
  grantRoleToFarm,
  isAllowedToDeleteFarm,
  isAllowedToShareFarm,
  leaveFarm,
  listFarmRoleOffers,
  listFarmRoleOffersForFarm,
  listPrincipalsForFarm,
  revokePrincipalFromFarm,
  updateRoleOfPrincipalAtFarm,
} from "fdm-core";
import { pageBody, pageQuery, pageRequest, pageSchema } from "../pagination.js";
import { resource } from "../resource.js";
import { documents, json, noContent, op, type RouteDeps, send } from "../route.js";
import {
  actingFor,
  farmPrincipalSchema,
  farmRole,
  farmRoleOfferSchema,
  grantInput,
  idParam,
} from "../schemas.js";

const tags = ["Farm sharing"];
const grantSchema = z
  .object({ result: z.enum(["granted", "offered"]) })
  .openapi("FarmRoleGrantResult", {
    description:
      "`offered` when the grantee must accept first: the owner role for another principal, or any role for an organization you are neither owner nor admin of (its owners and admins accept).",
  });
documents<typeof grantSchema, { result: FarmRoleGrant }>(true);
const optionalActingFor = {
  required: false,
  content: { "application/json": { schema: actingFor } },
};
/** The optional body `{ organizationId }`: absent when acting for yourself. */
const actingForOf = (b: { organizationId?: string | undefined } | undefined) =>
  b?.organizationId === undefined ? undefined : { organizationId: b.organizationId };

/** Who holds which role on a farm, the offers of roles, and leaving a farm. */
export function sharingRoutes(deps: RouteDeps): void {
  const { app, fdm } = deps;
  const principals = resource(deps, tags, farmPrincipalSchema);
  principals.list({
    path: "/farms/{farmId}/principals",
    operationId: "listPrincipalsForFarm",
    summary: "The principals holding a role on the farm (fdm-core listPrincipalsForFarm).",
    page: "FarmPrincipalPage",
    returns: "A page of principals.",
    call: listPrincipalsForFarm,
  });
  // fdm-core takes the grantee before the farm.
  principals.update({
    method: "post",
    path: "/farms/{farmId}/principals",
    operationId: "grantRoleToFarm",
    summary:
      "Grant (or offer) a role on the farm to a user or organization (fdm-core grantRoleToFarm).",
    schema: grantSchema,
    body: grantInput,
    returns: "Whether the role was granted or offered.",
    call: async (fdm, principalId, farmId, { principalId: grantee, role }) => ({
      result: await grantRoleToFarm(fdm, principalId, grantee, farmId, role),
    }),
  });
  principals.update({
    path: "/farms/{farmId}/principals/{principalId}",
    operationId: "updateRoleOfPrincipalAtFarm",
    summary: "Change a principal's role on the farm (fdm-core updateRoleOfPrincipalAtFarm).",
    schema: grantSchema,
    body: z.object({ role: farmRole }).strict().openapi("FarmRoleChange"),
    returns: "Whether the role was granted or offered.",
    call: async (fdm, principalId, farmId, grantee, { role }) => ({
      result: await updateRoleOfPrincipalAtFarm(fdm, principalId, grantee, farmId, role),
    }),
  });
  principals.remove({
    path: "/farms/{farmId}/principals/{principalId}",
    operationId: "revokePrincipalFromFarm",
    summary: "Take a principal's role on the farm away (fdm-core revokePrincipalFromFarm).",
    done: "Revoked.",
    call: (fdm, principalId, farmId, grantee) =>
      revokePrincipalFromFarm(fdm, principalId, grantee, farmId),
  });
  principals.get({
    path: "/farms/{farmId}/permissions",
    operationId: "getFarmPermissions",
    summary:
      "Whether you may share and delete the farm (fdm-core isAllowedToShareFarm, isAllowedToDeleteFarm).",
    schema: z.object({ share: z.boolean(), delete: z.boolean() }).openapi("FarmPermissions"),
    returns: "What you may do.",
    call: async (fdm, principalId, farmId) => ({
      share: await isAllowedToShareFarm(fdm, principalId, farmId),
      delete: await isAllowedToDeleteFarm(fdm, principalId, farmId),
    }),
  });
  principals.list({
    path: "/farms/{farmId}/offers",
    operationId: "listFarmRoleOffersForFarm",
    summary: "The open offers of roles on the farm (fdm-core listFarmRoleOffersForFarm).",
    schema: farmRoleOfferSchema,
    page: "FarmRoleOfferPage",
    returns: "A page of offers.",
    call: listFarmRoleOffersForFarm,
  });

  app.openapi(
    op({
      method: "get",
      path: "/farm-role-offers",
      operationId: "listFarmRoleOffers",
      summary:
        "Roles offered to you, or to an organization you act for (fdm-core listFarmRoleOffers).",
      tags,
      request: { query: pageQuery.extend({ organizationId: z.string().max(100).optional() }) },
      responses: {
        200: json(pageSchema(farmRoleOfferSchema, "FarmRoleOfferPage"), "A page of offers."),
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const page = await listFarmRoleOffers(
        fdm,
        c.get("principalId"),
        actingForOf(q),
        pageRequest(q),
      );
      return send(c, 200, pageBody(page));
    },
  );

  const farmParams = z.object({ farmId: idParam("farmId") });
  for (const [verb, fn, summary] of [
    [
      "accept",
      acceptFarmRoleOffer,
      "Accept the role offered to you (fdm-core acceptFarmRoleOffer).",
    ],
    [
      "decline",
      declineFarmRoleOffer,
      "Decline the role offered to you (fdm-core declineFarmRoleOffer).",
    ],
    ["leave", leaveFarm, "Give up your role on the farm (fdm-core leaveFarm)."],
  ] as const) {
    app.openapi(
      op({
        method: "post",
        path: verb === "leave" ? "/farms/{farmId}/leave" : `/farms/{farmId}/offers/${verb}`,
        operationId: {
          accept: "acceptFarmRoleOffer",
          decline: "declineFarmRoleOffer",
          leave: "leaveFarm",
        }[verb],
        summary,
        tags,
        request: { params: farmParams, body: optionalActingFor },
        responses: { 204: { description: "Done." } },
      }),
      async (c) => {
        await fn(
          fdm,
          c.get("principalId"),
          c.req.valid("param").farmId,
          actingForOf(c.req.valid("json")),
        );
        return noContent(c);
      },
    );
  }
}
