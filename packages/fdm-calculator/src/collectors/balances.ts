import type { FdmType, PrincipalId } from "fdm-core";
import type { NitrogenBalanceInput } from "../balance/nitrogen/types.js";
import type {
  OrganicMatterBalanceInput,
  OrganicMatterBalanceTimeframe,
} from "../balance/organic-matter/types.js";
import { FdmCalculatorError } from "../errors.js";
import { type NitrogenBalanceCollectorOptions, nitrogenInputFrom } from "./nitrogen-balance.js";
import {
  checkOrganicMatterOptions,
  type OrganicMatterBalanceCollectorOptions,
  organicMatterInputFrom,
} from "./organic-matter-balance.js";
import { dayTimeframe, readFarm } from "./shared.js";

/** Options of {@link collectInputForBalances}: each balance's own collector options. */
export interface BalancesCollectorOptions {
  /** As for {@link collectInputForNitrogenBalance}; see {@link NitrogenBalanceCollectorOptions}. */
  nitrogen?: NitrogenBalanceCollectorOptions;
  /** As for {@link collectInputForOrganicMatterBalance}; see {@link OrganicMatterBalanceCollectorOptions}. */
  organicMatter?: OrganicMatterBalanceCollectorOptions;
}

/** What {@link collectInputForBalances} returns: the input of each balance, from one read. */
export interface BalancesInput {
  /** The input of {@link calculateNitrogenBalance}. */
  nitrogen: NitrogenBalanceInput;
  /** The input of {@link calculateOrganicMatterBalance}. */
  organicMatter: OrganicMatterBalanceInput;
}

const COLLECTOR = "collectInputForBalances";

/**
 * Reads a farm from fdm-core once and returns the input of both the nitrogen
 * balance and the soil organic-matter balance for a timeframe. The two
 * balances read the same rows (fields, cultivations, the cultivation
 * catalogue, fertilizers, applications, soil data; harvests for nitrogen), so
 * an application showing both reads them in one call of fdm-core's
 * `getFarmRecords` (one access check, one audit row) instead of two.
 * Each input is what {@link collectInputForNitrogenBalance} and
 * {@link collectInputForOrganicMatterBalance} return for the same data and
 * options. Days are UTC calendar days, both ends included.
 *
 * @param fdm - The fdm-core database handle.
 * @param principalId - Who asks; needs read access to the farm.
 * @param farmId - The farm.
 * @param timeframe - The period of both balances (first and last day, included).
 * @param options - Each balance's options; see {@link BalancesCollectorOptions}.
 * @returns The input of each balance, fields ordered as fdm-core lists them (by name).
 * @throws {FdmPermissionError} From fdm-core, unchanged, when the principal may not read the farm.
 * @throws {FdmError} From fdm-core, unchanged, e.g. `NOT_FOUND` for an unknown farm.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a bad timeframe or options that are not
 *   objects, or options naming a field the farm does not hold; the other errors of
 *   {@link collectInputForNitrogenBalance} and {@link collectInputForOrganicMatterBalance}.
 * @throws {GeodataError} From the region or deposition lookup of the nitrogen options, when a
 *   dataset cannot be read.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert/strict";
 * import { addFarm, addField, addSoilAnalysis, createFdmAuth, createFdmLocal } from "fdm-core";
 * import {
 *   calculateNitrogenBalance, calculateOrganicMatterBalance, collectInputForBalances,
 * } from "fdm-calculator";
 *
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * const fieldId = await addField(fdm, me, farmId, {
 *   name: "Achter de schuur",
 *   geometry: {
 *     type: "Polygon",
 *     coordinates: [[[5.66, 51.98], [5.6615, 51.98], [5.6615, 51.981], [5.66, 51.981], [5.66, 51.98]]],
 *   },
 *   acquiringDate: new Date("2020-01-01"),
 *   acquiringMethod: "owner",
 * });
 * await addSoilAnalysis(fdm, me, fieldId, {
 *   samplingDate: new Date("2024-03-01"),
 *   source: "laboratory",
 *   parameters: { organicMatter: 3.5, bulkDensity: 1.3, soilType: "zeeklei" },
 * });
 * const year = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };
 * const input = await collectInputForBalances(fdm, me, farmId, year);
 * const nitrogen = calculateNitrogenBalance(input.nitrogen);
 * const organicMatter = calculateOrganicMatterBalance(input.organicMatter);
 * // Nothing grown or applied: deposition (national average 2022) and mineralization are the supply.
 * assert.equal(nitrogen.fields[0]?.supply.deposition, 19.3);
 * // The measured density is used, not estimated.
 * assert.equal(organicMatter.fields[0]?.soil.bulkDensitySource, "measured");
 * ```
 */
export async function collectInputForBalances(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe: OrganicMatterBalanceTimeframe,
  options: BalancesCollectorOptions = {},
): Promise<BalancesInput> {
  const tf = dayTimeframe(timeframe, COLLECTOR);
  if (options === null || typeof options !== "object") {
    throw new FdmCalculatorError("INVALID_INPUT", `${COLLECTOR}: options must be an object`);
  }
  const nitrogenOptions = options.nitrogen ?? {};
  if (nitrogenOptions === null || typeof nitrogenOptions !== "object") {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `${COLLECTOR}: options.nitrogen must be an object`,
    );
  }
  const organicMatterOptions = options.organicMatter ?? {};
  checkOrganicMatterOptions(organicMatterOptions, COLLECTOR, "options.organicMatter");
  const farm = await readFarm(fdm, principalId, farmId, tf, true);
  return {
    nitrogen: await nitrogenInputFrom(farm, nitrogenOptions, COLLECTOR),
    organicMatter: organicMatterInputFrom(farm, organicMatterOptions, COLLECTOR),
  };
}
