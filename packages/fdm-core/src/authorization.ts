import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
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
  fieldDiscarding,
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

/** SQL condition: the role row belongs to the principal or to an organization it is a member of. */
function heldBy(db: FdmType, principalId: string): SQL | undefined {
  return or(
    eq(farmRoles.principalId, principalId),
    inArray(
      farmRoles.principalId,
      db
        .select({ id: organizationMembers.organizationId })
        .from(organizationMembers)
        .where(eq(organizationMembers.userId, principalId)),
    ),
  );
}

/** How to reach the farm from each kind of resource: the table, the joins and the columns. */
function sourceOf(resource: FarmResource): {
  from: PgTable;
  joins: [PgTable, SQL][];
  farmId: AnyPgColumn;
  id: AnyPgColumn;
} {
  const viaField = (fieldId: AnyPgColumn): [PgTable, SQL][] => [
    [fieldAcquiring, eq(fieldAcquiring.fieldId, fieldId)],
  ];
  switch (resource) {
    case "farm":
      return { from: farms, joins: [], farmId: farms.id, id: farms.id };
    case "field":
      return {
        from: fieldAcquiring,
        joins: [],
        farmId: fieldAcquiring.farmId,
        id: fieldAcquiring.fieldId,
      };
    case "cultivation":
      return {
        from: cultivationStarting,
        joins: viaField(cultivationStarting.fieldId),
        farmId: fieldAcquiring.farmId,
        id: cultivationStarting.cultivationId,
      };
    case "harvest":
      return {
        from: cultivationHarvesting,
        joins: [
          [
            cultivationStarting,
            eq(cultivationStarting.cultivationId, cultivationHarvesting.cultivationId),
          ],
          ...viaField(cultivationStarting.fieldId),
        ],
        farmId: fieldAcquiring.farmId,
        id: cultivationHarvesting.id,
      };
    case "fertilizer":
      return {
        from: fertilizerAcquiring,
        joins: [],
        farmId: fertilizerAcquiring.farmId,
        id: fertilizerAcquiring.fertilizerId,
      };
    case "fertilizer_application":
      return {
        from: fertilizerApplying,
        joins: viaField(fertilizerApplying.fieldId),
        farmId: fieldAcquiring.farmId,
        id: fertilizerApplying.id,
      };
    case "soil_analysis":
      return {
        from: soilSampling,
        joins: viaField(soilSampling.fieldId),
        farmId: fieldAcquiring.farmId,
        id: soilSampling.analysisId,
      };
    case "derogation":
      return { from: derogations, joins: [], farmId: derogations.farmId, id: derogations.id };
    case "organic_certification":
      return {
        from: organicCertifications,
        joins: [],
        farmId: organicCertifications.farmId,
        id: organicCertifications.id,
      };
  }
}

/** The farm's tenure of a field: when it was acquired and, if so, discarded. */
export type Tenure = { acquiringDate: Date; discardingDate: Date | null };

type Resolved = { farmId: string; tenure: Tenure | null } | null;

type AuditEntry = {
  principalId: string;
  action: FarmAction;
  resource: string;
  resourceId: string;
  farmId: string | null;
  allowed: boolean;
  viaPrincipalId?: string | null;
  origin: string;
};

async function audit(db: FdmType, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ id: createId(), ...entry });
}

/** A timestamp from a raw statement: drivers give it as a string or a Date. */
const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/** Rows of a raw statement, whichever driver ran it (PGlite gives `{ rows }`, postgres-js an array). */
export async function rowsOf<T>(db: FdmType, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } & T[];
  return result.rows ?? result;
}

/**
 * The access check and its audit row in ONE statement: finds the farm the
 * resource belongs to and the roles the principal holds on it, itself or
 * through its organizations, picks the role that grants the action (the one
 * giving the most access; on a tie the principal's own role first) and inserts
 * the audit row. With `lock`, the role rows found are share-locked until the
 * transaction ends, so a role cannot be revoked or changed between the check
 * and the write. Throws nothing itself beyond database errors.
 */
async function decide(
  db: FdmType,
  principal: string,
  action: FarmAction,
  resource: FarmResource,
  id: string,
  origin: string,
  lock: boolean,
): Promise<{ found: Resolved; entry: AuditEntry }> {
  const src = sourceOf(resource);
  const where = eq(src.id, id);
  // For a field, its tenure comes along, so that writes need not read it again.
  const isField = resource === "field";
  let target = db
    .select({
      farmId: sql<string>`${src.farmId}`.as("farm_id"),
      acquiringDate: isField
        ? sql`${fieldAcquiring.acquiringDate}`.as("acquiring_date")
        : sql`null`.as("acquiring_date"),
      discardingDate: isField
        ? sql`${fieldDiscarding.discardingDate}`.as("discarding_date")
        : sql`null`.as("discarding_date"),
    })
    .from(src.from)
    .$dynamic();
  if (isField) {
    target = target.leftJoin(fieldDiscarding, eq(fieldDiscarding.fieldId, fieldAcquiring.fieldId));
  }
  let roles = db
    .select({
      role: sql<string>`${farmRoles.role}::text`.as("role"),
      via: sql<string>`${farmRoles.principalId}`.as("via"),
    })
    .from(src.from)
    .$dynamic();
  for (const [table, on] of src.joins) {
    target = target.innerJoin(table, on);
    roles = roles.innerJoin(table, on);
  }
  // A lock cannot reach the nullable side of an outer join, so the roles are read (and locked)
  // through an inner join and the farm on its own, which tells "denied" from "not found".
  roles = roles.innerJoin(farmRoles, and(eq(farmRoles.farmId, src.farmId), heldBy(db, principal)));
  const granting = roleValues.filter((r) => permissions[r].includes(action));
  const rank = sql.join(
    roleValues.map((r, i) => sql`when ${r} then ${sql.raw(String(i))}`),
    sql` `,
  );
  const grantingRoles = sql.join(
    granting.map((r) => sql`${r}`),
    sql`, `,
  );
  const auditId = createId();
  const [row] = await rowsOf<{
    farm_id: string | null;
    via: string | null;
    acquiring_date: unknown;
    discarding_date: unknown;
  }>(
    db,
    sql`with target as (${target.where(where)}),
      roles as materialized (${lock ? roles.where(where).for("share", { of: farmRoles }) : roles.where(where)}),
      decision as (
        select t.farm_id, t.acquiring_date, t.discarding_date,
          (select via from roles where role in (${grantingRoles})
            order by case role ${rank} end, (via = ${principal}) desc limit 1) as via
        from (select 1) as one left join (select * from target limit 1) as t on true
      ),
      audited as (
        insert into ${auditLog} (id, principal_id, action, resource, resource_id, farm_id, allowed, via_principal_id, origin)
        select ${auditId}, ${principal}, ${action}, ${resource}, ${id}, farm_id, via is not null, via, ${origin}
        from decision
        returning id
      )
      select farm_id, via, acquiring_date, discarding_date from decision where (select count(*) from audited) = 1`,
  );
  if (!row) throw new Error("the access check wrote no audit row");
  return {
    found: row.farm_id
      ? {
          farmId: row.farm_id,
          tenure:
            isField && row.acquiring_date != null
              ? {
                  acquiringDate: asDate(row.acquiring_date),
                  discardingDate: row.discarding_date == null ? null : asDate(row.discarding_date),
                }
              : null,
        }
      : null,
    entry: {
      principalId: principal,
      action,
      resource,
      resourceId: id,
      farmId: row.farm_id,
      allowed: row.via !== null,
      viaPrincipalId: row.via,
      origin,
    },
  };
}

/** The error for a check that did not pass, or `null` when it passed. */
function refusal(
  found: Resolved,
  entry: AuditEntry,
  resource: FarmResource,
  idField: string,
): FdmError | null {
  if (!found) {
    return new FdmError(
      "NOT_FOUND",
      `${idField}: no ${resource.replace("_", " ")} with id '${entry.resourceId}'.`,
      { field: idField },
    );
  }
  if (!entry.allowed) {
    return new FdmPermissionError(entry.principalId, entry.action, resource, entry.resourceId);
  }
  return null;
}

const idFieldOf = (resource: FarmResource) =>
  resource === "farm" ? "farmId" : `${camel(resource)}Id`;

/**
 * Checks that the principal may perform the action on the resource and records
 * the check in the audit log, on the handle given (no transaction of its own).
 * Reads use it; writes use {@link withPermission}.
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
  const idField = idFieldOf(resource);
  const id = requireId(resourceId, idField);
  let outcome: Awaited<ReturnType<typeof decide>>;
  try {
    outcome = await decide(db, principal, action, resource, id, origin, false);
  } catch (err) {
    throw asFdmError(err, origin);
  }
  const error = refusal(outcome.found, outcome.entry, resource, idField);
  if (error) throw error;
  return outcome.found?.farmId as string;
}

/**
 * Checks access and does the write in ONE transaction: the check (with the role
 * rows share-locked, so a concurrent revocation waits for the write or the write
 * sees it), its audit row and `work`. When the check is refused or `work` fails,
 * everything is rolled back and the audit row of the check is then written on
 * its own, so a denied or failed attempt stays recorded. For a field, `work`
 * also gets the farm's tenure of it, read by the check.
 *
 * @returns What `work` returns.
 */
export async function withPermission<T>(
  db: FdmType,
  principalId: unknown,
  action: FarmAction,
  resource: FarmResource,
  resourceId: unknown,
  origin: string,
  work: (tx: FdmType, farmId: string, tenure: Tenure | null) => Promise<T>,
): Promise<T> {
  const principal = requireId(principalId, "principalId");
  const idField = idFieldOf(resource);
  const id = requireId(resourceId, idField);
  let outcome: Awaited<ReturnType<typeof decide>> | undefined;
  let refused = null as FdmError | null;
  try {
    return await db.transaction(async (tx) => {
      if (resource === "farm" && (action === "share" || action === "delete")) {
        // Role changes and removal lock the farm row first, as lockOwners does, so that the
        // roles read next are current and two owners acting at once are serialised.
        await tx.select({ id: farms.id }).from(farms).where(eq(farms.id, id)).for("no key update");
      }
      outcome = await decide(tx, principal, action, resource, id, origin, true);
      refused = refusal(outcome.found, outcome.entry, resource, idField);
      if (refused) throw refused;
      return work(tx, outcome.found?.farmId as string, outcome.found?.tenure ?? null);
    });
  } catch (err) {
    if (outcome) {
      try {
        await audit(db, outcome.entry);
      } catch (auditErr) {
        throw asFdmError(auditErr, origin);
      }
    }
    if (refused) throw refused;
    throw asFdmError(err, origin);
  }
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
  // "no key update" still serialises role changes, but lets rows that reference the farm be inserted.
  await tx.select({ id: farms.id }).from(farms).where(eq(farms.id, farmId)).for("no key update");
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
  await withPermission(fdm, principalId, "share", "farm", farmId, "grantRoleToFarm", async (tx) => {
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
  await withPermission(
    fdm,
    principalId,
    "share",
    "farm",
    farmId,
    "updateRoleOfPrincipalAtFarm",
    async (tx) => {
      const owners = await lockOwners(tx, farmId);
      await requireGrantee(tx, farmId, grantee);
      if (r !== "owner" && owners.length === 1 && owners[0] === grantee) {
        throw lastOwner(grantee, farmId);
      }
      await tx
        .update(farmRoles)
        .set({ role: r, grantedAt: new Date() })
        .where(and(eq(farmRoles.farmId, farmId), eq(farmRoles.principalId, grantee)));
    },
  );
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
  await withPermission(
    fdm,
    principalId,
    "share",
    "farm",
    farmId,
    "revokePrincipalFromFarm",
    async (tx) => {
      const owners = await lockOwners(tx, farmId);
      await requireGrantee(tx, farmId, grantee);
      if (owners.length === 1 && owners[0] === grantee) throw lastOwner(grantee, farmId);
      await tx
        .delete(farmRoles)
        .where(and(eq(farmRoles.farmId, farmId), eq(farmRoles.principalId, grantee)));
    },
  );
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
