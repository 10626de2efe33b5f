import {
  type Cultivation,
  type FdmType,
  type Fertilizer,
  type FertilizerApplication,
  type Field,
  getCultivations,
  getCultivationsForFarm,
  getCurrentSoilDataForFarm,
  getFertilizerApplications,
  getFertilizerApplicationsForFarm,
  getFertilizers,
  getField,
  getFields,
  getGrazingIntention,
  isDerogationGrantedForYear,
  listOrganicCertifications,
  type PrincipalId,
} from "fdm-core";
import { calculateDose, type Dose, type DoseInput } from "../dose.js";
import { FdmCalculatorError } from "../errors.js";
import type { AreaLookupOptions, RegionLookupOptions } from "../location/location.js";
import { type NLRegion, yearOf } from "../norms/nl/calendar.js";
import type {
  DerogationFlags,
  NormsApplication,
  NormsCultivation,
  NormsFieldInput,
  NormsSoilPhosphate,
} from "../norms/nl/engine/types.js";
import { rulesForYear } from "../norms/nl/registry.js";
import {
  checkFieldKeys,
  dayTimeframe,
  fertilizerOf,
  fertilizersById,
  groupBy,
  mapLimit,
  resolveAreaFlag,
  resolveRegion,
} from "./shared.js";

/**
 * Where one field lies, for {@link collectInputForNorms}: what fdm-core does
 * not hold. A flag left out is looked up in the matching dataset of the
 * options. `isGWBG`, `isNatura2000` and `isDerogatievrijeZone` count only in a
 * year with derogation (2025; see {@link describeNormYear}); other years ignore them.
 */
export interface FieldLocation {
  /** Soil region (grondsoortenkaart of the Meststoffenwet). Absent: looked up with `regionGeodata`. */
  region?: NLRegion;
  /** The field lies in a NV-gebied (area polluted with nutrients). Absent: looked up with `nvGebiedGeodata`. */
  isNVGebied?: boolean;
  /**
   * The field lies in a grondwaterbeschermingsgebied (GWBG). Absent: looked up
   * with `gwbgGeodata`. Read only in a year with derogation.
   */
  isGWBG?: boolean;
  /**
   * The field lies in (or in the mapped zone around) a Natura 2000 area.
   * fdm-calculator has no lookup for it; it changes a figure only for a farm
   * with derogatie (2025), so it must be given then and counts as `false` otherwise.
   */
  isNatura2000?: boolean;
  /**
   * The field lies in a derogatievrije zone (zone without derogation). Like
   * `isNatura2000`: required for a farm with derogatie, `false` otherwise.
   */
  isDerogatievrijeZone?: boolean;
}

/** What the norms of every year need about a farm's cultivations that fdm-core does not record. */
export interface CultivationDetails {
  /** Variety (ras), for the potato lines of RVO Table 2. */
  variety?: string | null;
  /** Teeltwijze (way of growing), for the Table-2 lines the crop code alone does not decide. */
  teeltwijze?: string | null;
  /**
   * What a grass crop was, for the grassland kortingen: `vanggewas_na_mais`,
   * `groenbemester`, (from 2026) `vanggewas`, or `grasland` to keep grass that
   * the year's rule would count as a catch crop grassland; see `NormsCultivation.grassPurpose`.
   */
  grassPurpose?: "vanggewas_na_mais" | "vanggewas" | "groenbemester" | "grasland" | null;
}

/**
 * Options of {@link collectInputForNorms} and {@link getGebruiksnormenForFarm}:
 * what the norms of a year need beyond fdm-core's data. The derogation options
 * (`hasDerogation`, `gwbgGeodata`, and per field `isGWBG`, `isNatura2000`,
 * `isDerogatievrijeZone`) count only in a year with derogation (2025); a year
 * without it ignores them.
 */
export interface NormsCollectorOptions {
  /** Per field id, where the field lies; every key must be a field of the farm. */
  fields?: Readonly<Record<string, FieldLocation>>;
  /** Region dataset for fields without a `region` (see {@link getRegion}). */
  regionGeodata?: RegionLookupOptions;
  /** NV-gebieden dataset for fields without `isNVGebied` (see {@link isFieldInNVGebied}). */
  nvGebiedGeodata?: AreaLookupOptions;
  /**
   * Grondwaterbeschermingsgebieden dataset for fields without `isGWBG` (see
   * {@link isFieldInGWGBGebied}); read only in a year with derogation.
   */
  gwbgGeodata?: AreaLookupOptions;
  /**
   * The farm has derogatie (derogation) for the year; read only in a year with
   * derogation. Absent: read with fdm-core's `isDerogationGrantedForYear` (no
   * derogation recorded for the year is `false`).
   */
  hasDerogation?: boolean;
  /**
   * The farm intends to graze (beweiding) in the year. Absent: read with
   * fdm-core's `getGrazingIntention`; when nothing is recorded for the year the collector throws.
   */
  hasGrazingIntention?: boolean;
  /**
   * The farm is certified organic in the year. Absent: `true` when fdm-core
   * holds an organic certificate of the farm valid on at least one day of the year.
   */
  isOrganicCertified?: boolean;
  /**
   * Herkomst (origin) of animal manure per fdm-core fertilizer id: produced on
   * the farm (`eigen_bedrijf`) or brought in (`aangevoerd`). The norms need it
   * for the manure of grazing animals and throw `MISSING_ORIGIN` without it.
   */
  manureOrigin?: Readonly<Record<string, "eigen_bedrijf" | "aangevoerd">>;
  /** Variety, teeltwijze and what a grass crop was, per fdm-core cultivation id. */
  cultivationDetails?: Readonly<Record<string, CultivationDetails>>;
}

/** Options of {@link getDoseForField}: what the effective N needs beyond fdm-core's data. */
export interface DoseForFieldOptions {
  /** The field's soil region. Absent: looked up with `regionGeodata`. */
  region?: NLRegion;
  /** Region dataset, used when `region` is absent. */
  regionGeodata?: RegionLookupOptions;
  /**
   * The farm intends to graze (beweiding) in the timeframe's year. Absent: read
   * with fdm-core's `getGrazingIntention`; when nothing is recorded the call throws.
   */
  hasGrazingIntention?: boolean;
  /** Herkomst of animal manure per fdm-core fertilizer id, as in {@link NormsCollectorOptions}. */
  manureOrigin?: Readonly<Record<string, "eigen_bedrijf" | "aangevoerd">>;
}

const DOSE = "getDoseForField";

/** A farm flag the caller gave: must be a boolean. */
function givenFlag(value: unknown, name: string, label: string, fieldId: string | null = null) {
  if (value !== undefined && typeof value !== "boolean") {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `${label}: options.${name} must be true or false`,
      { fieldId },
    );
  }
  return value;
}

/** The grazing intention: given, else as recorded in fdm-core for the year. */
async function grazingIntention(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  year: number,
  given: unknown,
  label: string,
  fieldId: string | null = null,
): Promise<boolean> {
  const value = givenFlag(given, "hasGrazingIntention", label, fieldId);
  if (value !== undefined) return value;
  const recorded = await getGrazingIntention(fdm, principalId, farmId, year);
  if (recorded === null) {
    throw new FdmCalculatorError(
      "MISSING_FIELD_DATA",
      `${label}: the werkingscoëfficiënt depends on the farm's grazing intention, and farm "${farmId}" has none recorded for ${year}; record it with setGrazingIntention or give options.hasGrazingIntention`,
      { fieldId },
    );
  }
  return recorded;
}

function toCultivation(
  c: Cultivation,
  details: Readonly<Record<string, CultivationDetails>> | undefined,
): NormsCultivation {
  const extra = details?.[c.id];
  return {
    cultivationId: c.catalogueItemId,
    startDate: c.startDate,
    endDate: c.endDate,
    ...(extra?.variety != null ? { variety: extra.variety } : {}),
    ...(extra?.teeltwijze != null ? { teeltwijze: extra.teeltwijze } : {}),
    ...(extra?.grassPurpose != null ? { grassPurpose: extra.grassPurpose } : {}),
  };
}

function toApplication(
  a: FertilizerApplication,
  fertilizers: ReadonlyMap<string, Fertilizer>,
  origins: Readonly<Record<string, "eigen_bedrijf" | "aangevoerd">> | undefined,
  fieldId: string,
): NormsApplication {
  const { fertilizer, typeRvo } = fertilizerOf(fertilizers, a.fertilizerId, fieldId, a.id);
  const origin = origins?.[a.fertilizerId];
  return {
    id: a.id,
    date: a.applicationDate,
    amount: a.amountKgPerHa,
    method: a.method,
    fertilizer: {
      id: fertilizer.catalogueItemId,
      typeRvo,
      composition: {
        n: fertilizer.n,
        p2o5: fertilizer.p2o5,
        k2o: fertilizer.k2o,
        so3: fertilizer.so3,
        mgo: fertilizer.mgo,
        cao: fertilizer.cao,
      },
    },
    ...(origin !== undefined ? { origin } : {}),
  };
}

function optionalZoneFlag(
  field: Field,
  value: unknown,
  name: "isNatura2000" | "isDerogatievrijeZone",
  hasDerogation: boolean,
): boolean {
  if (value === undefined) {
    if (!hasDerogation) return false;
    throw new FdmCalculatorError(
      "MISSING_FIELD_DATA",
      `Field "${field.id}": with derogatie the dierlijke-mest-gebruiksnorm depends on ${name}; give it in options.fields (fdm-calculator has no lookup for it)`,
      { fieldId: field.id },
    );
  }
  if (typeof value !== "boolean") {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `Field "${field.id}": ${name} in options.fields must be true or false`,
      { fieldId: field.id },
    );
  }
  return value;
}

/**
 * Reads a farm from fdm-core and returns the input of the gebruiksnormen
 * (application norms) of `year` for every field it holds in that year, ready
 * for {@link calculateGebruiksnormenForFarm} with the same year or the
 * per-field norm functions. One path serves every year the calculator knows
 * ({@link getNormYears}).
 *
 * From fdm-core, through its public functions (so the principal needs read
 * access): each field's area, its cultivations of `year` and of the year
 * before (the catch-crop reduction and the crop year look back), its
 * fertilizer applications dated in `year` with each fertilizer's RVO mestcode
 * and composition (a RENURE product's measured N content is the composition of
 * the fertilizer the farm holds), and P-CaCl2 and P-AL of its current soil data
 * (the most recent values sampled on or before 31 December of `year`;
 * `soilPhosphate` is `null` when either is missing, which the
 * fosfaatgebruiksnorm reports). From `options`: the soil region and the
 * NV-gebied flag, each given per field or looked up in the configured dataset
 * with {@link getRegion} and {@link isFieldInNVGebied}; the manure's origin,
 * variety, teeltwijze and what a grass crop was where the norms need them. The
 * farm's grazing intention and organic certification for `year` are read from
 * fdm-core (`getGrazingIntention`, `listOrganicCertifications`) unless the
 * options give them. In a year with derogation (2025) it also reads the farm's
 * derogatie (`isDerogationGrantedForYear`) and each field's GWBG flag (given,
 * or looked up with {@link isFieldInGWGBGebied}), Natura 2000 and
 * derogatievrije-zone flags; no figure of a year without derogation depends on them.
 *
 * @param fdm - The fdm-core database handle.
 * @param principalId - Who asks; needs read access to the farm.
 * @param farmId - The farm.
 * @param year - The calendar year of the norms (see {@link getNormYears}).
 * @param options - What fdm-core does not hold; see {@link NormsCollectorOptions} (a year
 *   without derogation ignores the derogation options).
 * @returns One {@link NormsFieldInput} per field the farm holds in `year`, ordered by field
 *   name; in a year with derogation each carries the {@link DerogationFlags} too.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a year without rules (the message names the
 *   supported years), before anything is read; `MISSING_FIELD_DATA` when no grazing intention for
 *   the year is recorded or given, or a field's region or NV-gebied flag (in 2025 also its GWBG
 *   flag, and with derogatie its Natura 2000 or derogatievrije-zone flag) is given neither per
 *   field nor through a dataset; `INVALID_INPUT` for options of the wrong type or naming a field
 *   the farm does not hold; `INCONSISTENT_DATA` for an application of a fertilizer the farm does
 *   not hold.
 * @throws {GeodataError} From a location lookup, when its dataset cannot be read.
 * @throws {FdmPermissionError} From fdm-core, unchanged, when the principal may not read the farm.
 * @throws {FdmError} From fdm-core, unchanged, e.g. `NOT_FOUND` for an unknown farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addCultivation, addFarm, addField, addSoilAnalysis, createFdmAuth, createFdmLocal,
 *   enableCultivationCatalogue, setGrazingIntention, syncCatalogues,
 * } from "fdm-core";
 * import { calculateGebruiksnormenForFarm, collectInputForNorms, getNormYears } from "fdm-calculator";
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
 * await addCultivation(fdm, me, fieldId, { catalogueItemId: "nl_265", startDate: new Date("2020-01-01") });
 * await addSoilAnalysis(fdm, me, fieldId, {
 *   samplingDate: new Date("2024-03-01"),
 *   source: "laboratory",
 *   parameters: { pCaCl2: 2.0, pAl: 40 },
 * });
 * // One path for every year the calculator knows.
 * for (const year of getNormYears()) {
 *   await setGrazingIntention(fdm, me, farmId, year, true);
 *   const inputs = await collectInputForNorms(fdm, me, farmId, year, {
 *     fields: { [fieldId]: { region: "klei", isNVGebied: false, isGWBG: false } },
 *   });
 *   const norms = calculateGebruiksnormenForFarm(year, inputs);
 *   assert.equal(norms.fields[0]?.dierlijkeMest.norm.normValue, 170); // no derogatie
 * }
 * await assert.rejects(collectInputForNorms(fdm, me, farmId, 2024, {}), /the supported years are/);
 * ```
 */
export async function collectInputForNorms(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  year: number,
  options: NormsCollectorOptions = {},
): Promise<NormsFieldInput[]> {
  const name = "collectInputForNorms";
  const rules = rulesForYear(year, name);
  if (!rules.flags.includes("hasDerogation")) {
    return collectNormsInput(fdm, principalId, farmId, year, options, name, async () => ({}));
  }
  const farm = `Farm "${farmId}"`;
  const hasDerogation =
    givenFlag(options.hasDerogation, "hasDerogation", farm) ??
    (await isDerogationGrantedForYear(fdm, principalId, farmId, year));
  return collectNormsInput(
    fdm,
    principalId,
    farmId,
    year,
    options,
    name,
    async (field, location): Promise<DerogationFlags> => ({
      isGWBG: await resolveAreaFlag(field, location.isGWBG, options.gwbgGeodata, "isGWBG", name),
      isNatura2000: optionalZoneFlag(field, location.isNatura2000, "isNatura2000", hasDerogation),
      isDerogatievrijeZone: optionalZoneFlag(
        field,
        location.isDerogatievrijeZone,
        "isDerogatievrijeZone",
        hasDerogation,
      ),
      hasDerogation,
    }),
  );
}

/** What both years' collectors read the same way; `extra` adds the fields only one year has. */
async function collectNormsInput<E extends object>(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  year: number,
  options: NormsCollectorOptions,
  name: string,
  extra: (field: Field, location: FieldLocation) => Promise<E>,
): Promise<(NormsFieldInput & E)[]> {
  const inYear = { start: new Date(`${year}-01-01`), end: new Date(`${year}-12-31`) };
  const lastMoment = new Date(`${year}-12-31T23:59:59.999Z`);
  const fields = await getFields(fdm, principalId, farmId, dayTimeframe(inYear, name).query);
  checkFieldKeys(options.fields, fields, name);
  const farm = `Farm "${farmId}"`;
  const hasGrazingIntention = await grazingIntention(
    fdm,
    principalId,
    farmId,
    year,
    options.hasGrazingIntention,
    farm,
  );
  const isOrganicCertified =
    givenFlag(options.isOrganicCertified, "isOrganicCertified", farm) ??
    (await listOrganicCertifications(fdm, principalId, farmId)).some(
      (c) => c.issueDate <= lastMoment && c.expiryDate >= inYear.start,
    );
  // The catch-crop reduction and the crop year look back at the cultivations of the year before.
  const twoYears = { start: new Date(`${year - 1}-01-01`), end: inYear.end };
  // Grouped once: filtering the farm's list per field took time in the square of the fields.
  const cultivationsOf = groupBy(
    await getCultivationsForFarm(fdm, principalId, farmId, dayTimeframe(twoYears, name).query),
    (c) => c.fieldId,
  );
  const fertilizers = fertilizersById(await getFertilizers(fdm, principalId, farmId));
  const tf = dayTimeframe(inYear, name);
  // Farm-wide reads: one access check each instead of one per field.
  const soilOf = await getCurrentSoilDataForFarm(fdm, principalId, farmId, tf.query.end);
  const applicationsOf = groupBy(
    await getFertilizerApplicationsForFarm(fdm, principalId, farmId, tf.query),
    (a) => a.fieldId,
  );

  return mapLimit(fields, 4, async (field) => {
    const location: FieldLocation = options.fields?.[field.id] ?? {};
    const region = await resolveRegion(field, location.region, options.regionGeodata, name);
    const isNVGebied = await resolveAreaFlag(
      field,
      location.isNVGebied,
      options.nvGebiedGeodata,
      "isNVGebied",
      name,
    );
    const soil = soilOf[field.id] ?? [];
    const value = (parameter: string) => {
      const v = soil.find((s) => s.parameter === parameter)?.value;
      return typeof v === "number" ? v : null;
    };
    const pCaCl2 = value("pCaCl2");
    const pAl = value("pAl");
    const soilPhosphate: NormsSoilPhosphate | null =
      pCaCl2 !== null && pAl !== null ? { pCaCl2, pAl } : null;
    const applications = applicationsOf.get(field.id) ?? [];
    return {
      fieldId: field.id,
      area: field.areaHa,
      region,
      isNVGebied,
      ...(await extra(field, location)),
      hasGrazingIntention,
      isOrganicCertified,
      cultivations: (cultivationsOf.get(field.id) ?? []).map((c) =>
        toCultivation(c, options.cultivationDetails),
      ),
      soilPhosphate,
      applications: applications.map((a) =>
        toApplication(a, fertilizers, options.manureOrigin, field.id),
      ),
    } as NormsFieldInput & E;
  });
}

/**
 * Reads a field's fertilizer applications in a timeframe from fdm-core and
 * returns its {@link Dose}: per application and in total, kg/ha of total and
 * effective N, P2O5, K2O, SO3, MgO and CaO, as {@link calculateDose} computes it.
 *
 * Effective N uses the werkingscoëfficiënt (working coefficient) of Table 9
 * of the timeframe's year (2025 or 2026), so the timeframe must lie in one
 * calendar year. It depends on the soil region,
 * which fdm-core does not hold (give it in `options` or a region dataset to
 * look it up), and on the farm's grazing intention for the timeframe's year,
 * read from fdm-core unless `options` gives it. The field's cultivations in
 * the timeframe give the land use on each date.
 *
 * @param fdm - The fdm-core database handle.
 * @param principalId - Who asks; needs read access to the field's farm.
 * @param fieldId - The field.
 * @param timeframe - First and last day (included) of the applications to count; within one
 *   calendar year with RVO tables (2025, 2026).
 * @param options - The region (or its dataset), the manure's origin, and the grazing intention when
 *   it should not be read from fdm-core.
 * @returns The field's dose.
 * @throws {FdmPermissionError} From fdm-core, unchanged, when the principal may not read the field.
 * @throws {FdmError} From fdm-core, unchanged, e.g. `NOT_FOUND` for an unknown field.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a bad timeframe, one spanning two calendar years
 *   or one in a year without RVO tables (naming the supported years); `MISSING_FIELD_DATA` without a
 *   region, or without a grazing intention given or recorded for the year; `INCONSISTENT_DATA` for an application of a fertilizer the farm
 *   does not hold; and the errors of {@link calculateDose} (e.g. `DATE_OUTSIDE_YEAR`, `MISSING_ORIGIN`).
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addFarm, addFertilizer, addFertilizerApplication, addField, createFdmAuth, createFdmLocal,
 *   enableFertilizerCatalogue, syncCatalogues,
 * } from "fdm-core";
 * import { getDoseForField } from "fdm-calculator";
 *
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * await syncCatalogues(fdm);
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await enableFertilizerCatalogue(fdm, me, farmId, "baat");
 * const fieldId = await addField(fdm, me, farmId, {
 *   name: "Achter de schuur",
 *   geometry: {
 *     type: "Polygon",
 *     coordinates: [[[5.66, 51.98], [5.6615, 51.98], [5.6615, 51.981], [5.66, 51.981], [5.66, 51.98]]],
 *   },
 *   acquiringDate: new Date("2020-01-01"),
 *   acquiringMethod: "owner",
 * });
 * const fertilizerId = await addFertilizer(fdm, me, farmId, {
 *   catalogueItemId: "baat_028", // calcium ammonium nitrate, 270 g N/kg
 *   acquiringDate: new Date("2025-02-01"),
 * });
 * await addFertilizerApplication(fdm, me, fieldId, {
 *   fertilizerId,
 *   amountKgPerHa: 300,
 *   method: "broadcasting",
 *   applicationDate: new Date("2025-03-20"),
 * });
 * const dose = await getDoseForField(
 *   fdm,
 *   me,
 *   fieldId,
 *   { start: new Date("2025-01-01"), end: new Date("2025-12-31") },
 *   { region: "klei", hasGrazingIntention: false },
 * );
 * assert.equal(dose.n, 81); // 300 kg × 270 g/kg
 * assert.equal(dose.nEffective, 81); // kunstmest counts at 100%
 * ```
 */
export async function getDoseForField(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  timeframe: { start: Date; end: Date },
  options: DoseForFieldOptions = {},
): Promise<Dose> {
  return calculateDose(await collectInputForDose(fdm, principalId, fieldId, timeframe, options));
}

/**
 * Reads what {@link getDoseForField} computes from: the field's applications
 * and cultivations in the timeframe, its fertilizers, the grazing intention and
 * the region, as the {@link DoseInput} of {@link calculateDose}. It reads and
 * checks exactly as {@link getDoseForField} does, which is this function
 * followed by {@link calculateDose}; a caller that computes elsewhere (a worker
 * thread, another process) calls the two apart.
 *
 * @param fdm - The fdm-core database handle.
 * @param principalId - Who asks; needs read access to the field's farm.
 * @param fieldId - The field.
 * @param timeframe - First and last day (included); within one calendar year with RVO tables.
 * @param options - As for {@link getDoseForField}.
 * @returns The input of {@link calculateDose}.
 * @throws {FdmPermissionError} From fdm-core, unchanged, when the principal may not read the field.
 * @throws {FdmError} From fdm-core, unchanged, e.g. `NOT_FOUND` for an unknown field.
 * @throws {FdmCalculatorError} The errors {@link getDoseForField} throws before it computes:
 *   `INVALID_INPUT` for a bad timeframe, `MISSING_FIELD_DATA` without a region or grazing
 *   intention, `INCONSISTENT_DATA` for an application of a fertilizer the farm does not hold.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, addField, createFdmAuth, createFdmLocal } from "fdm-core";
 * import { calculateDose, collectInputForDose } from "fdm-calculator";
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
 * const input = await collectInputForDose(fdm, me, fieldId, year, {
 *   region: "klei",
 *   hasGrazingIntention: false,
 * });
 * assert.deepEqual([input.year, input.region, input.applications.length], [2025, "klei", 0]);
 * assert.equal(calculateDose(input).n, 0); // nothing applied yet
 * ```
 */
export async function collectInputForDose(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  timeframe: { start: Date; end: Date },
  options: DoseForFieldOptions = {},
): Promise<DoseInput> {
  const tf = dayTimeframe(timeframe, DOSE);
  // The werkingscoëfficiënten are set per calendar year: the timeframe gives the year.
  const year = yearOf(tf.startDay);
  if (yearOf(tf.endDay) !== year) {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `${DOSE}: timeframe runs from ${year} into ${yearOf(tf.endDay)}; the werkingscoëfficiënten (Table 9) are set per calendar year, so ask for one year at a time`,
    );
  }
  rulesForYear(year, DOSE, fieldId);
  const field = await getField(fdm, principalId, fieldId);
  const region = await resolveRegion(field, options.region, options.regionGeodata, DOSE);
  const hasGrazingIntention = await grazingIntention(
    fdm,
    principalId,
    field.farmId,
    year,
    options.hasGrazingIntention,
    `Field "${field.id}"`,
    field.id,
  );
  const cultivations = await getCultivations(fdm, principalId, field.id, tf.query);
  const applications = await getFertilizerApplications(fdm, principalId, field.id, tf.query);
  const fertilizers = fertilizersById(await getFertilizers(fdm, principalId, field.farmId));
  return {
    year,
    fieldId: field.id,
    region,
    hasGrazingIntention,
    cultivations: cultivations.map((c) => toCultivation(c, undefined)),
    applications: applications.map((a) =>
      toApplication(a, fertilizers, options.manureOrigin, field.id),
    ),
  };
}
