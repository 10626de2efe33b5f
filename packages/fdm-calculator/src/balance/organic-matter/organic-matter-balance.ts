import { ROTATIONS } from "fdm-data";
import { checkBound } from "../../bounds.js";
import { FdmCalculatorError } from "../../errors.js";
import { DAY, formatDay } from "../../norms/nl/calendar.js";
import {
  add,
  cultivationSpan,
  daysFrom,
  invalid,
  timeframeDays,
  toDay,
  weighted,
} from "../days.js";
import {
  ORGANIC_MATTER_BALANCE_DEFAULTS,
  type OrganicMatterBalanceBound,
  type OrganicMatterBalanceSoilType,
} from "./defaults.js";
import type {
  OrganicMatterBalance,
  OrganicMatterBalanceApplicationResult,
  OrganicMatterBalanceByProductType,
  OrganicMatterBalanceCultivationResult,
  OrganicMatterBalanceDegradation,
  OrganicMatterBalanceEstimate,
  OrganicMatterBalanceField,
  OrganicMatterBalanceFieldInput,
  OrganicMatterBalanceInput,
  OrganicMatterBalanceMissing,
  OrganicMatterBalanceProductType,
} from "./types.js";

const D = ORGANIC_MATTER_BALANCE_DEFAULTS;

const TYPES: readonly OrganicMatterBalanceProductType[] = ["manure", "compost", "other"];
const SOIL_TYPES: readonly OrganicMatterBalanceSoilType[] = [
  "zeeklei",
  "rivierklei",
  "moerige_klei",
  "veen",
  "dalgrond",
  "dekzand",
  "duinzand",
  "loess",
];

/** A number within one of the balance's bounds; `input` names it in the message. */
function bounded(
  value: unknown,
  bound: OrganicMatterBalanceBound,
  fieldId: string | null,
  input: string,
): number {
  const above = bound.minExcluded ? "above" : "at least";
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw invalid(
      fieldId,
      `${input} must be a number of ${bound.unit} from ${bound.min} to ${bound.max}`,
    );
  }
  if (value > bound.max || value < bound.min || (bound.minExcluded && value === bound.min)) {
    const side = value > bound.max ? `at most ${bound.max}` : `${above} ${bound.min}`;
    throw invalid(
      fieldId,
      `${input} is ${value} ${bound.unit}; it must be ${side} ${bound.unit} (${bound.reason})`,
    );
  }
  return value;
}

/** As {@link bounded}, or `null` (absent counts as `null`). */
function optionalBounded(
  value: unknown,
  bound: OrganicMatterBalanceBound,
  fieldId: string,
  input: string,
): number | null {
  return value === null || value === undefined ? null : bounded(value, bound, fieldId, input);
}

function flag(value: unknown, fieldId: string, what: string): boolean {
  if (typeof value !== "boolean") throw invalid(fieldId, `${what} must be true or false`);
  return value;
}

function text(value: unknown, fieldId: string | null, what: string): string {
  if (typeof value !== "string" || value.trim() === "" || value.length > 200) {
    throw invalid(fieldId, `${what} must be a non-empty text of at most 200 characters`);
  }
  return value;
}

interface Context {
  start: number;
  end: number;
  days: number;
  temperatureFactor: number;
}

function productType(
  fertilizer: OrganicMatterBalanceFieldInput["applications"][number]["fertilizer"],
  fieldId: string,
  what: string,
): OrganicMatterBalanceProductType {
  const manure = flag(fertilizer.isManure, fieldId, `isManure of the fertilizer of ${what}`);
  const compost = flag(fertilizer.isCompost, fieldId, `isCompost of the fertilizer of ${what}`);
  const mineral = flag(fertilizer.isMineral, fieldId, `isMineral of the fertilizer of ${what}`);
  const set = [mineral && "isMineral", manure && "isManure", compost && "isCompost"].filter(
    (f): f is string => typeof f === "string",
  );
  if (set.length > 1) {
    throw invalid(
      fieldId,
      `the fertilizer "${fertilizer.id}" of ${what} has ${set.join(" and ")}; a fertilizer counts as one type only`,
    );
  }
  return manure ? "manure" : compost ? "compost" : "other";
}

/**
 * Bulk density estimated from the organic-matter content and soil type
 * (CBAV 2019, as tabulated in reference/nmi-nitrogen-balance), or `null` where
 * the relation does not reach.
 */
function estimateBulkDensity(organicMatter: number, soilType: OrganicMatterBalanceSoilType) {
  const e = D.bulkDensityEstimation;
  let value: number;
  let how: string;
  if (e.sand.soilTypes.includes(soilType)) {
    value = 1 / (e.sand.somCoefficient * organicMatter + e.sand.intercept);
    how = `1 / (${e.sand.somCoefficient} × ${organicMatter} + ${e.sand.intercept}), the relation for sandy soils and loess`;
  } else {
    if (organicMatter > e.other.maximumOrganicMatter) return null;
    const [c0, c1, c2, c3, c4] = e.other.coefficients;
    const s = organicMatter;
    value = c0 + c1 * s + c2 * s ** 2 + c3 * s ** 3 + c4 * s ** 4;
    how = `the fourth-degree polynomial in organic matter for clay and peat soils, at ${organicMatter} %`;
  }
  const limited = Math.min(Math.max(value, e.min), e.max);
  return { value: limited, how };
}

/** Yearly degradation of the active layer `depth` (cm), kg OM/ha per year, and whether the cap applied. */
function yearlyDegradation(som: number, density: number, depth: number, factor: number) {
  const rate = Math.max(
    0,
    D.decompositionRate.intercept - D.decompositionRate.slope * Math.log(som),
  );
  // SOM (%) × depth (cm) × density (g/cm³) × 1000: kg of organic matter per ha in the layer
  // (1 ha × 1 cm = 100 m³ and SOM is a percentage). At SOM 0 there is nothing to degrade.
  const raw = som === 0 ? 0 : som * depth * density * 1000 * rate * factor;
  const cap = D.maximumYearlyDegradation.value;
  return { value: Math.min(Math.max(raw, 0), cap), capped: raw > cap };
}

/** The days of the timeframe on which the farm held a field (both ends included). */
interface Held {
  from: number;
  to: number;
  days: number;
}

/** The part of the timeframe the farm held the field: all of it when `held` is absent. */
function heldSpan(field: OrganicMatterBalanceFieldInput, context: Context): Held {
  const fieldId = field.id;
  if (field.held === undefined || field.held === null) {
    return { from: context.start, to: context.end, days: context.days };
  }
  if (typeof field.held !== "object") {
    throw invalid(
      fieldId,
      "held must be { start, end } (the farm's acquiring and discarding dates) or null",
    );
  }
  const start = toDay(field.held.start, fieldId, "held.start");
  const end =
    field.held.end === null || field.held.end === undefined
      ? null
      : toDay(field.held.end, fieldId, "held.end");
  if (end !== null && end < start) {
    throw invalid(
      fieldId,
      `held.end (${formatDay(end)}) lies before held.start (${formatDay(start)})`,
    );
  }
  const from = Math.max(start, context.start);
  const to = Math.min(end ?? context.end, context.end);
  return { from, to, days: daysFrom(from, to) };
}

/** A cultivation's span cut to the days the farm held the field. */
function within<T extends { from: number; to: number; days: number }>(s: T, held: Held): T {
  const from = Math.max(s.from, held.from);
  const to = Math.min(s.to, held.to);
  return { ...s, from, to, days: daysFrom(from, to) };
}

function fieldBalance(
  field: OrganicMatterBalanceFieldInput,
  context: Context,
): OrganicMatterBalanceField {
  const fieldId = field.id;
  const missing: OrganicMatterBalanceMissing[] = [];
  const estimated: OrganicMatterBalanceEstimate[] = [];
  const lack = (item: OrganicMatterBalanceMissing["item"], ref: string | null, reason: string) =>
    missing.push({ fieldId, item, ref, reason });

  if (typeof field.area !== "number" || !Number.isFinite(field.area) || field.area <= 0) {
    throw invalid(fieldId, "area (ha) must be a number above 0");
  }
  const area = checkBound(field.area, "fieldArea", "area", { fieldId });
  if (!Array.isArray(field.applications)) throw invalid(fieldId, "applications must be a list");
  if (!Array.isArray(field.cultivations)) throw invalid(fieldId, "cultivations must be a list");
  if (!field.soil || typeof field.soil !== "object") {
    throw invalid(fieldId, "soil must give organicMatter and bulkDensity (each may be null)");
  }

  // Supply by products.
  const byType: Record<OrganicMatterBalanceProductType, number | null> = {
    manure: 0,
    compost: 0,
    other: 0,
  };
  const seen = new Set<string>();
  const applications = field.applications.map((a): OrganicMatterBalanceApplicationResult => {
    if (typeof a?.id !== "string" || a.id === "") {
      throw invalid(fieldId, "every application needs an id");
    }
    const what = `application "${a.id}"`;
    if (seen.has(a.id)) throw invalid(fieldId, `${what} appears twice`);
    seen.add(a.id);
    const day = toDay(a.date, fieldId, `date of ${what}`);
    if (day < context.start || day > context.end) {
      throw new FdmCalculatorError(
        "DATE_OUTSIDE_TIMEFRAME",
        `Field "${fieldId}": ${what} is dated ${formatDay(day)}, outside the timeframe ${formatDay(context.start)} to ${formatDay(context.end)}; a balance counts only what happens within it`,
        { fieldId },
      );
    }
    if (typeof a.amount !== "number" || !Number.isFinite(a.amount) || a.amount < 0) {
      throw invalid(fieldId, `amount of ${what} (kg/ha) must be a number of at least 0`);
    }
    const kg = checkBound(a.amount, "applicationAmount", `amount of ${what}`, { fieldId });
    if (!a.fertilizer || typeof a.fertilizer !== "object") {
      throw invalid(fieldId, `${what} needs a fertilizer`);
    }
    const fertilizerId = text(a.fertilizer.id, fieldId, `the id of the fertilizer of ${what}`);
    const type = productType(a.fertilizer, fieldId, what);
    let content = optionalBounded(
      a.fertilizer.effectiveOrganicMatter,
      D.bounds.productEffectiveOrganicMatter,
      fieldId,
      `effectiveOrganicMatter of the fertilizer of ${what}`,
    );
    if (content === null && a.fertilizer.isMineral) {
      content = 0; // a mineral fertilizer holds no organic matter
    } else if (content === null) {
      lack(
        "productEffectiveOrganicMatter",
        a.id,
        `fertilizer "${fertilizerId}" has no effective organic matter figure (g EOM/kg); give one from an analysis or the supplier`,
      );
    }
    const supply = content === null ? null : (kg * content) / 1000;
    byType[type] = add(byType[type], supply);
    return { applicationId: a.id, fertilizerId, type, effectiveOrganicMatter: content, supply };
  });

  // The days of the timeframe the farm held the field: only these count for crops and the soil.
  const held = heldSpan(field, context);

  // Supply by crops and residues; the days with grassland.
  const grasslandSpans: [number, number][] = [];
  const seenCultivations = new Set<string>();
  const cultivations = field.cultivations.map((c): OrganicMatterBalanceCultivationResult => {
    if (typeof c?.id !== "string" || c.id === "") {
      throw invalid(fieldId, "every cultivation needs an id");
    }
    const what = `cultivation "${c.id}"`;
    if (seenCultivations.has(c.id)) throw invalid(fieldId, `${what} appears twice`);
    seenCultivations.add(c.id);
    const cultivationId = text(c.cultivationId, fieldId, `cultivationId of ${what}`);
    if (!(ROTATIONS as readonly unknown[]).includes(c.rotation)) {
      throw invalid(
        fieldId,
        `rotation of ${what} is ${JSON.stringify(c.rotation)}; it must be an fdm-data rotation group: ${ROTATIONS.join(", ")}`,
      );
    }
    const s = within(cultivationSpan(c, context, fieldId, what), held);
    if (D.grasslandRotations.includes(c.rotation) && s.days > 0)
      grasslandSpans.push([s.from, s.to]);
    const eom = optionalBounded(
      c.effectiveOrganicMatter,
      D.bounds.cropEffectiveOrganicMatter,
      fieldId,
      `effectiveOrganicMatter of ${what}`,
    );
    const residueEom = optionalBounded(
      c.effectiveOrganicMatterResidue,
      D.bounds.cropEffectiveOrganicMatter,
      fieldId,
      `effectiveOrganicMatterResidue of ${what}`,
    );
    const left = c.residuesLeft ?? true;
    if (typeof left !== "boolean") {
      throw invalid(fieldId, `residuesLeft of ${what} must be true, false or null`);
    }
    // The crop's figure is per year: it counts for the days the crop stood in the timeframe,
    // so crops that follow each other share one year's figure (NMI adds a full year for each).
    const share = s.days / 365;
    if (eom === null) {
      lack(
        "cropEffectiveOrganicMatter",
        c.id,
        `${cultivationId} has no effective organic matter figure (kg EOM/ha per year); give one for the crop`,
      );
    }
    const endsInside = s.end !== null && s.end <= context.end;
    let residues: number | null = 0;
    if (endsInside && left) {
      residues = residueEom;
      if (residueEom === null) {
        lack(
          "residueEffectiveOrganicMatter",
          c.id,
          `${cultivationId} ended with its residues on the field, but has no effective organic matter figure for them (kg EOM/ha)`,
        );
      }
    }
    return {
      id: c.id,
      cultivationId,
      days: s.days,
      share,
      crop: eom === null ? null : eom * share,
      residuesLeft: left,
      residues,
    };
  });

  const degradation = soilDegradation(field, context, held, grasslandSpans, lack, estimated);
  const products: OrganicMatterBalanceByProductType = {
    total: add(...TYPES.map((t) => byType[t])),
    ...byType,
  };
  const crops = add(...cultivations.map((c) => c.crop));
  const residues = add(...cultivations.map((c) => c.residues));
  const supplyTotal = add(products.total, crops, residues);
  return {
    fieldId,
    area,
    supply: { total: supplyTotal, products, crops, residues },
    degradation: degradation.total,
    balance:
      supplyTotal === null || degradation.total === null ? null : supplyTotal - degradation.total,
    applications,
    cultivations,
    soil: degradation.details,
    complete: missing.length === 0,
    missing,
    estimated,
  };
}

/** Days of the timeframe covered by at least one of the spans (both ends included). */
function coveredDays(spans: [number, number][]): number {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  let days = 0;
  let until = Number.NEGATIVE_INFINITY;
  for (const [from, to] of sorted) {
    const start = Math.max(from, until + DAY);
    if (to >= start) days += Math.round((to - start) / DAY) + 1;
    until = Math.max(until, to);
  }
  return days;
}

function soilDegradation(
  field: OrganicMatterBalanceFieldInput,
  context: Context,
  held: Held,
  grasslandSpans: [number, number][],
  lack: (item: OrganicMatterBalanceMissing["item"], ref: string | null, reason: string) => void,
  estimated: OrganicMatterBalanceEstimate[],
): { total: number | null; details: OrganicMatterBalanceDegradation } {
  const fieldId = field.id;
  const b = D.bounds;
  const som = optionalBounded(
    field.soil.organicMatter,
    b.organicMatter,
    fieldId,
    "soil.organicMatter",
  );
  let density = optionalBounded(field.soil.bulkDensity, b.bulkDensity, fieldId, "soil.bulkDensity");
  const soilType = field.soil.soilType ?? null;
  if (soilType !== null && !SOIL_TYPES.includes(soilType)) {
    throw invalid(fieldId, `soil.soilType must be one of ${SOIL_TYPES.join(", ")}, or null`);
  }
  let source: OrganicMatterBalanceDegradation["bulkDensitySource"] =
    density === null ? null : "measured";
  if (som === null) {
    lack(
      "organicMatter",
      null,
      "the soil's organic matter content (%) is not known, so its degradation is not either; record a soil analysis with organic matter",
    );
  }
  if (density === null && som !== null) {
    const estimate = soilType === null ? null : estimateBulkDensity(som, soilType);
    if (estimate === null) {
      lack(
        "bulkDensity",
        null,
        soilType === null
          ? "the soil's bulk density (g/cm³) is not measured and cannot be estimated without the soil type; record either in a soil analysis"
          : `the soil's bulk density (g/cm³) is not measured, and the estimation for ${soilType} does not reach ${som} % organic matter; record a measured bulk density`,
      );
    } else {
      density = estimate.value;
      source = "estimated";
      estimated.push({
        fieldId,
        item: "bulkDensity",
        value: estimate.value,
        reason: `not measured: estimated for ${soilType} from ${som} % organic matter with ${estimate.how} (${D.bulkDensityEstimation.source})`,
      });
    }
  } else if (density === null) {
    lack(
      "bulkDensity",
      null,
      "the soil's bulk density (g/cm³) is not measured; record it, or the organic matter and soil type to estimate it",
    );
  }

  const grasslandDays = coveredDays(grasslandSpans);
  const arableDays = held.days - grasslandDays;
  let total: number | null = null;
  let yearlyGrassland: number | null = null;
  let yearlyArable: number | null = null;
  let capped = false;
  if (som !== null && density !== null) {
    const grass = yearlyDegradation(
      som,
      density,
      D.activeLayer.grassland,
      context.temperatureFactor,
    );
    const arable = yearlyDegradation(som, density, D.activeLayer.arable, context.temperatureFactor);
    yearlyGrassland = grass.value;
    yearlyArable = arable.value;
    capped = (grasslandDays > 0 && grass.capped) || (arableDays > 0 && arable.capped);
    total = (grass.value * grasslandDays + arable.value * arableDays) / 365;
  }
  return {
    total,
    details: {
      organicMatter: som,
      bulkDensity: density,
      bulkDensitySource: source,
      soilType,
      grasslandDays,
      arableDays,
      temperatureFactor: context.temperatureFactor,
      yearlyGrassland,
      yearlyArable,
      capped,
    },
  };
}

function prepareContext(input: OrganicMatterBalanceInput) {
  const { start, end, days: span } = timeframeDays(input.timeframe);
  const days = bounded(span, D.bounds.timeframeDays, null, "the timeframe");
  let temperature = { value: D.temperature.value, source: D.temperature.source };
  if (input.temperature !== null && input.temperature !== undefined) {
    if (typeof input.temperature !== "object") {
      throw invalid(null, "temperature must be { value, source } or null");
    }
    temperature = {
      value: bounded(input.temperature.value, D.bounds.temperature, null, "temperature.value"),
      source: text(input.temperature.source, null, "temperature.source"),
    };
  }
  const t = D.temperatureCorrection;
  const temperatureFactor = t.base ** ((temperature.value - t.reference) / t.divisor);
  return { context: { start, end, days, temperatureFactor }, temperature };
}

/**
 * Calculates the soil organic-matter balance of each field and of the farm
 * over a timeframe: the effective organic matter (EOM) supplied by products
 * (manure, compost, other), by the crops themselves and by crop residues left
 * on the field, minus the degradation of the soil's own organic matter. A
 * positive balance builds soil organic matter, a negative one depletes it.
 * The farm figures are the area-weighted means of the fields.
 *
 * - Products: amount (kg/ha) × EOM content (g/kg) / 1000. A mineral
 *   fertilizer without a figure counts 0; another product without one is missing.
 * - Crops: the crop's EOM (kg EOM/ha per year) × the days it stood on the
 *   field within the timeframe / 365, whatever its season's length, so two
 *   crops one after the other in a year add up to at most one year of crop EOM
 *   (crops that stand together, like grass undersown in maize, each count their
 *   days). NMI counts a full year for every cultivation.
 * - Residues: the residue EOM (kg EOM/ha per harvest, not per year), once, for
 *   each crop that ends within the timeframe with its residues left on the
 *   field (the default): they enter the soil when the crop ends.
 * - Degradation, kg OM/ha per year: SOM (%) × depth (cm) × density (g/cm³) ×
 *   1000 × (0.038228 − 0.008934 × ln SOM) × 2^((T − 13) / 10), floored at 0
 *   and capped at 3,500; depth 10 cm on the days a grassland crop stands, 30 cm
 *   on the others; × days / 365. T is the input's temperature, else 10.6 °C
 *   (De Bilt, 1991–2020). Figures and sources: {@link ORGANIC_MATTER_BALANCE_DEFAULTS}
 *   (NMI, fdm-calculator organic-matter balance (MIT)).
 *
 * A bulk density that is not measured is estimated from the organic matter and
 * the soil type (CBAV 2019) and listed in `estimated`. A missing organic-matter
 * content, or a density that is neither measured nor estimable, makes the
 * degradation `null` and is listed in `missing`: nothing unknown counts as 0.
 *
 * @param input - The timeframe, the fields with their soil, cultivations and
 *   applications, and optionally the temperature with its source.
 * @returns The farm's balance with every component, each field's balance with
 *   the details per application and cultivation and of its degradation, and
 *   what is missing or estimated.
 * @throws {FdmCalculatorError} `INVALID_INPUT` naming the field and the rule for
 *   a value of the wrong type or outside its bound (a negative amount, an area of
 *   0, an organic matter above 100 %, a bulk density of 0 or above 2.65 g/cm³, an
 *   EOM content above 1,000 g/kg, a temperature outside −10–30 °C), a timeframe
 *   that is reversed or longer than ten years, a fertilizer with more than one
 *   type flag, an unknown soil type, or a duplicate field, application or
 *   cultivation id; `DATE_OUTSIDE_TIMEFRAME` for an application dated outside
 *   the timeframe or a cultivation not on the field during it.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { calculateOrganicMatterBalance } from "fdm-calculator";
 *
 * const result = calculateOrganicMatterBalance({
 *   timeframe: { start: new Date("2025-01-01"), end: new Date("2025-12-31") },
 *   temperature: { value: 9.3, source: "NMI's code" },
 *   fields: [
 *     {
 *       id: "akker",
 *       area: 2,
 *       soil: { organicMatter: 4, bulkDensity: 1.3 },
 *       cultivations: [
 *         {
 *           id: "c1", cultivationId: "nl_234", rotation: "cereal", // spring wheat
 *           startDate: new Date("2025-03-15"), endDate: new Date("2025-08-10"),
 *           effectiveOrganicMatter: 1630, effectiveOrganicMatterResidue: 960, residuesLeft: false,
 *         },
 *       ],
 *       applications: [
 *         {
 *           id: "a1", date: new Date("2025-03-01"), amount: 20000,
 *           fertilizer: { id: "compost", isMineral: false, isManure: false, isCompost: true, effectiveOrganicMatter: 100 },
 *         },
 *       ],
 *     },
 *   ],
 * });
 * const field = result.fields[0];
 * // The wheat stood 149 days (15 March to 10 August): 1630 × 149 / 365 = 665.4; straw baled: 0.
 * assert.equal(Math.round((field?.supply.crops ?? 0) * 10) / 10, 665.4);
 * // Supply: compost 20000 × 100 / 1000 = 2000, + 665.4 = 2665.4.
 * assert.equal(Math.round(field?.supply.total ?? 0), 2665);
 * // Degradation (NMI's worked example): 4 × 30 × 1.3 × 1000 × (0.038228 − 0.008934 × ln 4) × 2^(−0.37)
 * assert.equal(Math.round(field?.degradation ?? 0), 3119);
 * assert.equal(Math.round(field?.balance ?? 0), -454); // 2665.4 − 3119.5
 * ```
 */
export function calculateOrganicMatterBalance(
  input: OrganicMatterBalanceInput,
): OrganicMatterBalance {
  if (!input || typeof input !== "object") throw invalid(null, "the input must be an object");
  const { context, temperature } = prepareContext(input);
  if (!Array.isArray(input.fields)) throw invalid(null, "fields must be a list");
  const seen = new Set<string>();
  const fields = input.fields.map((field) => {
    if (typeof field?.id !== "string" || field.id === "") {
      throw invalid(null, "every field needs a non-empty id");
    }
    if (seen.has(field.id)) throw invalid(field.id, "the field id appears twice in the input");
    seen.add(field.id);
    return fieldBalance(field, context);
  });
  const productsOf = (pick: (p: OrganicMatterBalanceByProductType) => number | null) =>
    weighted(fields, (f) => pick(f.supply.products));
  return {
    timeframe: { start: new Date(context.start), end: new Date(context.end) },
    days: context.days,
    area: fields.reduce((sum, f) => sum + f.area, 0),
    temperature,
    supply: {
      total: weighted(fields, (f) => f.supply.total),
      products: {
        total: productsOf((p) => p.total),
        manure: productsOf((p) => p.manure),
        compost: productsOf((p) => p.compost),
        other: productsOf((p) => p.other),
      },
      crops: weighted(fields, (f) => f.supply.crops),
      residues: weighted(fields, (f) => f.supply.residues),
    },
    degradation: weighted(fields, (f) => f.degradation),
    balance: weighted(fields, (f) => f.balance),
    fields,
    complete: fields.every((f) => f.complete),
    missing: fields.flatMap((f) => f.missing),
    estimated: fields.flatMap((f) => f.estimated),
  };
}
