/**
 * The input shapes of the 2026 gebruiksnormen: the engine's shapes
 * (`../engine/types.ts`) named for 2026, and the 2026 field input. Derogation
 * ended with 2025, so the 2026 input has no derogation flags.
 */
import type { NLRegion } from "../calendar.js";
import type {
  NormsApplication,
  NormsCultivation,
  NormsFertilizer,
  NormsSoilPhosphate,
} from "../engine/types.js";

/** The soil regions of the Meststoffenwet, the same five as in 2025 (`klei`, `veen`, `zand_nwc`, `zand_zuid`, `loess`). */
export type NL2026Region = NLRegion;

/**
 * A cultivation on the field: the crop and the days it is on the field. Dates
 * are calendar days in UTC (`new Date("2026-05-15")`); see `NormsCultivation`
 * for each property. A grass crop sown in or after August 2025 counts as a
 * catch crop unless its `grassPurpose` says `grasland`.
 */
export type NL2026Cultivation = NormsCultivation;

/** The fertilizer of an application: its RVO mestcode (Table 11 of 2026, RENURE 130–134 included) and composition (g/kg). */
export type NL2026Fertilizer = NormsFertilizer;

/** A fertilizer application on the field, dated in 2026. */
export type NL2026Application = NormsApplication;

/** The two soil phosphate values the fosfaatgebruiksnorm needs: P-CaCl2 (mg P/kg) and P-AL (mg P2O5/100 g). */
export type NL2026SoilPhosphate = NormsSoilPhosphate;

/**
 * Everything the 2026 gebruiksnormen (application norms: stikstof, fosfaat,
 * dierlijke mest and RENURE) and their filling need for one field, as plain
 * data. The dates of `cultivations` and `applications` are read against 2026;
 * the cultivations of 2025 serve the catch-crop reduction, the catch-crop rule
 * for grass and the crop year.
 */
export interface NL2026NormsInput {
  /** Identifier of the field; every error message names it. */
  fieldId: string;
  /** Area of the field in ha (above 0). */
  area: number;
  /** Soil region of the field (grondsoortenkaart of the Meststoffenwet). */
  region: NL2026Region;
  /** The field lies in a met nutriënten verontreinigd gebied (NV-gebied). */
  isNVGebied: boolean;
  /** The farm intends to graze (beweiding) in 2026. */
  hasGrazingIntention: boolean;
  /** The farm is certified organic (for the phosphate rule on solid pig manure). */
  isOrganicCertified: boolean;
  /**
   * Catalogue id of the hoofdteelt (main crop). When absent it is derived from
   * `cultivations` with {@link getNL2026Hoofdteelt}.
   */
  mainCropId?: string;
  /** The cultivations of the field in 2026, and those of 2025. */
  cultivations: NL2026Cultivation[];
  /** Soil analysis of the field; required for the fosfaatgebruiksnorm. */
  soilPhosphate?: NL2026SoilPhosphate | null;
  /** The fertilizer applications on the field in 2026. */
  applications: NL2026Application[];
}
