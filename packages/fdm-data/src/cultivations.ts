import { brpRows } from "./catalogues/brp-data.js";
import { brpFigureRows } from "./catalogues/brp-figures-data.js";
import { UnknownCatalogueError } from "./errors.js";
import { deepFreeze } from "./freeze.js";
import { hashCultivation } from "./hash.js";
import type {
  CatalogueCultivation,
  CatalogueCultivationItem,
  CatalogueCultivationName,
  Harvestable,
} from "./types.js";

const cultivationCatalogueNames: readonly CatalogueCultivationName[] = ["brp"];

/** The BRP's names are lower case; a user sees them with a capital, as RVO's own list writes them. */
function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function buildBrp(): CatalogueCultivation {
  const figures = new Map(brpFigureRows.map((row) => [row[0], row]));
  return [...brpRows]
    .sort((a, b) => a[0] - b[0])
    .map(([code, sourceName, nameEn, rotation, harvestable]) => {
      const row = figures.get(code);
      // The generator and the tests keep both lists equal; a gap is a build error, not a null.
      if (!row) throw new Error(`fdm-data: no NMI figures for BRP code ${code}`);
      const [
        ,
        ,
        yieldDryMatter,
        dryMatterContent,
        harvestIndex,
        nitrogenContentHarvest,
        nitrogenContentResidue,
        nitrogenFixation,
        effectiveOrganicMatter,
        effectiveOrganicMatterResidue,
        harvestCategory,
        isRustgewas,
        varietyOptions,
        defaultSowingDate,
        defaultHarvestDate,
      ] = row;
      const item: Omit<CatalogueCultivationItem, "hash"> = {
        catalogue: "brp",
        id: `nl_${code}`,
        sourceCode: code,
        sourceName,
        nameNl: capitalize(sourceName),
        nameEn,
        harvestable,
        rotation,
        yieldDryMatter,
        dryMatterContent,
        harvestIndex,
        nitrogenContentHarvest,
        nitrogenContentResidue,
        nitrogenFixation,
        effectiveOrganicMatter,
        effectiveOrganicMatterResidue,
        harvestCategory,
        isRustgewas,
        varietyOptions: [...varietyOptions],
        defaultSowingDate,
        defaultHarvestDate,
      };
      return deepFreeze({ ...item, hash: hashCultivation(item) });
    });
}

const cache = new Map<CatalogueCultivationName, CatalogueCultivation>();

/**
 * Returns a cultivation catalogue: the list of crops a farmer picks from.
 *
 * The `brp` catalogue holds 532 crop codes of the Dutch Basisregistratie
 * Percelen: the 525 codes of RVO's 2025 list of BRP gewascodes and 7 codes
 * (7136, 7139, 7193–7197) that RVO's 2026 norm tables add, whose names come
 * from NMI's catalogue. Each has the id `nl_<code>`, the Dutch name, an English
 * name where one can be given, FDM's harvest and rotation classification, and
 * NMI's agronomic figures (NMI, fdm-data catalogues, MIT): yield, dry matter,
 * harvest index, N contents, N fixation, effective organic matter, harvest
 * category, rustgewas flag, variety options and default dates. Units are on
 * {@link CatalogueCultivationItem}; a figure NMI does not give is `null`.
 *
 * Items are frozen and shared between calls; the array itself is a new copy on
 * every call, so it may be sorted or filtered freely.
 *
 * @param name - The catalogue's name; see {@link CatalogueCultivationName}.
 * @returns The catalogue's items, ordered by source code.
 * @throws {UnknownCatalogueError} When `name` is not a cultivation catalogue; the message lists the valid names.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getCultivationCatalogue } from "fdm-data";
 *
 * const brp = getCultivationCatalogue("brp");
 * const grass = brp.find((item) => item.id === "nl_265");
 * assert.deepEqual([grass?.nameNl, grass?.harvestable], ["Grasland, blijvend", "multiple"]);
 * console.log(grass?.yieldDryMatter, grass?.nitrogenContentHarvest); // kg DM/ha, g N/kg DM
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

/** An `MM-DD` day in `year` as a UTC date, or `null` when the day does not exist that year (29 February). */
function dayOf(monthDay: string, year: number): Date | null {
  const month = Number(monthDay.slice(0, 2));
  const dayOfMonth = Number(monthDay.slice(3, 5));
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth));
  return date.getUTCMonth() === month - 1 ? date : null;
}

/**
 * The default sowing and harvest dates of a catalogue crop for a year, from
 * NMI's default days (NMI, fdm-data catalogues, MIT).
 *
 * The sowing date is `defaultSowingDate` in `year`. The harvest date is
 * `defaultHarvestDate` in the same year, unless that day comes before the
 * sowing day in the calendar (e.g. sown 10-15, harvested 07-15): then the crop
 * overwinters and the harvest falls in `year + 1`. A day NMI does not give is
 * `null`; a harvest without a sowing day is placed in `year`. Dates are UTC
 * midnight.
 *
 * @param item - A cultivation catalogue item (only its default days are read).
 * @param year - The year the crop is sown, a whole number from 1900 to 2200.
 * @returns `{ sowingDate, harvestDate }`, each a `Date` or `null` where NMI gives no default day.
 * @throws {RangeError} When `year` is not a whole number from 1900 to 2200, or a default day is not `MM-DD`.
 * @example
 * ```ts
 * import { getCultivationCatalogue, getDefaultDates } from "fdm-data";
 *
 * const wheat = getCultivationCatalogue("brp").find((item) => item.id === "nl_233");
 * if (wheat) {
 *   const { sowingDate, harvestDate } = getDefaultDates(wheat, 2025);
 *   console.log(sowingDate?.toISOString().slice(0, 10), harvestDate?.toISOString().slice(0, 10));
 * }
 * ```
 */
export function getDefaultDates(
  item: Pick<CatalogueCultivationItem, "defaultSowingDate" | "defaultHarvestDate">,
  year: number,
): { sowingDate: Date | null; harvestDate: Date | null } {
  if (!Number.isInteger(year) || year < 1900 || year > 2200) {
    throw new RangeError(`year must be a whole number from 1900 to 2200, got ${year}`);
  }
  for (const [name, value] of [
    ["defaultSowingDate", item.defaultSowingDate],
    ["defaultHarvestDate", item.defaultHarvestDate],
  ] as const) {
    if (value !== null && !/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value)) {
      throw new RangeError(`${name} must be an MM-DD day or null, got "${value}"`);
    }
  }
  const sowing = item.defaultSowingDate;
  const harvest = item.defaultHarvestDate;
  const sowingDate = sowing === null ? null : dayOf(sowing, year);
  const harvestYear = sowing !== null && harvest !== null && harvest < sowing ? year + 1 : year;
  const harvestDate = harvest === null ? null : dayOf(harvest, harvestYear);
  return { sowingDate, harvestDate };
}

/**
 * Whether a crop of a cultivation catalogue may be harvested (again): `none`
 * crops never, `once` crops only while they have no harvest yet, `multiple`
 * crops always. fdm-core's `addHarvest` applies the same rule.
 *
 * @param harvestable - The crop's {@link Harvestable} value.
 * @param harvestsSoFar - How many harvests the cultivation already has (a whole number, at least 0).
 * @returns `true` when one more harvest is allowed.
 * @throws {RangeError} When `harvestable` is not a {@link Harvestable} value or `harvestsSoFar` is not a whole number of at least 0.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { canHarvest } from "fdm-data";
 *
 * assert.equal(canHarvest("once", 0), true);
 * assert.equal(canHarvest("once", 1), false); // harvested once already
 * assert.equal(canHarvest("multiple", 3), true);
 * ```
 */
export function canHarvest(harvestable: Harvestable, harvestsSoFar: number): boolean {
  if (!Number.isInteger(harvestsSoFar) || harvestsSoFar < 0) {
    throw new RangeError(
      `harvestsSoFar must be a whole number of at least 0, got ${harvestsSoFar}`,
    );
  }
  switch (harvestable) {
    case "none":
      return false;
    case "once":
      return harvestsSoFar === 0;
    case "multiple":
      return true;
    default:
      throw new RangeError(
        `harvestable must be "once", "multiple" or "none", got "${String(harvestable)}"`,
      );
  }
}
