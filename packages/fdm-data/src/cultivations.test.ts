import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { canonicalItem } from "./hash.js";
import {
  type CatalogueCultivationItem,
  getCultivationCatalogue,
  type Harvestable,
  hashCultivation,
  type Rotation,
  UnknownCatalogueError,
} from "./index.js";

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

describe("getCultivationCatalogue('brp')", () => {
  it("holds every one of the 525 BRP crop codes, in code order, from 172 to 7138", () => {
    expect(brp).toHaveLength(525);
    expect(brp[0]).toMatchObject({ id: "nl_172", sourceName: "tuinbouwzaden" });
    expect(brp.at(-1)).toMatchObject({ id: "nl_7138", sourceName: "palmkool" });
    const codes = brp.map((item) => item.sourceCode);
    expect([...codes].sort((a, b) => a - b)).toEqual(codes);
  });

  it("matches the public BRP list code for code and name for name", () => {
    // The reference list sits beside the repository in CI and in development; the
    // catalogue itself never reads it.
    const csv = readFileSync(
      new URL("../../../../shared/reference/nl-2025/brp-gewascodes.csv", import.meta.url),
      "utf8",
    );
    const rows = csv
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => {
        const comma = line.indexOf(",");
        const name = line.slice(comma + 1);
        return [Number(line.slice(0, comma)), name.startsWith('"') ? name.slice(1, -1) : name];
      });
    expect(rows).toHaveLength(525);
    expect(brp.map((item) => [item.sourceCode, item.sourceName])).toEqual(rows);
  });

  it("has unique ids of the form nl_<code>", () => {
    const ids = brp.map((item) => item.id);
    expect(new Set(ids).size).toBe(525);
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

  it("keeps every item within its type's rules", () => {
    for (const item of brp) {
      expect(item.catalogue).toBe("brp");
      expect(harvestables, item.id).toContain(item.harvestable);
      expect(rotations, item.id).toContain(item.rotation);
      expect(item.nameNl.charAt(0), item.id).toBe(item.nameNl.charAt(0).toUpperCase());
      expect(item.nameNl.toLowerCase(), item.id).toBe(item.sourceName.toLowerCase());
      expect(item.nameEn === null || item.nameEn.trim().length > 0, item.id).toBe(true);
      // No sourced agronomic figures are encoded: they must be null, never a made-up 0.
      expect(item.yieldDryMatter, item.id).toBeNull();
      expect(item.nitrogenContentHarvest, item.id).toBeNull();
      expect(item.nitrogenFixation, item.id).toBeNull();
      expect(item.hash, item.id).toBe(hashCultivation(item));
    }
    // Nature, fallow and margins are never harvested.
    for (const item of brp.filter((i) => i.rotation === "nature" || i.rotation === "fallow")) {
      expect(item.harvestable, item.id).toBe("none");
    }
  });

  it("pins the hash of nl_265 to a SHA-256 computed with sha256sum", () => {
    // printf '%s' '<the JSON below>' | sha256sum
    const canonical =
      '{"catalogue":"brp","harvestable":"multiple","id":"nl_265","nameEn":"Grassland, permanent",' +
      '"nameNl":"Grasland, blijvend","nitrogenContentHarvest":null,"nitrogenFixation":null,' +
      '"rotation":"grassland","sourceCode":265,"sourceName":"grasland, blijvend","yieldDryMatter":null}';
    const grass = byId("nl_265");
    expect(canonicalItem(grass)).toBe(canonical);
    expect(grass.hash).toBe("973241677b72294050ab36552cd56539f65ac7719253b80a8632ce531e8a75ad");
  });

  it("returns frozen items in a fresh array on every call", () => {
    const again = getCultivationCatalogue("brp");
    expect(again).not.toBe(brp);
    expect(again[0]).toBe(brp[0]);
    const item = brp[0] as CatalogueCultivationItem;
    expect(() => {
      item.nameEn = "changed";
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
