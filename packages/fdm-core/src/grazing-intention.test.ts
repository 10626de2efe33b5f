import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FdmPermissionError } from "./error.js";
import { addFarm, removeFarm } from "./farm.js";
import { grantRoleToFarm } from "./farm-sharing.js";
import {
  getGrazingIntention,
  listGrazingIntentions,
  setGrazingIntention,
} from "./grazing-intention.js";
import { countRows, createTestDatabase, expectNoWrite, type TestDatabase } from "./test-setup.js";

let db: TestDatabase;
let farmId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  farmId = await addFarm(db.fdm, "owner", { name: "Weidebedrijf" });
  await grantRoleToFarm(db.fdm, "owner", "advisor", farmId, "advisor");
  await grantRoleToFarm(db.fdm, "owner", "researcher", farmId, "researcher");
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe("grazing intentions", () => {
  it("sets, replaces, reads and lists per year", async () => {
    expect(await getGrazingIntention(db.fdm, "owner", farmId, 2025)).toBeNull();
    await setGrazingIntention(db.fdm, "owner", farmId, 2025, true);
    await setGrazingIntention(db.fdm, "advisor", farmId, 2024, true);
    await setGrazingIntention(db.fdm, "owner", farmId, 2025, false);
    expect(await getGrazingIntention(db.fdm, "researcher", farmId, 2025)).toBe(false);
    expect(await getGrazingIntention(db.fdm, "researcher", farmId, 2024)).toBe(true);
    expect(await listGrazingIntentions(db.fdm, "researcher", farmId)).toEqual([
      { year: 2024, hasGrazingIntention: true },
      { year: 2025, hasGrazingIntention: false },
    ]);
  });

  it.each([
    [{ year: 2025.5, intends: true }, "year"],
    [{ year: 1899, intends: true }, "year"],
    [{ year: 2025, intends: "yes" }, "hasGrazingIntention"],
    [{ year: 2025, intends: null }, "hasGrazingIntention"],
  ])("rejects %j naming %s, writing nothing", async ({ year, intends }, field) => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      setGrazingIntention(db.fdm, "owner", farmId, year, intends as boolean),
    );
    expect(error).toMatchObject({ code: "INVALID_INPUT", field });
    expect((error as Error).message).toContain(field);
    expect(after).toEqual(before);
  });

  it("denies a researcher setting and a stranger reading or listing", async () => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      setGrazingIntention(db.fdm, "researcher", farmId, 2023, true),
    );
    expect(error).toBeInstanceOf(FdmPermissionError);
    expect(after).toEqual(before);
    await expect(getGrazingIntention(db.fdm, "stranger", farmId, 2025)).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
      action: "read",
    });
    await expect(listGrazingIntentions(db.fdm, "stranger", farmId)).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
      action: "list",
    });
  });

  it("goes with the farm when the farm is removed", async () => {
    const other = await addFarm(db.fdm, "owner", { name: "Weg" });
    await setGrazingIntention(db.fdm, "owner", other, 2025, true);
    const before = await countRows(db.fdm);
    await removeFarm(db.fdm, "owner", other);
    expect((await countRows(db.fdm)).grazingIntentions).toBe(before.grazingIntentions - 1);
  });
});
