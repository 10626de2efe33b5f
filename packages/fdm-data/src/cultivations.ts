import { brpRows } from "./catalogues/brp-data.js";
import { UnknownCatalogueError } from "./errors.js";
import { deepFreeze } from "./freeze.js";
import { hashCultivation } from "./hash.js";
import type {
  CatalogueCultivation,
  CatalogueCultivationItem,
  CatalogueCultivationName,
} from "./types.js";

const cultivationCatalogueNames: readonly CatalogueCultivationName[] = ["brp"];

/** The BRP's names are lower case; a user sees them with a capital, as RVO's own list writes them. */
function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function buildBrp(): CatalogueCultivation {
  return brpRows.map(([code, sourceName, nameEn, rotation, harvestable]) => {
    const item: Omit<CatalogueCultivationItem, "hash"> = {
      catalogue: "brp",
      id: `nl_${code}`,
      sourceCode: code,
      sourceName,
      nameNl: capitalize(sourceName),
      nameEn,
      harvestable,
      rotation,
      yieldDryMatter: null,
      nitrogenContentHarvest: null,
      nitrogenFixation: null,
    };
    return deepFreeze({ ...item, hash: hashCultivation(item) });
  });
}

const cache = new Map<CatalogueCultivationName, CatalogueCultivation>();

/**
 * Returns a cultivation catalogue: the list of crops a farmer picks from.
 *
 * The `brp` catalogue holds every crop code of the Dutch Basisregistratie
 * Percelen as published by RVO (525 codes), each with the id `nl_<code>`, the
 * Dutch name, an English name where one can be given, and its harvest and
 * rotation classification. Agronomic parameters (yield, nitrogen content,
 * fixation) are `null`: no sourced figures are encoded for them yet.
 *
 * Items are frozen and shared between calls; the array itself is a new copy on
 * every call, so it may be sorted or filtered freely.
 *
 * @param name - The catalogue's name; see {@link CatalogueCultivationName}.
 * @returns The catalogue's items, ordered by source code.
 * @throws {UnknownCatalogueError} When `name` is not a cultivation catalogue; the message lists the valid names.
 * @example
 * ```ts
 * import { getCultivationCatalogue } from "fdm-data";
 *
 * const brp = getCultivationCatalogue("brp");
 * const grass = brp.find((item) => item.id === "nl_265");
 * console.log(grass?.nameNl, grass?.harvestable); // "Grasland, blijvend" "multiple"
 * ```
 */
export function getCultivationCatalogue(name: CatalogueCultivationName): CatalogueCultivation {
  if (!cultivationCatalogueNames.includes(name)) {
    throw new UnknownCatalogueError("cultivation", String(name), cultivationCatalogueNames);
  }
  let catalogue = cache.get(name);
  if (!catalogue) {
    catalogue = buildBrp();
    cache.set(name, catalogue);
  }
  return [...catalogue];
}
