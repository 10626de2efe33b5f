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
  getRenureGebruiksNorm,
  getStikstofGebruiksNorm,
  type NLRegion,
  type NormsFieldInput,
} from "fdm-calculator";
import { getCultivationCatalogue, getFertilizersCatalogue } from "fdm-data";
import type { CalculatorInput, Figure, NormKind, NormYear } from "./types";

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
const fertilizers = fertilizerItems.map((item) => ({
  id: item.id,
  label: `${item.typeRvo} ${item.nameNl}`,
  grazingManure: item.isManure && /rundvee|graasdier|schapen|geiten|paard/i.test(item.nameNl),
}));

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

function toInput(f: CalculatorInput, derogation: boolean): NormsFieldInput {
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
    applications: f.applications.map((a, index) => {
      const item = fertilizerItems.find((x) => x.id === a.fertilizerId);
      if (!item)
        throw new FdmCalculatorError(
          "INVALID_INPUT",
          `application ${index + 1}: choose a fertilizer`,
        );
      // A measured N content, when typed, replaces the catalogue's (none for RENURE).
      const measuredN = a.n.trim() === "" ? null : Number.parseFloat(a.n);
      return {
        id: `application ${index + 1}`,
        date: utc(a.date),
        amount: Number.parseFloat(a.amount),
        fertilizer: {
          id: item.id,
          typeRvo: item.typeRvo,
          composition:
            measuredN === null ? item.composition : { ...item.composition, n: measuredN },
        },
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

function compute(year: number, derogation: boolean, kind: NormKind, form: CalculatorInput) {
  const input = toInput(form, derogation);
  let norm: Figure;
  if (kind === "stikstof") {
    const r = getStikstofGebruiksNorm(year, input);
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
    return { norm, filling: calculateStikstofGebruiksNormFilling(year, input) };
  }
  if (kind === "fosfaat") {
    const r = getFosfaatGebruiksNorm(year, input);
    norm = {
      value: r.normValue,
      unit: r.unit,
      explanation: r.explanation,
      details: [
        ["Land use", r.landUse],
        ["Fosfaatklasse (phosphate class)", r.fosfaatklasse],
      ],
    };
    return { norm, filling: calculateFosfaatGebruiksNormFilling(year, input) };
  }
  if (kind === "renure") {
    const r = getRenureGebruiksNorm(year, input);
    norm = {
      value: r.normValue,
      unit: r.unit,
      explanation: r.explanation,
      details: [["Mestcodes that fill it", r.mestcodes.join(", ")]],
    };
    return { norm, filling: calculateRenureGebruiksNormFilling(year, input) };
  }
  const r = getDierlijkeMestGebruiksNorm(year, input);
  norm = {
    value: r.normValue,
    unit: r.unit,
    explanation: r.explanation,
    details: [["Case", r.label]],
  };
  return { norm, filling: calculateDierlijkeMestGebruiksNormFilling(year, input) };
}

/** The calculator form's view of one year of fdm-calculator's gebruiksnormen. */
export function normYear(year: number): NormYear {
  const described = describeNormYear(year);
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
    compute(kind, form) {
      try {
        const { norm, filling } = compute(year, described.derogation, kind, form);
        return { ok: true, norm, filling: fillingFigure(filling) };
      } catch (error) {
        if (error instanceof FdmCalculatorError)
          return { ok: false, message: error.message, code: error.code };
        return { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
