import { eq } from "drizzle-orm";
import { getCultivationCatalogue, getFertilizersCatalogue } from "fdm-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCultivationsFromCatalogue, syncCatalogues } from "./catalogue.js";
import { addFertilizer, getFertilizers } from "./fertilizer.js";
import { cultivationCatalogue, fertilizerCatalogue } from "./schema.js";
import { createTestDatabase, seedFarm, type TestDatabase } from "./test-setup.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await db?.close();
});

/** The hashes of fdm-data 0.8, computed with sha256sum (see fdm-data's hash tests). */
const NL_265_HASH_0_8 = "973241677b72294050ab36552cd56539f65ac7719253b80a8632ce531e8a75ad";
const RVO_14_HASH = "2f4c7f4fb10274c9ce44766992682949b3c9b926bda9bcf6a6ca2842101c7ab9";

describe("syncCatalogues after an fdm-data release with NMI's figures", () => {
  it("updates the changed items, with their new hash, for every farm that enabled them", async () => {
    const { farmId } = await seedFarm(db.fdm, "owner");
    const fertilizerId = await addFertilizer(db.fdm, "owner", farmId, {
      catalogueItemId: "baat_028",
      acquiringDate: new Date("2025-02-01"),
    });
    // Put the database back to what fdm-data 0.8 wrote: grassland without figures, and KAS
    // without its NMI figures under a hash of that older content.
    await db.fdm
      .update(cultivationCatalogue)
      .set({
        yieldDryMatter: null,
        dryMatterContent: null,
        harvestIndex: null,
        nitrogenContentHarvest: null,
        nitrogenContentResidue: null,
        nitrogenFixation: null,
        effectiveOrganicMatter: null,
        effectiveOrganicMatterResidue: null,
        harvestCategory: null,
        isRustgewas: null,
        varietyOptions: [],
        defaultSowingDate: null,
        defaultHarvestDate: null,
        hash: NL_265_HASH_0_8,
      })
      .where(eq(cultivationCatalogue.itemId, "nl_265"));
    await db.fdm
      .update(fertilizerCatalogue)
      .set({ ammoniaEmissionFactor: null, nNh4: null, nNo3: null, hash: "an older release" })
      .where(eq(fertilizerCatalogue.itemId, "baat_028"));
    const before = (await getFertilizers(db.fdm, "owner", farmId)).find(
      (f) => f.id === fertilizerId,
    );
    expect(before?.ammoniaEmissionFactor).toBeNull();

    const result = await syncCatalogues(db.fdm);
    expect(result.cultivations.brp).toEqual({ added: 0, updated: 1, unchanged: 531 });
    expect(result.fertilizers.baat).toEqual({ added: 0, updated: 1, unchanged: 74 });
    expect(result.fertilizers.rvo).toEqual({ added: 0, updated: 0, unchanged: 63 });

    const grass = (await getCultivationsFromCatalogue(db.fdm, "owner", farmId)).find(
      (item) => item.itemId === "nl_265",
    );
    const newHash = getCultivationCatalogue("brp").find((item) => item.id === "nl_265")?.hash;
    expect(newHash).not.toBe(NL_265_HASH_0_8);
    expect(grass).toMatchObject({
      hash: newHash,
      yieldDryMatter: 1838,
      nitrogenContentHarvest: 28.6,
      harvestCategory: "HC020",
      defaultHarvestDate: "07-15",
    });

    // The farm's fertilizer reads the product's updated figures.
    const kas = (await getFertilizers(db.fdm, "owner", farmId)).find((f) => f.id === fertilizerId);
    expect(kas).toMatchObject({
      catalogue: "baat",
      n: 270,
      nNh4: 135,
      nNo3: 135,
      nOrganic: 0,
      ammoniaEmissionFactor: 0.025,
      organicMatter: 0,
      density: 1,
    });
  });

  it("keeps the hash of unchanged items: rvo_14 has the hash pinned before NMI's figures", async () => {
    const [slurry] = await db.fdm
      .select({ hash: fertilizerCatalogue.hash })
      .from(fertilizerCatalogue)
      .where(eq(fertilizerCatalogue.itemId, "rvo_14"));
    expect(slurry?.hash).toBe(RVO_14_HASH);
    const stored = await db.fdm
      .select({ itemId: fertilizerCatalogue.itemId, hash: fertilizerCatalogue.hash })
      .from(fertilizerCatalogue)
      .where(eq(fertilizerCatalogue.catalogue, "rvo"));
    const shipped = new Map(getFertilizersCatalogue("rvo").map((item) => [item.id, item.hash]));
    for (const row of stored) expect(row.hash, row.itemId).toBe(shipped.get(row.itemId));
    const again = await syncCatalogues(db.fdm);
    expect(again.cultivations.brp).toEqual({ added: 0, updated: 0, unchanged: 532 });
    expect(again.fertilizers.srm).toEqual({ added: 0, updated: 0, unchanged: 47 });
  });
});

describe("the type_rvo enumeration", () => {
  it("holds exactly the mestcodes of fdm-data's rvo catalogue", async () => {
    const { typeRvoOptions } = await import("./schema.js");
    expect(typeRvoOptions.map((option) => option.value)).toEqual(
      getFertilizersCatalogue("rvo").map((item) => item.typeRvo),
    );
    expect(typeRvoOptions.map((option) => option.label)).toEqual(
      getFertilizersCatalogue("rvo").map((item) => item.sourceName),
    );
  });
});
