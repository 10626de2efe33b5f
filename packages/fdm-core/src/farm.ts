import { and, asc, eq, inArray } from "drizzle-orm";
import { type FarmRole, farmRoleOrder, principalsOf } from "./authorization.js";
import { removeFieldsTx } from "./cascade.js";
import { FdmError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { guard } from "./guard.js";
import { afterKey, byKey, type Page, type PageRequest, pageOf, requirePage } from "./page.js";
import { type ReturningRecord, wantsRecord } from "./returning.js";
import { farmRoles, farms, fertilizerAcquiring, fertilizers, fieldAcquiring } from "./schema.js";
import {
  createId,
  optionalText,
  requireObject,
  requireSomeKey,
  requireText,
  tied,
} from "./validate.js";

/** The details of a farm that a user enters. */
export interface FarmInput {
  /** The farm's name, 1–500 characters. */
  name: string;
  /** The farm's business registration number, e.g. its KvK number; optional. */
  businessId?: string | null;
  /** Street address; optional. */
  address?: string | null;
  /** Postal code; optional. */
  postalCode?: string | null;
}

/** A farm as fdm-core returns it. */
export interface Farm {
  /** The farm's id. */
  id: string;
  /** The farm's name. */
  name: string;
  /** Business registration number, or `null`. */
  businessId: string | null;
  /** Street address, or `null`. */
  address: string | null;
  /** Postal code, or `null`. */
  postalCode: string | null;
  /** The roles the asking principal holds on the farm, itself or through its organizations. */
  roles: FarmRole[];
  /** When the farm was added. */
  createdAt: Date;
  /** When the farm's details were last changed, or `null`. */
  updatedAt: Date | null;
}

// The interface follows its tables: a column added there and not here fails the type-check.
tied<Farm, typeof farms.$inferSelect>(true, true);

const farmColumns = {
  id: farms.id,
  name: farms.name,
  businessId: farms.businessId,
  address: farms.address,
  postalCode: farms.postalCode,
  createdAt: farms.createdAt,
  updatedAt: farms.updatedAt,
};

function farmValues(input: Record<string, unknown>, partial: boolean) {
  const text = (key: string, max?: number) =>
    !partial || input[key] !== undefined ? optionalText(input[key], key, max) : undefined;
  return {
    businessId: text("businessId", 50),
    address: text("address"),
    postalCode: text("postalCode", 20),
  };
}

/** The roles a principal holds on farms, itself or through its organizations, each role once. */
async function rolesOn(db: FdmType, principalId: string, farmIds: string[]) {
  if (farmIds.length === 0) return new Map<string, FarmRole[]>();
  const principals = await principalsOf(db, principalId);
  const rows = await db
    .select({ farmId: farmRoles.farmId, role: farmRoles.role })
    .from(farmRoles)
    .where(and(inArray(farmRoles.principalId, principals), inArray(farmRoles.farmId, farmIds)));
  const map = new Map<string, FarmRole[]>();
  for (const r of rows) {
    const roles = map.get(r.farmId) ?? [];
    if (!roles.includes(r.role)) roles.push(r.role);
    map.set(
      r.farmId,
      roles.sort((a, b) => farmRoleOrder.indexOf(a) - farmRoleOrder.indexOf(b)),
    );
  }
  return map;
}

/** A farm as the principal sees it; the guard has found it. */
async function readFarm(db: FdmType, principalId: string, farmId: string): Promise<Farm> {
  const [row] = await db.select(farmColumns).from(farms).where(eq(farms.id, farmId));
  if (!row)
    throw new FdmError("NOT_FOUND", `farmId: no farm with id '${farmId}'.`, { field: "farmId" });
  const roles = await rolesOn(db, principalId, [farmId]);
  return { ...row, roles: roles.get(farmId) ?? [] };
}

/**
 * Adds a farm and makes the principal its owner, in one transaction.
 *
 * @param fdm - The database handle.
 * @param principalId - Who adds the farm; becomes its first owner.
 * @param farm - The farm's details.
 * @returns The new farm's id.
 * @throws {FdmError} `INVALID_INPUT` when the name is empty or a field is too long.
 * @throws {FdmPermissionError} When the principal is not an existing user.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, getFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve", postalCode: "6708 PB" });
 * const farm = await getFarm(fdm, me, farmId);
 * assert.deepEqual([farm.postalCode, farm.roles], ["6708 PB", ["owner"]]); // the one who adds it owns it
 * ```
 */
export async function addFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farm: FarmInput,
): Promise<string>;
/**
 * Adds a farm as {@link addFarm} does, and returns it as {@link getFarm} shows it (the
 * principal's role `owner` included), read in the same transaction: one audit row for the add
 * and the read.
 *
 * @param fdm - The database handle.
 * @param principalId - Who adds the farm; becomes its first owner.
 * @param farm - The farm's details.
 * @param options - `{ returning: "record" }`.
 * @returns The new farm.
 * @throws {FdmError} As {@link addFarm}; `INVALID_INPUT` (`field: "options.returning"`) for
 *   other options.
 * @throws {FdmPermissionError} When the principal is not an existing user.
 */
export async function addFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farm: FarmInput,
  options: ReturningRecord,
): Promise<Farm>;
export async function addFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farm: FarmInput,
  options?: ReturningRecord,
): Promise<string | Farm> {
  const input = requireObject(farm, "farm");
  const values = { name: requireText(input.name, "name"), ...farmValues(input, false) };
  const record = wantsRecord(options);
  const id = createId();
  return guard(fdm, principalId, "addFarm").writeOwn("farm", id, async (tx, ctx) => {
    await tx.insert(farms).values({ id, ...values });
    await tx.insert(farmRoles).values({ farmId: id, principalId: ctx.principalId, role: "owner" });
    return record ? readFarm(tx, ctx.principalId, id) : id;
  });
}

/**
 * Reads one farm.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param farmId - The farm.
 * @returns The farm with the roles the principal holds on it, itself or through its organizations.
 * @throws {FdmError} `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal holds no role on the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, getFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * const farm = await getFarm(fdm, me, farmId);
 * assert.strictEqual(farm.name, "De Hoeve");
 * assert.deepStrictEqual(farm.roles, ["owner"]);
 * ```
 */
export async function getFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
): Promise<Farm> {
  return guard(fdm, principalId, "getFarm").read("farm", farmId, (db, ctx) =>
    readFarm(db, ctx.principalId, ctx.farmId),
  );
}

/**
 * Lists the farms on which the principal holds a role, itself or through an
 * organization it is a member of, by name.
 *
 * @param fdm - The database handle.
 * @param principalId - Whose farms to list.
 * @returns The farms, each with the principal's roles on it; empty when there are none.
 * @throws {FdmError} `INVALID_INPUT` for an empty principal id.
 * @throws {FdmPermissionError} When the principal is not an existing user.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, getFarms } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * await addFarm(fdm, me, { name: "Zuidhoeve" });
 * await addFarm(fdm, me, { name: "Noordhoeve" });
 * const names = (await getFarms(fdm, me)).map((f) => f.name);
 * assert.deepStrictEqual(names, ["Noordhoeve", "Zuidhoeve"]);
 * ```
 */
export async function getFarms(fdm: FdmType, principalId: PrincipalId): Promise<Farm[]>;
/**
 * Lists one page of the farms on which the principal holds a role, by id (ids compare as
 * bytes): at most `page.limit` whose ids come after `page.after`, read in SQL. See
 * {@link getFields} for how pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - Whose farms to list.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's farms, each with the principal's roles on it, and the `after` of the next
 *   page (`next`, `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for an empty principal id or a bad page (`field:
 *   "page.limit"` or `"page.after"`).
 * @throws {FdmPermissionError} When the principal is not an existing user.
 */
export async function getFarms(
  fdm: FdmType,
  principalId: PrincipalId,
  page: PageRequest,
): Promise<Page<Farm>>;
export async function getFarms(
  fdm: FdmType,
  principalId: PrincipalId,
  page?: PageRequest,
): Promise<Farm[] | Page<Farm>> {
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "getFarms").readOwn("farm", "*", async (db, ctx) => {
    const mine = inArray(farmRoles.principalId, await principalsOf(db, ctx.principalId));
    const rows =
      checked === null
        ? await db
            .selectDistinct(farmColumns)
            .from(farms)
            .innerJoin(farmRoles, eq(farmRoles.farmId, farms.id))
            .where(mine)
            .orderBy(asc(farms.name), asc(farms.id))
        : await db
            .select(farmColumns)
            .from(farms)
            .where(
              and(
                inArray(farms.id, db.select({ id: farmRoles.farmId }).from(farmRoles).where(mine)),
                afterKey(farms.id, checked),
              ),
            )
            .orderBy(byKey(farms.id))
            .limit(checked.limit + 1);
    const roles = await rolesOn(
      db,
      ctx.principalId,
      rows.map((r) => r.id),
    );
    const listed = rows.map((r) => ({ ...r, roles: roles.get(r.id) ?? [] }));
    return checked === null ? listed : pageOf(listed, checked, (f) => f.id);
  });
}

/**
 * Changes a farm's details. Only the given fields change; pass `null` to clear
 * an optional one.
 *
 * @param fdm - The database handle.
 * @param principalId - Who changes it; needs the `write` right on the farm.
 * @param farmId - The farm.
 * @param update - The fields to change (at least one).
 * @returns The farm as stored afterwards.
 * @throws {FdmError} `INVALID_INPUT` for an empty update or a bad value, `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, updateFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * const farm = await updateFarm(fdm, me, farmId, { address: "Dorpsstraat 1" });
 * assert.deepEqual([farm.name, farm.address], ["De Hoeve", "Dorpsstraat 1"]);
 * ```
 */
export async function updateFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  update: Partial<FarmInput>,
): Promise<Farm> {
  const patch = requireObject(update, "update");
  requireSomeKey(patch, ["name", "businessId", "address", "postalCode"]);
  const values = {
    name: patch.name === undefined ? undefined : requireText(patch.name, "name"),
    ...farmValues(patch, true),
  };
  return guard(fdm, principalId, "updateFarm").write("farm", farmId, async (tx, ctx) => {
    await tx
      .update(farms)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(farms.id, ctx.farmId));
    return readFarm(tx, ctx.principalId, ctx.farmId);
  });
}

/**
 * Removes a farm with everything that belongs to it — its fields with their
 * cultivations, harvests, applications and soil analyses, its fertilizers,
 * custom products, catalogue choices and roles — in one transaction.
 *
 * @param fdm - The database handle.
 * @param principalId - Who removes it; needs the `delete` right (an owner).
 * @param farmId - The farm.
 * @returns Resolves when the farm is gone.
 * @throws {FdmError} `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not delete the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, getFarms, removeFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await removeFarm(fdm, me, farmId);
 * assert.deepStrictEqual(await getFarms(fdm, me), []);
 * ```
 */
export async function removeFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
): Promise<void> {
  await guard(fdm, principalId, "removeFarm").remove("farm", farmId, async (tx) => {
    const fieldRows = await tx
      .select({ id: fieldAcquiring.fieldId })
      .from(fieldAcquiring)
      .where(eq(fieldAcquiring.farmId, farmId));
    await removeFieldsTx(
      tx,
      fieldRows.map((r) => r.id),
    );
    const fertilizerRows = await tx
      .select({ id: fertilizerAcquiring.fertilizerId })
      .from(fertilizerAcquiring)
      .where(eq(fertilizerAcquiring.farmId, farmId));
    const fertilizerIds = fertilizerRows.map((r) => r.id);
    if (fertilizerIds.length > 0)
      await tx.delete(fertilizers).where(inArray(fertilizers.id, fertilizerIds));
    // roles, catalogue choices and custom products go with the farm (ON DELETE CASCADE)
    await tx.delete(farms).where(eq(farms.id, farmId));
  });
}
