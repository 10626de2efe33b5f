import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disableCultivationCatalogue } from "./catalogue.js";
import {
  addCultivation,
  endCultivation,
  getCultivation,
  getCultivations,
  getCultivationsForFarm,
  removeCultivation,
  updateCultivation,
} from "./cultivation.js";
import { addFarm } from "./farm.js";
import { addField } from "./field.js";
import { addHarvest, getHarvests } from "./harvest.js";
import { cultivationResidues } from "./schema.js";
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
beforeAll(async () => {
  db = await createTestDatabase();
  ({ farmId, fieldId } = await seedFarm(db.fdm, "grower"));
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe("addCultivation and getCultivation", () => {
  it("starts a cultivation with the properties of its catalogue crop", async () => {
    const id = await addCultivation(db.fdm, "grower", fieldId, {
      catalogueItemId: "nl_265",
      startDate: new Date("2023-01-01"),
    });
    expect(await getCultivation(db.fdm, "grower", id)).toMatchObject({
      id,
      fieldId,
      farmId,
      catalogueItemId: "nl_265",
      catalogue: "brp",
      nameNl: "Grasland, blijvend",
      harvestable: "multiple",
      rotation: "grassland",
      startDate: new Date("2023-01-01"),
      endDate: null,
    });
  });

  it("stores an end date given up front", async () => {
    const id = await addCultivation(db.fdm, "grower", fieldId, {
      catalogueItemId: "nl_233",
      startDate: new Date("2022-10-20"),
      endDate: new Date("2023-08-01"),
    });
    expect((await getCultivation(db.fdm, "grower", id)).endDate).toEqual(new Date("2023-08-01"));
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ["an end before the start", { endDate: new Date("2022-12-31") }, "INVALID_INPUT", "endDate"],
    [
      "a start before the field was acquired",
      { startDate: new Date("2019-12-31") },
      "INVALID_INPUT",
      "startDate",
    ],
    ["an unknown crop", { catalogueItemId: "nl_999999" }, "NOT_FOUND", "catalogueItemId"],
    ["an empty crop id", { catalogueItemId: "" }, "INVALID_INPUT", "catalogueItemId"],
    ["a start that is not a date", { startDate: "2023-01-01" }, "INVALID_INPUT", "startDate"],
  ];
  it.each(cases)("rejects %s, writing nothing", async (_label, patch, code, field) => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addCultivation(db.fdm, "grower", fieldId, {
        catalogueItemId: "nl_265",
        startDate: new Date("2023-01-01"),
        ...patch,
      } as never),
    );
    expect(error).toMatchObject({ code, field });
    expect(after).toEqual(before);
  });

  it("rejects a start after the field was discarded", async () => {
    const gone = await addField(db.fdm, "grower", farmId, {
      name: "Verkocht",
      geometry: squareHa,
      acquiringDate: new Date("2020-01-01"),
      acquiringMethod: "owner",
      discardingDate: new Date("2021-01-01"),
    });
    await expect(
      addCultivation(db.fdm, "grower", gone, {
        catalogueItemId: "nl_265",
        startDate: new Date("2021-06-01"),
      }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT", field: "startDate" });
  });

  it("rejects a crop from a catalogue the farm has not enabled", async () => {
    const { farmId: other, fieldId: otherField } = await seedFarm(db.fdm, "picky");
    await disableCultivationCatalogue(db.fdm, "picky", other, "brp");
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addCultivation(db.fdm, "picky", otherField, {
        catalogueItemId: "nl_265",
        startDate: new Date("2023-01-01"),
      }),
    );
    expect(error).toMatchObject({ code: "INVALID_INPUT", field: "catalogueItemId" });
    expect((error as Error).message).toContain("not enabled");
    expect(after).toEqual(before);
  });
});

describe("listing cultivations", () => {
  it("lists by start date and filters by overlap with the timeframe", async () => {
    const { farmId: f, fieldId: fld } = await seedFarm(db.fdm, "lister");
    const add = (item: string, start: string, end?: string) =>
      addCultivation(db.fdm, "lister", fld, {
        catalogueItemId: item,
        startDate: new Date(start),
        endDate: end ? new Date(end) : null,
      });
    const wheat = await add("nl_233", "2023-10-15", "2024-08-01");
    const maize = await add("nl_259", "2024-05-01", "2024-10-01");
    const grass = await add("nl_265", "2025-01-01");
    const ids = async (tf?: { start: Date | null; end: Date | null }) =>
      (await getCultivations(db.fdm, "lister", fld, tf)).map((c) => c.id);
    expect(await ids()).toEqual([wheat, maize, grass]);
    expect(await ids({ start: new Date("2024-09-01"), end: new Date("2024-12-31") })).toEqual([
      maize,
    ]);
    expect(await ids({ start: new Date("2024-10-02"), end: null })).toEqual([grass]);
    expect(await ids({ start: null, end: new Date("2024-01-01") })).toEqual([wheat]);
    const farmList = await getCultivationsForFarm(db.fdm, "lister", f);
    expect(farmList.map((c) => c.nameNl)).toEqual([
      "Tarwe, winter-",
      "Mais, snij-",
      "Grasland, blijvend",
    ]);
  });
});

describe("updateCultivation and endCultivation", () => {
  it("changes the crop, start and end, and reopens with endDate null", async () => {
    const id = await addCultivation(db.fdm, "grower", fieldId, {
      catalogueItemId: "nl_265",
      startDate: new Date("2023-01-01"),
    });
    const changed = await updateCultivation(db.fdm, "grower", id, {
      catalogueItemId: "nl_259",
      startDate: new Date("2023-05-01"),
    });
    expect(changed).toMatchObject({
      catalogueItemId: "nl_259",
      harvestable: "once",
      startDate: new Date("2023-05-01"),
    });
    expect((await endCultivation(db.fdm, "grower", id, new Date("2023-10-01"))).endDate).toEqual(
      new Date("2023-10-01"),
    );
    expect((await updateCultivation(db.fdm, "grower", id, { endDate: null })).endDate).toBeNull();
  });

  it("keeps harvests within the cultivation and within what the crop allows", async () => {
    const id = await addCultivation(db.fdm, "grower", fieldId, {
      catalogueItemId: "nl_265",
      startDate: new Date("2023-01-01"),
    });
    await addHarvest(db.fdm, "grower", id, { harvestDate: new Date("2023-05-15") });
    await addHarvest(db.fdm, "grower", id, { harvestDate: new Date("2023-07-01") });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ endDate: new Date("2023-06-01") }, "INVALID_INPUT", "endDate"],
      [{ startDate: new Date("2023-06-01") }, "INVALID_INPUT", "startDate"],
      [{ catalogueItemId: "nl_233" }, "CONFLICT", "catalogueItemId"],
      [{ catalogueItemId: "nl_335" }, "CONFLICT", "catalogueItemId"],
      [{ startDate: new Date("2019-01-01") }, "INVALID_INPUT", "startDate"],
      [{}, "INVALID_INPUT", "update"],
    ];
    for (const [patch, code, field] of cases) {
      const { error, before, after } = await expectNoWrite(db.fdm, () =>
        updateCultivation(db.fdm, "grower", id, patch as never),
      );
      expect(error).toMatchObject({ code, field });
      expect(after).toEqual(before);
    }
    expect((await getCultivation(db.fdm, "grower", id)).catalogueItemId).toBe("nl_265");
  });
});

describe("one access decision per update", () => {
  it.each([
    [
      "updateCultivation",
      (id: string) =>
        updateCultivation(db.fdm, "grower", id, { startDate: new Date("2023-02-01") }),
    ],
    [
      "endCultivation",
      (id: string) => endCultivation(db.fdm, "grower", id, new Date("2023-09-01")),
    ],
  ] as const)(
    "%s writes one audit row, done, and returns what a later read gives",
    async (name, call) => {
      const id = await addCultivation(db.fdm, "grower", fieldId, {
        catalogueItemId: "nl_265",
        startDate: new Date("2023-01-01"),
      });
      const { result, rows } = await withAuditRows(db.fdm, () => call(id));
      expect(rows).toEqual([
        expect.objectContaining({
          origin: name,
          principalId: "grower",
          resourceId: id,
          allowed: true,
          outcome: "done",
          errorCode: null,
        }),
      ]);
      expect(result).toEqual(await getCultivation(db.fdm, "grower", id));
    },
  );
});

describe("crop residues", () => {
  const grass = () =>
    addCultivation(db.fdm, "grower", fieldId, {
      catalogueItemId: "nl_265",
      startDate: new Date("2023-01-01"),
    });
  /** What is stored for the cultivation, read from the table itself. */
  const stored = async (id: string) =>
    (
      await db.fdm
        .select({ residuesLeft: cultivationResidues.residuesLeft })
        .from(cultivationResidues)
        .where(eq(cultivationResidues.cultivationId, id))
    ).map((r) => r.residuesLeft);

  it("are not recorded (null) until said", async () => {
    const id = await grass();
    expect((await getCultivation(db.fdm, "grower", id)).residuesLeft).toBeNull();
    expect(await stored(id)).toEqual([]);
  });

  it("are recorded when the cultivation ends, and kept when it is ended again without saying", async () => {
    const id = await grass();
    const ended = await endCultivation(db.fdm, "grower", id, new Date("2023-08-01"), {
      residuesLeft: false,
    });
    expect(ended).toMatchObject({ endDate: new Date("2023-08-01"), residuesLeft: false });
    expect(
      (await getCultivations(db.fdm, "grower", fieldId)).find((c) => c.id === id),
    ).toMatchObject({ residuesLeft: false });
    const again = await endCultivation(db.fdm, "grower", id, new Date("2023-08-15"));
    expect(again).toMatchObject({ endDate: new Date("2023-08-15"), residuesLeft: false });
    expect(await stored(id)).toEqual([false]);
  });

  it("are recorded, changed and cleared at any time", async () => {
    const id = await grass();
    expect(
      (await updateCultivation(db.fdm, "grower", id, { residuesLeft: true })).residuesLeft,
    ).toBe(true);
    await endCultivation(db.fdm, "grower", id, new Date("2023-08-01"));
    const changed = await updateCultivation(db.fdm, "grower", id, { residuesLeft: false });
    expect(changed).toMatchObject({ residuesLeft: false, endDate: new Date("2023-08-01") });
    expect(
      (await getCultivationsForFarm(db.fdm, "grower", farmId)).find((c) => c.id === id)
        ?.residuesLeft,
    ).toBe(false);
    const cleared = await updateCultivation(db.fdm, "grower", id, { residuesLeft: null });
    expect(cleared.residuesLeft).toBeNull();
    expect(await stored(id)).toEqual([]);
    // the other fields stay
    expect(cleared).toMatchObject({ catalogueItemId: "nl_265", endDate: new Date("2023-08-01") });
  });

  it("go with the cultivation when it is removed", async () => {
    const id = await grass();
    await updateCultivation(db.fdm, "grower", id, { residuesLeft: true });
    await removeCultivation(db.fdm, "grower", id);
    expect(await stored(id)).toEqual([]);
  });

  it("cannot be set by a principal without write rights", async () => {
    const id = await grass();
    await updateCultivation(db.fdm, "grower", id, { residuesLeft: true });
    for (const attempt of [
      () => updateCultivation(db.fdm, "stranger", id, { residuesLeft: false }),
      () => updateCultivation(db.fdm, "stranger", id, { residuesLeft: null }),
      () => endCultivation(db.fdm, "stranger", id, new Date("2023-08-01"), { residuesLeft: false }),
    ]) {
      const { error, before, after } = await expectNoWrite(db.fdm, attempt);
      expect(error).toMatchObject({ code: "PERMISSION_DENIED", resource: "cultivation" });
      expect(after).toEqual(before);
      expect(await stored(id)).toEqual([true]);
    }
  });

  it.each<[string, (id: string) => Promise<unknown>, string]>([
    [
      "a string",
      (id) => updateCultivation(db.fdm, "grower", id, { residuesLeft: "false" } as never),
      "residuesLeft",
    ],
    [
      "a number",
      (id) => updateCultivation(db.fdm, "grower", id, { residuesLeft: 0 } as never),
      "residuesLeft",
    ],
    [
      "a string when ending",
      (id) =>
        endCultivation(db.fdm, "grower", id, new Date("2023-08-01"), {
          residuesLeft: "yes",
        } as never),
      "residuesLeft",
    ],
    [
      "a misspelt option when ending",
      (id) =>
        endCultivation(db.fdm, "grower", id, new Date("2023-08-01"), {
          residueLeft: false,
        } as never),
      "residueLeft",
    ],
    [
      "options that are no object",
      (id) => endCultivation(db.fdm, "grower", id, new Date("2023-08-01"), true as never),
      "options",
    ],
  ])("refuses %s with INVALID_INPUT naming it, writing nothing", async (_label, call, field) => {
    const id = await grass();
    await updateCultivation(db.fdm, "grower", id, { residuesLeft: true });
    const { error, before, after } = await expectNoWrite(db.fdm, () => call(id));
    expect(error).toMatchObject({ code: "INVALID_INPUT", field });
    expect((error as Error).message).toMatch(new RegExp(`^${field}: `));
    expect(after).toEqual(before);
    expect(await getCultivation(db.fdm, "grower", id)).toMatchObject({
      residuesLeft: true,
      endDate: null,
    });
  });
});

describe("removeCultivation", () => {
  it("removes the cultivation with its harvests", async () => {
    const before = await countRows(db.fdm);
    const id = await addCultivation(db.fdm, "grower", fieldId, {
      catalogueItemId: "nl_265",
      startDate: new Date("2023-01-01"),
    });
    await addHarvest(db.fdm, "grower", id, {
      harvestDate: new Date("2023-05-15"),
      dryMatterYield: 2500,
    });
    await removeCultivation(db.fdm, "grower", id);
    expect(await countRows(db.fdm)).toEqual(before);
    await expect(getHarvests(db.fdm, "grower", id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("is denied to a principal without write rights", async () => {
    const farm2 = await addFarm(db.fdm, "someone", { name: "Ander" });
    expect(farm2).toBeTruthy();
    const id = await addCultivation(db.fdm, "grower", fieldId, {
      catalogueItemId: "nl_265",
      startDate: new Date("2023-01-01"),
    });
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      removeCultivation(db.fdm, "someone", id),
    );
    expect(error).toMatchObject({ code: "PERMISSION_DENIED", resource: "cultivation" });
    expect(after).toEqual(before);
  });
});
