import { FdmCalculatorError } from "../../../errors.js";
import { dierlijkeMestNorm } from "./dierlijke-mest-gebruiksnorm.js";
import { dierlijkeMestFilling, fosfaatFilling, stikstofFilling } from "./filling.js";
import { fosfaatNorm } from "./fosfaatgebruiksnorm.js";
import { prepareField } from "./input.js";
import { stikstofNorm } from "./stikstofgebruiksnorm.js";
import type {
  DierlijkeMestGebruiksnormResult,
  FosfaatGebruiksnormResult,
  GebruiksnormFillingResult,
  GebruiksnormResult,
  NL2025NormsInput,
  StikstofGebruiksnormResult,
} from "./types.js";

/** A norm of one field beside its filling. */
export interface NormWithFilling<T extends GebruiksnormResult> {
  /** The norm, per ha. */
  norm: T;
  /** How much of it the applications use, per ha. */
  filling: GebruiksnormFillingResult;
}

/** The three 2025 gebruiksnormen of one field and their filling. */
export interface NL2025FieldGebruiksnormen {
  /** The field's id. */
  fieldId: string;
  /** The field's area, ha. */
  area: number;
  /** Stikstofgebruiksnorm (kg effective N/ha) and its filling. */
  stikstof: NormWithFilling<StikstofGebruiksnormResult>;
  /** Fosfaatgebruiksnorm (kg P2O5/ha) and its filling. */
  fosfaat: NormWithFilling<FosfaatGebruiksnormResult>;
  /** Dierlijke-mest-gebruiksnorm (kg N/ha from animal manure) and its filling. */
  dierlijkeMest: NormWithFilling<DierlijkeMestGebruiksnormResult>;
}

/** One norm summed over the farm. */
export interface NL2025FarmNormTotal {
  /** Sum over the fields of norm × area, kg. */
  normTotal: number;
  /** Sum over the fields of filling × area, kg. */
  fillingTotal: number;
  /** `normTotal − fillingTotal`, kg; negative when the farm exceeds the norm. */
  remaining: number;
  /** The area-weighted norm, `normTotal / area`, kg/ha. */
  normPerHa: number;
  /** The area-weighted filling, `fillingTotal / area`, kg/ha. */
  fillingPerHa: number;
  /** The unit of the totals. */
  unit: "kg N" | "kg P2O5";
  /** "used X of Y kg …", rounded to whole kilograms. */
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

function total(
  fields: NL2025FieldGebruiksnormen[],
  area: number,
  key: "stikstof" | "fosfaat" | "dierlijkeMest",
  unit: "kg N" | "kg P2O5",
): NL2025FarmNormTotal {
  let normTotal = 0;
  let fillingTotal = 0;
  for (const field of fields) {
    normTotal += field[key].norm.normValue * field.area;
    fillingTotal += field[key].filling.normFilling * field.area;
  }
  return {
    normTotal,
    fillingTotal,
    remaining: normTotal - fillingTotal,
    normPerHa: normTotal / area,
    fillingPerHa: fillingTotal / area,
    unit,
    explanation: `used ${Math.round(fillingTotal)} of ${Math.round(normTotal)} ${unit}`,
  };
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
 * @param fields - The plain input of each field (at least one, unique `fieldId`s).
 * @returns The per-field results and the farm totals.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for an empty list or a repeated `fieldId`, and
 *   every error of the per-field norm and filling functions, naming the field.
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
  if (!Array.isArray(fields) || fields.length === 0) {
    throw new FdmCalculatorError("INVALID_INPUT", "A farm needs at least one field");
  }
  const seen = new Set<string>();
  let area = 0;
  const results = fields.map((input): NL2025FieldGebruiksnormen => {
    const field = prepareField(input);
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
    return {
      fieldId: input.fieldId,
      area: input.area,
      stikstof: { norm: stikstofNorm(field), filling: stikstofFilling(field) },
      fosfaat: { norm: fosfaat, filling: fosfaatFilling(field, fosfaat.normValue) },
      dierlijkeMest: { norm: dierlijkeMestNorm(field), filling: dierlijkeMestFilling(field) },
    };
  });
  return {
    area,
    fields: results,
    stikstof: total(results, area, "stikstof", "kg N"),
    fosfaat: total(results, area, "fosfaat", "kg P2O5"),
    dierlijkeMest: total(results, area, "dierlijkeMest", "kg N"),
  };
}
