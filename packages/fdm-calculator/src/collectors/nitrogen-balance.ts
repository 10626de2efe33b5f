import type { Cultivation, FdmType, Harvest, PrincipalId } from "fdm-core";
import {
  applicationEmissionFactor,
  type DefaultsCultivation,
  landTypeOn,
  leachingFraction,
  leachingLandType,
  missingEmissionFigure,
  NITROGEN_BALANCE_DEFAULTS,
  type NitrogenBalanceSoilType,
  residueEmissionFactor,
  residueNitrogen,
  surplusTarget,
  yearlyMineralization,
} from "../balance/nitrogen/defaults.js";
import type {
  NitrogenBalanceCultivation,
  NitrogenBalanceEmissionFactors,
  NitrogenBalanceFieldInput,
  NitrogenBalanceInput,
  NitrogenBalanceResidueRemoval,
  NitrogenBalanceSurplusTarget,
  NitrogenBalanceTimeframe,
} from "../balance/nitrogen/types.js";
import {
  type DepositionLookupOptions,
  getDeposition,
  type RegionLookupOptions,
} from "../location/location.js";
import type { NLRegion } from "../norms/nl/calendar.js";
import {
  checkFieldKeys,
  cropOf,
  dayOf,
  dayTimeframe,
  type FarmRead,
  fertilizerOf,
  mapLimit,
  readFarm,
  resolveRegion,
} from "./shared.js";

/**
 * Figures about one field that override what {@link collectInputForNitrogenBalance}
 * would read or work out, for {@link NitrogenBalanceCollectorOptions}.
 */
export interface NitrogenBalanceFieldDetails {
  /**
   * Soil region (grondsoortenkaart of the Meststoffenwet), needed only to
   * match `options.surplusTargets`. Absent: looked up with
   * `options.regionGeodata` when surplus targets are given.
   */
  soilType?: NLRegion;
  /**
   * Agricultural soil type (e.g. `dekzand`). Absent: the `soilType` of the
   * field's most recent soil analysis in fdm-core.
   */
  agriculturalSoilType?: NitrogenBalanceSoilType | null;
  /** Atmospheric N deposition, kg N/ha per year. Absent: `options.deposition`, the dataset, or the national default. */
  deposition?: number | null;
  /** N mineralized from soil organic matter, kg N/ha per year (e.g. the NLV of a lab report). Absent: NMI's default. */
  mineralization?: number | null;
  /** Grondwatertrap (groundwater class). Absent: the `gwlClass` of the field's current soil data. */
  groundwaterClass?: string | null;
  /** Surplus target, kg N/ha per year. Absent: NMI's target for the field. */
  surplusTarget?: number | null;
  /** Fraction of a positive surplus that leaches as nitrate-N. Absent: NMI's fraction for the field. */
  nitrateLeachingFraction?: number | null;
}

/** Options of {@link collectInputForNitrogenBalance}: figures that replace the defaults. */
export interface NitrogenBalanceCollectorOptions {
  /** Per field id, figures that replace the defaults; every key must be a field of the farm. */
  fields?: Readonly<Record<string, NitrogenBalanceFieldDetails>>;
  /** The region dataset for fields without a `soilType` in `fields`, used only with `surplusTargets` (see {@link getRegion}). */
  regionGeodata?: RegionLookupOptions;
  /**
   * A deposition dataset (see {@link getDeposition}): each field's deposition
   * is read from it. Absent, or a field off the map: `deposition`, else the
   * national average of {@link NITROGEN_BALANCE_DEFAULTS}.
   */
  depositionGeodata?: DepositionLookupOptions;
  /** Deposition for every field without its own, kg N/ha per year, instead of the dataset or the national default. */
  deposition?: number | null;
  /** Mineralization for every field without its own, kg N/ha per year, instead of NMI's default. */
  mineralization?: number | null;
  /**
   * Nitrogen in the crop residues, kg N/ha, per cultivation catalogue id
   * (e.g. `{ nl_233: 30 }`), instead of the figure worked out from the
   * catalogue (yield, harvest index, residue N content): left on the field, or
   * taken off when the cultivation's `residuesLeft` is `false`.
   */
  residueNitrogen?: Readonly<Record<string, number | null>>;
  /**
   * Biological N fixation, kg N/ha per cultivation, per cultivation catalogue
   * id (e.g. `{ nl_265: 80 }` for grass with clover), instead of the crop's
   * catalogue `nitrogenFixation`.
   */
  nitrogenFixation?: Readonly<Record<string, number | null>>;
  /**
   * Your own ammonia emission factors per fertilizer type and method (and
   * for crop residues). Given: they replace NMI's factors for every
   * application and crop. Absent: NMI's factors.
   */
  emissionFactors?: NitrogenBalanceEmissionFactors | null;
  /**
   * Your own surplus targets per soil region. Given: they replace NMI's
   * targets (and each field needs its region). Absent: NMI's targets.
   */
  surplusTargets?: NitrogenBalanceSurplusTarget[] | null;
}

const COLLECTOR = "collectInputForNitrogenBalance";
const D = NITROGEN_BALANCE_DEFAULTS;
const NMI_SOURCE = `${D.source}; NH3 factors of organic fertilizers: Van Bruggen et al. (2024), NEMA, table B18.3; ${D.ammoniumShareSource}`;
const TARGET_SOURCE = `${D.source}: Ros et al. 2023`;

/**
 * Reads a farm from fdm-core and returns the complete input of
 * {@link calculateNitrogenBalance} for a timeframe: every field the farm
 * holds at some moment in it, with its cultivations, their harvests, the
 * fertilizer applications and every coefficient the balance needs.
 *
 * Where each figure comes from (a figure in `options` replaces it):
 * - crop figures from the farm's cultivation catalogue (NMI, fdm-data
 *   catalogues (MIT)): `nitrogenFixation`, `nitrogenContentHarvest`, and the
 *   `yieldDryMatter` of a harvest without its own yield; residue N = mean
 *   yield / `harvestIndex` × (1 − `harvestIndex`) × `nitrogenContentResidue`
 *   / 1000: taken off (a residue removal of mean yield / `harvestIndex` ×
 *   (1 − `harvestIndex`) kg DM/ha at `nitrogenContentResidue`, on the
 *   cultivation's last day in the timeframe, emitting no ammonia) when the
 *   cultivation's `residuesLeft` is `false`, else left on the field;
 * - fertilizer contents (`n`, `nNh4`, `nNo3`, `so3`, `ammoniaEmissionFactor`)
 *   from the farm's fertilizers; a product that is not mineral and gives no
 *   NH4-N of its own (the generic `rvo_<mestcode>` products) takes the NH4-N
 *   share of its mestcode from `NITROGEN_BALANCE_DEFAULTS.ammoniumShares` (the
 *   mean of NMI's srm products with that mestcode, e.g. 1.9 / 4.1 for
 *   runderdrijfmest, code 14); without one its emission is missing;
 * - soil type and grondwatertrap from the field's most recent soil analyses;
 * - from {@link NITROGEN_BALANCE_DEFAULTS} (NMI, fdm-calculator nitrogen
 *   balance figures (MIT)): mineralization by soil type and land use, the NH3
 *   factor of each application (method and land type on its day) and of each
 *   crop's residues, the nitrate leaching fraction and the surplus target;
 * - deposition from `options.depositionGeodata` when configured, else
 *   `options.deposition`, else the national average 2022 (19.3 kg N/ha per
 *   year), named in the field's `depositionSource`.
 *
 * What stays `null` is what is truly missing, and the balance lists it: a
 * field without a soil analysis giving its soil type (no mineralization,
 * leaching fraction or target), a sandy field without a grondwatertrap (no
 * leaching fraction), a fertilizer without the N contents its factor needs,
 * an application without a method. Days are UTC calendar days, both ends included.
 *
 * @param fdm - The fdm-core database handle.
 * @param principalId - Who asks; needs read access to the farm.
 * @param farmId - The farm.
 * @param timeframe - The period of the balance (first and last day, included).
 * @param options - Figures that replace the defaults; see {@link NitrogenBalanceCollectorOptions}.
 * @returns The input of {@link calculateNitrogenBalance}, fields ordered as fdm-core lists them (by name).
 * @throws {FdmPermissionError} From fdm-core, unchanged, when the principal may not read the farm.
 * @throws {FdmError} From fdm-core, unchanged, e.g. `NOT_FOUND` for an unknown farm.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a bad timeframe or options naming a field the
 *   farm does not hold; `MISSING_FIELD_DATA` when `surplusTargets` are given and a field's region is
 *   neither given nor found; `INCONSISTENT_DATA` when a cultivation's crop is not in the farm's
 *   enabled catalogues or an application uses a fertilizer the farm does not hold.
 * @throws {GeodataError} From the region or deposition lookup, when a dataset cannot be read.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, addField, createFdmAuth, createFdmLocal } from "fdm-core";
 * import { calculateNitrogenBalance, collectInputForNitrogenBalance } from "fdm-calculator";
 *
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await addField(fdm, me, farmId, {
 *   name: "Achter de schuur",
 *   geometry: {
 *     type: "Polygon",
 *     coordinates: [[[5.66, 51.98], [5.6615, 51.98], [5.6615, 51.981], [5.66, 51.981], [5.66, 51.98]]],
 *   },
 *   acquiringDate: new Date("2020-01-01"),
 *   acquiringMethod: "owner",
 * });
 * const input = await collectInputForNitrogenBalance(fdm, me, farmId, {
 *   start: new Date("2025-01-01"),
 *   end: new Date("2025-12-31"),
 * });
 * // No deposition dataset configured: the national average 2022.
 * assert.equal(input.fields[0]?.deposition, 19.3);
 * const balance = calculateNitrogenBalance(input);
 * // No soil analysis yet: the mineralization is missing.
 * assert.equal(balance.fields[0]?.supply.mineralization, null);
 * ```
 */
export async function collectInputForNitrogenBalance(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  timeframe: NitrogenBalanceTimeframe,
  options: NitrogenBalanceCollectorOptions = {},
): Promise<NitrogenBalanceInput> {
  const tf = dayTimeframe(timeframe, COLLECTOR);
  const farm = await readFarm(fdm, principalId, farmId, tf, true);
  return nitrogenInputFrom(farm, options);
}

/** The input of {@link calculateNitrogenBalance} from a farm already read with its harvests. */
export async function nitrogenInputFrom(
  farm: FarmRead,
  options: NitrogenBalanceCollectorOptions,
  collector = COLLECTOR,
): Promise<NitrogenBalanceInput> {
  const tf = farm.timeframe;
  const { fields, catalogue, fertilizers, applicationsOf, soilOf } = farm;
  const byField = farm.cultivationsOf;
  const harvestsOf = farm.harvestsOf ?? new Map<string, Harvest[]>();
  checkFieldKeys(options.fields, fields, collector);
  const ownFactors = options.emissionFactors !== undefined && options.emissionFactors !== null;
  const ownTargets = options.surplusTargets !== undefined && options.surplusTargets !== null;

  /**
   * The residues of a cultivation recorded as taken off (`residuesLeft: false`), on its last
   * day in the timeframe: residue dry matter = mean yield / HI × (1 − HI), at the catalogue's
   * residue N content, or at the content that gives `options.residueNitrogen` when set.
   */
  const residueRemoval = (
    c: Cultivation,
    meanYield: number | null,
    harvestIndex: number | null,
    content: number | null,
    given: number | null | undefined,
  ): NitrogenBalanceResidueRemoval => {
    const amount =
      meanYield === null || harvestIndex === null
        ? null
        : harvestIndex === 0
          ? 0
          : (meanYield / harvestIndex) * (1 - harvestIndex);
    const nContent =
      given === undefined
        ? content
        : given === null || amount === null
          ? null
          : amount === 0
            ? (content ?? 0)
            : (given * 1000) / amount;
    const end = c.endDate ? Math.min(dayOf(c.endDate), tf.endDay) : tf.endDay;
    return { id: `${c.id}:residues`, date: new Date(end), amount, nContent };
  };

  const collectCultivation = (c: Cultivation): NitrogenBalanceCultivation => {
    const crop = cropOf(catalogue, c);
    const catalogueYield = crop.yieldDryMatter;
    const harvests: Harvest[] = (harvestsOf.get(c.id) ?? []).filter((h) => {
      const day = dayOf(h.harvestDate);
      return day >= tf.startDay && day <= tf.endDay;
    });
    const yields = harvests.map((h) => h.analysis.dryMatterYield ?? catalogueYield);
    const meanYield =
      yields.length === 0
        ? catalogueYield
        : yields.some((y) => y === null)
          ? null
          : (yields as number[]).reduce((a, b) => a + b, 0) / yields.length;
    const residueContent = crop.nitrogenContentResidue;
    const givenResidue = options.residueNitrogen?.[c.catalogueItemId];
    const givenFixation = options.nitrogenFixation?.[c.catalogueItemId];
    const residueN =
      givenResidue !== undefined
        ? givenResidue
        : residueNitrogen(meanYield, crop.harvestIndex, residueContent);
    // NMI: residue N is removal when the residues are taken off, else it emits ammonia.
    const removed = c.residuesLeft === false;
    return {
      id: c.id,
      cultivationId: c.catalogueItemId,
      rotation: c.rotation,
      startDate: c.startDate,
      endDate: c.endDate,
      nitrogenFixation: givenFixation !== undefined ? givenFixation : crop.nitrogenFixation,
      nitrogenContentHarvest: crop.nitrogenContentHarvest,
      residueNitrogen: removed ? 0 : residueN,
      residueEmissionFactor:
        ownFactors || residueContent === null ? null : residueEmissionFactor(residueContent),
      ...(removed
        ? {
            residueRemovals: [
              residueRemoval(c, meanYield, crop.harvestIndex, residueContent, givenResidue),
            ],
          }
        : {}),
      harvests: harvests.map((h, i) => ({
        id: h.id,
        date: h.harvestDate,
        yield: yields[i] ?? null,
        nContent: h.analysis.nitrogenContent,
      })),
    };
  };

  const collected = await mapLimit(fields, 4, async (field): Promise<NitrogenBalanceFieldInput> => {
    const details = options.fields?.[field.id] ?? {};
    const soilType =
      details.soilType !== undefined || ownTargets
        ? await resolveRegion(field, details.soilType, options.regionGeodata, collector)
        : undefined;
    const soil = soilOf[field.id] ?? [];
    const soilValue = (parameter: string) => {
      const value = soil.find((s) => s.parameter === parameter)?.value;
      return typeof value === "string" ? value : null;
    };
    const groundwaterClass =
      details.groundwaterClass !== undefined ? details.groundwaterClass : soilValue("gwlClass");
    const agricultural =
      details.agriculturalSoilType !== undefined
        ? details.agriculturalSoilType
        : (soilValue("soilType") as NitrogenBalanceSoilType | null);
    const fieldCultivations = byField.get(field.id) ?? [];
    const spans: DefaultsCultivation[] = fieldCultivations.map((c) => ({
      cultivationId: c.catalogueItemId,
      rotation: c.rotation,
      start: dayOf(c.startDate),
      end: c.endDate ? dayOf(c.endDate) : null,
    }));
    const known = agricultural !== null && Object.hasOwn(D.mineralization, agricultural);

    let deposition: number | null;
    let depositionSource: string;
    if (details.deposition !== undefined) {
      deposition = details.deposition;
      depositionSource = "given for the field";
    } else if (options.deposition !== undefined) {
      deposition = options.deposition;
      depositionSource = "given for the farm";
    } else {
      const read = options.depositionGeodata
        ? await getDeposition(field.geometry, { ...options.depositionGeodata, fieldId: field.id })
        : null;
      deposition = read ?? D.deposition.value;
      depositionSource =
        read !== null
          ? String(options.depositionGeodata?.name ?? options.depositionGeodata?.source)
          : `default: ${D.deposition.source}`;
    }

    const mineralization =
      details.mineralization !== undefined
        ? details.mineralization
        : options.mineralization !== undefined
          ? options.mineralization
          : known
            ? yearlyMineralization(agricultural, spans, tf.startDay, tf.endDay)
            : null;
    const grassland = spans.some((c) => c.rotation === "grassland");
    const target =
      details.surplusTarget !== undefined
        ? details.surplusTarget
        : known && !ownTargets
          ? surplusTarget(agricultural, grassland, groundwaterClass)
          : null;
    const leaching =
      details.nitrateLeachingFraction !== undefined
        ? details.nitrateLeachingFraction
        : known
          ? leachingFraction(agricultural, leachingLandType(spans), groundwaterClass)
          : null;

    return {
      id: field.id,
      area: field.areaHa,
      ...(soilType === undefined ? {} : { soilType }),
      groundwaterClass,
      deposition,
      depositionSource,
      mineralization,
      surplusTarget:
        target === null
          ? null
          : {
              value: target,
              source: details.surplusTarget !== undefined ? "given for the field" : TARGET_SOURCE,
            },
      nitrateLeachingFraction: leaching,
      cultivations: fieldCultivations.map(collectCultivation),
      applications: (applicationsOf.get(field.id) ?? []).map((a) => {
        const { fertilizer, typeRvo } = fertilizerOf(fertilizers, a.fertilizerId, field.id, a.id);
        const f = fertilizer;
        const contents = {
          isMineral: f.isMineral,
          typeRvo,
          n: f.n,
          nNh4: f.nNh4,
          nNo3: f.nNo3,
          so3: f.so3,
          ammoniaEmissionFactor: f.ammoniaEmissionFactor,
        };
        const landType = landTypeOn(spans, dayOf(a.applicationDate));
        const emissionFactor =
          ownFactors || a.method === null
            ? null
            : applicationEmissionFactor(contents, a.method, landType);
        const emissionFactorMissing =
          emissionFactor === null && !ownFactors && a.method !== null
            ? missingEmissionFigure(contents, f.catalogueItemId, a.method, landType)
            : null;
        return {
          id: a.id,
          date: a.applicationDate,
          amount: a.amountKgPerHa,
          method: a.method,
          emissionFactor,
          ...(emissionFactorMissing === null ? {} : { emissionFactorMissing }),
          fertilizer: {
            id: fertilizer.catalogueItemId,
            typeRvo,
            isMineral: fertilizer.isMineral,
            isManure: fertilizer.isManure,
            isCompost: fertilizer.isCompost,
            composition: { n: fertilizer.n },
          },
        };
      }),
    };
  });

  return {
    timeframe: { start: new Date(tf.startDay), end: new Date(tf.endDay) },
    fields: collected,
    emissionFactors: ownFactors
      ? (options.emissionFactors ?? null)
      : { source: NMI_SOURCE, fertilizers: [], cropResidue: null },
    surplusTargets: options.surplusTargets ?? null,
  };
}
