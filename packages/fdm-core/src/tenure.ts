/**
 * Tenure: the period a farm holds a field, from its acquiring date to its discarding date
 * (open while the farm still holds it). Every dated action on a field — a cultivation
 * starting, a soil sampling, a fertilizer application — must fall within the tenure of the
 * farm that records it; these checks are shared by those areas.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Tenure } from "./authorization.js";
import { FdmError } from "./error.js";
import type { FdmType } from "./fdm.js";
import { idSet } from "./insert-together.js";
import { fieldAcquiring, fieldDiscarding } from "./schema.js";
import { inRow } from "./validate.js";

/** Throws unless the date lies within the farm's tenure of the field (read here). */
export async function requireWithinTenure(
  db: FdmType,
  fieldId: string,
  date: Date,
  field: string,
): Promise<{ farmId: string }> {
  const [tenure] = await db
    .select({
      farmId: fieldAcquiring.farmId,
      acquiringDate: fieldAcquiring.acquiringDate,
      discardingDate: fieldDiscarding.discardingDate,
    })
    .from(fieldAcquiring)
    .leftJoin(fieldDiscarding, eq(fieldDiscarding.fieldId, fieldAcquiring.fieldId))
    .where(eq(fieldAcquiring.fieldId, fieldId));
  if (!tenure) {
    throw new FdmError("NOT_FOUND", `fieldId: no field with id '${fieldId}'.`, {
      field: "fieldId",
    });
  }
  requireInTenure(tenure, date, field);
  return { farmId: tenure.farmId };
}

/** Throws unless the date lies within the given tenure of a field (read with the access check). */
export function requireInTenure(tenure: Tenure | null, date: Date, field: string): void {
  if (!tenure) throw new Error("the access check on a field returned no tenure");
  if (date < tenure.acquiringDate) {
    throw new FdmError(
      "INVALID_INPUT",
      `${field}: must not be before the field's acquiring date.`,
      { field },
    );
  }
  if (tenure.discardingDate && date > tenure.discardingDate) {
    throw new FdmError(
      "INVALID_INPUT",
      `${field}: must not be after the field's discarding date.`,
      { field },
    );
  }
}

/**
 * The farm's tenure of each of the given fields that the farm holds, read in one
 * query with the tenure rows share-locked until the transaction ends (so a field
 * cannot be removed or moved while a batch writes to it). Fields of other farms
 * are left out: the SQL, not the caller, decides which fields belong to the farm.
 */
export async function tenuresOnFarm(
  tx: FdmType,
  farmId: string,
  fieldIds: readonly string[],
): Promise<Map<string, Tenure>> {
  const rows = await tx
    .select({
      fieldId: fieldAcquiring.fieldId,
      acquiringDate: fieldAcquiring.acquiringDate,
      discardingDate: fieldDiscarding.discardingDate,
    })
    .from(fieldAcquiring)
    .leftJoin(fieldDiscarding, eq(fieldDiscarding.fieldId, fieldAcquiring.fieldId))
    .where(and(eq(fieldAcquiring.farmId, farmId), inArray(fieldAcquiring.fieldId, idSet(fieldIds))))
    .for("share", { of: fieldAcquiring });
  return new Map(rows.map((r) => [r.fieldId, r]));
}

/**
 * Checks, for every row of a batch, that its field belongs to the farm and that its date
 * lies within the farm's tenure of that field (the rule of the single-row calls); an error
 * names the row, e.g. `cultivations[3].fieldId` or `cultivations[3].startDate`.
 */
export async function requireRowsOnFarm(
  tx: FdmType,
  farmId: string,
  listName: string,
  rows: readonly { fieldId: string; date: Date; dateField: string }[],
): Promise<void> {
  const tenures = await tenuresOnFarm(
    tx,
    farmId,
    rows.map((r) => r.fieldId),
  );
  rows.forEach((row, i) => {
    inRow(listName, i, () => {
      const tenure = tenures.get(row.fieldId);
      if (!tenure) {
        throw new FdmError(
          "NOT_FOUND",
          `fieldId: farm '${farmId}' holds no field with id '${row.fieldId}'.`,
          { field: "fieldId" },
        );
      }
      requireInTenure(tenure, row.date, row.dateField);
    });
  });
}
