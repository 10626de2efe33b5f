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
import { resource } from "../resource.js";
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

const orgParams = z.object({ organizationId: idParam("organizationId") });
const invitationParams = z.object({ invitationId: idParam("invitationId") });

/** Organizations, their members, and invitations to join them. */
export function organizationRoutes(deps: RouteDeps): void {
  const { app, fdm } = deps;
  const tags = ["Organizations"];
  const organizations = resource(deps, tags, organizationSchema);
  organizations.list({
    path: "/organizations",
    operationId: "listOrganizations",
    summary: "The organizations you are a member of (fdm-core getOrganizationsForUser).",
    page: "OrganizationPage",
    returns: "A page of organizations.",
    call: getOrganizationsForUser,
  });
  organizations.create({
    path: "/organizations",
    operationId: "createOrganization",
    summary: "Create an organization; you become its owner (fdm-core createOrganization).",
    body: organizationInput,
    returns: "The organization created.",
    call: createOrganization,
  });
  organizations.get({
    path: "/organizations/{organizationId}",
    operationId: "getOrganization",
    summary: "One organization (fdm-core getOrganization).",
    returns: "The organization.",
    call: getOrganization,
  });
  organizations.update({
    path: "/organizations/{organizationId}",
    operationId: "updateOrganization",
    summary: "Change an organization (fdm-core updateOrganization).",
    body: organizationUpdate,
    returns: "The organization as changed.",
    call: updateOrganization,
  });
  organizations.remove({
    path: "/organizations/{organizationId}",
    operationId: "removeOrganization",
    summary: "Remove an organization (fdm-core removeOrganization).",
    call: removeOrganization,
  });
  organizations.list({
    path: "/organizations/{organizationId}/members",
    operationId: "listMembersOfOrganization",
    summary: "The members of an organization (fdm-core listMembersOfOrganization).",
    schema: memberSchema,
    page: "OrganizationMemberPage",
    returns: "A page of members.",
    call: listMembersOfOrganization,
  });
  app.openapi(
    op({
      method: "patch",
      path: "/organizations/{organizationId}/members/{userId}",
      operationId: "updateRoleOfUserAtOrganization",
      summary: "Change a member's role (fdm-core updateRoleOfUserAtOrganization).",
      tags,
      request: {
        params: orgParams.extend({ userId: idParam("userId") }),
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
  organizations.remove({
    path: "/organizations/{organizationId}/members/{userId}",
    operationId: "removeUserFromOrganization",
    summary: "Remove a member, or leave (fdm-core removeUserFromOrganization).",
    call: removeUserFromOrganization,
  });

  const itags = ["Invitations"];
  const invitations = resource(deps, itags, invitationSchema);
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
  invitations.list({
    path: "/organizations/{organizationId}/invitations",
    operationId: "listPendingInvitationsForOrganization",
    summary:
      "The pending invitations of an organization (fdm-core listPendingInvitationsForOrganization).",
    page: "OrganizationInvitationPage",
    returns: "A page of invitations.",
    call: listPendingInvitationsForOrganization,
  });
  invitations.list({
    path: "/invitations",
    operationId: "listPendingInvitationsForUser",
    summary:
      "The pending invitations to your verified email address (fdm-core listPendingInvitationsForUser).",
    page: "OrganizationInvitationPage",
    returns: "A page of invitations.",
    call: listPendingInvitationsForUser,
  });
  invitations.remove({
    path: "/invitations/{invitationId}",
    operationId: "revokeInvitation",
    summary: "Revoke an invitation of your organization (fdm-core revokeInvitation).",
    done: "Revoked.",
    call: revokeInvitation,
  });
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
