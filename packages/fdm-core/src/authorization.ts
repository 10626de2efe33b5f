import { and, asc, eq, inArray } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { asFdmError, FdmError, FdmPermissionError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import {
  auditLog,
  cultivationHarvesting,
  cultivationStarting,
  derogations,
  farmRoles,
  farms,
  fertilizerAcquiring,
  fertilizerApplying,
  fieldAcquiring,
  organicCertifications,
  organizationMembers,
  organizations,
  soilSampling,
} from "./schema.js";
import { createId, requireEnum, requireId } from "./validate.js";

/**
 * A role a principal holds on a farm. It carries to everything on the farm:
 * its fields, cultivations, harvests, fertilizers, applications and soil data.
 *
 * - `owner`: may do everything, including sharing the farm and deleting it.
 * - `advisor`: may read, list and write, but not share or delete the farm.
 * - `researcher`: may read and list only.
 */
export type FarmRole = "owner" | "advisor" | "researcher";

/** What a principal wants to do with a resource. */
export type FarmAction = "read" | "write" | "list" | "share" | "delete";

/** Kinds of resource that access is checked on. */
export type FarmResource =
  | "farm"
  | "field"
  | "cultivation"
  | "harvest"
  | "fertilizer"
  | "fertilizer_application"
  | "soil_analysis"
  | "derogation"
  | "organic_certification";

const permissions: Record<FarmRole, readonly FarmAction[]> = {
  owner: ["read", "write", "list", "share", "delete"],
  advisor: ["read", "write", "list"],
  researcher: ["read", "list"],
};

/** A principal and its role on a farm, as {@link listPrincipalsForFarm} returns it. */
export interface FarmPrincipal {
  /** The principal holding the role. */
  principalId: PrincipalId;
  /** Its role on the farm. */
  role: FarmRole;
  /** When the role was granted or last changed. */
  grantedAt: Date;
}

/**
 * The principals whose roles count for the acting principal: the principal
 * itself and every organization it is a member of, so that a role granted to
 * an organization reaches its members.
 */
export async function principalsOf(db: FdmType, principalId: PrincipalId): Promise<string[]> {
  const rows = await db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, principalId));
  return [principalId, ...rows.map((r) => r.organizationId)];
}

/** Finds, in one query, the farm a resource belongs to and the roles the principals hold on it. */
async function resolve(
  db: FdmType,
  resource: FarmResource,
  resourceId: string,
  principals: string[],
): Promise<{ farmId: string; roles: { role: FarmRole; principalId: string }[] } | null> {
  const roleOn = (farmId: AnyPgColumn) =>
    and(eq(farmRoles.farmId, farmId), inArray(farmRoles.principalId, principals));
  let rows: { farmId: string; role: FarmRole | null; via: string | null }[];
  switch (resource) {
    case "farm":
      rows = await db
        .select({ farmId: farms.id, role: farmRoles.role, via: farmRoles.principalId })
        .from(farms)
        .leftJoin(farmRoles, roleOn(farms.id))
        .where(eq(farms.id, resourceId));
      break;
    case "field":
      rows = await db
        .select({ farmId: fieldAcquiring.farmId, role: farmRoles.role, via: farmRoles.principalId })
        .from(fieldAcquiring)
        .leftJoin(farmRoles, roleOn(fieldAcquiring.farmId))
        .where(eq(fieldAcquiring.fieldId, resourceId));
      break;
    case "cultivation":
      rows = await db
        .select({ farmId: fieldAcquiring.farmId, role: farmRoles.role, via: farmRoles.principalId })
        .from(cultivationStarting)
        .innerJoin(fieldAcquiring, eq(fieldAcquiring.fieldId, cultivationStarting.fieldId))
        .leftJoin(farmRoles, roleOn(fieldAcquiring.farmId))
        .where(eq(cultivationStarting.cultivationId, resourceId));
      break;
    case "harvest":
      rows = await db
        .select({ farmId: fieldAcquiring.farmId, role: farmRoles.role, via: farmRoles.principalId })
        .from(cultivationHarvesting)
        .innerJoin(
          cultivationStarting,
          eq(cultivationStarting.cultivationId, cultivationHarvesting.cultivationId),
        )
        .innerJoin(fieldAcquiring, eq(fieldAcquiring.fieldId, cultivationStarting.fieldId))
        .leftJoin(farmRoles, roleOn(fieldAcquiring.farmId))
        .where(eq(cultivationHarvesting.id, resourceId));
      break;
    case "fertilizer":
      rows = await db
        .select({
          farmId: fertilizerAcquiring.farmId,
          role: farmRoles.role,
          via: farmRoles.principalId,
        })
        .from(fertilizerAcquiring)
        .leftJoin(farmRoles, roleOn(fertilizerAcquiring.farmId))
        .where(eq(fertilizerAcquiring.fertilizerId, resourceId));
      break;
    case "fertilizer_application":
      rows = await db
        .select({ farmId: fieldAcquiring.farmId, role: farmRoles.role, via: farmRoles.principalId })
        .from(fertilizerApplying)
        .innerJoin(fieldAcquiring, eq(fieldAcquiring.fieldId, fertilizerApplying.fieldId))
        .leftJoin(farmRoles, roleOn(fieldAcquiring.farmId))
        .where(eq(fertilizerApplying.id, resourceId));
      break;
    case "soil_analysis":
      rows = await db
        .select({ farmId: fieldAcquiring.farmId, role: farmRoles.role, via: farmRoles.principalId })
        .from(soilSampling)
        .innerJoin(fieldAcquiring, eq(fieldAcquiring.fieldId, soilSampling.fieldId))
        .leftJoin(farmRoles, roleOn(fieldAcquiring.farmId))
        .where(eq(soilSampling.analysisId, resourceId));
      break;
    case "derogation":
      rows = await db
        .select({ farmId: derogations.farmId, role: farmRoles.role, via: farmRoles.principalId })
        .from(derogations)
        .leftJoin(farmRoles, roleOn(derogations.farmId))
        .where(eq(derogations.id, resourceId));
      break;
    case "organic_certification":
      rows = await db
        .select({
          farmId: organicCertifications.farmId,
          role: farmRoles.role,
          via: farmRoles.principalId,
        })
        .from(organicCertifications)
        .leftJoin(farmRoles, roleOn(organicCertifications.farmId))
        .where(eq(organicCertifications.id, resourceId));
      break;
  }
  const [first] = rows;
  if (!first) return null;
  return {
    farmId: first.farmId,
    roles: rows.flatMap((r) => (r.role && r.via ? [{ role: r.role, principalId: r.via }] : [])),
  };
}

async function audit(
  db: FdmType,
  entry: {
    principalId: string;
    action: FarmAction;
    resource: string;
    resourceId: string;
    farmId: string | null;
    allowed: boolean;
    viaPrincipalId?: string | null;
    origin: string;
  },
): Promise<void> {
  await db.insert(auditLog).values({ id: createId(), ...entry });
}

/**
 * Checks that the principal may perform the action on the resource and records
 * the check in the audit log. Call it on the base handle, before opening the
 * transaction that writes, so that the audit row of a denied check is kept.
 *
 * @returns The id of the farm the resource belongs to.
 */
export async function checkPermission(
  db: FdmType,
  principalId: unknown,
  action: FarmAction,
  resource: FarmResource,
  resourceId: unknown,
  origin: string,
): Promise<string> {
  const principal = requireId(principalId, "principalId");
  const idField = resource === "farm" ? "farmId" : `${camel(resource)}Id`;
  const id = requireId(resourceId, idField);
  let found: Awaited<ReturnType<typeof resolve>>;
  try {
    found = await resolve(db, resource, id, await principalsOf(db, principal));
  } catch (err) {
    throw asFdmError(err, origin);
  }
  // The role that gives the most access wins; on a tie the principal's own role comes first.
  const granting = (found?.roles ?? [])
    .filter((r) => permissions[r.role].includes(action))
    .sort(
      (a, b) =>
        roleValues.indexOf(a.role) - roleValues.indexOf(b.role) ||
        Number(b.principalId === principal) - Number(a.principalId === principal),
    )[0];
  const allowed = granting !== undefined;
  try {
    await audit(db, {
      principalId: principal,
      action,
      resource,
      resourceId: id,
      farmId: found?.farmId ?? null,
      allowed,
      viaPrincipalId: granting?.principalId ?? null,
      origin,
    });
  } catch (err) {
    throw asFdmError(err, origin);
  }
  if (!found) {
    throw new FdmError(
      "NOT_FOUND",
      `${idField}: no ${resource.replace("_", " ")} with id '${id}'.`,
      {
        field: idField,
      },
    );
  }
  if (!allowed) throw new FdmPermissionError(principal, action, resource, id);
  return found.farmId;
}

/** Records a check that is not tied to one farm resource (e.g. listing one's farms). */
export async function recordAudit(
  db: FdmType,
  principalId: string,
  action: FarmAction,
  resource: string,
  resourceId: string,
  origin: string,
  allowed = true,
): Promise<void> {
  try {
    await audit(db, {
      principalId,
      action,
      resource,
      resourceId,
      farmId: null,
      allowed,
      viaPrincipalId: allowed ? principalId : null,
      origin,
    });
  } catch (err) {
    throw asFdmError(err, origin);
  }
}

/**
 * A role a user holds in an organization.
 *
 * - `owner`: may do everything, including removing the organization and making others owner.
 * - `admin`: may change the organization's details and manage members and invitations,
 *   except owners and the owner role.
 * - `member`: may see the organization and its members, and acts on the farms
 *   the organization holds a role on.
 */
export type OrganizationRole = "owner" | "admin" | "member";

const organizationPermissions: Record<OrganizationRole, readonly FarmAction[]> = {
  owner: ["read", "write", "list", "share", "delete"],
  admin: ["read", "write", "list", "share"],
  member: ["read", "list"],
};

/**
 * Checks that a user may perform an action on an organization (`share` means
 * managing its members and invitations) and records the check in the audit log.
 *
 * @returns The user's role in the organization.
 */
export async function checkOrganizationPermission(
  db: FdmType,
  principalId: unknown,
  action: FarmAction,
  organizationId: unknown,
  origin: string,
): Promise<OrganizationRole> {
  const principal = requireId(principalId, "principalId");
  const id = requireId(organizationId, "organizationId");
  let exists: boolean;
  let role: OrganizationRole | undefined;
  try {
    const rows = await db
      .select({ id: organizations.id, role: organizationMembers.role })
      .from(organizations)
      .leftJoin(
        organizationMembers,
        and(
          eq(organizationMembers.organizationId, organizations.id),
          eq(organizationMembers.userId, principal),
        ),
      )
      .where(eq(organizations.id, id));
    exists = rows.length > 0;
    role = rows[0]?.role ?? undefined;
  } catch (err) {
    throw asFdmError(err, origin);
  }
  const allowed = role !== undefined && organizationPermissions[role].includes(action);
  try {
    await audit(db, {
      principalId: principal,
      action,
      resource: "organization",
      resourceId: id,
      farmId: null,
      allowed,
      viaPrincipalId: allowed ? principal : null,
      origin,
    });
  } catch (err) {
    throw asFdmError(err, origin);
  }
  if (!exists) {
    throw new FdmError("NOT_FOUND", `organizationId: no organization with id '${id}'.`, {
      field: "organizationId",
    });
  }
  if (!allowed || role === undefined) {
    throw new FdmPermissionError(principal, action, "organization", id);
  }
  return role;
}

function camel(s: string): string {
  return s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/** Locks the farm row for the rest of the transaction and returns the owners. */
async function lockOwners(tx: FdmType, farmId: string): Promise<string[]> {
  await tx.select({ id: farms.id }).from(farms).where(eq(farms.id, farmId)).for("update");
  const rows = await tx
    .select({ principalId: farmRoles.principalId })
    .from(farmRoles)
    .where(and(eq(farmRoles.farmId, farmId), eq(farmRoles.role, "owner")));
  return rows.map((r) => r.principalId);
}

const roleValues = ["owner", "advisor", "researcher"] as const;

/**
 * Gives a principal a role on a farm. Only a principal that may share the farm
 * (an owner) can grant roles.
 *
 * @param fdm - The database handle.
 * @param principalId - Who grants the role; needs the `share` right on the farm.
 * @param granteeId - Who receives the role.
 * @param farmId - The farm.
 * @param role - `owner`, `advisor` or `researcher`.
 * @returns Resolves when the role is stored.
 * @throws {FdmError} `INVALID_INPUT` for a bad id or role, `NOT_FOUND` for an unknown farm,
 *   `CONFLICT` when the grantee already holds a role (use {@link updateRoleOfPrincipalAtFarm}).
 * @throws {FdmPermissionError} When `principalId` may not share the farm.
 * @example
 * ```ts
 * import { addFarm, createFdmLocal, grantRoleToFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const farmId = await addFarm(fdm, "owner-1", { name: "De Hoeve" });
 * await grantRoleToFarm(fdm, "owner-1", "advisor-7", farmId, "advisor");
 * ```
 */
export async function grantRoleToFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  granteeId: PrincipalId,
  farmId: string,
  role: FarmRole,
): Promise<void> {
  const grantee = requireId(granteeId, "granteeId");
  const r = requireEnum(role, "role", roleValues);
  await checkPermission(fdm, principalId, "share", "farm", farmId, "grantRoleToFarm");
  try {
    await fdm.transaction(async (tx) => {
      await lockOwners(tx, farmId);
      const [existing] = await tx
        .select({ role: farmRoles.role, via: farmRoles.principalId })
        .from(farmRoles)
        .where(and(eq(farmRoles.farmId, farmId), eq(farmRoles.principalId, grantee)));
      if (existing) {
        throw new FdmError(
          "CONFLICT",
          `granteeId: principal '${grantee}' already holds the role '${existing.role}' on farm '${farmId}'; use updateRoleOfPrincipalAtFarm to change it.`,
          { field: "granteeId" },
        );
      }
      await tx.insert(farmRoles).values({ farmId, principalId: grantee, role: r });
    });
  } catch (err) {
    throw asFdmError(err, "grantRoleToFarm");
  }
}

/**
 * Changes the role a principal holds on a farm. The last owner cannot be
 * demoted: a farm keeps at least one owner.
 *
 * @param fdm - The database handle.
 * @param principalId - Who changes the role; needs the `share` right on the farm.
 * @param granteeId - Whose role changes.
 * @param farmId - The farm.
 * @param role - The new role.
 * @returns Resolves when the role is changed.
 * @throws {FdmError} `INVALID_INPUT` for a bad id or role, `NOT_FOUND` when the farm is
 *   unknown or the grantee holds no role on it, `CONFLICT` when it would leave the farm without an owner.
 * @throws {FdmPermissionError} When `principalId` may not share the farm.
 * @example
 * ```ts
 * import { addFarm, createFdmLocal, grantRoleToFarm, updateRoleOfPrincipalAtFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const farmId = await addFarm(fdm, "owner-1", { name: "De Hoeve" });
 * await grantRoleToFarm(fdm, "owner-1", "student-3", farmId, "researcher");
 * await updateRoleOfPrincipalAtFarm(fdm, "owner-1", "student-3", farmId, "advisor");
 * ```
 */
export async function updateRoleOfPrincipalAtFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  granteeId: PrincipalId,
  farmId: string,
  role: FarmRole,
): Promise<void> {
  const grantee = requireId(granteeId, "granteeId");
  const r = requireEnum(role, "role", roleValues);
  await checkPermission(fdm, principalId, "share", "farm", farmId, "updateRoleOfPrincipalAtFarm");
  try {
    await fdm.transaction(async (tx) => {
      const owners = await lockOwners(tx, farmId);
      await requireGrantee(tx, farmId, grantee);
      if (r !== "owner" && owners.length === 1 && owners[0] === grantee) {
        throw lastOwner(grantee, farmId);
      }
      await tx
        .update(farmRoles)
        .set({ role: r, grantedAt: new Date() })
        .where(and(eq(farmRoles.farmId, farmId), eq(farmRoles.principalId, grantee)));
    });
  } catch (err) {
    throw asFdmError(err, "updateRoleOfPrincipalAtFarm");
  }
}

/**
 * Takes away the role a principal holds on a farm. The last owner cannot be
 * revoked: a farm keeps at least one owner.
 *
 * @param fdm - The database handle.
 * @param principalId - Who revokes; needs the `share` right on the farm.
 * @param granteeId - Whose role is taken away.
 * @param farmId - The farm.
 * @returns Resolves when the role is removed.
 * @throws {FdmError} `NOT_FOUND` when the farm is unknown or the grantee holds no role on it,
 *   `CONFLICT` when the grantee is the farm's last owner.
 * @throws {FdmPermissionError} When `principalId` may not share the farm.
 * @example
 * ```ts
 * import { addFarm, createFdmLocal, grantRoleToFarm, revokePrincipalFromFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const farmId = await addFarm(fdm, "owner-1", { name: "De Hoeve" });
 * await grantRoleToFarm(fdm, "owner-1", "advisor-7", farmId, "advisor");
 * await revokePrincipalFromFarm(fdm, "owner-1", "advisor-7", farmId);
 * ```
 */
export async function revokePrincipalFromFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  granteeId: PrincipalId,
  farmId: string,
): Promise<void> {
  const grantee = requireId(granteeId, "granteeId");
  await checkPermission(fdm, principalId, "share", "farm", farmId, "revokePrincipalFromFarm");
  try {
    await fdm.transaction(async (tx) => {
      const owners = await lockOwners(tx, farmId);
      await requireGrantee(tx, farmId, grantee);
      if (owners.length === 1 && owners[0] === grantee) throw lastOwner(grantee, farmId);
      await tx
        .delete(farmRoles)
        .where(and(eq(farmRoles.farmId, farmId), eq(farmRoles.principalId, grantee)));
    });
  } catch (err) {
    throw asFdmError(err, "revokePrincipalFromFarm");
  }
}

async function requireGrantee(tx: FdmType, farmId: string, grantee: string): Promise<void> {
  const [row] = await tx
    .select({ role: farmRoles.role, via: farmRoles.principalId })
    .from(farmRoles)
    .where(and(eq(farmRoles.farmId, farmId), eq(farmRoles.principalId, grantee)));
  if (!row) {
    throw new FdmError(
      "NOT_FOUND",
      `granteeId: principal '${grantee}' holds no role on farm '${farmId}'.`,
      { field: "granteeId" },
    );
  }
}

const lastOwner = (grantee: string, farmId: string) =>
  new FdmError(
    "CONFLICT",
    `granteeId: principal '${grantee}' is the last owner of farm '${farmId}'; a farm keeps at least one owner.`,
    { field: "granteeId" },
  );

/**
 * Lists who holds which role on a farm, owners first.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param farmId - The farm.
 * @returns The principals with their roles.
 * @throws {FdmError} `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When `principalId` may not read the farm.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { addFarm, createFdmLocal, listPrincipalsForFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const farmId = await addFarm(fdm, "owner-1", { name: "De Hoeve" });
 * const principals = await listPrincipalsForFarm(fdm, "owner-1", farmId);
 * assert.deepStrictEqual(principals.map((p) => p.role), ["owner"]);
 * ```
 */
export async function listPrincipalsForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
): Promise<FarmPrincipal[]> {
  await checkPermission(fdm, principalId, "read", "farm", farmId, "listPrincipalsForFarm");
  try {
    const rows = await fdm
      .select({
        principalId: farmRoles.principalId,
        role: farmRoles.role,
        grantedAt: farmRoles.grantedAt,
      })
      .from(farmRoles)
      .where(eq(farmRoles.farmId, farmId))
      .orderBy(asc(farmRoles.principalId));
    const rank = (r: FarmRole) => roleValues.indexOf(r);
    return rows.sort((a, b) => rank(a.role) - rank(b.role));
  } catch (err) {
    throw asFdmError(err, "listPrincipalsForFarm");
  }
}

async function isAllowed(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  action: FarmAction,
  origin: string,
): Promise<boolean> {
  try {
    await checkPermission(fdm, principalId, action, "farm", farmId, origin);
    return true;
  } catch (err) {
    if (err instanceof FdmError && (err.code === "PERMISSION_DENIED" || err.code === "NOT_FOUND")) {
      return false;
    }
    throw err;
  }
}

/**
 * Tells whether a principal may share a farm (grant, change and revoke roles).
 * The check is recorded in the audit log like any other.
 *
 * @param fdm - The database handle.
 * @param principalId - The principal.
 * @param farmId - The farm.
 * @returns `true` for an owner; `false` otherwise, also for an unknown farm.
 * @throws {FdmError} `INVALID_INPUT` for an empty id, `DATABASE` when the query fails.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { addFarm, createFdmLocal, isAllowedToShareFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const farmId = await addFarm(fdm, "owner-1", { name: "De Hoeve" });
 * assert.strictEqual(await isAllowedToShareFarm(fdm, "owner-1", farmId), true);
 * assert.strictEqual(await isAllowedToShareFarm(fdm, "someone-else", farmId), false);
 * ```
 */
export async function isAllowedToShareFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
): Promise<boolean> {
  return isAllowed(fdm, principalId, farmId, "share", "isAllowedToShareFarm");
}

/**
 * Tells whether a principal may delete a farm. The check is recorded in the
 * audit log like any other.
 *
 * @param fdm - The database handle.
 * @param principalId - The principal.
 * @param farmId - The farm.
 * @returns `true` for an owner; `false` otherwise, also for an unknown farm.
 * @throws {FdmError} `INVALID_INPUT` for an empty id, `DATABASE` when the query fails.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { addFarm, createFdmLocal, grantRoleToFarm, isAllowedToDeleteFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const farmId = await addFarm(fdm, "owner-1", { name: "De Hoeve" });
 * await grantRoleToFarm(fdm, "owner-1", "advisor-7", farmId, "advisor");
 * assert.strictEqual(await isAllowedToDeleteFarm(fdm, "advisor-7", farmId), false);
 * ```
 */
export async function isAllowedToDeleteFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
): Promise<boolean> {
  return isAllowed(fdm, principalId, farmId, "delete", "isAllowedToDeleteFarm");
}
