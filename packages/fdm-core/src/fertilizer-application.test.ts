import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addFertilizer } from "./fertilizer.js";
import {
  addFertilizerApplication,
  getFertilizerApplication,
  getFertilizerApplications,
  getFertilizerApplicationsForFarm,
  removeFertilizerApplication,
  updateFertilizerApplication,
} from "./fertilizer-application.js";
import { addField } from "./field.js";
import { withAuditRows } from "./test-audit.js";
import {
  countRows,
  createTestDatabase,
  expectNoWrite,
  seedFarm,
  squareHa,
  type TestDatabase,
} from "./test-setup.js";

let db: TestDatabase;
let farmId: string;
let fieldId: string;
let slurryId: string;
let canId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  ({ farmId, fieldId } = await seedFarm(db.fdm, "owner"));
  slurryId = await addFertilizer(db.fdm, "owner", farmId, {
    catalogueItemId: "rvo_14",
    acquiringDate: new Date("2025-01-01"),
  });
  canId = await addFertilizer(db.fdm, "owner", farmId, {
    catalogueItemId: "baat_028",
    acquiringDate: new Date("2025-01-01"),
  });
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const slurry = (date: string, amount = 25_000) => ({
  fertilizerId: slurryId,
  amountKgPerHa: amount,
  method: "shallow_injection" as const,
  applicationDate: new Date(date),
});

describe("addFertilizerApplication and getFertilizerApplication", () => {
  it("records an application with the product's name", async () => {
    const id = await addFertilizerApplication(db.fdm, "owner", fieldId, slurry("2025-03-15"));
    expect(await getFertilizerApplication(db.fdm, "owner", id)).toEqual({
      id,
      fieldId,
      fertilizerId: slurryId,
      catalogueItemId: "rvo_14",
      nameNl: "Rundvee - Drijfmest behalve van vleeskalveren",
      amountKgPerHa: 25_000,
      method: "shallow_injection",
      applicationDate: new Date("2025-03-15"),
    });
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ["a zero amount", { amountKgPerHa: 0 }, "INVALID_INPUT", "amountKgPerHa"],
    ["an amount above 200 t/ha", { amountKgPerHa: 200_001 }, "INVALID_INPUT", "amountKgPerHa"],
    ["an unknown method", { method: "dumping" }, "INVALID_INPUT", "method"],
    // Slurry must be spread with low emission: broadcasting is not among its methods.
    ["broadcasting slurry", { method: "broadcasting" }, "INVALID_INPUT", "method"],
    [
      "a date before the field was acquired",
      { applicationDate: new Date("2019-12-31") },
      "INVALID_INPUT",
      "applicationDate",
    ],
    ["an unknown fertilizer", { fertilizerId: "nope" }, "NOT_FOUND", "fertilizerId"],
  ];
  it.each(cases)("rejects %s, writing nothing", async (_label, patch, code, field) => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addFertilizerApplication(db.fdm, "owner", fieldId, {
        ...slurry("2025-03-15"),
        ...patch,
      } as never),
    );
    expect(error).toMatchObject({ code, field });
    expect(after).toEqual(before);
  });

  it("rejects a fertilizer of another farm", async () => {
    const other = await seedFarm(db.fdm, "owner");
    await expect(
      addFertilizerApplication(db.fdm, "owner", other.fieldId, slurry("2025-03-15")),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      field: "fertilizerId",
    });
  });

  it("rejects a date after the field was discarded", async () => {
    const gone = await addField(db.fdm, "owner", farmId, {
      name: "Weg",
      geometry: squareHa,
      acquiringDate: new Date("2020-01-01"),
      acquiringMethod: "lease",
      discardingDate: new Date("2024-12-31"),
    });
    await expect(
      addFertilizerApplication(db.fdm, "owner", gone, slurry("2025-03-15")),
    ).rejects.toMatchObject({
      field: "applicationDate",
    });
  });
});

describe("listing, updating and removing applications", () => {
  it("lists by date within the timeframe, both ends included", async () => {
    const { farmId: f, fieldId: fld } = await seedFarm(db.fdm, "lister");
    const fert = await addFertilizer(db.fdm, "lister", f, {
      catalogueItemId: "baat_028",
      acquiringDate: new Date("2025-01-01"),
    });
    const add = (d: string) =>
      addFertilizerApplication(db.fdm, "lister", fld, {
        fertilizerId: fert,
        amountKgPerHa: 300,
        method: "broadcasting",
        applicationDate: new Date(d),
      });
    const may = await add("2025-05-01");
    const feb = await add("2025-02-15");
    const mar = await add("2025-03-31");
    const ids = async (tf?: { start: Date | null; end: Date | null }) =>
      (await getFertilizerApplications(db.fdm, "lister", fld, tf)).map((a) => a.id);
    expect(await ids()).toEqual([feb, mar, may]);
    expect(await ids({ start: new Date("2025-03-31"), end: new Date("2025-05-01") })).toEqual([
      mar,
      may,
    ]);
    expect(await ids({ start: null, end: new Date("2025-03-30") })).toEqual([feb]);
  });

  it("updates the amount, method, date and fertilizer, checking the result", async () => {
    const id = await addFertilizerApplication(db.fdm, "owner", fieldId, slurry("2025-03-15"));
    const updated = await updateFertilizerApplication(db.fdm, "owner", id, {
      amountKgPerHa: 20_000,
      method: "shallow_injection",
    });
    expect(updated).toMatchObject({ amountKgPerHa: 20_000, method: "shallow_injection" });
    // Switching to a mineral fertilizer needs a method that product allows.
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      updateFertilizerApplication(db.fdm, "owner", id, { fertilizerId: canId }),
    );
    expect(error).toMatchObject({ code: "INVALID_INPUT", field: "method" });
    expect(after).toEqual(before);
    const switched = await updateFertilizerApplication(db.fdm, "owner", id, {
      fertilizerId: canId,
      method: "broadcasting",
      amountKgPerHa: 250,
      applicationDate: new Date("2025-04-01"),
    });
    expect(switched).toMatchObject({
      catalogueItemId: "baat_028",
      method: "broadcasting",
      amountKgPerHa: 250,
    });
    await expect(updateFertilizerApplication(db.fdm, "owner", id, {})).rejects.toMatchObject({
      field: "update",
    });
  });

  it("makes one access decision for an update: one audit row, done, and returns what a later read gives", async () => {
    const id = await addFertilizerApplication(db.fdm, "owner", fieldId, slurry("2025-03-16"));
    const { result, rows } = await withAuditRows(db.fdm, () =>
      updateFertilizerApplication(db.fdm, "owner", id, { amountKgPerHa: 18_000 }),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        origin: "updateFertilizerApplication",
        principalId: "owner",
        resourceId: id,
        allowed: true,
        outcome: "done",
        errorCode: null,
      }),
    ]);
    expect(result).toMatchObject({ amountKgPerHa: 18_000, nameNl: expect.any(String) });
    expect(result).toEqual(await getFertilizerApplication(db.fdm, "owner", id));
  });

  it("removes an application", async () => {
    const before = await countRows(db.fdm);
    const id = await addFertilizerApplication(db.fdm, "owner", fieldId, slurry("2025-03-20"));
    await removeFertilizerApplication(db.fdm, "owner", id);
    expect(await countRows(db.fdm)).toEqual(before);
    await expect(getFertilizerApplication(db.fdm, "owner", id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("denies a stranger every action on an application", async () => {
    const id = await addFertilizerApplication(db.fdm, "owner", fieldId, slurry("2025-03-21"));
    for (const attempt of [
      () => getFertilizerApplication(db.fdm, "stranger", id),
      () => getFertilizerApplications(db.fdm, "stranger", fieldId),
      () => updateFertilizerApplication(db.fdm, "stranger", id, { amountKgPerHa: 1 }),
      () => removeFertilizerApplication(db.fdm, "stranger", id),
      () => addFertilizerApplication(db.fdm, "stranger", fieldId, slurry("2025-03-22")),
    ]) {
      const { error, before, after } = await expectNoWrite(db.fdm, attempt);
      expect(error).toMatchObject({ code: "PERMISSION_DENIED" });
      expect(after).toEqual(before);
    }
  });
});

describe("getFertilizerApplicationsForFarm", () => {
  it("lists the applications of every field of the farm by date, within the timeframe, and nothing of another farm", async () => {
    const own = await seedFarm(db.fdm, "spreader");
    const can = await addFertilizer(db.fdm, "spreader", own.farmId, {
      catalogueItemId: "baat_028",
      acquiringDate: new Date("2024-01-01"),
    });
    const second = await addField(db.fdm, "spreader", own.farmId, {
      name: "Perceel 2",
      geometry: squareHa,
      acquiringDate: new Date("2020-01-01"),
      acquiringMethod: "lease",
    });
    const apply = (field: string, date: string, amount: number) =>
      addFertilizerApplication(db.fdm, "spreader", field, {
        fertilizerId: can,
        amountKgPerHa: amount,
        method: "broadcasting",
        applicationDate: new Date(date),
      });
    const a = await apply(own.fieldId, "2025-04-01", 300);
    const b = await apply(second, "2025-03-01", 200);
    const c = await apply(second, "2024-06-01", 100);
    // the farm of the other tests in this file also has an application in 2025
    await addFertilizerApplication(db.fdm, "owner", fieldId, slurry("2025-03-10"));

    const all = await getFertilizerApplicationsForFarm(db.fdm, "spreader", own.farmId);
    expect(all.map((x) => [x.id, x.fieldId, x.amountKgPerHa])).toEqual([
      [c, second, 100],
      [b, second, 200],
      [a, own.fieldId, 300],
    ]);
    const in2025 = await getFertilizerApplicationsForFarm(db.fdm, "spreader", own.farmId, {
      start: new Date("2025-01-01"),
      end: new Date("2025-12-31"),
    });
    expect(in2025.map((x) => x.id)).toEqual([b, a]);
    expect(in2025[0]).toMatchObject({
      fieldId: second,
      fertilizerId: can,
      catalogueItemId: "baat_028",
      method: "broadcasting",
      applicationDate: new Date("2025-03-01"),
    });
    const march = await getFertilizerApplicationsForFarm(db.fdm, "spreader", own.farmId, {
      start: new Date("2025-03-01"),
      end: new Date("2025-03-31"),
    });
    expect(march.map((x) => x.id)).toEqual([b]);
  });

  it("refuses a principal without a role on the farm, and names an unknown farm", async () => {
    await expect(
      getFertilizerApplicationsForFarm(db.fdm, "stranger", farmId),
    ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    await expect(
      getFertilizerApplicationsForFarm(db.fdm, "owner", "no-farm"),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      field: "farmId",
    });
    await expect(
      getFertilizerApplicationsForFarm(db.fdm, "owner", farmId, {
        start: new Date("2025-12-31"),
        end: new Date("2025-01-01"),
      }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });
});
