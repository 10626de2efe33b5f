import { describe, expect, it } from "vitest";
import type { ApplicationMethods, CatalogueFertilizerItem } from "./index.js";
import { getFertilizersCatalogue, UnknownCatalogueError } from "./index.js";

const allMethods: ApplicationMethods[] = [
  "broadcasting",
  "narrowband",
  "shallow_injection",
  "injection",
  "incorporation",
  "spraying",
];

const rvo = getFertilizersCatalogue("rvo");
const mineral = getFertilizersCatalogue("mineral");
const byId = (items: CatalogueFertilizerItem[], id: string) => {
  const item = items.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`no item ${id}`);
  return item;
};

describe("getFertilizersCatalogue", () => {
  it("returns all 63 RVO mestcodes of Table 11 (2025, and the RENURE codes 130–134 of 2026) with ids rvo_<code>", () => {
    expect(rvo).toHaveLength(63);
    expect(rvo.map((item) => item.id).slice(0, 5)).toEqual([
      "rvo_10",
      "rvo_11",
      "rvo_12",
      "rvo_13",
      "rvo_14",
    ]);
    expect(rvo.at(-1)?.id).toBe("rvo_134");
    expect(byId(rvo, "rvo_130")).toMatchObject({
      nameNl: "Ammoniumsulfaat (Renure)",
      isManure: false,
      composition: { n: null, p2o5: null },
    });
    for (const item of rvo) expect(item.id).toBe(`rvo_${item.typeRvo}`);
  });

  it("returns the 11 mineral fertilizers, all under mestcode 115 (kunstmest)", () => {
    expect(mineral.map((item) => item.id)).toEqual([
      "mineral_can27",
      "mineral_an33",
      "mineral_urea",
      "mineral_as21",
      "mineral_uan30",
      "mineral_tsp45",
      "mineral_dap",
      "mineral_kcl60",
      "mineral_sop50",
      "mineral_npk151515",
      "mineral_kieserite",
    ]);
    for (const item of mineral) {
      expect(item.typeRvo).toBe(115);
      expect(item.isMineral).toBe(true);
      expect(item.isManure).toBe(false);
    }
  });

  it("has no duplicate ids across catalogues", () => {
    const ids = [...rvo, ...mineral].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("carries RVO's forfaitaire contents in kg per ton", () => {
    // Figures from RVO Table 11 (2025), as in shared/reference mestcodes-2025.csv.
    expect(byId(rvo, "rvo_14").composition).toMatchObject({ n: 4, p2o5: 1.5 });
    expect(byId(rvo, "rvo_50").composition).toMatchObject({ n: 6.4, p2o5: 3.8 });
    expect(byId(rvo, "rvo_32").composition).toMatchObject({ n: 26, p2o5: 20.9 });
    expect(byId(rvo, "rvo_91").composition).toMatchObject({ n: 0.81, p2o5: 0.14 });
    expect(byId(rvo, "rvo_14").sourceName).toBe("Rundvee - Drijfmest behalve van vleeskalveren");
  });

  it("leaves contents null where RVO gives no standard figure", () => {
    for (const code of [108, 111, 112, 113, 114, 115, 116, 120]) {
      const item = byId(rvo, `rvo_${code}`);
      expect(item.composition.n, `rvo_${code}`).toBeNull();
      expect(item.composition.p2o5, `rvo_${code}`).toBeNull();
    }
  });

  it("marks animal manure, compost and kunstmest as RVO does", () => {
    expect(byId(rvo, "rvo_10").isManure).toBe(true);
    expect(byId(rvo, "rvo_110").isManure).toBe(true); // champost counts as animal manure
    expect(byId(rvo, "rvo_120").isManure).toBe(true); // mineralenconcentraat too
    expect(byId(rvo, "rvo_111")).toMatchObject({ isManure: false, isCompost: true });
    expect(byId(rvo, "rvo_112")).toMatchObject({ isManure: false, isCompost: true });
    expect(byId(rvo, "rvo_115")).toMatchObject({ isManure: false, isMineral: true });
    expect(rvo.filter((item) => item.isManure)).toHaveLength(52);
  });

  it("gives the declared composition of mineral fertilizers in g/kg", () => {
    expect(byId(mineral, "mineral_urea").composition).toEqual({
      n: 460,
      p2o5: null,
      k2o: null,
      so3: null,
      mgo: null,
      cao: null,
    });
    expect(byId(mineral, "mineral_an33").composition.n).toBe(335);
    expect(byId(mineral, "mineral_dap").composition).toMatchObject({ n: 180, p2o5: 460 });
    expect(byId(mineral, "mineral_kcl60").composition.k2o).toBe(600);
    expect(byId(mineral, "mineral_kieserite").composition).toMatchObject({ mgo: 250, so3: 500 });
  });

  it("keeps every item within its type's rules", () => {
    for (const item of [...rvo, ...mineral]) {
      const label = item.id;
      expect(item.nameNl.length, label).toBeGreaterThan(0);
      expect(item.source.length, label).toBeGreaterThan(0);
      expect(item.hash, label).toMatch(/^[0-9a-f]{64}$/);
      let total = 0;
      for (const value of Object.values(item.composition)) {
        if (value === null) continue;
        expect(value, label).toBeGreaterThan(0);
        expect(value, label).toBeLessThanOrEqual(1000);
        total += value;
      }
      // Oxide contents can exceed the element mass, but never the product mass by much.
      expect(total, label).toBeLessThanOrEqual(1100);
      expect(item.applicationMethods.length, label).toBeGreaterThan(0);
      for (const method of item.applicationMethods) expect(allMethods, label).toContain(method);
      expect(new Set(item.applicationMethods).size, label).toBe(item.applicationMethods.length);
    }
  });

  it("never allows surface broadcasting of slurry or liquid manure", () => {
    const wet = rvo.filter((item) => item.form === "slurry" || item.form === "liquid");
    expect(wet.length).toBeGreaterThan(10);
    for (const item of wet) expect(item.applicationMethods, item.id).not.toContain("broadcasting");
    expect(byId(mineral, "mineral_uan30").applicationMethods).toEqual(["spraying", "injection"]);
    expect(byId(rvo, "rvo_10").applicationMethods).toEqual(["broadcasting", "incorporation"]);
  });

  it("returns frozen items in a fresh array on every call", () => {
    const first = getFertilizersCatalogue("rvo");
    const second = getFertilizersCatalogue("rvo");
    expect(first).not.toBe(second);
    expect(first[0]).toBe(second[0]);
    expect(Object.isFrozen(first[0])).toBe(true);
    expect(Object.isFrozen(first[0]?.composition)).toBe(true);
  });

  it("rejects an unknown name with the valid names in the message", () => {
    expect(() => getFertilizersCatalogue("kunstmest" as "rvo")).toThrow(UnknownCatalogueError);
    expect(() => getFertilizersCatalogue("kunstmest" as "rvo")).toThrow(
      'Unknown fertilizer catalogue "kunstmest": the name must be one of "rvo", "mineral"',
    );
  });
});
