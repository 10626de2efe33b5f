import { mineralFertilizerRows } from "./catalogues/mineral-data.js";
import { rvoMestcodeRows } from "./catalogues/rvo-data.js";
import { UnknownCatalogueError } from "./errors.js";
import { deepFreeze } from "./freeze.js";
import { hashFertilizer } from "./hash.js";
import type {
  ApplicationMethods,
  CatalogueFertilizer,
  CatalogueFertilizerItem,
  CatalogueFertilizerName,
  FertilizerComposition,
} from "./types.js";

const fertilizerCatalogueNames: readonly CatalogueFertilizerName[] = ["rvo", "mineral"];

/** Mestcode under which mineral fertilizers (kunstmest) are reported to RVO. */
const KUNSTMEST_CODE = 115;

const RVO_SOURCE =
  "RVO, Uitvoeringsregeling Meststoffenwet, Table 11 (mestcodes and forfaitaire contents), 2025";
const MINERAL_SOURCE =
  "Declared contents of the usual commercial grade; fertilizer type per Regulation (EC) No 2003/2003, Annex I";

/**
 * The methods that fit a product's form. Dutch rules require low-emission
 * spreading of slurry and liquid manure (no surface broadcasting), so those get
 * band and injection methods; solid products are broadcast or worked in.
 */
export function applicationMethodsForForm(
  form: CatalogueFertilizerItem["form"],
  isMineral: boolean,
): ApplicationMethods[] {
  switch (form) {
    case "solid":
      return ["broadcasting", "incorporation"];
    case "slurry":
      return ["narrowband", "shallow_injection", "injection", "incorporation"];
    case "liquid":
      return isMineral
        ? ["spraying", "injection"]
        : ["narrowband", "shallow_injection", "injection", "incorporation"];
    default:
      return [
        "broadcasting",
        "narrowband",
        "shallow_injection",
        "injection",
        "incorporation",
        "spraying",
      ];
  }
}

const emptyComposition = (): FertilizerComposition => ({
  n: null,
  p2o5: null,
  k2o: null,
  so3: null,
  mgo: null,
  cao: null,
});

function withHash(item: Omit<CatalogueFertilizerItem, "hash">): CatalogueFertilizerItem {
  return deepFreeze({ ...item, hash: hashFertilizer(item) });
}

function buildRvo(): CatalogueFertilizer {
  return rvoMestcodeRows.map(([code, sourceName, nameEn, form, isManure, isCompost, n, p2o5]) => {
    const isMineral = code === KUNSTMEST_CODE;
    return withHash({
      catalogue: "rvo",
      id: `rvo_${code}`,
      sourceName,
      nameNl: sourceName,
      nameEn,
      typeRvo: code,
      isMineral,
      isManure,
      isCompost,
      form,
      dryMatter: null,
      composition: { ...emptyComposition(), n, p2o5 },
      applicationMethods: applicationMethodsForForm(form, isMineral),
      source: RVO_SOURCE,
    });
  });
}

function buildMineral(): CatalogueFertilizer {
  return mineralFertilizerRows.map((row) => {
    const composition = emptyComposition();
    for (const [nutrient, percent] of Object.entries(row.percent)) {
      // Percent of mass to g/kg; rounded to strip binary noise such as 33.5 * 10.
      composition[nutrient as keyof FertilizerComposition] = Math.round(percent * 100) / 10;
    }
    return withHash({
      catalogue: "mineral",
      id: `mineral_${row.key}`,
      sourceName: row.nameNl,
      nameNl: row.nameNl,
      nameEn: row.nameEn,
      typeRvo: KUNSTMEST_CODE,
      isMineral: true,
      isManure: false,
      isCompost: false,
      form: row.form,
      dryMatter: null,
      composition,
      applicationMethods: applicationMethodsForForm(row.form, true),
      source: MINERAL_SOURCE,
    });
  });
}

const builders: Record<CatalogueFertilizerName, () => CatalogueFertilizer> = {
  rvo: buildRvo,
  mineral: buildMineral,
};
const cache = new Map<CatalogueFertilizerName, CatalogueFertilizer>();

/**
 * Returns a fertilizer catalogue: the list of products a farmer picks from.
 *
 * - `rvo`: the 63 RVO mestcodes (Table 11 of the Uitvoeringsregeling
 *   Meststoffenwet, 2025, and the RENURE codes 130–134 of 2026) with their
 *   forfaitaire (standard) N and P2O5 contents; ids are `rvo_<mestcode>`. Codes without standard figures have
 *   `null` contents: use an analysis for them.
 * - `mineral`: common mineral fertilizers by their declared composition; ids
 *   are `mineral_<key>`, all reported under mestcode 115 (kunstmest).
 *
 * Contents are in g per kg of product (equal to kg per ton). Items are frozen
 * and shared between calls; the array is a new copy on every call.
 *
 * @param name - The catalogue's name; see {@link CatalogueFertilizerName}.
 * @returns The catalogue's items, ordered by code (rvo) or as listed (mineral).
 * @throws {UnknownCatalogueError} When `name` is not a fertilizer catalogue; the message lists the valid names.
 * @example
 * ```ts
 * import { getFertilizersCatalogue } from "fdm-data";
 *
 * const slurry = getFertilizersCatalogue("rvo").find((item) => item.typeRvo === 14);
 * console.log(slurry?.composition.n); // 4 (g N per kg, i.e. kg N per ton)
 * ```
 */
export function getFertilizersCatalogue(name: CatalogueFertilizerName): CatalogueFertilizer {
  const build = fertilizerCatalogueNames.includes(name) ? builders[name] : undefined;
  if (!build) {
    throw new UnknownCatalogueError("fertilizer", String(name), fertilizerCatalogueNames);
  }
  let catalogue = cache.get(name);
  if (!catalogue) {
    catalogue = build();
    cache.set(name, catalogue);
  }
  return [...catalogue];
}
