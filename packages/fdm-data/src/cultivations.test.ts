import { describe, expect, it } from "vitest";
import { canonicalItem } from "./hash.js";
import {
  type CatalogueCultivationItem,
  canHarvest,
  getCultivationCatalogue,
  getDefaultDates,
  type Harvestable,
  hashCultivation,
  ROTATIONS,
  type Rotation,
  UnknownCatalogueError,
} from "./index.js";
import { numberOrNull, readReferenceCsv } from "./test-reference.js";

const brp = getCultivationCatalogue("brp");
const byId = (id: string) => {
  const item = brp.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`no item ${id}`);
  return item;
};

const harvestables: Harvestable[] = ["once", "multiple", "none"];
const rotations: Rotation[] = [
  "grassland",
  "cereal",
  "maize",
  "potato",
  "sugar_beet",
  "legume",
  "oilseed",
  "vegetable",
  "flower_bulb",
  "tree_nursery",
  "fruit",
  "catch_crop",
  "fallow",
  "nature",
  "other",
];

describe("ROTATIONS", () => {
  it("lists the fifteen rotation groups, frozen", () => {
    expect([...ROTATIONS]).toEqual(rotations);
    expect(Object.isFrozen(ROTATIONS)).toBe(true);
  });
});

const rvoList = readReferenceCsv("nl-2025/brp-gewascodes.csv").map(
  (row) => [Number(row.code), row.name_nl] as const,
);
const nmi = new Map(
  readReferenceCsv("nmi-catalogues/brp-cultivations.csv").map((row) => [
    Number((row.b_lu_catalogue ?? "").replace(/^nl_/, "")),
    row,
  ]),
);
const normCodes = (path: string) =>
  new Set(
    readReferenceCsv(path).flatMap((row) =>
      (row.brp_codes ?? "").split(" ").filter(Boolean).map(Number),
    ),
  );
const codes2025 = normCodes("nl-2025/stikstof-norms-2025.csv");
const codes2026 = normCodes("nl-2026/stikstof-norms-2026.csv");
const rvoCodes = new Set(rvoList.map(([code]) => code));
const added2026 = [7136, 7139, 7193, 7194, 7195, 7196, 7197];

describe("getCultivationCatalogue('brp')", () => {
  it("holds the 525 codes of RVO's 2025 BRP list and the 7 that the 2026 norm tables add, in code order", () => {
    expect(brp).toHaveLength(532);
    expect(brp[0]).toMatchObject({ id: "nl_172", sourceName: "tuinbouwzaden" });
    expect(brp.at(-1)).toMatchObject({ id: "nl_7197", sourceName: "bamboe" });
    const codes = brp.map((item) => item.sourceCode);
    expect([...codes].sort((a, b) => a - b)).toEqual(codes);
  });

  it("matches RVO's 2025 BRP list code for code and name for name", () => {
    expect(rvoList).toHaveLength(525);
    const fromRvo = brp.filter((item) => rvoCodes.has(item.sourceCode));
    expect(fromRvo.map((item) => [item.sourceCode, item.sourceName])).toEqual(rvoList);
  });

  it("adds exactly the codes of the 2026 Table 2 that RVO's 2025 list lacks, with NMI's names", () => {
    const extra = brp.filter((item) => !rvoCodes.has(item.sourceCode));
    expect(extra.map((item) => item.sourceCode)).toEqual(added2026);
    expect([...codes2026].filter((code) => !rvoCodes.has(code)).sort((a, b) => a - b)).toEqual(
      added2026,
    );
    for (const item of extra) {
      expect(item.sourceName, item.id).toBe(nmi.get(item.sourceCode)?.b_lu_name);
    }
    expect(byId("nl_7195")).toMatchObject({ nameNl: "Bosui", rotation: "vegetable" });
  });

  it("holds every code the 2025 and 2026 stikstof norm tables use", () => {
    const ids = new Set(brp.map((item) => item.sourceCode));
    for (const code of [...codes2025, ...codes2026]) expect(ids.has(code), `nl_${code}`).toBe(true);
  });

  it("carries NMI's figures code for code, with null where NMI gives none", () => {
    expect(nmi.size).toBe(532);
    for (const item of brp) {
      const row = nmi.get(item.sourceCode);
      if (!row) throw new Error(`no NMI row for ${item.id}`);
      expect(
        {
          yieldDryMatter: item.yieldDryMatter,
          dryMatterContent: item.dryMatterContent,
          harvestIndex: item.harvestIndex,
          nitrogenContentHarvest: item.nitrogenContentHarvest,
          nitrogenContentResidue: item.nitrogenContentResidue,
          nitrogenFixation: item.nitrogenFixation,
          effectiveOrganicMatter: item.effectiveOrganicMatter,
          effectiveOrganicMatterResidue: item.effectiveOrganicMatterResidue,
          harvestCategory: item.harvestCategory,
          isRustgewas: item.isRustgewas,
          varietyOptions: item.varietyOptions,
          defaultSowingDate: item.defaultSowingDate,
          defaultHarvestDate: item.defaultHarvestDate,
        },
        item.id,
      ).toEqual({
        yieldDryMatter: numberOrNull(row.b_lu_yield),
        dryMatterContent: numberOrNull(row.b_lu_dm),
        harvestIndex: numberOrNull(row.b_lu_hi),
        nitrogenContentHarvest: numberOrNull(row.b_lu_n_harvestable),
        nitrogenContentResidue: numberOrNull(row.b_lu_n_residue),
        nitrogenFixation: numberOrNull(row.b_n_fixation),
        effectiveOrganicMatter: numberOrNull(row.b_lu_eom),
        effectiveOrganicMatterResidue: numberOrNull(row.b_lu_eom_residue),
        harvestCategory: row.b_lu_harvestcat === "" ? null : row.b_lu_harvestcat,
        isRustgewas: row.b_lu_rest_oravib === "" ? null : row.b_lu_rest_oravib === "True",
        varietyOptions: (row.b_lu_variety_options ?? "").split("||").filter(Boolean),
        defaultSowingDate: row.b_lu_start_default || null,
        defaultHarvestDate: row.b_date_harvest_default || null,
      });
    }
  });

  it("shows the figures of well-known crops as NMI publishes them", () => {
    expect(byId("nl_233")).toMatchObject({
      yieldDryMatter: 7830,
      dryMatterContent: 870,
      harvestIndex: 0.44,
      nitrogenContentHarvest: 23.5,
      harvestCategory: "HC050",
      isRustgewas: true,
    });
    expect(byId("nl_258").nitrogenFixation).toBe(300);
    expect(byId("nl_335").harvestCategory).toBeNull();
    expect(byId("nl_2014").varietyOptions).toContain("Bintje");
    expect(byId("nl_265").varietyOptions).toEqual([]);
  });

  it("has unique ids of the form nl_<code>", () => {
    const ids = brp.map((item) => item.id);
    expect(new Set(ids).size).toBe(532);
    for (const item of brp) expect(item.id).toBe(`nl_${item.sourceCode}`);
  });

  it("classifies well-known crops", () => {
    expect(byId("nl_265")).toMatchObject({
      nameNl: "Grasland, blijvend",
      nameEn: "Grassland, permanent",
      harvestable: "multiple",
      rotation: "grassland",
    });
    expect(byId("nl_259")).toMatchObject({
      nameNl: "Mais, snij-",
      rotation: "maize",
      harvestable: "once",
    });
    expect(byId("nl_256")).toMatchObject({ rotation: "sugar_beet", harvestable: "once" });
    expect(byId("nl_2014")).toMatchObject({ rotation: "potato", harvestable: "once" });
    expect(byId("nl_233")).toMatchObject({ rotation: "cereal", nameEn: "Wheat, winter" });
    expect(byId("nl_335")).toMatchObject({ rotation: "nature", harvestable: "none" });
    expect(byId("nl_6794")).toMatchObject({ rotation: "fallow", harvestable: "none" });
  });

  it("keeps every item within its type's rules and physical bounds", () => {
    const bounded = (value: number | null, max: number, label: string) => {
      if (value === null) return;
      expect(value, label).toBeGreaterThanOrEqual(0);
      expect(value, label).toBeLessThanOrEqual(max);
    };
    for (const item of brp) {
      expect(item.catalogue).toBe("brp");
      expect(ROTATIONS, item.id).toContain(item.rotation);
      expect(harvestables, item.id).toContain(item.harvestable);
      expect(rotations, item.id).toContain(item.rotation);
      expect(item.nameNl.charAt(0), item.id).toBe(item.nameNl.charAt(0).toUpperCase());
      expect(item.nameNl.toLowerCase(), item.id).toBe(item.sourceName.toLowerCase());
      expect(item.nameEn === null || item.nameEn.trim().length > 0, item.id).toBe(true);
      bounded(item.yieldDryMatter, 40_000, `${item.id} yield`);
      bounded(item.dryMatterContent, 1000, `${item.id} dm`);
      bounded(item.harvestIndex, 1, `${item.id} hi`);
      bounded(item.nitrogenContentHarvest, 100, `${item.id} n`);
      bounded(item.nitrogenContentResidue, 100, `${item.id} n residue`);
      bounded(item.nitrogenFixation, 500, `${item.id} fixation`);
      expect(item.hash, item.id).toBe(hashCultivation(item));
    }
    for (const item of brp.filter((i) => i.rotation === "nature" || i.rotation === "fallow")) {
      expect(item.harvestable, item.id).toBe("none");
    }
  });

  it("pins the hash of nl_265, figures included, to a SHA-256 computed with sha256sum", () => {
    // printf '%s' '<the JSON below>' | sha256sum
    const canonical =
      '{"catalogue":"brp","defaultHarvestDate":"07-15","defaultSowingDate":"10-15","dryMatterContent":150,' +
      '"effectiveOrganicMatter":3975,"effectiveOrganicMatterResidue":0,"harvestCategory":"HC020",' +
      '"harvestIndex":0.67,"harvestable":"multiple","id":"nl_265","isRustgewas":true,' +
      '"nameEn":"Grassland, permanent","nameNl":"Grasland, blijvend","nitrogenContentHarvest":28.6,' +
      '"nitrogenContentResidue":22.9,"nitrogenFixation":0,"rotation":"grassland","sourceCode":265,' +
      '"sourceName":"grasland, blijvend","yieldDryMatter":1838}';
    const grass = byId("nl_265");
    expect(canonicalItem(grass)).toBe(canonical);
    expect(grass.hash).toBe("a9ac7ed9a1c5c52cc1d19be1db0c07488583fa11c7e0765c52f36f3af6c6e5fb");
  });

  it("gives an item without the new figures the hash it had before they existed", () => {
    // The pinned hash of nl_265 in fdm-data 0.8, when every figure was null.
    const before: Omit<CatalogueCultivationItem, "hash"> = {
      ...byId("nl_265"),
      yieldDryMatter: null,
      nitrogenContentHarvest: null,
      nitrogenFixation: null,
      dryMatterContent: null,
      harvestIndex: null,
      nitrogenContentResidue: null,
      effectiveOrganicMatter: null,
      effectiveOrganicMatterResidue: null,
      harvestCategory: null,
      isRustgewas: null,
      varietyOptions: [],
      defaultSowingDate: null,
      defaultHarvestDate: null,
    };
    expect(hashCultivation(before)).toBe(
      "973241677b72294050ab36552cd56539f65ac7719253b80a8632ce531e8a75ad",
    );
  });

  it("returns frozen items in a fresh array on every call", () => {
    const again = getCultivationCatalogue("brp");
    expect(again).not.toBe(brp);
    expect(again[0]).toBe(brp[0]);
    const item = brp[0] as CatalogueCultivationItem;
    expect(() => {
      item.nameEn = "changed";
    }).toThrow(TypeError);
    expect(() => {
      item.varietyOptions.push("x");
    }).toThrow(TypeError);
  });

  it("rejects an unknown name with the valid names in the message", () => {
    expect(() => getCultivationCatalogue("bpr" as "brp")).toThrow(UnknownCatalogueError);
    expect(() => getCultivationCatalogue("bpr" as "brp")).toThrow(
      'Unknown cultivation catalogue "bpr": the name must be one of "brp"',
    );
    try {
      getCultivationCatalogue("bpr" as "brp");
    } catch (error) {
      expect(error).toMatchObject({
        code: "UNKNOWN_CATALOGUE",
        requestedName: "bpr",
        validNames: ["brp"],
      });
    }
  });
});

describe("getDefaultDates", () => {
  const iso = (date: Date | null) => date?.toISOString().slice(0, 10) ?? null;

  it("puts the harvest in the next year when its day comes before the sowing day", () => {
    // Winter wheat: NMI sows on 10-01 and harvests on 08-14.
    const { sowingDate, harvestDate } = getDefaultDates(byId("nl_233"), 2025);
    expect(iso(sowingDate)).toBe("2025-10-01");
    expect(iso(harvestDate)).toBe("2026-08-14");
  });

  it("keeps sowing and harvest in one year when the harvest day comes later", () => {
    // Silage maize: 04-15 to 10-14.
    const { sowingDate, harvestDate } = getDefaultDates(byId("nl_259"), 2026);
    expect(iso(sowingDate)).toBe("2026-04-15");
    expect(iso(harvestDate)).toBe("2026-10-14");
    expect(sowingDate?.getUTCHours()).toBe(0);
  });

  it("returns null for a day NMI does not give", () => {
    expect(getDefaultDates({ defaultSowingDate: null, defaultHarvestDate: "07-15" }, 2025)).toEqual(
      { sowingDate: null, harvestDate: new Date("2025-07-15T00:00:00Z") },
    );
    expect(getDefaultDates({ defaultSowingDate: null, defaultHarvestDate: null }, 2025)).toEqual({
      sowingDate: null,
      harvestDate: null,
    });
  });

  it("gives every catalogue crop both dates, the harvest after the sowing", () => {
    for (const item of brp) {
      const { sowingDate, harvestDate } = getDefaultDates(item, 2025);
      expect(sowingDate, item.id).not.toBeNull();
      expect(harvestDate, item.id).not.toBeNull();
      expect((harvestDate as Date).getTime(), item.id).toBeGreaterThan(
        (sowingDate as Date).getTime(),
      );
    }
  });

  it("rejects a year outside 1900-2200 and a malformed day", () => {
    expect(() => getDefaultDates(byId("nl_233"), 2025.5)).toThrow(
      "year must be a whole number from 1900 to 2200",
    );
    expect(() => getDefaultDates(byId("nl_233"), 1800)).toThrow(RangeError);
    expect(() =>
      getDefaultDates({ defaultSowingDate: "13-01", defaultHarvestDate: null }, 2025),
    ).toThrow('defaultSowingDate must be an MM-DD day or null, got "13-01"');
  });
});

describe("canHarvest", () => {
  it("allows one harvest of a once crop, any number of a multiple crop, none of a none crop", () => {
    expect(canHarvest("once", 0)).toBe(true);
    expect(canHarvest("once", 1)).toBe(false);
    expect(canHarvest("multiple", 0)).toBe(true);
    expect(canHarvest("multiple", 7)).toBe(true);
    expect(canHarvest("none", 0)).toBe(false);
    expect(canHarvest(byId("nl_265").harvestable, 3)).toBe(true);
    expect(canHarvest(byId("nl_335").harvestable, 0)).toBe(false);
  });

  it("rejects a count that is not a whole number of at least 0 and an unknown value", () => {
    expect(() => canHarvest("once", -1)).toThrow("harvestsSoFar must be a whole number");
    expect(() => canHarvest("once", 0.5)).toThrow(RangeError);
    expect(() => canHarvest("twice" as Harvestable, 0)).toThrow(
      'harvestable must be "once", "multiple" or "none"',
    );
  });
});
