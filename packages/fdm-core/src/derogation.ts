import { and, asc, eq } from "drizzle-orm";
import { FdmError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { guard } from "./guard.js";
import { derogations } from "./schema.js";
import { createId, requireId, requireYear, tied } from "./validate.js";

/**
 * A derogatie (derogation) granted to a farm for one calendar year: with it
 * the farm may apply more nitrogen from grazing-animal manure than the 170 kg
 * N/ha of the Nitrates Directive (the dierlijke-mestnorm, animal-manure norm).
 */
export interface Derogation {
  /** The derogation's id. */
  id: string;
  /** The farm it is granted to. */
  farmId: string;
  /** The calendar year it applies to. */
  year: number;
  /** When it was recorded. */
  createdAt: Date;
}

// The interface follows its tables: a column added there and not here fails the type-check.
tied<Derogation, typeof derogations.$inferSelect>(true, true);

/**
 * The first year a Dutch derogation was granted: Commission Decision
 * 2005/880/EC allowed it from 2006.
 */
const firstDerogationYear = 2006;

const yearOf = (value: unknown) => requireYear(value, "year", firstDerogationYear, 2100);

/**
 * Records that a farm holds a derogatie (derogation) for a calendar year.
 * A farm holds at most one derogation per year.
 *
 * @param fdm - The database handle.
 * @param principalId - Who records it; needs the `write` right on the farm.
 * @param farmId - The farm.
 * @param year - The calendar year, a whole number from 2006 (the first Dutch derogation year) to 2100.
 * @returns The derogation's id.
 * @throws {FdmError} `INVALID_INPUT` for a bad year, `NOT_FOUND` for an unknown farm,
 *   `CONFLICT` when the farm already holds a derogation for that year.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addDerogation, addFarm, createFdmAuth, createFdmLocal, listDerogations } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * const derogationId = await addDerogation(fdm, me, farmId, 2025);
 * const [derogation] = await listDerogations(fdm, me, farmId);
 * assert.deepEqual([derogation?.id, derogation?.year], [derogationId, 2025]);
 * ```
 */
export async function addDerogation(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  year: number,
): Promise<string> {
  const y = yearOf(year);
  const id = createId();
  await guard(fdm, principalId, "addDerogation").write("farm", farmId, async (tx) => {
    const [existing] = await tx
      .select({ id: derogations.id })
      .from(derogations)
      .where(and(eq(derogations.farmId, farmId), eq(derogations.year, y)));
    if (existing) {
      throw new FdmError(
        "CONFLICT",
        `year: farm '${farmId}' already holds a derogation for ${y}.`,
        { field: "year" },
      );
    }
    await tx.insert(derogations).values({ id, farmId, year: y });
  });
  return id;
}

/**
 * Lists a farm's derogations, by year.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param farmId - The farm.
 * @returns The derogations, earliest year first; empty when there are none.
 * @throws {FdmError} `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not list the farm's data.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addDerogation, addFarm, createFdmAuth, createFdmLocal, listDerogations } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await addDerogation(fdm, me, farmId, 2025);
 * await addDerogation(fdm, me, farmId, 2024);
 * const years = (await listDerogations(fdm, me, farmId)).map((d) => d.year);
 * assert.deepStrictEqual(years, [2024, 2025]);
 * ```
 */
export async function listDerogations(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
): Promise<Derogation[]> {
  return guard(fdm, principalId, "listDerogations").list("farm", farmId, async (db) => {
    return db
      .select({
        id: derogations.id,
        farmId: derogations.farmId,
        year: derogations.year,
        createdAt: derogations.createdAt,
      })
      .from(derogations)
      .where(eq(derogations.farmId, farmId))
      .orderBy(asc(derogations.year));
  });
}

/**
 * Tells whether a farm holds a derogatie (derogation) for a calendar year —
 * the question the animal-manure norm (dierlijke-mestnorm) asks.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param farmId - The farm.
 * @param year - The calendar year, a whole number from 2006 to 2100.
 * @returns `true` when a derogation is recorded for that year.
 * @throws {FdmError} `INVALID_INPUT` for a bad year, `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not read the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addDerogation, addFarm, createFdmAuth, createFdmLocal, isDerogationGrantedForYear } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await addDerogation(fdm, me, farmId, 2025);
 * assert.strictEqual(await isDerogationGrantedForYear(fdm, me, farmId, 2025), true);
 * assert.strictEqual(await isDerogationGrantedForYear(fdm, me, farmId, 2024), false);
 * ```
 */
export async function isDerogationGrantedForYear(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  year: number,
): Promise<boolean> {
  const y = yearOf(year);
  return guard(fdm, principalId, "isDerogationGrantedForYear").read("farm", farmId, async (db) => {
    const [row] = await db
      .select({ id: derogations.id })
      .from(derogations)
      .where(and(eq(derogations.farmId, farmId), eq(derogations.year, y)));
    return row !== undefined;
  });
}

/**
 * Removes a derogation, e.g. one recorded for the wrong year.
 *
 * @param fdm - The database handle.
 * @param principalId - Who removes it; needs the `write` right on the farm.
 * @param derogationId - The derogation.
 * @returns Resolves when it is gone.
 * @throws {FdmError} `NOT_FOUND` for an unknown derogation.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addDerogation, addFarm, createFdmAuth, createFdmLocal, listDerogations, removeDerogation } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * const derogationId = await addDerogation(fdm, me, farmId, 2025);
 * await removeDerogation(fdm, me, derogationId);
 * assert.deepEqual(await listDerogations(fdm, me, farmId), []);
 * ```
 */
export async function removeDerogation(
  fdm: FdmType,
  principalId: PrincipalId,
  derogationId: string,
): Promise<void> {
  const id = requireId(derogationId, "derogationId");
  await guard(fdm, principalId, "removeDerogation").write("derogation", id, async (tx) => {
    await tx.delete(derogations).where(eq(derogations.id, id));
  });
}
