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

/** The days of one year that the rules of the norms name, as day numbers. */
export interface YearDays {
  jan1: number;
  feb1: number;
  apr15: number;
  may10: number;
  may15: number;
  jun1: number;
  jul15: number;
  aug15: number;
  aug31: number;
  sep1: number;
  sep15: number;
  oct1: number;
  oct14: number;
  oct15: number;
  oct31: number;
  dec31: number;
  /** 1 January of the next year: the end (exclusive) of this one. */
  nextJan1: number;
}

// One record per year asked for: the norms ask for the years of their rules and the year before.
const YEAR_DAYS = new Map<number, YearDays>();

/**
 * The days of `year` that the rules name, worked out once per year: a field
 * asks for a dozen of them, and `Date.UTC` costs far more than reading one.
 *
 * @param year - The calendar year.
 * @returns The frozen record of that year's days.
 */
export function daysOfYear(year: number): YearDays {
  let days = YEAR_DAYS.get(year);
  if (days === undefined) {
    days = Object.freeze({
      jan1: day(year, 1, 1),
      feb1: day(year, 2, 1),
      apr15: day(year, 4, 15),
      may10: day(year, 5, 10),
      may15: day(year, 5, 15),
      jun1: day(year, 6, 1),
      jul15: day(year, 7, 15),
      aug15: day(year, 8, 15),
      aug31: day(year, 8, 31),
      sep1: day(year, 9, 1),
      sep15: day(year, 9, 15),
      oct1: day(year, 10, 1),
      oct14: day(year, 10, 14),
      oct15: day(year, 10, 15),
      oct31: day(year, 10, 31),
      dec31: day(year, 12, 31),
      nextJan1: day(year + 1, 1, 1),
    });
    YEAR_DAYS.set(year, days);
  }
  return days;
}

/** `2025-05-15` for a day number. */
export const formatDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The day of a Date, `NaN` for anything else (the caller names the input in its error). */
export function dayOf(value: unknown): number {
  return value instanceof Date ? Math.floor(value.getTime() / DAY) * DAY : Number.NaN;
}

/** The calendar year (UTC) of a day number. */
export const yearOf = (t: number) => new Date(t).getUTCFullYear();
