import { type FdmType, type PrincipalId, withCalculationCache } from "fdm-core";
import { calculateNitrogenBalance } from "../balance/nitrogen/nitrogen-balance.js";
import type { NitrogenBalance, NitrogenBalanceTimeframe } from "../balance/nitrogen/types.js";
import type {
  BaseFarmGebruiksnormen,
  FarmGebruiksnormen,
  RenureFarmGebruiksnormen,
} from "../norms/nl/engine/farm.js";
import type { NormsFieldInput } from "../norms/nl/engine/types.js";
import { calculateGebruiksnormenForFarm } from "../norms/nl/norms.js";
import { VERSION } from "../version.js";
import {
  collectInputForNitrogenBalance,
  type NitrogenBalanceCollectorOptions,
} from "./nitrogen-balance.js";
import {
  collectInputForNorms,
  type NL2025NormsCollectorOptions,
  type NL2026NormsCollectorOptions,
} from "./norms.js";

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
 * Computes the 2025 gebruiksnormen (application norms) and their filling of a
 * farm straight from fdm-core: collects the input with
 * {@link collectInputForNL2025Norms} (access checked for the principal), then
 * runs {@link calculateNL2025GebruiksnormenForFarm} through fdm-core's
 * calculation cache (`withCalculationCache`, name
 * `calculateNL2025GebruiksnormenForFarm`, this package's version). The farm is
 * read on every call; the same data is answered from the cache.
 *
 * @param fdm - The fdm-core database handle.
 * @param principalId - Who asks; needs read access to the farm.
 * @param farmId - The farm.
 * @param options - What fdm-core does not hold; see {@link NL2025NormsCollectorOptions}.
 * @returns The norms and filling per field and the farm totals.
 * @throws {FdmPermissionError} From fdm-core, unchanged, when the principal may not read the farm.
 * @throws {FdmError} From fdm-core, e.g. `NOT_FOUND` for an unknown farm or `DATABASE` when the
 *   cache cannot be read or written.
 * @throws {FdmCalculatorError} The errors of {@link collectInputForNL2025Norms} and
 *   {@link calculateNL2025GebruiksnormenForFarm} (e.g. `INVALID_INPUT` for a farm without fields
 *   in 2025, `MISSING_SOIL_ANALYSIS`).
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addCultivation, addFarm, addField, addSoilAnalysis, createFdmAuth, createFdmLocal,
 *   enableCultivationCatalogue, setGrazingIntention, syncCatalogues,
 * } from "fdm-core";
 * import { getNL2025GebruiksnormenForFarm } from "fdm-calculator";
 *
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * await syncCatalogues(fdm);
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await enableCultivationCatalogue(fdm, me, farmId, "brp");
 * await setGrazingIntention(fdm, me, farmId, 2025, true);
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
 * const norms = await getNL2025GebruiksnormenForFarm(fdm, me, farmId, {
 *   fields: { [fieldId]: { region: "klei", isNVGebied: false, isGWBG: false } },
 * });
 * assert.equal(norms.fields[0]?.stikstof.norm?.normValue, 345); // grasland with beweiden on klei
 * assert.equal(norms.fields[0]?.dierlijkeMest.norm.normValue, 170); // no derogatie recorded
 * ```
 */
export async function getNL2025GebruiksnormenForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  options: NL2025NormsCollectorOptions = {},
): Promise<BaseFarmGebruiksnormen> {
  return getGebruiksnormenForFarm(fdm, principalId, farmId, 2025, options);
}

/**
 * Computes the 2026 gebruiksnormen (application norms, RENURE included) and
 * their filling of a farm straight from fdm-core, the same way as
 * {@link getNL2025GebruiksnormenForFarm}: collects the input with
 * {@link collectInputForNL2026Norms} (access checked for the principal), then
 * runs {@link calculateNL2026GebruiksnormenForFarm} through fdm-core's
 * calculation cache (name `calculateNL2026GebruiksnormenForFarm`, this
 * package's version).
 *
 * @param fdm - The fdm-core database handle.
 * @param principalId - Who asks; needs read access to the farm.
 * @param farmId - The farm.
 * @param options - What fdm-core does not hold; see {@link NL2026NormsCollectorOptions}.
 * @returns The four norms and their filling per field and the farm totals.
 * @throws {FdmPermissionError} From fdm-core, unchanged, when the principal may not read the farm.
 * @throws {FdmError} From fdm-core, e.g. `NOT_FOUND` for an unknown farm or `DATABASE` when the
 *   cache cannot be read or written.
 * @throws {FdmCalculatorError} The errors of {@link collectInputForNL2026Norms} and
 *   {@link calculateNL2026GebruiksnormenForFarm} (e.g. `RENURE_CONTENT_REQUIRED`).
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addCultivation, addFarm, addField, addSoilAnalysis, createFdmAuth, createFdmLocal,
 *   enableCultivationCatalogue, setGrazingIntention, syncCatalogues,
 * } from "fdm-core";
 * import { getNL2026GebruiksnormenForFarm } from "fdm-calculator";
 *
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * await syncCatalogues(fdm);
 * const farmId = await addFarm(fdm, me, { name: "Zandhoeve" });
 * await enableCultivationCatalogue(fdm, me, farmId, "brp");
 * await setGrazingIntention(fdm, me, farmId, 2026, false);
 * const fieldId = await addField(fdm, me, farmId, {
 *   name: "Maïsakker",
 *   geometry: {
 *     type: "Polygon",
 *     coordinates: [[[5.66, 51.98], [5.6615, 51.98], [5.6615, 51.981], [5.66, 51.981], [5.66, 51.98]]],
 *   },
 *   acquiringDate: new Date("2020-01-01"),
 *   acquiringMethod: "owner",
 * });
 * await addCultivation(fdm, me, fieldId, {
 *   catalogueItemId: "nl_259", // snijmaïs
 *   startDate: new Date("2026-05-01"),
 * });
 * await addSoilAnalysis(fdm, me, fieldId, {
 *   samplingDate: new Date("2025-11-01"),
 *   source: "laboratory",
 *   parameters: { pCaCl2: 3.0, pAl: 50 },
 * });
 * const norms = await getNL2026GebruiksnormenForFarm(fdm, me, farmId, {
 *   fields: { [fieldId]: { region: "zand_zuid", isNVGebied: false } },
 * });
 * assert.equal(norms.fields[0]?.stikstof.norm?.normValue, 112); // maïs on zand_zuid
 * assert.equal(norms.fields[0]?.fosfaat.norm.normValue, 60); // bouwland, Ruim
 * assert.equal(norms.fields[0]?.renure.norm.normValue, 80);
 * ```
 */
export async function getNL2026GebruiksnormenForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  options: NL2026NormsCollectorOptions = {},
): Promise<RenureFarmGebruiksnormen> {
  return getGebruiksnormenForFarm(
    fdm,
    principalId,
    farmId,
    2026,
    options,
  ) as Promise<RenureFarmGebruiksnormen>;
}

/**
 * The gebruiksnormen of `year` of a farm straight from fdm-core, through the
 * calculation cache under the name of the year's farm function
 * (`calculateNL<year>GebruiksnormenForFarm`), so a year's cached results stay
 * apart from another year's.
 */
async function getGebruiksnormenForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  year: number,
  options: NL2025NormsCollectorOptions,
): Promise<FarmGebruiksnormen> {
  const inputs = await collectInputForNorms(fdm, principalId, farmId, year, options);
  const calculate = withCalculationCache(
    fdm,
    (fields: NormsFieldInput[]) => calculateGebruiksnormenForFarm(year, fields),
    { name: `calculateNL${year}GebruiksnormenForFarm`, version: VERSION },
  );
  return calculate(inputs);
}
