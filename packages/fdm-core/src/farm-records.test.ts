// getFarmRecords returns, list by list, what the single-list reads return, behind one access
// check and one audit row; a refused or bad call gets nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disableCultivationCatalogue, getCultivationsFromCatalogue } from "./catalogue.js";
import { addCultivation, getCultivationsForFarm } from "./cultivation.js";
import { FdmError } from "./error.js";
import { getFarmRecords } from "./farm-records.js";
import { addFertilizer, getFertilizers } from "./fertilizer.js";
import {
  addFertilizerApplication,
  getFertilizerApplicationsForFarm,
} from "./fertilizer-application.js";
import { addField, getFields } from "./field.js";
import { addHarvest, getHarvestsForFarm } from "./harvest.js";
import { auditLog } from "./schema.js";
import { addSoilAnalysis, getCurrentSoilDataForFarm } from "./soil.js";
import { withAuditRows } from "./test-audit.js";
import {
  addUser,
  createTestDatabase,
  seedFarm,
  squareHa,
  type TestDatabase,
} from "./test-setup.js";

let db: TestDatabase;
let farmId: string;
let fieldId: string;
let otherField: string;
let wheat: string;
let stranger: string;
const year = { start: new Date("2025-01-01"), end: new Date("2025-12-31T23:59:59.999Z") };

beforeAll(async () => {
  db = await createTestDatabase();
  ({ farmId, fieldId } = await seedFarm(db.fdm, "owner"));
  otherField = await addField(db.fdm, "owner", farmId, {
    name: "Achter",
    geometry: squareHa,
    acquiringDate: new Date("2021-01-01"),
    acquiringMethod: "lease",
  });
  wheat = await addCultivation(db.fdm, "owner", fieldId, {
    catalogueItemId: "nl_233",
    startDate: new Date("2024-10-20"),
    endDate: new Date("2025-08-05"),
  });
  await addCultivation(db.fdm, "owner", otherField, {
    catalogueItemId: "nl_265",
    startDate: new Date("2021-04-01"),
  });
  // Outside the year: not in the records of 2025.
  await addCultivation(db.fdm, "owner", fieldId, {
    catalogueItemId: "nl_259",
    startDate: new Date("2020-04-01"),
    endDate: new Date("2020-10-01"),
  });
  await addHarvest(db.fdm, "owner", wheat, { harvestDate: new Date("2025-08-01") });
  const kas = await addFertilizer(db.fdm, "owner", farmId, {
    catalogueItemId: "baat_028",
    acquiringDate: new Date("2024-02-03"),
  });
  await addFertilizerApplication(db.fdm, "owner", fieldId, {
    fertilizerId: kas,
    amountKgPerHa: 300,
    method: "broadcasting",
    applicationDate: new Date("2025-04-01"),
  });
  await addFertilizerApplication(db.fdm, "owner", fieldId, {
    fertilizerId: kas,
    amountKgPerHa: 100,
    method: "broadcasting",
    applicationDate: new Date("2024-04-01"),
  });
  await addSoilAnalysis(db.fdm, "owner", fieldId, {
    samplingDate: new Date("2024-02-01"),
    source: "laboratory",
    parameters: { organicMatter: 3.1, pAl: 41.7 },
  });
  // Sampled after the year: not the field's current data on 31 December 2025.
  await addSoilAnalysis(db.fdm, "owner", fieldId, {
    samplingDate: new Date("2026-02-01"),
    source: "laboratory",
    parameters: { organicMatter: 9.9 },
  });
  stranger = await addUser(db.fdm, { name: "Stranger", email: "stranger@example.com" });
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe("getFarmRecords", () => {
  it("returns each list as its single-list read does, with one audit row for the call", async () => {
    const { result, rows } = await withAuditRows(db.fdm, () =>
      getFarmRecords(db.fdm, "owner", farmId, year),
    );
    expect(rows.map((r) => [r.origin, r.action, r.resource, r.resourceId, r.allowed])).toEqual([
      ["getFarmRecords", "list", "farm", farmId, true],
    ]);
    expect(result.fields).toStrictEqual(await getFields(db.fdm, "owner", farmId, year));
    expect(result.cultivations).toStrictEqual(
      await getCultivationsForFarm(db.fdm, "owner", farmId, year),
    );
    expect(result.crops).toStrictEqual(
      await getCultivationsFromCatalogue(db.fdm, "owner", farmId, {
        itemIds: ["nl_233", "nl_265"],
      }),
    );
    expect(result.fertilizers).toStrictEqual(await getFertilizers(db.fdm, "owner", farmId));
    expect(result.applications).toStrictEqual(
      await getFertilizerApplicationsForFarm(db.fdm, "owner", farmId, year),
    );
    expect(result.harvests).toStrictEqual(await getHarvestsForFarm(db.fdm, "owner", farmId, year));
    expect(result.soil).toStrictEqual(
      await getCurrentSoilDataForFarm(db.fdm, "owner", farmId, year.end),
    );
    // What those lists hold, written out: the year's rows only.
    expect(result.fields.map((f) => f.name)).toEqual(["Achter", "Perceel 1"]);
    expect(result.cultivations.map((c) => c.catalogueItemId)).toEqual(["nl_265", "nl_233"]);
    expect(result.crops.map((c) => c.itemId).sort()).toEqual(["nl_233", "nl_265"]);
    expect(result.applications.map((a) => a.amountKgPerHa)).toEqual([300]);
    expect(result.harvests?.map((h) => h.cultivationId)).toEqual([wheat]);
    const om = result.soil[fieldId]?.find((p) => p.parameter === "organicMatter");
    expect(om?.value).toBe(3.1);
    expect(result.soil[otherField]).toEqual([]);
  });

  it("skips the harvests when asked, and reads everything without a timeframe", async () => {
    const noHarvests = await getFarmRecords(db.fdm, "owner", farmId, year, { harvests: false });
    expect(noHarvests.harvests).toBeNull();
    const all = await getFarmRecords(db.fdm, "owner", farmId);
    expect(all.cultivations).toHaveLength(3);
    expect(all.applications).toHaveLength(2);
    const om = all.soil[fieldId]?.find((p) => p.parameter === "organicMatter");
    expect(om?.value).toBe(9.9); // the latest analysis
  });

  it("refuses a principal without access: PERMISSION_DENIED, nothing returned, one refused audit row", async () => {
    let error: unknown;
    const before = await db.fdm.$count(auditLog);
    await getFarmRecords(db.fdm, stranger, farmId, year).catch((e) => {
      error = e;
    });
    expect(error).toBeInstanceOf(FdmError);
    expect((error as FdmError).code).toBe("PERMISSION_DENIED");
    const after = await db.fdm.select().from(auditLog);
    expect(after).toHaveLength(before + 1);
    const refused = after.filter(
      (r) => r.principalId === stranger && r.origin === "getFarmRecords",
    );
    expect(refused.map((r) => [r.allowed, r.outcome])).toEqual([[false, "refused"]]);
  });

  it("says which input is wrong before any check: timeframe, options, farm", async () => {
    const code = (p: Promise<unknown>) =>
      p.then(
        () => "resolved",
        (e: FdmError) => `${e.code} ${e.message}`,
      );
    expect(
      await code(
        getFarmRecords(db.fdm, "owner", farmId, {
          start: new Date("2025-12-31"),
          end: new Date("2025-01-01"),
        }),
      ),
    ).toMatch(/^INVALID_INPUT timeframe\.end: must not be before timeframe\.start/);
    expect(
      await code(
        getFarmRecords(db.fdm, "owner", farmId, year, { harvests: "yes" } as unknown as {
          harvests: boolean;
        }),
      ),
    ).toMatch(/^INVALID_INPUT options\.harvests: must be true or false/);
    expect(await code(getFarmRecords(db.fdm, "owner", "no-such-farm", year))).toMatch(/^NOT_FOUND/);
  });

  it("leaves out the crops of a catalogue the farm has disabled since", async () => {
    const { farmId: other } = await seedFarm(db.fdm, "owner");
    const [field] = (await getFields(db.fdm, "owner", other)).map((f) => f.id);
    await addCultivation(db.fdm, "owner", field as string, {
      catalogueItemId: "nl_265",
      startDate: new Date("2025-03-01"),
    });
    await disableCultivationCatalogue(db.fdm, "owner", other, "brp");
    const records = await getFarmRecords(db.fdm, "owner", other, year);
    expect(records.cultivations.map((c) => c.catalogueItemId)).toEqual(["nl_265"]);
    expect(records.crops).toEqual([]);
  });
});
