import type { FertilizerComposition, Mestcode } from "fdm-data";
import type {
  DerogationFlags,
  NormsApplication,
  NormsCultivation,
  NormsFieldInput,
} from "./engine/types.js";

// Test helpers of the norm tests of every year. A field with every flag given, the derogation
// flags of 2025 too (a year without derogation ignores them).
type EveryFlagInput = NormsFieldInput & DerogationFlags;

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
export function field(overrides: Partial<EveryFlagInput> = {}): EveryFlagInput {
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
  extra: Partial<NormsCultivation> = {},
): NormsCultivation {
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
  typeRvo: Mestcode,
  extra: Partial<NormsApplication> & { composition?: Partial<FertilizerComposition> } = {},
): NormsApplication {
  const { composition, ...rest } = extra;
  return {
    date: new Date(date),
    amount,
    fertilizer: { typeRvo, composition: { ...UNKNOWN, ...composition } },
    ...rest,
  };
}
