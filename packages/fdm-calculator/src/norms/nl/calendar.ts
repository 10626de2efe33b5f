/**
 * Day arithmetic and the soil regions of the Meststoffenwet, shared by the norm
 * engine, the dose, the nitrogen balance and the collectors: every year uses
 * the same calendar days (UTC midnight, in ms) and the same five regions.
 */
import { deepFreeze } from "fdm-data";

/**
 * The soil regions ("grondsoortregio's") of the Meststoffenwet that RVO's
 * Table 2 gives separate figures for, the same in every year so far.
 *
 * - `klei`: clay.
 * - `veen`: peat.
 * - `zand_nwc`: sand in the north, west and centre.
 * - `zand_zuid`: sand in the south.
 * - `loess`: löss.
 */
export type NLRegion = "klei" | "veen" | "zand_nwc" | "zand_zuid" | "loess";

/** The five regions, in RVO's column order. */
export const REGIONS: readonly NLRegion[] = deepFreeze([
  "klei",
  "veen",
  "zand_nwc",
  "zand_zuid",
  "loess",
]);

/** One day in milliseconds. */
export const DAY = 86_400_000;

/** A calendar day (UTC midnight, in ms since the epoch); `month` counts from 1. */
export const day = (year: number, month: number, date: number) => Date.UTC(year, month - 1, date);

/** `2025-05-15` for a day number. */
export const formatDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The day of a Date, `NaN` for anything else (the caller names the input in its error). */
export function dayOf(value: unknown): number {
  return value instanceof Date ? Math.floor(value.getTime() / DAY) * DAY : Number.NaN;
}

/** The calendar year (UTC) of a day number. */
export const yearOf = (t: number) => new Date(t).getUTCFullYear();
