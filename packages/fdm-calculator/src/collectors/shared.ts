// Helpers shared by the collectors; not part of the public API.
import type { Fertilizer, Field, Timeframe } from "fdm-core";
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
): { fertilizer: Fertilizer; typeRvo: number } {
  const fertilizer = byId.get(fertilizerId);
  if (fertilizer === undefined) {
    throw new FdmCalculatorError(
      "INCONSISTENT_DATA",
      `Field "${fieldId}": application ${applicationId} applies fertilizer ${fertilizerId}, which is not among the fertilizers the farm holds; an application must use a fertilizer of the field's farm`,
      { fieldId },
    );
  }
  const typeRvo = Number(fertilizer.typeRvo);
  if (!Number.isInteger(typeRvo)) {
    throw new FdmCalculatorError(
      "INCONSISTENT_DATA",
      `Field "${fieldId}": fertilizer ${fertilizerId} of application ${applicationId} has typeRvo "${fertilizer.typeRvo}", which is not a numeric RVO mestcode`,
      { fieldId },
    );
  }
  return { fertilizer, typeRvo };
}
