import type { Rotation } from "fdm-data";
import type { OrganicMatterBalanceSoilType } from "./defaults.js";

/**
 * The period an organic-matter balance covers, both days included (UTC
 * calendar days), at most ten years. Yearly figures (degradation, the EOM of
 * a crop) are scaled to it: × the days they apply within it / 365.
 */
export interface OrganicMatterBalanceTimeframe {
  /** First day of the period. */
  start: Date;
  /** Last day of the period (included). */
  end: Date;
}

/**
 * How a product counts in the supply, from its catalogue flags: `manure`
 * (`isManure`), `compost` (`isCompost`) or `other` (anything else, mineral
 * fertilizers included).
 */
export type OrganicMatterBalanceProductType = "manure" | "compost" | "other";

/**
 * The product of an application. A fertilizer of fdm-core or a
 * `CatalogueFertilizerItem` of fdm-data has these properties.
 */
export interface OrganicMatterBalanceFertilizer {
  /** Identifier of the product (e.g. the catalogue id `srm_9d855a14df2045c2`). */
  id: string;
  /** A mineral fertilizer: without an `effectiveOrganicMatter` figure it counts as 0 (it holds no organic matter). */
  isMineral: boolean;
  /** Animal manure. */
  isManure: boolean;
  /** Compost. */
  isCompost: boolean;
  /**
   * Effective organic matter: what is left of the product's organic matter a
   * year after it is applied, g EOM per kg product (catalogue
   * `effectiveOrganicMatter`, NMI `p_eom`). `null` for a product that is not
   * mineral: listed as missing.
   */
  effectiveOrganicMatter: number | null;
}

/** A fertilizer application on a field. */
export interface OrganicMatterBalanceApplication {
  /** Identifier of the application; results and errors name it. */
  id: string;
  /** Day of application, within the timeframe. */
  date: Date;
  /** Amount of product, kg/ha (at least 0). */
  amount: number;
  /** The product applied. */
  fertilizer: OrganicMatterBalanceFertilizer;
}

/** A cultivation on a field with the crop figures the balance needs. */
export interface OrganicMatterBalanceCultivation {
  /** Identifier of this cultivation on the field; results and errors name it. */
  id: string;
  /** Cultivation catalogue id, e.g. `nl_265`. */
  cultivationId: string;
  /** Rotation group of the crop (catalogue `rotation`); `grassland` days have the shallow active layer. */
  rotation: Rotation;
  /** Sowing or planting day (may lie before the timeframe). */
  startDate: Date;
  /** The day the crop ended; `null` or absent while it stands. */
  endDate?: Date | null;
  /**
   * Effective organic matter the crop itself leaves (roots, stubble), kg
   * EOM/ha per year of growth (catalogue `effectiveOrganicMatter`, NMI
   * `b_lu_eom`), counted × the days the crop stood within the timeframe / 365.
   * `null`: listed as missing.
   */
  effectiveOrganicMatter: number | null;
  /**
   * Effective organic matter of the crop residues (straw, leaves, tops) when
   * they stay on the field, kg EOM/ha per harvest (not per year), counted once
   * when the crop ends within the timeframe (catalogue `effectiveOrganicMatterResidue`, NMI
   * `b_lu_eom_residue`). `null` for a crop that ends with its residues left:
   * listed as missing.
   */
  effectiveOrganicMatterResidue: number | null;
  /**
   * Whether the residues stay on the field: `false` when they are taken off
   * (straw baled). `null` or absent: they stay (NMI's default).
   */
  residuesLeft?: boolean | null;
}

/** The soil of a field: its most recent soil analysis. */
export interface OrganicMatterBalanceSoil {
  /** Organic matter, % of dry soil by loss on ignition; `null`: not known (the degradation is then missing). */
  organicMatter: number | null;
  /**
   * Dry bulk density of the soil, g/cm³. `null`: estimated from the organic
   * matter and `soilType` (see {@link ORGANIC_MATTER_BALANCE_DEFAULTS}), or
   * missing when neither allows it.
   */
  bulkDensity: number | null;
  /** Agricultural soil type; selects the bulk-density estimation. `null` or absent: not known. */
  soilType?: OrganicMatterBalanceSoilType | null;
}

/** One field of the balance, as plain data. */
export interface OrganicMatterBalanceFieldInput {
  /** Identifier of the field; every error message and missing item names it. */
  id: string;
  /** Area in ha (above 0); the weight of the field in the farm figures. */
  area: number;
  /** The field's soil. */
  soil: OrganicMatterBalanceSoil;
  /** The cultivations on the field in (or overlapping) the timeframe. */
  cultivations: OrganicMatterBalanceCultivation[];
  /** The fertilizer applications on the field in the timeframe. */
  applications: OrganicMatterBalanceApplication[];
  /**
   * The days the farm held the field: its acquiring date (`start`) and its discarding
   * date (`end`, `null` while it holds it). Crops and the soil's degradation count only
   * the days of the timeframe within this span, so a field acquired on 1 July counts
   * half a year of degradation, not a year of it. Absent or `null`: the whole timeframe.
   * The collector fills it from fdm-core's `acquiringDate` and `discardingDate`.
   */
  held?: { start: Date; end?: Date | null } | null;
}

/**
 * Everything {@link calculateOrganicMatterBalance} needs, as plain data.
 *
 * @example
 * ```ts
 * import type { OrganicMatterBalanceInput } from "fdm-calculator";
 *
 * const input: OrganicMatterBalanceInput = {
 *   timeframe: { start: new Date("2025-01-01"), end: new Date("2025-12-31") },
 *   fields: [
 *     { id: "f1", area: 2, soil: { organicMatter: 3.5, bulkDensity: 1.3 }, cultivations: [], applications: [] },
 *   ],
 * };
 * console.log(input.fields.length);
 * ```
 */
export interface OrganicMatterBalanceInput {
  /** The period of the balance. */
  timeframe: OrganicMatterBalanceTimeframe;
  /** The fields of the farm. */
  fields: OrganicMatterBalanceFieldInput[];
  /**
   * The yearly mean air temperature the degradation is corrected to, °C, with
   * its source. `null` or absent: 10.6 °C, De Bilt 1991–2020 (see
   * {@link ORGANIC_MATTER_BALANCE_DEFAULTS}).
   */
  temperature?: { value: number; source: string } | null;
}

/** Kilograms of EOM per ha from each product type; `null` where any part is unknown. */
export interface OrganicMatterBalanceByProductType {
  /** Sum of the three types. */
  total: number | null;
  /** From animal manure. */
  manure: number | null;
  /** From compost. */
  compost: number | null;
  /** From other products (mineral fertilizers included). */
  other: number | null;
}

/**
 * The components of an organic-matter balance, kg/ha over the timeframe. A
 * `null` means at least one input of that component is missing (see
 * `missing`); it is never replaced by 0.
 */
export interface OrganicMatterBalanceComponents {
  /** Effective organic matter entering the soil, kg EOM/ha. */
  supply: {
    /** Sum of the supply components. */
    total: number | null;
    /** From fertilizer applications, by product type. */
    products: OrganicMatterBalanceByProductType;
    /** Left by the crops themselves (roots, stubble), for the days they stood in the timeframe. */
    crops: number | null;
    /** From crop residues left on the field by crops that ended in the timeframe. */
    residues: number | null;
  };
  /** The soil's own organic matter that decomposes in the timeframe, kg OM/ha. */
  degradation: number | null;
  /** Supply − degradation, kg OM/ha: above 0 builds soil organic matter, below 0 depletes it. */
  balance: number | null;
}

/** What a missing input concerns. */
export type OrganicMatterBalanceMissingItem =
  | "organicMatter"
  | "bulkDensity"
  | "productEffectiveOrganicMatter"
  | "cropEffectiveOrganicMatter"
  | "residueEffectiveOrganicMatter";

/** One input the balance lacks. */
export interface OrganicMatterBalanceMissing {
  /** The field it belongs to. */
  fieldId: string;
  /** What is missing. */
  item: OrganicMatterBalanceMissingItem;
  /** The application or cultivation concerned; `null` for the field itself. */
  ref: string | null;
  /** Why it is needed and what to supply, in plain words. */
  reason: string;
}

/** A figure the balance estimated instead of reading it, and how. */
export interface OrganicMatterBalanceEstimate {
  /** The field it belongs to. */
  fieldId: string;
  /** What was estimated. */
  item: "bulkDensity";
  /** The estimate, in the unit of the item (g/cm³). */
  value: number;
  /** How it was estimated and from what source. */
  reason: string;
}

/** The EOM one application brought. */
export interface OrganicMatterBalanceApplicationResult {
  /** The application's id. */
  applicationId: string;
  /** The product's id. */
  fertilizerId: string;
  /** The product type it counts under. */
  type: OrganicMatterBalanceProductType;
  /** The EOM content used, g EOM/kg product; `null` when unknown. */
  effectiveOrganicMatter: number | null;
  /** EOM supplied, kg EOM/ha (amount × content / 1000). */
  supply: number | null;
}

/** The EOM one cultivation brought. */
export interface OrganicMatterBalanceCultivationResult {
  /** The cultivation's id on the field. */
  id: string;
  /** Its catalogue id. */
  cultivationId: string;
  /** Days it stood on the field within the timeframe. */
  days: number;
  /**
   * The part of its yearly EOM figure counted: the days it stood within the
   * timeframe / 365, so crops that follow each other in a year share one
   * year's figure.
   */
  share: number;
  /** EOM of the crop itself, kg EOM/ha (figure × share). */
  crop: number | null;
  /** Whether its residues stay on the field (`null` in the input counts as `true`). */
  residuesLeft: boolean;
  /** EOM of its residues, kg EOM/ha: the figure when it ended in the timeframe with residues left, else 0. */
  residues: number | null;
}

/** The degradation of one field's soil organic matter and the figures behind it. */
export interface OrganicMatterBalanceDegradation {
  /** Organic matter of the soil, %; `null` when not known. */
  organicMatter: number | null;
  /** Bulk density used, g/cm³; `null` when neither measured nor estimable. */
  bulkDensity: number | null;
  /** Whether the bulk density was measured or estimated; `null` when there is none. */
  bulkDensitySource: "measured" | "estimated" | null;
  /** The soil type given, or `null`. */
  soilType: OrganicMatterBalanceSoilType | null;
  /** Days of the timeframe the farm held the field with a grassland crop on it (active layer 10 cm). */
  grasslandDays: number;
  /** The other days of the timeframe on which the farm held the field (active layer 30 cm); days it did not hold it count in neither. */
  arableDays: number;
  /** The temperature correction used, `2^((T − 13) / 10)`. */
  temperatureFactor: number;
  /** Yearly degradation under grassland, kg OM/ha per year (10 cm layer); `null` when unknown. */
  yearlyGrassland: number | null;
  /** Yearly degradation under arable land, kg OM/ha per year (30 cm layer); `null` when unknown. */
  yearlyArable: number | null;
  /** A yearly figure reached NMI's cap of 3,500 kg OM/ha per year and was limited to it. */
  capped: boolean;
}

/** The balance of one field: its components, the details behind them and what is missing. */
export interface OrganicMatterBalanceField extends OrganicMatterBalanceComponents {
  /** The field's id. */
  fieldId: string;
  /** Its area, ha. */
  area: number;
  /** Per application. */
  applications: OrganicMatterBalanceApplicationResult[];
  /** Per cultivation. */
  cultivations: OrganicMatterBalanceCultivationResult[];
  /** How the degradation came about. */
  soil: OrganicMatterBalanceDegradation;
  /** Every component is known. */
  complete: boolean;
  /** What the field lacks. */
  missing: OrganicMatterBalanceMissing[];
  /** What was estimated for the field (a bulk density that was not measured). */
  estimated: OrganicMatterBalanceEstimate[];
}

/**
 * The organic-matter balance of the farm: area-weighted components, every
 * field, and what is missing or estimated.
 *
 * @example
 * ```ts
 * import { calculateOrganicMatterBalance } from "fdm-calculator";
 *
 * const result = calculateOrganicMatterBalance({
 *   timeframe: { start: new Date("2025-01-01"), end: new Date("2025-12-31") },
 *   fields: [],
 * });
 * if (!result.complete) console.log(result.missing.map((m) => `${m.fieldId}: ${m.reason}`));
 * ```
 */
export interface OrganicMatterBalance extends OrganicMatterBalanceComponents {
  /** The timeframe of the balance. */
  timeframe: OrganicMatterBalanceTimeframe;
  /** Number of days in the timeframe. */
  days: number;
  /** Total area of the fields, ha. */
  area: number;
  /** The temperature the degradation is corrected to, °C, with its source. */
  temperature: { value: number; source: string };
  /** The balance of each field, in input order. */
  fields: OrganicMatterBalanceField[];
  /** Every field is complete. */
  complete: boolean;
  /** Everything missing, over all fields. */
  missing: OrganicMatterBalanceMissing[];
  /** Everything estimated, over all fields. */
  estimated: OrganicMatterBalanceEstimate[];
}
