/**
 * Shapes of the encoded RVO tables, the same for every year: each year's data
 * modules (generated from the public RVO figures by `scripts/generate-nl-<year>-data.ts`)
 * hold rows of these shapes.
 */
import type { NLRegion } from "../calendar.js";

/** What decides between the variants of one Table-2 line. */
export type NormVariantBasis =
  | "beweiding"
  | "einddatum_periode"
  | "ras"
  | "derogatie"
  | "teeltjaar"
  | "brp_code"
  | "teeltvolgorde"
  | "teeltwijze";

/** The figure pair of one region: outside and inside an NV-gebied. */
export interface StikstofRegionFigures {
  /** Norm outside NV-gebied, kg N/ha. */
  standard: number;
  /** Norm inside a met nutriënten verontreinigd gebied (NV-gebied), kg N/ha. */
  nv: number;
}

/** One line (or one variant of a line) of RVO Table 2 Stikstof landbouwgrond of a year. */
export interface StikstofTableRow {
  /** Running number of the row in the reference data (not an RVO number). */
  rowId: number;
  /** Name of the Table-2 line, copied letter for letter. */
  table2Name: string;
  /** The variant of the line, or `null` when the line has one figure set. */
  variant: string | null;
  /** What decides the variant, or `null` when the line has one figure set. */
  variantBasis: NormVariantBasis | null;
  /** Start of the period (MM-DD) for temporary grassland variants. */
  periodStart: string | null;
  /** End of the period (MM-DD) for temporary grassland variants. */
  periodEnd: string | null;
  /** BRP gewascodes of the line. */
  brpCodes: number[];
  /** The crop counts as a winter crop for the catch-crop reduction. */
  isWinterteelt: boolean;
  /** The crop counts as a catch crop (vanggewas) for the catch-crop reduction. */
  isVanggewas: boolean;
  /** Figures per soil region. */
  norms: Record<NLRegion, StikstofRegionFigures>;
}

/** One row of the RVO phosphate class tables (Differentiatie fosfaatgebruiksnorm). */
export interface FosfaatTableRow {
  /** Land use the row applies to. */
  landUse: "grasland" | "bouwland";
  /** Lowest P-CaCl2 in tenths of mg P/kg (after rounding), or `null` for no bound. */
  pCaCl2MinTenths: number | null;
  /** Highest P-CaCl2 in tenths of mg P/kg (after rounding), or `null` for no bound. */
  pCaCl2MaxTenths: number | null;
  /** Lowest P-AL in mg P2O5/100 g (after rounding), or `null` for no bound. */
  pAlMin: number | null;
  /** Highest P-AL in mg P2O5/100 g (after rounding), or `null` for no bound. */
  pAlMax: number | null;
  /** The fosfaatklasse (phosphate class). */
  fosfaatklasse: "Arm" | "Laag" | "Neutraal" | "Ruim" | "Hoog";
  /** The fosfaatgebruiksnorm of the class, kg P2O5/ha. */
  norm: number;
}

/** A flag condition of the dierlijke-mest table: a fixed value or `any`. */
export type FlagCondition = boolean | "any";

/** One priority row of the RVO dierlijke-mest-gebruiksnorm rules of a year. */
export interface DierlijkeMestTableRow {
  /** Rows are checked in ascending priority; the first match applies. */
  priority: number;
  /** The case the row describes, in Dutch. */
  case: string;
  /** Condition on the farm's derogation. */
  derogation: FlagCondition;
  /** Condition on the field lying in (or in the mapped zone around) a Natura 2000 area. */
  natura2000: FlagCondition;
  /** Condition on the field lying in a grondwaterbeschermingsgebied (GWBG). */
  gwbg: FlagCondition;
  /** Condition on the field lying in a derogatievrije zone. */
  derogatievrijeZone: FlagCondition;
  /** Condition on the field lying in an NV-gebied. */
  nvArea: FlagCondition;
  /** The norm, kg N/ha from animal manure. */
  norm: number;
  /** RVO's label for the case. */
  label: string;
}

/** One mestcode of RVO Table 11 (Uitvoeringsregeling Meststoffenwet). */
export interface MestcodeRow {
  /** The RVO mestcode. */
  code: number;
  /** Animal or product and manure type. */
  description: string;
  /** Counts as animal manure for the dierlijke-mest-gebruiksnorm (Nitrates Directive). */
  isDierlijkeMest: boolean;
  /** Forfaitaire (standard) N content, kg/ton; `null` where Table 11 gives none. */
  nForfaitair: number | null;
  /** Forfaitaire (standard) P2O5 content, kg/ton; `null` where Table 11 gives none. */
  p2o5Forfaitair: number | null;
}

/** One sub-case of RVO Table 9 (werkingscoëfficiënten for nitrogen). */
export interface WerkingscoefficientRow {
  /** The Table-9 category. */
  category: string;
  /** The sub-case text, or `null` when the category has a single figure. */
  condition: string | null;
  /** The mestcodes of the category. */
  mestcodes: number[];
  /** Origin condition, or `null` when it does not matter. */
  herkomst: "eigen_bedrijf" | "aangevoerd" | null;
  /** Grazing condition, or `null` when it does not matter. */
  beweiding: "met_beweiding" | "zonder_beweiding" | null;
  /** Soil regions the sub-case applies to, or `null` for all regions. */
  regions: NLRegion[] | null;
  /** `bouwland` when the sub-case applies only on arable land, otherwise `null`. */
  landUse: "bouwland" | null;
  /** `true` when the sub-case applies only from 1 September to 31 January. */
  autumnWinterOnly: boolean;
  /** The werkingscoëfficiënt as a fraction. */
  coefficient: number;
}
