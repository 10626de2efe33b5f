import type { ApplicationMethods } from "fdm-data";
import { checkBound, PHYSICAL_BOUNDS, type PhysicalBoundName } from "../../bounds.js";
import { FdmCalculatorError } from "../../errors.js";
import { DAY, formatDay, REGIONS, yearOf } from "../../norms/nl/calendar.js";
import { mestcode } from "../../norms/nl/engine/input.js";
import type { NormsApplication } from "../../norms/nl/engine/types.js";
import { type Content, content } from "../../norms/nl/engine/werkingscoefficient.js";
import { rulesForYear } from "../../norms/nl/registry.js";
import { add, cultivationSpan, invalid, timeframeDays, toDay, weighted } from "../days.js";
import type {
  NitrogenBalance,
  NitrogenBalanceApplication,
  NitrogenBalanceApplicationResult,
  NitrogenBalanceByFertilizerType,
  NitrogenBalanceComponents,
  NitrogenBalanceCultivationResult,
  NitrogenBalanceEmissionFactors,
  NitrogenBalanceFertilizerType,
  NitrogenBalanceField,
  NitrogenBalanceFieldInput,
  NitrogenBalanceInput,
  NitrogenBalanceMissing,
  NitrogenBalanceRemovalResult,
  NitrogenBalanceSurplusTarget,
} from "./types.js";

const METHODS: readonly ApplicationMethods[] = [
  "broadcasting",
  "narrowband",
  "shallow_injection",
  "injection",
  "incorporation",
  "spraying",
];
const TYPES: readonly NitrogenBalanceFertilizerType[] = ["mineral", "manure", "compost", "other"];

/** A finite number of at least 0 within its physical bound; `input` names it in errors. */
function amount(
  value: unknown,
  fieldId: string | null,
  input: string,
  bound: PhysicalBoundName,
): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw invalid(
      fieldId,
      `${input} (${PHYSICAL_BOUNDS[bound].unit}) must be a number of at least 0`,
    );
  }
  return checkBound(value, bound, input, { fieldId });
}

/** As {@link amount}, or `null` (absent counts as `null`). */
function optionalAmount(
  value: unknown,
  fieldId: string,
  input: string,
  bound: PhysicalBoundName,
): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw invalid(
      fieldId,
      `${input} (${PHYSICAL_BOUNDS[bound].unit}) must be null or a number of at least 0`,
    );
  }
  return checkBound(value, bound, input, { fieldId });
}

function fraction(value: unknown, what: string) {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > 1) {
    throw invalid(null, `${what} must be a fraction from 0 to 1`);
  }
  return value;
}

interface Context {
  start: number;
  end: number;
  years: number;
  factors: Map<string, number> | null;
  residueFactor: number | null;
  targets: NitrogenBalanceSurplusTarget[];
}

function inTimeframe(day: number, context: Context, fieldId: string, what: string) {
  if (day < context.start || day > context.end) {
    throw new FdmCalculatorError(
      "DATE_OUTSIDE_TIMEFRAME",
      `Field "${fieldId}": ${what} is dated ${formatDay(day)}, outside the timeframe ${formatDay(context.start)} to ${formatDay(context.end)}; a balance counts only what happens within it`,
      { fieldId },
    );
  }
}

function fertilizerType(
  fertilizer: NitrogenBalanceApplication["fertilizer"],
  fieldId: string,
  what: string,
): NitrogenBalanceFertilizerType {
  const flags = (["isMineral", "isManure", "isCompost"] as const).filter((key) => {
    if (typeof fertilizer[key] !== "boolean") {
      throw invalid(fieldId, `${key} of the fertilizer of ${what} must be true or false`);
    }
    return fertilizer[key];
  });
  if (flags.length > 1) {
    throw invalid(
      fieldId,
      `the fertilizer "${fertilizer.id}" of ${what} has ${flags.join(" and ")}; a fertilizer counts as one type only`,
    );
  }
  if (flags[0] === "isMineral") return "mineral";
  if (flags[0] === "isManure") return "manure";
  if (flags[0] === "isCompost") return "compost";
  return "other";
}

/**
 * The N content (g/kg) of an application's fertilizer, with the same rule as
 * the dose: the composition, else the forfaitaire content of Table 11 of the
 * application's year, else 0 for kunstmest, which must declare its N.
 */
function nContent(
  a: NitrogenBalanceApplication,
  day: number,
  fieldId: string,
  what: string,
): Content | null {
  const n = a.fertilizer.composition?.n;
  if (n !== null && n !== undefined)
    amount(n, fieldId, `composition.n of ${what}`, "fertilizerContent");
  const code = a.fertilizer.typeRvo;
  if (code === null || code === undefined) {
    return typeof n === "number" ? { value: n, source: "measured" } : null;
  }
  // Table 11 of the year the application is dated in: a 2026 balance reads the 2026 table (RENURE).
  const rules = rulesForYear(
    yearOf(day),
    `the mestcode of ${what} (dated ${formatDay(day)})`,
    fieldId,
  );
  const row = mestcode(code, fieldId, what, rules);
  const source = {
    date: a.date,
    amount: a.amount,
    fertilizer: { typeRvo: code, composition: { n: n ?? null } },
  } as NormsApplication;
  return content({ index: 0, day, mestcode: row, source }, "n");
}

function fieldBalance(field: NitrogenBalanceFieldInput, context: Context): NitrogenBalanceField {
  const fieldId = field.id;
  const missing: NitrogenBalanceMissing[] = [];
  const lack = (item: NitrogenBalanceMissing["item"], ref: string | null, reason: string) =>
    missing.push({ fieldId, item, ref, reason });

  const area = amount(field.area, fieldId, "area", "fieldArea");
  if (area === 0) throw invalid(fieldId, "area must be above 0 ha");
  if (field.soilType !== undefined && !REGIONS.includes(field.soilType)) {
    throw invalid(fieldId, `soilType must be one of ${REGIONS.join(", ")}, or absent`);
  }
  const gt = field.groundwaterClass ?? null;
  if (gt !== null && (typeof gt !== "string" || gt.trim() === "")) {
    throw invalid(fieldId, 'groundwaterClass must be a grondwatertrap such as "VI", or null');
  }
  if (!Array.isArray(field.applications)) throw invalid(fieldId, "applications must be a list");
  if (!Array.isArray(field.cultivations)) throw invalid(fieldId, "cultivations must be a list");

  // Supply and emission per application.
  const supplyBy: Record<NitrogenBalanceFertilizerType, number | null> = {
    mineral: 0,
    manure: 0,
    compost: 0,
    other: 0,
  };
  const emissionBy = { ...supplyBy };
  const applications = field.applications.map((a): NitrogenBalanceApplicationResult => {
    const what = `application "${a?.id}"`;
    if (typeof a?.id !== "string" || a.id === "")
      throw invalid(fieldId, "every application needs an id");
    const day = toDay(a.date, fieldId, `date of ${what}`);
    inTimeframe(day, context, fieldId, what);
    const kg = amount(a.amount, fieldId, `amount of ${what}`, "applicationAmount");
    if (a.method !== null && a.method !== undefined && !METHODS.includes(a.method)) {
      throw new FdmCalculatorError(
        "UNKNOWN_APPLICATION_METHOD",
        `Field "${fieldId}": ${what} has method "${String(a.method)}"; it must be one of ${METHODS.join(", ")} or null`,
        { fieldId },
      );
    }
    if (!a.fertilizer || typeof a.fertilizer !== "object") {
      throw invalid(fieldId, `${what} needs a fertilizer`);
    }
    const type = fertilizerType(a.fertilizer, fieldId, what);
    const content = nContent(a, day, fieldId, what);
    const supply = content === null ? null : (kg * content.value) / 1000;
    if (content === null) {
      lack(
        "fertilizerNContent",
        a.id,
        `fertilizer "${a.fertilizer.id}" has no N content and no RVO mestcode with a forfaitaire one; give composition.n`,
      );
    }
    const method = a.method ?? null;
    let factor: number | null = null;
    const own = a.emissionFactor;
    const why = a.emissionFactorMissing;
    if (why !== null && why !== undefined && (typeof why !== "string" || why.trim() === "")) {
      throw invalid(fieldId, `emissionFactorMissing of ${what} must be a non-empty text or null`);
    }
    if (own !== null && own !== undefined) {
      factor = fraction(own, `Field "${fieldId}": emissionFactor of ${what}`);
    } else if (method === null) {
      lack(
        "applicationMethod",
        a.id,
        "the application method is not recorded, so no ammonia emission factor applies",
      );
    } else if (typeof why === "string") {
      lack("fertilizerEmissionFactor", a.id, why);
    } else if (context.factors === null) {
      lack(
        "fertilizerEmissionFactor",
        a.id,
        `no ammonia emission factor is known for fertilizer "${a.fertilizer.id}" by ${method} (give emissionFactor or emissionFactors)`,
      );
    } else {
      factor = context.factors.get(`${type}/${method}`) ?? null;
      if (factor === null) {
        lack(
          "fertilizerEmissionFactor",
          a.id,
          `the emission factors have no factor for ${type} by ${method}`,
        );
      }
    }
    const emission = supply !== null && factor !== null ? supply * factor : null;
    supplyBy[type] = add(supplyBy[type], supply);
    emissionBy[type] = add(emissionBy[type], emission);
    return {
      applicationId: a.id,
      fertilizerId: a.fertilizer.id,
      type,
      method,
      nContent: content?.value ?? null,
      nContentSource: content?.source ?? null,
      supply,
      emissionFactor: factor,
      emission,
    };
  });

  // Fixation, removals and residue emission per cultivation.
  const harvests: NitrogenBalanceRemovalResult[] = [];
  const residueRemovals: NitrogenBalanceRemovalResult[] = [];
  const cultivations = field.cultivations.map((c): NitrogenBalanceCultivationResult => {
    const what = `cultivation "${c?.id}"`;
    if (typeof c?.id !== "string" || c.id === "")
      throw invalid(fieldId, "every cultivation needs an id");
    cultivationSpan(c, context, fieldId, what);
    const fixationInput = optionalAmount(
      c.nitrogenFixation,
      fieldId,
      `nitrogenFixation of ${what}`,
      "nitrogenFlow",
    );
    let fixation = fixationInput;
    if (fixationInput === null) {
      if (c.rotation === "legume") {
        lack(
          "nitrogenFixation",
          c.id,
          `${c.cultivationId} is a legume without a nitrogenFixation figure; give kg N/ha from your source`,
        );
      } else {
        fixation = 0; // not a legume: no symbiotic fixation
      }
    }
    const catalogueContent = optionalAmount(
      c.nitrogenContentHarvest,
      fieldId,
      `nitrogenContentHarvest of ${what}`,
      "plantNContent",
    );
    if (!Array.isArray(c.harvests)) throw invalid(fieldId, `harvests of ${what} must be a list`);
    for (const h of c.harvests) {
      const hw = `harvest "${h?.id}" of ${what}`;
      if (typeof h?.id !== "string" || h.id === "")
        throw invalid(fieldId, `every harvest of ${what} needs an id`);
      inTimeframe(toDay(h.date, fieldId, `date of ${hw}`), context, fieldId, hw);
      const dm = optionalAmount(h.yield, fieldId, `yield of ${hw}`, "harvestYield");
      const n =
        optionalAmount(h.nContent, fieldId, `nContent of ${hw}`, "plantNContent") ??
        catalogueContent;
      if (dm === null)
        lack("harvestYield", h.id, "the yield (kg dry matter/ha) of the harvest is not known");
      if (n === null) {
        lack(
          "harvestNContent",
          h.id,
          `neither the harvest nor ${c.cultivationId} (nitrogenContentHarvest) gives an N content`,
        );
      }
      harvests.push({
        id: h.id,
        cultivationId: c.id,
        amount: dm,
        nContent: n,
        removal: dm !== null && n !== null ? (dm * n) / 1000 : null,
      });
    }
    const removals = c.residueRemovals ?? [];
    if (!Array.isArray(removals))
      throw invalid(fieldId, `residueRemovals of ${what} must be a list`);
    for (const r of removals) {
      const rw = `residue removal "${r?.id}" of ${what}`;
      if (typeof r?.id !== "string" || r.id === "") {
        throw invalid(fieldId, `every residue removal of ${what} needs an id`);
      }
      inTimeframe(toDay(r.date, fieldId, `date of ${rw}`), context, fieldId, rw);
      const dm = optionalAmount(r.amount, fieldId, `amount of ${rw}`, "harvestYield");
      const n = optionalAmount(r.nContent, fieldId, `nContent of ${rw}`, "plantNContent");
      if (dm === null)
        lack("residueRemovalAmount", r.id, "the amount of residues taken off is not known");
      if (n === null)
        lack(
          "residueRemovalNContent",
          r.id,
          "the N content of the residues taken off is not known",
        );
      residueRemovals.push({
        id: r.id,
        cultivationId: c.id,
        amount: dm,
        nContent: n,
        removal: dm !== null && n !== null ? (dm * n) / 1000 : null,
      });
    }
    const residueN = optionalAmount(
      c.residueNitrogen,
      fieldId,
      `residueNitrogen of ${what}`,
      "nitrogenFlow",
    );
    const residueFactor =
      c.residueEmissionFactor === null || c.residueEmissionFactor === undefined
        ? context.residueFactor
        : fraction(c.residueEmissionFactor, `Field "${fieldId}": residueEmissionFactor of ${what}`);
    let residueEmission: number | null = null;
    if (residueN === null) {
      lack(
        "residueNitrogen",
        c.id,
        "the N in crop residues left on the field is not known; give residueNitrogen (0 if none)",
      );
    } else if (residueN === 0) {
      residueEmission = 0;
    } else if (residueFactor === null) {
      lack(
        "residueEmissionFactor",
        c.id,
        "no emission factor for crop residues is known (residueEmissionFactor or emissionFactors.cropResidue)",
      );
    } else {
      residueEmission = residueN * residueFactor;
    }
    return { id: c.id, cultivationId: c.cultivationId, fixation, residueEmission };
  });

  const deposition = optionalAmount(field.deposition, fieldId, "deposition", "nitrogenFlow");
  if (deposition === null) {
    lack(
      "deposition",
      null,
      "atmospheric deposition is not known; give kg N/ha per year from your deposition dataset",
    );
  }
  const mineralization = optionalAmount(
    field.mineralization,
    fieldId,
    "mineralization",
    "nitrogenFlow",
  );
  if (mineralization === null) {
    lack(
      "mineralization",
      null,
      "mineralization from soil organic matter is not known; give the NLV of a soil analysis",
    );
  }

  const fertilizerSupply: NitrogenBalanceByFertilizerType = {
    total: add(...TYPES.map((t) => supplyBy[t])),
    ...supplyBy,
  };
  const fertilizerEmission: NitrogenBalanceByFertilizerType = {
    total: add(...TYPES.map((t) => emissionBy[t])),
    ...emissionBy,
  };
  const fixation = add(...cultivations.map((c) => c.fixation));
  const scaled = (v: number | null) => (v === null ? null : v * context.years);
  const supply = {
    total: null as number | null,
    fertilizers: fertilizerSupply,
    fixation,
    deposition: scaled(deposition),
    mineralization: scaled(mineralization),
  };
  supply.total = add(supply.fertilizers.total, fixation, supply.deposition, supply.mineralization);
  const harvestRemoval = add(...harvests.map((h) => h.removal));
  const residueRemoval = add(...residueRemovals.map((r) => r.removal));
  const residueEmission = add(...cultivations.map((c) => c.residueEmission));
  const removal = {
    total: add(harvestRemoval, residueRemoval),
    harvests: harvestRemoval,
    residues: residueRemoval,
  };
  const emission = {
    total: add(fertilizerEmission.total, residueEmission),
    fertilizers: fertilizerEmission,
    residues: residueEmission,
  };
  const balance =
    supply.total === null || removal.total === null || emission.total === null
      ? null
      : supply.total - removal.total - emission.total;
  const complete = missing.length === 0;

  const own = ownTarget(field.surplusTarget, fieldId);
  const row =
    own ??
    context.targets.find(
      (t) => t.soilType === field.soilType && gt !== null && t.groundwaterClass === gt,
    ) ??
    context.targets.find((t) => t.soilType === field.soilType && t.groundwaterClass === null);
  const target = row ? { value: row.target * context.years, source: row.source } : null;
  if (!target) {
    lack(
      "surplusTarget",
      null,
      `no surplus target is known for the field (surplusTarget, or surplusTargets for soil type ${field.soilType ?? "(none given)"}${gt === null ? "" : ` and groundwater class ${gt}`})`,
    );
  }
  const leachFraction =
    field.nitrateLeachingFraction === null || field.nitrateLeachingFraction === undefined
      ? null
      : fraction(field.nitrateLeachingFraction, `Field "${fieldId}": nitrateLeachingFraction`);
  if (leachFraction === null) {
    lack(
      "nitrateLeachingFraction",
      null,
      "the nitrate leaching fraction of the field is not known (nitrateLeachingFraction; NMI's figures need the soil type and, on sand, the grondwatertrap)",
    );
  }
  const nitrateLeaching =
    balance === null || leachFraction === null ? null : Math.max(balance, 0) * leachFraction;
  const depositionSource = field.depositionSource ?? null;
  if (depositionSource !== null && typeof depositionSource !== "string") {
    throw invalid(fieldId, "depositionSource must be a text or null");
  }
  return {
    fieldId,
    area,
    supply,
    removal,
    emission,
    balance,
    nitrateLeaching,
    applications,
    cultivations,
    harvests,
    residueRemovals,
    depositionSource,
    nitrateLeachingFraction: leachFraction,
    target,
    overTarget: target === null || balance === null ? null : balance > target.value,
    complete,
    missing,
  };
}

/** A field's own yearly target, checked. */
function ownTarget(given: NitrogenBalanceFieldInput["surplusTarget"], fieldId: string) {
  if (given === null || given === undefined) return null;
  if (typeof given.value !== "number" || !Number.isFinite(given.value) || given.value < 0) {
    throw invalid(fieldId, "surplusTarget.value must be a number of at least 0 kg N/ha per year");
  }
  if (typeof given.source !== "string" || given.source.trim() === "") {
    throw invalid(fieldId, "surplusTarget.source must name where the target comes from");
  }
  return { target: given.value, source: given.source };
}

function prepareContext(input: NitrogenBalanceInput): Context {
  const { start, end } = timeframeDays(input.timeframe);
  const years = ((end - start) / DAY + 1) / 365;
  return {
    start,
    end,
    years,
    ...prepareFactors(input.emissionFactors),
    targets: prepareTargets(input.surplusTargets),
  };
}

function prepareFactors(table: NitrogenBalanceEmissionFactors | null | undefined) {
  if (table === null || table === undefined) return { factors: null, residueFactor: null };
  if (typeof table.source !== "string" || table.source.trim() === "") {
    throw invalid(null, "emissionFactors.source must name where the factors come from");
  }
  if (!Array.isArray(table.fertilizers))
    throw invalid(null, "emissionFactors.fertilizers must be a list");
  const factors = new Map<string, number>();
  table.fertilizers.forEach((f, i) => {
    const what = `emissionFactors.fertilizers[${i}]`;
    if (!TYPES.includes(f?.type))
      throw invalid(null, `${what}.type must be one of ${TYPES.join(", ")}`);
    if (!METHODS.includes(f.method)) {
      throw new FdmCalculatorError(
        "UNKNOWN_APPLICATION_METHOD",
        `${what}.method "${String(f.method)}" must be one of ${METHODS.join(", ")}`,
      );
    }
    const key = `${f.type}/${f.method}`;
    if (factors.has(key))
      throw invalid(null, `${what} repeats the factor for ${f.type} by ${f.method}`);
    factors.set(key, fraction(f.factor, `${what}.factor`));
  });
  const residue = table.cropResidue;
  const residueFactor =
    residue === null || residue === undefined
      ? null
      : fraction(residue, "emissionFactors.cropResidue");
  return { factors, residueFactor };
}

function prepareTargets(targets: NitrogenBalanceSurplusTarget[] | null | undefined) {
  if (targets === null || targets === undefined) return [];
  if (!Array.isArray(targets)) throw invalid(null, "surplusTargets must be a list");
  targets.forEach((t, i) => {
    const what = `surplusTargets[${i}]`;
    if (!REGIONS.includes(t?.soilType))
      throw invalid(null, `${what}.soilType must be one of ${REGIONS.join(", ")}`);
    if (typeof t.target !== "number" || !Number.isFinite(t.target)) {
      throw invalid(null, `${what}.target must be a number of kg N/ha per year`);
    }
    checkBound(t.target, "surplusTarget", `${what}.target`);
    if (typeof t.source !== "string" || t.source.trim() === "") {
      throw invalid(null, `${what}.source must name where the target comes from`);
    }
    if (
      t.groundwaterClass !== null &&
      (typeof t.groundwaterClass !== "string" || t.groundwaterClass === "")
    ) {
      throw invalid(null, `${what}.groundwaterClass must be a grondwatertrap or null`);
    }
  });
  return targets;
}

function byType(
  fields: NitrogenBalanceField[],
  pick: (f: NitrogenBalanceComponents) => NitrogenBalanceByFertilizerType,
) {
  return {
    total: weighted(fields, (f) => pick(f).total),
    mineral: weighted(fields, (f) => pick(f).mineral),
    manure: weighted(fields, (f) => pick(f).manure),
    compost: weighted(fields, (f) => pick(f).compost),
    other: weighted(fields, (f) => pick(f).other),
  };
}

/**
 * Calculates the nitrogen balance of each field and of the farm over a
 * timeframe, in kg N/ha: supply (fertilizers by type, biological fixation,
 * atmospheric deposition, mineralization) − removal (harvested products,
 * crop residues taken off) − ammonia emission (from fertilizer applications
 * by type and method, and from crop residues). The farm figures are the
 * area-weighted means of the fields. Each field is compared with the surplus
 * target of its soil type and groundwater class, when one is given.
 *
 * Fertilizer N is amount (kg/ha) × N content (g/kg) / 1000, with the N
 * content of the composition, else the forfaitaire content of Table 11 of the
 * Uitvoeringsregeling Meststoffenwet of the application's year (2025, 2026)
 * for the fertilizer's mestcode, as in {@link calculateDose}. Harvest and residue N is dry matter (kg/ha) × N
 * content (g/kg DM) / 1000. Deposition, mineralization and targets are per
 * year and scaled to the timeframe (× days / 365); fixation and residue N are
 * per cultivation.
 *
 * Ammonia emission is the application's N × its emission factor (the
 * application's own `emissionFactor`, else the `emissionFactors` row for its
 * fertilizer type and method) plus residue N × the residue factor. Nitrate
 * leaching is the positive balance × the field's `nitrateLeachingFraction`;
 * it is part of the surplus, not subtracted from it.
 *
 * This function holds no coefficient itself: emission factors, deposition,
 * mineralization, fixation, crop N contents, leaching fractions and targets
 * come from the input — {@link collectInputForNitrogenBalance} fills them from
 * the catalogues and {@link NITROGEN_BALANCE_DEFAULTS} (NMI, fdm-data
 * catalogues (MIT)). Whatever is missing is listed in `missing`, the
 * components it touches are `null` and the field (and the farm) is not
 * `complete` — nothing unknown counts as 0.
 *
 * @param input - The timeframe, the fields with their cultivations, harvests
 *   and applications, and the caller's emission factors and surplus targets.
 * @returns The balance of the farm with every component, each field's balance
 *   with the details per application, cultivation and harvest, and what is missing.
 * @throws {FdmCalculatorError} `INVALID_INPUT` for a negative or non-numeric
 *   amount, an area of 0, a bad timeframe, a fertilizer with more than one type
 *   flag, a duplicate field id or an emission factor outside 0–1;
 *   `DATE_OUTSIDE_TIMEFRAME` for an application, harvest or residue removal
 *   dated outside the timeframe or a cultivation not on the field during it;
 *   `UNKNOWN_APPLICATION_METHOD` for a method that is not an fdm-data
 *   application method; `UNKNOWN_MESTCODE` for a `typeRvo` not in Table 11 of the
 *   application's year, and `INVALID_INPUT` naming the supported years for a `typeRvo` on an
 *   application dated in a year without RVO tables.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { calculateNitrogenBalance } from "fdm-calculator";
 *
 * const result = calculateNitrogenBalance({
 *   timeframe: { start: new Date("2025-01-01"), end: new Date("2025-12-31") },
 *   emissionFactors: {
 *     source: "my advisory table",
 *     fertilizers: [{ type: "mineral", method: "broadcasting", factor: 0.02 }],
 *     cropResidue: 0,
 *   },
 *   fields: [
 *     {
 *       id: "wheat",
 *       area: 2,
 *       soilType: "klei",
 *       deposition: 20,
 *       mineralization: 50,
 *       cultivations: [
 *         {
 *           id: "c1",
 *           cultivationId: "nl_233",
 *           rotation: "cereal",
 *           startDate: new Date("2024-10-20"),
 *           endDate: new Date("2025-08-10"),
 *           nitrogenFixation: null,
 *           nitrogenContentHarvest: 20,
 *           residueNitrogen: 0,
 *           harvests: [{ id: "h1", date: new Date("2025-08-10"), yield: 8000, nContent: null }],
 *         },
 *       ],
 *       applications: [
 *         {
 *           id: "a1",
 *           date: new Date("2025-03-15"),
 *           amount: 500,
 *           method: "broadcasting",
 *           fertilizer: {
 *             id: "can27",
 *             typeRvo: 115,
 *             isMineral: true,
 *             isManure: false,
 *             isCompost: false,
 *             composition: { n: 270 },
 *           },
 *         },
 *       ],
 *     },
 *   ],
 * });
 * // supply 135 + 20 + 50 = 205; removal 8000 × 20 / 1000 = 160; emission 135 × 0.02 = 2.7
 * assert.equal(result.fields[0]?.balance, 42.3);
 * ```
 */
export function calculateNitrogenBalance(input: NitrogenBalanceInput): NitrogenBalance {
  if (!input || typeof input !== "object") throw invalid(null, "the input must be an object");
  const context = prepareContext(input);
  if (!Array.isArray(input.fields)) throw invalid(null, "fields must be a list");
  const seen = new Set<string>();
  const fields = input.fields.map((field) => {
    if (typeof field?.id !== "string" || field.id === "")
      throw invalid(null, "every field needs a non-empty id");
    if (seen.has(field.id)) throw invalid(field.id, "the field id appears twice in the input");
    seen.add(field.id);
    return fieldBalance(field, context);
  });
  const supply = {
    total: weighted(fields, (f) => f.supply.total),
    fertilizers: byType(fields, (f) => f.supply.fertilizers),
    fixation: weighted(fields, (f) => f.supply.fixation),
    deposition: weighted(fields, (f) => f.supply.deposition),
    mineralization: weighted(fields, (f) => f.supply.mineralization),
  };
  const removal = {
    total: weighted(fields, (f) => f.removal.total),
    harvests: weighted(fields, (f) => f.removal.harvests),
    residues: weighted(fields, (f) => f.removal.residues),
  };
  const emission = {
    total: weighted(fields, (f) => f.emission.total),
    fertilizers: byType(fields, (f) => f.emission.fertilizers),
    residues: weighted(fields, (f) => f.emission.residues),
  };
  return {
    timeframe: { start: new Date(context.start), end: new Date(context.end) },
    area: fields.reduce((sum, f) => sum + f.area, 0),
    days: Math.round((context.end - context.start) / DAY) + 1,
    emissionFactorSource: input.emissionFactors?.source ?? null,
    supply,
    removal,
    emission,
    balance: weighted(fields, (f) => f.balance),
    nitrateLeaching: weighted(fields, (f) => f.nitrateLeaching),
    fields,
    complete: fields.every((f) => f.complete),
    missing: fields.flatMap((f) => f.missing),
  };
}
