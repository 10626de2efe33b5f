import { FdmCalculatorError } from "../../../errors.js";
import { daysOfYear, formatDay } from "../calendar.js";
import { type ResolvedMainCrop, resolveMainCrop } from "./hoofdteelt.js";
import type { PreparedCultivation, PreparedField } from "./input.js";
import { variantRow } from "./table-index.js";
import type { StikstofTableRow } from "./table-types.js";
import { flat } from "./text-memo.js";
import type { StikstofGebruiksnormResult } from "./types.js";

const FIRST_YEAR_VARIANTS = new Set([
  "eerste jaar",
  "inzaai in september en eerste jaar",
  "1e jaars",
]);
const KOOLZAAD_VARIANT: Record<number, string> = { 1922: "winter", 1923: "zomer" };

function byVariant(rows: StikstofTableRow[], variant: string): StikstofTableRow {
  const row = variantRow(rows, variant);
  if (!row) throw new Error(`Table 2 line "${rows[0]?.table2Name}" has no variant "${variant}"`);
  return row;
}

/** Picks the period variant of Tijdelijk grasland (266) from the crop's dates in the year. */
function temporaryGrasslandRow(
  rows: StikstofTableRow[],
  main: ResolvedMainCrop,
  field: PreparedField,
): { row: StikstofTableRow; why: string } {
  const fieldId = field.input.fieldId;
  const { year } = field.rules;
  const APR_15 = daysOfYear(year).apr15;
  const MAY_15 = daysOfYear(year).may15;
  const AUG_15 = daysOfYear(year).aug15;
  const SEP_15 = daysOfYear(year).sep15;
  const OCT_15 = daysOfYear(year).oct15;
  const c = main.cultivation;
  if (!c) {
    throw new FdmCalculatorError(
      "MISSING_CULTIVATION",
      `Field "${fieldId}": tijdelijk grasland (${main.id}) needs its dates to choose the period of RVO Table 2, but no cultivation with that id is given`,
      { fieldId },
    );
  }
  const until = c.end ?? Number.POSITIVE_INFINITY;
  const { start, end } = c;
  const memo = field.texts.at("tijdelijk grasland").at(year).at(start).at(end);
  const why =
    memo.text ??
    memo.keep(
      `tijdelijk grasland on the field from ${formatDay(start)} until ${end === null ? `after ${year}` : formatDay(end)}`,
    );
  const pick = (variant: string) => ({ row: byVariant(rows, variant), why });
  if (c.start <= daysOfYear(year).jan1) {
    if (until >= OCT_15) return pick("van 1 januari tot minstens 15 oktober");
    if (until >= SEP_15) return pick("van 1 januari tot minstens 15 september");
    if (until >= AUG_15) return pick("van 1 januari tot minstens 15 augustus");
    if (until >= MAY_15) return pick("van 1 januari tot minstens 15 mei");
    if (until >= APR_15) return pick("van 1 januari tot minstens 15 april");
  } else if (c.start > SEP_15) {
    return pick("vanaf 15 oktober");
  } else if (until >= OCT_15) {
    if (c.start <= APR_15) return pick("vanaf 15 april tot minstens 15 oktober");
    if (c.start <= MAY_15) return pick("vanaf 15 mei tot minstens 15 oktober");
    if (c.start <= AUG_15) return pick("vanaf 15 augustus tot minstens 15 oktober");
    return pick("vanaf 15 september tot minstens 15 oktober");
  }
  throw new FdmCalculatorError(
    "NO_NORM_FOR_PERIOD",
    `Field "${fieldId}": ${why} matches no period of RVO Table 2 (from 1 January until at least 15 April, or from a date until at least 15 October)`,
    { fieldId },
  );
}

function chooseRow(
  rows: StikstofTableRow[],
  main: ResolvedMainCrop,
  field: PreparedField,
): { row: StikstofTableRow; why: string } {
  const first = rows[0] as StikstofTableRow;
  const { rules, texts } = field;
  const input = field.input;
  const fieldId = input.fieldId;
  if (rows.length === 1) return { row: first, why: "the line has one figure set" };
  switch (first.variantBasis) {
    case "beweiding":
      return input.hasGrazingIntention
        ? { row: byVariant(rows, "beweiden"), why: "the farm intends to graze (beweiding)" }
        : { row: byVariant(rows, "volledig maaien"), why: "the farm does not intend to graze" };
    case "einddatum_periode":
      return temporaryGrasslandRow(rows, main, field);
    case "ras": {
      const given = main.cultivation?.source.variety;
      const variety = given?.trim().toLowerCase();
      if (!variety) return { row: byVariant(rows, "overig"), why: "no variety is given" };
      const lists = rules.varieties.get(first.table2Name);
      const variant =
        ["hoge norm", "lage norm"].find((v) => lists?.get(v)?.has(variety)) ?? "overig";
      const memo = texts
        .at("variety")
        .at(variant)
        .at(given as string);
      return {
        row: byVariant(rows, variant),
        why:
          memo.text ??
          memo.keep(
            variant === "overig"
              ? `variety "${given}" is on neither variety list`
              : `variety "${given}" is on the ${variant} list`,
          ),
      };
    }
    case "derogatie":
      return input.hasDerogation
        ? { row: byVariant(rows, "derogatie"), why: "the farm has derogatie" }
        : { row: byVariant(rows, "non-derogatie"), why: "the farm has no derogatie" };
    case "teeltjaar": {
      const lastYear = field.cultivations.some(
        (c) =>
          rules.lineByCode.get(c.code)?.[0]?.table2Name === first.table2Name &&
          c.start <= daysOfYear(rules.year - 1).dec31 &&
          (c.end === null || c.end >= daysOfYear(rules.year - 1).jan1),
      );
      const row = rows.find((r) => FIRST_YEAR_VARIANTS.has(r.variant ?? "") !== lastYear);
      if (!row) throw new Error(`Table 2 line "${first.table2Name}" lacks a crop-year variant`);
      const memo = texts.at("teeltjaar").at(rules.year).at(lastYear);
      return {
        row,
        why:
          memo.text ??
          memo.keep(
            lastYear
              ? `a crop of the same line was on the field in ${rules.year - 1}`
              : `no crop of the same line was on the field in ${rules.year - 1} (first year)`,
          ),
      };
    }
    case "brp_code": {
      const variant = KOOLZAAD_VARIANT[main.code];
      if (!variant) throw new Error(`No koolzaad variant for BRP code ${main.code}`);
      const memo = texts.at("koolzaad").at(main.code);
      return {
        row: byVariant(rows, variant),
        why: memo.text ?? memo.keep(`BRP code ${main.code} is ${variant}koolzaad`),
      };
    }
    case "teeltvolgorde":
      return { row: byVariant(rows, "1e teelt"), why: "the crop is the main crop (1e teelt)" };
    case "teeltwijze": {
      const given = main.cultivation?.source.teeltwijze?.trim().toLowerCase();
      const row = rows.find((r) => r.variant?.toLowerCase() === given);
      if (!row) {
        const options = rows.map((r) => `"${r.variant}"`).join(", ");
        throw new FdmCalculatorError(
          "MISSING_VARIANT",
          `Field "${fieldId}": RVO Table 2 line "${first.table2Name}" depends on the teeltwijze, which the crop code alone does not decide; give the main crop's teeltwijze as one of ${options}${given ? ` (got "${main.cultivation?.source.teeltwijze}")` : ""}`,
          { fieldId },
        );
      }
      const memo = texts.at("teeltwijze").at(row.variant);
      return { row, why: memo.text ?? memo.keep(`teeltwijze "${row.variant}"`) };
    }
    default:
      throw new Error(`Table 2 line "${first.table2Name}" has variants without a basis`);
  }
}

/** A korting with the rule it came from and why. */
interface Korting {
  value: number;
  rule: StikstofGebruiksnormResult["kortingRule"];
  why: string;
}

/** The korting (catch-crop reduction) of a field on zand or löss, kg N/ha, with its reason. */
function catchCropKorting(field: PreparedField, row: StikstofTableRow): Korting {
  const { year, lineByCode } = field.rules;
  if (row.isWinterteelt) {
    return {
      value: 0,
      rule: "vanggewas",
      why: "no korting (catch-crop reduction): the main crop is a winter crop",
    };
  }
  const from = daysOfYear(year - 1).jul15;
  const until = daysOfYear(year).feb1;
  let sown: number | null = null;
  for (const c of field.cultivations) {
    if (
      lineByCode.get(c.code)?.[0]?.isVanggewas === true &&
      c.start > from &&
      c.start < until &&
      (c.end === null || c.end >= until) &&
      (sown === null || c.start < sown)
    ) {
      sown = c.start;
    }
  }
  const texts = field.texts.at("vanggewas").at(year);
  if (sown === null) {
    const memo = texts.at(null);
    return {
      value: 20,
      rule: "vanggewas",
      why:
        memo.text ??
        memo.keep(
          `korting of 20 kg N/ha: no catch crop (vanggewas) from winter ${year - 1}–${year}`,
        ),
    };
  }
  const value =
    sown <= daysOfYear(year - 1).oct1
      ? 0
      : sown <= daysOfYear(year - 1).oct14
        ? 5
        : sown <= daysOfYear(year - 1).oct31
          ? 10
          : 20;
  const memo = texts.at(sown);
  return {
    value,
    rule: "vanggewas",
    why:
      memo.text ??
      memo.keep(`korting of ${value} kg N/ha: catch crop (vanggewas) sown ${formatDay(sown)}`),
  };
}

/** BRP codes of grass for the grassland kortingen (RVO: grasland, blijvend/tijdelijk/natuurlijk). */
const GRASS_CODES = new Set([265, 266, 331, 332, 335]);

/** Table-2 lines of the crops whose norm the 65 kg korting cuts after destroying grassland. */
const AFTER_GRASS_LINES = new Set([
  "Akkerbouwgewassen, mais",
  "Akkerbouwgewas, consumptie aardappelen",
  "Consumptieaardappel, vroeg (loofvernietiging voor 15 juli)",
  "Akkerbouwgewas, zetmeelaardappelen",
]);

/**
 * The grassland korting of a field on zand or löss: 65 kg N/ha on maïs and
 * consumption or factory potatoes after grassland destroyed from 1 February to
 * 10 May, 50 kg N/ha on grassland renewed from 1 June to 31 August; `null`
 * when no grassland was destroyed before the main crop this year; a text when
 * the grass destroyed was a catch crop (why there is no 65 kg korting).
 */
function grasslandKorting(
  field: PreparedField,
  main: ResolvedMainCrop,
  row: StikstofTableRow,
): Korting | string | null {
  const { year } = field.rules;
  const fieldId = field.input.fieldId;
  const yearStart = daysOfYear(year).jan1;
  if (GRASS_CODES.has(main.code)) {
    // Renewal: grass destroyed this year and followed by grass.
    let renewed: PreparedCultivation | null = null;
    let resown: PreparedCultivation | null = null;
    for (const c of field.cultivations) {
      if (!GRASS_CODES.has(c.code) || c.end === null || c.end < yearStart) continue;
      const end = c.end;
      const next = field.cultivations.find(
        (n) =>
          n !== c && GRASS_CODES.has(n.code) && n.start >= end && n.start <= daysOfYear(year).dec31,
      );
      if (next && (renewed === null || (renewed.end as number) < end)) {
        renewed = c;
        resown = next;
      }
    }
    if (renewed === null || resown === null) return null;
    const destroyed = renewed.end as number;
    const on = formatDay(destroyed);
    if (destroyed >= daysOfYear(year).jun1 && destroyed <= daysOfYear(year).aug31) {
      const memo = field.texts.at("graslandvernieuwing").at(destroyed).at(resown.start);
      return {
        value: 50,
        rule: "graslandvernieuwing",
        why:
          memo.text ??
          memo.keep(
            `korting of 50 kg N/ha: grassland renewed (destroyed ${on}, resown ${formatDay(resown.start)}) between 1 June and 31 August`,
          ),
      };
    }
    if (destroyed >= daysOfYear(year).feb1 && destroyed < daysOfYear(year).jun1) {
      const memo = field.texts.at("graslandvernieuwing before June").at(destroyed);
      return {
        value: 0,
        rule: "graslandvernieuwing",
        why:
          memo.text ?? memo.keep(`no korting: grassland renewed (destroyed ${on}) before 1 June`),
      };
    }
    throw new FdmCalculatorError(
      "GRASSLAND_DESTRUCTION_NOT_ALLOWED",
      `Field "${fieldId}": grassland (${renewed.id}) destroyed on ${on} for renewal; on zand and löss RVO allows destroying grassland only from 1 February to 31 August`,
      { fieldId },
    );
  }
  const mainStart = main.cultivation?.start;
  if (mainStart === undefined) return null;
  // The grass destroyed last before the main crop, in this year.
  let grass: PreparedCultivation | null = null;
  for (const c of field.cultivations) {
    if (
      GRASS_CODES.has(c.code) &&
      c.end !== null &&
      c.end <= mainStart &&
      c.end >= yearStart &&
      (grass === null || (grass.end as number) < c.end)
    ) {
      grass = c;
    }
  }
  if (grass === null) return null;
  const destroyed = grass.end as number;
  const on = formatDay(destroyed);
  if (!AFTER_GRASS_LINES.has(row.table2Name)) return null;
  const purpose = grass.source.grassPurpose ?? null;
  const catchCrop = grassCatchCrop(field, grass);
  if (catchCrop !== null) return catchCrop;
  if (destroyed >= daysOfYear(year).feb1 && destroyed <= daysOfYear(year).may10) {
    const memo = field.texts
      .at("graslandvernietiging")
      .at(row.table2Name)
      .at(grass.id)
      .at(purpose)
      .at(destroyed);
    return {
      value: 65,
      rule: "graslandvernietiging",
      why:
        memo.text ??
        memo.keep(
          `korting of 65 kg N/ha: ${row.table2Name} after grassland (${grass.id}${purpose ? `, ${purpose}` : ""}) destroyed ${on}`,
        ),
    };
  }
  throw new FdmCalculatorError(
    "GRASSLAND_DESTRUCTION_NOT_ALLOWED",
    `Field "${fieldId}": grassland (${grass.id}) destroyed on ${on} before ${row.table2Name}; on zand and löss RVO allows destroying grassland for maïs or potatoes only from 1 February to 10 May`,
    { fieldId },
  );
}

/**
 * Why destroyed grass was a catch crop (so it brings no graslandvernietiging
 * korting), or `null` when it was grassland. A declared `grassPurpose` decides
 * first (`grasland` keeps it grassland); else the year's rule: in 2025 nothing
 * more, from 2026 a catch-crop line of Table 2 or sowing on or after the
 * year's date (2026: 1 August 2025).
 */
function grassCatchCrop(field: PreparedField, grass: PreparedCultivation): string | null {
  const rule = field.rules.grassCatchCrop;
  const purpose = grass.source.grassPurpose ?? null;
  const what = `grass ${grass.id} sown ${formatDay(grass.start)}`;
  if (purpose === "grasland") return null;
  if (purpose === "vanggewas_na_mais" || purpose === "groenbemester") {
    return `no graslandvernietiging korting: ${what} was declared ${purpose}`;
  }
  if (rule === null) return null;
  if (purpose === "vanggewas") {
    return `no graslandvernietiging korting: ${what} was declared vanggewas (catch crop)`;
  }
  if (field.rules.lineByCode.get(grass.code)?.[0]?.isVanggewas === true) {
    return `no graslandvernietiging korting: ${what} is on a catch-crop line of Table 2`;
  }
  if (grass.start >= rule.sownFrom) {
    return `no graslandvernietiging korting: ${what}, on or after ${formatDay(rule.sownFrom)}, counts as a catch crop (vanggewas)`;
  }
  return null;
}

/** The korting of the field, kg N/ha, with its rule and reason. */
function korting(field: PreparedField, main: ResolvedMainCrop, row: StikstofTableRow): Korting {
  const { region, isNVGebied, hasDerogation } = field.input;
  if (region === "klei" || region === "veen") {
    // RVO: a derogation farm in an NV-gebied follows the grassland rules of zand and löss on every soil.
    const grassland =
      isNVGebied && hasDerogation === true ? grasslandKorting(field, main, row) : null;
    if (grassland !== null && typeof grassland !== "string") return grassland;
    const memo = field.texts.at("no korting").at(region);
    return { value: 0, rule: "geen", why: memo.text ?? memo.keep(`no korting on ${region}`) };
  }
  const grassland = grasslandKorting(field, main, row);
  if (grassland === null) return catchCropKorting(field, row);
  if (typeof grassland !== "string") return grassland;
  // The destroyed grass was a catch crop: the normal rules go on, saying why.
  const after = catchCropKorting(field, row);
  return { ...after, why: `${grassland}; ${after.why}` };
}

/** The stikstofgebruiksnorm of a validated field. */
export function stikstofNorm(field: PreparedField): StikstofGebruiksnormResult {
  const { input, rules } = field;
  const main = resolveMainCrop(field);
  const rows = rules.lineByCode.get(main.code);
  if (!rows) {
    throw new FdmCalculatorError(
      "NO_NORM_FOR_CROP",
      `Field "${input.fieldId}": the hoofdteelt ${main.id} (${rules.cropName(main.code)}) has no line in RVO Table 2 Stikstof landbouwgrond ${rules.year}, so it has no stikstofgebruiksnorm`,
      { fieldId: input.fieldId },
    );
  }
  const { row, why } = chooseRow(rows, main, field);
  const figures = row.norms[input.region];
  const tableValue = input.isNVGebied ? figures.nv : figures.standard;
  const reduction = korting(field, main, row);
  const normValue = Math.max(0, tableValue - reduction.value);
  const { table2Name, variant } = row;
  const { region, isNVGebied } = input;
  const memo = field.texts
    .at("stikstof norm")
    .at(main.explanation)
    .at(table2Name)
    .at(variant)
    .at(why)
    .at(tableValue)
    .at(region)
    .at(isNVGebied)
    .at(reduction.why)
    .at(reduction.value);
  return {
    normValue,
    unit: "kg N/ha",
    explanation:
      memo.text ??
      memo.keep(
        flat`${main.explanation}; RVO Table 2 line ${variant === null ? `"${table2Name}"` : `"${table2Name}" (${variant})`} because ${why}; ${tableValue} kg N/ha on ${region}${isNVGebied ? " in NV-gebied" : ""}; ${reduction.why}${tableValue - reduction.value < 0 ? "; the norm does not go below 0" : ""}`,
      ),
    mainCropId: main.id,
    table2Name: row.table2Name,
    variant: row.variant,
    tableValue,
    korting: reduction.value,
    kortingRule: reduction.rule,
  };
}
