import {
  type Cultivation,
  type FdmType,
  getCultivationsForFarm,
  getCultivationsFromCatalogue,
  getCurrentSoilDataForFarm,
  getFertilizerApplicationsForFarm,
  getFertilizers,
  getFields,
  getHarvestsForFarm,
  type Harvest,
  type PrincipalId,
} from "fdm-core";
import type {
  NitrogenBalanceCultivation,
  NitrogenBalanceEmissionFactors,
  NitrogenBalanceFieldInput,
  NitrogenBalanceInput,
  NitrogenBalanceSurplusTarget,
  NitrogenBalanceTimeframe,
} from "../balance/nitrogen/types.js";
import { FdmCalculatorError } from "../errors.js";
import type { RegionLookupOptions } from "../location/location.js";
import type { NL2025Region } from "../norms/nl/2025/types.js";
import {
  checkFieldKeys,
  dayOf,
  dayTimeframe,
  fertilizerOf,
  fertilizersById,
  groupBy,
  mapLimit,
  resolveRegion,
} from "./shared.js";

/**
 * Figures about one field that fdm-core does not hold (or that the caller
 * wants to set), for {@link collectInputForNitrogenBalance}.
 */
export interface NitrogenBalanceFieldDetails {
  /**
   * Soil region (grondsoortenkaart of the Meststoffenwet). Absent: looked up
   * with `options.regionGeodata`.
   */
  soilType?: NL2025Region;
  /**
   * Atmospheric N deposition, kg N/ha per year (e.g. from RIVM's GCN map).
   * Absent: `options.deposition`.
   */
  deposition?: number | null;
  /**
   * N mineralized from soil organic matter, kg N/ha per year, e.g. the
   * N-leverend vermogen (NLV) from the lab report. Absent: `options.mineralization`.
   */
  mineralization?: number | null;
  /**
   * Grondwatertrap (groundwater class). Absent: the `gwlClass` of the field's
   * current soil data in fdm-core, or `null` when no analysis recorded one.
   */
  groundwaterClass?: string | null;
}

/** Options of {@link collectInputForNitrogenBalance}: what the balance needs beyond fdm-core's data. */
export interface NitrogenBalanceCollectorOptions {
  /** Per field id, the figures fdm-core does not hold; every key must be a field of the farm. */
  fields?: Readonly<Record<string, NitrogenBalanceFieldDetails>>;
  /** The region dataset for fields without a `soilType` in `fields` (see {@link getRegion}). */
  regionGeodata?: RegionLookupOptions;
  /**
   * Deposition for every field without its own, kg N/ha per year. Absent:
   * `null`, which the balance lists as missing.
   */
  deposition?: number | null;
  /**
   * Mineralization for every field without its own, kg N/ha per year. Absent:
   * `null`, which the balance lists as missing.
   */
  mineralization?: number | null;
  /**
   * Nitrogen in the crop residues left on the field, kg N/ha, per cultivation
   * catalogue id (e.g. `{ nl_233: 30 }`). fdm-core does not hold it; a crop
   * without an entry gets `null`, which the balance lists as missing.
   */
  residueNitrogen?: Readonly<Record<string, number | null>>;
  /** Ammonia emission factors and their source, passed on as they are. */
  emissionFactors?: NitrogenBalanceEmissionFactors | null;
  /** Surplus targets and their source, passed on as they are. */
  surplusTargets?: NitrogenBalanceSurplusTarget[] | null;
}

const COLLECTOR = "collectInputForNitrogenBalance";

/**
 * Reads a farm from fdm-core and returns the input of
 * {@link calculateNitrogenBalance} for a timeframe: every field the farm
 * holds at some moment in it, with its cultivations on the field during the
 * timeframe, their harvests dated within it, the fertilizer applications
 * dated within it (with each fertilizer's mestcode, type flags and N content)
 * and the groundwater class of the current soil data.
 *
 * Everything is read through fdm-core's public functions, so the principal
 * needs the `read` and `list` rights on the farm. From fdm-core: the area
 * (`areaHa`), the crop's rotation, `nitrogenFixation` and
 * `nitrogenContentHarvest` (cultivation catalogue), each harvest's
 * dry-matter yield and N content, the application method and the
 * groundwater class. From `options` (fdm-core does not hold them): the soil
 * region (or a region dataset to look it up), deposition, mineralization,
 * residue N per crop, emission factors and surplus targets. A figure the
 * options leave out stays `null`, so the balance lists it as missing;
 * nothing is filled with 0. fdm-core records no removal of crop residues, so
 * the cultivations carry no `residueRemovals`; add them to the returned input
 * when straw or tops were taken off. Days are UTC calendar days, both ends
 * included.
 *
 * @param fdm - The fdm-core database handle.
 * @param principalId - Who asks; needs read access to the farm.
 * @param farmId - The farm.
 * @param timeframe - The period of the balance (first and last day, included).
 * @param options - Figures fdm-core does not hold; see {@link NitrogenBalanceCollectorOptions}.
 * @returns The input of {@link calculateNitrogenBalance}, fields ordered as fdm-core lists them (by name).
 * @throws {FdmPermissionError} From fdm-core, unchanged, when the principal may not read the farm.
 * @throws {FdmError} From fdm-core, unchanged, e.g. `NOT_FOUND` for an unknown farm.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a bad timeframe or options naming a field the
 *   farm does not hold; `MISSING_FIELD_DATA` when a field's soil region is neither given nor found
 *   in the region dataset; `INCONSISTENT_DATA` when a cultivation's crop is not in the farm's
 *   enabled catalogues or an application uses a fertilizer the farm does not hold.
 * @throws {GeodataError} From the region lookup, when the dataset cannot be read.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { addFarm, addField, createFdmLocal } from "fdm-core";
 * import { calculateNitrogenBalance, collectInputForNitrogenBalance } from "fdm-calculator";
 *
 * const fdm = await createFdmLocal();
 * const farmId = await addFarm(fdm, "owner-1", { name: "De Hoeve" });
 * const fieldId = await addField(fdm, "owner-1", farmId, {
 *   name: "Achter de schuur",
 *   geometry: {
 *     type: "Polygon",
 *     coordinates: [[[5.66, 51.98], [5.6615, 51.98], [5.6615, 51.981], [5.66, 51.981], [5.66, 51.98]]],
 *   },
 *   acquiringDate: new Date("2020-01-01"),
 *   acquiringMethod: "owner",
 * });
 * const input = await collectInputForNitrogenBalance(
 *   fdm,
 *   "owner-1",
 *   farmId,
 *   { start: new Date("2025-01-01"), end: new Date("2025-12-31") },
 *   { fields: { [fieldId]: { soilType: "zand_nwc", deposition: 25, mineralization: 110 } } },
 * );
 * const balance = calculateNitrogenBalance(input);
 * assert.equal(balance.fields[0]?.supply.deposition, 25);
 * ```
 */
export async function collectInputForNitrogenBalance(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe: NitrogenBalanceTimeframe,
  options: NitrogenBalanceCollectorOptions = {},
): Promise<NitrogenBalanceInput> {
  const tf = dayTimeframe(timeframe, COLLECTOR);
  const fields = await getFields(fdm, principalId, farmId, tf.query);
  checkFieldKeys(options.fields, fields, COLLECTOR);
  const cultivations = await getCultivationsForFarm(fdm, principalId, farmId, tf.query);
  const catalogue = new Map(
    (await getCultivationsFromCatalogue(fdm, principalId, farmId)).map((c) => [c.itemId, c]),
  );
  const fertilizers = fertilizersById(await getFertilizers(fdm, principalId, farmId));

  const byField = groupBy(cultivations, (c) => c.fieldId);
  // Farm-wide reads: one access check each instead of one per field or cultivation.
  const harvestsOf = groupBy(
    await getHarvestsForFarm(fdm, principalId, farmId, tf.query),
    (h) => h.cultivationId,
  );
  const applicationsOf = groupBy(
    await getFertilizerApplicationsForFarm(fdm, principalId, farmId, tf.query),
    (a) => a.fieldId,
  );
  const needsSoil = fields.some((f) => options.fields?.[f.id]?.groundwaterClass === undefined);
  const soilOf = needsSoil
    ? await getCurrentSoilDataForFarm(fdm, principalId, farmId, tf.query.end)
    : {};

  const collectCultivation = async (c: Cultivation): Promise<NitrogenBalanceCultivation> => {
    const crop = catalogue.get(c.catalogueItemId);
    if (crop === undefined) {
      throw new FdmCalculatorError(
        "INCONSISTENT_DATA",
        `Field "${c.fieldId}": cultivation ${c.id} grows ${c.catalogueItemId}, which is not in the farm's enabled cultivation catalogues; the balance needs the crop's catalogue properties (enable its catalogue again)`,
        { fieldId: c.fieldId },
      );
    }
    const harvests: Harvest[] = (harvestsOf.get(c.id) ?? []).filter((h) => {
      const day = dayOf(h.harvestDate);
      return day >= tf.startDay && day <= tf.endDay;
    });
    return {
      id: c.id,
      cultivationId: c.catalogueItemId,
      rotation: c.rotation,
      startDate: c.startDate,
      endDate: c.endDate,
      nitrogenFixation: crop.nitrogenFixation,
      nitrogenContentHarvest: crop.nitrogenContentHarvest,
      residueNitrogen: options.residueNitrogen?.[c.catalogueItemId] ?? null,
      harvests: harvests.map((h) => ({
        id: h.id,
        date: h.harvestDate,
        yield: h.analysis.dryMatterYield,
        nContent: h.analysis.nitrogenContent,
      })),
    };
  };

  const collected = await mapLimit(fields, 4, async (field): Promise<NitrogenBalanceFieldInput> => {
    const details = options.fields?.[field.id] ?? {};
    const soilType = await resolveRegion(field, details.soilType, options.regionGeodata, COLLECTOR);
    let groundwaterClass = details.groundwaterClass;
    if (groundwaterClass === undefined) {
      const soil = soilOf[field.id] ?? [];
      const gwl = soil.find((s) => s.parameter === "gwlClass")?.value;
      groundwaterClass = typeof gwl === "string" ? gwl : null;
    }
    const applications = applicationsOf.get(field.id) ?? [];
    const fieldCultivations: NitrogenBalanceCultivation[] = [];
    for (const c of byField.get(field.id) ?? []) {
      fieldCultivations.push(await collectCultivation(c));
    }
    return {
      id: field.id,
      area: field.areaHa,
      soilType,
      groundwaterClass,
      deposition:
        details.deposition !== undefined ? details.deposition : (options.deposition ?? null),
      mineralization:
        details.mineralization !== undefined
          ? details.mineralization
          : (options.mineralization ?? null),
      cultivations: fieldCultivations,
      applications: applications.map((a) => {
        const { fertilizer, typeRvo } = fertilizerOf(fertilizers, a.fertilizerId, field.id, a.id);
        return {
          id: a.id,
          date: a.applicationDate,
          amount: a.amountKgPerHa,
          method: a.method,
          fertilizer: {
            id: fertilizer.catalogueItemId,
            typeRvo,
            isMineral: fertilizer.isMineral,
            isManure: fertilizer.isManure,
            isCompost: fertilizer.isCompost,
            composition: { n: fertilizer.n },
          },
        };
      }),
    };
  });

  return {
    timeframe: { start: new Date(tf.startDay), end: new Date(tf.endDay) },
    fields: collected,
    emissionFactors: options.emissionFactors ?? null,
    surplusTargets: options.surplusTargets ?? null,
  };
}
