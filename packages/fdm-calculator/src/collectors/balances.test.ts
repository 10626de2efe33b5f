// One read of the farm for both balances, and the nitrogen collector reading a
// cultivation's residuesLeft. Crop figures from reference/nmi-nitrogen-balance/
// crop-nitrogen-parameters-brp.csv: winter wheat (nl_233) harvest index 0.44,
// residue N 5.3 g N/kg DM.
import {
  addCultivation,
  addFarm,
  addFertilizer,
  addFertilizerApplication,
  addField,
  addHarvest,
  addSoilAnalysis,
  closeFdm,
  createFdmLocal,
  enableCultivationCatalogue,
  enableFertilizerCatalogue,
  type FdmLocalType,
  FdmPermissionError,
  fdmSchema,
  syncCatalogues,
  updateCultivation,
} from "fdm-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateNitrogenBalance } from "../balance/nitrogen/nitrogen-balance.js";
import { calculateOrganicMatterBalance } from "../balance/organic-matter/organic-matter-balance.js";
import { collectInputForBalances } from "./balances.js";
import { collectInputForNitrogenBalance } from "./nitrogen-balance.js";
import { collectInputForOrganicMatterBalance } from "./organic-matter-balance.js";
import { signUpOwner, squareHa } from "./test-farm.js";

const YEAR = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };

let fdm: FdmLocalType;
let owner: string;
let stranger: string;
let farmId: string;
let akker: string;
let weide: string;
let wheat: string;

beforeAll(async () => {
  fdm = await createFdmLocal();
  owner = await signUpOwner(fdm);
  stranger = await signUpOwner(fdm, "Sam Vreemd", "sam@example.org");
  await syncCatalogues(fdm);
  farmId = await addFarm(fdm, owner, { name: "De Hoeve" });
  await enableCultivationCatalogue(fdm, owner, farmId, "brp");
  await enableFertilizerCatalogue(fdm, owner, farmId, "srm");
  const slurry = await addFertilizer(fdm, owner, farmId, {
    catalogueItemId: "srm_9d855a14df2045c2", // Runderdrijfmest
    acquiringDate: new Date("2025-01-01"),
  });
  const field = (name: string, i: number) =>
    addField(fdm, owner, farmId, {
      name,
      geometry: squareHa(i),
      acquiringDate: new Date("2010-01-01"),
      acquiringMethod: "owner",
    });
  // A Akker: winter wheat, 8,000 kg DM/ha harvested on 1 August, its straw taken off.
  akker = await field("A Akker", 0);
  wheat = await addCultivation(fdm, owner, akker, {
    catalogueItemId: "nl_233",
    startDate: new Date("2024-10-20"),
  });
  await addHarvest(fdm, owner, wheat, {
    harvestDate: new Date("2025-08-01"),
    dryMatterYield: 8000,
    nitrogenContent: 20,
  });
  await updateCultivation(fdm, owner, wheat, { residuesLeft: false });
  await addSoilAnalysis(fdm, owner, akker, {
    samplingDate: new Date("2024-11-01"),
    source: "laboratory",
    parameters: { organicMatter: 3.0, bulkDensity: 1.35, soilType: "zeeklei" },
  });
  // B Weide: permanent grassland with slurry; residues not recorded.
  weide = await field("B Weide", 1);
  await addCultivation(fdm, owner, weide, {
    catalogueItemId: "nl_265",
    startDate: new Date("2015-01-01"),
  });
  await addFertilizerApplication(fdm, owner, weide, {
    fertilizerId: slurry,
    amountKgPerHa: 30_000,
    method: "shallow_injection",
    applicationDate: new Date("2025-03-15"),
  });
  await addSoilAnalysis(fdm, owner, weide, {
    samplingDate: new Date("2024-02-01"),
    source: "laboratory",
    parameters: { organicMatter: 5.0, soilType: "dekzand", gwlClass: "VI" },
  });
}, 120_000);

afterAll(async () => {
  await closeFdm(fdm);
});

const auditOrigins = async (principal: string) =>
  (await fdm.select().from(fdmSchema.auditLog))
    .filter((r) => r.principalId === principal)
    .map((r) => r.origin)
    .sort();

describe("collectInputForBalances", () => {
  it("reads the farm once for both balances", async () => {
    const before = await auditOrigins(owner);
    const input = await collectInputForBalances(fdm, owner, farmId, YEAR);
    const after = await auditOrigins(owner);
    // One read of the farm's records (one access check, one audit row): not one per balance,
    // not one per table, not one per field.
    const added = [...after];
    for (const origin of before) added.splice(added.indexOf(origin), 1);
    expect(added).toEqual(["getFarmRecords"]);
    expect(input.nitrogen.fields.map((f) => f.id)).toEqual([akker, weide]);
    expect(input.organicMatter.fields.map((f) => f.id)).toEqual([akker, weide]);
  });

  it("gives each balance the input its own collector gives", async () => {
    const both = await collectInputForBalances(fdm, owner, farmId, YEAR, {
      nitrogen: { deposition: 20 },
      organicMatter: { fields: { [weide]: { bulkDensity: 1.2 } } },
    });
    expect(both.nitrogen).toEqual(
      await collectInputForNitrogenBalance(fdm, owner, farmId, YEAR, { deposition: 20 }),
    );
    expect(both.organicMatter).toEqual(
      await collectInputForOrganicMatterBalance(fdm, owner, farmId, YEAR, {
        fields: { [weide]: { bulkDensity: 1.2 } },
      }),
    );
    // The options reached their balance: deposition 20 for nitrogen, density 1.2 for B.
    expect(both.nitrogen.fields[1]?.deposition).toBe(20);
    expect(both.organicMatter.fields[1]?.soil.bulkDensity).toBe(1.2);
  });

  it("refuses a principal without access, with fdm-core's error, before reading the rest", async () => {
    const before = (await auditOrigins(stranger)).length;
    await expect(collectInputForBalances(fdm, stranger, farmId, YEAR)).rejects.toBeInstanceOf(
      FdmPermissionError,
    );
    // Only the first read's refusal is recorded.
    expect((await auditOrigins(stranger)).length - before).toBe(1);
  });

  it("names the option and the rule for bad options, reading nothing", async () => {
    const before = (await auditOrigins(owner)).length;
    await expect(
      collectInputForBalances(fdm, owner, farmId, YEAR, {
        organicMatter: { effectiveOrganicMatter: 3 as never },
      }),
    ).rejects.toThrow(
      /collectInputForBalances: options.organicMatter.effectiveOrganicMatter must be an object/,
    );
    await expect(
      collectInputForBalances(fdm, owner, farmId, YEAR, { nitrogen: "x" as never }),
    ).rejects.toThrow(/options.nitrogen must be an object/);
    await expect(
      collectInputForBalances(fdm, owner, farmId, { start: YEAR.end, end: YEAR.start }),
    ).rejects.toThrow(/timeframe.end \(2025-01-01\) lies before timeframe.start/);
    expect((await auditOrigins(owner)).length).toBe(before);
  });
});

describe("the nitrogen collector and residuesLeft", () => {
  it("counts the residues taken off as removal, and emits none from them", async () => {
    const input = await collectInputForNitrogenBalance(fdm, owner, farmId, YEAR);
    const a = input.fields[0]?.cultivations[0];
    // Residue dry matter 8,000 / 0.44 × (1 − 0.44) = 10,181.8 kg DM/ha at 5.3 g N/kg DM.
    expect(a?.residueNitrogen).toBe(0);
    expect(a?.residueRemovals).toHaveLength(1);
    expect(a?.residueRemovals?.[0]?.amount).toBeCloseTo(10181.82, 1);
    expect(a?.residueRemovals?.[0]?.nContent).toBe(5.3);
    // On the cultivation's last day: the harvest ended the wheat on 1 August.
    expect(a?.residueRemovals?.[0]?.date).toEqual(new Date("2025-08-01"));
    const balance = calculateNitrogenBalance(input);
    const fieldA = balance.fields[0];
    // 10,181.8 × 5.3 / 1000 = 53.96 kg N/ha; harvest 8,000 × 20 / 1000 = 160 kg N/ha.
    expect(fieldA?.removal.residues).toBeCloseTo(53.96, 2);
    expect(fieldA?.removal.harvests).toBe(160);
    expect(fieldA?.emission.residues).toBe(0);
    // B Weide: residuesLeft not recorded, so its residues stay (no removal).
    expect(balance.fields[1]?.removal.residues).toBe(0);
    expect(input.fields[1]?.cultivations[0]?.residueRemovals).toBeUndefined();
  });

  it("takes a given residue N as what is taken off", async () => {
    const input = await collectInputForNitrogenBalance(fdm, owner, farmId, YEAR, {
      residueNitrogen: { nl_233: 30 },
    });
    const balance = calculateNitrogenBalance(input);
    expect(balance.fields[0]?.removal.residues).toBeCloseTo(30, 6);
  });

  it("counts the residues as left again when residuesLeft is cleared", async () => {
    await updateCultivation(fdm, owner, wheat, { residuesLeft: null });
    try {
      const balance = calculateNitrogenBalance(
        await collectInputForNitrogenBalance(fdm, owner, farmId, YEAR),
      );
      expect(balance.fields[0]?.removal.residues).toBe(0);
      // Left on the field, but NMI's residue factor is 0 below about 13.2 g N/kg (wheat: 5.3).
      expect(balance.fields[0]?.emission.residues).toBe(0);
      expect(balance.fields[0]?.cultivations[0]?.residueEmission).toBe(0);
    } finally {
      await updateCultivation(fdm, owner, wheat, { residuesLeft: false });
    }
  });

  it("leaves the organic-matter balance of the same read unchanged by the nitrogen options", async () => {
    const both = await collectInputForBalances(fdm, owner, farmId, YEAR, {
      nitrogen: { residueNitrogen: { nl_233: 30 } },
    });
    const om = calculateOrganicMatterBalance(both.organicMatter);
    // Straw taken off: no residue EOM on A (the wheat's own EOM still counts).
    expect(om.fields[0]?.supply.residues).toBe(0);
  });
});
