import { z } from "@hono/zod-openapi";
import {
  acceptInvitation,
  createOrganization,
  declineInvitation,
  getOrganization,
  getOrganizationsForUser,
  inviteUserToOrganization,
  listMembersOfOrganization,
  listPendingInvitationsForOrganization,
  listPendingInvitationsForUser,
  removeOrganization,
  removeUserFromOrganization,
  revokeInvitation,
  updateOrganization,
  updateRoleOfUserAtOrganization,
} from "fdm-core";
import { pageBody, pageQuery, pageRequest, pageSchema } from "../pagination.js";
import { body, json, noContent, op, type RouteDeps, send } from "../route.js";
import {
  createdSchema,
  idParam,
  invitationInput,
  invitationSchema,
  memberSchema,
  organizationInput,
  organizationSchema,
  organizationUpdate,
  orgRole,
} from "../schemas.js";

const tags = ["Organizations"];
const orgParams = z.object({ organizationId: idParam("organizationId") });
const memberParams = orgParams.extend({ userId: idParam("userId") });
const invitationParams = z.object({ invitationId: idParam("invitationId") });
const invitationPage = pageSchema(invitationSchema, "OrganizationInvitationPage");

/** Organizations, their members, and invitations to join them. */
export function organizationRoutes({ app, fdm }: RouteDeps): void {
  app.openapi(
    op({
      method: "get",
      path: "/organizations",
      operationId: "listOrganizations",
      summary: "The organizations you are a member of (fdm-core getOrganizationsForUser).",
      tags,
      request: { query: pageQuery },
      responses: {
        200: json(pageSchema(organizationSchema, "OrganizationPage"), "A page of organizations."),
      },
    }),
    async (c) =>
      send(
        c,
        200,
        pageBody(
          await getOrganizationsForUser(
            fdm,
            c.get("principalId"),
            pageRequest(c.req.valid("query")),
          ),
        ),
      ),
  );
  app.openapi(
    op({
      method: "post",
      path: "/organizations",
      operationId: "createOrganization",
      summary: "Create an organization; you become its owner (fdm-core createOrganization).",
      tags,
      request: { body: body(organizationInput) },
      responses: { 201: json(organizationSchema, "The organization created.") },
    }),
    async (c) => {
      const organization = await createOrganization(
        fdm,
        c.get("principalId"),
        c.req.valid("json"),
        { returning: "record" },
      );
      return send(c, 201, organization);
    },
  );
  app.openapi(
    op({
      method: "get",
      path: "/organizations/{organizationId}",
      operationId: "getOrganization",
      summary: "One organization (fdm-core getOrganization).",
      tags,
      request: { params: orgParams },
      responses: { 200: json(organizationSchema, "The organization.") },
    }),
    async (c) =>
      send(
        c,
        200,
        await getOrganization(fdm, c.get("principalId"), c.req.valid("param").organizationId),
      ),
  );
  app.openapi(
    op({
      method: "patch",
      path: "/organizations/{organizationId}",
      operationId: "updateOrganization",
      summary: "Change an organization (fdm-core updateOrganization).",
      tags,
      request: { params: orgParams, body: body(organizationUpdate) },
      responses: { 200: json(organizationSchema, "The organization as changed.") },
    }),
    async (c) =>
      send(
        c,
        200,
        await updateOrganization(
          fdm,
          c.get("principalId"),
          c.req.valid("param").organizationId,
          c.req.valid("json"),
        ),
      ),
  );
  app.openapi(
    op({
      method: "delete",
      path: "/organizations/{organizationId}",
      operationId: "removeOrganization",
      summary: "Remove an organization (fdm-core removeOrganization).",
      tags,
      request: { params: orgParams },
      responses: { 204: { description: "Removed." } },
    }),
    async (c) => {
      await removeOrganization(fdm, c.get("principalId"), c.req.valid("param").organizationId);
      return noContent(c);
    },
  );
  app.openapi(
    op({
      method: "get",
      path: "/organizations/{organizationId}/members",
      operationId: "listMembersOfOrganization",
      summary: "The members of an organization (fdm-core listMembersOfOrganization).",
      tags,
      request: { params: orgParams, query: pageQuery },
      responses: {
        200: json(pageSchema(memberSchema, "OrganizationMemberPage"), "A page of members."),
      },
    }),
    async (c) => {
      const page = await listMembersOfOrganization(
        fdm,
        c.get("principalId"),
        c.req.valid("param").organizationId,
        pageRequest(c.req.valid("query")),
      );
      return send(c, 200, pageBody(page));
    },
  );
  app.openapi(
    op({
      method: "patch",
      path: "/organizations/{organizationId}/members/{userId}",
      operationId: "updateRoleOfUserAtOrganization",
      summary: "Change a member's role (fdm-core updateRoleOfUserAtOrganization).",
      tags,
      request: {
        params: memberParams,
        body: body(z.object({ role: orgRole }).strict().openapi("OrganizationRoleChange")),
      },
      responses: { 204: { description: "Changed." } },
    }),
    async (c) => {
      const { organizationId, userId } = c.req.valid("param");
      await updateRoleOfUserAtOrganization(
        fdm,
        c.get("principalId"),
        organizationId,
        userId,
        c.req.valid("json").role,
      );
      return noContent(c);
    },
  );
  app.openapi(
    op({
      method: "delete",
      path: "/organizations/{organizationId}/members/{userId}",
      operationId: "removeUserFromOrganization",
      summary: "Remove a member, or leave (fdm-core removeUserFromOrganization).",
      tags,
      request: { params: memberParams },
      responses: { 204: { description: "Removed." } },
    }),
    async (c) => {
      const { organizationId, userId } = c.req.valid("param");
      await removeUserFromOrganization(fdm, c.get("principalId"), organizationId, userId);
      return noContent(c);
    },
  );

  const itags = ["Invitations"];
  app.openapi(
    op({
      method: "post",
      path: "/organizations/{organizationId}/invitations",
      operationId: "inviteUserToOrganization",
      summary: "Invite an email address to join (fdm-core inviteUserToOrganization).",
      tags: itags,
      request: { params: orgParams, body: body(invitationInput) },
      responses: { 201: json(createdSchema, "The invitation's id.") },
    }),
    async (c) => {
      const id = await inviteUserToOrganization(
        fdm,
        c.get("principalId"),
        c.req.valid("param").organizationId,
        c.req.valid("json"),
      );
      return send(c, 201, { id });
    },
  );
  app.openapi(
    op({
      method: "get",
      path: "/organizations/{organizationId}/invitations",
      operationId: "listPendingInvitationsForOrganization",
      summary:
        "The pending invitations of an organization (fdm-core listPendingInvitationsForOrganization).",
      tags: itags,
      request: { params: orgParams, query: pageQuery },
      responses: { 200: json(invitationPage, "A page of invitations.") },
    }),
    async (c) => {
      const page = await listPendingInvitationsForOrganization(
        fdm,
        c.get("principalId"),
        c.req.valid("param").organizationId,
        pageRequest(c.req.valid("query")),
      );
      return send(c, 200, pageBody(page));
    },
  );
  app.openapi(
    op({
      method: "get",
      path: "/invitations",
      operationId: "listPendingInvitationsForUser",
      summary:
        "The pending invitations to your verified email address (fdm-core listPendingInvitationsForUser).",
      tags: itags,
      request: { query: pageQuery },
      responses: { 200: json(invitationPage, "A page of invitations.") },
    }),
    async (c) =>
      send(
        c,
        200,
        pageBody(
          await listPendingInvitationsForUser(
            fdm,
            c.get("principalId"),
            pageRequest(c.req.valid("query")),
          ),
        ),
      ),
  );
  app.openapi(
    op({
      method: "delete",
      path: "/invitations/{invitationId}",
      operationId: "revokeInvitation",
      summary: "Revoke an invitation of your organization (fdm-core revokeInvitation).",
      tags: itags,
      request: { params: invitationParams },
      responses: { 204: { description: "Revoked." } },
    }),
    async (c) => {
      await revokeInvitation(fdm, c.get("principalId"), c.req.valid("param").invitationId);
      return noContent(c);
    },
  );
  app.openapi(
    op({
      method: "post",
      path: "/invitations/{invitationId}/accept",
      operationId: "acceptInvitation",
      summary: "Accept an invitation to your address (fdm-core acceptInvitation).",
      tags: itags,
      request: { params: invitationParams },
      responses: {
        200: json(
          z.object({ organizationId: z.string() }).openapi("InvitationAccepted"),
          "The organization joined.",
        ),
      },
    }),
    async (c) => {
      const organizationId = await acceptInvitation(
        fdm,
        c.get("principalId"),
        c.req.valid("param").invitationId,
      );
      return send(c, 200, { organizationId });
    },
  );
  app.openapi(
    op({
      method: "post",
      path: "/invitations/{invitationId}/decline",
      operationId: "declineInvitation",
      summary: "Decline an invitation to your address (fdm-core declineInvitation).",
      tags: itags,
      request: { params: invitationParams },
      responses: { 204: { description: "Declined." } },
    }),
    async (c) => {
      await declineInvitation(fdm, c.get("principalId"), c.req.valid("param").invitationId);
      return noContent(c);
    },
  );
}
