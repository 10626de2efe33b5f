import { eq, inArray } from "drizzle-orm";
import { getCultivationCatalogue, getFertilizersCatalogue } from "fdm-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  disableCultivationCatalogue,
  disableFertilizerCatalogue,
  enableCultivationCatalogue,
  enableFertilizerCatalogue,
  getCultivationsFromCatalogue,
  getEnabledCatalogues,
  getFertilizersFromCatalogue,
  syncCatalogues,
} from "./catalogue.js";
import { addFarm } from "./farm.js";
import { addFertilizer } from "./fertilizer.js";
import { cultivationCatalogue, fertilizerCatalogue } from "./schema.js";
import { countRows, createTestDatabase, expectNoWrite, type TestDatabase } from "./test-setup.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe("syncCatalogues", () => {
  it("adds every item on the first run and nothing on the second", async () => {
    const brp = getCultivationCatalogue("brp").length;
    const rvo = getFertilizersCatalogue("rvo").length;
    const srm = getFertilizersCatalogue("srm").length;
    const baat = getFertilizersCatalogue("baat").length;
    // 525 BRP codes of RVO's 2025 list + 7 of the 2026 norm tables; Table 11: 58 codes + 5 RENURE
    // codes of 2026; NMI: 47 organic (srm) and 75 mineral (baat) products.
    expect([brp, rvo, srm, baat]).toEqual([532, 63, 47, 75]);
    const first = await syncCatalogues(db.fdm);
    expect(first).toEqual({
      cultivations: { brp: { added: brp, updated: 0, unchanged: 0 } },
      fertilizers: {
        rvo: { added: rvo, updated: 0, unchanged: 0 },
        srm: { added: srm, updated: 0, unchanged: 0 },
        baat: { added: baat, updated: 0, unchanged: 0 },
      },
    });
    const rows = await countRows(db.fdm);
    const second = await syncCatalogues(db.fdm);
    expect(second.cultivations.brp).toEqual({ added: 0, updated: 0, unchanged: brp });
    expect(second.fertilizers.rvo).toEqual({ added: 0, updated: 0, unchanged: rvo });
    expect(await countRows(db.fdm)).toEqual(rows);
  });

  it("stores the catalogue items as fdm-data gives them", async () => {
    const [grass] = await db.fdm
      .select()
      .from(cultivationCatalogue)
      .where(eq(cultivationCatalogue.itemId, "nl_265"));
    expect(grass).toMatchObject({
      catalogue: "brp",
      sourceCode: 265,
      nameNl: "Grasland, blijvend",
      harvestable: "multiple",
      rotation: "grassland",
      // NMI, fdm-data catalogues: brp-cultivations.csv, nl_265
      yieldDryMatter: 1838,
      dryMatterContent: 150,
      harvestIndex: 0.67,
      nitrogenContentHarvest: 28.6,
      nitrogenContentResidue: 22.9,
      nitrogenFixation: 0,
      effectiveOrganicMatter: 3975,
      effectiveOrganicMatterResidue: 0,
      harvestCategory: "HC020",
      isRustgewas: true,
      varietyOptions: [],
      defaultSowingDate: "10-15",
      defaultHarvestDate: "07-15",
    });
    const [potato] = await db.fdm
      .select()
      .from(cultivationCatalogue)
      .where(eq(cultivationCatalogue.itemId, "nl_2014"));
    expect(potato?.varietyOptions).toContain("Bintje");
    const [kas] = await db.fdm
      .select()
      .from(fertilizerCatalogue)
      .where(eq(fertilizerCatalogue.itemId, "baat_028"));
    // NMI, fdm-data catalogues: baat-fertilizers.csv, BAAT028 (KAS)
    expect(kas).toMatchObject({
      catalogue: "baat",
      typeRvo: 115,
      n: 270,
      nNh4: 135,
      nNo3: 135,
      nOrganic: 0,
      ammoniaEmissionFactor: 0.025,
      density: 1,
      cao: null,
    });
    const [slurry] = await db.fdm
      .select()
      .from(fertilizerCatalogue)
      .where(eq(fertilizerCatalogue.itemId, "rvo_14"));
    // Tabel 11: Rundvee - Drijfmest, 4 kg N and 1.5 kg P2O5 per ton
    expect(slurry).toMatchObject({
      typeRvo: 14,
      n: 4,
      p2o5: 1.5,
      isManure: true,
      form: "slurry",
      farmId: null,
      nNh4: null,
      ammoniaEmissionFactor: null,
    });
  });

  it("updates an item whose hash changed and leaves the others", async () => {
    await db.fdm
      .update(cultivationCatalogue)
      .set({ nameNl: "Verouderde naam", hash: "stale" })
      .where(eq(cultivationCatalogue.itemId, "nl_265"));
    const result = await syncCatalogues(db.fdm, { cultivations: ["brp"], fertilizers: [] });
    expect(result).toEqual({
      cultivations: { brp: { added: 0, updated: 1, unchanged: 531 } },
      fertilizers: {},
    });
    const [grass] = await db.fdm
      .select()
      .from(cultivationCatalogue)
      .where(eq(cultivationCatalogue.itemId, "nl_265"));
    expect(grass?.nameNl).toBe("Grasland, blijvend");
  });

  it("re-adds an item that went missing", async () => {
    await db.fdm.delete(fertilizerCatalogue).where(eq(fertilizerCatalogue.itemId, "rvo_10"));
    const result = await syncCatalogues(db.fdm, { cultivations: [], fertilizers: ["rvo"] });
    expect(result.fertilizers.rvo).toEqual({ added: 1, updated: 0, unchanged: 62 });
  });

  it("rejects an unknown catalogue name, writing nothing", async () => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      syncCatalogues(db.fdm, { cultivations: ["crops" as never] }),
    );
    expect(error).toMatchObject({ code: "INVALID_INPUT", field: "options.cultivations" });
    expect(after).toEqual(before);
  });
});

describe("enabling catalogues per farm", () => {
  it("lists only the items of enabled catalogues, plus the farm's own products", async () => {
    const farmId = await addFarm(db.fdm, "owner", { name: "Keuze" });
    expect(await getCultivationsFromCatalogue(db.fdm, "owner", farmId)).toEqual([]);
    expect(await getFertilizersFromCatalogue(db.fdm, "owner", farmId)).toEqual([]);

    await enableCultivationCatalogue(db.fdm, "owner", farmId, "brp");
    await enableCultivationCatalogue(db.fdm, "owner", farmId, "brp");
    await enableFertilizerCatalogue(db.fdm, "owner", farmId, "baat");
    expect(await getEnabledCatalogues(db.fdm, "owner", farmId)).toEqual({
      cultivations: ["brp"],
      fertilizers: ["baat"],
    });

    const crops = await getCultivationsFromCatalogue(db.fdm, "owner", farmId);
    expect(crops).toHaveLength(532);
    const products = await getFertilizersFromCatalogue(db.fdm, "owner", farmId);
    expect(new Set(products.map((p) => p.catalogue))).toEqual(new Set(["baat"]));

    await addFertilizer(db.fdm, "owner", farmId, {
      custom: {
        name: "Eigen compost",
        typeRvo: 111,
        isCompost: true,
        form: "solid",
        n: 7,
        applicationMethods: ["broadcasting"],
      },
      acquiringDate: new Date("2025-01-01"),
    });
    const withCustom = await getFertilizersFromCatalogue(db.fdm, "owner", farmId);
    expect(withCustom.filter((p) => p.catalogue === "custom").map((p) => p.nameNl)).toEqual([
      "Eigen compost",
    ]);

    const otherFarm = await addFarm(db.fdm, "owner", { name: "Buren" });
    await enableFertilizerCatalogue(db.fdm, "owner", otherFarm, "baat");
    const neighbours = await getFertilizersFromCatalogue(db.fdm, "owner", otherFarm);
    expect(neighbours.some((p) => p.catalogue === "custom")).toBe(false);

    await disableCultivationCatalogue(db.fdm, "owner", farmId, "brp");
    await disableFertilizerCatalogue(db.fdm, "owner", farmId, "baat");
    expect(await getEnabledCatalogues(db.fdm, "owner", farmId)).toEqual({
      cultivations: [],
      fertilizers: [],
    });
    expect(await getCultivationsFromCatalogue(db.fdm, "owner", farmId)).toEqual([]);
  });

  it("rejects an unknown catalogue and a principal without write rights, writing nothing", async () => {
    const farmId = await addFarm(db.fdm, "owner", { name: "Streng" });
    for (const [attempt, code] of [
      [() => enableCultivationCatalogue(db.fdm, "owner", farmId, "rvo" as never), "INVALID_INPUT"],
      [() => enableFertilizerCatalogue(db.fdm, "owner", farmId, "brp" as never), "INVALID_INPUT"],
      [() => enableCultivationCatalogue(db.fdm, "stranger", farmId, "brp"), "PERMISSION_DENIED"],
      [() => disableFertilizerCatalogue(db.fdm, "stranger", farmId, "rvo"), "PERMISSION_DENIED"],
    ] as const) {
      const { error, before, after } = await expectNoWrite(db.fdm, attempt);
      expect(error).toMatchObject({ code });
      expect(after).toEqual(before);
    }
    await expect(getCultivationsFromCatalogue(db.fdm, "stranger", farmId)).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    await expect(getEnabledCatalogues(db.fdm, "owner", "ghost")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("getCultivationsFromCatalogue with options.itemIds", () => {
  it("lists only the asked items of enabled catalogues, every value as stored", async () => {
    const farmId = await addFarm(db.fdm, "owner", { name: "Alleen wat groeit" });
    await enableCultivationCatalogue(db.fdm, "owner", farmId, "brp");
    const asked = ["nl_233", "nl_2014", "nl_334", "nl_265", "nl_265", "nl_no_such_crop"];
    const crops = await getCultivationsFromCatalogue(db.fdm, "owner", farmId, { itemIds: asked });
    // By Dutch name; the repeat counts once, the unknown id is left out.
    expect(crops.map((c) => c.nameNl)).toEqual([
      "Aardappelen, consumptie",
      "Grasland, blijvend",
      "Rand, grenzend aan bouwland, hoofdzakelijk bestaand uit blijvend gras",
      "Tarwe, winter-",
    ]);
    // Every column equals what the driver returns for the stored row (one JSON value is
    // parsed instead): numbers, nulls (nl_334 has no harvest category), text arrays, Dates.
    const rows = await db.fdm
      .select()
      .from(cultivationCatalogue)
      .where(inArray(cultivationCatalogue.itemId, ["nl_233", "nl_2014", "nl_334", "nl_265"]));
    for (const crop of crops) {
      const row = rows.find((r) => r.itemId === crop.itemId);
      expect(crop).toStrictEqual(row);
      expect(Object.keys(crop)).toEqual(Object.keys(row ?? {}));
    }
    const [margin] = crops.filter((c) => c.itemId === "nl_334");
    expect(margin).toMatchObject({ harvestCategory: null, harvestIndex: 0.67, isRustgewas: false });
    expect(margin?.syncedAt).toBeInstanceOf(Date);
    expect(crops.find((c) => c.itemId === "nl_2014")?.varietyOptions).toContain("Bintje");

    expect(await getCultivationsFromCatalogue(db.fdm, "owner", farmId, { itemIds: [] })).toEqual(
      [],
    );
    expect(await getCultivationsFromCatalogue(db.fdm, "owner", farmId, {})).toHaveLength(532);
    await disableCultivationCatalogue(db.fdm, "owner", farmId, "brp");
    expect(
      await getCultivationsFromCatalogue(db.fdm, "owner", farmId, { itemIds: ["nl_265"] }),
    ).toEqual([]);
  });

  it("refuses bad options naming the entry, and a principal without read rights", async () => {
    const farmId = await addFarm(db.fdm, "owner", { name: "Streng gefilterd" });
    await enableCultivationCatalogue(db.fdm, "owner", farmId, "brp");
    const tooMany = Array.from({ length: 5_001 }, (_, i) => `no_crop_${i}`);
    for (const [options, field] of [
      ["nl_265", "options"],
      [{ itemIds: "nl_265" }, "options.itemIds"],
      [{ itemIds: tooMany }, "options.itemIds"],
      [{ itemIds: ["nl_265", ""] }, "options.itemIds[1]"],
      [{ itemIds: ["nl_265", 265] }, "options.itemIds[1]"],
      [{ itemId: ["nl_265"] }, "options.itemId"],
    ] as const) {
      await expect(
        getCultivationsFromCatalogue(db.fdm, "owner", farmId, options as never),
      ).rejects.toMatchObject({ code: "INVALID_INPUT", field });
    }
    // 5,000 ids are taken.
    expect(
      await getCultivationsFromCatalogue(db.fdm, "owner", farmId, {
        itemIds: [...tooMany.slice(0, 4_999), "nl_265"],
      }),
    ).toHaveLength(1);
    await expect(
      getCultivationsFromCatalogue(db.fdm, "stranger", farmId, { itemIds: ["nl_265"] }),
    ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
  });
});
