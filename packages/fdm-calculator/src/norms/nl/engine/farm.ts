import { FdmCalculatorError } from "../../../errors.js";
import { daysOfYear, type YearDays } from "../calendar.js";
import { dierlijkeMestNorm } from "./dierlijke-mest-gebruiksnorm.js";
import { fosfaatFilling, nitrogenFilling, stikstofFilling } from "./filling.js";
import { fosfaatNorm } from "./fosfaatgebruiksnorm.js";
import { type PreparedField, prepareField } from "./input.js";
import { renureNorm } from "./renure.js";
import type { NormYearRules } from "./rules.js";
import { stikstofNorm } from "./stikstofgebruiksnorm.js";
import { TextMemo } from "./text-memo.js";
import type {
  DierlijkeMestGebruiksnormResult,
  FosfaatGebruiksnormResult,
  GebruiksnormFillingResult,
  GebruiksnormResult,
  NormsFieldInput,
  RenureGebruiksnormResult,
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

/** The three gebruiksnormen every year has, of one field, and their filling. */
export interface BaseFieldGebruiksnormen {
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

/**
 * The gebruiksnormen of one field in a year and their filling: the three every
 * year has, and the RENURE norm in a year that has one (2026).
 */
export interface FieldGebruiksnormen extends BaseFieldGebruiksnormen {
  /** RENURE norm (kg N/ha from RENURE products) and its filling; absent in a year without one. */
  renure?: NormWithFilling<RenureGebruiksnormResult>;
}

/** One norm summed over the farm. */
export interface FarmNormTotal {
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

/** The gebruiksnormen of a farm in a year without a RENURE norm (2025): per field and summed. */
export interface BaseFarmGebruiksnormen {
  /** Total area of the fields, ha. */
  area: number;
  /** The norms and filling of each field, in input order. */
  fields: BaseFieldGebruiksnormen[];
  /** Stikstofgebruiksnorm of the farm. */
  stikstof: FarmNormTotal;
  /** Fosfaatgebruiksnorm of the farm. */
  fosfaat: FarmNormTotal;
  /** Dierlijke-mest-gebruiksnorm of the farm. */
  dierlijkeMest: FarmNormTotal;
}

/** The gebruiksnormen of a farm in a year with a RENURE norm (from 2026): per field and summed. */
export interface RenureFarmGebruiksnormen extends BaseFarmGebruiksnormen {
  /** The norms and filling of each field, RENURE included, in input order. */
  fields: (BaseFieldGebruiksnormen & { renure: NormWithFilling<RenureGebruiksnormResult> })[];
  /** RENURE norm of the farm. */
  renure: FarmNormTotal;
}

/** The gebruiksnormen of a farm in a year: per field and summed. */
export interface FarmGebruiksnormen {
  /** Total area of the fields, ha. */
  area: number;
  /** The norms and filling of each field, in input order. */
  fields: FieldGebruiksnormen[];
  /** Stikstofgebruiksnorm of the farm. */
  stikstof: FarmNormTotal;
  /** Fosfaatgebruiksnorm of the farm. */
  fosfaat: FarmNormTotal;
  /** Dierlijke-mest-gebruiksnorm of the farm. */
  dierlijkeMest: FarmNormTotal;
  /** RENURE norm of the farm; absent in a year without one. */
  renure?: FarmNormTotal;
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
  result(area: number): FarmNormTotal {
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

/**
 * The calendar year (UTC) of a Date, `NaN` for anything else; a time inside
 * `year` is told by comparing it with the year's bounds, which costs far less
 * than taking the date apart.
 */
function yearOfDate(value: unknown, year: number, bounds: YearDays): number {
  if (!(value instanceof Date)) return Number.NaN;
  const time = value.getTime();
  return time >= bounds.jan1 && time < bounds.nextJan1 ? year : value.getUTCFullYear();
}

/** Adds to `years` the calendar years a field's dated input points to: its applications, and crops starting after `year`. */
function addYears(input: NormsFieldInput, year: number, years: number[]) {
  if (!input || typeof input !== "object") return;
  const bounds = daysOfYear(year);
  if (Array.isArray(input.applications)) {
    for (const a of input.applications) {
      const y = yearOfDate(a?.date, year, bounds);
      if (!Number.isNaN(y) && !years.includes(y)) years.push(y);
    }
  }
  if (Array.isArray(input.cultivations)) {
    for (const c of input.cultivations) {
      const start = c?.startDate instanceof Date ? c.startDate.getTime() : Number.NaN;
      // Only a crop starting after `year` adds a year; a start before its end is read no further.
      if (start >= bounds.nextJan1) {
        const y = yearOfDate(c.startDate, year, bounds);
        if (!years.includes(y)) years.push(y);
      }
    }
  }
}

/** Refuses a farm whose fields are dated in different years: each year has its own rules and function. */
function refuseMixedYears(fields: readonly NormsFieldInput[], year: number) {
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
    `The farm's fields are dated in more than one year (${list}); the gebruiksnormen are set per calendar year, so compute each year on its own (calculateGebruiksnormenForFarm with the year of each)`,
  );
}

/**
 * The norms and filling of every field of a farm under one year's rules, and
 * their sums for the farm: the stikstof-, fosfaat- and dierlijke-mest-
 * gebruiksnorm, and the RENURE norm when the year has one. Checks the list,
 * refuses mixed years and repeated field ids. A field whose main crop has no
 * Table-2 line gets a `null` stikstof norm and its typed `noNormForCrop`.
 */
export function farmGebruiksnormen(
  fields: readonly NormsFieldInput[],
  rules: NormYearRules,
): FarmGebruiksnormen {
  if (!Array.isArray(fields) || fields.length === 0) {
    throw new FdmCalculatorError("INVALID_INPUT", "A farm needs at least one field");
  }
  refuseMixedYears(fields, rules.year);
  const seen = new Set<string>();
  // One memo of explanation texts for all fields: a farm repeats the same texts on many fields.
  const texts = new TextMemo();
  const stikstofTotal = new NormTotal("kg N");
  const fosfaatTotal = new NormTotal("kg P2O5");
  const dierlijkeMestTotal = new NormTotal("kg N");
  const renureTotal = rules.renure === null ? null : new NormTotal("kg N");
  let area = 0;
  const results = fields.map((input): FieldGebruiksnormen => {
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
    const fosfaatValue = fosfaatNorm(field);
    const found = stikstofOrNoNorm(field);
    const stikstof = { norm: found.norm, filling: stikstofFilling(field) };
    const fosfaat = { norm: fosfaatValue, filling: fosfaatFilling(field, fosfaatValue.normValue) };
    const dierlijkeMest = { norm: dierlijkeMestNorm(field), filling: nitrogenFilling(field) };
    stikstofTotal.add(input.fieldId, input.area, stikstof);
    fosfaatTotal.add(input.fieldId, input.area, fosfaat);
    dierlijkeMestTotal.add(input.fieldId, input.area, dierlijkeMest);
    // Literals rather than a spread of a base object: the spread cost a tenth of the farm.
    if (renureTotal === null) {
      return {
        fieldId: input.fieldId,
        area: input.area,
        stikstof,
        fosfaat,
        dierlijkeMest,
        noNormForCrop: found.noNorm,
      };
    }
    const renure = { norm: renureNorm(field), filling: nitrogenFilling(field, "renure") };
    renureTotal.add(input.fieldId, input.area, renure);
    return {
      fieldId: input.fieldId,
      area: input.area,
      stikstof,
      fosfaat,
      dierlijkeMest,
      noNormForCrop: found.noNorm,
      renure,
    };
  });
  const farm: FarmGebruiksnormen = {
    area,
    fields: results,
    stikstof: stikstofTotal.result(area),
    fosfaat: fosfaatTotal.result(area),
    dierlijkeMest: dierlijkeMestTotal.result(area),
  };
  if (renureTotal !== null) farm.renure = renureTotal.result(area);
  return farm;
}
