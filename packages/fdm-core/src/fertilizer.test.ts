import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disableFertilizerCatalogue } from "./catalogue.js";
import {
  addFertilizer,
  getFertilizer,
  getFertilizerParametersDescription,
  getFertilizers,
  removeFertilizer,
  updateFertilizer,
} from "./fertilizer.js";
import { addFertilizerApplication, getFertilizerApplications } from "./fertilizer-application.js";
import { withAuditRows } from "./test-audit.js";
import {
  countRows,
  createTestDatabase,
  expectNoWrite,
  seedFarm,
  type TestDatabase,
} from "./test-setup.js";

let db: TestDatabase;
let farmId: string;
let fieldId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  ({ farmId, fieldId } = await seedFarm(db.fdm, "owner"));
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const custom = {
  name: "Digestaat van de buren",
  typeRvo: 116 as const,
  isManure: false,
  form: "slurry" as const,
  dryMatter: 80,
  n: 5.2,
  p2o5: 1.9,
  k2o: 6,
  applicationMethods: ["narrowband" as const, "shallow_injection" as const],
};

describe("addFertilizer and getFertilizer", () => {
  it("acquires a catalogue product with its Table 11 contents", async () => {
    const id = await addFertilizer(db.fdm, "owner", farmId, {
      catalogueItemId: "rvo_14",
      acquiringDate: new Date("2025-02-01"),
      amountKg: 30_000,
    });
    expect(await getFertilizer(db.fdm, "owner", id)).toMatchObject({
      id,
      farmId,
      catalogueItemId: "rvo_14",
      catalogue: "rvo",
      typeRvo: 14,
      isManure: true,
      form: "slurry",
      n: 4,
      p2o5: 1.5,
      acquiringDate: new Date("2025-02-01"),
      amountKg: 30_000,
    });
  });

  it("acquires a custom product that becomes an item of this farm", async () => {
    const id = await addFertilizer(db.fdm, "owner", farmId, {
      custom,
      acquiringDate: new Date("2025-03-01"),
    });
    const product = await getFertilizer(db.fdm, "owner", id);
    expect(product).toMatchObject({
      catalogue: "custom",
      nameNl: "Digestaat van de buren",
      typeRvo: 116,
      isMineral: false,
      isCompost: false,
      n: 5.2,
      so3: null,
      applicationMethods: ["narrowband", "shallow_injection"],
      amountKg: null,
    });
    // The same custom product can be acquired again by its item id.
    const again = await addFertilizer(db.fdm, "owner", farmId, {
      catalogueItemId: product.catalogueItemId,
      acquiringDate: new Date("2025-04-01"),
    });
    expect((await getFertilizer(db.fdm, "owner", again)).nameNl).toBe("Digestaat van de buren");
    // ...but not by another farm.
    const other = await seedFarm(db.fdm, "neighbour");
    await expect(
      addFertilizer(db.fdm, "neighbour", other.farmId, {
        catalogueItemId: product.catalogueItemId,
        acquiringDate: new Date("2025-04-01"),
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", field: "catalogueItemId" });
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ["neither item nor custom", { acquiringDate: new Date() }, "INVALID_INPUT", "catalogueItemId"],
    [
      "both item and custom",
      { catalogueItemId: "rvo_14", custom, acquiringDate: new Date() },
      "INVALID_INPUT",
      "catalogueItemId",
    ],
    [
      "an unknown item",
      { catalogueItemId: "rvo_9999", acquiringDate: new Date() },
      "NOT_FOUND",
      "catalogueItemId",
    ],
    ["a missing date", { catalogueItemId: "rvo_14" }, "INVALID_INPUT", "acquiringDate"],
    [
      "a negative amount",
      { catalogueItemId: "rvo_14", acquiringDate: new Date(), amountKg: -5 },
      "INVALID_INPUT",
      "amountKg",
    ],
    [
      "a custom product without name",
      { custom: { ...custom, name: "" }, acquiringDate: new Date() },
      "INVALID_INPUT",
      "name",
    ],
    [
      "an unknown mestcode",
      { custom: { ...custom, typeRvo: 999 }, acquiringDate: new Date() },
      "INVALID_INPUT",
      "typeRvo",
    ],
    [
      "a content above 1000 g/kg",
      { custom: { ...custom, n: 1200 }, acquiringDate: new Date() },
      "INVALID_INPUT",
      "n",
    ],
    [
      "no application method",
      { custom: { ...custom, applicationMethods: [] }, acquiringDate: new Date() },
      "INVALID_INPUT",
      "applicationMethods",
    ],
    [
      "an unknown application method",
      { custom: { ...custom, applicationMethods: ["throwing"] }, acquiringDate: new Date() },
      "INVALID_INPUT",
      "applicationMethods",
    ],
    [
      "an unknown form",
      { custom: { ...custom, form: "gas" }, acquiringDate: new Date() },
      "INVALID_INPUT",
      "form",
    ],
    [
      "a flag that is not boolean",
      { custom: { ...custom, isManure: "yes" }, acquiringDate: new Date() },
      "INVALID_INPUT",
      "isManure",
    ],
  ];
  it.each(cases)("rejects %s, writing nothing", async (_label, input, code, field) => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addFertilizer(db.fdm, "owner", farmId, input as never),
    );
    expect(error).toMatchObject({ code, field });
    expect(after).toEqual(before);
  });

  it("says what it got for a typeRvo that is no mestcode: the text of a code as a string", async () => {
    const refused = (typeRvo: unknown) =>
      addFertilizer(db.fdm, "owner", farmId, {
        custom: { ...custom, typeRvo: typeRvo as never },
        acquiringDate: new Date("2025-02-01"),
      }).then(
        () => "accepted",
        (e: Error) => e.message,
      );
    expect(await refused("14")).toBe(
      'typeRvo: "14" (a string; give the number 14); it must be an RVO mestcode of Table 11 as a number, e.g. 14.',
    );
    expect(await refused(999)).toBe(
      "typeRvo: 999 is not an RVO mestcode of Table 11 (one of fdm-data's MESTCODES, e.g. 14).",
    );
    expect(await refused(undefined)).toBe(
      "typeRvo: undefined; it must be an RVO mestcode of Table 11 as a number, e.g. 14.",
    );
  });

  it("rejects a product from a disabled catalogue", async () => {
    const other = await seedFarm(db.fdm, "nomineral");
    await disableFertilizerCatalogue(db.fdm, "nomineral", other.farmId, "baat");
    await expect(
      addFertilizer(db.fdm, "nomineral", other.farmId, {
        catalogueItemId: "baat_028",
        acquiringDate: new Date(),
      }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT", field: "catalogueItemId" });
  });
});

describe("getFertilizers, updateFertilizer and removeFertilizer", () => {
  it("lists a farm's fertilizers by acquiring date", async () => {
    const { farmId: f } = await seedFarm(db.fdm, "lister");
    const late = await addFertilizer(db.fdm, "lister", f, {
      catalogueItemId: "baat_028",
      acquiringDate: new Date("2025-03-01"),
    });
    const early = await addFertilizer(db.fdm, "lister", f, {
      catalogueItemId: "rvo_14",
      acquiringDate: new Date("2025-01-01"),
    });
    expect((await getFertilizers(db.fdm, "lister", f)).map((x) => x.id)).toEqual([early, late]);
  });

  it("updates the acquiring date and amount", async () => {
    const id = await addFertilizer(db.fdm, "owner", farmId, {
      catalogueItemId: "rvo_14",
      acquiringDate: new Date("2025-01-01"),
    });
    const updated = await updateFertilizer(db.fdm, "owner", id, {
      acquiringDate: new Date("2025-01-15"),
      amountKg: 12_000,
    });
    expect(updated).toMatchObject({ acquiringDate: new Date("2025-01-15"), amountKg: 12_000 });
    await expect(updateFertilizer(db.fdm, "owner", id, {})).rejects.toMatchObject({
      field: "update",
    });
    await expect(updateFertilizer(db.fdm, "owner", id, { amountKg: -1 })).rejects.toMatchObject({
      field: "amountKg",
    });
  });

  it("makes one access decision for an update: one audit row, done, and returns what a later read gives", async () => {
    const id = await addFertilizer(db.fdm, "owner", farmId, {
      catalogueItemId: "rvo_14",
      acquiringDate: new Date("2025-01-01"),
    });
    const { result, rows } = await withAuditRows(db.fdm, () =>
      updateFertilizer(db.fdm, "owner", id, { amountKg: 30_000 }),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        origin: "updateFertilizer",
        principalId: "owner",
        resourceId: id,
        allowed: true,
        outcome: "done",
        errorCode: null,
      }),
    ]);
    expect(result).toMatchObject({ amountKg: 30_000, acquiringDate: new Date("2025-01-01") });
    expect(result).toEqual(await getFertilizer(db.fdm, "owner", id));
  });

  it("removes a fertilizer with its applications", async () => {
    const before = await countRows(db.fdm);
    const id = await addFertilizer(db.fdm, "owner", farmId, {
      catalogueItemId: "rvo_14",
      acquiringDate: new Date("2025-01-01"),
    });
    await addFertilizerApplication(db.fdm, "owner", fieldId, {
      fertilizerId: id,
      amountKgPerHa: 25_000,
      method: "shallow_injection",
      applicationDate: new Date("2025-03-01"),
    });
    await removeFertilizer(db.fdm, "owner", id);
    expect(await countRows(db.fdm)).toEqual(before);
    expect(await getFertilizerApplications(db.fdm, "owner", fieldId)).toEqual([]);
  });

  it("denies a researcher changing a fertilizer", async () => {
    const { grantRoleToFarm } = await import("./farm-sharing.js");
    await grantRoleToFarm(db.fdm, "owner", "student", farmId, "researcher");
    const id = await addFertilizer(db.fdm, "owner", farmId, {
      catalogueItemId: "rvo_14",
      acquiringDate: new Date("2025-01-01"),
    });
    await expect(getFertilizer(db.fdm, "student", id)).resolves.toMatchObject({ id });
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      removeFertilizer(db.fdm, "student", id),
    );
    expect(error).toMatchObject({ code: "PERMISSION_DENIED", resource: "fertilizer" });
    expect(after).toEqual(before);
  });
});

describe("getFertilizerParametersDescription", () => {
  it("describes every parameter with its unit and range", () => {
    const d = getFertilizerParametersDescription();
    expect(d.map((x) => x.parameter)).toEqual([
      "name",
      "nameEn",
      "typeRvo",
      "isMineral",
      "isManure",
      "isCompost",
      "form",
      "dryMatter",
      "n",
      "nNh4",
      "nNo3",
      "p2o5",
      "k2o",
      "so3",
      "mgo",
      "cao",
      "applicationMethods",
    ]);
    expect(d.find((x) => x.parameter === "p2o5")).toMatchObject({
      unit: "g P2O5/kg",
      min: 0,
      max: 1000,
      type: "number",
    });
    // The 58 mestcodes of Table 11 (2025) and the 5 RENURE codes (130–134) of 2026.
    expect(d.find((x) => x.parameter === "typeRvo")?.options).toHaveLength(63);
  });
});
