import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFdmAuth } from "./auth.js";
import { createOrganization } from "./organization.js";
import {
  getPrincipal,
  getPrincipalByEmail,
  getPrincipalByUsername,
  initialsOf,
} from "./principal.js";
import { auditLog } from "./schema.js";
import { addUser, createTestDatabase, type TestDatabase } from "./test-setup.js";

let db: TestDatabase;
let anna: string;
let bram: string;
let carla: string;
let orgId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  anna = await addUser(db.fdm, {
    name: "Anna de Boer",
    email: "anna@example.org",
    username: "anna",
    image: "https://example.org/anna.png",
  });
  bram = await addUser(db.fdm, { name: "Bram", email: "bram@example.org", username: "bram" });
  carla = await addUser(db.fdm, { name: "Carla van Dijk", email: "carla@example.org" });
  orgId = await createOrganization(db.fdm, anna, {
    name: "Loonbedrijf Veldwerk",
    slug: "veldwerk",
  });
  // Carla shares the organization with Anna; Bram shares nothing with anyone.
  const { organizationMembers } = await import("./schema.js");
  await db.fdm
    .insert(organizationMembers)
    .values({ organizationId: orgId, userId: carla, role: "member" });
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe("initialsOf", () => {
  it.each([
    ["Anna de Boer", "AB"],
    ["Bram", "B"],
    ["  carla   van dijk ", "CD"],
    ["Loonbedrijf Veldwerk", "LV"],
    ["Émile Zola", "ÉZ"],
  ])("%j gives %s", (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe("principal lookups", () => {
  it("finds a user by id with the details a user interface shows, email for the user itself", async () => {
    expect(await getPrincipal(db.fdm, anna, anna)).toEqual({
      id: anna,
      kind: "user",
      username: "anna",
      displayName: "Anna de Boer",
      initials: "AB",
      image: "https://example.org/anna.png",
      email: "anna@example.org",
    });
  });

  it("shows the email to a fellow organization member and hides it from anyone else", async () => {
    expect((await getPrincipal(db.fdm, carla, anna))?.email).toBe("anna@example.org");
    expect((await getPrincipal(db.fdm, anna, carla))?.email).toBe("carla@example.org");
    expect((await getPrincipal(db.fdm, bram, anna))?.email).toBeNull();
    expect((await getPrincipalByUsername(db.fdm, bram, "anna"))?.email).toBeNull();
  });

  it("finds a user by email case-insensitively for whom may see that email", async () => {
    const found = await getPrincipalByEmail(db.fdm, carla, "  ANNA@Example.org ");
    expect(found).toMatchObject({ id: anna, username: "anna", email: "anna@example.org" });
    expect((await getPrincipalByEmail(db.fdm, anna, "anna@example.org"))?.id).toBe(anna);
  });

  it("answers a stranger the same for an address with an account and one without", async () => {
    // Bram shares no organization with Anna: he must not learn that her address has an account.
    expect(await getPrincipalByEmail(db.fdm, bram, "anna@example.org")).toBeNull();
    expect(await getPrincipalByEmail(db.fdm, bram, "nobody@example.org")).toBeNull();
  });

  it("refuses every lookup to a principal that is not an existing user", async () => {
    for (const lookup of [
      () => getPrincipal(db.fdm, "not-a-user", anna),
      () => getPrincipalByUsername(db.fdm, "not-a-user", "anna"),
      () => getPrincipalByEmail(db.fdm, "not-a-user", "anna@example.org"),
      () => getPrincipal(db.fdm, orgId, anna),
    ]) {
      await expect(lookup()).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    }
  });

  it("finds an organization by id and by slug, without email or image", async () => {
    const expected = {
      id: orgId,
      kind: "organization",
      username: "veldwerk",
      displayName: "Loonbedrijf Veldwerk",
      initials: "LV",
      image: null,
      email: null,
    };
    expect(await getPrincipal(db.fdm, bram, orgId)).toEqual(expected);
    expect(await getPrincipalByUsername(db.fdm, bram, "Veldwerk")).toEqual(expected);
  });

  it("answers null for an unknown id or username, and rejects empty input", async () => {
    expect(await getPrincipal(db.fdm, anna, "ghost")).toBeNull();
    expect(await getPrincipalByUsername(db.fdm, anna, "ghost")).toBeNull();
    await expect(getPrincipal(db.fdm, anna, "")).rejects.toMatchObject({
      code: "INVALID_INPUT",
      field: "id",
    });
    await expect(getPrincipalByEmail(db.fdm, anna, "no-at-sign")).rejects.toMatchObject({
      field: "email",
    });
    await expect(getPrincipal(db.fdm, "", anna)).rejects.toMatchObject({ field: "principalId" });
  });

  it("records each lookup in the audit log", async () => {
    await getPrincipal(db.fdm, bram, carla);
    const rows = await db.fdm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.principalId, bram), eq(auditLog.resourceId, carla)));
    expect(rows[0]).toMatchObject({
      action: "read",
      resource: "principal",
      origin: "getPrincipal",
    });
  });
});

describe("usernames and slugs share one namespace", () => {
  it("rejects a sign-up whose username is an organization's slug", async () => {
    const auth = createFdmAuth(db.fdm, { secret: "principal-test-secret-0123456789abcdef" });
    await expect(
      auth.api.signUpEmail({
        body: {
          name: "Dirk",
          email: "dirk@example.org",
          password: "correct horse battery",
          username: "veldwerk",
        },
      }),
    ).rejects.toMatchObject({ body: { code: "INVALID_USERNAME" } });
    const { user } = await auth.api.signUpEmail({
      body: {
        name: "Dirk Jansen",
        email: "dirk@example.org",
        password: "correct horse battery",
        username: "Dirk",
      },
    });
    expect(await getPrincipalByUsername(db.fdm, user.id, "dirk")).toMatchObject({
      id: user.id,
      initials: "DJ",
      email: "dirk@example.org",
    });
  });
});
