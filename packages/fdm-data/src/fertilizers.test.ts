import { describe, expect, it } from "vitest";
import type { ApplicationMethods, CatalogueFertilizerItem } from "./index.js";
import { getFertilizersCatalogue, UnknownCatalogueError } from "./index.js";
import { numberOrNull, readReferenceCsv } from "./test-reference.js";

const allMethods: ApplicationMethods[] = [
  "broadcasting",
  "narrowband",
  "shallow_injection",
  "injection",
  "incorporation",
  "spraying",
];

const rvo = getFertilizersCatalogue("rvo");
const srm = getFertilizersCatalogue("srm");
const baat = getFertilizersCatalogue("baat");
const byId = (items: CatalogueFertilizerItem[], id: string) => {
  const item = items.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`no item ${id}`);
  return item;
};

describe("getFertilizersCatalogue('rvo')", () => {
  const table2025 = readReferenceCsv("nl-2025/mestcodes-2025.csv");
  const table2026 = readReferenceCsv("nl-2026/mestcodes-2026.csv");

  it("returns the 58 mestcodes of Table 11 (2025) and the 5 RENURE codes of 2026, with ids rvo_<code>", () => {
    expect(rvo).toHaveLength(63);
    expect(rvo.map((item) => item.id).slice(0, 5)).toEqual([
      "rvo_10",
      "rvo_11",
      "rvo_12",
      "rvo_13",
      "rvo_14",
    ]);
    expect(rvo.at(-1)?.id).toBe("rvo_134");
    for (const item of rvo) expect(item.id).toBe(`rvo_${item.typeRvo}`);
  });

  it("matches RVO's Table 11 code for code: name, animal manure and forfaitaire contents", () => {
    expect(table2025).toHaveLength(58);
    expect(table2026).toHaveLength(63);
    const codes2025 = new Set(table2025.map((row) => Number(row.code)));
    expect(rvo.map((item) => item.typeRvo)).toEqual(table2026.map((row) => Number(row.code)));
    for (const row of table2026) {
      const item = byId(rvo, `rvo_${row.code}`);
      expect(
        {
          sourceName: item.sourceName,
          isManure: item.isManure,
          n: item.composition.n,
          p2o5: item.composition.p2o5,
        },
        item.id,
      ).toEqual({
        sourceName: row.description,
        isManure: row.dierlijke_mest_nitraatrichtlijn === "true",
        n: numberOrNull(row.n_forfaitair_kg_per_ton),
        p2o5: numberOrNull(row.p2o5_forfaitair_kg_per_ton),
      });
      expect(item.source, item.id).toContain(codes2025.has(item.typeRvo) ? "2025" : "2026");
    }
    // The 2025 rows are the same in 2026.
    for (const row of table2025) {
      expect(table2026.find((r) => r.code === row.code)?.description).toBe(row.description);
    }
  });

  it("carries RVO's forfaitaire contents in kg per ton", () => {
    expect(byId(rvo, "rvo_14").composition).toMatchObject({ n: 4, p2o5: 1.5 });
    expect(byId(rvo, "rvo_50").composition).toMatchObject({ n: 6.4, p2o5: 3.8 });
    expect(byId(rvo, "rvo_32").composition).toMatchObject({ n: 26, p2o5: 20.9 });
    expect(byId(rvo, "rvo_91").composition).toMatchObject({ n: 0.81, p2o5: 0.14 });
  });

  it("leaves contents null where RVO gives no standard figure, and NMI's figures null", () => {
    for (const code of [108, 111, 112, 113, 114, 115, 116, 120, 130, 134]) {
      const item = byId(rvo, `rvo_${code}`);
      expect(item.composition.n, `rvo_${code}`).toBeNull();
      expect(item.composition.p2o5, `rvo_${code}`).toBeNull();
    }
    for (const item of rvo) {
      expect(item.ammoniaEmissionFactor, item.id).toBeNull();
      expect(item.density, item.id).toBeNull();
      expect(item.composition.nNh4, item.id).toBeNull();
    }
  });

  it("marks animal manure, compost and kunstmest as RVO does", () => {
    expect(byId(rvo, "rvo_110").isManure).toBe(true);
    expect(byId(rvo, "rvo_111")).toMatchObject({ isManure: false, isCompost: true });
    expect(byId(rvo, "rvo_115")).toMatchObject({ isManure: false, isMineral: true });
    expect(byId(rvo, "rvo_132")).toMatchObject({ isManure: false, form: "liquid" });
    expect(rvo.filter((item) => item.isManure)).toHaveLength(52);
  });
});

describe("getFertilizersCatalogue('srm') and ('baat')", () => {
  const methodOf: Record<string, ApplicationMethods> = {
    broadcasting: "broadcasting",
    incorporation: "incorporation",
    "incorporation 2 tracks": "incorporation",
    narrowband: "narrowband",
    "slotted coulter": "shallow_injection",
    "shallow injection": "shallow_injection",
    injection: "injection",
    "pocket placement": "injection",
    "spoke wheel": "injection",
    spraying: "spraying",
  };

  for (const [name, items, file, idOf] of [
    ["srm", srm, "srm-fertilizers.csv", (id: string) => `srm_${id}`],
    ["baat", baat, "baat-fertilizers.csv", (id: string) => `baat_${id.slice(4)}`],
  ] as const) {
    it(`${name}: matches NMI's table product for product, null where NMI gives none`, () => {
      const rows = readReferenceCsv(`nmi-catalogues/${file}`);
      expect(items.map((item) => item.id)).toEqual(
        rows.map((row) => idOf(row.p_id_catalogue ?? "")),
      );
      for (const row of rows) {
        const item = byId(items, idOf(row.p_id_catalogue ?? ""));
        expect(
          {
            nameNl: item.nameNl,
            nameEn: item.nameEn,
            typeRvo: item.typeRvo,
            isManure: item.isManure,
            isMineral: item.isMineral,
            isCompost: item.isCompost,
            dryMatter: item.dryMatter,
            composition: item.composition,
            ammoniaEmissionFactor: item.ammoniaEmissionFactor,
            organicMatter: item.organicMatter,
            effectiveOrganicMatter: item.effectiveOrganicMatter,
            density: item.density,
            applicationMethods: [...item.applicationMethods].sort(),
          },
          item.id,
        ).toEqual({
          nameNl: row.p_name_nl,
          nameEn: row.p_name_en || null,
          typeRvo: Number(row.p_type_rvo),
          isManure: row.p_type_manure === "True",
          isMineral: row.p_type_mineral === "True",
          isCompost: row.p_type_compost === "True",
          dryMatter: numberOrNull(row.p_dm),
          composition: {
            n: numberOrNull(row.p_n_rt),
            p2o5: numberOrNull(row.p_p_rt),
            k2o: numberOrNull(row.p_k_rt),
            so3: numberOrNull(row.p_s_rt),
            mgo: numberOrNull(row.p_mg_rt),
            cao: numberOrNull(row.p_ca_rt),
            nNh4: numberOrNull(row.p_nh4_rt),
            nNo3: numberOrNull(row.p_no3_rt),
            nOrganic: numberOrNull(row.p_n_of),
          },
          ammoniaEmissionFactor: numberOrNull(row.p_ef_nh3),
          organicMatter: numberOrNull(row.p_om),
          effectiveOrganicMatter: numberOrNull(row.p_eom),
          density: numberOrNull(row.p_density),
          applicationMethods: [
            ...new Set(
              (row.p_app_method_options ?? "")
                .split("||")
                .filter(Boolean)
                .map((method) => methodOf[method]),
            ),
          ].sort(),
        });
        expect(item.source, item.id).toBe(
          `NMI, fdm-data catalogues (MIT): ${name === "srm" ? "organic fertilizers (srm)" : "mineral fertilizers (baat)"}`,
        );
      }
    });
  }

  it("has 47 srm and 75 baat products", () => {
    expect(srm).toHaveLength(47);
    expect(baat).toHaveLength(75);
  });

  it("shows well-known products with NMI's figures", () => {
    expect(byId(baat, "baat_028")).toMatchObject({
      nameNl: "KAS",
      typeRvo: 115,
      isMineral: true,
      ammoniaEmissionFactor: 0.025,
      composition: { n: 270, nNh4: 135, nNo3: 135 },
    });
    expect(byId(baat, "baat_058")).toMatchObject({
      nameNl: "Ureum (korrel)",
      ammoniaEmissionFactor: 0.143,
    });
    expect(byId(baat, "baat_050")).toMatchObject({ typeRvo: 14, isManure: true, form: "slurry" });
    expect(byId(srm, "srm_0fa8fb5bc763ad9b")).toMatchObject({
      nameNl: "Agrotop-compost",
      isCompost: true,
      organicMatter: 231,
      effectiveOrganicMatter: 173,
      form: null,
    });
    // srm gives no emission factor: null, not 0.
    for (const item of srm) expect(item.ammoniaEmissionFactor, item.id).toBeNull();
  });

  it("reports every product under a mestcode of the rvo catalogue", () => {
    const codes = new Set(rvo.map((item) => item.typeRvo));
    for (const item of [...srm, ...baat]) expect(codes.has(item.typeRvo), item.id).toBe(true);
  });
});

describe("getFertilizersCatalogue", () => {
  it("has no duplicate ids across catalogues", () => {
    const ids = [...rvo, ...srm, ...baat].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(63 + 47 + 75);
  });

  it("keeps every item within its type's rules and physical bounds", () => {
    for (const item of [...rvo, ...srm, ...baat]) {
      const label = item.id;
      expect(item.nameNl.length, label).toBeGreaterThan(0);
      expect(item.source.length, label).toBeGreaterThan(0);
      expect(item.hash, label).toMatch(/^[0-9a-f]{64}$/);
      for (const value of Object.values(item.composition)) {
        if (value === null || value === undefined) continue;
        expect(value, label).toBeGreaterThanOrEqual(0);
        expect(value, label).toBeLessThanOrEqual(1000);
      }
      if (item.composition.n !== null && item.composition.nNh4 != null) {
        expect(item.composition.nNh4, label).toBeLessThanOrEqual(item.composition.n);
      }
      for (const fraction of [item.ammoniaEmissionFactor]) {
        if (fraction !== null) expect(fraction >= 0 && fraction <= 1, label).toBe(true);
      }
      if (item.density !== null) expect(item.density > 0 && item.density < 3, label).toBe(true);
      expect(item.applicationMethods.length, label).toBeGreaterThan(0);
      for (const method of item.applicationMethods) expect(allMethods, label).toContain(method);
      expect(new Set(item.applicationMethods).size, label).toBe(item.applicationMethods.length);
    }
  });

  it("never allows surface broadcasting of slurry or liquid manure", () => {
    const wet = [...rvo, ...baat].filter(
      (item) => item.isManure && (item.form === "slurry" || item.form === "liquid"),
    );
    expect(wet.length).toBeGreaterThan(10);
    for (const item of wet) expect(item.applicationMethods, item.id).not.toContain("broadcasting");
    expect(byId(rvo, "rvo_10").applicationMethods).toEqual(["broadcasting", "incorporation"]);
  });

  it("returns frozen items in a fresh array on every call", () => {
    const first = getFertilizersCatalogue("baat");
    const second = getFertilizersCatalogue("baat");
    expect(first).not.toBe(second);
    expect(first[0]).toBe(second[0]);
    expect(Object.isFrozen(first[0])).toBe(true);
    expect(Object.isFrozen(first[0]?.composition)).toBe(true);
  });

  it("rejects an unknown name, the retired 'mineral' too, with the valid names in the message", () => {
    expect(() => getFertilizersCatalogue("kunstmest" as "rvo")).toThrow(UnknownCatalogueError);
    expect(() => getFertilizersCatalogue("mineral" as "rvo")).toThrow(
      'Unknown fertilizer catalogue "mineral": the name must be one of "rvo", "srm", "baat"',
    );
  });
});
