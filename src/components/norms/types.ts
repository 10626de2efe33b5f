/**
 * What a norm calculator page needs from one year of norms. Every year comes
 * from one module (nl.ts, `normYear(year)`) for the years fdm-calculator's
 * registry lists (years.ts); adding a year to the calculator adds it here too.
 */
export type NormKind = "stikstof" | "fosfaat" | "dierlijke-mest" | "renure";

export interface CalculatorInput {
  /** A catalogue id (`nl_265`) once the crop field names a crop; else the text the reader typed. */
  cropId: string;
  sown: string;
  region: string;
  nv: boolean;
  gwbg: boolean;
  natura2000: boolean;
  derogatievrij: boolean;
  derogation: boolean;
  grazing: boolean;
  pCaCl2: string;
  pAl: string;
  variety: string;
  teeltwijze: string;
  applications: {
    fertilizerId: string;
    amount: string;
    date: string;
    origin: string;
    /** N content typed by the reader, kg N/ton (= g/kg); empty: the forfaitaire one of Table 11. */
    n: string;
    /** P2O5 content typed by the reader, kg P2O5/ton; empty: the forfaitaire one of Table 11. */
    p: string;
  }[];
}

export interface Figure {
  value: number;
  unit: string;
  explanation: string;
  /** The details the calculator returns with the figure (table line, variant, korting, class…). */
  details: [string, string][];
}

/** The input of an application row that a problem is about. */
export type RowField = "fertilizer" | "amount" | "date" | "origin" | "content";

/** One application row: its share of the filling, or what it still lacks. */
export type RowOutcome =
  | { ok: true; value: number; explanation: string }
  | { ok: false; field: RowField; message: string };

export type Outcome =
  | {
      ok: true;
      norm: Figure;
      /** The filling of the complete rows; a `message` when even those cannot be computed. */
      filling: (Omit<Figure, "details"> & { ok: true }) | { ok: false; message: string };
      rows: RowOutcome[];
    }
  | { ok: false; message: string; code?: string };

/** A product of the year's Table 11 as the form shows it. */
export interface FertilizerChoice {
  id: string;
  code: number;
  label: string;
  /** "mestcode 115 (Kunstmest)", as messages name it. */
  name: string;
  /** Grazing animals' manure: Table 9 asks its herkomst (origin). */
  grazingManure: boolean;
  /** Counts as dierlijke mest (animal manure) in Table 11. */
  isManure: boolean;
  /** Forfaitaire contents of Table 11, kg/ton; `null` where the law wants the declared or analysed one. */
  n: number | null;
  p2o5: number | null;
}

export interface NormYear {
  year: number;
  /** Whether the year knows derogatie (gone in 2026). */
  derogation: boolean;
  /** The norms this year's module computes. */
  kinds: readonly NormKind[];
  regions: { value: string; label: string }[];
  crops: { id: string; code: string; name: string }[];
  fertilizers: FertilizerChoice[];
  /** The nutrient whose content a row of this norm needs, or `null` when the product does not count. */
  contentNeeded(kind: NormKind, fertilizer: FertilizerChoice): "n" | "p2o5" | null;
  compute(kind: NormKind, input: CalculatorInput): Outcome;
}
