import { DAY, daysOfYear, formatDay } from "../calendar.js";
import {
  brpCode,
  type PreparedCultivation,
  type PreparedField,
  prepareCultivations,
  type ResolvedMainCrop,
} from "./input.js";
import type { NormYearRules } from "./rules.js";
import { noMemo, type TextMemo } from "./text-memo.js";
import type { NormsCultivation } from "./types.js";

export type { ResolvedMainCrop } from "./input.js";

/** BRP 6794 "groene braak, spontane opkomst": the main crop of a field without a crop in the window. */
export const NO_CROP_CODE = 6794;

/** The hoofdteelt (main crop) of a field in a year. */
export interface Hoofdteelt {
  /** Catalogue id of the main crop, e.g. `nl_265`. */
  cultivationId: string;
  /** The cultivation that was chosen, or `null` when no crop was on the field in the window. */
  cultivation: NormsCultivation | null;
  /** Days the crop was on the field between 15 May and 15 July of the year. */
  daysInWindow: number;
  /** How the main crop was chosen. */
  explanation: string;
}

/** Days a cultivation covers of 15 May–15 July of `year` (end minus start, clipped). */
export function daysInWindow(c: PreparedCultivation, year: number): number {
  const from = Math.max(c.start, daysOfYear(year).may15);
  const windowEnd = daysOfYear(year).jul15;
  const to = Math.min(c.end ?? windowEnd, windowEnd);
  return to > from ? (to - from) / DAY : 0;
}

/** The main crop among prepared cultivations, by the hoofdteelt rule. */
export function findHoofdteelt(
  cultivations: PreparedCultivation[],
  rules: NormYearRules,
  texts: TextMemo = noMemo(),
): ResolvedMainCrop {
  const { year, cropName } = rules;
  let best: PreparedCultivation | null = null;
  let bestDays = 0;
  let tied = false;
  for (const c of cultivations) {
    const days = daysInWindow(c, year);
    if (days === 0) continue;
    if (best === null || days > bestDays) {
      best = c;
      bestDays = days;
      tied = false;
    } else if (days === bestDays) {
      tied = true;
      if (String(c.code) < String(best.code)) best = c;
    }
  }
  if (best === null) {
    const memo = texts.at("no hoofdteelt").at(year);
    return {
      code: NO_CROP_CODE,
      id: `nl_${NO_CROP_CODE}`,
      cultivation: null,
      days: 0,
      explanation:
        memo.text ??
        memo.keep(
          `no crop was on the field between 15 May and 15 July ${year}, so the hoofdteelt is nl_${NO_CROP_CODE} (${cropName(NO_CROP_CODE)})`,
        ),
    };
  }
  const { id, code } = best;
  // The code follows from the id.
  const memo = texts.at("hoofdteelt").at(year).at(id).at(bestDays).at(tied);
  return {
    code,
    id,
    cultivation: best,
    days: bestDays,
    explanation:
      memo.text ??
      memo.keep(
        `hoofdteelt ${id} (${cropName(code)}) covers ${bestDays} days of 15 May–15 July ${year}${tied ? ", tied with another crop and first by code in alphabetical order" : ""}`,
      ),
  };
}

/** The main crop of a prepared field: `mainCropId` when given, otherwise the hoofdteelt rule. */
export function resolveMainCrop(field: PreparedField): ResolvedMainCrop {
  field.mainCrop ??= findMainCrop(field);
  return field.mainCrop;
}

function findMainCrop(field: PreparedField): ResolvedMainCrop {
  const { rules, texts } = field;
  const given = field.input.mainCropId;
  if (given === undefined) return findHoofdteelt(field.cultivations, rules, texts);
  const code = brpCode(given, field.input.fieldId, rules);
  let match: PreparedCultivation | null = null;
  let matchDays = -1;
  for (const c of field.cultivations) {
    if (c.code !== code) continue;
    const days = daysInWindow(c, rules.year);
    if (days > matchDays) {
      match = c;
      matchDays = days;
    }
  }
  const sown = match?.start ?? null;
  const memo = texts.at("given hoofdteelt").at(rules.year).at(given).at(sown);
  return {
    code,
    id: given,
    cultivation: match,
    days: Math.max(matchDays, 0),
    explanation:
      memo.text ??
      memo.keep(
        `hoofdteelt ${given} (${rules.cropName(code)}) as given in mainCropId${sown === null ? "" : `, sown ${formatDay(sown)}`}`,
      ),
  };
}

/** The hoofdteelt of a field's cultivations under a year's rules, as the public functions return it. */
export function hoofdteelt(
  input: { fieldId: string; cultivations: NormsCultivation[] },
  rules: NormYearRules,
): Hoofdteelt {
  const found = findHoofdteelt(
    prepareCultivations(input.cultivations, input.fieldId, rules),
    rules,
  );
  return {
    cultivationId: found.id,
    cultivation: found.cultivation?.source ?? null,
    daysInWindow: found.days,
    explanation: found.explanation,
  };
}
