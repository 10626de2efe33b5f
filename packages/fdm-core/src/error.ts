/**
 * What went wrong, as a stable code a program can branch on.
 *
 * - `INVALID_INPUT`: a parameter breaks a rule (wrong type, out of range, dates out of order).
 * - `NOT_FOUND`: an id names no row of its kind.
 * - `CONFLICT`: the request is valid on its own but clashes with what is stored
 *   (e.g. a second harvest of a crop that is harvested once, or removing a farm's last owner).
 * - `PERMISSION_DENIED`: the principal may not perform the action on the resource.
 * - `DATABASE`: the database failed; `cause` holds the driver's error.
 */
export type FdmErrorCode =
  | "INVALID_INPUT"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PERMISSION_DENIED"
  | "DATABASE";

/** Options of {@link FdmError}. */
export interface FdmErrorOptions {
  /** The input field the error is about, e.g. `startDate` or `geometry`. */
  field?: string;
  /** The underlying error, e.g. the database driver's. */
  cause?: unknown;
}

/**
 * The error every fdm-core function throws. Its message names the field and the
 * rule that was broken; `code` says what kind of failure it is. When a function
 * throws, nothing it would have written is stored.
 *
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { randomBytes } from "node:crypto";
 * import { FdmError, createFdmAuth, createFdmLocal, getFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * try {
 *   await getFarm(fdm, me, "no-such-farm");
 *   assert.fail("expected a refusal");
 * } catch (err) {
 *   assert.ok(err instanceof FdmError);
 *   assert.equal(err.code, "NOT_FOUND");
 * }
 * ```
 */
export class FdmError extends Error {
  /** What kind of failure this is. */
  readonly code: FdmErrorCode;
  /** The input field the error is about, when there is one. */
  readonly field: string | undefined;

  /**
   * @param code - What kind of failure this is.
   * @param message - A sentence naming the field and the rule.
   * @param options - The field and the underlying cause.
   */
  constructor(code: FdmErrorCode, message: string, options: FdmErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "FdmError";
    this.code = code;
    this.field = options.field;
  }
}

/**
 * Thrown when a principal may not perform an action on a resource. The message
 * names the principal, the action and the resource.
 *
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { randomBytes } from "node:crypto";
 * import { FdmPermissionError, addFarm, createFdmAuth, createFdmLocal, removeFarm } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const bram = (await auth.api.signUpEmail({ body: { ...body, name: "Bram Visser", email: "bram@example.org" } })).user.id;
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * try {
 *   await removeFarm(fdm, bram, farmId);
 *   assert.fail("expected a refusal");
 * } catch (err) {
 *   assert.ok(err instanceof FdmPermissionError);
 *   assert.deepEqual([err.action, err.resource], ["delete", "farm"]);
 * }
 * ```
 */
export class FdmPermissionError extends FdmError {
  /** The action that was denied. */
  readonly action: string;
  /** The kind of resource, e.g. `farm` or `field`. */
  readonly resource: string;
  /** The id of the resource. */
  readonly resourceId: string;
  /** The principal that was denied. */
  readonly principalId: string;

  /**
   * @param principalId - The principal that was denied.
   * @param action - The action that was denied.
   * @param resource - The kind of resource.
   * @param resourceId - The id of the resource.
   */
  constructor(principalId: string, action: string, resource: string, resourceId: string) {
    super(
      "PERMISSION_DENIED",
      `Permission denied: principal '${principalId}' may not ${action} ${resource} '${resourceId}'.`,
    );
    this.name = "FdmPermissionError";
    this.action = action;
    this.resource = resource;
    this.resourceId = resourceId;
    this.principalId = principalId;
  }
}
