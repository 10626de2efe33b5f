import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "./authorization.js";
import { addCultivation, getCultivation } from "./cultivation.js";
import { FdmError, FdmPermissionError } from "./error.js";
import { addFarm, getFarm, getFarms, removeFarm, updateFarm } from "./farm.js";
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
} from "./farm-sharing.js";
import type { FdmType } from "./fdm.js";
import { getField, getFields, updateField } from "./field.js";
import {
  acceptInvitation,
  createOrganization,
  inviteUserToOrganization,
  removeOrganization,
  updateRoleOfUserAtOrganization,
} from "./organization.js";
import { getPrincipalByUsername } from "./principal.js";
import { auditLog, farmRoleOffers, farmRoles, farms } from "./schema.js";
import { getSoilAnalyses } from "./soil.js";
import { withAuditRows } from "./test-audit.js";
import {
  addUser,
  createTestDatabase,
  expectNoWrite,
  grantAccepted,
  seedFarm,
  type TestDatabase,
} from "./test-setup.js";

let db: TestDatabase;
let farmId: string;
let fieldId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  ({ farmId, fieldId } = await seedFarm(db.fdm, "owner"));
  await grantRoleToFarm(db.fdm, "owner", "advisor", farmId, "advisor");
  await grantRoleToFarm(db.fdm, "owner", "researcher", farmId, "researcher");
}, 60_000);
afterAll(async () => {
  await db?.close();
});

/** The audit rows a call adds for a principal and origin. */
async function newAuditRows(principal: string, origin: string, call: () => Promise<unknown>) {
  const select = () =>
    db.fdm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.principalId, principal), eq(auditLog.origin, origin)));
  const before = new Set((await select()).map((r) => r.id));
  await call();
  return (await select()).filter((r) => !before.has(r.id));
}

type Attempt = (principal: string) => Promise<unknown>;
const actions: Record<"read" | "list" | "write" | "share" | "delete", Attempt> = {
  read: (p) => getFarm(db.fdm, p, farmId),
  list: (p) => getFields(db.fdm, p, farmId),
  write: (p) => updateFarm(db.fdm, p, farmId, { address: `set by ${p}` }),
  share: (p) => grantRoleToFarm(db.fdm, p, `guest-of-${p}`, farmId, "researcher"),
  // A fresh farm per attempt would hide the check; instead the delete is
  // attempted on the shared farm only for principals expected to be denied.
  delete: (p) => removeFarm(db.fdm, p, farmId),
};

const expected: Record<string, Record<keyof typeof actions, boolean>> = {
  owner: { read: true, list: true, write: true, share: true, delete: true },
  advisor: { read: true, list: true, write: true, share: false, delete: false },
  researcher: { read: true, list: true, write: false, share: false, delete: false },
  stranger: { read: false, list: false, write: false, share: false, delete: false },
};

describe("the role matrix on a farm", () => {
  for (const [principal, allowed] of Object.entries(expected)) {
    for (const [action, ok] of Object.entries(allowed) as [keyof typeof actions, boolean][]) {
      if (ok && action === "delete") continue; // covered below on a throw-away farm
      it(`${principal} ${ok ? "may" : "may not"} ${action}`, async () => {
        if (ok) {
          await expect(actions[action](principal)).resolves.not.toThrow();
          return;
        }
        const { error, before, after } = await expectNoWrite(db.fdm, () =>
          actions[action](principal),
        );
        expect(error).toBeInstanceOf(FdmPermissionError);
        expect(error).toMatchObject({
          code: "PERMISSION_DENIED",
          action,
          resource: "farm",
          resourceId: farmId,
        });
        expect((error as Error).message).toBe(
          `Permission denied: principal '${principal}' may not ${action} farm '${farmId}'.`,
        );
        expect(after).toEqual(before);
      });
    }
  }

  it("owner may delete", async () => {
    const own = await addFarm(db.fdm, "owner", { name: "Weg ermee" });
    await removeFarm(db.fdm, "owner", own);
    await expect(getFarm(db.fdm, "owner", own)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("roles carry to what is on the farm", () => {
  it("lets the researcher read a field and its soil data but not change the field", async () => {
    await expect(getField(db.fdm, "researcher", fieldId)).resolves.toMatchObject({ id: fieldId });
    await expect(getSoilAnalyses(db.fdm, "researcher", fieldId)).resolves.toEqual([]);
    const { error } = await expectNoWrite(db.fdm, () =>
      updateField(db.fdm, "researcher", fieldId, { name: "Nope" }),
    );
    expect(error).toMatchObject({ code: "PERMISSION_DENIED", action: "write", resource: "field" });
  });

  it("lets the advisor start a cultivation, and denies a stranger reading it", async () => {
    const id = await addCultivation(db.fdm, "advisor", fieldId, {
      catalogueItemId: "nl_265",
      startDate: new Date("2024-01-01"),
    });
    const { error } = await expectNoWrite(db.fdm, () => getCultivation(db.fdm, "stranger", id));
    expect(error).toMatchObject({ action: "read", resource: "cultivation", resourceId: id });
  });

  it("takes the rights away when the role is revoked", async () => {
    await grantRoleToFarm(db.fdm, "owner", "temp", farmId, "advisor");
    await expect(getField(db.fdm, "temp", fieldId)).resolves.toBeTruthy();
    await revokePrincipalFromFarm(db.fdm, "owner", "temp", farmId);
    await expect(getField(db.fdm, "temp", fieldId)).rejects.toBeInstanceOf(FdmPermissionError);
  });
});

describe("the audit log", () => {
  it("records allowed and denied checks with who, what, which resource and when", async () => {
    const start = new Date(Date.now() - 1000);
    await getFarm(db.fdm, "researcher", farmId);
    await updateFarm(db.fdm, "researcher", farmId, { name: "x" }).catch(() => undefined);
    const rows = await db.fdm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.principalId, "researcher"), eq(auditLog.resourceId, farmId)));
    const read = rows.find((r) => r.origin === "getFarm" && r.createdAt >= start);
    const write = rows.find((r) => r.origin === "updateFarm" && r.createdAt >= start);
    expect(read).toMatchObject({ action: "read", resource: "farm", farmId, allowed: true });
    expect(write).toMatchObject({ action: "write", resource: "farm", farmId, allowed: false });
  });

  it("keeps the audit row of a denied write although the write is rolled back", async () => {
    let outcome: Awaited<ReturnType<typeof expectNoWrite>> | undefined;
    const rows = await newAuditRows("researcher", "addCultivation", async () => {
      outcome = await expectNoWrite(db.fdm, () =>
        addCultivation(db.fdm, "researcher", fieldId, {
          catalogueItemId: "nl_265",
          startDate: new Date("2025-01-01"),
        }),
      );
    });
    expect(outcome?.error).toBeInstanceOf(FdmPermissionError);
    expect(outcome?.after).toEqual(outcome?.before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "write",
      resource: "field",
      resourceId: fieldId,
      farmId,
      allowed: false,
      viaPrincipalId: null,
    });
  });

  it("keeps the audit row of an allowed write that fails validation in its transaction", async () => {
    // 2019 lies before the field's acquiring date (2020-01-01): the check passes, the write does not.
    let outcome: Awaited<ReturnType<typeof expectNoWrite>> | undefined;
    const rows = await newAuditRows("advisor", "addCultivation", async () => {
      outcome = await expectNoWrite(db.fdm, () =>
        addCultivation(db.fdm, "advisor", fieldId, {
          catalogueItemId: "nl_265",
          startDate: new Date("2019-06-01"),
        }),
      );
    });
    expect(outcome?.error).toMatchObject({ code: "INVALID_INPUT", field: "startDate" });
    expect(outcome?.after).toEqual(outcome?.before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ allowed: true, viaPrincipalId: "advisor", farmId });
  });

  it("writes one audit row, in the same transaction, for a successful write", async () => {
    let id = "";
    const rows = await newAuditRows("owner", "addCultivation", async () => {
      id = await addCultivation(db.fdm, "owner", fieldId, {
        catalogueItemId: "nl_265",
        startDate: new Date("2024-03-01"),
      });
    });
    expect(await getCultivation(db.fdm, "owner", id)).toMatchObject({ fieldId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "write",
      resource: "field",
      resourceId: fieldId,
      allowed: true,
      viaPrincipalId: "owner",
    });
  });

  it("records a check on an unknown resource as denied", async () => {
    await getField(db.fdm, "owner", "ghost-field").catch(() => undefined);
    const [row] = await db.fdm
      .select()
      .from(auditLog)
      .where(eq(auditLog.resourceId, "ghost-field"));
    expect(row).toMatchObject({ allowed: false, farmId: null, resource: "field" });
  });
});

describe("managing roles", () => {
  it("lists principals owners first, then by id", async () => {
    const own = await addFarm(db.fdm, "boss", { name: "Lijst" });
    await grantRoleToFarm(db.fdm, "boss", "zed", own, "researcher");
    await grantRoleToFarm(db.fdm, "boss", "amy", own, "advisor");
    await grantAccepted(db.fdm, "boss", "bob", own, "owner");
    const list = await listPrincipalsForFarm(db.fdm, "zed", own);
    expect(list.map((p) => [p.principalId, p.role])).toEqual([
      ["bob", "owner"],
      ["boss", "owner"],
      ["amy", "advisor"],
      ["zed", "researcher"],
    ]);
  });

  it("changes a role", async () => {
    const own = await addFarm(db.fdm, "boss", { name: "Wissel" });
    await grantRoleToFarm(db.fdm, "boss", "amy", own, "researcher");
    expect(await updateRoleOfPrincipalAtFarm(db.fdm, "boss", "amy", own, "owner")).toBe("offered");
    expect(await isAllowedToShareFarm(db.fdm, "amy", own)).toBe(false);
    expect(await acceptFarmRoleOffer(db.fdm, "amy", own)).toBe("owner");
    expect(await isAllowedToShareFarm(db.fdm, "amy", own)).toBe(true);
    await updateRoleOfPrincipalAtFarm(db.fdm, "amy", "boss", own, "advisor");
    expect(await isAllowedToDeleteFarm(db.fdm, "boss", own)).toBe(false);
    expect(await isAllowedToDeleteFarm(db.fdm, "amy", own)).toBe(true);
  });

  it("keeps at least one owner", async () => {
    const own = await addFarm(db.fdm, "solo", { name: "Alleen" });
    for (const attempt of [
      () => revokePrincipalFromFarm(db.fdm, "solo", "solo", own),
      () => updateRoleOfPrincipalAtFarm(db.fdm, "solo", "solo", own, "advisor"),
    ]) {
      const { error, before, after } = await expectNoWrite(db.fdm, attempt);
      expect(error).toMatchObject({ code: "CONFLICT", field: "granteeId" });
      expect((error as Error).message).toContain("last owner");
      expect(after).toEqual(before);
    }
  });

  it("rejects a duplicate grant, an unknown grantee, a bad role and an empty grantee", {
    timeout: 60_000,
  }, async () => {
    const own = await addFarm(db.fdm, "boss", { name: "Regels" });
    await grantRoleToFarm(db.fdm, "boss", "amy", own, "advisor");
    const cases: [() => Promise<unknown>, string, string][] = [
      [() => grantRoleToFarm(db.fdm, "boss", "amy", own, "owner"), "CONFLICT", "granteeId"],
      [() => revokePrincipalFromFarm(db.fdm, "boss", "nobody", own), "NOT_FOUND", "granteeId"],
      [
        () => updateRoleOfPrincipalAtFarm(db.fdm, "boss", "nobody", own, "owner"),
        "NOT_FOUND",
        "granteeId",
      ],
      [
        () => grantRoleToFarm(db.fdm, "boss", "amy2", own, "king" as never),
        "INVALID_INPUT",
        "role",
      ],
      [() => grantRoleToFarm(db.fdm, "boss", "", own, "advisor"), "INVALID_INPUT", "granteeId"],
    ];
    for (const [attempt, code, field] of cases) {
      const { error, before, after } = await expectNoWrite(db.fdm, attempt);
      expect(error).toBeInstanceOf(FdmError);
      expect(error).toMatchObject({ code, field });
      expect(after).toEqual(before);
    }
  });

  it("answers false for an unknown farm", async () => {
    expect(await isAllowedToShareFarm(db.fdm, "owner", "ghost")).toBe(false);
    expect(await isAllowedToDeleteFarm(db.fdm, "owner", "ghost")).toBe(false);
  });

  it("refuses a grantee that is neither a user nor an organization, writing nothing", async () => {
    const own = await addFarm(db.fdm, "boss", { name: "Geesten" });
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      grantRoleToFarm(db.fdm, "boss", "no-such-principal", own, "owner"),
    );
    expect(error).toMatchObject({ code: "NOT_FOUND", field: "granteeId" });
    expect(after).toEqual(before);
  });

  it("does not count a role row of a principal that does not exist as an owner", async () => {
    const own = await addFarm(db.fdm, "owner", { name: "Spookhoeve" });
    // a row left behind, e.g. by a user deleted from auth_user
    await db.fdm
      .insert(farmRoles)
      .values({ farmId: own, principalId: "ghost-owner", role: "owner" });
    await expect(revokePrincipalFromFarm(db.fdm, "owner", "owner", own)).rejects.toMatchObject({
      code: "CONFLICT",
      field: "granteeId",
    });
  });
});

let n = 0;
/** A fresh user (only an existing user acts, and offers go only to principals that exist). */
async function user(name: string): Promise<string> {
  n += 1;
  const handle = `${name.toLowerCase()}${n}`;
  return addUser(db.fdm, { name, email: `${handle}@example.org`, username: handle });
}

/** An organization owned by a fresh user, with an admin and a plain member. */
async function team() {
  const owner = await user("Olga");
  const admin = await user("Adam");
  const member = await user("Mila");
  n += 1;
  const slug = `team-${n}`;
  const orgId = await createOrganization(db.fdm, owner, { name: `Team ${n}`, slug });
  for (const [id, role] of [
    [admin, "admin"],
    [member, "member"],
  ] as const) {
    const [row] = await rowsOf<{ email: string }>(
      db.fdm,
      sql`select email from auth_user where id = ${id}`,
    );
    const invitation = await inviteUserToOrganization(db.fdm, owner, orgId, {
      email: row?.email ?? "",
      role,
    });
    await acceptInvitation(db.fdm, id, invitation);
  }
  return { owner, admin, member, orgId, slug };
}

/** Rows by principal id, in code-point order (the database's collation may differ). */
const byId = (rows: [string, string][]) => [...rows].sort((a, b) => (a[0] < b[0] ? -1 : 1));

/** The role rows of a farm as [principal, role], read from the table, by principal. */
async function rolesOn(farmId: string): Promise<[string, string][]> {
  const rows = await db.fdm
    .select({ principalId: farmRoles.principalId, role: farmRoles.role })
    .from(farmRoles)
    .where(eq(farmRoles.farmId, farmId));
  return byId(rows.map((r) => [r.principalId, r.role]));
}

/** The offer rows of a farm as [principal, role], read from the table, by principal. */
async function offersOn(farmId: string): Promise<[string, string][]> {
  const rows = await db.fdm
    .select({ principalId: farmRoleOffers.principalId, role: farmRoleOffers.role })
    .from(farmRoleOffers)
    .where(eq(farmRoleOffers.farmId, farmId));
  return byId(rows.map((r) => [r.principalId, r.role]));
}

/** The farm's real owners: owner rows of users or organizations that exist, by id. */
async function realOwners(farmId: string): Promise<string[]> {
  const rows = await rowsOf<{ principal_id: string }>(
    db.fdm,
    sql`select r.principal_id from farm_roles r
      where r.farm_id = ${farmId} and r.role = 'owner'
        and (exists (select 1 from auth_user u where u.id = r.principal_id)
          or exists (select 1 from organizations o where o.id = r.principal_id))`,
  );
  return rows.map((r) => r.principal_id).sort();
}

describe("offers of the owner role", { timeout: 60_000 }, () => {
  it("stops a stranger making an organization owner of her farm and leaving it to it", async () => {
    const t = await team();
    const eve = await user("Eve");
    const name = "Uw account wordt geblokkeerd: bevestig hier";
    const farm = await addFarm(db.fdm, eve, { name });
    // all she needs is the organization's slug
    const org = await getPrincipalByUsername(db.fdm, eve, t.slug);
    expect(org).toMatchObject({ id: t.orgId, kind: "organization" });
    expect(await grantRoleToFarm(db.fdm, eve, t.orgId, farm, "owner")).toBe("offered");
    // she cannot leave: the offer does not count as an owner
    for (const leave of [
      () => revokePrincipalFromFarm(db.fdm, eve, eve, farm),
      () => leaveFarm(db.fdm, eve, farm),
    ]) {
      const { error, before, after } = await expectNoWrite(db.fdm, leave);
      expect(error).toMatchObject({ code: "CONFLICT" });
      expect((error as Error).message).toContain("last owner");
      expect(after).toEqual(before);
    }
    expect(await rolesOn(farm)).toEqual([[eve, "owner"]]);
    for (const u of [t.owner, t.admin, t.member]) {
      expect(await getFarms(db.fdm, u)).toEqual([]);
      await expect(getFarm(db.fdm, u, farm)).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    }
    // who can answer for the organization sees the offer; a plain member does not
    for (const u of [t.owner, t.admin]) {
      const offers = await listFarmRoleOffers(db.fdm, u);
      expect(offers.map((o) => [o.farmId, o.farmName, o.principalId, o.role, o.offeredBy])).toEqual(
        [[farm, name, t.orgId, "owner", eve]],
      );
    }
    expect(await listFarmRoleOffers(db.fdm, t.member)).toEqual([]);
    await declineFarmRoleOffer(db.fdm, t.owner, farm, { organizationId: t.orgId });
    expect(await listFarmRoleOffers(db.fdm, t.owner)).toEqual([]);
    expect(await offersOn(farm)).toEqual([]);
    await removeOrganization(db.fdm, t.owner, t.orgId);
    expect(await rolesOn(farm)).toEqual([[eve, "owner"]]);
  });

  it("does not let a pending offer stop the organization's removal", async () => {
    const t = await team();
    const eve = await user("Eve");
    const farm = await addFarm(db.fdm, eve, { name: "Actie vereist" });
    await grantRoleToFarm(db.fdm, eve, t.orgId, farm, "owner");
    await removeOrganization(db.fdm, t.owner, t.orgId);
    // an offer to a principal that is gone is not listed
    expect(await listFarmRoleOffersForFarm(db.fdm, eve, farm)).toEqual([]);
    expect(await rolesOn(farm)).toEqual([[eve, "owner"]]);
  });

  it("stops a stranger making a user owner of her farm and leaving it to him", async () => {
    const victor = await user("Victor");
    const eve = await user("Eve");
    const farm = await addFarm(db.fdm, eve, { name: "Belastingdienst: actie vereist" });
    expect(await grantRoleToFarm(db.fdm, eve, victor, farm, "owner")).toBe("offered");
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      revokePrincipalFromFarm(db.fdm, eve, eve, farm),
    );
    expect(error).toMatchObject({ code: "CONFLICT", field: "granteeId" });
    expect(after).toEqual(before);
    expect(await getFarms(db.fdm, victor)).toEqual([]);
    await expect(getFarm(db.fdm, victor, farm)).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    expect(await isAllowedToShareFarm(db.fdm, victor, farm)).toBe(false);
    await declineFarmRoleOffer(db.fdm, victor, farm);
    expect(await listFarmRoleOffers(db.fdm, victor)).toEqual([]);
    expect(await offersOn(farm)).toEqual([]);
    expect(await rolesOn(farm)).toEqual([[eve, "owner"]]);
  });

  it("makes a user owner when it accepts, in one audited step, after which the granter may leave", async () => {
    const anna = await user("Anna");
    const bram = await user("Bram");
    const farm = await addFarm(db.fdm, anna, { name: "De Hoeve" });
    expect(await grantRoleToFarm(db.fdm, anna, bram, farm, "owner")).toBe("offered");
    expect((await listPrincipalsForFarm(db.fdm, anna, farm)).map((p) => p.principalId)).toEqual([
      anna,
    ]);
    const pending = await listFarmRoleOffersForFarm(db.fdm, anna, farm);
    expect(pending.map((o) => [o.principalId, o.role, o.offeredBy, o.farmName])).toEqual([
      [bram, "owner", anna, "De Hoeve"],
    ]);
    expect(pending[0]?.offeredAt).toBeInstanceOf(Date);
    const audited = () =>
      db.fdm
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.principalId, bram), eq(auditLog.origin, "acceptFarmRoleOffer")));
    expect(await audited()).toEqual([]);
    expect(await acceptFarmRoleOffer(db.fdm, bram, farm)).toBe("owner");
    const rows = await audited();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ resource: "farm", resourceId: farm, allowed: true });
    expect(await rolesOn(farm)).toEqual(
      byId([
        [anna, "owner"],
        [bram, "owner"],
      ]),
    );
    expect(await offersOn(farm)).toEqual([]);
    expect((await getFarms(db.fdm, bram)).map((f) => f.id)).toEqual([farm]);
    await leaveFarm(db.fdm, anna, farm);
    expect(await rolesOn(farm)).toEqual([[bram, "owner"]]);
  });

  it("lets an owner or admin accept for the organization, and refuses a plain member and outsiders", async () => {
    const t = await team();
    const farmer = await user("Femke");
    const outsider = await user("Otto");
    const farm = await addFarm(db.fdm, farmer, { name: "Akkerbouw" });
    await grantRoleToFarm(db.fdm, farmer, t.orgId, farm, "owner");
    for (const who of [t.member, outsider]) {
      for (const answer of [acceptFarmRoleOffer, declineFarmRoleOffer]) {
        const { error, before, after } = await expectNoWrite(db.fdm, () =>
          answer(db.fdm, who, farm, { organizationId: t.orgId }),
        );
        expect(error).toBeInstanceOf(FdmPermissionError);
        expect(error).toMatchObject({ principalId: who, resourceId: t.orgId });
        expect(after).toEqual(before);
      }
      await expect(
        listFarmRoleOffers(db.fdm, who, { organizationId: t.orgId }),
      ).rejects.toBeInstanceOf(FdmPermissionError);
    }
    expect(await offersOn(farm)).toEqual([[t.orgId, "owner"]]);
    const forOrg = await listFarmRoleOffers(db.fdm, t.admin, { organizationId: t.orgId });
    expect(forOrg.map((o) => o.farmId)).toEqual([farm]);
    expect(await acceptFarmRoleOffer(db.fdm, t.admin, farm, { organizationId: t.orgId })).toBe(
      "owner",
    );
    expect((await getFarm(db.fdm, t.member, farm)).roles).toEqual(["owner"]);
    expect((await getFarms(db.fdm, t.member)).map((f) => f.id)).toEqual([farm]);
    expect(await offersOn(farm)).toEqual([]);
  });

  it("cannot be accepted by anyone but its receiver, nor twice", async () => {
    const anna = await user("Anna");
    const bram = await user("Bram");
    const carl = await user("Carl");
    const t = await team();
    const farm = await addFarm(db.fdm, anna, { name: "De Hoeve" });
    await grantRoleToFarm(db.fdm, anna, bram, farm, "owner");
    // another user, the granter herself, and an organization: none of them was offered it
    const others: [string, { organizationId: string } | undefined][] = [
      [carl, undefined],
      [anna, undefined],
      [t.owner, { organizationId: t.orgId }],
    ];
    for (const [who, options] of others) {
      const { error, before, after } = await expectNoWrite(db.fdm, () =>
        acceptFarmRoleOffer(db.fdm, who, farm, options),
      );
      expect(error).toMatchObject({ code: "NOT_FOUND", field: "farmId" });
      expect(after).toEqual(before);
    }
    expect(await acceptFarmRoleOffer(db.fdm, bram, farm)).toBe("owner");
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      acceptFarmRoleOffer(db.fdm, bram, farm),
    );
    expect(error).toMatchObject({ code: "NOT_FOUND", field: "farmId" });
    expect(after).toEqual(before);
    expect(await rolesOn(farm)).toEqual(
      byId([
        [anna, "owner"],
        [bram, "owner"],
      ]),
    );
  });

  it("refuses an offer to a principal that does not exist, writing nothing", async () => {
    const anna = await user("Anna");
    const farm = await addFarm(db.fdm, anna, { name: "De Hoeve" });
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      grantRoleToFarm(db.fdm, anna, "no-such-principal", farm, "owner"),
    );
    expect(error).toMatchObject({ code: "NOT_FOUND", field: "granteeId" });
    expect(after).toEqual(before);
    expect(await offersOn(farm)).toEqual([]);
  });

  it("keeps an advisor's role until it accepts ownership, and lets the owner withdraw an offer", async () => {
    const anna = await user("Anna");
    const bram = await user("Bram");
    const carl = await user("Carl");
    const farm = await addFarm(db.fdm, anna, { name: "De Hoeve" });
    expect(await grantRoleToFarm(db.fdm, anna, bram, farm, "advisor")).toBe("granted");
    expect(await updateRoleOfPrincipalAtFarm(db.fdm, anna, bram, farm, "owner")).toBe("offered");
    expect(await rolesOn(farm)).toContainEqual([bram, "advisor"]);
    expect(await isAllowedToShareFarm(db.fdm, bram, farm)).toBe(false);
    // one pending offer per principal
    const again = await expectNoWrite(db.fdm, () =>
      updateRoleOfPrincipalAtFarm(db.fdm, anna, bram, farm, "owner"),
    );
    expect(again.error).toMatchObject({ code: "CONFLICT", field: "granteeId" });
    expect(again.after).toEqual(again.before);
    expect(await acceptFarmRoleOffer(db.fdm, bram, farm)).toBe("owner");
    expect(await rolesOn(farm)).toEqual(
      byId([
        [anna, "owner"],
        [bram, "owner"],
      ]),
    );

    expect(await grantRoleToFarm(db.fdm, anna, carl, farm, "owner")).toBe("offered");
    const twice = await expectNoWrite(db.fdm, () =>
      grantRoleToFarm(db.fdm, anna, carl, farm, "owner"),
    );
    expect(twice.error).toMatchObject({ code: "CONFLICT", field: "granteeId" });
    // withdrawn by another owner than the one who offered it
    await revokePrincipalFromFarm(db.fdm, bram, carl, farm);
    expect(await listFarmRoleOffersForFarm(db.fdm, anna, farm)).toEqual([]);
    await expect(acceptFarmRoleOffer(db.fdm, carl, farm)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await rolesOn(farm)).map(([p]) => p)).not.toContain(carl);
  });

  it("shows a farm's pending offers only to who may share it", async () => {
    const anna = await user("Anna");
    const bram = await user("Bram");
    const carl = await user("Carl");
    const farm = await addFarm(db.fdm, anna, { name: "De Hoeve" });
    await grantRoleToFarm(db.fdm, anna, bram, farm, "advisor");
    await grantRoleToFarm(db.fdm, anna, carl, farm, "owner");
    for (const who of [bram, carl]) {
      await expect(listFarmRoleOffersForFarm(db.fdm, who, farm)).rejects.toMatchObject({
        code: "PERMISSION_DENIED",
        action: "share",
        resourceId: farm,
      });
    }
    // the receiver sees it in its own list instead
    expect((await listFarmRoleOffers(db.fdm, carl)).map((o) => o.farmId)).toEqual([farm]);
  });

  it("refuses a misspelt or empty organizationId option, writing nothing", async () => {
    const t = await team();
    const farm = await addFarm(db.fdm, t.owner, { name: "De Hoeve" });
    await grantRoleToFarm(db.fdm, t.owner, t.orgId, farm, "owner");
    const calls = [acceptFarmRoleOffer, declineFarmRoleOffer, leaveFarm];
    for (const call of calls) {
      for (const [options, field] of [
        [{ orgId: t.orgId }, "options"],
        [{ organizationId: "" }, "organizationId"],
        [null, "options"],
      ] as const) {
        const { error, before, after } = await expectNoWrite(db.fdm, () =>
          call(db.fdm, t.owner, farm, options as never),
        );
        expect(error).toMatchObject({ code: "INVALID_INPUT", field });
        expect(after).toEqual(before);
      }
    }
    await expect(
      listFarmRoleOffers(db.fdm, t.owner, { orgId: t.orgId } as never),
    ).rejects.toMatchObject({ code: "INVALID_INPUT", field: "options" });
    expect(await offersOn(farm)).toEqual([[t.orgId, "owner"]]);
  });
});

/** The audit row fields that say who did what and how it ended. */
const audited = (r: typeof auditLog.$inferSelect) => ({
  principalId: r.principalId,
  origin: r.origin,
  action: r.action,
  resource: r.resource,
  resourceId: r.resourceId,
  allowed: r.allowed,
  outcome: r.outcome,
  errorCode: r.errorCode,
});

describe("offers of a role to another organization", { timeout: 60_000 }, () => {
  it("gives the organization nothing until an owner or admin of it accepts, auditing each step", async () => {
    const t = await team();
    const eve = await user("Eve");
    const farm = await addFarm(db.fdm, eve, { name: "Uw hulp gevraagd" });
    const granted = await withAuditRows(db.fdm, () =>
      grantRoleToFarm(db.fdm, eve, t.orgId, farm, "advisor"),
    );
    expect(granted.result).toBe("offered");
    expect(granted.rows.map(audited)).toEqual([
      {
        principalId: eve,
        origin: "grantRoleToFarm",
        action: "share",
        resource: "farm",
        resourceId: farm,
        allowed: true,
        outcome: "done",
        errorCode: null,
      },
    ]);
    expect(await rolesOn(farm)).toEqual([[eve, "owner"]]);
    expect(await offersOn(farm)).toEqual([[t.orgId, "advisor"]]);
    for (const u of [t.owner, t.admin, t.member]) {
      expect(await getFarms(db.fdm, u)).toEqual([]);
      await expect(getFarm(db.fdm, u, farm)).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    }
    // who may answer for the organization sees the offer; a plain member does not
    for (const u of [t.owner, t.admin]) {
      const offers = await listFarmRoleOffers(db.fdm, u);
      expect(offers.map((o) => [o.farmId, o.principalId, o.role, o.offeredBy])).toEqual([
        [farm, t.orgId, "advisor", eve],
      ]);
    }
    expect(await listFarmRoleOffers(db.fdm, t.member)).toEqual([]);

    // a plain member cannot accept for it: refused, nothing written but the audit row
    const byMember = await withAuditRows(db.fdm, () =>
      expectNoWrite(db.fdm, () =>
        acceptFarmRoleOffer(db.fdm, t.member, farm, { organizationId: t.orgId }),
      ),
    );
    expect(byMember.result.error).toBeInstanceOf(FdmPermissionError);
    expect(byMember.result.error).toMatchObject({ principalId: t.member, resourceId: t.orgId });
    expect(byMember.result.after).toEqual(byMember.result.before);
    expect(byMember.rows.map(audited)).toEqual([
      {
        principalId: t.member,
        origin: "acceptFarmRoleOffer",
        action: "write",
        resource: "farm",
        resourceId: farm,
        allowed: false,
        outcome: "refused",
        errorCode: "PERMISSION_DENIED",
      },
    ]);
    await expect(getFarm(db.fdm, t.member, farm)).rejects.toBeInstanceOf(FdmPermissionError);

    const accepted = await withAuditRows(db.fdm, () =>
      acceptFarmRoleOffer(db.fdm, t.admin, farm, { organizationId: t.orgId }),
    );
    expect(accepted.result).toBe("advisor");
    expect(accepted.rows.map(audited)).toEqual([
      {
        principalId: t.admin,
        origin: "acceptFarmRoleOffer",
        action: "write",
        resource: "farm",
        resourceId: farm,
        allowed: true,
        outcome: "done",
        errorCode: null,
      },
    ]);
    expect(await rolesOn(farm)).toEqual(
      byId([
        [eve, "owner"],
        [t.orgId, "advisor"],
      ]),
    );
    expect(await offersOn(farm)).toEqual([]);
    expect((await getFarm(db.fdm, t.member, farm)).roles).toEqual(["advisor"]);
    await updateFarm(db.fdm, t.member, farm, { address: "Dijkweg 2" });
  });

  it("leaves no role when declined, and lets each offer be answered once", async () => {
    const t = await team();
    const eve = await user("Eve");
    const farm = await addFarm(db.fdm, eve, { name: "Onderzoek" });
    expect(await grantRoleToFarm(db.fdm, eve, t.orgId, farm, "researcher")).toBe("offered");
    // one pending offer per organization and farm
    const again = await expectNoWrite(db.fdm, () =>
      grantRoleToFarm(db.fdm, eve, t.orgId, farm, "advisor"),
    );
    expect(again.error).toMatchObject({ code: "CONFLICT", field: "granteeId" });
    expect((again.error as Error).message).toContain("offer of the role 'researcher'");
    expect(again.after).toEqual(again.before);
    const byMember = await expectNoWrite(db.fdm, () =>
      declineFarmRoleOffer(db.fdm, t.member, farm, { organizationId: t.orgId }),
    );
    expect(byMember.error).toBeInstanceOf(FdmPermissionError);
    expect(byMember.after).toEqual(byMember.before);

    const declined = await withAuditRows(db.fdm, () =>
      declineFarmRoleOffer(db.fdm, t.owner, farm, { organizationId: t.orgId }),
    );
    expect(declined.rows.map(audited)).toEqual([
      {
        principalId: t.owner,
        origin: "declineFarmRoleOffer",
        action: "write",
        resource: "farm",
        resourceId: farm,
        allowed: true,
        outcome: "done",
        errorCode: null,
      },
    ]);
    expect(await offersOn(farm)).toEqual([]);
    expect(await rolesOn(farm)).toEqual([[eve, "owner"]]);
    for (const u of [t.owner, t.admin, t.member]) {
      expect(await getFarms(db.fdm, u)).toEqual([]);
    }
    const late = await expectNoWrite(db.fdm, () =>
      acceptFarmRoleOffer(db.fdm, t.admin, farm, { organizationId: t.orgId }),
    );
    expect(late.error).toMatchObject({ code: "NOT_FOUND", field: "farmId" });
    expect(await rolesOn(farm)).toEqual([[eve, "owner"]]);
  });

  it("grants at once to an organization the granter owns or administers, not one it only belongs to", async () => {
    const t = await team();
    for (const [who, result] of [
      [t.owner, "granted"],
      [t.admin, "granted"],
      [t.member, "offered"],
    ] as const) {
      const farm = await addFarm(db.fdm, who, { name: "Eigen bedrijf" });
      expect(await grantRoleToFarm(db.fdm, who, t.orgId, farm, "advisor")).toBe(result);
      expect(await rolesOn(farm)).toEqual(
        result === "granted"
          ? byId([
              [who, "owner"],
              [t.orgId, "advisor"],
            ])
          : [[who, "owner"]],
      );
      expect(await offersOn(farm)).toEqual(result === "offered" ? [[t.orgId, "advisor"]] : []);
    }
    // the owner role is offered to any other principal, as before
    const farm = await addFarm(db.fdm, t.owner, { name: "Overdracht" });
    expect(await grantRoleToFarm(db.fdm, t.owner, t.orgId, farm, "owner")).toBe("offered");
    // the granter's organization role at the moment of the grant counts
    const later = await addFarm(db.fdm, t.admin, { name: "Later" });
    await updateRoleOfUserAtOrganization(db.fdm, t.owner, t.orgId, t.admin, "member");
    expect(await grantRoleToFarm(db.fdm, t.admin, t.orgId, later, "researcher")).toBe("offered");
    expect(await rolesOn(later)).toEqual([[t.admin, "owner"]]);
  });

  it("offers a raise of another organization's role, and lowers it at once", async () => {
    const t = await team();
    const eve = await user("Eve");
    const farm = await addFarm(db.fdm, eve, { name: "Stap voor stap" });
    await grantAccepted(db.fdm, eve, t.orgId, farm, "researcher", t.admin);
    expect(await rolesOn(farm)).toContainEqual([t.orgId, "researcher"]);
    expect(await updateRoleOfPrincipalAtFarm(db.fdm, eve, t.orgId, farm, "advisor")).toBe(
      "offered",
    );
    expect(await rolesOn(farm)).toContainEqual([t.orgId, "researcher"]);
    await expect(
      updateFarm(db.fdm, t.member, farm, { address: "Dijkweg 2" }),
    ).rejects.toBeInstanceOf(FdmPermissionError);
    expect(await acceptFarmRoleOffer(db.fdm, t.owner, farm, { organizationId: t.orgId })).toBe(
      "advisor",
    );
    await updateFarm(db.fdm, t.member, farm, { address: "Dijkweg 2" });
    expect(await updateRoleOfPrincipalAtFarm(db.fdm, eve, t.orgId, farm, "researcher")).toBe(
      "granted",
    );
    expect(await rolesOn(farm)).toContainEqual([t.orgId, "researcher"]);
    expect(await offersOn(farm)).toEqual([]);
  });
});

describe("leaving a farm", { timeout: 60_000 }, () => {
  it("lets an advisor leave, with any pending offer, after which it has no access", async () => {
    const anna = await user("Anna");
    const bram = await user("Bram");
    const farm = await addFarm(db.fdm, anna, { name: "De Hoeve" });
    await grantRoleToFarm(db.fdm, anna, bram, farm, "advisor");
    await updateRoleOfPrincipalAtFarm(db.fdm, anna, bram, farm, "owner");
    expect((await getFarms(db.fdm, bram)).map((f) => f.id)).toEqual([farm]);
    await leaveFarm(db.fdm, bram, farm);
    expect(await getFarms(db.fdm, bram)).toEqual([]);
    await expect(getFarm(db.fdm, bram, farm)).rejects.toBeInstanceOf(FdmPermissionError);
    expect(await rolesOn(farm)).toEqual([[anna, "owner"]]);
    expect(await offersOn(farm)).toEqual([]);
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      leaveFarm(db.fdm, bram, farm),
    );
    expect(error).toMatchObject({ code: "NOT_FOUND", field: "farmId" });
    expect(after).toEqual(before);
  });

  it("lets an owner or admin take the organization off a farm, but not a plain member", async () => {
    const t = await team();
    const farmer = await user("Femke");
    const advised = await addFarm(db.fdm, farmer, { name: "Melkvee" });
    await grantAccepted(db.fdm, farmer, t.orgId, advised, "advisor", t.admin);
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      leaveFarm(db.fdm, t.member, advised, { organizationId: t.orgId }),
    );
    expect(error).toBeInstanceOf(FdmPermissionError);
    expect(after).toEqual(before);
    await leaveFarm(db.fdm, t.admin, advised, { organizationId: t.orgId });
    expect(await rolesOn(advised)).toEqual([[farmer, "owner"]]);
    expect(await getFarms(db.fdm, t.member)).toEqual([]);
    // co-owner of a farm that keeps another owner: its owner may take it off
    const shared = await addFarm(db.fdm, farmer, { name: "Gedeeld" });
    await grantAccepted(db.fdm, farmer, t.orgId, shared, "owner", t.owner);
    await leaveFarm(db.fdm, t.owner, shared, { organizationId: t.orgId });
    expect(await rolesOn(shared)).toEqual([[farmer, "owner"]]);
  });

  it("refuses the farm's last real owner, saying how to hand the farm over", async () => {
    const t = await team();
    const farm = await addFarm(db.fdm, t.owner, { name: "Van het team" });
    await grantAccepted(db.fdm, t.owner, t.orgId, farm, "owner", t.owner);
    await leaveFarm(db.fdm, t.owner, farm);
    // a role row left by a principal that no longer exists is no owner
    await db.fdm
      .insert(farmRoles)
      .values({ farmId: farm, principalId: "deleted-user", role: "owner" });
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      leaveFarm(db.fdm, t.admin, farm, { organizationId: t.orgId }),
    );
    expect(error).toMatchObject({ code: "CONFLICT", field: "organizationId" });
    expect((error as Error).message).toContain("last owner");
    expect((error as Error).message).toContain("remove the farm");
    expect(after).toEqual(before);
    expect(await realOwners(farm)).toEqual([t.orgId]);
  });
});

describe("at the same time, on separate connections", { timeout: 120_000 }, () => {
  // On PostgreSQL every handle is its own connection pool, so the calls below run in
  // transactions that truly overlap; on PGlite they queue on its one connection.
  let conns: FdmType[] = [];
  let holder: FdmType;
  beforeAll(async () => {
    conns = [];
    for (let i = 0; i < 4; i++) conns.push(await db.openSecond());
    holder = await db.openSecond();
    await Promise.all([...conns, holder].map((c) => c.execute(sql`select 1`)));
  });

  /** How many sessions on the test database wait for a lock. */
  async function waitingForLocks(): Promise<number> {
    const [row] = await rowsOf<{ n: number }>(
      db.fdm,
      sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Starts the calls together. On PostgreSQL another connection holds the farm row locked
   * until every call waits for a lock or has ended (code that takes no lock does not wait),
   * so that all of them are inside their transactions at once.
   */
  async function together(farmId: string, calls: (() => Promise<unknown>)[]) {
    if (db.mode !== "postgres") return Promise.allSettled(calls.map((c) => c()));
    let settled: Promise<PromiseSettledResult<unknown>[]> = Promise.resolve([]);
    let ended = 0;
    await holder.transaction(async (tx) => {
      await tx.select({ id: farms.id }).from(farms).where(eq(farms.id, farmId)).for("update");
      settled = Promise.allSettled(
        calls.map((c) =>
          c().finally(() => {
            ended += 1;
          }),
        ),
      );
      const deadline = Date.now() + 20_000;
      while (ended + (await waitingForLocks()) < calls.length) {
        if (Date.now() > deadline) throw new Error("the calls neither waited nor ended");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    return settled;
  }

  const fulfilled = (results: PromiseSettledResult<unknown>[]) =>
    results.filter((r) => r.status === "fulfilled").length;
  const codes = (results: PromiseSettledResult<unknown>[]) =>
    results.flatMap((r) => (r.status === "rejected" ? [(r.reason as FdmError).code] : []));

  /** A farm owned by all of `owners`, each having accepted. */
  async function ownedBy(owners: string[]): Promise<string> {
    const [first, ...rest] = owners as [string, ...string[]];
    const farm = await addFarm(db.fdm, first, { name: "Ruzie" });
    for (const o of rest) await grantAccepted(db.fdm, first, o, farm, "owner");
    return farm;
  }

  it("leaves exactly one owner when two owners revoke each other", async () => {
    const [ann, ben] = [await user("Ann"), await user("Ben")];
    const farm = await ownedBy([ann, ben]);
    const results = await together(farm, [
      () => revokePrincipalFromFarm(conns[0] as FdmType, ann, ben, farm),
      () => revokePrincipalFromFarm(conns[1] as FdmType, ben, ann, farm),
    ]);
    expect(await realOwners(farm)).toHaveLength(1);
    expect(fulfilled(results)).toBe(1);
    for (const code of codes(results)) expect(["CONFLICT", "PERMISSION_DENIED"]).toContain(code);
  });

  it("leaves exactly one owner when four owners each revoke all the others", async () => {
    for (let round = 0; round < 3; round++) {
      const owners = [await user("A"), await user("B"), await user("C"), await user("D")];
      const farm = await ownedBy(owners);
      const calls = owners.flatMap((by, i) =>
        owners
          .filter((o) => o !== by)
          .map((o) => () => revokePrincipalFromFarm(conns[i] as FdmType, by, o, farm)),
      );
      const results = await together(farm, calls);
      // every success took one owner away: from four to one
      expect(fulfilled(results)).toBe(3);
      for (const code of codes(results)) {
        expect(["CONFLICT", "PERMISSION_DENIED", "NOT_FOUND"]).toContain(code);
      }
      const left = await realOwners(farm);
      expect(left).toHaveLength(1);
      expect(owners).toContain(left[0]);
    }
  });

  it("refuses exactly one of four owners leaving at once, who stays owner", async () => {
    const owners = [await user("A"), await user("B"), await user("C"), await user("D")];
    const farm = await ownedBy(owners);
    const results = await together(
      farm,
      owners.map((o, i) => () => leaveFarm(conns[i] as FdmType, o, farm)),
    );
    expect(fulfilled(results)).toBe(3);
    expect(codes(results)).toEqual(["CONFLICT"]);
    const refused = owners[results.findIndex((r) => r.status === "rejected")];
    expect(await realOwners(farm)).toEqual([refused]);
  });

  it("keeps a real owner when the only owner leaves while the receiver accepts", async () => {
    for (let round = 0; round < 3; round++) {
      const [anna, bram] = [await user("Anna"), await user("Bram")];
      const farm = await addFarm(db.fdm, anna, { name: "Overdracht" });
      await grantRoleToFarm(db.fdm, anna, bram, farm, "owner");
      const [accepted, left] = await together(farm, [
        () => acceptFarmRoleOffer(conns[0] as FdmType, bram, farm),
        () => leaveFarm(conns[1] as FdmType, anna, farm),
      ]);
      // the acceptance always holds; Anna may leave only if it came first
      expect(accepted?.status).toBe("fulfilled");
      const owners = await realOwners(farm);
      if (left?.status === "fulfilled") expect(owners).toEqual([bram]);
      else {
        expect((left as PromiseRejectedResult).reason).toMatchObject({ code: "CONFLICT" });
        expect(owners).toEqual([anna, bram].sort());
      }
      expect(await offersOn(farm)).toEqual([]);
    }
  });

  it("leaves no role and no offer when an offer is withdrawn while it is accepted", async () => {
    for (let round = 0; round < 3; round++) {
      const [anna, bram] = [await user("Anna"), await user("Bram")];
      const farm = await addFarm(db.fdm, anna, { name: "Bedacht" });
      await grantRoleToFarm(db.fdm, anna, bram, farm, "owner");
      const [accepted, withdrawn] = await together(farm, [
        () => acceptFarmRoleOffer(conns[0] as FdmType, bram, farm),
        () => revokePrincipalFromFarm(conns[1] as FdmType, anna, bram, farm),
      ]);
      // withdrawn before the acceptance, or the accepted role revoked after it
      expect(withdrawn?.status).toBe("fulfilled");
      if (accepted?.status === "rejected") {
        expect(accepted.reason).toMatchObject({ code: "NOT_FOUND" });
      }
      expect(await rolesOn(farm)).toEqual([[anna, "owner"]]);
      expect(await offersOn(farm)).toEqual([]);
    }
  });

  it("answers an organization's offer once when an admin accepts while the owner declines", async () => {
    const t = await team();
    const farmer = await user("Femke");
    const farm = await addFarm(db.fdm, farmer, { name: "Twee antwoorden" });
    await grantRoleToFarm(db.fdm, farmer, t.orgId, farm, "owner");
    const forOrg = { organizationId: t.orgId };
    const [accepted, declined] = await together(farm, [
      () => acceptFarmRoleOffer(conns[0] as FdmType, t.admin, farm, forOrg),
      () => declineFarmRoleOffer(conns[1] as FdmType, t.owner, farm, forOrg),
    ]);
    expect([accepted?.status, declined?.status].sort()).toEqual(["fulfilled", "rejected"]);
    const lost = accepted?.status === "rejected" ? accepted : declined;
    expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: "NOT_FOUND" });
    expect(await offersOn(farm)).toEqual([]);
    expect(await realOwners(farm)).toEqual(
      accepted?.status === "fulfilled" ? [farmer, t.orgId].sort() : [farmer],
    );
  });
});
