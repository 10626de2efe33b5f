import { FdmCalculatorError } from "../../../errors.js";
import type { NormYearRules } from "../rules.js";
import { dierlijkeMestNorm } from "./dierlijke-mest-gebruiksnorm.js";
import { fosfaatFilling, nitrogenFilling, stikstofFilling } from "./filling.js";
import { fosfaatNorm } from "./fosfaatgebruiksnorm.js";
import { type NormsInput, type PreparedField, prepareField } from "./input.js";
import { RULES_2025 } from "./rules.js";
import { stikstofNorm } from "./stikstofgebruiksnorm.js";
import { TextMemo } from "./text-memo.js";
import type {
  DierlijkeMestGebruiksnormResult,
  FosfaatGebruiksnormResult,
  GebruiksnormFillingResult,
  GebruiksnormResult,
  NL2025NormsInput,
  StikstofGebruiksnormResult,
} from "./types.js";

/** A norm of one field beside its filling. */
export interface NormWithFilling<T extends GebruiksnormResult | null> {
  /**
   * The norm, per ha; `null` only for the stikstofgebruiksnorm of a field whose
   * main crop has no line in RVO Table 2 (see `noNormForCrop` of the field).
   */
  norm: T;
  /** How much of it the applications use, per ha. */
  filling: GebruiksnormFillingResult;
}

/** The typed "no norm for this crop" of one field in a farm result. */
export interface NoNormForCrop {
  /** Always `NO_NORM_FOR_CROP`, the code the per-field function throws. */
  code: "NO_NORM_FOR_CROP";
  /** The message of that error, naming the field, the crop and the table. */
  message: string;
}

/** The three 2025 gebruiksnormen of one field and their filling. */
export interface NL2025FieldGebruiksnormen {
  /** The field's id. */
  fieldId: string;
  /** The field's area, ha. */
  area: number;
  /**
   * Stikstofgebruiksnorm (kg effective N/ha) and its filling; `norm` is `null`
   * when the main crop has no line in RVO Table 2 (`noNormForCrop` says why).
   */
  stikstof: NormWithFilling<StikstofGebruiksnormResult | null>;
  /** Fosfaatgebruiksnorm (kg P2O5/ha) and its filling. */
  fosfaat: NormWithFilling<FosfaatGebruiksnormResult>;
  /** Dierlijke-mest-gebruiksnorm (kg N/ha from animal manure) and its filling. */
  dierlijkeMest: NormWithFilling<DierlijkeMestGebruiksnormResult>;
  /** `null`, or the typed "no norm for this crop" when the main crop has no Table-2 line. */
  noNormForCrop: NoNormForCrop | null;
}

/** One norm summed over the farm. */
export interface NL2025FarmNormTotal {
  /** Sum over the fields of norm × area, kg; fields without a norm add nothing. */
  normTotal: number;
  /** Sum over the fields of filling × area, kg. */
  fillingTotal: number;
  /** `normTotal − fillingTotal`, kg; negative when the farm exceeds the norm. */
  remaining: number;
  /** The area-weighted norm, `normTotal / area` over the fields with a norm, kg/ha. */
  normPerHa: number;
  /** The area-weighted filling, `fillingTotal / area`, kg/ha. */
  fillingPerHa: number;
  /** The unit of the totals. */
  unit: "kg N" | "kg P2O5";
  /** The ids of the fields without a norm (main crop without a Table-2 line); empty for the other norms. */
  fieldsWithoutNorm: string[];
  /** "used X of Y kg …", rounded to whole kilograms, naming the fields without a norm. */
  explanation: string;
}

/** The 2025 gebruiksnormen of a farm: per field and summed. */
export interface NL2025FarmGebruiksnormen {
  /** Total area of the fields, ha. */
  area: number;
  /** The norms and filling of each field, in input order. */
  fields: NL2025FieldGebruiksnormen[];
  /** Stikstofgebruiksnorm of the farm. */
  stikstof: NL2025FarmNormTotal;
  /** Fosfaatgebruiksnorm of the farm. */
  fosfaat: NL2025FarmNormTotal;
  /** Dierlijke-mest-gebruiksnorm of the farm. */
  dierlijkeMest: NL2025FarmNormTotal;
}

/**
 * Sums one norm over a farm's fields, norm × area and filling × area, as each
 * field is computed (a second pass over a thousand finished results measured at
 * a tenth of the farm's time), in field order.
 */
export class NormTotal {
  private normTotal = 0;
  private fillingTotal = 0;
  private normArea = 0;
  private readonly fieldsWithoutNorm: string[] = [];

  constructor(private readonly unit: "kg N" | "kg P2O5") {}

  /** Adds the norm and filling of the next field; a field without a norm adds only its filling. */
  add(fieldId: string, area: number, entry: NormWithFilling<GebruiksnormResult | null>) {
    this.fillingTotal += entry.filling.normFilling * area;
    if (entry.norm === null) {
      this.fieldsWithoutNorm.push(fieldId);
      return;
    }
    this.normTotal += entry.norm.normValue * area;
    this.normArea += area;
  }

  /** The total of the fields added, for a farm of `area` ha. */
  result(area: number): NL2025FarmNormTotal {
    const { normTotal, fillingTotal, normArea, unit, fieldsWithoutNorm } = this;
    const without =
      fieldsWithoutNorm.length === 0
        ? ""
        : `; no norm for ${fieldsWithoutNorm.map((id) => `"${id}"`).join(", ")} (main crop without a line in RVO Table 2)`;
    return {
      normTotal,
      fillingTotal,
      remaining: normTotal - fillingTotal,
      normPerHa: normArea === 0 ? 0 : normTotal / normArea,
      fillingPerHa: fillingTotal / area,
      unit,
      fieldsWithoutNorm,
      explanation: `used ${Math.round(fillingTotal)} of ${Math.round(normTotal)} ${unit}${without}`,
    };
  }
}

/** The fields of a farm with the running totals of the three norms both years have. */
export interface FarmFields<F> {
  area: number;
  fields: F[];
  stikstof: NormTotal;
  fosfaat: NormTotal;
  dierlijkeMest: NormTotal;
}

/** The stikstofgebruiksnorm of a field, or the typed "no norm for this crop". */
function stikstofOrNoNorm(field: PreparedField) {
  try {
    return { norm: stikstofNorm(field), noNorm: null };
  } catch (error) {
    if (error instanceof FdmCalculatorError && error.code === "NO_NORM_FOR_CROP") {
      return { norm: null, noNorm: { code: "NO_NORM_FOR_CROP" as const, message: error.message } };
    }
    throw error;
  }
}

/** Adds to `years` the calendar years a field's dated input points to: its applications, and crops starting after `year`. */
function addYears(input: NormsInput, year: number, years: number[]) {
  if (!input || typeof input !== "object") return;
  if (Array.isArray(input.applications)) {
    for (const a of input.applications) {
      const y = a?.date instanceof Date ? a.date.getUTCFullYear() : Number.NaN;
      if (!Number.isNaN(y) && !years.includes(y)) years.push(y);
    }
  }
  if (Array.isArray(input.cultivations)) {
    for (const c of input.cultivations) {
      const start = c?.startDate instanceof Date ? c.startDate.getUTCFullYear() : year;
      if (start > year && !years.includes(start)) years.push(start);
    }
  }
}

/** Refuses a farm whose fields are dated in different years: each year has its own rules and function. */
function refuseMixedYears(fields: readonly NormsInput[], year: number) {
  // A farm is nearly always dated in one year: find the years first, group the fields only for the error.
  const years: number[] = [];
  for (const input of fields) addYears(input, year, years);
  if (years.length < 2) return;
  const byYear = new Map<number, string[]>();
  for (const input of fields) {
    years.length = 0;
    addYears(input, year, years);
    for (const y of years) {
      const ids = byYear.get(y);
      if (ids) ids.push(input.fieldId);
      else byYear.set(y, [input.fieldId]);
    }
  }
  const list = [...byYear.entries()]
    .sort(([a], [b]) => a - b)
    .map(([y, ids]) => `${y}: ${ids.map((id) => `"${id}"`).join(", ")}`)
    .join("; ");
  throw new FdmCalculatorError(
    "MIXED_YEARS",
    `The farm's fields are dated in more than one year (${list}); the gebruiksnormen are set per calendar year, so compute each year on its own with calculateNL${year}GebruiksnormenForFarm or the function of the other year`,
  );
}

/**
 * The norms and filling of every field of a farm under one year's rules,
 * `extra` adding the norms only that year has (and their totals). Checks the
 * list, refuses mixed years and repeated field ids.
 */
export function farmFields<F extends NL2025FieldGebruiksnormen>(
  fields: readonly NormsInput[],
  rules: NormYearRules,
  extra: (field: PreparedField, base: NL2025FieldGebruiksnormen) => F,
): FarmFields<F> {
  if (!Array.isArray(fields) || fields.length === 0) {
    throw new FdmCalculatorError("INVALID_INPUT", "A farm needs at least one field");
  }
  refuseMixedYears(fields, rules.year);
  const seen = new Set<string>();
  // One memo of explanation texts for all fields: a farm repeats the same texts on many fields.
  const texts = new TextMemo();
  const totals = {
    stikstof: new NormTotal("kg N"),
    fosfaat: new NormTotal("kg P2O5"),
    dierlijkeMest: new NormTotal("kg N"),
  };
  let area = 0;
  const results = fields.map((input): F => {
    const field = prepareField(input, rules, texts);
    if (seen.has(input.fieldId)) {
      throw new FdmCalculatorError(
        "INVALID_INPUT",
        `Field "${input.fieldId}": appears more than once in the farm`,
        { fieldId: input.fieldId },
      );
    }
    seen.add(input.fieldId);
    area += input.area;
    const fosfaat = fosfaatNorm(field);
    const stikstof = stikstofOrNoNorm(field);
    const base: NL2025FieldGebruiksnormen = {
      fieldId: input.fieldId,
      area: input.area,
      stikstof: { norm: stikstof.norm, filling: stikstofFilling(field) },
      fosfaat: { norm: fosfaat, filling: fosfaatFilling(field, fosfaat.normValue) },
      dierlijkeMest: { norm: dierlijkeMestNorm(field), filling: nitrogenFilling(field) },
      noNormForCrop: stikstof.noNorm,
    };
    const result = extra(field, base);
    totals.stikstof.add(base.fieldId, base.area, base.stikstof);
    totals.fosfaat.add(base.fieldId, base.area, base.fosfaat);
    totals.dierlijkeMest.add(base.fieldId, base.area, base.dierlijkeMest);
    return result;
  });
  return { area, fields: results, ...totals };
}

/**
 * Computes the three 2025 gebruiksnormen (application norms) and their filling
 * for every field of a farm, and sums them for the farm.
 *
 * Per field this gives the stikstofgebruiksnorm, the fosfaatgebruiksnorm and
 * the dierlijke-mest-gebruiksnorm in kg/ha, each beside the kg/ha the field's
 * applications use. For the farm, each norm and filling is multiplied by the
 * field's area and summed (the legal norms apply to the farm as a whole), so a
 * caller can show "used X of Y kg"; the area-weighted kg/ha figures are given
 * as well.
 *
 * A field whose main crop has no line in RVO Table 2 does not stop the farm:
 * its stikstof `norm` is `null`, its `noNormForCrop` carries the typed
 * `NO_NORM_FOR_CROP` reason, and the farm's stikstof total lists it in
 * `fieldsWithoutNorm` (its filling still counts).
 *
 * @param fields - The plain input of each field (at least one, unique `fieldId`s).
 * @returns The per-field results and the farm totals.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for an empty list or a repeated `fieldId`,
 *   `MIXED_YEARS` when the fields' applications are dated in more than one year (e.g. 2025 and
 *   2026), and every other error of the per-field norm and filling functions, naming the field.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateNL2025GebruiksnormenForFarm } from "fdm-calculator";
 *
 * const empty = { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null };
 * const farm = calculateNL2025GebruiksnormenForFarm([
 *   {
 *     fieldId: "grass",
 *     area: 10,
 *     region: "klei",
 *     isNVGebied: false,
 *     isGWBG: false,
 *     isNatura2000: false,
 *     isDerogatievrijeZone: false,
 *     hasDerogation: false,
 *     hasGrazingIntention: true,
 *     isOrganicCertified: false,
 *     cultivations: [{ cultivationId: "nl_265", startDate: new Date("2012-01-01") }],
 *     soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
 *     applications: [
 *       { date: new Date("2025-03-15"), amount: 30000, origin: "eigen_bedrijf", fertilizer: { typeRvo: 14, composition: empty } },
 *     ],
 *   },
 * ]);
 * assert.equal(farm.stikstof.normTotal, 3450); // 345 kg N/ha × 10 ha
 * assert.equal(farm.dierlijkeMest.explanation, "used 1200 of 1700 kg N");
 * ```
 */
export function calculateNL2025GebruiksnormenForFarm(
  fields: NL2025NormsInput[],
): NL2025FarmGebruiksnormen {
  return farmResult(farmFields(fields, RULES_2025, (_, base) => base));
}

/** The fields of a farm with the totals of the three norms both years have. */
export function farmResult<F extends NL2025FieldGebruiksnormen>(farm: FarmFields<F>) {
  const { area, fields } = farm;
  return {
    area,
    fields,
    stikstof: farm.stikstof.result(area),
    fosfaat: farm.fosfaat.result(area),
    dierlijkeMest: farm.dierlijkeMest.result(area),
  };
}
