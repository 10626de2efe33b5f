import type { FertilizerComposition } from "fdm-data";
import type {
  DerogationFlags,
  NormsApplication as NL2025Application,
  NormsCultivation as NL2025Cultivation,
  NormsFieldInput,
} from "./engine/types.js";

// Test helpers of the norm tests of every year. A 2025 field: every flag given.
type NL2025NormsInput = NormsFieldInput & DerogationFlags;

/** A composition with every content unknown, so N and P2O5 fall back to Table 11. */
export const UNKNOWN: FertilizerComposition = {
  n: null,
  p2o5: null,
  k2o: null,
  so3: null,
  mgo: null,
  cao: null,
};

/** A field on klei outside every special area, without derogation or grazing; override what a test needs. */
export function field(overrides: Partial<NL2025NormsInput> = {}): NL2025NormsInput {
  return {
    fieldId: "field-1",
    area: 1,
    region: "klei",
    isNVGebied: false,
    isGWBG: false,
    isNatura2000: false,
    isDerogatievrijeZone: false,
    hasDerogation: false,
    hasGrazingIntention: false,
    isOrganicCertified: false,
    cultivations: [],
    applications: [],
    ...overrides,
  };
}

/** A cultivation from `start` until `end` (ISO dates; no end: it stays). */
export function crop(
  cultivationId: string,
  start: string,
  end: string | null = null,
  extra: Partial<NL2025Cultivation> = {},
): NL2025Cultivation {
  return {
    cultivationId,
    startDate: new Date(start),
    endDate: end === null ? null : new Date(end),
    ...extra,
  };
}

/** An application of `amount` kg/ha of mestcode `typeRvo` on `date`. */
export function apply(
  date: string,
  amount: number,
  typeRvo: number,
  extra: Partial<NL2025Application> & { composition?: Partial<FertilizerComposition> } = {},
): NL2025Application {
  const { composition, ...rest } = extra;
  return {
    date: new Date(date),
    amount,
    fertilizer: { typeRvo, composition: { ...UNKNOWN, ...composition } },
    ...rest,
  };
}
