/**
 * Thrown when a catalogue is asked for by a name that fdm-data does not ship.
 *
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getCultivationCatalogue, UnknownCatalogueError } from "fdm-data";
 *
 * try {
 *   getCultivationCatalogue("brpp" as "brp");
 *   assert.fail("expected a refusal");
 * } catch (error) {
 *   assert.ok(error instanceof UnknownCatalogueError);
 *   assert.deepEqual(error.validNames, ["brp"]);
 * }
 * ```
 */
export class UnknownCatalogueError extends Error {
  /** Machine-readable error code. */
  readonly code = "UNKNOWN_CATALOGUE";
  /** The name that was asked for. */
  readonly requestedName: string;
  /** The catalogue names that exist for this kind of catalogue. */
  readonly validNames: readonly string[];

  /**
   * @param kind - `cultivation` or `fertilizer`.
   * @param requestedName - The name that was asked for.
   * @param validNames - The names that exist.
   */
  constructor(
    kind: "cultivation" | "fertilizer",
    requestedName: string,
    validNames: readonly string[],
  ) {
    super(
      `Unknown ${kind} catalogue "${requestedName}": the name must be one of ${validNames
        .map((name) => `"${name}"`)
        .join(", ")}`,
    );
    this.name = "UnknownCatalogueError";
    this.requestedName = requestedName;
    this.validNames = validNames;
  }
}
