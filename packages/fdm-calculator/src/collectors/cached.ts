import { type FdmType, type PrincipalId, withCalculationCache } from "fdm-core";
import { calculateNitrogenBalance } from "../balance/nitrogen/nitrogen-balance.js";
import type { NitrogenBalance, NitrogenBalanceTimeframe } from "../balance/nitrogen/types.js";
import type { FarmGebruiksnormen } from "../norms/nl/engine/farm.js";
import type { NormsFieldInput } from "../norms/nl/engine/types.js";
import { calculateGebruiksnormenForFarm } from "../norms/nl/norms.js";
import { VERSION } from "../version.js";
import {
  collectInputForNitrogenBalance,
  type NitrogenBalanceCollectorOptions,
} from "./nitrogen-balance.js";
import { collectInputForNorms, type NormsCollectorOptions } from "./norms.js";

/**
 * Computes the nitrogen balance of a farm straight from fdm-core: collects the
 * input with {@link collectInputForNitrogenBalance} (access checked for the
 * principal), then runs {@link calculateNitrogenBalance} through fdm-core's
 * calculation cache (`withCalculationCache`, name `calculateNitrogenBalance`,
 * this package's version). The farm is read on every call, so changed data
 * gives a new input and a fresh result; the same data is answered from the
 * cache without computing again.
 *
 * @param fdm - The fdm-core database handle.
 * @param principalId - Who asks; needs read access to the farm.
 * @param farmId - The farm.
 * @param timeframe - The period of the balance (first and last day, included).
 * @param options - Figures that replace the defaults (none needed); see {@link NitrogenBalanceCollectorOptions}.
 * @returns The farm's balance, as {@link calculateNitrogenBalance} returns it.
 * @throws {FdmPermissionError} From fdm-core, unchanged, when the principal may not read the farm.
 * @throws {FdmError} From fdm-core, e.g. `NOT_FOUND` for an unknown farm or `DATABASE` when the
 *   cache cannot be read or written.
 * @throws {FdmCalculatorError} The errors of {@link collectInputForNitrogenBalance} and
 *   {@link calculateNitrogenBalance}; a failed calculation is recorded by the cache, not stored.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, addField, createFdmAuth, createFdmLocal } from "fdm-core";
 * import { getNitrogenBalanceForFarm } from "fdm-calculator";
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
 * const year = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };
 * const options = { fields: { [fieldId]: { mineralization: 40 } } }; // e.g. the NLV of a lab report
 * const first = await getNitrogenBalanceForFarm(fdm, me, farmId, year, options);
 * const again = await getNitrogenBalanceForFarm(fdm, me, farmId, year, options); // from the cache
 * assert.deepEqual(again, first);
 * assert.equal(first.fields[0]?.supply.deposition, 19.3); // no deposition dataset: the national average
 * ```
 */
export async function getNitrogenBalanceForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe: NitrogenBalanceTimeframe,
  options: NitrogenBalanceCollectorOptions = {},
): Promise<NitrogenBalance> {
  const input = await collectInputForNitrogenBalance(fdm, principalId, farmId, timeframe, options);
  const calculate = withCalculationCache(fdm, calculateNitrogenBalance, {
    name: "calculateNitrogenBalance",
    version: VERSION,
  });
  return calculate(input);
}

/**
 * Computes the gebruiksnormen (application norms) of `year` and their filling
 * of a farm straight from fdm-core: collects the input with
 * {@link collectInputForNorms} (access checked for the principal), then runs
 * {@link calculateGebruiksnormenForFarm} for that year through fdm-core's
 * calculation cache (`withCalculationCache`, this package's version). The
 * farm is read on every call, so changed data gives a new input and a fresh
 * result; the same data is answered from the cache without computing again.
 * Each year is cached under a name of its own, `calculateNL<year>GebruiksnormenForFarm`
 * (the names of before 1.0, so results cached then are still found), so one
 * year's results never answer another's.
 *
 * @param fdm - The fdm-core database handle.
 * @param principalId - Who asks; needs read access to the farm.
 * @param farmId - The farm.
 * @param year - The calendar year of the norms (see {@link getNormYears}).
 * @param options - What fdm-core does not hold; see {@link NormsCollectorOptions}.
 * @returns The norms and their filling per field and the farm totals; `renure` (on the farm and
 *   on each field) only in a year with a RENURE norm (from 2026).
 * @throws {FdmPermissionError} From fdm-core, unchanged, when the principal may not read the farm.
 * @throws {FdmError} From fdm-core, e.g. `NOT_FOUND` for an unknown farm or `DATABASE` when the
 *   cache cannot be read or written.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules (naming the supported
 *   years), before anything is read; the errors of {@link collectInputForNorms} and
 *   {@link calculateGebruiksnormenForFarm} (e.g. `INVALID_INPUT` for a farm without fields in the
 *   year, `RENURE_CONTENT_REQUIRED`); a failed calculation is recorded by the cache, not stored.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addCultivation, addFarm, addField, addSoilAnalysis, createFdmAuth, createFdmLocal,
 *   enableCultivationCatalogue, setGrazingIntention, syncCatalogues,
 * } from "fdm-core";
 * import { getGebruiksnormenForFarm, getNormYears } from "fdm-calculator";
 *
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * await syncCatalogues(fdm);
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await enableCultivationCatalogue(fdm, me, farmId, "brp");
 * const fieldId = await addField(fdm, me, farmId, {
 *   name: "Achter de schuur",
 *   geometry: {
 *     type: "Polygon",
 *     coordinates: [[[5.66, 51.98], [5.6615, 51.98], [5.6615, 51.981], [5.66, 51.981], [5.66, 51.98]]],
 *   },
 *   acquiringDate: new Date("2020-01-01"),
 *   acquiringMethod: "owner",
 * });
 * await addCultivation(fdm, me, fieldId, {
 *   catalogueItemId: "nl_265", // permanent grassland
 *   startDate: new Date("2020-01-01"),
 * });
 * await addSoilAnalysis(fdm, me, fieldId, {
 *   samplingDate: new Date("2024-03-01"),
 *   source: "laboratory",
 *   parameters: { pCaCl2: 2.0, pAl: 40 },
 * });
 * // One call for every year the calculator knows; the derogation flags count in 2025 only.
 * const options = { fields: { [fieldId]: { region: "klei" as const, isNVGebied: false, isGWBG: false } } };
 * for (const year of getNormYears()) {
 *   await setGrazingIntention(fdm, me, farmId, year, true);
 *   const norms = await getGebruiksnormenForFarm(fdm, me, farmId, year, options);
 *   assert.equal(norms.fields[0]?.stikstof.norm?.normValue, 345); // grasland with beweiden on klei
 *   assert.equal(norms.fields[0]?.dierlijkeMest.norm.normValue, 170); // no derogatie recorded
 * }
 * const again = await getGebruiksnormenForFarm(fdm, me, farmId, 2026, options); // from the cache
 * assert.equal(again.fields[0]?.renure?.norm.normValue, 80); // RENURE, from 2026
 * ```
 */
export async function getGebruiksnormenForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  year: number,
  options: NormsCollectorOptions = {},
): Promise<FarmGebruiksnormen> {
  const inputs = await collectInputForNorms(fdm, principalId, farmId, year, options);
  const calculate = withCalculationCache(
    fdm,
    (fields: NormsFieldInput[]) => calculateGebruiksnormenForFarm(year, fields),
    { name: `calculateNL${year}GebruiksnormenForFarm`, version: VERSION },
  );
  return calculate(inputs);
}
