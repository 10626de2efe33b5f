import type { ApplicationMethods, FertilizerComposition, Mestcode, Rotation } from "fdm-data";
import type { NLRegion } from "../../norms/nl/calendar.js";

/**
 * The period a nitrogen balance covers, both days included (UTC calendar days).
 * Figures given per year (deposition, mineralization, surplus targets) are
 * scaled to its length: × days / 365.
 */
export interface NitrogenBalanceTimeframe {
  /** First day of the period. */
  start: Date;
  /** Last day of the period (included). */
  end: Date;
}

/**
 * How a fertilizer counts in the balance, from its catalogue flags: `mineral`
 * (`isMineral`), `manure` (`isManure`, animal manure), `compost` (`isCompost`)
 * or `other` (none of the flags).
 */
export type NitrogenBalanceFertilizerType = "mineral" | "manure" | "compost" | "other";

/**
 * The fertilizer of an application. A `CatalogueFertilizerItem` of fdm-data
 * fits this shape as it is.
 */
export interface NitrogenBalanceFertilizer {
  /** Identifier of the product (e.g. the catalogue id `rvo_14`). */
  id: string;
  /**
   * RVO mestcode (Table 11, Uitvoeringsregeling Meststoffenwet, of the
   * application's year). When the N content is `null` or 0, the forfaitaire
   * (standard) content of Table 11 is used. `null` or absent: only the
   * composition counts.
   */
  typeRvo?: Mestcode | null;
  /** A mineral (synthetic) fertilizer. */
  isMineral: boolean;
  /** Animal manure. */
  isManure: boolean;
  /** Compost. */
  isCompost: boolean;
  /** Contents in g/kg (= kg/ton) of product; only `n` (total nitrogen) is used. */
  composition: Pick<FertilizerComposition, "n"> & Partial<FertilizerComposition>;
}

/** A fertilizer application on a field. */
export interface NitrogenBalanceApplication {
  /** Identifier of the application; results and errors name it. */
  id: string;
  /** Day of application, within the timeframe. */
  date: Date;
  /** Amount of product, kg/ha (at least 0). */
  amount: number;
  /**
   * How it was spread. It selects the ammonia emission factor; `null` when
   * not recorded, which leaves the emission of this application unknown.
   */
  method: ApplicationMethods | null;
  /** The product applied. */
  fertilizer: NitrogenBalanceFertilizer;
  /**
   * The ammonia emission factor of this application, kg NH3-N per kg of total
   * N applied (0–1), e.g. from NMI's defaults as
   * {@link collectInputForNitrogenBalance} works it out. A number wins over
   * `emissionFactors`; `null` or absent: the factor of `emissionFactors` for
   * the fertilizer type and method.
   */
  emissionFactor?: number | null;
  /**
   * Why the caller has no `emissionFactor` for this application: the figure that is
   * missing and where to give it (as {@link collectInputForNitrogenBalance} says for a
   * product without its ammonium N). Given without an `emissionFactor`, the emission is
   * listed as missing with this reason, and `emissionFactors` is not consulted.
   */
  emissionFactorMissing?: string | null;
}

/** A harvest of a cultivation: the harvested product taken off the field. */
export interface NitrogenBalanceHarvest {
  /** Identifier of the harvest; results and errors name it. */
  id: string;
  /** Day of harvest, within the timeframe. */
  date: Date;
  /** Yield of the harvested product, kg dry matter/ha; `null` when not known. */
  yield: number | null;
  /**
   * N content of the harvested product, g N/kg dry matter (e.g. from a feed
   * analysis). `null`: the cultivation's `nitrogenContentHarvest` is used.
   */
  nContent: number | null;
}

/** Crop residues (straw, leaves, tops) taken off the field after a harvest. */
export interface NitrogenBalanceResidueRemoval {
  /** Identifier of the removal; results and errors name it. */
  id: string;
  /** Day the residues were taken off, within the timeframe. */
  date: Date;
  /** Amount taken off, kg dry matter/ha; `null` when not known. */
  amount: number | null;
  /** N content of the residues, g N/kg dry matter; `null` when not known. */
  nContent: number | null;
}

/** A cultivation on a field with the crop properties the balance needs. */
export interface NitrogenBalanceCultivation {
  /** Identifier of this cultivation on the field; results and errors name it. */
  id: string;
  /** Cultivation catalogue id, e.g. `nl_265`. */
  cultivationId: string;
  /** Rotation group of the crop (catalogue `rotation`); decides whether a missing fixation counts as missing. */
  rotation: Rotation;
  /** Sowing or planting day (may lie before the timeframe). */
  startDate: Date;
  /** The day the crop ended; `null` or absent while it stays. */
  endDate?: Date | null;
  /**
   * Biological nitrogen fixation of the crop, kg N/ha (catalogue
   * `nitrogenFixation`), counted once for a cultivation on the field in the
   * timeframe. `null` for a legume (`rotation: "legume"`) is listed as missing;
   * `null` for another crop counts as no fixation. Give a figure for grass with
   * clover yourself.
   */
  nitrogenFixation: number | null;
  /** N content of the harvested product, g N/kg dry matter (catalogue `nitrogenContentHarvest`); used for harvests without their own `nContent`. */
  nitrogenContentHarvest: number | null;
  /**
   * Nitrogen in the crop residues left on the field, kg N/ha; the base of the
   * ammonia emission from crop residues. `null` or absent: not known (listed as
   * missing). `0` for a crop that leaves none.
   */
  residueNitrogen?: number | null;
  /**
   * kg NH3-N emitted per kg N in this crop's residues left on the field, 0–1
   * (NMI: from the residue N content). A number wins over
   * `emissionFactors.cropResidue`; `null` or absent: that factor.
   */
  residueEmissionFactor?: number | null;
  /** The harvests of this cultivation in the timeframe. */
  harvests: NitrogenBalanceHarvest[];
  /** Crop residues taken off the field in the timeframe. */
  residueRemovals?: NitrogenBalanceResidueRemoval[];
}

/** One field of the balance, as plain data. */
export interface NitrogenBalanceFieldInput {
  /** Identifier of the field; every error message and missing item names it. */
  id: string;
  /** Area in ha (above 0); the weight of the field in the farm figures. */
  area: number;
  /**
   * Soil region (grondsoortenkaart of the Meststoffenwet); selects the target
   * of `surplusTargets`. Absent: only the field's own `surplusTarget` applies.
   */
  soilType?: NLRegion;
  /** Grondwatertrap (groundwater class, e.g. `"VI"`), when known; selects the target of `surplusTargets`. */
  groundwaterClass?: string | null;
  /**
   * Atmospheric nitrogen deposition on the field, kg N/ha per year, from the
   * caller's dataset (e.g. RIVM's GCN deposition map). `null`: not known.
   */
  deposition: number | null;
  /** Where `deposition` comes from, echoed in the result (e.g. the national average used as default). */
  depositionSource?: string | null;
  /**
   * The field's own surplus target, kg N/ha per year, with its source (e.g.
   * NMI's target for its land use, soil and groundwater). It wins over
   * `surplusTargets`; `null` or absent: the matching row of `surplusTargets`.
   */
  surplusTarget?: { value: number; source: string } | null;
  /**
   * Fraction of a positive balance (surplus) that leaches as nitrate-N, 0–1
   * (NMI: by soil, land type and grondwatertrap). `null` or absent: the
   * nitrate leaching is not known (listed as missing; the field can still be complete).
   */
  nitrateLeachingFraction?: number | null;
  /**
   * Nitrogen mineralized from soil organic matter, kg N/ha per year, e.g. the
   * N-leverend vermogen (NLV, nitrogen-supplying capacity) of the field's soil
   * analysis. `null`: not known.
   */
  mineralization: number | null;
  /** The cultivations on the field in (or overlapping) the timeframe. */
  cultivations: NitrogenBalanceCultivation[];
  /** The fertilizer applications on the field in the timeframe. */
  applications: NitrogenBalanceApplication[];
}

/**
 * One ammonia emission factor: the fraction of the total N applied with a
 * fertilizer type by a method that is lost as NH3-N (kg NH3-N per kg N, 0–1).
 */
export interface NitrogenBalanceFertilizerEmissionFactor {
  /** The fertilizer type it applies to. */
  type: NitrogenBalanceFertilizerType;
  /** The application method it applies to. */
  method: ApplicationMethods;
  /** kg NH3-N emitted per kg N applied, 0–1. */
  factor: number;
}

/**
 * Ammonia emission factors per fertilizer type and method, and the source
 * they come from, for applications without an `emissionFactor` of their own.
 * {@link collectInputForNitrogenBalance} gives each application NMI's factor
 * (see {@link NITROGEN_BALANCE_DEFAULTS}); pass a table to use your own
 * source instead, as a fraction of total N.
 */
export interface NitrogenBalanceEmissionFactors {
  /** Name of the source, echoed in the result. */
  source: string;
  /** Factors per fertilizer type and application method. */
  fertilizers: NitrogenBalanceFertilizerEmissionFactor[];
  /** kg NH3-N emitted per kg N in crop residues left on the field, 0–1; `null` or absent: not known. */
  cropResidue?: number | null;
}

/**
 * A target for the nitrogen surplus (balance) of a soil type, optionally for
 * one groundwater class, in kg N/ha per year, from the caller's source.
 */
export interface NitrogenBalanceSurplusTarget {
  /** The soil region it applies to. */
  soilType: NLRegion;
  /** The grondwatertrap it applies to; `null` for every class of the soil type. */
  groundwaterClass: string | null;
  /** The highest surplus within target, kg N/ha per year. */
  target: number;
  /** Name of the source, echoed in the result. */
  source: string;
}

/**
 * Everything {@link calculateNitrogenBalance} needs, as plain data.
 *
 * @example
 * ```ts
 * import type { NitrogenBalanceInput } from "fdm-calculator";
 *
 * const input: NitrogenBalanceInput = {
 *   timeframe: { start: new Date("2025-01-01"), end: new Date("2025-12-31") },
 *   fields: [
 *     { id: "f1", area: 3, soilType: "veen", deposition: 22, mineralization: 120, cultivations: [], applications: [] },
 *   ],
 * };
 * console.log(input.fields.length);
 * ```
 */
export interface NitrogenBalanceInput {
  /** The period of the balance. */
  timeframe: NitrogenBalanceTimeframe;
  /** The fields of the farm. */
  fields: NitrogenBalanceFieldInput[];
  /** Ammonia emission factors; without them every emission is listed as missing. */
  emissionFactors?: NitrogenBalanceEmissionFactors | null;
  /** Surplus targets; a field whose soil type has none gets no target. */
  surplusTargets?: NitrogenBalanceSurplusTarget[] | null;
}

/** Kilograms of N per ha from each fertilizer type; `null` where any part is unknown. */
export interface NitrogenBalanceByFertilizerType {
  /** Sum of the four types. */
  total: number | null;
  /** From mineral fertilizers. */
  mineral: number | null;
  /** From animal manure. */
  manure: number | null;
  /** From compost. */
  compost: number | null;
  /** From other fertilizers. */
  other: number | null;
}

/**
 * The components of a nitrogen balance in kg N/ha over the timeframe. A
 * `null` means at least one input of that component is missing (see
 * `missing`); it is never replaced by 0.
 */
export interface NitrogenBalanceComponents {
  /** Nitrogen entering the field. */
  supply: {
    /** Sum of the supply components. */
    total: number | null;
    /** From fertilizer applications, by type. */
    fertilizers: NitrogenBalanceByFertilizerType;
    /** Biological fixation by legumes. */
    fixation: number | null;
    /** Atmospheric deposition. */
    deposition: number | null;
    /** Mineralization of soil organic matter. */
    mineralization: number | null;
  };
  /** Nitrogen taken off the field. */
  removal: {
    /** Sum of the removal components. */
    total: number | null;
    /** In harvested products. */
    harvests: number | null;
    /** In crop residues taken off. */
    residues: number | null;
  };
  /** Nitrogen lost to the air as ammonia (NH3-N). */
  emission: {
    /** Sum of the emission components. */
    total: number | null;
    /** From fertilizer applications, by type. */
    fertilizers: NitrogenBalanceByFertilizerType;
    /** From crop residues left on the field. */
    residues: number | null;
  };
  /** Supply − removal − emission: the surplus (a deficit when below 0). */
  balance: number | null;
  /**
   * Nitrate-N leached: balance × the field's `nitrateLeachingFraction` when the
   * balance is above 0, else 0. It is part of the surplus, not subtracted from
   * it. `null` when the balance or the fraction is unknown.
   */
  nitrateLeaching: number | null;
}

/** What a missing input concerns. */
export type NitrogenBalanceMissingItem =
  | "deposition"
  | "mineralization"
  | "fertilizerNContent"
  | "applicationMethod"
  | "fertilizerEmissionFactor"
  | "nitrogenFixation"
  | "harvestYield"
  | "harvestNContent"
  | "residueRemovalAmount"
  | "residueRemovalNContent"
  | "residueNitrogen"
  | "residueEmissionFactor"
  | "surplusTarget"
  | "nitrateLeachingFraction";

/** One input the balance lacks. */
export interface NitrogenBalanceMissing {
  /** The field it belongs to. */
  fieldId: string;
  /** What is missing. */
  item: NitrogenBalanceMissingItem;
  /** The application, cultivation, harvest or removal concerned; `null` for the field itself. */
  ref: string | null;
  /** Why it is needed and what to supply, in plain words. */
  reason: string;
}

/** Supply and emission of one application. */
export interface NitrogenBalanceApplicationResult {
  /** The application's id. */
  applicationId: string;
  /** The fertilizer's id. */
  fertilizerId: string;
  /** The fertilizer type it counts under. */
  type: NitrogenBalanceFertilizerType;
  /** The application method, or `null` when not recorded. */
  method: ApplicationMethods | null;
  /** N content used, g N/kg product; `null` when unknown. */
  nContent: number | null;
  /** Where the N content came from: the composition or Table 11; `null` when unknown (listed as missing). */
  nContentSource: "measured" | "forfaitair" | null;
  /** N supplied, kg N/ha (amount × N content / 1000). */
  supply: number | null;
  /** The emission factor used (kg NH3-N per kg N). */
  emissionFactor: number | null;
  /** NH3-N emitted, kg N/ha (supply × factor). */
  emission: number | null;
}

/** Fixation and residue emission of one cultivation. */
export interface NitrogenBalanceCultivationResult {
  /** The cultivation's id on the field. */
  id: string;
  /** Its catalogue id. */
  cultivationId: string;
  /** Fixation counted, kg N/ha. */
  fixation: number | null;
  /** NH3-N emitted from its residues left on the field, kg N/ha. */
  residueEmission: number | null;
}

/** N taken off by one harvest or one residue removal. */
export interface NitrogenBalanceRemovalResult {
  /** The harvest's or removal's id. */
  id: string;
  /** The cultivation it belongs to. */
  cultivationId: string;
  /** Dry matter taken off, kg DM/ha. */
  amount: number | null;
  /** N content used, g N/kg DM. */
  nContent: number | null;
  /** N removed, kg N/ha (amount × N content / 1000). */
  removal: number | null;
}

/** The balance of one field: its components, the details behind them, the target and what is missing. */
export interface NitrogenBalanceField extends NitrogenBalanceComponents {
  /** The field's id. */
  fieldId: string;
  /** Its area, ha. */
  area: number;
  /** Per application. */
  applications: NitrogenBalanceApplicationResult[];
  /** Per cultivation. */
  cultivations: NitrogenBalanceCultivationResult[];
  /** Per harvest. */
  harvests: NitrogenBalanceRemovalResult[];
  /** Per residue removal. */
  residueRemovals: NitrogenBalanceRemovalResult[];
  /**
   * The surplus target for the timeframe (yearly target × days / 365), kg N/ha,
   * with its source; `null` when no target matches the field.
   */
  target: { value: number; source: string } | null;
  /** Where the deposition figure comes from; `null` when the input named no source. */
  depositionSource: string | null;
  /** The leaching fraction used for `nitrateLeaching`, or `null` when not known. */
  nitrateLeachingFraction: number | null;
  /** The balance is above the target; `null` when the balance or the target is unknown. */
  overTarget: boolean | null;
  /** Every component is known (a missing target or leaching fraction alone does not make it incomplete). */
  complete: boolean;
  /** What the field lacks. */
  missing: NitrogenBalanceMissing[];
}

/**
 * The balance of the farm: area-weighted components, every field, and what is missing.
 *
 * @example
 * ```ts
 * import { calculateNitrogenBalance } from "fdm-calculator";
 *
 * const result = calculateNitrogenBalance({
 *   timeframe: { start: new Date("2025-01-01"), end: new Date("2025-12-31") },
 *   fields: [],
 * });
 * if (!result.complete) console.log(result.missing.map((m) => `${m.fieldId}: ${m.reason}`));
 * ```
 */
export interface NitrogenBalance extends NitrogenBalanceComponents {
  /** The timeframe of the balance. */
  timeframe: NitrogenBalanceTimeframe;
  /** Total area of the fields, ha. */
  area: number;
  /** Number of days in the timeframe. */
  days: number;
  /** Source of the emission factors used, or `null` when none were given. */
  emissionFactorSource: string | null;
  /** The balance of each field, in input order. */
  fields: NitrogenBalanceField[];
  /** Every field is complete. */
  complete: boolean;
  /** Everything missing, over all fields. */
  missing: NitrogenBalanceMissing[];
}
