import {
  calculateDierlijkeMestGebruiksNormFilling,
  calculateFosfaatGebruiksNormFilling,
  calculateRenureGebruiksNormFilling,
  calculateStikstofGebruiksNormFilling,
  describeNormYear,
  FdmCalculatorError,
  type GebruiksnormFillingResult,
  getDierlijkeMestGebruiksNorm,
  getFosfaatGebruiksNorm,
  getNormYears,
  getRenureGebruiksNorm,
  getStikstofGebruiksNorm,
  type NLRegion,
  type NormsApplication,
  type NormsFieldInput,
  PHYSICAL_BOUNDS,
} from "fdm-calculator";
import { getCultivationCatalogue, getFertilizersCatalogue } from "fdm-data";
import type {
  CalculatorInput,
  FertilizerChoice,
  Figure,
  NormKind,
  NormYear,
  Outcome,
  RowField,
  RowOutcome,
} from "./types";

// The gebruiksnormen of fdm-calculator behind the calculator form, for any year the
// calculator knows: the form's values become the calculator's input; the figures and
// explanations are the calculator's own. What differs by year (derogation, RENURE) is read
// from describeNormYear, so a new year needs no code here.

const regions: { value: NLRegion; label: string }[] = [
  { value: "klei", label: "Klei (clay)" },
  { value: "veen", label: "Veen (peat)" },
  { value: "zand_nwc", label: "Zand noord, west, centraal (sand)" },
  { value: "zand_zuid", label: "Zand zuid (sand, south)" },
  { value: "loess", label: "Löss (loess)" },
];

const crops = getCultivationCatalogue("brp").map((item) => ({
  id: item.id,
  code: item.id.replace(/^nl_/, ""),
  name: item.nameNl,
}));

const fertilizerItems = getFertilizersCatalogue("rvo");
const fertilizers: FertilizerChoice[] = fertilizerItems.map((item) => ({
  id: item.id,
  code: item.typeRvo,
  label: `${item.typeRvo} ${item.nameNl}`,
  name: `mestcode ${item.typeRvo} (${item.nameNl})`,
  grazingManure: item.isManure && /rundvee|graasdier|schapen|geiten|paard/i.test(item.nameNl),
  isManure: item.isManure,
  n: item.composition.n,
  p2o5: item.composition.p2o5,
}));

/**
 * The content a row needs for a norm's filling, in a year whose RENURE norm is filled by
 * `renureCodes` (fdm-calculator's `describeNormYear(year).renureMestcodes`, none before
 * 2026): N for the stikstof norm (every product, through Table 9), P2O5 for the fosfaat
 * norm, N of animal manure for the dierlijke-mest norm and of the year's RENURE products
 * for the RENURE norm; other products do not count there.
 */
export function contentNeededIn(
  renureCodes: readonly number[],
): (kind: NormKind, f: FertilizerChoice) => "n" | "p2o5" | null {
  return (kind, f) => {
    if (kind === "stikstof") return "n";
    if (kind === "fosfaat") return "p2o5";
    if (kind === "dierlijke-mest") return f.isManure ? "n" : null;
    return renureCodes.includes(f.code) ? "n" : null;
  };
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
/** A bound as the pages write numbers: thousands separated from 10,000 on (200,000; 1000). */
const asWritten = (n: number) => (Math.abs(n) >= 10_000 ? n.toLocaleString("en-US") : String(n));
const nutrientName = { n: "N", p2o5: "P2O5" } as const;

type Row = CalculatorInput["applications"][number];
type RowProblem = Extract<RowOutcome, { ok: false }>;

/**
 * A row as fdm-calculator's application, or what the reader still has to give. The
 * typed content goes in the composition; left empty, the engine takes Table 11's
 * forfaitaire one. Where Table 11 has none the row is incomplete: the engine would
 * count a kunstmest without a declared content as 0, which the reader never said.
 */
function toApplication(
  contentNeeded: NormYear["contentNeeded"],
  kind: NormKind,
  a: Row,
  index: number,
): NormsApplication | RowProblem {
  const problem = (field: RowField, message: string): RowProblem => ({ ok: false, field, message });
  const choice = fertilizers.find((x) => x.id === a.fertilizerId);
  const item = fertilizerItems.find((x) => x.id === a.fertilizerId);
  if (!choice || !item) return problem("fertilizer", "Choose its mestcode (fertilizer).");
  if (a.amount.trim() === "" || !Number.isFinite(Number(a.amount)))
    return problem("amount", "Give its amount in kg/ha.");
  const amount = PHYSICAL_BOUNDS.applicationAmount;
  if (Number(a.amount) < amount.min || Number(a.amount) > amount.max)
    return problem(
      "amount",
      `Its amount must be from ${asWritten(amount.min)} to ${asWritten(amount.max)} kg/ha: ${amount.reason}.`,
    );
  if (a.date === "") return problem("date", "Give its date.");
  const nutrient = contentNeeded(kind, choice);
  const typed = nutrient === "n" ? a.n.trim() : nutrient === "p2o5" ? a.p.trim() : "";
  const bound = PHYSICAL_BOUNDS.fertilizerContent;
  if (nutrient && typed !== "" && !(Number(typed) >= bound.min && Number(typed) <= bound.max))
    return problem(
      "content",
      `Its ${nutrientName[nutrient]} content must be a number from ${asWritten(bound.min)} to ${asWritten(bound.max)} kg/ton: ${bound.reason}.`,
    );
  if (nutrient && typed === "" && choice[nutrient] === null)
    return problem(
      "content",
      `Give its ${nutrientName[nutrient]} content in kg ${nutrientName[nutrient]}/ton: Table 11 has no forfaitaire content for ${choice.name}, so the declared or analysed one counts.`,
    );
  const composition = { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null };
  return {
    id: String(index + 1),
    date: utc(a.date),
    amount: Number(a.amount),
    fertilizer: {
      id: item.id,
      typeRvo: item.typeRvo,
      composition:
        nutrient && typed !== "" ? { ...composition, [nutrient]: Number(typed) } : composition,
    },
    ...(a.origin === "eigen_bedrijf" || a.origin === "aangevoerd" ? { origin: a.origin } : {}),
  };
}

/** The engine's refusal of one row, in the reader's words where the form has the answer. */
function rowRefusal(error: unknown, choice: FertilizerChoice | undefined): RowProblem {
  const message = (error instanceof Error ? error.message : String(error)).replace(
    /^Field "calculator": /,
    "",
  );
  const code = error instanceof FdmCalculatorError ? error.code : "";
  if (code === "MISSING_ORIGIN")
    return {
      ok: false,
      field: "origin",
      message: `Choose its Herkomst (origin): the werkingscoëfficiënt of ${choice?.name ?? "this product"} in Table 9 depends on it.`,
    };
  const field: RowField =
    code === "UNKNOWN_CONTENT" ||
    code === "RENURE_CONTENT_REQUIRED" ||
    /composition\./.test(message)
      ? "content"
      : code.startsWith("DATE_OUTSIDE") || /^date of/.test(message)
        ? "date"
        : /^amount of/.test(message)
          ? "amount"
          : "fertilizer";
  return { ok: false, field, message: `${message.charAt(0).toUpperCase()}${message.slice(1)}.` };
}

function toField(f: CalculatorInput, derogation: boolean): NormsFieldInput {
  const pCaCl2 = Number.parseFloat(f.pCaCl2);
  const pAl = Number.parseFloat(f.pAl);
  return {
    fieldId: "calculator",
    area: 1,
    region: f.region as NLRegion,
    isNVGebied: f.nv,
    // Without derogation in the year (2026 on), its flags decide nothing and are not passed on.
    ...(derogation
      ? {
          isGWBG: f.gwbg,
          isNatura2000: f.natura2000,
          isDerogatievrijeZone: f.derogatievrij,
          hasDerogation: f.derogation,
        }
      : {}),
    hasGrazingIntention: f.grazing,
    isOrganicCertified: false,
    cultivations: [
      {
        cultivationId: f.cropId,
        startDate: utc(f.sown),
        variety: f.variety.trim() || null,
        teeltwijze: f.teeltwijze.trim() || null,
      },
    ],
    soilPhosphate: f.pCaCl2.trim() !== "" && f.pAl.trim() !== "" ? { pCaCl2, pAl } : null,
    applications: [],
  };
}

function normOf(year: number, kind: NormKind, input: NormsFieldInput): Figure {
  if (kind === "stikstof") {
    const r = getStikstofGebruiksNorm(year, input);
    return {
      value: r.normValue,
      unit: r.unit,
      explanation: r.explanation,
      details: [
        ["Table 2 line", r.table2Name],
        ["Variant", r.variant ?? "—"],
        ["Table figure", `${r.tableValue} kg N/ha`],
        ["Korting (catch-crop reduction)", `${r.korting} kg N/ha`],
      ],
    };
  }
  if (kind === "fosfaat") {
    const r = getFosfaatGebruiksNorm(year, input);
    return {
      value: r.normValue,
      unit: r.unit,
      explanation: r.explanation,
      details: [
        ["Land use", r.landUse],
        ["Fosfaatklasse (phosphate class)", r.fosfaatklasse],
      ],
    };
  }
  if (kind === "renure") {
    const r = getRenureGebruiksNorm(year, input);
    return {
      value: r.normValue,
      unit: r.unit,
      explanation: r.explanation,
      details: [["Mestcodes that fill it", r.mestcodes.join(", ")]],
    };
  }
  const r = getDierlijkeMestGebruiksNorm(year, input);
  return {
    value: r.normValue,
    unit: r.unit,
    explanation: r.explanation,
    details: [["Case", r.label]],
  };
}

const fillingOf: Record<
  NormKind,
  (year: number, input: NormsFieldInput) => GebruiksnormFillingResult
> = {
  stikstof: calculateStikstofGebruiksNormFilling,
  fosfaat: calculateFosfaatGebruiksNormFilling,
  "dierlijke-mest": calculateDierlijkeMestGebruiksNormFilling,
  renure: calculateRenureGebruiksNormFilling,
};

/**
 * The filling's explanation as the reader reads it: with no application counted, says so
 * rather than "0 application(s) give 0 kg"; else the engine's, its count in plain words.
 */
export function fillingExplanation(counted: number, explanation: string): string {
  if (counted === 0) return "No application counted yet.";
  return explanation
    .replace(/^1 application\(s\) give /, "1 application gives ")
    .replace(/^(\d+) application\(s\)/, "$1 applications");
}

/**
 * The norm of the field, then each row on its own (so a row the engine refuses is marked
 * on that row), then the filling of the rows that are complete.
 */
function compute(
  year: number,
  derogation: boolean,
  contentNeeded: NormYear["contentNeeded"],
  kind: NormKind,
  form: CalculatorInput,
): Outcome {
  const field = toField(form, derogation);
  let norm: Figure;
  try {
    norm = normOf(year, kind, field);
  } catch (error) {
    if (error instanceof FdmCalculatorError)
      return {
        ok: false,
        message: error.message.replace(/^Field "calculator": /, ""),
        code: error.code,
      };
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const fill = fillingOf[kind];
  const complete: NormsApplication[] = [];
  const rows: RowOutcome[] = form.applications.map((a, i) => {
    const application = toApplication(contentNeeded, kind, a, i);
    if ("ok" in application) return application;
    try {
      fill(year, { ...field, applications: [application] });
    } catch (error) {
      return rowRefusal(
        error,
        fertilizers.find((x) => x.id === a.fertilizerId),
      );
    }
    complete.push(application);
    return { ok: true, value: 0, explanation: "" };
  });
  try {
    const r = fill(year, { ...field, applications: complete });
    for (const a of r.applications) {
      const i = Number(a.applicationId) - 1;
      rows[i] = { ok: true, value: a.value, explanation: a.explanation };
    }
    return {
      ok: true,
      norm,
      filling: {
        ok: true,
        value: r.normFilling,
        unit: r.unit,
        explanation: fillingExplanation(complete.length, r.explanation),
      },
      rows,
    };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replace(
      /^Field "calculator": /,
      "",
    );
    return { ok: true, norm, filling: { ok: false, message }, rows };
  }
}

/** The years the calculator form serves: those fdm-calculator has rules for, ascending. */
export function normYears(): number[] {
  return getNormYears();
}

/** The calculator form's view of one year of fdm-calculator's gebruiksnormen. */
export function normYear(year: number): NormYear {
  const described = describeNormYear(year);
  const contentNeeded = contentNeededIn(described.renureMestcodes);
  return {
    year,
    derogation: described.derogation,
    kinds: [
      "stikstof",
      "fosfaat",
      "dierlijke-mest",
      ...(described.renure ? ["renure" as const] : []),
    ],
    regions,
    crops,
    fertilizers,
    contentNeeded,
    compute: (kind, form) => compute(year, described.derogation, contentNeeded, kind, form),
  };
}
