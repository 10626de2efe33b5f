import type { YearMestcode } from "../rules.js";
import { fosfaatNorm } from "./fosfaatgebruiksnorm.js";
import { type PreparedField, prepareField } from "./input.js";
import type {
  GebruiksnormFillingResult,
  NL2025NormsInput,
  NormFillingApplication,
} from "./types.js";
import { requireContent, werkingscoefficient } from "./werkingscoefficient.js";

// Formatted numbers repeat across fields (amounts, contents): formatting is a hot spot of the norms.
const FORMATTED = new Map<number, string>();

/** A number for an explanation: at most two decimals. */
export function fmt(value: number): string {
  let text = FORMATTED.get(value);
  if (text === undefined) {
    text = String(Math.round(value * 100) / 100);
    if (FORMATTED.size < 4096) FORMATTED.set(value, text);
  }
  return text;
}

/** The stikstofgebruiksnorm filling of a validated field. */
export function stikstofFilling(field: PreparedField): GebruiksnormFillingResult {
  const { input } = field;
  const context = {
    fieldId: input.fieldId,
    region: input.region,
    hasGrazingIntention: input.hasGrazingIntention,
    cultivations: field.cultivations,
    rules: field.rules,
  };
  let total = 0;
  const applications = field.applications.map((a): NormFillingApplication => {
    const n = requireContent(a, "n", input.fieldId);
    const wc = werkingscoefficient(a, context);
    const value = (a.source.amount * n.value * wc.coefficient) / 1000;
    total += value;
    return {
      applicationId: a.source.id ?? null,
      index: a.index,
      value,
      explanation: `${fmt(a.source.amount)} kg/ha × ${fmt(n.value)} kg N/ton (${n.source}) × ${wc.why} = ${fmt(value)} kg effective N/ha`,
    };
  });
  return {
    normFilling: total,
    unit: "kg N/ha",
    applications,
    explanation: `${applications.length} application(s) give ${fmt(total)} kg effective N/ha: amount × N content × werkingscoëfficiënt (Table 9)`,
  };
}

// Why a mestcode does not count for a norm: one text per mestcode and norm, built once.
const NOT_COUNTED = {
  dierlijkeMest: new WeakMap<YearMestcode, string>(),
  renure: new WeakMap<YearMestcode, string>(),
};
function notCounted(m: YearMestcode, norm: "dierlijkeMest" | "renure"): string {
  let text = NOT_COUNTED[norm].get(m);
  if (text === undefined) {
    text =
      norm === "renure"
        ? `mestcode ${m.code} (${m.description}) is not a RENURE product (130–134)`
        : `mestcode ${m.code} (${m.description}) is not animal manure under the Nitrates Directive${m.isRenure ? "; it fills the RENURE norm" : ""}`;
    NOT_COUNTED[norm].set(m, text);
  }
  return text;
}

/**
 * The filling of a norm on total N of a validated field: the dierlijke-mest-
 * gebruiksnorm (animal manure of Table 11) or the RENURE norm (mestcodes
 * 130–134, 2026): amount × N content / 1000 of the products that count.
 */
export function nitrogenFilling(
  field: PreparedField,
  norm: "dierlijkeMest" | "renure" = "dierlijkeMest",
): GebruiksnormFillingResult {
  const { input } = field;
  const what = norm === "renure" ? "RENURE products" : "animal manure";
  let total = 0;
  const applications = field.applications.map((a): NormFillingApplication => {
    const applicationId = a.source.id ?? null;
    const counts = norm === "renure" ? a.mestcode.isRenure : a.mestcode.isDierlijkeMest;
    if (!counts) {
      return { applicationId, index: a.index, value: 0, explanation: notCounted(a.mestcode, norm) };
    }
    const n = requireContent(a, "n", input.fieldId);
    const value = (a.source.amount * n.value) / 1000;
    total += value;
    return {
      applicationId,
      index: a.index,
      value,
      explanation: `${fmt(a.source.amount)} kg/ha × ${fmt(n.value)} kg N/ton (${n.source}) of ${what} = ${fmt(value)} kg N/ha`,
    };
  });
  return {
    normFilling: total,
    unit: "kg N/ha",
    applications,
    explanation:
      norm === "renure"
        ? `${fmt(total)} kg N/ha from RENURE products (mestcodes 130–134, measured N content)`
        : `${fmt(total)} kg N/ha from animal manure (mestcodes that count as dierlijke mest in Table 11)`,
  };
}

/** Share of the phosphate of an organic-rich product that counts (Staatscourant 2023, 5152). */
function organicRichShare(code: number, isOrganicCertified: boolean): 0.25 | 0.75 | null {
  if (code === 111 || code === 112) return 0.25;
  if (code === 10 || code === 61 || code === 25 || code === 56 || code === 110) return 0.75;
  if (code === 40 && isOrganicCertified) return 0.75;
  return null;
}

/** The fosfaatgebruiksnorm filling of a validated field; `norm` is computed only when the cap needs it. */
export function fosfaatFilling(field: PreparedField, norm?: number): GebruiksnormFillingResult {
  const { input } = field;
  const items = field.applications.map((a) => {
    const p = requireContent(a, "p2o5", input.fieldId);
    return {
      a,
      p,
      p2o5: (a.source.amount * p.value) / 1000,
      share: organicRichShare(a.mestcode.code, input.isOrganicCertified),
    };
  });
  const organicRich = items.reduce((sum, i) => (i.share === null ? sum : sum + i.p2o5), 0);
  const applies = organicRich >= 20;
  let cap = 0;
  let rule: string;
  if (applies) {
    cap = norm ?? fosfaatNorm(field).normValue;
    rule = `${fmt(organicRich)} kg P2O5/ha comes from organic-rich products (at least 20), so they count for 25% or 75% up to the fosfaatgebruiksnorm of ${cap} kg P2O5/ha (Staatscourant 2023, 5152)`;
  } else if (organicRich > 0) {
    rule = `only ${fmt(organicRich)} kg P2O5/ha comes from organic-rich products (below 20), so all count for 100%`;
  } else {
    rule = "no organic-rich products, so all count for 100%";
  }
  const counted = new Map<number, { value: number; note: string }>();
  if (applies) {
    // The 25% products take the cap first, then the 75% products, each in input order.
    for (const share of [0.25, 0.75] as const) {
      for (const i of items) {
        if (i.share !== share) continue;
        const reduced = Math.min(i.p2o5, cap);
        cap -= reduced;
        const rest = i.p2o5 - reduced;
        counted.set(i.a.index, {
          value: reduced * share + rest,
          note: `${fmt(reduced)} at ${share * 100}%${rest > 0 ? ` and ${fmt(rest)} above the cap at 100%` : ""}`,
        });
      }
    }
  }
  let total = 0;
  const applications = items.map((i): NormFillingApplication => {
    const reduced = counted.get(i.a.index);
    const value = reduced ? reduced.value : i.p2o5;
    total += value;
    return {
      applicationId: i.a.source.id ?? null,
      index: i.a.index,
      value,
      explanation: `${fmt(i.a.source.amount)} kg/ha × ${fmt(i.p.value)} kg P2O5/ton (${i.p.source}) = ${fmt(i.p2o5)} kg P2O5/ha${reduced ? `, counted as ${reduced.note}: ${fmt(value)}` : ""}`,
    };
  });
  return {
    normFilling: total,
    unit: "kg P2O5/ha",
    applications,
    explanation: `${fmt(total)} kg P2O5/ha counts against the fosfaatgebruiksnorm; ${rule}`,
  };
}

/**
 * Computes how much of the stikstofgebruiksnorm (nitrogen application norm) a
 * field's applications use: for each application, amount (kg/ha) × N content
 * (kg/ton) × werkingscoëfficiënt / 1000, in kg effective N/ha.
 *
 * The N content is the measured one, or the forfaitaire content of Table 11
 * when the measured content is unknown or 0. The werkingscoëfficiënt (working
 * coefficient) comes from Table 9 of the Uitvoeringsregeling Meststoffenwet:
 * the first sub-case of the mestcode's category whose origin (own farm or
 * brought in), grazing intention, soil region, land use on the day (bouwland
 * unless grassland 265/266/331/332 is on the field) and period (1 September to
 * 31 January) hold. Products in no category, such as kunstmest (115), count
 * at 100%.
 *
 * @param input - The field's plain input, with its applications.
 * @returns The filling in kg N/ha with the contribution of each application.
 * @throws {FdmCalculatorError} `UNKNOWN_CONTENT` when neither a measured nor a forfaitaire N
 *   content is known, `MISSING_ORIGIN` when the coefficient depends on the manure's origin and
 *   none is given, and the validation errors of the input.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateNL2025StikstofGebruiksNormFilling } from "fdm-calculator";
 *
 * const filling = calculateNL2025StikstofGebruiksNormFilling({
 *   fieldId: "field-1",
 *   area: 10,
 *   region: "zand_zuid",
 *   isNVGebied: false,
 *   isGWBG: false,
 *   isNatura2000: false,
 *   isDerogatievrijeZone: false,
 *   hasDerogation: false,
 *   hasGrazingIntention: false,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_259", startDate: new Date("2025-05-01") }],
 *   applications: [
 *     {
 *       date: new Date("2025-04-20"),
 *       amount: 30000, // 30 ton slurry of fattening pigs
 *       fertilizer: {
 *         typeRvo: 50,
 *         composition: { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null },
 *       },
 *     },
 *   ],
 * });
 * // 30 ton × 6.4 kg N/ton × 80% (pig slurry on sand) = 153.6 kg N/ha
 * assert.equal(Math.round(filling.normFilling * 10) / 10, 153.6);
 * ```
 */
export function calculateNL2025StikstofGebruiksNormFilling(
  input: NL2025NormsInput,
): GebruiksnormFillingResult {
  return stikstofFilling(prepareField(input));
}

/**
 * Computes how much of the fosfaatgebruiksnorm (phosphate application norm) a
 * field's applications use: for each application, amount (kg/ha) × P2O5 content
 * (kg/ton) / 1000, in kg P2O5/ha, with the rule for organic-rich fertilizers
 * (Staatscourant 2023, nr. 5152).
 *
 * Compost and very clean compost (mestcodes 111, 112) count for 25%; solid
 * cattle, goat, horse and sheep manure (10, 61, 25, 56) and champost (110) for
 * 75%, and solid pig manure (40) for 75% on a certified organic farm. The
 * reduction applies only when these products bring at least 20 kg P2O5/ha in
 * total, and only up to the field's fosfaatgebruiksnorm (the 25% products
 * first); phosphate above that cap counts for 100%. The P2O5 content is the
 * measured one, or the forfaitaire content of Table 11 when it is unknown or 0;
 * kunstmest (115) without a declared P2O5 content brings none.
 *
 * @param input - The field's plain input, with its applications; `soilPhosphate` is needed
 *   when the reduction applies, because the cap is the field's fosfaatgebruiksnorm.
 * @returns The filling in kg P2O5/ha with the contribution of each application.
 * @throws {FdmCalculatorError} `UNKNOWN_CONTENT` when neither a measured nor a forfaitaire P2O5
 *   content is known, `MISSING_SOIL_ANALYSIS` when the cap needs the norm and there is no soil
 *   analysis, and the validation errors of the input.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateNL2025FosfaatGebruiksNormFilling } from "fdm-calculator";
 *
 * const filling = calculateNL2025FosfaatGebruiksNormFilling({
 *   fieldId: "field-1",
 *   area: 10,
 *   region: "klei",
 *   isNVGebied: false,
 *   isGWBG: false,
 *   isNatura2000: false,
 *   isDerogatievrijeZone: false,
 *   hasDerogation: false,
 *   hasGrazingIntention: false,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_233", startDate: new Date("2024-10-20") }],
 *   soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
 *   applications: [
 *     {
 *       date: new Date("2025-03-01"),
 *       amount: 10000, // 10 ton solid cattle manure
 *       origin: "aangevoerd",
 *       fertilizer: {
 *         typeRvo: 10,
 *         composition: { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null },
 *       },
 *     },
 *   ],
 * });
 * // 10 ton × 3.2 kg P2O5/ton = 32 kg (at least 20), counted for 75% = 24 kg P2O5/ha
 * assert.equal(Math.round(filling.normFilling * 10) / 10, 24);
 * ```
 */
export function calculateNL2025FosfaatGebruiksNormFilling(
  input: NL2025NormsInput,
): GebruiksnormFillingResult {
  return fosfaatFilling(prepareField(input));
}

/**
 * Computes how much of the dierlijke-mest-gebruiksnorm (animal-manure nitrogen
 * norm) a field's applications use: the total N, in kg N/ha, of the
 * applications whose mestcode counts as animal manure under the Nitrates
 * Directive (Table 11): amount (kg/ha) × N content (kg/ton) / 1000, with the
 * measured content, or the forfaitaire one when it is unknown or 0. Other
 * products (kunstmest, compost, sewage sludge) contribute 0, with the reason.
 *
 * @param input - The field's plain input, with its applications.
 * @returns The filling in kg N/ha with the contribution of each application.
 * @throws {FdmCalculatorError} `UNKNOWN_CONTENT` when an animal manure has neither a measured nor
 *   a forfaitaire N content, and the validation errors of the input.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { calculateNL2025DierlijkeMestGebruiksNormFilling } from "fdm-calculator";
 *
 * const empty = { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null };
 * const filling = calculateNL2025DierlijkeMestGebruiksNormFilling({
 *   fieldId: "field-1",
 *   area: 10,
 *   region: "zand_nwc",
 *   isNVGebied: false,
 *   isGWBG: false,
 *   isNatura2000: false,
 *   isDerogatievrijeZone: false,
 *   hasDerogation: true,
 *   hasGrazingIntention: true,
 *   isOrganicCertified: false,
 *   cultivations: [{ cultivationId: "nl_265", startDate: new Date("2010-01-01") }],
 *   applications: [
 *     // 25 ton cattle slurry at the forfaitaire 4 kg N/ton
 *     { date: new Date("2025-03-10"), amount: 25000, origin: "eigen_bedrijf", fertilizer: { typeRvo: 14, composition: empty } },
 *     // kunstmest does not count for this norm
 *     { date: new Date("2025-04-01"), amount: 200, fertilizer: { typeRvo: 115, composition: { ...empty, n: 270 } } },
 *   ],
 * });
 * assert.equal(filling.normFilling, 100);
 * ```
 */
export function calculateNL2025DierlijkeMestGebruiksNormFilling(
  input: NL2025NormsInput,
): GebruiksnormFillingResult {
  return nitrogenFilling(prepareField(input));
}
