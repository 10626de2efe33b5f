import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FdmError, FdmPermissionError } from "./error.js";
import { addFarm, getFarm, getFarms, removeFarm, updateFarm } from "./farm.js";
import { addField, getFields } from "./field.js";
import { createTestDatabase, expectNoWrite, squareHa, type TestDatabase } from "./test-setup.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe("addFarm and getFarm", () => {
  it("stores a farm and makes the principal its owner", async () => {
    const id = await addFarm(db.fdm, "farm-owner", {
      name: "  De Hoeve ",
      businessId: "12345678",
      address: "Dorpsstraat 1",
      postalCode: "6708 PB",
    });
    const farm = await getFarm(db.fdm, "farm-owner", id);
    expect(farm).toMatchObject({
      id,
      name: "De Hoeve",
      businessId: "12345678",
      address: "Dorpsstraat 1",
      postalCode: "6708 PB",
      roles: ["owner"],
      updatedAt: null,
    });
    expect(farm.createdAt).toBeInstanceOf(Date);
  });

  it("leaves optional details null", async () => {
    const id = await addFarm(db.fdm, "farm-owner", { name: "Kaal" });
    const farm = await getFarm(db.fdm, "farm-owner", id);
    expect([farm.businessId, farm.address, farm.postalCode]).toEqual([null, null, null]);
  });

  it.each([
    [{ name: "" }, "name"],
    [{ name: "   " }, "name"],
    [{ name: 5 }, "name"],
    [{ name: "x".repeat(501) }, "name"],
    [{ name: "ok", businessId: "1".repeat(51) }, "businessId"],
    [{ name: "ok", postalCode: "9".repeat(21) }, "postalCode"],
    [{ name: "ok", address: 12 }, "address"],
  ])("rejects %j naming the field %s, writing nothing", async (input, field) => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addFarm(db.fdm, "farm-owner", input as never),
    );
    expect(error).toBeInstanceOf(FdmError);
    expect(error).toMatchObject({ code: "INVALID_INPUT", field });
    expect((error as Error).message).toContain(field);
    expect(after).toEqual(before);
  });

  it("rejects an empty principal id and a farm that is not an object", async () => {
    await expect(addFarm(db.fdm, "", { name: "x" })).rejects.toMatchObject({
      field: "principalId",
    });
    await expect(addFarm(db.fdm, "owner", null as never)).rejects.toMatchObject({ field: "farm" });
  });

  it("reports an unknown farm as NOT_FOUND", async () => {
    await expect(getFarm(db.fdm, "farm-owner", "nope")).rejects.toMatchObject({
      code: "NOT_FOUND",
      field: "farmId",
    });
  });
});

describe("getFarms", () => {
  it("lists only the principal's farms, by name", async () => {
    await addFarm(db.fdm, "lister", { name: "Zuidhoeve" });
    await addFarm(db.fdm, "lister", { name: "Noordhoeve" });
    await addFarm(db.fdm, "someone-else", { name: "Middenhoeve" });
    const farms = await getFarms(db.fdm, "lister");
    expect(farms.map((f) => [f.name, f.roles])).toEqual([
      ["Noordhoeve", ["owner"]],
      ["Zuidhoeve", ["owner"]],
    ]);
    expect(await getFarms(db.fdm, "newcomer")).toEqual([]);
  });
});

describe("updateFarm", () => {
  it("changes only the given fields and sets updatedAt", async () => {
    const id = await addFarm(db.fdm, "farm-owner", { name: "Oud", address: "Weg 1" });
    const farm = await updateFarm(db.fdm, "farm-owner", id, { name: "Nieuw", postalCode: null });
    expect(farm).toMatchObject({ name: "Nieuw", address: "Weg 1", postalCode: null });
    expect(farm.updatedAt).toBeInstanceOf(Date);
  });

  it("rejects an empty update, an unknown key and a bad value, writing nothing", async () => {
    const id = await addFarm(db.fdm, "farm-owner", { name: "Vast" });
    for (const [patch, field] of [
      [{}, "update"],
      [{ colour: "red" }, "update"],
      [{ name: "ok", colour: "red" }, "colour"],
      [{ name: "" }, "name"],
    ] as const) {
      const { error, before, after } = await expectNoWrite(db.fdm, () =>
        updateFarm(db.fdm, "farm-owner", id, patch as never),
      );
      expect(error).toMatchObject({ code: "INVALID_INPUT", field });
      expect(after).toEqual(before);
    }
    expect((await getFarm(db.fdm, "farm-owner", id)).name).toBe("Vast");
  });

  it("keeps both changes when two clients update different fields of the same farm at once", async () => {
    const id = await addFarm(db.fdm, "farm-owner", { name: "Gedeeld" });
    const other = await db.openSecond();
    await Promise.all([
      updateFarm(db.fdm, "farm-owner", id, { address: "Kerkweg 3" }),
      updateFarm(other, "farm-owner", id, { postalCode: "1234 AB" }),
    ]);
    const farm = await getFarm(db.fdm, "farm-owner", id);
    expect([farm.address, farm.postalCode]).toEqual(["Kerkweg 3", "1234 AB"]);
  });

  it("keeps every field when two clients add fields to the same farm at once", async () => {
    const id = await addFarm(db.fdm, "farm-owner", { name: "Druk" });
    const other = await db.openSecond();
    const input = (name: string) => ({
      name,
      geometry: squareHa,
      acquiringDate: new Date("2024-01-01"),
      acquiringMethod: "owner" as const,
    });
    await Promise.all([
      ...[1, 2, 3].map((i) => addField(db.fdm, "farm-owner", id, input(`A${i}`))),
      ...[1, 2, 3].map((i) => addField(other, "farm-owner", id, input(`B${i}`))),
    ]);
    const names = (await getFields(db.fdm, "farm-owner", id)).map((f) => f.name);
    expect(names).toEqual(["A1", "A2", "A3", "B1", "B2", "B3"]);
  });
});

describe("removeFarm", () => {
  it("removes the farm so that it is no longer listed", async () => {
    const id = await addFarm(db.fdm, "remover", { name: "Weg" });
    await removeFarm(db.fdm, "remover", id);
    expect(await getFarms(db.fdm, "remover")).toEqual([]);
    await expect(getFarm(db.fdm, "remover", id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("denies a principal without a role, writing nothing", async () => {
    const id = await addFarm(db.fdm, "remover", { name: "Blijft" });
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      removeFarm(db.fdm, "stranger", id),
    );
    expect(error).toBeInstanceOf(FdmPermissionError);
    expect((error as Error).message).toBe(
      `Permission denied: principal 'stranger' may not delete farm '${id}'.`,
    );
    expect(after).toEqual(before);
  });
});
