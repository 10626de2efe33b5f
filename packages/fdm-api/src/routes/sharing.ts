import { z } from "@hono/zod-openapi";
import {
  acceptFarmRoleOffer,
  declineFarmRoleOffer,
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
import { body, json, noContent, op, type RouteDeps, send } from "../route.js";
import {
  actingFor,
  farmPrincipalSchema,
  farmRole,
  farmRoleOfferSchema,
  grantInput,
  idParam,
} from "../schemas.js";

const tags = ["Farm sharing"];
const farmParams = z.object({ farmId: idParam("farmId") });
const granteeParams = farmParams.extend({ principalId: idParam("principalId") });
const grantSchema = z
  .object({ result: z.enum(["granted", "offered"]) })
  .openapi("FarmRoleGrantResult", {
    description:
      "`offered` when the grantee must accept first: the owner role for another principal, or any role for an organization you are neither owner nor admin of (its owners and admins accept).",
  });
const optionalActingFor = {
  required: false,
  content: { "application/json": { schema: actingFor } },
};
/** The optional body `{ organizationId }`: absent when acting for yourself. */
const actingForOf = (b: { organizationId?: string | undefined } | undefined) =>
  b?.organizationId === undefined ? undefined : { organizationId: b.organizationId };

/** Who holds which role on a farm, the offers of roles, and leaving a farm. */
export function sharingRoutes({ app, fdm }: RouteDeps): void {
  app.openapi(
    op({
      method: "get",
      path: "/farms/{farmId}/principals",
      operationId: "listPrincipalsForFarm",
      summary: "The principals holding a role on the farm (fdm-core listPrincipalsForFarm).",
      tags,
      request: { params: farmParams, query: pageQuery },
      responses: {
        200: json(pageSchema(farmPrincipalSchema, "FarmPrincipalPage"), "A page of principals."),
      },
    }),
    async (c) => {
      const page = await listPrincipalsForFarm(
        fdm,
        c.get("principalId"),
        c.req.valid("param").farmId,
        pageRequest(c.req.valid("query")),
      );
      return send(c, 200, pageBody(page));
    },
  );

  app.openapi(
    op({
      method: "post",
      path: "/farms/{farmId}/principals",
      operationId: "grantRoleToFarm",
      summary:
        "Grant (or offer) a role on the farm to a user or organization (fdm-core grantRoleToFarm).",
      tags,
      request: { params: farmParams, body: body(grantInput) },
      responses: { 200: json(grantSchema, "Whether the role was granted or offered.") },
    }),
    async (c) => {
      const { principalId, role } = c.req.valid("json");
      const result = await grantRoleToFarm(
        fdm,
        c.get("principalId"),
        principalId,
        c.req.valid("param").farmId,
        role,
      );
      return send(c, 200, { result });
    },
  );

  app.openapi(
    op({
      method: "patch",
      path: "/farms/{farmId}/principals/{principalId}",
      operationId: "updateRoleOfPrincipalAtFarm",
      summary: "Change a principal's role on the farm (fdm-core updateRoleOfPrincipalAtFarm).",
      tags,
      request: {
        params: granteeParams,
        body: body(z.object({ role: farmRole }).strict().openapi("FarmRoleChange")),
      },
      responses: { 200: json(grantSchema, "Whether the role was granted or offered.") },
    }),
    async (c) => {
      const { farmId, principalId } = c.req.valid("param");
      const result = await updateRoleOfPrincipalAtFarm(
        fdm,
        c.get("principalId"),
        principalId,
        farmId,
        c.req.valid("json").role,
      );
      return send(c, 200, { result });
    },
  );

  app.openapi(
    op({
      method: "delete",
      path: "/farms/{farmId}/principals/{principalId}",
      operationId: "revokePrincipalFromFarm",
      summary: "Take a principal's role on the farm away (fdm-core revokePrincipalFromFarm).",
      tags,
      request: { params: granteeParams },
      responses: { 204: { description: "Revoked." } },
    }),
    async (c) => {
      const { farmId, principalId } = c.req.valid("param");
      await revokePrincipalFromFarm(fdm, c.get("principalId"), principalId, farmId);
      return noContent(c);
    },
  );

  app.openapi(
    op({
      method: "get",
      path: "/farms/{farmId}/permissions",
      operationId: "getFarmPermissions",
      summary:
        "Whether you may share and delete the farm (fdm-core isAllowedToShareFarm, isAllowedToDeleteFarm).",
      tags,
      request: { params: farmParams },
      responses: {
        200: json(
          z.object({ share: z.boolean(), delete: z.boolean() }).openapi("FarmPermissions"),
          "What you may do.",
        ),
      },
    }),
    async (c) => {
      const principal = c.get("principalId");
      const { farmId } = c.req.valid("param");
      return send(c, 200, {
        share: await isAllowedToShareFarm(fdm, principal, farmId),
        delete: await isAllowedToDeleteFarm(fdm, principal, farmId),
      });
    },
  );

  app.openapi(
    op({
      method: "get",
      path: "/farms/{farmId}/offers",
      operationId: "listFarmRoleOffersForFarm",
      summary: "The open offers of roles on the farm (fdm-core listFarmRoleOffersForFarm).",
      tags,
      request: { params: farmParams, query: pageQuery },
      responses: {
        200: json(pageSchema(farmRoleOfferSchema, "FarmRoleOfferPage"), "A page of offers."),
      },
    }),
    async (c) => {
      const page = await listFarmRoleOffersForFarm(
        fdm,
        c.get("principalId"),
        c.req.valid("param").farmId,
        pageRequest(c.req.valid("query")),
      );
      return send(c, 200, pageBody(page));
    },
  );

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
        q.organizationId === undefined ? undefined : { organizationId: q.organizationId },
        pageRequest(q),
      );
      return send(c, 200, pageBody(page));
    },
  );

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
