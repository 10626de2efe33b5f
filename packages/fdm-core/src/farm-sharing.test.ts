import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCultivation, getCultivation } from "./cultivation.js";
import { FdmError, FdmPermissionError } from "./error.js";
import { addFarm, getFarm, removeFarm, updateFarm } from "./farm.js";
import {
  grantRoleToFarm,
  isAllowedToDeleteFarm,
  isAllowedToShareFarm,
  listPrincipalsForFarm,
  revokePrincipalFromFarm,
  updateRoleOfPrincipalAtFarm,
} from "./farm-sharing.js";
import { getField, getFields, updateField } from "./field.js";
import { auditLog, farmRoles } from "./schema.js";
import { getSoilAnalyses } from "./soil.js";
import { createTestDatabase, expectNoWrite, seedFarm, type TestDatabase } from "./test-setup.js";

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
    await grantRoleToFarm(db.fdm, "boss", "bob", own, "owner");
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
    await updateRoleOfPrincipalAtFarm(db.fdm, "boss", "amy", own, "owner");
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

  it("leaves exactly one owner when two owners revoke each other at the same time", async () => {
    const own = await addFarm(db.fdm, "ann", { name: "Ruzie" });
    await grantRoleToFarm(db.fdm, "ann", "ben", own, "owner");
    const other = await db.openSecond();
    const results = await Promise.allSettled([
      revokePrincipalFromFarm(db.fdm, "ann", "ben", own),
      revokePrincipalFromFarm(other, "ben", "ann", own),
    ]);
    const owners = (
      await listPrincipalsForFarm(db.fdm, "ann", own).catch(() =>
        listPrincipalsForFarm(db.fdm, "ben", own),
      )
    ).filter((p) => p.role === "owner");
    expect(owners).toHaveLength(1);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(FdmError);
    expect(["CONFLICT", "PERMISSION_DENIED", "NOT_FOUND"]).toContain(rejected.reason.code);
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
