import { describe, expect, it } from "vitest";
import { canonicalItem } from "./hash.js";
import {
  type CatalogueFertilizerItem,
  getFertilizersCatalogue,
  hashCultivation,
  hashFertilizer,
} from "./index.js";

/**
 * The canonical form of RVO mestcode 14, typed out by hand: keys sorted at
 * every depth, no `hash`. Its pinned SHA-256 was computed outside this code with
 *   printf '%s' '<the JSON below>' | sha256sum
 */
const RVO_14_CANONICAL =
  '{"applicationMethods":["narrowband","shallow_injection","injection","incorporation"],' +
  '"catalogue":"rvo","composition":{"cao":null,"k2o":null,"mgo":null,"n":4,"p2o5":1.5,"so3":null},' +
  '"dryMatter":null,"form":"slurry","id":"rvo_14","isCompost":false,"isManure":true,"isMineral":false,' +
  '"nameEn":"Cattle - slurry, except from veal calves",' +
  '"nameNl":"Rundvee - Drijfmest behalve van vleeskalveren",' +
  '"source":"RVO, Uitvoeringsregeling Meststoffenwet, Table 11 (mestcodes and forfaitaire contents), 2025",' +
  '"sourceName":"Rundvee - Drijfmest behalve van vleeskalveren","typeRvo":14}';
const RVO_14_SHA256 = "2f4c7f4fb10274c9ce44766992682949b3c9b926bda9bcf6a6ca2842101c7ab9";

const slurry = getFertilizersCatalogue("rvo").find(
  (item) => item.id === "rvo_14",
) as CatalogueFertilizerItem;

/** Rebuilds an object with its keys in reverse order, at every depth. */
function reverseKeys<T>(value: T): T {
  if (Array.isArray(value) || value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .reverse()
      .map((key) => [key, reverseKeys((value as Record<string, unknown>)[key])]),
  ) as T;
}

describe("hashFertilizer", () => {
  it("hashes the canonical form to the SHA-256 computed with sha256sum", () => {
    expect(canonicalItem(slurry)).toBe(RVO_14_CANONICAL);
    expect(hashFertilizer(slurry)).toBe(RVO_14_SHA256);
    expect(slurry.hash).toBe(RVO_14_SHA256);
  });

  it("ignores property order and the hash field itself", () => {
    expect(hashFertilizer(reverseKeys(slurry))).toBe(RVO_14_SHA256);
    expect(hashFertilizer({ ...slurry, hash: "something else" })).toBe(RVO_14_SHA256);
    const { hash: _hash, ...withoutHash } = slurry;
    expect(hashFertilizer(withoutHash)).toBe(RVO_14_SHA256);
  });

  it("changes when any field changes, nested ones included", () => {
    const variants: CatalogueFertilizerItem[] = [
      { ...slurry, id: "rvo_14b" },
      { ...slurry, nameEn: null },
      { ...slurry, typeRvo: 115 },
      { ...slurry, isManure: false },
      { ...slurry, form: "liquid" },
      { ...slurry, dryMatter: 90 },
      { ...slurry, composition: { ...slurry.composition, n: 4.1 } },
      { ...slurry, composition: { ...slurry.composition, k2o: 0 } },
      { ...slurry, applicationMethods: [...slurry.applicationMethods].reverse() },
      { ...slurry, applicationMethods: slurry.applicationMethods.slice(1) },
      { ...slurry, source: `${slurry.source}.` },
      { ...slurry, ammoniaEmissionFactor: 0.1 },
      { ...slurry, density: 1 },
      { ...slurry, composition: { ...slurry.composition, nNh4: 2 } },
    ];
    const hashes = new Set(variants.map((variant) => hashFertilizer(variant)));
    expect(hashes.size).toBe(variants.length);
    expect(hashes.has(RVO_14_SHA256)).toBe(false);
  });

  it("leaves fields added after the first release out while they are null", () => {
    // rvo_14 has none of NMI's figures, so its hash is the one pinned before they existed.
    expect(slurry.ammoniaEmissionFactor).toBeNull();
    expect(slurry.composition.nNh4).toBeNull();
    expect(canonicalItem(slurry)).not.toContain("ammoniaEmissionFactor");
    expect(canonicalItem({ ...slurry, density: 1.005 })).toContain('"density":1.005');
  });

  it("rejects non-finite numbers instead of hashing them as null", () => {
    expect(() => hashFertilizer({ ...slurry, dryMatter: Number.NaN })).toThrow(TypeError);
  });
});

describe("hashCultivation", () => {
  const item = {
    catalogue: "brp" as const,
    id: "nl_265",
    sourceCode: 265,
    sourceName: "grasland, blijvend",
    nameNl: "Grasland, blijvend",
    nameEn: "Grassland, permanent",
    harvestable: "multiple" as const,
    rotation: "grassland" as const,
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
    varietyOptions: [] as string[],
    defaultSowingDate: null,
    defaultHarvestDate: null,
  };

  it("is deterministic, order-independent and changes with every field", () => {
    const base = hashCultivation(item);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCultivation(reverseKeys(item))).toBe(base);
    expect(hashCultivation({ ...item, hash: "x" })).toBe(base);
    const changed = [
      { ...item, nameEn: null },
      { ...item, harvestable: "once" as const },
      { ...item, rotation: "nature" as const },
      { ...item, yieldDryMatter: 0 },
      { ...item, nitrogenFixation: 1 },
      { ...item, sourceCode: 266 },
      { ...item, harvestIndex: 0.5 },
      { ...item, isRustgewas: false },
      { ...item, varietyOptions: ["Bintje"] },
      { ...item, defaultSowingDate: "04-15" },
    ].map((variant) => hashCultivation(variant));
    expect(new Set([base, ...changed]).size).toBe(changed.length + 1);
  });
});
