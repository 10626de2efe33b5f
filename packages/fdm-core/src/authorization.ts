import { and, eq, inArray, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type AnyPgColumn, type PgTable, QueryBuilder } from "drizzle-orm/pg-core";
import { deepFreeze } from "fdm-data";
import { FdmError, FdmPermissionError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { Prepared } from "./prepared.js";
import {
  auditLog,
  type auditOutcome,
  authUser,
  cultivationHarvesting,
  cultivationStarting,
  derogations,
  farmRole,
  farmRoles,
  farms,
  fertilizerAcquiring,
  fertilizerApplying,
  fieldAcquiring,
  fieldDiscarding,
  organicCertifications,
  organizationMembers,
  organizationRole,
  soilSampling,
} from "./schema.js";
import { createId } from "./validate.js";

/**
 * A role a principal holds on a farm. It carries to everything on the farm:
 * its fields, cultivations, harvests, fertilizers, applications and soil data.
 *
 * - `owner`: may do everything, including sharing the farm and deleting it.
 * - `advisor`: may read, list and write, but not share or delete the farm.
 * - `researcher`: may read and list only.
 */
export type FarmRole = (typeof farmRole.enumValues)[number];

/** Farm roles from the most access to the least: the one order every listing and choice uses. */
export const farmRoleOrder: readonly FarmRole[] = deepFreeze(farmRole.enumValues);

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

export const permissions: Record<FarmRole, readonly FarmAction[]> = deepFreeze({
  owner: ["read", "write", "list", "share", "delete"],
  advisor: ["read", "write", "list"],
  researcher: ["read", "list"],
});

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

/**
 * What a member may do with the farm roles of its organization, by its role in the
 * organization: owners and admins everything the farm role allows; members at most read,
 * list and write — never share or delete a farm on the organization's behalf.
 */
export const organizationFarmActions: Record<OrganizationRole, readonly FarmAction[]> = deepFreeze({
  owner: ["read", "write", "list", "share", "delete"],
  admin: ["read", "write", "list", "share", "delete"],
  member: ["read", "write", "list"],
});

/**
 * SQL condition: the role row belongs to the principal, or to an organization it is a
 * member of with an organization role that may take this action on the organization's farms.
 */
function heldBy(principalId: SQLWrapper, action: FarmAction): SQL | undefined {
  const orgRoles = organizationRoleOrder.filter((r) => organizationFarmActions[r].includes(action));
  return or(
    eq(farmRoles.principalId, principalId),
    inArray(
      farmRoles.principalId,
      queryBuilder
        .select({ id: organizationMembers.organizationId })
        .from(organizationMembers)
        .where(
          and(
            eq(organizationMembers.userId, principalId),
            inArray(organizationMembers.role, orgRoles),
          ),
        ),
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

export type Resolved = { farmId: string; tenure: Tenure | null } | null;

export type AuditEntry = {
  principalId: string;
  action: FarmAction;
  resource: string;
  resourceId: string;
  farmId: string | null;
  allowed: boolean;
  viaPrincipalId?: string | null;
  origin: string;
  /** How the call ended; by default `done` when allowed, `refused` when not. */
  outcome?: AuditOutcome;
  /** The FdmError code a failed or refused call ended with. */
  errorCode?: string | null;
  /** The id of the row already written for this entry, if any. */
  id?: string;
};

/** How an audited call ended: `done`, `failed` (allowed, then its work threw) or `refused`. */
export type AuditOutcome = (typeof auditOutcome.enumValues)[number];

/** Inserts one audit row. */
export async function audit(db: FdmType, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    ...entry,
    id: entry.id ?? createId(),
    outcome: entry.outcome ?? (entry.allowed ? "done" : "refused"),
    errorCode: entry.errorCode ?? null,
  });
}

/**
 * The audit entry of a call that ended with `err`: refused when access was not granted or the
 * work itself refused (a code of `refusals`), otherwise failed with the error's code.
 */
export function endedWith(
  entry: AuditEntry,
  err: unknown,
  refusals: readonly string[] = ["PERMISSION_DENIED"],
): AuditEntry {
  const code = err instanceof FdmError ? err.code : "DATABASE";
  const allowed = entry.allowed && !refusals.includes(code);
  return {
    ...entry,
    allowed,
    viaPrincipalId: allowed ? entry.viaPrincipalId : null,
    outcome: allowed ? "failed" : "refused",
    errorCode: code,
  };
}

/** A timestamp from a raw statement: drivers give it as a string or a Date. */
const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/** Rows of a raw statement, whichever driver ran it (PGlite gives `{ rows }`, postgres-js an array). */
export async function rowsOf<T>(db: FdmType, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } & T[];
  return result.rows ?? result;
}

const queryBuilder = new QueryBuilder();

/** The statements of {@link decide}, by resource, action and lock: each built once. */
const decisions = new Map<string, Prepared>();

/**
 * The statement of {@link decide} for a resource, an action and a lock; its placeholders are
 * `id`, `principal`, `auditId` and `origin`. Built once and run prepared (see prepared.ts).
 */
function decisionOf(resource: FarmResource, action: FarmAction, lock: boolean): Prepared {
  const key = `${resource} ${action} ${lock}`;
  let statement = decisions.get(key);
  if (!statement) {
    statement = new Prepared(() => decisionSql(resource, action, lock));
    decisions.set(key, statement);
  }
  return statement;
}

function decisionSql(resource: FarmResource, action: FarmAction, lock: boolean, work?: SQL): SQL {
  const id = sql.placeholder("id");
  const principal = sql.placeholder("principal");
  const src = sourceOf(resource);
  const where = eq(src.id, id);
  // For a field, its tenure comes along, so that writes need not read it again.
  const isField = resource === "field";
  let target = queryBuilder
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
  let roles = queryBuilder
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
  roles = roles.innerJoin(
    farmRoles,
    and(eq(farmRoles.farmId, src.farmId), heldBy(principal, action)),
  );
  const granting = farmRoleOrder.filter((r) => permissions[r].includes(action));
  const rank = sql.join(
    farmRoleOrder.map((r, i) => sql`when ${r} then ${sql.raw(String(i))}`),
    sql` `,
  );
  const grantingRoles = sql.join(
    granting.map((r) => sql`${r}`),
    sql`, `,
  );
  return sql`with target as (${target.where(where)}),
      roles as materialized (${lock ? roles.where(where).for("share", { of: farmRoles }) : roles.where(where)}),
      actor as (select exists (select 1 from ${authUser} where ${authUser.id} = ${principal}) as ok),
      decision as (
        select t.farm_id, t.acquiring_date, t.discarding_date, actor.ok as actor_ok,
          case when actor.ok then (select via from roles where role in (${grantingRoles})
            order by case role ${rank} end, (via = ${principal}) desc limit 1) end as via
        from actor left join (select * from target limit 1) as t on true
      ),
      audited as (
        insert into ${auditLog} (id, principal_id, action, resource, resource_id, farm_id, allowed, via_principal_id, origin, outcome, error_code)
        select ${sql.placeholder("auditId")}, ${principal}, ${action}, ${resource}, ${id}, farm_id, via is not null, via, ${sql.placeholder("origin")},
          (case when via is not null then 'done' else 'refused' end)::audit_outcome,
          case when via is not null then null when actor_ok and farm_id is null then 'NOT_FOUND' else 'PERMISSION_DENIED' end
        from decision
        returning id
      )
      select farm_id, via, actor_ok, acquiring_date, discarding_date${work ? sql`, case when via is not null then (${work}) end as work` : sql``}
      from decision where (select count(*) from audited) = 1`;
}

/**
 * The access check and its audit row in ONE statement: checks that the acting
 * principal is an existing user (only users act; an organization acts through
 * its members), finds the farm the resource belongs to and the roles the
 * principal holds on it, itself or through its organizations, picks the role
 * that grants the action (the one giving the most access; on a tie the
 * principal's own role first) and inserts the audit row. With `lock`, the role rows found are share-locked until the
 * transaction ends, so a role cannot be revoked or changed between the check
 * and the write. Throws nothing itself beyond database errors.
 */
export async function decide(
  db: FdmType,
  principal: string,
  action: FarmAction,
  resource: FarmResource,
  id: string,
  origin: string,
  lock: boolean,
): Promise<Decision> {
  return runDecision(
    db,
    decisionOf(resource, action, lock),
    principal,
    action,
    resource,
    id,
    origin,
  );
}

/** What {@link decide} found: the farm, the audit entry it wrote, and whether the actor is a user. */
export type Decision = { found: Resolved; entry: AuditEntry; actorExists: boolean };

/**
 * Work that is one SQL value, for {@link decideWith}: `key` names its shape (statements are
 * built once per resource, action and key), `sql` selects ONE value and may use placeholders
 * of its own, whose values are passed to {@link decideWith}.
 */
export interface StatementWork {
  key: string;
  sql: () => SQL;
}

/**
 * {@link decide} and the work in ONE statement: the work's value is computed only when the
 * check grants the action, in the same snapshot, and comes back as `value` (`undefined` when
 * refused). One round trip instead of two. When the statement fails, nothing is written, the
 * audit row included: the caller records the call (see guard.ts).
 */
export async function decideWith(
  db: FdmType,
  principal: string,
  action: FarmAction,
  resource: FarmResource,
  id: string,
  origin: string,
  work: StatementWork,
  values: Record<string, unknown>,
  lock: boolean,
): Promise<Decision & { value: unknown }> {
  const key = `${resource} ${action} ${lock} ${work.key}`;
  let statement = decisions.get(key);
  if (!statement) {
    statement = new Prepared(() => decisionSql(resource, action, lock, work.sql()));
    decisions.set(key, statement);
  }
  return runDecision(db, statement, principal, action, resource, id, origin, values);
}

async function runDecision(
  db: FdmType,
  statement: Prepared,
  principal: string,
  action: FarmAction,
  resource: FarmResource,
  id: string,
  origin: string,
  workValues?: Record<string, unknown>,
): Promise<Decision & { value: unknown }> {
  const isField = resource === "field";
  const auditId = createId();
  const [row] = await statement.rows<{
    farm_id: string | null;
    via: string | null;
    actor_ok: boolean | string;
    acquiring_date: unknown;
    discarding_date: unknown;
    work?: unknown;
  }>(db, { ...workValues, id, principal, auditId, origin });
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
      outcome: row.via !== null ? "done" : "refused",
      id: auditId,
    },
    actorExists: row.actor_ok === true || row.actor_ok === "t",
    value: row.via !== null ? (row.work ?? null) : undefined,
  };
}

/**
 * The farm found by a check that passed; throws the refusal of one that did not. A principal
 * that is no user is refused before anything else, so it learns nothing of which ids exist.
 */
export function granted(
  { found, entry, actorExists }: { found: Resolved; entry: AuditEntry; actorExists: boolean },
  resource: FarmResource,
  idField: string,
): NonNullable<Resolved> {
  if (!actorExists) {
    throw new FdmPermissionError(entry.principalId, entry.action, resource, entry.resourceId);
  }
  if (!found) {
    throw new FdmError(
      "NOT_FOUND",
      `${idField}: no ${resource.replace("_", " ")} with id '${entry.resourceId}'.`,
      { field: idField },
    );
  }
  if (!entry.allowed) {
    throw new FdmPermissionError(entry.principalId, entry.action, resource, entry.resourceId);
  }
  return found;
}

export const idFieldOf = (resource: FarmResource) =>
  resource === "farm" ? "farmId" : `${camel(resource)}Id`;

function camel(s: string): string {
  return s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
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
export type OrganizationRole = (typeof organizationRole.enumValues)[number];

/** Organization roles from the most access to the least. */
export const organizationRoleOrder: readonly OrganizationRole[] = deepFreeze(
  organizationRole.enumValues,
);

/** What each organization role may do with the organization itself (`share`: manage members). */
export const organizationPermissions: Record<OrganizationRole, readonly FarmAction[]> = deepFreeze({
  owner: ["read", "write", "list", "share", "delete"],
  admin: ["read", "write", "list", "share"],
  member: ["read", "list"],
});

/**
 * The conflict of removing or demoting the last owner of a farm or organization:
 * both keep at least one owner.
 */
export function lastOwner(field: string, who: string, of: string): FdmError {
  return new FdmError(
    "CONFLICT",
    `${field}: '${who}' is the last owner of ${of}; it keeps at least one owner.`,
    { field },
  );
}
