import {
  calculateNL2026DierlijkeMestGebruiksNormFilling,
  calculateNL2026FosfaatGebruiksNormFilling,
  calculateNL2026RenureGebruiksNormFilling,
  calculateNL2026StikstofGebruiksNormFilling,
  FdmCalculatorError,
  type GebruiksnormFillingResult,
  getNL2026DierlijkeMestGebruiksNorm,
  getNL2026FosfaatGebruiksNorm,
  getNL2026RenureGebruiksNorm,
  getNL2026StikstofGebruiksNorm,
  type NL2025Region,
  type NL2026NormsInput,
} from "fdm-calculator";
import { getCultivationCatalogue, getFertilizersCatalogue } from "fdm-data";
import type { CalculatorInput, Figure, NormKind, NormYear, Outcome } from "./types";

// The 2026 norms of fdm-calculator behind the calculator form. Derogation is
// gone in 2026, so the form's derogation flags are not passed on; RENURE has
// a norm of its own.

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

function toInput(f: CalculatorInput): NL2026NormsInput {
  const pCaCl2 = Number.parseFloat(f.pCaCl2);
  const pAl = Number.parseFloat(f.pAl);
  return {
    fieldId: "calculator",
    area: 1,
    region: f.region as NL2025Region,
    isNVGebied: f.nv,
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

function compute(kind: NormKind, form: CalculatorInput): Outcome {
  try {
    const input = toInput(form);
    let norm: Figure;
    if (kind === "stikstof") {
      const r = getNL2026StikstofGebruiksNorm(input);
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
        filling: fillingFigure(calculateNL2026StikstofGebruiksNormFilling(input)),
      };
    }
    if (kind === "fosfaat") {
      const r = getNL2026FosfaatGebruiksNorm(input);
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
        filling: fillingFigure(calculateNL2026FosfaatGebruiksNormFilling(input)),
      };
    }
    if (kind === "renure") {
      const r = getNL2026RenureGebruiksNorm(input);
      norm = {
        value: r.normValue,
        unit: r.unit,
        explanation: r.explanation,
        details: [["Mestcodes that fill it", r.mestcodes.join(", ")]],
      };
      return {
        ok: true,
        norm,
        filling: fillingFigure(calculateNL2026RenureGebruiksNormFilling(input)),
      };
    }
    const r = getNL2026DierlijkeMestGebruiksNorm(input);
    norm = {
      value: r.normValue,
      unit: r.unit,
      explanation: r.explanation,
      details: [["Case", r.label]],
    };
    return {
      ok: true,
      norm,
      filling: fillingFigure(calculateNL2026DierlijkeMestGebruiksNormFilling(input)),
    };
  } catch (error) {
    if (error instanceof FdmCalculatorError)
      return { ok: false, message: error.message, code: error.code };
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

export const nl2026: NormYear = {
  year: 2026,
  derogation: false,
  kinds: ["stikstof", "fosfaat", "dierlijke-mest", "renure"],
  regions,
  crops,
  fertilizers,
  compute,
};
