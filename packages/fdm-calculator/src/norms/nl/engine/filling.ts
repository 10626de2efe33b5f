import { fosfaatNorm } from "./fosfaatgebruiksnorm.js";
import type { PreparedFieldWithApplications } from "./input.js";
import type { YearMestcode } from "./rules.js";
import { flat } from "./text-memo.js";
import type { GebruiksnormFillingResult, NormFillingApplication } from "./types.js";
import { requireContent, werkingscoefficient } from "./werkingscoefficient.js";

/**
 * A number for an explanation: at most two decimals, as
 * `String(Math.round(value * 100) / 100)` writes it. Below 10^12 that is the
 * decimal k/100 itself (the doubles there lie closer than 0.01, so no shorter
 * decimal reads back to the same number), which integer arithmetic writes
 * without the general shortest-decimal search; larger numbers take that path.
 */
export function fmt(value: number): string {
  const hundredths = Math.round(value * 100);
  const size = Math.abs(hundredths);
  if (!(size < 1e14)) return String(hundredths / 100);
  if (size === 0) return "0";
  const sign = hundredths < 0 ? "-" : "";
  const whole = Math.floor(size / 100);
  const cents = size - whole * 100;
  if (cents === 0) return `${sign}${whole}`;
  if (cents % 10 === 0) return `${sign}${whole}.${cents / 10}`;
  return `${sign}${whole}.${cents < 10 ? "0" : ""}${cents}`;
}

/**
 * The sum of the applications' values, in input order. Summed after map()
 * rather than inside it: a callback that updates a running total costs an
 * allocation per application.
 */
function sumOfValues(applications: readonly NormFillingApplication[]): number {
  let total = 0;
  for (const a of applications) total += a.value;
  return total;
}

/** The stikstofgebruiksnorm filling of a validated field. */
export function stikstofFilling(field: PreparedFieldWithApplications): GebruiksnormFillingResult {
  const { input, texts } = field;
  const context = {
    fieldId: input.fieldId,
    region: input.region,
    hasGrazingIntention: input.hasGrazingIntention,
    cultivations: field.cultivations,
    rules: field.rules,
  };
  const applicationTexts = texts.at("stikstof application");
  const applications = field.applications.map((a): NormFillingApplication => {
    const n = requireContent(a, "n", input.fieldId);
    const wc = werkingscoefficient(a, context);
    const amount = a.source.amount;
    const value = (amount * n.value * wc.coefficient) / 1000;
    // The value follows from the amount, the content and the coefficient on the path.
    const memo = applicationTexts.at(wc.why).at(wc.coefficient).at(n.source).at(amount).at(n.value);
    return {
      applicationId: a.source.id ?? null,
      index: a.index,
      value,
      explanation:
        memo.text ??
        memo.keep(
          flat`${fmt(amount)} kg/ha × ${fmt(n.value)} kg N/ton (${n.source}) × ${wc.why} = ${fmt(value)} kg effective N/ha`,
        ),
    };
  });
  const total = sumOfValues(applications);
  const count = applications.length;
  const memo = texts.at("stikstof filling").at(count).at(total);
  return {
    normFilling: total,
    unit: "kg N/ha",
    applications,
    explanation:
      memo.text ??
      memo.keep(
        flat`${count} application(s) give ${fmt(total)} kg effective N/ha: amount × N content × werkingscoëfficiënt (Table 9)`,
      ),
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
  field: PreparedFieldWithApplications,
  norm: "dierlijkeMest" | "renure" = "dierlijkeMest",
): GebruiksnormFillingResult {
  const { input, texts } = field;
  const renure = norm === "renure";
  const what = renure ? "RENURE products" : "animal manure";
  const applicationTexts = texts.at(renure ? "renure application" : "dierlijke mest application");
  const applications = field.applications.map((a): NormFillingApplication => {
    const applicationId = a.source.id ?? null;
    const counts = renure ? a.mestcode.isRenure : a.mestcode.isDierlijkeMest;
    if (!counts) {
      return { applicationId, index: a.index, value: 0, explanation: notCounted(a.mestcode, norm) };
    }
    const n = requireContent(a, "n", input.fieldId);
    const amount = a.source.amount;
    const value = (amount * n.value) / 1000;
    const memo = applicationTexts.at(n.source).at(amount).at(n.value);
    return {
      applicationId,
      index: a.index,
      value,
      explanation:
        memo.text ??
        memo.keep(
          flat`${fmt(amount)} kg/ha × ${fmt(n.value)} kg N/ton (${n.source}) of ${what} = ${fmt(value)} kg N/ha`,
        ),
    };
  });
  const total = sumOfValues(applications);
  const memo = texts.at(renure ? "renure filling" : "dierlijke mest filling").at(total);
  return {
    normFilling: total,
    unit: "kg N/ha",
    applications,
    explanation:
      memo.text ??
      memo.keep(
        renure
          ? flat`${fmt(total)} kg N/ha from RENURE products (mestcodes 130–134, measured N content)`
          : flat`${fmt(total)} kg N/ha from animal manure (mestcodes that count as dierlijke mest in Table 11)`,
      ),
  };
}

/** Share of the phosphate of an organic-rich product that counts (Staatscourant 2023, 5152). */
function organicRichShare(code: number, isOrganicCertified: boolean): 0.25 | 0.75 | null {
  if (code === 111 || code === 112) return 0.25;
  if (code === 10 || code === 61 || code === 25 || code === 56 || code === 110) return 0.75;
  if (code === 40 && isOrganicCertified) return 0.75;
  return null;
}

/** Why the organic-rich products count as they do (Staatscourant 2023, 5152). */
function fosfaatRule(applies: boolean, organicRich: number, cap: number): string {
  if (applies) {
    return `${fmt(organicRich)} kg P2O5/ha comes from organic-rich products (at least 20), so they count for 25% or 75% up to the fosfaatgebruiksnorm of ${cap} kg P2O5/ha (Staatscourant 2023, 5152)`;
  }
  return organicRich > 0
    ? `only ${fmt(organicRich)} kg P2O5/ha comes from organic-rich products (below 20), so all count for 100%`
    : "no organic-rich products, so all count for 100%";
}

/** The fosfaatgebruiksnorm filling of a validated field; `norm` is computed only when the cap needs it. */
export function fosfaatFilling(
  field: PreparedFieldWithApplications,
  norm?: number,
): GebruiksnormFillingResult {
  const { input, texts } = field;
  const items = field.applications.map((a) => {
    const p = requireContent(a, "p2o5", input.fieldId);
    return {
      a,
      p,
      p2o5: (a.source.amount * p.value) / 1000,
      share: organicRichShare(a.mestcode.code, input.isOrganicCertified),
      /** The kg P2O5/ha counted at `share` under the cap, or `null` when the reduction does not apply. */
      reduced: null as number | null,
    };
  });
  let organicRich = 0;
  for (const i of items) if (i.share !== null) organicRich += i.p2o5;
  const applies = organicRich >= 20;
  const cap = applies ? (norm ?? fosfaatNorm(field).normValue) : 0;
  if (applies) {
    // The 25% products take the cap first, then the 75% products, each in input order.
    let left = cap;
    for (const share of [0.25, 0.75] as const) {
      for (const i of items) {
        if (i.share !== share) continue;
        i.reduced = Math.min(i.p2o5, left);
        left -= i.reduced;
      }
    }
  }
  const applicationTexts = texts.at("fosfaat application");
  const applications = items.map(({ a, p, p2o5, share, reduced }): NormFillingApplication => {
    const rest = reduced === null ? 0 : p2o5 - reduced;
    const value = reduced === null || share === null ? p2o5 : reduced * share + rest;
    // The P2O5 follows from the amount and the content; the rest from the share and the part under the cap.
    const amount = a.source.amount;
    const memo = applicationTexts.at(p.source).at(amount).at(p.value);
    const plain =
      memo.text ??
      memo.keep(
        flat`${fmt(amount)} kg/ha × ${fmt(p.value)} kg P2O5/ton (${p.source}) = ${fmt(p2o5)} kg P2O5/ha`,
      );
    if (reduced === null || share === null) {
      return { applicationId: a.source.id ?? null, index: a.index, value, explanation: plain };
    }
    const counted = memo.at(share).at(reduced);
    return {
      applicationId: a.source.id ?? null,
      index: a.index,
      value,
      explanation:
        counted.text ??
        counted.keep(
          flat`${plain}, counted as ${fmt(reduced)} at ${share * 100}%${rest > 0 ? ` and ${fmt(rest)} above the cap at 100%` : ""}: ${fmt(value)}`,
        ),
    };
  });
  const total = sumOfValues(applications);
  const memo = texts.at("fosfaat filling").at(applies).at(cap).at(organicRich).at(total);
  return {
    normFilling: total,
    unit: "kg P2O5/ha",
    applications,
    explanation:
      memo.text ??
      memo.keep(
        flat`${fmt(total)} kg P2O5/ha counts against the fosfaatgebruiksnorm; ${fosfaatRule(applies, organicRich, cap)}`,
      ),
  };
}
