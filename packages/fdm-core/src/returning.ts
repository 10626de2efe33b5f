// The options argument of the add functions: `{ returning: "record" }` makes one return the
// record it wrote, read in its own transaction, instead of its id: one access check and one
// audit row where an add and a get would take two of each.
import { FdmError } from "./error.js";

/** What an add function returns with this option: the record as stored, not only its id. */
export interface ReturningRecord {
  /** `"record"`: return what was written, as the matching get function shows it. */
  returning: "record";
}

/**
 * Whether an add function's `options` ask for the record: `false` when absent, `true` for
 * `{ returning: "record" }`. Internal to fdm-core.
 *
 * @throws {FdmError} `INVALID_INPUT` (`field: "options.returning"`) for anything else.
 */
export function wantsRecord(options: unknown): boolean {
  if (options === undefined) return false;
  if (
    typeof options === "object" &&
    options !== null &&
    (options as { returning?: unknown }).returning === "record"
  ) {
    return true;
  }
  throw new FdmError("INVALID_INPUT", 'options.returning: must be "record".', {
    field: "options.returning",
  });
}
