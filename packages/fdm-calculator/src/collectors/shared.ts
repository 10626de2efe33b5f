// Helpers shared by the collectors; not part of the public API.
import {
  type Cultivation,
  type CultivationCatalogueItem,
  type CurrentSoilData,
  type FdmType,
  type Fertilizer,
  type FertilizerApplication,
  type Field,
  getFarmRecords,
  type Harvest,
  type PrincipalId,
  type Timeframe,
} from "fdm-core";
import type { Mestcode } from "fdm-data";
import { FdmCalculatorError } from "../errors.js";
import {
  type AreaLookupOptions,
  getRegion,
  isFieldInGWGBGebied,
  isFieldInNVGebied,
  type RegionLookupOptions,
} from "../location/location.js";
import { DAY, formatDay, type NLRegion, REGIONS } from "../norms/nl/calendar.js";

/** A timeframe of whole UTC days, checked, with the query fdm-core needs. */
export interface DayTimeframe {
  /** First day, UTC midnight. */
  startDay: number;
  /** Last day (included), UTC midnight. */
  endDay: number;
  /** For fdm-core: from the first moment of the first day to the last moment of the last day. */
  query: Timeframe & { start: Date; end: Date };
}

export function dayTimeframe(
  timeframe: unknown,
  collector: string,
  what = "timeframe",
): DayTimeframe {
  const tf = timeframe as { start?: unknown; end?: unknown } | null | undefined;
  const day = (value: unknown, part: string) => {
    if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
      throw new FdmCalculatorError(
        "INVALID_INPUT",
        `${collector}: ${what}.${part} must be a valid Date`,
      );
    }
    return Math.floor(value.getTime() / DAY) * DAY;
  };
  if (!tf || typeof tf !== "object") {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `${collector}: ${what} must have a start and an end`,
    );
  }
  const startDay = day(tf.start, "start");
  const endDay = day(tf.end, "end");
  if (endDay < startDay) {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `${collector}: ${what}.end (${formatDay(endDay)}) lies before ${what}.start (${formatDay(startDay)})`,
    );
  }
  return {
    startDay,
    endDay,
    query: { start: new Date(startDay), end: new Date(endDay + DAY - 1) },
  };
}

/** The UTC day of a date, for comparing with a {@link DayTimeframe}. */
export const dayOf = (date: Date) => Math.floor(date.getTime() / DAY) * DAY;

/** Runs `fn` over `items` with at most `limit` calls in flight; results keep their order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Groups items by a key, keeping their order within each group. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** Rejects per-field options that name a field the farm does not hold, so a typo cannot go unnoticed. */
export function checkFieldKeys(
  given: Readonly<Record<string, unknown>> | undefined,
  fields: readonly Field[],
  collector: string,
): void {
  if (given === undefined) return;
  if (given === null || typeof given !== "object") {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `${collector}: options.fields must be an object keyed by field id`,
    );
  }
  const ids = new Set(fields.map((f) => f.id));
  for (const key of Object.keys(given)) {
    if (!ids.has(key)) {
      throw new FdmCalculatorError(
        "INVALID_INPUT",
        `${collector}: options.fields names field "${key}", which the farm does not hold in the timeframe`,
        { fieldId: key },
      );
    }
  }
}

/** The field's soil region: given by the caller, else looked up in the region dataset. */
export async function resolveRegion(
  field: Field,
  given: unknown,
  geodata: RegionLookupOptions | undefined,
  collector: string,
): Promise<NLRegion> {
  if (given !== undefined) {
    if (!REGIONS.includes(given as NLRegion)) {
      throw new FdmCalculatorError(
        "INVALID_INPUT",
        `Field "${field.id}": the region given in options.fields must be one of ${REGIONS.join(", ")}`,
        { fieldId: field.id },
      );
    }
    return given as NLRegion;
  }
  if (geodata === undefined) {
    throw new FdmCalculatorError(
      "MISSING_FIELD_DATA",
      `Field "${field.id}": ${collector} needs the field's soil region, which fdm-core does not hold; give it in options.fields or configure options.regionGeodata`,
      { fieldId: field.id },
    );
  }
  const region = await getRegion(field.geometry, { ...geodata, fieldId: field.id });
  if (region === null) {
    throw new FdmCalculatorError(
      "MISSING_FIELD_DATA",
      `Field "${field.id}": the field lies outside every polygon of the region dataset ${String(geodata.source)}; give its region in options.fields`,
      { fieldId: field.id },
    );
  }
  return region;
}

/** A yes/no location flag: given by the caller, else looked up in the area dataset. */
export async function resolveAreaFlag(
  field: Field,
  given: unknown,
  geodata: AreaLookupOptions | undefined,
  flag: "isNVGebied" | "isGWBG",
  collector: string,
): Promise<boolean> {
  if (given !== undefined) {
    if (typeof given !== "boolean") {
      throw new FdmCalculatorError(
        "INVALID_INPUT",
        `Field "${field.id}": ${flag} in options.fields must be true or false`,
        { fieldId: field.id },
      );
    }
    return given;
  }
  if (geodata === undefined) {
    const option = flag === "isNVGebied" ? "nvGebiedGeodata" : "gwbgGeodata";
    throw new FdmCalculatorError(
      "MISSING_FIELD_DATA",
      `Field "${field.id}": ${collector} needs ${flag}, which fdm-core does not hold; give it in options.fields or configure options.${option}`,
      { fieldId: field.id },
    );
  }
  const lookup = flag === "isNVGebied" ? isFieldInNVGebied : isFieldInGWGBGebied;
  return lookup(field.geometry, { ...geodata, fieldId: field.id });
}

/** Indexes the farm's fertilizers by id. */
export function fertilizersById(fertilizers: readonly Fertilizer[]): Map<string, Fertilizer> {
  return new Map(fertilizers.map((f) => [f.id, f]));
}

/** The fertilizer of an application, which must be one the farm holds. */
export function fertilizerOf(
  byId: ReadonlyMap<string, Fertilizer>,
  fertilizerId: string,
  fieldId: string,
  applicationId: string,
): { fertilizer: Fertilizer; typeRvo: Mestcode } {
  const fertilizer = byId.get(fertilizerId);
  if (fertilizer === undefined) {
    throw new FdmCalculatorError(
      "INCONSISTENT_DATA",
      `Field "${fieldId}": application ${applicationId} applies fertilizer ${fertilizerId}, which is not among the fertilizers the farm holds; an application must use a fertilizer of the field's farm`,
      { fieldId },
    );
  }
  // fdm-core's typeRvo is fdm-data's Mestcode, the number the calculations take.
  return { fertilizer, typeRvo: fertilizer.typeRvo };
}

/**
 * The rows of one farm that the balances' collectors read, for one timeframe,
 * with the indexes they look them up by. Read once with {@link readFarm} and
 * shared by every collector that needs them.
 */
export interface FarmRead {
  /** The farm read. */
  farmId: string;
  /** The timeframe the rows were read for. */
  timeframe: DayTimeframe;
  /** The fields the farm holds at some moment in the timeframe, by name. */
  fields: Field[];
  /** Per field id, its cultivations overlapping the timeframe, by start date. */
  cultivationsOf: Map<string, Cultivation[]>;
  /**
   * The catalogue items the cultivations grow, by item id: those in the farm's enabled
   * cultivation catalogues (an item of a disabled catalogue is missing).
   */
  catalogue: Map<string, CultivationCatalogueItem>;
  /** The farm's fertilizers, by id. */
  fertilizers: Map<string, Fertilizer>;
  /** Per cultivation id, its harvests in the timeframe; `null` when harvests were not read. */
  harvestsOf: Map<string, Harvest[]> | null;
  /** Per field id, its fertilizer applications in the timeframe, by date. */
  applicationsOf: Map<string, FertilizerApplication[]>;
  /** Per field id, its current soil data on the timeframe's last day. */
  soilOf: Record<string, CurrentSoilData>;
}

/**
 * Reads what the balances need of a farm from fdm-core in one call
 * (getFarmRecords): one access check and one audit row for the fields,
 * cultivations, the catalogue items they grow, fertilizers, harvests when
 * asked, applications and soil data, never one read per field.
 */
export async function readFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  tf: DayTimeframe,
  withHarvests: boolean,
): Promise<FarmRead> {
  const records = await getFarmRecords(fdm, principalId, farmId, tf.query, {
    harvests: withHarvests,
  });
  return {
    farmId,
    timeframe: tf,
    fields: records.fields,
    cultivationsOf: groupBy(records.cultivations, (c) => c.fieldId),
    catalogue: new Map(records.crops.map((c) => [c.itemId, c])),
    fertilizers: fertilizersById(records.fertilizers),
    harvestsOf:
      records.harvests === null ? null : groupBy(records.harvests, (h) => h.cultivationId),
    applicationsOf: groupBy(records.applications, (a) => a.fieldId),
    soilOf: records.soil,
  };
}

/** The catalogue item of a cultivation's crop, which must be in the farm's enabled catalogues. */
export function cropOf(
  catalogue: ReadonlyMap<string, CultivationCatalogueItem>,
  c: Cultivation,
): CultivationCatalogueItem {
  const crop = catalogue.get(c.catalogueItemId);
  if (crop === undefined) {
    throw new FdmCalculatorError(
      "INCONSISTENT_DATA",
      `Field "${c.fieldId}": cultivation ${c.id} grows ${c.catalogueItemId}, which is not in the farm's enabled cultivation catalogues; the balance needs the crop's catalogue properties (enable its catalogue again)`,
      { fieldId: c.fieldId },
    );
  }
  return crop;
}
