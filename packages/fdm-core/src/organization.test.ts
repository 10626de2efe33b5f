import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FdmError, FdmPermissionError } from "./error.js";
import { addFarm, getFarm, getFarms, updateFarm } from "./farm.js";
import {
  grantRoleToFarm,
  isAllowedToDeleteFarm,
  isAllowedToShareFarm,
  listPrincipalsForFarm,
  revokePrincipalFromFarm,
} from "./farm-sharing.js";
import { getFields } from "./field.js";
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
} from "./organization.js";
import { auditLog, authUser, organizationInvitations } from "./schema.js";
import {
  addUser,
  createTestDatabase,
  expectNoWrite,
  grantAccepted,
  type TestDatabase,
} from "./test-setup.js";

let db: TestDatabase;
let n = 0;
/** A fresh user with a unique email and username. */
async function user(name: string): Promise<{ id: string; email: string }> {
  n += 1;
  const email = `${name.toLowerCase()}${n}@example.org`;
  const id = await addUser(db.fdm, { name, email, username: `${name.toLowerCase()}${n}` });
  return { id, email };
}
/** An organization owned by a fresh user, with an admin and a member. */
async function team() {
  const owner = await user("Olga");
  const admin = await user("Adam");
  const member = await user("Mila");
  n += 1;
  const orgId = await createOrganization(db.fdm, owner.id, {
    name: `Team ${n}`,
    slug: `team-${n}`,
  });
  for (const [u, role] of [
    [admin, "admin"],
    [member, "member"],
  ] as const) {
    const inv = await inviteUserToOrganization(db.fdm, owner.id, orgId, { email: u.email, role });
    await acceptInvitation(db.fdm, u.id, inv);
  }
  return { owner, admin, member, orgId };
}

beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe("organizations", () => {
  it("creates, reads, lists for a user, updates and removes", async () => {
    const anna = await user("Anna");
    const id = await createOrganization(db.fdm, anna.id, {
      name: "Adviesbureau Zand",
      slug: "zand",
      description: "Bodemadvies",
    });
    expect(await getOrganization(db.fdm, anna.id, id)).toMatchObject({
      id,
      name: "Adviesbureau Zand",
      slug: "zand",
      description: "Bodemadvies",
      role: "owner",
      updatedAt: null,
    });
    await createOrganization(db.fdm, anna.id, { name: "Akkerbouwstudieclub", slug: "akker" });
    expect((await getOrganizationsForUser(db.fdm, anna.id)).map((o) => o.slug)).toEqual([
      "zand",
      "akker",
    ]);
    const updated = await updateOrganization(db.fdm, anna.id, id, {
      name: "Zand & Klei",
      slug: "zand-klei",
      description: null,
    });
    expect(updated).toMatchObject({ name: "Zand & Klei", slug: "zand-klei", description: null });
    expect(updated.updatedAt).toBeInstanceOf(Date);
    await removeOrganization(db.fdm, anna.id, id);
    expect((await getOrganizationsForUser(db.fdm, anna.id)).map((o) => o.slug)).toEqual(["akker"]);
    await expect(getOrganization(db.fdm, anna.id, id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it.each([
    [{ name: "", slug: "ok-slug" }, "name"],
    [{ name: "X", slug: "ab" }, "slug"],
    [{ name: "X", slug: "Has-Capitals" }, "slug"],
    [{ name: "X", slug: "-leading" }, "slug"],
    [{ name: "X", slug: "spa ce" }, "slug"],
    [{ name: "X", slug: "x".repeat(31) }, "slug"],
    [{ name: "X", slug: "okay", description: "d".repeat(1001) }, "description"],
  ])("rejects %j naming %s, writing nothing", async (input, field) => {
    const anna = await user("Anna");
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      createOrganization(db.fdm, anna.id, input),
    );
    expect(error).toMatchObject({ code: "INVALID_INPUT", field });
    expect(after).toEqual(before);
  });

  it("rejects a taken slug or a username as slug, and a principal that is not a user", async () => {
    const anna = await user("Anna");
    await createOrganization(db.fdm, anna.id, { name: "Eerste", slug: "bezet" });
    for (const slug of ["bezet", `anna${n}`]) {
      const { error, before, after } = await expectNoWrite(db.fdm, () =>
        createOrganization(db.fdm, anna.id, { name: "Tweede", slug }),
      );
      expect(error).toMatchObject({ code: "CONFLICT", field: "slug" });
      expect(after).toEqual(before);
    }
    // only an existing user acts: any other principal id is refused, naming it
    const { error } = await expectNoWrite(db.fdm, () =>
      createOrganization(db.fdm, "not-a-user", { name: "Derde", slug: "derde" }),
    );
    expect(error).toMatchObject({ code: "PERMISSION_DENIED", principalId: "not-a-user" });
  });

  it("lets owners and admins update, but not members or strangers", async () => {
    const { admin, member, orgId } = await team();
    await updateOrganization(db.fdm, admin.id, orgId, { description: "door admin" });
    const stranger = await user("Sven");
    for (const who of [member.id, stranger.id]) {
      const { error, before, after } = await expectNoWrite(db.fdm, () =>
        updateOrganization(db.fdm, who, orgId, { name: "Gekaapt" }),
      );
      expect(error).toBeInstanceOf(FdmPermissionError);
      expect(error).toMatchObject({ action: "write", resource: "organization" });
      expect(after).toEqual(before);
    }
    await expect(getOrganization(db.fdm, stranger.id, orgId)).rejects.toBeInstanceOf(
      FdmPermissionError,
    );
    await expect(removeOrganization(db.fdm, admin.id, orgId)).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
      action: "delete",
    });
  });
});

describe("members and roles", () => {
  it("lists members owners first with the emails members may see", async () => {
    const { owner, admin, member, orgId } = await team();
    const list = await listMembersOfOrganization(db.fdm, member.id, orgId);
    expect(list.map((m) => [m.user.id, m.role, m.user.email])).toEqual([
      [owner.id, "owner", owner.email],
      [admin.id, "admin", admin.email],
      [member.id, "member", member.email],
    ]);
  });

  it("lets an owner change any role and an admin change members and admins only", async () => {
    const { owner, admin, member, orgId } = await team();
    await updateRoleOfUserAtOrganization(db.fdm, admin.id, orgId, member.id, "admin");
    await updateRoleOfUserAtOrganization(db.fdm, admin.id, orgId, member.id, "member");
    for (const attempt of [
      () => updateRoleOfUserAtOrganization(db.fdm, admin.id, orgId, member.id, "owner"),
      () => updateRoleOfUserAtOrganization(db.fdm, admin.id, orgId, owner.id, "member"),
      () => updateRoleOfUserAtOrganization(db.fdm, member.id, orgId, admin.id, "member"),
    ]) {
      const { error, before, after } = await expectNoWrite(db.fdm, attempt);
      expect(error).toBeInstanceOf(FdmPermissionError);
      expect(after).toEqual(before);
    }
    await updateRoleOfUserAtOrganization(db.fdm, owner.id, orgId, member.id, "owner");
    expect((await getOrganization(db.fdm, member.id, orgId)).role).toBe("owner");
  });

  it("keeps at least one owner", async () => {
    const { owner, orgId } = await team();
    for (const attempt of [
      () => updateRoleOfUserAtOrganization(db.fdm, owner.id, orgId, owner.id, "admin"),
      () => removeUserFromOrganization(db.fdm, owner.id, orgId, owner.id),
    ]) {
      const { error, before, after } = await expectNoWrite(db.fdm, attempt);
      expect(error).toMatchObject({ code: "CONFLICT", field: "userId" });
      expect((error as Error).message).toContain("last owner");
      expect(after).toEqual(before);
    }
  });

  it("leaves exactly one owner when two owners demote each other at the same time", async () => {
    const { owner, member, orgId } = await team();
    await updateRoleOfUserAtOrganization(db.fdm, owner.id, orgId, member.id, "owner");
    const other = await db.openSecond();
    const results = await Promise.allSettled([
      updateRoleOfUserAtOrganization(db.fdm, owner.id, orgId, member.id, "member"),
      updateRoleOfUserAtOrganization(other, member.id, orgId, owner.id, "member"),
    ]);
    const members = await listMembersOfOrganization(db.fdm, owner.id, orgId);
    expect(members.filter((m) => m.role === "owner")).toHaveLength(1);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(FdmError);
    expect(["CONFLICT", "PERMISSION_DENIED"]).toContain(rejected.reason.code);
  });

  it("lets members leave, admins remove members, and nobody but owners remove owners", async () => {
    const { owner, admin, member, orgId } = await team();
    const { error } = await expectNoWrite(db.fdm, () =>
      removeUserFromOrganization(db.fdm, member.id, orgId, admin.id),
    );
    expect(error).toBeInstanceOf(FdmPermissionError);
    await expect(
      removeUserFromOrganization(db.fdm, admin.id, orgId, owner.id),
    ).rejects.toBeInstanceOf(FdmPermissionError);
    await removeUserFromOrganization(db.fdm, member.id, orgId, member.id);
    await removeUserFromOrganization(db.fdm, owner.id, orgId, admin.id);
    expect(
      (await listMembersOfOrganization(db.fdm, owner.id, orgId)).map((m) => m.user.id),
    ).toEqual([owner.id]);
    await expect(
      removeUserFromOrganization(db.fdm, owner.id, orgId, member.id),
    ).rejects.toMatchObject({ code: "NOT_FOUND", field: "userId" });
  });

  it("rejects a bad role", async () => {
    const { owner, member, orgId } = await team();
    await expect(
      updateRoleOfUserAtOrganization(db.fdm, owner.id, orgId, member.id, "king" as never),
    ).rejects.toMatchObject({ code: "INVALID_INPUT", field: "role" });
  });
});

describe("invitations", () => {
  it("does not let an account whose address is not verified see or accept an invitation to it", async () => {
    const { owner, orgId } = await team();
    const id = await inviteUserToOrganization(db.fdm, owner.id, orgId, {
      email: "dave@victim.org",
      role: "admin",
    });
    // the attacker signs up with the victim's address and never verifies it
    const mallory = await addUser(db.fdm, {
      name: "Mallory",
      email: "dave@victim.org",
      emailVerified: false,
    });
    expect(await listPendingInvitationsForUser(db.fdm, mallory)).toEqual([]);
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      acceptInvitation(db.fdm, mallory, id),
    );
    expect(error).toMatchObject({ code: "PERMISSION_DENIED", field: "email" });
    expect((error as Error).message).toContain("verified");
    expect(after).toEqual(before);
    const members = await listMembersOfOrganization(db.fdm, owner.id, orgId);
    expect(members.map((m) => m.user.id)).not.toContain(mallory);
    // once the address is proven (better-auth's verifyEmail sets emailVerified), it may accept
    await db.fdm.update(authUser).set({ emailVerified: true }).where(eq(authUser.id, mallory));
    expect((await listPendingInvitationsForUser(db.fdm, mallory)).map((i) => i.id)).toEqual([id]);
    expect(await acceptInvitation(db.fdm, mallory, id)).toBe(orgId);
  });

  it("invites, lists pending for the organization and the user, and accepts", async () => {
    const { owner, orgId } = await team();
    const bram = await user("Bram");
    const expiresAt = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    const id = await inviteUserToOrganization(db.fdm, owner.id, orgId, {
      email: bram.email.toUpperCase(),
      role: "admin",
      expiresAt,
    });
    const [forOrg] = await listPendingInvitationsForOrganization(db.fdm, owner.id, orgId);
    expect(forOrg).toMatchObject({ id, email: bram.email, role: "admin", expiresAt });
    const forUser = await listPendingInvitationsForUser(db.fdm, bram.id);
    expect(forUser.map((i) => i.id)).toEqual([id]);
    expect(await acceptInvitation(db.fdm, bram.id, id)).toBe(orgId);
    expect((await getOrganization(db.fdm, bram.id, orgId)).role).toBe("admin");
    expect(await listPendingInvitationsForUser(db.fdm, bram.id)).toEqual([]);
    expect(await listPendingInvitationsForOrganization(db.fdm, owner.id, orgId)).toEqual([]);
  });

  it("declines, after which the invitation cannot be accepted", async () => {
    const { owner, orgId } = await team();
    const bram = await user("Bram");
    const id = await inviteUserToOrganization(db.fdm, owner.id, orgId, {
      email: bram.email,
      role: "member",
    });
    await declineInvitation(db.fdm, bram.id, id);
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      acceptInvitation(db.fdm, bram.id, id),
    );
    expect(error).toMatchObject({ code: "CONFLICT", field: "invitationId" });
    expect((error as Error).message).toBe("invitationId: the invitation was already declined.");
    expect(after).toEqual(before);
  });

  it("refuses an invitation that was already used", async () => {
    const { owner, orgId } = await team();
    const bram = await user("Bram");
    const id = await inviteUserToOrganization(db.fdm, owner.id, orgId, {
      email: bram.email,
      role: "member",
    });
    await acceptInvitation(db.fdm, bram.id, id);
    await expect(acceptInvitation(db.fdm, bram.id, id)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "invitationId: the invitation was already accepted.",
    });
  });

  it("refuses an expired invitation and leaves it out of the pending lists", async () => {
    const { owner, orgId } = await team();
    const bram = await user("Bram");
    const id = await inviteUserToOrganization(db.fdm, owner.id, orgId, {
      email: bram.email,
      role: "member",
    });
    // Time passes: the invitation's expiry moves into the past.
    const past = new Date("2025-01-01T00:00:00Z");
    await db.fdm
      .update(organizationInvitations)
      .set({ expiresAt: past })
      .where(eq(organizationInvitations.id, id));
    expect(await listPendingInvitationsForUser(db.fdm, bram.id)).toEqual([]);
    expect(await listPendingInvitationsForOrganization(db.fdm, owner.id, orgId)).toEqual([]);
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      acceptInvitation(db.fdm, bram.id, id),
    );
    expect((error as Error).message).toBe(
      "invitationId: the invitation expired at 2025-01-01T00:00:00.000Z.",
    );
    expect(after).toEqual(before);
  });

  it("lets only the invited address answer, and audits the refusal", async () => {
    const { owner, orgId } = await team();
    const bram = await user("Bram");
    const eve = await user("Eve");
    const id = await inviteUserToOrganization(db.fdm, owner.id, orgId, {
      email: bram.email,
      role: "member",
    });
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      acceptInvitation(db.fdm, eve.id, id),
    );
    expect(error).toMatchObject({ code: "NOT_FOUND", field: "invitationId" });
    expect(after).toEqual(before);
    const [row] = await db.fdm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.principalId, eve.id), eq(auditLog.resourceId, id)));
    expect(row).toMatchObject({ allowed: false, origin: "acceptInvitation" });
    await expect(declineInvitation(db.fdm, "not-a-user", id)).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
      principalId: "not-a-user",
    });
  });

  it("rejects inviting an existing member or a second pending invitation", async () => {
    const { owner, member, orgId } = await team();
    const bram = await user("Bram");
    await inviteUserToOrganization(db.fdm, owner.id, orgId, { email: bram.email, role: "member" });
    for (const email of [member.email, bram.email]) {
      const { error, before, after } = await expectNoWrite(db.fdm, () =>
        inviteUserToOrganization(db.fdm, owner.id, orgId, { email, role: "member" }),
      );
      expect(error).toMatchObject({ code: "CONFLICT", field: "email" });
      expect(after).toEqual(before);
    }
  });

  it("rejects bad input and invitations by those who may not invite", async () => {
    const { owner, admin, member, orgId } = await team();
    const cases: [() => Promise<unknown>, string, string][] = [
      [
        () => inviteUserToOrganization(db.fdm, owner.id, orgId, { email: "no", role: "member" }),
        "INVALID_INPUT",
        "email",
      ],
      [
        () =>
          inviteUserToOrganization(db.fdm, owner.id, orgId, {
            email: "x@example.org",
            role: "boss" as never,
          }),
        "INVALID_INPUT",
        "role",
      ],
      [
        () =>
          inviteUserToOrganization(db.fdm, owner.id, orgId, {
            email: "x@example.org",
            role: "member",
            expiresAt: new Date(Date.now() - 1000),
          }),
        "INVALID_INPUT",
        "expiresAt",
      ],
      [
        () =>
          inviteUserToOrganization(db.fdm, owner.id, orgId, {
            email: "x@example.org",
            role: "member",
            expiresAt: new Date(Date.now() + 31 * 24 * 60 * 60 * 1000),
          }),
        "INVALID_INPUT",
        "expiresAt",
      ],
      [
        () =>
          inviteUserToOrganization(db.fdm, member.id, orgId, {
            email: "x@example.org",
            role: "member",
          }),
        "PERMISSION_DENIED",
        "",
      ],
      [
        () =>
          inviteUserToOrganization(db.fdm, admin.id, orgId, {
            email: "x@example.org",
            role: "owner",
          }),
        "PERMISSION_DENIED",
        "",
      ],
    ];
    for (const [attempt, code, field] of cases) {
      const { error, before, after } = await expectNoWrite(db.fdm, attempt);
      expect(error).toBeInstanceOf(FdmError);
      expect(error).toMatchObject({ code, ...(field ? { field } : {}) });
      expect(after).toEqual(before);
    }
    await expect(
      listPendingInvitationsForOrganization(db.fdm, member.id, orgId),
    ).rejects.toBeInstanceOf(FdmPermissionError);
  });
});

/** The audit rows of `origin` by `principalId`, oldest first. */
async function auditRows(principalId: string, origin: string) {
  return db.fdm
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.principalId, principalId), eq(auditLog.origin, origin)))
    .orderBy(auditLog.createdAt);
}

/** The status of an invitation as stored. */
async function statusOf(invitationId: string) {
  const [row] = await db.fdm
    .select({
      status: organizationInvitations.status,
      respondedAt: organizationInvitations.respondedAt,
    })
    .from(organizationInvitations)
    .where(eq(organizationInvitations.id, invitationId));
  return row;
}

describe("revoking invitations, and invitations that outlive their inviter's right", () => {
  it("refuses the second address of an admin who was removed before it accepted", async () => {
    const { owner, admin, orgId } = await team();
    // the admin invites a second address of its own, as admin
    const second = await user("Adam");
    const id = await inviteUserToOrganization(db.fdm, admin.id, orgId, {
      email: second.email,
      role: "admin",
    });
    await removeUserFromOrganization(db.fdm, owner.id, orgId, admin.id);
    expect(await listPendingInvitationsForOrganization(db.fdm, owner.id, orgId)).toEqual([]);
    expect(await listPendingInvitationsForUser(db.fdm, second.id)).toEqual([]);
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      acceptInvitation(db.fdm, second.id, id),
    );
    expect(error).toMatchObject({ code: "CONFLICT", field: "invitationId" });
    expect((error as Error).message).toBe(
      "invitationId: the invitation was revoked by the organization.",
    );
    expect(after).toEqual(before);
    expect(
      (await listMembersOfOrganization(db.fdm, owner.id, orgId)).map((m) => m.user.id),
    ).not.toContain(second.id);
    expect((await statusOf(id))?.status).toBe("revoked");
  });

  it("refuses the second address of an admin who was demoted to member before it accepted", async () => {
    const { owner, admin, orgId } = await team();
    const second = await user("Adam");
    const asAdmin = await inviteUserToOrganization(db.fdm, admin.id, orgId, {
      email: second.email,
      role: "admin",
    });
    await updateRoleOfUserAtOrganization(db.fdm, owner.id, orgId, admin.id, "member");
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      acceptInvitation(db.fdm, second.id, asAdmin),
    );
    expect(error).toMatchObject({ code: "CONFLICT", field: "invitationId" });
    expect(after).toEqual(before);
    expect((await getOrganization(db.fdm, admin.id, orgId)).role).toBe("member");
    await expect(getOrganization(db.fdm, second.id, orgId)).rejects.toBeInstanceOf(
      FdmPermissionError,
    );
  });

  it("revokes, on demoting an owner to admin, only its invitations as owner", async () => {
    const { owner, member, orgId } = await team();
    await updateRoleOfUserAtOrganization(db.fdm, owner.id, orgId, member.id, "owner");
    const asOwner = await user("Otto");
    const asAdmin = await user("Ada");
    const ownerInvitation = await inviteUserToOrganization(db.fdm, member.id, orgId, {
      email: asOwner.email,
      role: "owner",
    });
    const adminInvitation = await inviteUserToOrganization(db.fdm, member.id, orgId, {
      email: asAdmin.email,
      role: "admin",
    });
    await updateRoleOfUserAtOrganization(db.fdm, owner.id, orgId, member.id, "admin");
    expect(
      (await listPendingInvitationsForOrganization(db.fdm, owner.id, orgId)).map((i) => i.id),
    ).toEqual([adminInvitation]);
    await expect(acceptInvitation(db.fdm, asOwner.id, ownerInvitation)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "invitationId: the invitation was revoked by the organization.",
    });
    expect(await acceptInvitation(db.fdm, asAdmin.id, adminInvitation)).toBe(orgId);
    expect((await getOrganization(db.fdm, asAdmin.id, orgId)).role).toBe("admin");
  });

  it("serialises an acceptance with the inviter's removal: one lands first, neither deadlocks", async () => {
    const other = await db.openSecond();
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i++) {
      const { owner, admin, orgId } = await team();
      const second = await user("Adam");
      const id = await inviteUserToOrganization(db.fdm, admin.id, orgId, {
        email: second.email,
        role: "admin",
      });
      const [removal, acceptance] = await Promise.allSettled([
        removeUserFromOrganization(db.fdm, owner.id, orgId, admin.id),
        acceptInvitation(other, second.id, id),
      ]);
      const code = (r: PromiseSettledResult<unknown>) =>
        r.status === "fulfilled" ? "ok" : (r.reason as FdmError).code;
      outcomes.push(`${code(removal)}/${code(acceptance)}`);
      const isMember = (await listMembersOfOrganization(db.fdm, owner.id, orgId)).some(
        (m) => m.user.id === second.id,
      );
      // accepted before the removal (a member), or refused after it (no member)
      expect(isMember).toBe(acceptance.status === "fulfilled");
    }
    // never a deadlock (a DATABASE error), and the removal does win races
    expect(outcomes.filter((o) => o !== "ok/ok" && o !== "ok/CONFLICT")).toEqual([]);
    expect(outcomes).toContain("ok/CONFLICT");
  });

  it("refuses an invitation whose inviter is no longer a member, however it left", async () => {
    const { owner, admin, orgId } = await team();
    const second = await user("Adam");
    const id = await inviteUserToOrganization(db.fdm, admin.id, orgId, {
      email: second.email,
      role: "admin",
    });
    // The inviter's account is deleted (e.g. by an operator): its memberships go with it,
    // without any fdm-core call that could revoke its invitations.
    await db.fdm.delete(authUser).where(eq(authUser.id, admin.id));
    expect((await statusOf(id))?.status).toBe("pending");
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      acceptInvitation(db.fdm, second.id, id),
    );
    expect(error).toMatchObject({ code: "CONFLICT", field: "invitationId" });
    expect((error as Error).message).toBe(
      "invitationId: the invitation is no longer valid: its inviter may no longer invite with the role 'admin'; ask the organization for a new one.",
    );
    expect(after).toEqual(before);
    expect((await statusOf(id))?.status).toBe("pending");
    expect(
      (await auditRows(second.id, "acceptInvitation")).map((r) => [r.outcome, r.errorCode]),
    ).toEqual([["failed", "CONFLICT"]]);
    // an owner revokes it and invites the address afresh
    await revokeInvitation(db.fdm, owner.id, id);
    const again = await inviteUserToOrganization(db.fdm, owner.id, orgId, {
      email: second.email,
      role: "member",
    });
    expect(await acceptInvitation(db.fdm, second.id, again)).toBe(orgId);
  });

  it("lets an owner revoke: the invitation can no longer be answered, and the address can be invited again", async () => {
    const { owner, orgId } = await team();
    const bram = await user("Bram");
    const id = await inviteUserToOrganization(db.fdm, owner.id, orgId, {
      email: bram.email,
      role: "admin",
    });
    const [listed] = await listPendingInvitationsForOrganization(db.fdm, owner.id, orgId);
    expect(listed).toMatchObject({ id, email: bram.email, role: "admin", inviterId: owner.id });
    await revokeInvitation(db.fdm, owner.id, id);
    const stored = await statusOf(id);
    expect(stored?.status).toBe("revoked");
    expect(stored?.respondedAt).toBeInstanceOf(Date);
    expect(await listPendingInvitationsForOrganization(db.fdm, owner.id, orgId)).toEqual([]);
    expect(await listPendingInvitationsForUser(db.fdm, bram.id)).toEqual([]);
    for (const answer of [acceptInvitation, declineInvitation]) {
      const { error, before, after } = await expectNoWrite(db.fdm, () =>
        answer(db.fdm, bram.id, id),
      );
      expect(error).toMatchObject({ code: "CONFLICT", field: "invitationId" });
      expect((error as Error).message).toBe(
        "invitationId: the invitation was revoked by the organization.",
      );
      expect(after).toEqual(before);
    }
    // revoking again changes nothing
    const { error } = await expectNoWrite(db.fdm, () => revokeInvitation(db.fdm, owner.id, id));
    expect(error).toMatchObject({
      code: "CONFLICT",
      message: "invitationId: the invitation was already revoked.",
    });
    const again = await inviteUserToOrganization(db.fdm, owner.id, orgId, {
      email: bram.email,
      role: "member",
    });
    expect(await acceptInvitation(db.fdm, bram.id, again)).toBe(orgId);
    expect((await getOrganization(db.fdm, bram.id, orgId)).role).toBe("member");
    // one audit row per call, with the outcome the guard recorded
    expect(
      (await auditRows(owner.id, "revokeInvitation")).map((r) => [
        r.outcome,
        r.errorCode,
        r.resource,
        r.resourceId,
      ]),
    ).toEqual([
      ["done", null, "organization", orgId],
      ["failed", "CONFLICT", "organization", orgId],
    ]);
    expect(
      (await auditRows(bram.id, "acceptInvitation")).map((r) => [r.outcome, r.errorCode]),
    ).toEqual([
      ["failed", "CONFLICT"],
      ["done", null],
    ]);
  });

  it("lets an admin list and revoke invitations, but not one as owner", async () => {
    const { owner, admin, orgId } = await team();
    const asMember = await inviteUserToOrganization(db.fdm, owner.id, orgId, {
      email: "lid@example.org",
      role: "member",
    });
    const asOwner = await inviteUserToOrganization(db.fdm, owner.id, orgId, {
      email: "eigenaar@example.org",
      role: "owner",
    });
    const listed = await listPendingInvitationsForOrganization(db.fdm, admin.id, orgId);
    expect(listed.map((i) => i.id).sort()).toEqual([asMember, asOwner].sort());
    await revokeInvitation(db.fdm, admin.id, asMember);
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      revokeInvitation(db.fdm, admin.id, asOwner),
    );
    expect(error).toBeInstanceOf(FdmPermissionError);
    expect(error).toMatchObject({ action: "share", resource: "organization", resourceId: orgId });
    expect(after).toEqual(before);
    expect(
      (await listPendingInvitationsForOrganization(db.fdm, admin.id, orgId)).map((i) => i.id),
    ).toEqual([asOwner]);
    expect(
      (await auditRows(admin.id, "revokeInvitation")).map((r) => [r.outcome, r.allowed]),
    ).toEqual([
      ["done", true],
      ["refused", false],
    ]);
  });

  it("refuses a member, a stranger and an admin of another organization, leaving only an audit row", async () => {
    const { owner, member, orgId } = await team();
    const other = await team();
    const stranger = await user("Sven");
    const id = await inviteUserToOrganization(db.fdm, owner.id, orgId, {
      email: "bram@example.org",
      role: "member",
    });
    for (const who of [member.id, stranger.id, other.admin.id, other.owner.id]) {
      const { error, before, after } = await expectNoWrite(db.fdm, () =>
        revokeInvitation(db.fdm, who, id),
      );
      expect(error).toBeInstanceOf(FdmPermissionError);
      expect(error).toMatchObject({ code: "PERMISSION_DENIED", principalId: who });
      expect(after).toEqual(before);
      const rows = await auditRows(who, "revokeInvitation");
      expect(rows.map((r) => [r.outcome, r.allowed, r.errorCode])).toEqual([
        ["refused", false, "PERMISSION_DENIED"],
      ]);
    }
    expect((await statusOf(id))?.status).toBe("pending");
    // an unknown invitation is reported as such, and a principal that is no user is refused
    const { error } = await expectNoWrite(db.fdm, () =>
      revokeInvitation(db.fdm, owner.id, "no-such-invitation"),
    );
    expect(error).toMatchObject({ code: "NOT_FOUND", field: "invitationId" });
    expect(
      (await auditRows(owner.id, "revokeInvitation")).map((r) => [r.outcome, r.errorCode]),
    ).toEqual([["refused", "NOT_FOUND"]]);
    for (const invitationId of [id, "no-such-invitation"]) {
      await expect(revokeInvitation(db.fdm, "not-a-user", invitationId)).rejects.toMatchObject({
        code: "PERMISSION_DENIED",
        principalId: "not-a-user",
      });
    }
    await expect(revokeInvitation(db.fdm, owner.id, "")).rejects.toMatchObject({
      code: "INVALID_INPUT",
      field: "invitationId",
    });
  });
});

describe("an organization holding a role on a farm", () => {
  it("lets its members act with the organization's role, and audits through which principal", async () => {
    const { owner, member, orgId } = await team();
    const farmer = await user("Frank");
    const farmId = await addFarm(db.fdm, farmer.id, { name: "Melkveebedrijf" });
    await grantAccepted(db.fdm, farmer.id, orgId, farmId, "advisor", owner.id);

    await updateFarm(db.fdm, member.id, farmId, { address: "Dijkweg 2" });
    expect((await getFarm(db.fdm, member.id, farmId)).roles).toEqual(["advisor"]);
    expect((await getFarms(db.fdm, owner.id)).map((f) => f.id)).toEqual([farmId]);
    await expect(getFields(db.fdm, member.id, farmId)).resolves.toEqual([]);
    expect(await isAllowedToShareFarm(db.fdm, member.id, farmId)).toBe(false);

    const [row] = await db.fdm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.principalId, member.id), eq(auditLog.origin, "updateFarm")))
      .orderBy(desc(auditLog.createdAt));
    expect(row).toMatchObject({ allowed: true, viaPrincipalId: orgId, farmId });
  });

  it("uses the role that gives the most access, and records the principal that gave it", async () => {
    // an admin of the organization: its organization role lets it use the farm role in full
    const { admin: member, orgId } = await team();
    const farmer = await user("Frank");
    const farmId = await addFarm(db.fdm, farmer.id, { name: "Akkerbouw" });
    await grantRoleToFarm(db.fdm, farmer.id, member.id, farmId, "researcher");
    await grantAccepted(db.fdm, farmer.id, orgId, farmId, "owner", member.id);
    expect((await getFarm(db.fdm, member.id, farmId)).roles).toEqual(["owner", "researcher"]);
    expect(await isAllowedToShareFarm(db.fdm, member.id, farmId)).toBe(true);
    await getFarm(db.fdm, member.id, farmId);
    const rows = await db.fdm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.principalId, member.id), eq(auditLog.farmId, farmId)))
      .orderBy(desc(auditLog.createdAt));
    expect(rows.find((r) => r.origin === "isAllowedToShareFarm")?.viaPrincipalId).toBe(orgId);
    // Reading is allowed by both roles; the one with the most access (owner) is recorded.
    expect(rows.find((r) => r.origin === "getFarm")?.viaPrincipalId).toBe(orgId);
  });

  it("takes the access away when the member leaves", async () => {
    const { owner, member, orgId } = await team();
    const farmer = await user("Frank");
    const farmId = await addFarm(db.fdm, farmer.id, { name: "Fruitteelt" });
    await grantAccepted(db.fdm, farmer.id, orgId, farmId, "researcher", owner.id);
    await expect(getFarm(db.fdm, member.id, farmId)).resolves.toBeTruthy();
    await removeUserFromOrganization(db.fdm, member.id, orgId, member.id);
    await expect(getFarm(db.fdm, member.id, farmId)).rejects.toBeInstanceOf(FdmPermissionError);
  });

  it("removes the organization's farm roles with it, but not when it is a farm's last owner", async () => {
    const { owner, orgId } = await team();
    const farmer = await user("Frank");
    const shared = await addFarm(db.fdm, farmer.id, { name: "Gedeeld" });
    await grantAccepted(db.fdm, farmer.id, orgId, shared, "owner", owner.id);
    const own = await addFarm(db.fdm, owner.id, { name: "Eigen" });
    await grantAccepted(db.fdm, owner.id, orgId, own, "owner", owner.id);
    const { updateRoleOfPrincipalAtFarm, revokePrincipalFromFarm } = await import(
      "./farm-sharing.js"
    );
    await revokePrincipalFromFarm(db.fdm, owner.id, owner.id, own);
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      removeOrganization(db.fdm, owner.id, orgId),
    );
    expect(error).toMatchObject({ code: "CONFLICT", field: "organizationId" });
    expect(after).toEqual(before);
    await grantRoleToFarm(db.fdm, owner.id, owner.id, own, "advisor");
    await updateRoleOfPrincipalAtFarm(db.fdm, owner.id, owner.id, own, "owner");
    await removeOrganization(db.fdm, owner.id, orgId);
    expect(
      (await listPrincipalsForFarm(db.fdm, farmer.id, shared)).map((p) => p.principalId),
    ).toEqual([farmer.id]);
  });
});

describe("what an organization role allows with the organization's farm roles", () => {
  // Written out by hand (the rule table of docs/core-concepts/authorization.mdx):
  // [farm role of the organization, organization role] -> read, write, share, delete
  const table: [string, string, [boolean, boolean, boolean, boolean]][] = [
    ["owner", "owner", [true, true, true, true]],
    ["owner", "admin", [true, true, true, true]],
    ["owner", "member", [true, true, false, false]],
    ["advisor", "owner", [true, true, false, false]],
    ["advisor", "admin", [true, true, false, false]],
    ["advisor", "member", [true, true, false, false]],
    ["researcher", "owner", [true, false, false, false]],
    ["researcher", "admin", [true, false, false, false]],
    ["researcher", "member", [true, false, false, false]],
  ];
  it.each(table)(
    "farm role %s, organization role %s: read, write, share, delete = %j",
    async (farmRole, orgRole, expected) => {
      const t = await team();
      const acting = orgRole === "owner" ? t.owner : orgRole === "admin" ? t.admin : t.member;
      const farmer = await user("Femke");
      const farmId = await addFarm(db.fdm, farmer.id, { name: "Hoeve" });
      await grantAccepted(db.fdm, farmer.id, t.orgId, farmId, farmRole as "owner", t.owner.id);
      const canRead = await getFarm(db.fdm, acting.id, farmId).then(
        () => true,
        () => false,
      );
      const canWrite = await updateFarm(db.fdm, acting.id, farmId, { address: "Dijk 1" }).then(
        () => true,
        () => false,
      );
      const canShare = await isAllowedToShareFarm(db.fdm, acting.id, farmId);
      const canDelete = await isAllowedToDeleteFarm(db.fdm, acting.id, farmId);
      expect([canRead, canWrite, canShare, canDelete]).toEqual(expected);
    },
  );

  it("refuses a plain member who grants a farm of the organization to someone else", async () => {
    const t = await team();
    const farmer = await user("Femke");
    const mallory = await user("Mallory");
    const farmId = await addFarm(db.fdm, farmer.id, { name: "Hoeve" });
    await grantAccepted(db.fdm, farmer.id, t.orgId, farmId, "owner", t.owner.id);
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      grantRoleToFarm(db.fdm, t.member.id, mallory.id, farmId, "owner"),
    );
    expect(error).toBeInstanceOf(FdmPermissionError);
    expect(after).toEqual(before);
    await expect(
      revokePrincipalFromFarm(db.fdm, t.member.id, farmer.id, farmId),
    ).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    // an admin of the organization may share it
    await grantRoleToFarm(db.fdm, t.admin.id, mallory.id, farmId, "researcher");
  });
});
