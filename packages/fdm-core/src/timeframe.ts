/**
 * The date condition that every list read with a timeframe shares: a dated
 * row (an application, a harvest, a soil sampling) lies within the timeframe.
 */
import { and, gte, lte, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Timeframe } from "./validate.js";

/** SQL condition: `column` lies within `tf`, both ends included; an open end bounds nothing. */
export function dateWithin(column: AnyPgColumn, tf: Timeframe): SQL | undefined {
  return and(
    tf.start ? gte(column, tf.start) : undefined,
    tf.end ? lte(column, tf.end) : undefined,
  );
}
