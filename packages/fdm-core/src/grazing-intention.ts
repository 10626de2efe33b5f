import { and, asc, eq, sql } from "drizzle-orm";
import type { FdmType, PrincipalId } from "./fdm.js";
import { guard } from "./guard.js";
import { grazingIntentions } from "./schema.js";
import { requireBoolean, requireYear, tied } from "./validate.js";

/** A farm's intention, for one calendar year, to graze (beweiden) its grassland. */
export interface GrazingIntention {
  /** The calendar year. */
  year: number;
  /** `true` when the farm intends to graze its grassland that year. */
  hasGrazingIntention: boolean;
}

// The interface follows its tables: a column added there and not here fails the type-check.
tied<GrazingIntention, typeof grazingIntentions.$inferSelect, "createdAt" | "updatedAt" | "farmId">(
  true,
  true,
);

/**
 * Records whether a farm intends to graze its grassland in a calendar year;
 * a second call for the same year replaces the answer. The nitrogen norm for
 * grassland (stikstofgebruiksnorm) depends on it: grassland that is grazed
 * (beweiden) has a lower norm than grassland that is only mown (maaien).
 *
 * @param fdm - The database handle.
 * @param principalId - Who records it; needs the `write` right on the farm.
 * @param farmId - The farm.
 * @param year - The calendar year, a whole number from 1900 to 2100.
 * @param hasGrazingIntention - `true` to graze, `false` to mow only.
 * @returns Resolves when it is stored.
 * @throws {FdmError} `INVALID_INPUT` for a bad year or a non-boolean intention, `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, getGrazingIntention, setGrazingIntention } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await setGrazingIntention(fdm, me, farmId, 2025, true);
 * assert.equal(await getGrazingIntention(fdm, me, farmId, 2025), true);
 * ```
 */
export async function setGrazingIntention(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  year: number,
  hasGrazingIntention: boolean,
): Promise<void> {
  const y = requireYear(year);
  const intends = requireBoolean(hasGrazingIntention, "hasGrazingIntention");
  await guard(fdm, principalId, "setGrazingIntention").write("farm", farmId, async (tx) => {
    await tx
      .insert(grazingIntentions)
      .values({ farmId, year: y, hasGrazingIntention: intends })
      .onConflictDoUpdate({
        target: [grazingIntentions.farmId, grazingIntentions.year],
        set: { hasGrazingIntention: intends, updatedAt: sql`now()` },
      });
  });
}

/**
 * Reads a farm's grazing intention for a calendar year.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param farmId - The farm.
 * @param year - The calendar year, a whole number from 1900 to 2100.
 * @returns `true` or `false` as recorded, or `null` when nothing is recorded for that year.
 * @throws {FdmError} `INVALID_INPUT` for a bad year, `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not read the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, getGrazingIntention, setGrazingIntention } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await setGrazingIntention(fdm, me, farmId, 2025, true);
 * assert.strictEqual(await getGrazingIntention(fdm, me, farmId, 2025), true);
 * assert.strictEqual(await getGrazingIntention(fdm, me, farmId, 2024), null);
 * ```
 */
export async function getGrazingIntention(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  year: number,
): Promise<boolean | null> {
  const y = requireYear(year);
  return guard(fdm, principalId, "getGrazingIntention").read("farm", farmId, async (db) => {
    const [row] = await db
      .select({ value: grazingIntentions.hasGrazingIntention })
      .from(grazingIntentions)
      .where(and(eq(grazingIntentions.farmId, farmId), eq(grazingIntentions.year, y)));
    return row ? row.value : null;
  });
}

/**
 * Lists the grazing intentions recorded for a farm, earliest year first.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param farmId - The farm.
 * @returns One entry per recorded year; empty when none is recorded.
 * @throws {FdmError} `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not list the farm's data.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, listGrazingIntentions, setGrazingIntention } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await setGrazingIntention(fdm, me, farmId, 2025, false);
 * assert.deepStrictEqual(await listGrazingIntentions(fdm, me, farmId), [
 *   { year: 2025, hasGrazingIntention: false },
 * ]);
 * ```
 */
export async function listGrazingIntentions(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
): Promise<GrazingIntention[]> {
  return guard(fdm, principalId, "listGrazingIntentions").list("farm", farmId, async (db) => {
    return db
      .select({
        year: grazingIntentions.year,
        hasGrazingIntention: grazingIntentions.hasGrazingIntention,
      })
      .from(grazingIntentions)
      .where(eq(grazingIntentions.farmId, farmId))
      .orderBy(asc(grazingIntentions.year));
  });
}
