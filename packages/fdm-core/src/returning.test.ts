import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCultivation, getCultivation } from "./cultivation.js";
import { addFarm, getFarm } from "./farm.js";
import { addFertilizer, getFertilizer } from "./fertilizer.js";
import { addFertilizerApplication, getFertilizerApplication } from "./fertilizer-application.js";
import { addField, getField } from "./field.js";
import { addHarvest, getHarvest } from "./harvest.js";
import { createOrganization, getOrganization } from "./organization.js";
import type { ReturningRecord } from "./returning.js";
import { addSoilAnalysis, getSoilAnalysis } from "./soil.js";
import { withAuditRows } from "./test-audit.js";
import {
  addUser,
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
  ({ farmId, fieldId } = await seedFarm(db.fdm, "owner"));
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const record = { returning: "record" } as const;

/** The add's answer, its one audit row, and what the matching get shows afterwards. */
async function addOnce<T extends { id: string }>(
  add: () => Promise<T>,
  get: (id: string) => Promise<T>,
  origin: string,
) {
  const { result, rows } = await withAuditRows(db.fdm, add);
  expect(rows).toEqual([expect.objectContaining({ origin, allowed: true, outcome: "done" })]);
  expect(result).toEqual(await get(result.id));
  return result;
}

describe('an add with { returning: "record" } returns what it wrote, decided and audited once', () => {
  it("farm, field, cultivation, harvest, fertilizer, application, soil analysis, organization", async () => {
    const me = "owner";
    const farm = await addOnce(
      () => addFarm(db.fdm, me, { name: "Retour", postalCode: "6708 PB" }, record),
      (id) => getFarm(db.fdm, me, id),
      "addFarm",
    );
    expect(farm).toMatchObject({ name: "Retour", postalCode: "6708 PB", roles: ["owner"] });
    const field = await addOnce(
      () =>
        addField(
          db.fdm,
          me,
          farmId,
          {
            name: "Retourveld",
            geometry: squareHa,
            acquiringDate: new Date("2020-01-01"),
            acquiringMethod: "lease",
          },
          record,
        ),
      (id) => getField(db.fdm, me, id),
      "addField",
    );
    expect(field).toMatchObject({ farmId, name: "Retourveld", discardingDate: null });
    expect(field.areaHa).toBeCloseTo(1, 2);
    const cultivation = await addOnce(
      () =>
        addCultivation(
          db.fdm,
          me,
          fieldId,
          { catalogueItemId: "nl_265", startDate: new Date("2024-01-01") },
          record,
        ),
      (id) => getCultivation(db.fdm, me, id),
      "addCultivation",
    );
    expect(cultivation).toMatchObject({ fieldId, nameNl: "Grasland, blijvend", endDate: null });
    const harvest = await addOnce(
      () =>
        addHarvest(
          db.fdm,
          me,
          cultivation.id,
          { harvestDate: new Date("2024-06-01"), dryMatterYield: 3500 },
          record,
        ),
      (id) => getHarvest(db.fdm, me, id),
      "addHarvest",
    );
    expect(harvest.analysis.dryMatterYield).toBe(3500);
    const fertilizer = await addOnce(
      () =>
        addFertilizer(
          db.fdm,
          me,
          farmId,
          { catalogueItemId: "rvo_14", acquiringDate: new Date("2024-01-01") },
          record,
        ),
      (id) => getFertilizer(db.fdm, me, id),
      "addFertilizer",
    );
    expect(fertilizer.catalogueItemId).toBe("rvo_14");
    const application = await addOnce(
      () =>
        addFertilizerApplication(
          db.fdm,
          me,
          fieldId,
          {
            fertilizerId: fertilizer.id,
            amountKgPerHa: 20000,
            method: "shallow_injection",
            applicationDate: new Date("2024-03-01"),
          },
          record,
        ),
      (id) => getFertilizerApplication(db.fdm, me, id),
      "addFertilizerApplication",
    );
    expect(application).toMatchObject({ fieldId, fertilizerId: fertilizer.id });
    const analysis = await addOnce(
      () =>
        addSoilAnalysis(
          db.fdm,
          me,
          fieldId,
          { samplingDate: new Date("2024-02-01"), source: "laboratory", parameters: { pAl: 41 } },
          record,
        ),
      (id) => getSoilAnalysis(db.fdm, me, id),
      "addSoilAnalysis",
    );
    expect(analysis.parameters.pAl).toBe(41);
    const user = await addUser(db.fdm, { name: "Olga", email: "olga.returning@example.org" });
    const organization = await addOnce(
      () => createOrganization(db.fdm, user, { name: "Retour BV", slug: "retour-bv" }, record),
      (id) => getOrganization(db.fdm, user, id),
      "createOrganization",
    );
    expect(organization).toMatchObject({ slug: "retour-bv", role: "owner" });
  });

  it("without the option returns the id, as before", async () => {
    const id = await addField(db.fdm, "owner", farmId, {
      name: "Alleen id",
      geometry: squareHa,
      acquiringDate: new Date("2020-01-01"),
      acquiringMethod: "owner",
    });
    expect(typeof id).toBe("string");
    expect((await getField(db.fdm, "owner", id)).name).toBe("Alleen id");
  });

  it("refuses other options, naming options.returning, and writes nothing", async () => {
    for (const options of [{}, { returning: "id" }, { returning: "RECORD" }, null, "record"]) {
      const { error, before, after } = await expectNoWrite(db.fdm, () =>
        addFarm(db.fdm, "owner", { name: "Nooit" }, options as unknown as ReturningRecord),
      );
      expect(error).toMatchObject({
        code: "INVALID_INPUT",
        field: "options.returning",
        message: 'options.returning: must be "record".',
      });
      expect(after).toEqual(before);
    }
  });

  it("refuses a principal without the write right as without the option, leaving only the audit row", async () => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addField(
        db.fdm,
        "stranger",
        farmId,
        {
          name: "Inbraak",
          geometry: squareHa,
          acquiringDate: new Date("2020-01-01"),
          acquiringMethod: "owner",
        },
        record,
      ),
    );
    expect(error).toMatchObject({ code: "PERMISSION_DENIED" });
    expect(after).toEqual(before);
  });
});
