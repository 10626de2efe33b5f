import { eq } from "drizzle-orm";
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
    const mineral = getFertilizersCatalogue("mineral").length;
    // The BRP list of the reference data has 525 codes; Table 11 has 58 mestcodes in 2025 and
    // the RENURE codes 130–134 from 2026.
    expect([brp, rvo]).toEqual([525, 63]);
    const first = await syncCatalogues(db.fdm);
    expect(first).toEqual({
      cultivations: { brp: { added: brp, updated: 0, unchanged: 0 } },
      fertilizers: {
        rvo: { added: rvo, updated: 0, unchanged: 0 },
        mineral: { added: mineral, updated: 0, unchanged: 0 },
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
    });
    const [slurry] = await db.fdm
      .select()
      .from(fertilizerCatalogue)
      .where(eq(fertilizerCatalogue.itemId, "rvo_14"));
    // Tabel 11: Rundvee - Drijfmest, 4 kg N and 1.5 kg P2O5 per ton
    expect(slurry).toMatchObject({
      typeRvo: "14",
      n: 4,
      p2o5: 1.5,
      isManure: true,
      form: "slurry",
      farmId: null,
    });
  });

  it("updates an item whose hash changed and leaves the others", async () => {
    await db.fdm
      .update(cultivationCatalogue)
      .set({ nameNl: "Verouderde naam", hash: "stale" })
      .where(eq(cultivationCatalogue.itemId, "nl_265"));
    const result = await syncCatalogues(db.fdm, { cultivations: ["brp"], fertilizers: [] });
    expect(result).toEqual({
      cultivations: { brp: { added: 0, updated: 1, unchanged: 524 } },
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
    await enableFertilizerCatalogue(db.fdm, "owner", farmId, "mineral");
    expect(await getEnabledCatalogues(db.fdm, "owner", farmId)).toEqual({
      cultivations: ["brp"],
      fertilizers: ["mineral"],
    });

    const crops = await getCultivationsFromCatalogue(db.fdm, "owner", farmId);
    expect(crops).toHaveLength(525);
    const products = await getFertilizersFromCatalogue(db.fdm, "owner", farmId);
    expect(new Set(products.map((p) => p.catalogue))).toEqual(new Set(["mineral"]));

    await addFertilizer(db.fdm, "owner", farmId, {
      custom: {
        name: "Eigen compost",
        typeRvo: "111",
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
    await enableFertilizerCatalogue(db.fdm, "owner", otherFarm, "mineral");
    const neighbours = await getFertilizersFromCatalogue(db.fdm, "owner", otherFarm);
    expect(neighbours.some((p) => p.catalogue === "custom")).toBe(false);

    await disableCultivationCatalogue(db.fdm, "owner", farmId, "brp");
    await disableFertilizerCatalogue(db.fdm, "owner", farmId, "mineral");
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
