import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDerogation,
  isDerogationGrantedForYear,
  listDerogations,
  removeDerogation,
} from "./derogation.js";
import { FdmError, FdmPermissionError } from "./error.js";
import { addFarm, removeFarm } from "./farm.js";
import { grantRoleToFarm } from "./farm-sharing.js";
import { countRows, createTestDatabase, expectNoWrite, type TestDatabase } from "./test-setup.js";

let db: TestDatabase;
let farmId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  farmId = await addFarm(db.fdm, "owner", { name: "Derogatiebedrijf" });
  await grantRoleToFarm(db.fdm, "owner", "researcher", farmId, "researcher");
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe("derogations", () => {
  it("grants, lists by year, answers per year and removes", async () => {
    const d2025 = await addDerogation(db.fdm, "owner", farmId, 2025);
    await addDerogation(db.fdm, "owner", farmId, 2023);
    const list = await listDerogations(db.fdm, "researcher", farmId);
    expect(list.map((d) => [d.year, d.farmId])).toEqual([
      [2023, farmId],
      [2025, farmId],
    ]);
    expect(await isDerogationGrantedForYear(db.fdm, "researcher", farmId, 2025)).toBe(true);
    expect(await isDerogationGrantedForYear(db.fdm, "researcher", farmId, 2024)).toBe(false);
    await removeDerogation(db.fdm, "owner", d2025);
    expect(await isDerogationGrantedForYear(db.fdm, "owner", farmId, 2025)).toBe(false);
    expect((await listDerogations(db.fdm, "owner", farmId)).map((d) => d.year)).toEqual([2023]);
  });

  it.each([
    [2005.5, "a fraction"],
    [2005, "before 2006"],
    [2101, "after 2100"],
    ["2025", "a string"],
    [Number.NaN, "NaN"],
  ] as [unknown, string][])("rejects the year %s (%s), writing nothing", async (year) => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addDerogation(db.fdm, "owner", farmId, year as number),
    );
    expect(error).toBeInstanceOf(FdmError);
    expect(error).toMatchObject({ code: "INVALID_INPUT", field: "year" });
    expect((error as Error).message).toBe("year: must be a whole year between 2006 and 2100.");
    expect(after).toEqual(before);
  });

  it("rejects a second derogation for the same year as a CONFLICT", async () => {
    await addDerogation(db.fdm, "owner", farmId, 2022);
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addDerogation(db.fdm, "owner", farmId, 2022),
    );
    expect(error).toMatchObject({ code: "CONFLICT", field: "year" });
    expect(after).toEqual(before);
  });

  it("denies a researcher writing and a stranger reading, writing nothing", async () => {
    const {
      error: write,
      before,
      after,
    } = await expectNoWrite(db.fdm, () => addDerogation(db.fdm, "researcher", farmId, 2021));
    expect(write).toBeInstanceOf(FdmPermissionError);
    expect(write).toMatchObject({ action: "write", resource: "farm" });
    expect(after).toEqual(before);
    await expect(
      isDerogationGrantedForYear(db.fdm, "stranger", farmId, 2022),
    ).rejects.toMatchObject({ code: "PERMISSION_DENIED", action: "read" });
    await expect(listDerogations(db.fdm, "stranger", farmId)).rejects.toMatchObject({
      action: "list",
    });
    const [d] = await listDerogations(db.fdm, "owner", farmId);
    await expect(removeDerogation(db.fdm, "researcher", d?.id as string)).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
      resource: "derogation",
    });
  });

  it("reports an unknown farm and an unknown derogation as NOT_FOUND", async () => {
    await expect(addDerogation(db.fdm, "owner", "ghost", 2025)).rejects.toMatchObject({
      code: "NOT_FOUND",
      field: "farmId",
    });
    await expect(removeDerogation(db.fdm, "owner", "ghost")).rejects.toMatchObject({
      code: "NOT_FOUND",
      field: "derogationId",
    });
  });

  it("goes with the farm when the farm is removed", async () => {
    const other = await addFarm(db.fdm, "owner", { name: "Tijdelijk" });
    await addDerogation(db.fdm, "owner", other, 2025);
    const before = await countRows(db.fdm);
    await removeFarm(db.fdm, "owner", other);
    const after = await countRows(db.fdm);
    expect(after.derogations).toBe(before.derogations - 1);
  });
});
