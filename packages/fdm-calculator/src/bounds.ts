// One table of physical bounds for every amount and measurement fdm-calculator accepts, so that
// the 2025 and 2026 norms, the dose, the balance and the advice client refuse the same absurd
// figures with the same words. A bound is generous: it must never refuse a real figure, only one
// that no field, fertilizer or lab can produce (1e308 kg/ha, a P-CaCl2 of 1e9).

import { deepFreeze } from "fdm-data";
import { FdmCalculatorError } from "./errors.js";

/** A physical range for one kind of input figure, with the reasoning behind it. */
export interface PhysicalBound {
  /** The smallest value accepted. */
  readonly min: number;
  /** The largest value accepted. */
  readonly max: number;
  /** The unit of the figure. */
  readonly unit: string;
  /** Why this is the bound: its source or the reasoning. */
  readonly reason: string;
}

/** Why a content in g/kg is at most 1,000. */
const MASS_FRACTION = "a kilogram holds at most 1,000 g of any constituent (a mass fraction of 1)";

/**
 * The physical bounds fdm-calculator applies to its inputs (and to the numbers a
 * nutrient-advice service answers), by name. Each gives `min`, `max`, `unit` and
 * the `reason` for the figure; an input outside its bound is refused with an
 * {@link OutOfBoundsError} naming the input and the bound. The table is frozen:
 * an assignment to it fails (a `TypeError` in strict mode) and changes no bound.
 *
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { PHYSICAL_BOUNDS } from "fdm-calculator";
 *
 * assert.equal(PHYSICAL_BOUNDS.applicationAmount.max, 200_000);
 * assert.equal(PHYSICAL_BOUNDS.applicationAmount.unit, "kg/ha");
 * ```
 */
export const PHYSICAL_BOUNDS = deepFreeze({
  fieldArea: {
    min: 0,
    max: 10_000,
    unit: "ha",
    reason:
      "100 km²: fdm-core refuses a field outline above 10,000 ha, and no Dutch parcel comes near it",
  },
  applicationAmount: {
    min: 0,
    max: 200_000,
    unit: "kg/ha",
    reason:
      "200 t/ha (about 200 m³/ha of slurry at 1 t/m³) is a 2 cm layer of product over the whole field, several times the heaviest manure or compost dressing",
  },
  fertilizerContent: { min: 0, max: 1_000, unit: "g/kg", reason: MASS_FRACTION },
  soilPCaCl2: {
    min: 0,
    max: 100,
    unit: "mg P/kg",
    reason:
      "about 30 times the lower edge (3.5 mg P/kg) of the highest P-CaCl2 class of RVO's Differentiatie fosfaatgebruiksnorm 2025; CaCl2 extracts only a small part of a soil's phosphorus",
  },
  soilPAl: {
    min: 0,
    max: 500,
    unit: "mg P2O5/100 g",
    reason:
      "9 times the lower edge (56) of the highest P-AL class of RVO's Differentiatie fosfaatgebruiksnorm 2025; 500 mg P2O5/100 g is 2.2 g P/kg extracted, of the order of the total phosphorus of heavily manured soils",
  },
  soilKCaCl2: {
    min: 0,
    max: 3_000,
    unit: "mg K/kg",
    reason:
      "CaCl2-extractable K of farmed soils lies at a few hundred mg K/kg; 3,000 is ten times that",
  },
  soilMgCaCl2: {
    min: 0,
    max: 3_000,
    unit: "mg Mg/kg",
    reason:
      "CaCl2-extractable Mg of farmed soils lies at a few hundred mg Mg/kg; 3,000 is ten times that",
  },
  soilCec: {
    min: 0,
    max: 3_000,
    unit: "mmol+/kg",
    reason:
      "pure humus, the exchanger with the highest capacity in soil, holds about 2,000–3,000 mmol+/kg; the potassium on it (K-CEC) cannot exceed the whole",
  },
  soilSTotal: {
    min: 0,
    max: 100_000,
    unit: "mg S/kg",
    reason:
      "10% sulphur: even pyrite-rich acid-sulphate clay (katteklei) holds a few %; farmed soils hold well under 0.1%",
  },
  soilNTotal: {
    min: 0,
    max: 50_000,
    unit: "mg N/kg",
    reason:
      "5% nitrogen: peat, the soil richest in N, holds up to about 3%; mineral soils well under 0.5%",
  },
  harvestYield: {
    min: 0,
    max: 100_000,
    unit: "kg DM/ha",
    reason:
      "100 t dry matter/ha, above the highest annual biomass of any crop (tropical sugar cane); Dutch crops yield up to about 25 t DM/ha",
  },
  plantNContent: {
    min: 0,
    max: 160,
    unit: "g N/kg DM",
    reason:
      "protein is 16% nitrogen (the factor 6.25), so plant dry matter that were pure protein holds 160 g N/kg",
  },
  nitrogenFlow: {
    min: 0,
    max: 1_000,
    unit: "kg N/ha per year",
    reason:
      "fixation by legumes, mineralization of peat, deposition and the N in crop residues each stay at a few hundred kg N/ha per year at most; 1,000 leaves a wide margin",
  },
  surplusTarget: {
    min: -1_000,
    max: 1_000,
    unit: "kg N/ha per year",
    reason:
      "a nitrogen surplus target is some tens to a few hundred kg N/ha per year; ±1,000 leaves a wide margin",
  },
  adviceNutrient: {
    min: 0,
    max: 2_000,
    unit: "kg/ha",
    reason:
      "an advice for N, P2O5, K2O, S, MgO or Na2O stays below the yearly uptake of the greediest crop (grass: some hundreds of kg/ha); 2,000 leaves a wide margin",
  },
  adviceLime: {
    min: 0,
    max: 20_000,
    unit: "kg CaO/ha",
    reason: "a liming advice on acid soil is a few t CaO/ha; 20 t leaves a wide margin",
  },
  adviceTraceElement: {
    min: 0,
    max: 100,
    unit: "kg/ha",
    reason: "Cu, Zn, B, Mo and Co are advised in grams to a few kg per ha",
  },
  timeoutMs: {
    min: 0,
    max: 600_000,
    unit: "ms",
    reason:
      "ten minutes; beyond 2³¹−1 ms Node's timer fires at once, so a larger wait would time out immediately",
  },
} as const satisfies Record<string, PhysicalBound>);

/** The name of a bound in {@link PHYSICAL_BOUNDS}. */
export type PhysicalBoundName = keyof typeof PHYSICAL_BOUNDS;

/** Shows a number plainly (200000, not 2e+5), and a huge one with its exponent (1e+308). */
const show = (value: number) =>
  Math.abs(value) >= 1e15
    ? String(value)
    : value.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 6 });

/**
 * The error for an input figure outside its physical bound: an
 * {@link FdmCalculatorError} with code `INVALID_INPUT` whose message names the
 * input, its value and the bound, and which carries them as properties.
 *
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateDierlijkeMestGebruiksNormFilling, OutOfBoundsError } from "fdm-calculator";
 *
 * try {
 *   calculateDierlijkeMestGebruiksNormFilling(2025, {
 *     fieldId: "f1", area: 1, region: "klei", isNVGebied: false, isGWBG: false, isNatura2000: false,
 *     isDerogatievrijeZone: false, hasDerogation: false, hasGrazingIntention: false, isOrganicCertified: false,
 *     cultivations: [{ cultivationId: "nl_265", startDate: new Date("2020-01-01") }],
 *     applications: [{ date: new Date("2025-03-01"), amount: 1e308, origin: "eigen_bedrijf",
 *       fertilizer: { typeRvo: 14, composition: { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null } } }],
 *   });
 *   assert.fail("expected a refusal");
 * } catch (error) {
 *   assert.ok(error instanceof OutOfBoundsError);
 *   assert.equal(error.input, "amount of application 0");
 *   assert.equal(error.bound.max, 200_000);
 * }
 * ```
 */
export class OutOfBoundsError extends FdmCalculatorError {
  /** The input that is out of bounds, as the message names it (e.g. `amount of application 0`). */
  readonly input: string;
  /** The value given. */
  readonly value: number;
  /** The name of the bound in {@link PHYSICAL_BOUNDS}. */
  readonly boundName: PhysicalBoundName;
  /** The bound itself. */
  readonly bound: PhysicalBound;

  /**
   * Creates the error.
   *
   * @param input - The input, named as in the message (e.g. `soilPhosphate.pCaCl2`).
   * @param value - The value given.
   * @param boundName - The bound in {@link PHYSICAL_BOUNDS} it breaks.
   * @param options - `fieldId` of the field concerned, and the `label` that starts the message
   *   (default `Field "<fieldId>"`, or none without a field).
   * @returns The error.
   * @throws Never.
   * @example
   * ```ts
   * import assert from "node:assert";
   * import { OutOfBoundsError } from "fdm-calculator";
   *
   * const error = new OutOfBoundsError("soilPhosphate.pCaCl2", 1e9, "soilPCaCl2", { fieldId: "f1" });
   * assert.match(error.message, /^Field "f1": soilPhosphate\.pCaCl2 is 1000000000 mg P\/kg; it must be at most 100 mg P\/kg/);
   * ```
   */
  constructor(
    input: string,
    value: number,
    boundName: PhysicalBoundName,
    options: { fieldId?: string | null; label?: string | null } = {},
  ) {
    const bound: PhysicalBound = PHYSICAL_BOUNDS[boundName];
    const fieldId = options.fieldId ?? null;
    const label = options.label ?? (fieldId === null ? null : `Field "${fieldId}"`);
    const side = value > bound.max ? `at most ${show(bound.max)}` : `at least ${show(bound.min)}`;
    super(
      "INVALID_INPUT",
      `${label === null ? "" : `${label}: `}${input} is ${show(value)} ${bound.unit}; it must be ${side} ${bound.unit} (physical bound ${boundName}: ${bound.reason})`,
      { fieldId },
    );
    this.name = "OutOfBoundsError";
    this.input = input;
    this.value = value;
    this.boundName = boundName;
    this.bound = bound;
  }
}

/**
 * Whether a finite number lies within its physical bound. For hot loops that
 * name the input only when it fails ({@link checkBound} takes the name up front).
 *
 * @param value - The number, already known to be finite.
 * @param boundName - The bound in {@link PHYSICAL_BOUNDS}.
 * @returns `true` when the value lies within the bound.
 * @throws Never.
 */
export function isWithinBound(value: number, boundName: PhysicalBoundName): boolean {
  const bound = PHYSICAL_BOUNDS[boundName];
  return !(value > bound.max || value < bound.min);
}

/**
 * Checks a finite number against its physical bound.
 *
 * @param value - The number, already known to be finite.
 * @param boundName - The bound in {@link PHYSICAL_BOUNDS}.
 * @param input - The input's name for the message.
 * @param options - `fieldId` and message `label`, as for {@link OutOfBoundsError}.
 * @returns The value.
 * @throws {OutOfBoundsError} When the value lies outside the bound.
 */
export function checkBound(
  value: number,
  boundName: PhysicalBoundName,
  input: string,
  options: { fieldId?: string | null; label?: string | null } = {},
): number {
  if (!isWithinBound(value, boundName))
    throw new OutOfBoundsError(input, value, boundName, options);
  return value;
}
