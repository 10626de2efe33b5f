// The day arithmetic both balances share: days as UTC midnights (ms), the timeframe, and the
// span of a cultivation within it.
import { FdmCalculatorError } from "../errors.js";
import { DAY, formatDay } from "../norms/nl/calendar.js";

/** Adds numbers where `null` (unknown) wins. */
export const add = (...values: (number | null)[]) =>
  values.reduce<number | null>((sum, v) => (sum === null || v === null ? null : sum + v), 0);

/** An INVALID_INPUT error, prefixed with the field when there is one. */
export const invalid = (fieldId: string | null, message: string) =>
  new FdmCalculatorError(
    "INVALID_INPUT",
    fieldId === null ? message : `Field "${fieldId}": ${message}`,
    { fieldId },
  );

/** A valid Date as its UTC day (ms at midnight); `what` names it in the error. */
export function toDay(value: unknown, fieldId: string | null, what: string): number {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw invalid(fieldId, `${what} must be a valid Date`);
  }
  return Math.floor(value.getTime() / DAY) * DAY;
}

/** Days from `from` to `to`, both included (0 when `to` lies before `from`). */
export const daysFrom = (from: number, to: number) =>
  to < from ? 0 : Math.round((to - from) / DAY) + 1;

/** The first and last day of a balance's timeframe, checked. */
export function timeframeDays(timeframe: unknown): { start: number; end: number; days: number } {
  if (!timeframe || typeof timeframe !== "object") {
    throw invalid(null, "timeframe must have a start and an end");
  }
  const { start: first, end: last } = timeframe as { start?: unknown; end?: unknown };
  const start = toDay(first, null, "timeframe.start");
  const end = toDay(last, null, "timeframe.end");
  if (end < start) {
    throw invalid(
      null,
      `timeframe.end (${formatDay(end)}) lies before timeframe.start (${formatDay(start)})`,
    );
  }
  return { start, end, days: daysFrom(start, end) };
}

/**
 * A cultivation's span on the field, checked: it may not end before it starts, and must
 * overlap the timeframe (`DATE_OUTSIDE_TIMEFRAME`). `from`–`to` is the part within the
 * timeframe, `days` its length.
 */
export function cultivationSpan(
  c: { startDate: unknown; endDate?: unknown },
  timeframe: { start: number; end: number },
  fieldId: string,
  what: string,
) {
  const start = toDay(c.startDate, fieldId, `startDate of ${what}`);
  const end =
    c.endDate === null || c.endDate === undefined
      ? null
      : toDay(c.endDate, fieldId, `endDate of ${what}`);
  if (end !== null && end < start) {
    throw invalid(
      fieldId,
      `${what} ends (${formatDay(end)}) before it starts (${formatDay(start)})`,
    );
  }
  if (start > timeframe.end || (end !== null && end < timeframe.start)) {
    throw new FdmCalculatorError(
      "DATE_OUTSIDE_TIMEFRAME",
      `Field "${fieldId}": ${what} (${formatDay(start)} to ${end === null ? "open" : formatDay(end)}) is not on the field during the timeframe ${formatDay(timeframe.start)} to ${formatDay(timeframe.end)}`,
      { fieldId },
    );
  }
  const from = Math.max(start, timeframe.start);
  const to = Math.min(end ?? timeframe.end, timeframe.end);
  return { start, end, from, to, days: daysFrom(from, to) };
}

/** Area-weighted mean of one figure over the fields; `null` if any field's is unknown. */
export function weighted<F extends { area: number }>(
  fields: readonly F[],
  pick: (f: F) => number | null,
): number | null {
  let sum = 0;
  let area = 0;
  for (const f of fields) {
    const v = pick(f);
    if (v === null) return null;
    sum += v * f.area;
    area += f.area;
  }
  return area === 0 ? null : sum / area;
}
