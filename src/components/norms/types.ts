/**
 * What a norm calculator page needs from one year of norms. Every year comes
 * from one module (nl.ts, `normYear(year)`) registered in years.ts; adding a
 * year adds a line there, the component and the module stay the same.
 */
export type NormKind = "stikstof" | "fosfaat" | "dierlijke-mest" | "renure";

export interface CalculatorInput {
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
    /** Measured N content, g N/kg product (RENURE products have no forfaitaire one). */
    n: string;
  }[];
}

export interface Figure {
  value: number;
  unit: string;
  explanation: string;
  /** The details the calculator returns with the figure (table line, variant, korting, class…). */
  details: [string, string][];
}

export type Outcome =
  | { ok: true; norm: Figure; filling: Figure & { perApplication: string[] } }
  | { ok: false; message: string; code?: string };

export interface NormYear {
  year: number;
  /** Whether the year knows derogatie (gone in 2026). */
  derogation: boolean;
  /** The norms this year's module computes. */
  kinds: readonly NormKind[];
  regions: { value: string; label: string }[];
  crops: { id: string; code: string; name: string }[];
  fertilizers: { id: string; label: string; grazingManure: boolean }[];
  compute(kind: NormKind, input: CalculatorInput): Outcome;
}
