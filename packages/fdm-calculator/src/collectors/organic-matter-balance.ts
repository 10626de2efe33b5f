import { type FdmType, type PrincipalId, withCalculationCache } from "fdm-core";
import type { OrganicMatterBalanceSoilType } from "../balance/organic-matter/defaults.js";
import { calculateOrganicMatterBalance } from "../balance/organic-matter/organic-matter-balance.js";
import type {
  OrganicMatterBalance,
  OrganicMatterBalanceFieldInput,
  OrganicMatterBalanceInput,
  OrganicMatterBalanceTimeframe,
} from "../balance/organic-matter/types.js";
import { FdmCalculatorError } from "../errors.js";
import { VERSION } from "../version.js";
import {
  checkFieldKeys,
  cropOf,
  dayTimeframe,
  type FarmRead,
  fertilizerOf,
  readFarm,
} from "./shared.js";

/**
 * Figures about one field's soil that replace what
 * {@link collectInputForOrganicMatterBalance} reads from its soil analyses,
 * for {@link OrganicMatterBalanceCollectorOptions}.
 */
export interface OrganicMatterBalanceFieldDetails {
  /** Organic matter, % of dry soil (loss on ignition). Absent: the most recent soil analysis. */
  organicMatter?: number | null;
  /** Dry bulk density, g/cm³. Absent: the most recent soil analysis, else estimated. */
  bulkDensity?: number | null;
  /** Agricultural soil type, for the estimate of bulk density. Absent: the most recent soil analysis. */
  soilType?: OrganicMatterBalanceSoilType | null;
}

/** Options of {@link collectInputForOrganicMatterBalance} and {@link getOrganicMatterBalanceForFarm}. */
export interface OrganicMatterBalanceCollectorOptions {
  /** Per field id, soil figures that replace the soil analyses; every key must be a field of the farm. */
  fields?: Readonly<Record<string, OrganicMatterBalanceFieldDetails>>;
  /**
   * Effective organic matter, g EOM/kg product, per fertilizer catalogue item
   * id (e.g. `{ rvo_14: 45 }`), for products the catalogue gives no figure
   * (the `rvo` catalogue, custom products) or to replace the catalogue's.
   */
  effectiveOrganicMatter?: Readonly<Record<string, number | null>>;
  /** The yearly mean temperature with its source. Absent: 10.6 °C, De Bilt 1991–2020. */
  temperature?: { value: number; source: string } | null;
}

const COLLECTOR = "collectInputForOrganicMatterBalance";

const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;

/**
 * Reads a farm from fdm-core and returns the input of
 * {@link calculateOrganicMatterBalance} for a timeframe: every field the farm
 * holds at some moment in it, with its soil, its cultivations and their
 * catalogue EOM, and its fertilizer applications with the products' EOM.
 *
 * Where each figure comes from (`options` replaces it):
 * - the EOM of a crop and of its residues: the farm's cultivation catalogue
 *   (`effectiveOrganicMatter`, `effectiveOrganicMatterResidue`; NMI, fdm-data
 *   catalogues (MIT)); whether the residues stay: the cultivation's
 *   `residuesLeft` (not recorded: they stay);
 * - the EOM of a product: the farm's fertilizer (`effectiveOrganicMatter`),
 *   else `options.effectiveOrganicMatter` for its catalogue item;
 * - organic matter, bulk density and soil type: the field's most recent soil
 *   analyses up to the timeframe's last day (each parameter its latest value),
 *   else `options.fields`.
 *
 * It reads the farm in one call of fdm-core's `getFarmRecords` (fields,
 * cultivations, the crops' catalogue items, fertilizers, applications, soil
 * data: one access check, one audit row), as
 * {@link collectInputForNitrogenBalance} does with the harvests added;
 * {@link collectInputForBalances} reads it once for both balances. Days are UTC calendar days, both ends included.
 *
 * @param fdm - The fdm-core database handle.
 * @param principalId - Who asks; needs read access to the farm.
 * @param farmId - The farm.
 * @param timeframe - The period of the balance (first and last day, included).
 * @param options - Figures that replace what the database holds; see {@link OrganicMatterBalanceCollectorOptions}.
 * @returns The input of {@link calculateOrganicMatterBalance}, fields ordered as fdm-core lists them (by name).
 * @throws {FdmPermissionError} From fdm-core, unchanged, when the principal may not read the farm.
 * @throws {FdmError} From fdm-core, unchanged, e.g. `NOT_FOUND` for an unknown farm.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a bad timeframe, options naming a field the
 *   farm does not hold or options that are not objects; `INCONSISTENT_DATA` when a cultivation's
 *   crop is not in the farm's enabled catalogues or an application uses a fertilizer the farm
 *   does not hold.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert/strict";
 * import { addFarm, addField, addSoilAnalysis, createFdmAuth, createFdmLocal } from "fdm-core";
 * import { calculateOrganicMatterBalance, collectInputForOrganicMatterBalance } from "fdm-calculator";
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
 *   parameters: { organicMatter: 3.5, soilType: "zeeklei" },
 * });
 * const input = await collectInputForOrganicMatterBalance(fdm, me, farmId, {
 *   start: new Date("2025-01-01"),
 *   end: new Date("2025-12-31"),
 * });
 * assert.deepEqual(input.fields[0]?.soil, { organicMatter: 3.5, bulkDensity: null, soilType: "zeeklei" });
 * const balance = calculateOrganicMatterBalance(input);
 * // No measured density: estimated for zeeklei from 3.5 % organic matter, and said so.
 * assert.equal(balance.fields[0]?.soil.bulkDensitySource, "estimated");
 * ```
 */
export async function collectInputForOrganicMatterBalance(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe: OrganicMatterBalanceTimeframe,
  options: OrganicMatterBalanceCollectorOptions = {},
): Promise<OrganicMatterBalanceInput> {
  const tf = dayTimeframe(timeframe, COLLECTOR);
  checkOrganicMatterOptions(options);
  const farm = await readFarm(fdm, principalId, farmId, tf, false);
  return organicMatterInputFrom(farm, options);
}

/** Checks the options of {@link collectInputForOrganicMatterBalance} that need no database. */
export function checkOrganicMatterOptions(
  options: OrganicMatterBalanceCollectorOptions,
  collector = COLLECTOR,
  path = "options",
): void {
  if (options === null || typeof options !== "object") {
    throw new FdmCalculatorError("INVALID_INPUT", `${collector}: ${path} must be an object`);
  }
  const productEom = options.effectiveOrganicMatter;
  if (productEom !== undefined && (productEom === null || typeof productEom !== "object")) {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `${collector}: ${path}.effectiveOrganicMatter must be an object keyed by fertilizer catalogue item id`,
    );
  }
}

/** The input of {@link calculateOrganicMatterBalance} from a farm already read; options checked. */
export function organicMatterInputFrom(
  farm: FarmRead,
  options: OrganicMatterBalanceCollectorOptions,
  collector = COLLECTOR,
): OrganicMatterBalanceInput {
  const tf = farm.timeframe;
  const productEom = options.effectiveOrganicMatter;
  const { fields, catalogue, fertilizers, cultivationsOf, applicationsOf, soilOf } = farm;
  checkFieldKeys(options.fields, fields, collector);

  const collected = fields.map((field): OrganicMatterBalanceFieldInput => {
    const details = own(options.fields, field.id) ?? {};
    if (details === null || typeof details !== "object") {
      throw new FdmCalculatorError(
        "INVALID_INPUT",
        `Field "${field.id}": options.fields["${field.id}"] must be an object`,
        { fieldId: field.id },
      );
    }
    const soil = soilOf[field.id] ?? [];
    const soilValue = (parameter: string) =>
      soil.find((s) => s.parameter === parameter)?.value ?? null;
    const pick = <K extends keyof OrganicMatterBalanceFieldDetails>(key: K, parameter: string) =>
      details[key] !== undefined ? details[key] : soilValue(parameter);
    return {
      id: field.id,
      area: field.areaHa,
      held: { start: field.acquiringDate, end: field.discardingDate ?? null },
      soil: {
        organicMatter: pick("organicMatter", "organicMatter") as number | null,
        bulkDensity: pick("bulkDensity", "bulkDensity") as number | null,
        soilType: pick("soilType", "soilType") as OrganicMatterBalanceSoilType | null,
      },
      cultivations: (cultivationsOf.get(field.id) ?? []).map((c) => {
        const crop = cropOf(catalogue, c);
        return {
          id: c.id,
          cultivationId: c.catalogueItemId,
          rotation: c.rotation,
          startDate: c.startDate,
          endDate: c.endDate,
          effectiveOrganicMatter: crop.effectiveOrganicMatter,
          effectiveOrganicMatterResidue: crop.effectiveOrganicMatterResidue,
          residuesLeft: c.residuesLeft ?? null,
        };
      }),
      applications: (applicationsOf.get(field.id) ?? []).map((a) => {
        const { fertilizer } = fertilizerOf(fertilizers, a.fertilizerId, field.id, a.id);
        const given = own(productEom, fertilizer.catalogueItemId);
        return {
          id: a.id,
          date: a.applicationDate,
          amount: a.amountKgPerHa,
          fertilizer: {
            id: fertilizer.catalogueItemId,
            isMineral: fertilizer.isMineral,
            isManure: fertilizer.isManure,
            isCompost: fertilizer.isCompost,
            effectiveOrganicMatter: given !== undefined ? given : fertilizer.effectiveOrganicMatter,
          },
        };
      }),
    };
  });

  return {
    timeframe: { start: new Date(tf.startDay), end: new Date(tf.endDay) },
    fields: collected,
    temperature: options.temperature ?? null,
  };
}

/**
 * Computes the soil organic-matter balance of a farm straight from fdm-core:
 * collects the input with {@link collectInputForOrganicMatterBalance} (access
 * checked for the principal), then runs {@link calculateOrganicMatterBalance}
 * through fdm-core's calculation cache (`withCalculationCache`, name
 * `calculateOrganicMatterBalance`, this package's version). The farm is read
 * on every call, so changed data gives a new input and a fresh result; the
 * same data is answered from the cache without computing again.
 *
 * @param fdm - The fdm-core database handle.
 * @param principalId - Who asks; needs read access to the farm.
 * @param farmId - The farm.
 * @param timeframe - The period of the balance (first and last day, included; at most ten years).
 * @param options - Figures that replace what the database holds (none needed); see
 *   {@link OrganicMatterBalanceCollectorOptions}.
 * @returns The farm's balance, as {@link calculateOrganicMatterBalance} returns it.
 * @throws {FdmPermissionError} From fdm-core, unchanged, when the principal may not read the farm.
 * @throws {FdmError} From fdm-core, e.g. `NOT_FOUND` for an unknown farm or `DATABASE` when the
 *   cache cannot be read or written.
 * @throws {FdmCalculatorError} The errors of {@link collectInputForOrganicMatterBalance} and
 *   {@link calculateOrganicMatterBalance} (e.g. `INVALID_INPUT` for a timeframe over ten years);
 *   a failed calculation is recorded by the cache, not stored.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert/strict";
 * import {
 *   addCultivation, addFarm, addField, addSoilAnalysis, createFdmAuth, createFdmLocal,
 *   enableCultivationCatalogue, syncCatalogues,
 * } from "fdm-core";
 * import { getOrganicMatterBalanceForFarm } from "fdm-calculator";
 *
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * await syncCatalogues(fdm);
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await enableCultivationCatalogue(fdm, me, farmId, "brp");
 * const fieldId = await addField(fdm, me, farmId, {
 *   name: "Weide",
 *   geometry: {
 *     type: "Polygon",
 *     coordinates: [[[5.66, 51.98], [5.6615, 51.98], [5.6615, 51.981], [5.66, 51.981], [5.66, 51.98]]],
 *   },
 *   acquiringDate: new Date("2010-01-01"),
 *   acquiringMethod: "owner",
 * });
 * await addCultivation(fdm, me, fieldId, { catalogueItemId: "nl_265", startDate: new Date("2015-01-01") });
 * await addSoilAnalysis(fdm, me, fieldId, {
 *   samplingDate: new Date("2024-03-01"),
 *   source: "laboratory",
 *   parameters: { organicMatter: 5, bulkDensity: 1.2 },
 * });
 * const year = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };
 * const first = await getOrganicMatterBalanceForFarm(fdm, me, farmId, year);
 * const again = await getOrganicMatterBalanceForFarm(fdm, me, farmId, year); // from the cache
 * assert.deepEqual(again, first);
 * assert.equal(first.fields[0]?.supply.crops, 3975); // permanent grassland, a whole year
 * ```
 */
export async function getOrganicMatterBalanceForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe: OrganicMatterBalanceTimeframe,
  options: OrganicMatterBalanceCollectorOptions = {},
): Promise<OrganicMatterBalance> {
  const input = await collectInputForOrganicMatterBalance(
    fdm,
    principalId,
    farmId,
    timeframe,
    options,
  );
  const calculate = withCalculationCache(fdm, calculateOrganicMatterBalance, {
    name: "calculateOrganicMatterBalance",
    version: VERSION,
  });
  return calculate(input);
}
