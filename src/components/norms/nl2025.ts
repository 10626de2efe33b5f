import {
  calculateNL2025DierlijkeMestGebruiksNormFilling,
  calculateNL2025FosfaatGebruiksNormFilling,
  calculateNL2025StikstofGebruiksNormFilling,
  FdmCalculatorError,
  type GebruiksnormFillingResult,
  getNL2025DierlijkeMestGebruiksNorm,
  getNL2025FosfaatGebruiksNorm,
  getNL2025StikstofGebruiksNorm,
  type NL2025NormsInput,
  type NL2025Region,
} from "fdm-calculator";
import { getCultivationCatalogue, getFertilizersCatalogue } from "fdm-data";
import type { CalculatorInput, Figure, NormKind, NormYear, Outcome } from "./types";

// The 2025 norms of fdm-calculator behind the calculator form: the form's
// values become the calculator's input; the figures and explanations are the
// calculator's own.

const regions: { value: NL2025Region; label: string }[] = [
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
const fertilizers = fertilizerItems.map((item) => ({
  id: item.id,
  label: `${item.typeRvo} ${item.nameNl}`,
  grazingManure: item.isManure && /rundvee|graasdier|schapen|geiten|paard/i.test(item.nameNl),
}));

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

function toInput(f: CalculatorInput): NL2025NormsInput {
  const pCaCl2 = Number.parseFloat(f.pCaCl2);
  const pAl = Number.parseFloat(f.pAl);
  return {
    fieldId: "calculator",
    area: 1,
    region: f.region as NL2025Region,
    isNVGebied: f.nv,
    isGWBG: f.gwbg,
    isNatura2000: f.natura2000,
    isDerogatievrijeZone: f.derogatievrij,
    hasDerogation: f.derogation,
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
    applications: f.applications.map((a, index) => {
      const item = fertilizerItems.find((x) => x.id === a.fertilizerId);
      if (!item)
        throw new FdmCalculatorError(
          "INVALID_INPUT",
          `application ${index + 1}: choose a fertilizer`,
        );
      return {
        id: `application ${index + 1}`,
        date: utc(a.date),
        amount: Number.parseFloat(a.amount),
        fertilizer: { id: item.id, typeRvo: item.typeRvo, composition: item.composition },
        ...(a.origin === "eigen_bedrijf" || a.origin === "aangevoerd" ? { origin: a.origin } : {}),
      };
    }),
  };
}

const fillingFigure = (r: GebruiksnormFillingResult) => ({
  value: r.normFilling,
  unit: r.unit,
  explanation: r.explanation,
  details: [] as [string, string][],
  perApplication: r.applications.map(
    (a) => `${a.applicationId ?? `#${a.index + 1}`}: ${a.explanation}`,
  ),
});

function compute(kind: NormKind, form: CalculatorInput): Outcome {
  try {
    if (kind === "renure")
      throw new FdmCalculatorError("INVALID_INPUT", "there is no RENURE norm in 2025");
    const input = toInput(form);
    let norm: Figure;
    if (kind === "stikstof") {
      const r = getNL2025StikstofGebruiksNorm(input);
      norm = {
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
      return {
        ok: true,
        norm,
        filling: fillingFigure(calculateNL2025StikstofGebruiksNormFilling(input)),
      };
    }
    if (kind === "fosfaat") {
      const r = getNL2025FosfaatGebruiksNorm(input);
      norm = {
        value: r.normValue,
        unit: r.unit,
        explanation: r.explanation,
        details: [
          ["Land use", r.landUse],
          ["Fosfaatklasse (phosphate class)", r.fosfaatklasse],
        ],
      };
      return {
        ok: true,
        norm,
        filling: fillingFigure(calculateNL2025FosfaatGebruiksNormFilling(input)),
      };
    }
    const r = getNL2025DierlijkeMestGebruiksNorm(input);
    norm = {
      value: r.normValue,
      unit: r.unit,
      explanation: r.explanation,
      details: [["Case", r.label]],
    };
    return {
      ok: true,
      norm,
      filling: fillingFigure(calculateNL2025DierlijkeMestGebruiksNormFilling(input)),
    };
  } catch (error) {
    if (error instanceof FdmCalculatorError)
      return { ok: false, message: error.message, code: error.code };
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

export const nl2025: NormYear = {
  year: 2025,
  derogation: true,
  kinds: ["stikstof", "fosfaat", "dierlijke-mest"],
  regions,
  crops,
  fertilizers,
  compute,
};
