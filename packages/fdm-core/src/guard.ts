/**
 * The one guarded path every exported fdm-core function goes through.
 *
 * ```ts
 * // a read of one farm resource: check + audit row (one statement), then the work
 * guard(fdm, principalId, "getField").read("field", fieldId, (db, ctx) => ...);
 * // a list whose work is one SQL value (a page as JSON): check, audit row and work in ONE statement
 * guard(fdm, principalId, "getFields").listIn("farm", farmId, work, values, (value) => ...);
 * // a write: check with the role rows share-locked, audit row and work in ONE transaction
 * guard(fdm, principalId, "updateField").write("field", fieldId, (tx, ctx) => ...);
 * guard(fdm, principalId, "grantRoleToFarm").share("farm", farmId, (tx, ctx) => ...);
 * guard(fdm, principalId, "removeFarm").remove("farm", farmId, (tx, ctx) => ...);
 * // not tied to one farm resource (the work decides what the principal may see or do)
 * guard(fdm, principalId, "getFarms").readOwn("farm", "*", (db, ctx) => ...);
 * guard(fdm, principalId, "addFarm").writeOwn("farm", newId, (tx, ctx) => ...);
 * // looking up other principals: only an existing user may ask
 * guard(fdm, principalId, "getPrincipal").lookup(id, (db, ctx) => ...);
 * // organizations: the asker's role in it, read (and for writes locked) in the transaction
 * guard(fdm, principalId, "getOrganization").readOrganization("read", orgId, (db, ctx) => ...);
 * guard(fdm, principalId, "updateOrganization").writeOrganization("write", orgId, (tx, ctx) => ...);
 * // no principal (catalogue sync, calculation cache): only the error rule
 * system(fdm, "syncCatalogues").write((tx) => ...);
 * ```
 *
 * Rules the guard keeps so that area files need not:
 * - `ctx.farmId` is the farm the resource belongs to; for a field `ctx.tenure` holds its
 *   acquiring and discarding dates, read by the check.
 * - A write that is refused, or whose work throws, is rolled back; its audit row is then
 *   written on its own, so the only trace left is that row (allowed=false for a refusal).
 * - An error that is not an {@link FdmError} becomes a `DATABASE` error naming the
 *   function; its message carries no input values, the driver's error is its `cause`.
 * - Validation that needs no database may run before the guard (it writes nothing).
 * - Several rows written by one call (bulk calls) go in the one `write` transaction:
 *   one check covers them all, and the work validates each row.
 */
import { eq, sql } from "drizzle-orm";
import {
  type AuditEntry,
  audit,
  decide,
  decideWith,
  endedWith,
  type FarmAction,
  type FarmResource,
  granted,
  idFieldOf,
  type OrganizationRole,
  organizationPermissions,
  type StatementWork,
  type Tenure,
} from "./authorization.js";
import { FdmError, FdmPermissionError } from "./error.js";
import type { FdmType } from "./fdm.js";
import { noteWrite } from "./insert-together.js";
import { Prepared, transaction } from "./prepared.js";
import { auditLog, authUser, farms, organizationMembers, organizations } from "./schema.js";
import { createId, requireId } from "./validate.js";

/** What the guard hands the work of a call on one farm resource. */
export interface FarmContext {
  /** The acting principal, checked. */
  principalId: string;
  /** The farm the resource belongs to. */
  farmId: string;
  /** For a field: the farm's tenure of it; otherwise `null`. */
  tenure: Tenure | null;
}

/** A statement of a write's work that runs in its check's statement (see {@link Guard.write}). */
export type JoinedStatement = StatementWork & {
  /** The values of its placeholders (not `id`, `principal`, `auditId` or `origin`). */
  values: Record<string, unknown>;
};

/** What the guard hands the work of a call not tied to one farm resource. */
export interface ActorContext {
  /** The acting principal: an existing user. */
  principalId: string;
}

/** What the guard hands the work of a call on an organization. */
export interface OrganizationContext {
  /** The acting user, checked. */
  principalId: string;
  /** The organization. */
  organizationId: string;
  /** The acting user's role in it. */
  role: OrganizationRole;
  /** Every member's role (for writes read with the organization row locked). */
  members: Map<string, OrganizationRole>;
}

/** Anything that is not an FdmError becomes a DATABASE error naming the function. */
function asDatabaseError(err: unknown, name: string): FdmError {
  if (err instanceof FdmError) return err;
  return new FdmError("DATABASE", `${name} failed in the database.`, { cause: err });
}

/**
 * Runs `body` in one transaction. When it throws, everything is rolled back and the
 * audit entry it registered (if any) is written on its own.
 */
async function transact<T>(
  fdm: FdmType,
  name: string,
  body: (tx: FdmType, audited: (entry: AuditEntry) => void) => Promise<T>,
  refusals?: readonly string[],
): Promise<T> {
  let entry: AuditEntry | undefined;
  try {
    const result = await transaction(fdm, (tx) =>
      body(tx, (e) => {
        entry = e;
      }),
    );
    await noteWrite(fdm);
    return result;
  } catch (err) {
    if (entry) {
      try {
        await audit(fdm, endedWith(entry, err, refusals));
      } catch (auditErr) {
        throw asDatabaseError(auditErr, name);
      }
    }
    throw asDatabaseError(err, name);
  }
}

async function wrapped<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw asDatabaseError(err, name);
  }
}

/**
 * Runs the work of a read whose audit row (`auditId`) says `done`; when the work throws, the
 * row is changed to say how it ended, so that it never reads as a success.
 */
async function audited<T>(
  db: FdmType,
  auditId: string,
  entry: AuditEntry,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const ended = endedWith(entry, err);
    await db
      .update(auditLog)
      .set({
        outcome: ended.outcome,
        errorCode: ended.errorCode,
        allowed: ended.allowed,
        viaPrincipalId: ended.viaPrincipalId,
      })
      .where(eq(auditLog.id, auditId));
    throw err;
  }
}

/**
 * Inserts the audit row of a call not tied to one farm resource, allowed only when the acting
 * principal is an existing user (only users act), and tells whether it is: one statement.
 */
async function auditActor(db: FdmType, entry: AuditEntry): Promise<string | null> {
  const id = createId();
  const [row] = await actorAudit.rows<{ allowed: boolean | string }>(db, {
    id,
    principalId: entry.principalId,
    action: entry.action,
    resource: entry.resource,
    resourceId: entry.resourceId,
    allowed: entry.allowed,
    viaPrincipalId: entry.viaPrincipalId ?? null,
    origin: entry.origin,
  });
  return row?.allowed === true || row?.allowed === "t" ? id : null;
}

/** The statement of {@link auditActor}, built once and run prepared (see prepared.ts). */
const actorAudit = new Prepared(() => {
  const principalId = sql.placeholder("principalId");
  const allowed = sql`${sql.placeholder("allowed")}::boolean`;
  const actor = sql`exists (select 1 from ${authUser} where ${authUser.id} = ${principalId})`;
  return sql`insert into ${auditLog} (id, principal_id, action, resource, resource_id, farm_id, allowed, via_principal_id, origin, outcome, error_code)
      select ${sql.placeholder("id")}, ${principalId}, ${sql.placeholder("action")}, ${sql.placeholder("resource")}, ${sql.placeholder("resourceId")},
        null, ${actor} and ${allowed}, case when ${actor} then ${sql.placeholder("viaPrincipalId")}::text end, ${sql.placeholder("origin")},
        (case when ${actor} and ${allowed} then 'done' else 'refused' end)::audit_outcome,
        case when ${actor} and ${allowed} then null else 'PERMISSION_DENIED' end
      returning allowed`;
});

/** Whether a user with this id exists (only users act). */
async function userExists(db: FdmType, id: string): Promise<boolean> {
  const rows = await db.select({ id: authUser.id }).from(authUser).where(eq(authUser.id, id));
  return rows.length > 0;
}

const ownEntry = (
  principalId: string,
  action: FarmAction,
  resource: string,
  resourceId: string,
  origin: string,
  allowed: boolean,
): AuditEntry => ({
  principalId,
  action,
  resource,
  resourceId,
  farmId: null,
  allowed,
  viaPrincipalId: allowed ? principalId : null,
  origin,
});

/** The guarded calls of one function for one acting principal; see the module header. */
export class Guard {
  constructor(
    private readonly fdm: FdmType,
    private readonly principalId: unknown,
    private readonly name: string,
  ) {}

  private async check<T>(
    action: "read" | "list",
    resource: FarmResource,
    resourceId: unknown,
    work: (db: FdmType, ctx: FarmContext) => Promise<T>,
  ): Promise<T> {
    const principal = requireId(this.principalId, "principalId");
    const idField = idFieldOf(resource);
    const id = requireId(resourceId, idField);
    return wrapped(this.name, async () => {
      const decision = await decide(this.fdm, principal, action, resource, id, this.name, false);
      const farm = granted(decision, resource, idField);
      return audited(this.fdm, decision.entry.id as string, decision.entry, () =>
        work(this.fdm, { principalId: principal, ...farm }),
      );
    });
  }

  private async change<T>(
    action: "write" | "share" | "delete",
    resource: FarmResource,
    resourceId: unknown,
    work: (tx: FdmType, ctx: FarmContext) => Promise<T>,
    first?: JoinedStatement,
  ): Promise<T> {
    const principal = requireId(this.principalId, "principalId");
    const idField = idFieldOf(resource);
    const id = requireId(resourceId, idField);
    let joinedFailure: { error: unknown } | undefined;
    try {
      return await transact(this.fdm, this.name, async (tx, audited) => {
        if (resource === "farm" && action !== "write") {
          // Role changes and removal lock the farm row first, so that the roles read next
          // are current and two owners acting at once are serialised.
          await tx
            .select({ id: farms.id })
            .from(farms)
            .where(eq(farms.id, id))
            .for("no key update");
        }
        const decision = first
          ? await decideWith(
              tx,
              principal,
              action,
              resource,
              id,
              this.name,
              first,
              first.values,
              true,
            ).catch((error: unknown) => {
              joinedFailure = { error };
              throw error;
            })
          : await decide(tx, principal, action, resource, id, this.name, true);
        audited(decision.entry);
        const farm = granted(decision, resource, idField);
        return work(tx, { principalId: principal, ...farm });
      });
    } catch (err) {
      if (!joinedFailure) throw err;
      // The check's statement failed with the work's first statement, and wrote nothing: the
      // check on its own writes the audit row, which for a granted call records the failure.
      const { error } = joinedFailure;
      return wrapped(this.name, async () => {
        const alone = await decide(this.fdm, principal, action, resource, id, this.name, false);
        granted(alone, resource, idField);
        return audited(this.fdm, alone.entry.id as string, alone.entry, () =>
          Promise.reject(error),
        );
      });
    }
  }

  /** Reads one resource (action `read`). */
  read<T>(
    resource: FarmResource,
    resourceId: unknown,
    work: (db: FdmType, ctx: FarmContext) => Promise<T>,
  ): Promise<T> {
    return this.check("read", resource, resourceId, work);
  }

  /** Lists what belongs to a resource (action `list`), e.g. the fields of a farm. */
  list<T>(
    resource: FarmResource,
    resourceId: unknown,
    work: (db: FdmType, ctx: FarmContext) => Promise<T>,
  ): Promise<T> {
    return this.check("list", resource, resourceId, work);
  }

  /**
   * Lists what belongs to a resource (action `list`) when the work is ONE SQL value, e.g. a page
   * of a list as JSON text: the check, its audit row and the work run as one prepared statement
   * (one round trip, one snapshot; see decideWith), and `then` turns the value into the result.
   * A refusal throws as {@link Guard.list}'s. When the statement fails it wrote nothing: the
   * check then runs on its own, writing its audit row, which for a granted call records the
   * failure, as when {@link Guard.list}'s work fails.
   *
   * @param values - The values of the work's placeholders (not `id`, `principal`, `auditId` or `origin`).
   */
  listIn<T>(
    resource: FarmResource,
    resourceId: unknown,
    work: StatementWork,
    values: Record<string, unknown>,
    then: (value: unknown) => T,
  ): Promise<T> {
    const principal = requireId(this.principalId, "principalId");
    const idField = idFieldOf(resource);
    const id = requireId(resourceId, idField);
    return wrapped(this.name, async () => {
      let decision: Awaited<ReturnType<typeof decideWith>>;
      try {
        decision = await decideWith(
          this.fdm,
          principal,
          "list",
          resource,
          id,
          this.name,
          work,
          values,
          false,
        );
      } catch (err) {
        // Nothing was written: the check on its own writes the row; a granted call's then
        // records the failure.
        const alone = await decide(this.fdm, principal, "list", resource, id, this.name, false);
        granted(alone, resource, idField);
        return audited(this.fdm, alone.entry.id as string, alone.entry, () => Promise.reject(err));
      }
      granted(decision, resource, idField);
      const { value } = decision;
      return audited(this.fdm, decision.entry.id as string, decision.entry, async () =>
        then(value),
      );
    });
  }

  /**
   * Writes to or under a resource (action `write`), in one transaction with the check. `first`,
   * when given, is the work's first statement (e.g. taking a lock): it runs in the check's own
   * statement, only when the check grants the write; one round trip fewer.
   */
  write<T>(
    resource: FarmResource,
    resourceId: unknown,
    work: (tx: FdmType, ctx: FarmContext) => Promise<T>,
    first?: JoinedStatement,
  ): Promise<T> {
    return this.change("write", resource, resourceId, work, first);
  }

  /** Changes who holds which role on a farm (action `share`), with the farm row locked. */
  share<T>(
    resource: "farm",
    resourceId: unknown,
    work: (tx: FdmType, ctx: FarmContext) => Promise<T>,
  ): Promise<T> {
    return this.change("share", resource, resourceId, work);
  }

  /** Removes a farm (action `delete`), with the farm row locked. */
  remove<T>(
    resource: "farm",
    resourceId: unknown,
    work: (tx: FdmType, ctx: FarmContext) => Promise<T>,
  ): Promise<T> {
    return this.change("delete", resource, resourceId, work);
  }

  /**
   * Tells whether the principal may perform the action on the farm; the check is audited.
   * A refusal or an unknown farm answers `false`; a principal that is no user is refused.
   */
  allowed(action: FarmAction, farmId: unknown): Promise<boolean> {
    const principal = requireId(this.principalId, "principalId");
    const id = requireId(farmId, "farmId");
    return wrapped(this.name, async () => {
      const { found, entry, actorExists } = await decide(
        this.fdm,
        principal,
        action,
        "farm",
        id,
        this.name,
        false,
      );
      if (!actorExists) throw new FdmPermissionError(principal, action, "farm", id);
      return found !== null && entry.allowed;
    });
  }

  /**
   * A read not tied to one farm resource (listing one's farms, one's organizations): the
   * principal must be an existing user (otherwise PERMISSION_DENIED); the audit row names
   * `resource` and `resourceId`.
   */
  readOwn<T>(
    resource: string,
    resourceId: string,
    work: (db: FdmType, ctx: ActorContext) => Promise<T>,
  ): Promise<T> {
    const principal = requireId(this.principalId, "principalId");
    return wrapped(this.name, async () => {
      const action: FarmAction = resourceId === "*" ? "list" : "read";
      const entry = ownEntry(principal, action, resource, resourceId, this.name, true);
      const auditId = await auditActor(this.fdm, entry);
      if (!auditId) throw new FdmPermissionError(principal, action, resource, resourceId);
      return audited(this.fdm, auditId, entry, () => work(this.fdm, { principalId: principal }));
    });
  }

  /**
   * A look-up of other principals: only an existing user may ask (an unknown id or an
   * organization id is refused with PERMISSION_DENIED); the audit row names what was asked.
   */
  lookup<T>(resourceId: string, work: (db: FdmType, ctx: ActorContext) => Promise<T>): Promise<T> {
    const principal = requireId(this.principalId, "principalId");
    return wrapped(this.name, async () => {
      const entry = ownEntry(principal, "read", "principal", resourceId, this.name, true);
      const auditId = await auditActor(this.fdm, entry);
      if (!auditId) throw new FdmPermissionError(principal, "read", "principal", resourceId);
      return audited(this.fdm, auditId, entry, () => work(this.fdm, { principalId: principal }));
    });
  }

  /**
   * A write not tied to an existing farm resource (adding a farm, creating an organization,
   * answering an invitation): the principal must be an existing user (otherwise
   * PERMISSION_DENIED, nothing written but the audit row); the audit row and the work share
   * one transaction.
   */
  writeOwn<T>(
    resource: string,
    resourceId: string,
    work: (tx: FdmType, ctx: ActorContext) => Promise<T>,
  ): Promise<T> {
    const principal = requireId(this.principalId, "principalId");
    return transact(
      this.fdm,
      this.name,
      async (tx, audited) => {
        const entry = ownEntry(principal, "write", resource, resourceId, this.name, true);
        // Whether the principal may do it is partly decided in the work (e.g. that an invitation
        // is addressed to it): PERMISSION_DENIED or NOT_FOUND from it is recorded as refused,
        // other errors as failed with their code.
        audited(entry);
        if (!(await auditActor(tx, entry))) {
          audited({ ...entry, allowed: false, viaPrincipalId: null, outcome: "refused" });
          throw new FdmPermissionError(principal, "write", resource, resourceId);
        }
        return work(tx, { principalId: principal });
      },
      ["PERMISSION_DENIED", "NOT_FOUND"],
    );
  }

  private async organization(
    db: FdmType,
    principal: string,
    action: FarmAction,
    id: string,
    lock: boolean,
  ) {
    const org = db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, id));
    const [exists] = lock ? await org.for("update") : await org;
    const actor = await userExists(db, principal);
    const rows = await db
      .select({ userId: organizationMembers.userId, role: organizationMembers.role })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, id));
    const members = new Map(rows.map((r) => [r.userId, r.role]));
    const role = members.get(principal);
    const allowed = actor && role !== undefined && organizationPermissions[role].includes(action);
    const entry: AuditEntry = {
      ...ownEntry(principal, action, "organization", id, this.name, allowed),
    };
    // A principal that is no user is refused before anything else: it learns nothing.
    const refused = !actor
      ? new FdmPermissionError(principal, action, "organization", id)
      : !exists
        ? new FdmError("NOT_FOUND", `organizationId: no organization with id '${id}'.`, {
            field: "organizationId",
          })
        : !allowed || role === undefined
          ? new FdmPermissionError(principal, action, "organization", id)
          : null;
    return { entry, refused, ctx: { principalId: principal, organizationId: id, role, members } };
  }

  /** Reads an organization or what belongs to it; `action` is checked against the asker's role. */
  readOrganization<T>(
    action: FarmAction,
    organizationId: unknown,
    work: (db: FdmType, ctx: OrganizationContext) => Promise<T>,
  ): Promise<T> {
    const principal = requireId(this.principalId, "principalId");
    const id = requireId(organizationId, "organizationId");
    return wrapped(this.name, async () => {
      const { entry, refused, ctx } = await this.organization(
        this.fdm,
        principal,
        action,
        id,
        false,
      );
      const auditId = createId();
      await audit(this.fdm, { ...entry, id: auditId, errorCode: refused?.code ?? null });
      if (refused) throw refused;
      return audited(this.fdm, auditId, entry, () => work(this.fdm, ctx as OrganizationContext));
    });
  }

  /**
   * Writes to an organization: the organization row is locked, the asker's role read and
   * checked, the audit row written and the work done, all in one transaction.
   */
  writeOrganization<T>(
    action: FarmAction,
    organizationId: unknown,
    work: (tx: FdmType, ctx: OrganizationContext) => Promise<T>,
  ): Promise<T> {
    const principal = requireId(this.principalId, "principalId");
    const id = requireId(organizationId, "organizationId");
    return transact(this.fdm, this.name, async (tx, audited) => {
      const { entry, refused, ctx } = await this.organization(tx, principal, action, id, true);
      audited(refused ? { ...entry, outcome: "refused" } : entry);
      await audit(tx, { ...entry, errorCode: refused?.code ?? null });
      if (refused) throw refused;
      return work(tx, ctx as OrganizationContext);
    });
  }
}

/**
 * The guard of one call: `fdm`, the acting principal and the function's name, written once.
 * See the module header for its forms.
 */
export function guard(fdm: FdmType, principalId: unknown, name: string): Guard {
  return new Guard(fdm, principalId, name);
}

/** The guard of a call that acts for no principal: it keeps only the error rule. */
export function system(fdm: FdmType, name: string) {
  return {
    /** Runs `work` on the handle. */
    read: <T>(work: (db: FdmType) => Promise<T>): Promise<T> => wrapped(name, () => work(fdm)),
    /** Runs `work` in one transaction. */
    write: <T>(work: (tx: FdmType) => Promise<T>): Promise<T> =>
      transact(fdm, name, (tx) => work(tx)),
  };
}

export type { Tenure };
