// Odd text and dates are refused as INVALID_INPUT naming the field, before anything is written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCultivation } from "./cultivation.js";
import { addFarm, updateFarm } from "./farm.js";
import { addFertilizer } from "./fertilizer.js";
import { addFertilizerApplication, updateFertilizerApplication } from "./fertilizer-application.js";
import { createTestDatabase, expectNoWrite, seedFarm, type TestDatabase } from "./test-setup.js";

let db: TestDatabase;
let farmId: string;
let fieldId: string;
let fertilizerId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  ({ farmId, fieldId } = await seedFarm(db.fdm, "owner"));
  fertilizerId = await addFertilizer(db.fdm, "owner", farmId, {
    catalogueItemId: "rvo_14",
    acquiringDate: new Date("2025-03-01"),
  });
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe("text", () => {
  it.each([
    ["a NUL character", "De\u0000Hoeve", "must not contain control characters"],
    ["an escape character", "De\u001bHoeve", "must not contain control characters"],
    ["only a zero-width space", "\u200b", "must contain a visible character"],
    ["only invisible characters", " \u200d\ufeff\u2060 ", "must contain a visible character"],
  ])("refuses a farm name with %s, naming the field and the rule", async (_what, name, rule) => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addFarm(db.fdm, "owner", { name }),
    );
    expect(error).toMatchObject({ code: "INVALID_INPUT", field: "name" });
    expect((error as Error).message).toContain(rule);
    expect(after).toEqual(before);
  });

  it("refuses a control character in an optional field of an update", async () => {
    const { error } = await expectNoWrite(db.fdm, () =>
      updateFarm(db.fdm, "owner", farmId, { address: "Dorpsstraat\u00001" }),
    );
    expect(error).toMatchObject({ code: "INVALID_INPUT", field: "address" });
  });

  it("keeps ordinary names, including accents and inner spaces", async () => {
    const id = await addFarm(db.fdm, "owner", { name: "  Boerderij ’t Höfke  " });
    expect(id).toBeTruthy();
  });
});

describe("dates", () => {
  it.each([
    ["the largest Date", new Date(8.64e15)],
    ["year 1899", new Date("1899-12-31T00:00:00Z")],
    ["year 2201", new Date("2201-01-01T00:00:00Z")],
  ])("refuses a start date of %s, naming the field and the range", async (_what, startDate) => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addCultivation(db.fdm, "owner", fieldId, { catalogueItemId: "nl_265", startDate }),
    );
    expect(error).toMatchObject({ code: "INVALID_INPUT", field: "startDate" });
    expect((error as Error).message).toContain("between 1900 and 2200");
    expect(after).toEqual(before);
  });

  it("refuses a fertilizer application dated before the fertilizer was acquired", async () => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addFertilizerApplication(db.fdm, "owner", fieldId, {
        fertilizerId,
        amountKgPerHa: 20_000,
        method: "shallow_injection",
        applicationDate: new Date("2025-02-15"),
      }),
    );
    expect(error).toMatchObject({ code: "INVALID_INPUT", field: "applicationDate" });
    expect((error as Error).message).toContain("acquiring date");
    expect(after).toEqual(before);
  });

  it("refuses moving an application to before the fertilizer was acquired", async () => {
    const id = await addFertilizerApplication(db.fdm, "owner", fieldId, {
      fertilizerId,
      amountKgPerHa: 20_000,
      method: "shallow_injection",
      applicationDate: new Date("2025-03-15"),
    });
    const { error } = await expectNoWrite(db.fdm, () =>
      updateFertilizerApplication(db.fdm, "owner", id, { applicationDate: new Date("2025-02-01") }),
    );
    expect(error).toMatchObject({ code: "INVALID_INPUT", field: "applicationDate" });
  });
});
