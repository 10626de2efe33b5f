/**
 * The figures of the soil organic-matter balance, each with its unit and
 * source: the degradation of the soil's own organic matter (NMI's method, as
 * described in `reference/nmi-organic-matter-balance/` of this repository),
 * the temperature it is corrected to, the estimation of bulk density where no
 * measurement exists (`reference/nmi-nitrogen-balance/soil-parameter-estimation.csv`)
 * and the bounds of the inputs. NMI's figures: Copyright 2024 Nutriënten
 * Management Instituut (MIT; the licence notice ships in this package's `NOTICE`).
 * `defaults.test.ts` compares them with the reference files.
 */
import type { Rotation } from "fdm-data";

/**
 * Agricultural soil type, as fdm-core's soil analyses record it
 * (`soilTypesOptions`); it selects the bulk-density estimation.
 */
export type OrganicMatterBalanceSoilType =
  | "zeeklei"
  | "rivierklei"
  | "moerige_klei"
  | "veen"
  | "dalgrond"
  | "dekzand"
  | "duinzand"
  | "loess";

/** A figure with its unit and where it comes from. */
export interface OrganicMatterBalanceFigure {
  /** The value. */
  readonly value: number;
  /** Its unit. */
  readonly unit: string;
  /** Where it comes from, or why it is what it is. */
  readonly source: string;
}

/** A range an input must lie in, with the reasoning behind it. */
export interface OrganicMatterBalanceBound {
  /** The smallest value accepted. */
  readonly min: number;
  /** The largest value accepted. */
  readonly max: number;
  /** Whether `min` itself is refused (a value must lie above it). */
  readonly minExcluded: boolean;
  /** The unit. */
  readonly unit: string;
  /** Why this is the range. */
  readonly reason: string;
}

/** The shape of {@link ORGANIC_MATTER_BALANCE_DEFAULTS}. */
export interface OrganicMatterBalanceDefaults {
  /** The source of NMI's figures, as the result names it. */
  readonly source: string;
  /**
   * The yearly mean air temperature the degradation is corrected to, when the
   * input gives none: 10.6 °C, the 1991–2020 climate normal of De Bilt.
   */
  readonly temperature: OrganicMatterBalanceFigure;
  /**
   * Temperature correction `f_T = base ^ ((T − reference) / divisor)`: the
   * degradation rate doubles for every 10 °C (a Q10 of 2) around 13 °C.
   */
  readonly temperatureCorrection: {
    readonly base: number;
    readonly reference: number;
    readonly divisor: number;
    readonly source: string;
  };
  /**
   * The fraction of the soil's organic matter that decomposes in a year at
   * 13 °C: `intercept − slope × ln(SOM %)`, at least 0. It falls as the
   * content rises (older, more stable matter), and reaches 0 at about 72 %.
   */
  readonly decompositionRate: {
    readonly intercept: number;
    readonly slope: number;
    readonly unit: string;
    readonly source: string;
  };
  /**
   * The depth of the layer whose organic matter degrades, cm: grassland 10,
   * arable land (and a field without a crop) 30.
   */
  readonly activeLayer: {
    readonly grassland: number;
    readonly arable: number;
    readonly unit: string;
    readonly source: string;
  };
  /** The rotation groups (fdm-data `Rotation`) whose days count as grassland for the active layer. */
  readonly grasslandRotations: readonly Rotation[];
  /** The highest yearly degradation counted, kg OM/ha per year (NMI's cap; the yearly figure is also floored at 0). */
  readonly maximumYearlyDegradation: OrganicMatterBalanceFigure;
  /**
   * Bulk density estimated from the organic-matter content where no
   * measurement exists, g/cm³ (= kg/dm³; × 1000 for kg/m³):
   * - sandy soils and loess (`soilTypes`): `1 / (somCoefficient × SOM + intercept)`;
   * - other soils: `c4 × SOM⁴ + c3 × SOM³ + c2 × SOM² + c1 × SOM + c0`, used
   *   up to `maximumOrganicMatter` % (where the polynomial has its minimum and
   *   turns upward); above it no estimate is made;
   * - the estimate is limited to `min`–`max`.
   */
  readonly bulkDensityEstimation: {
    readonly sand: {
      readonly soilTypes: readonly OrganicMatterBalanceSoilType[];
      readonly somCoefficient: number;
      readonly intercept: number;
    };
    readonly other: {
      readonly coefficients: readonly [number, number, number, number, number];
      readonly maximumOrganicMatter: number;
    };
    readonly min: number;
    readonly max: number;
    readonly unit: string;
    readonly source: string;
  };
  /** The ranges of the inputs; a value outside is refused with `INVALID_INPUT`. */
  readonly bounds: {
    readonly organicMatter: OrganicMatterBalanceBound;
    readonly bulkDensity: OrganicMatterBalanceBound;
    readonly productEffectiveOrganicMatter: OrganicMatterBalanceBound;
    readonly cropEffectiveOrganicMatter: OrganicMatterBalanceBound;
    readonly temperature: OrganicMatterBalanceBound;
    readonly timeframeDays: OrganicMatterBalanceBound;
  };
}

const NMI = "NMI, fdm-calculator organic-matter balance (MIT)";

/**
 * The figures of {@link calculateOrganicMatterBalance}, each with its unit and
 * source. Frozen: read them, do not change them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ORGANIC_MATTER_BALANCE_DEFAULTS } from "fdm-calculator";
 *
 * const d = ORGANIC_MATTER_BALANCE_DEFAULTS;
 * assert.equal(d.temperature.value, 10.6); // °C, De Bilt 1991–2020
 * assert.deepEqual([d.activeLayer.grassland, d.activeLayer.arable], [10, 30]); // cm
 * ```
 */
export const ORGANIC_MATTER_BALANCE_DEFAULTS: OrganicMatterBalanceDefaults = deepFreeze({
  source: NMI,
  temperature: {
    value: 10.6,
    unit: "°C",
    source:
      "yearly mean air temperature at De Bilt, KNMI's main station, over the climate normal period 1991–2020, as Weeronline reported it in December 2020 (Nederlands Dagblad) and again in December 2023. NMI's code uses 9.3 °C, the normal of 1951–1980 in the same report; NMI's docs page says 11.7 °C, the mean of De Bilt's warmest years (2014, 2020, 2023)",
  },
  temperatureCorrection: {
    base: 2,
    reference: 13,
    divisor: 10,
    source: `${NMI}: a rate that doubles per 10 °C (Q10 = 2) around 13 °C; NMI's docs name models developed for Flanders, no further source`,
  },
  decompositionRate: {
    intercept: 0.038228,
    slope: 0.008934,
    unit: "fraction of the soil's organic matter per year at 13 °C",
    source: `${NMI}; NMI's docs name models developed for Flanders, no further source`,
  },
  activeLayer: {
    grassland: 10,
    arable: 30,
    unit: "cm",
    source: `${NMI}. The depths are the layers a Dutch soil sample stands for: grassland is sampled 0–10 cm, arable land over its plough layer (RVO's sampling rules for the fosfaatgebruiksnorm; Ehlert 2009, WOt-werkdocument 150)`,
  },
  grasslandRotations: ["grassland"],
  maximumYearlyDegradation: {
    value: 3500,
    unit: "kg OM/ha per year",
    source: `${NMI}: the cap of its code, no source named`,
  },
  bulkDensityEstimation: {
    sand: {
      soilTypes: ["dekzand", "dalgrond", "duinzand", "loess"],
      somCoefficient: 0.02525,
      intercept: 0.6541,
    },
    other: {
      coefficients: [1.33932206, -0.06039523, 0.00314712, -0.00007792, 0.00000067],
      maximumOrganicMatter: 48,
    },
    min: 0.5,
    max: 3,
    unit: "g/cm³",
    source:
      "NMI, fdm-calculator soil parameter estimation (MIT), reference/nmi-nitrogen-balance/soil-parameter-estimation.csv; the two relations are CBAV (2019), Handboek Bodem en Bemesting, 'Volumegewicht grond' (as NMI's OBIC and BLN packages cite them)",
  },
  bounds: {
    organicMatter: {
      min: 0,
      max: 100,
      minExcluded: false,
      unit: "%",
      reason:
        "a mass percentage of dry soil (loss on ignition), as fdm-core's soil analyses bound it",
    },
    bulkDensity: {
      min: 0,
      max: 2.65,
      minExcluded: true,
      unit: "g/cm³",
      reason:
        "a dry soil with pores is lighter than its mineral grains, and quartz, the densest common one, weighs 2.65 g/cm³",
    },
    productEffectiveOrganicMatter: {
      min: 0,
      max: 1000,
      minExcluded: false,
      unit: "g EOM/kg product",
      reason: "a kilogram holds at most 1,000 g of any constituent (a mass fraction of 1)",
    },
    cropEffectiveOrganicMatter: {
      min: 0,
      max: 100_000,
      minExcluded: false,
      unit: "kg EOM/ha",
      reason:
        "100 t/ha, above the highest yearly dry matter of any crop (the bound harvestYield); the catalogue's largest crop figure is 5,700 kg EOM/ha",
    },
    temperature: {
      min: -10,
      max: 30,
      minExcluded: false,
      unit: "°C",
      reason:
        "a yearly mean air temperature of farmland on earth; the Netherlands lie between about 9 and 12 °C",
    },
    timeframeDays: {
      min: 1,
      max: 3660,
      minExcluded: false,
      unit: "days",
      reason:
        "ten years: the balance holds the soil's organic-matter content fixed, which over a longer period no longer holds",
    },
  },
});

/** Freezes an object and everything in it. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
