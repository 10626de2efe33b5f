/**
 * The input shapes of the 2025 gebruiksnormen: the engine's shapes
 * (`../engine/types.ts`) named for 2025, and the 2025 field input with the
 * derogation flags that only 2025 has.
 */
import type { NLRegion } from "../calendar.js";
import type {
  NormsApplication,
  NormsCultivation,
  NormsFertilizer,
  NormsSoilPhosphate,
} from "../engine/types.js";

/**
 * The soil regions ("grondsoortregio's") of the Meststoffenwet that Table 2
 * gives separate figures for: `klei` (clay), `veen` (peat), `zand_nwc` (sand
 * in the north, west and centre), `zand_zuid` (sand in the south), `loess`
 * (löss). The same five in every year.
 */
export type NL2025Region = NLRegion;

/**
 * A cultivation on the field: the crop and the days it is on the field. Dates
 * are calendar days in UTC (`new Date("2025-05-15")`); see `NormsCultivation`
 * for each property.
 */
export type NL2025Cultivation = NormsCultivation;

/** The fertilizer of an application: its RVO mestcode and composition (g/kg). A `CatalogueFertilizerItem` of fdm-data fits it. */
export type NL2025Fertilizer = NormsFertilizer;

/** A fertilizer application on the field, dated in 2025. */
export type NL2025Application = NormsApplication;

/** The two soil phosphate values the fosfaatgebruiksnorm needs: P-CaCl2 (mg P/kg) and P-AL (mg P2O5/100 g). */
export type NL2025SoilPhosphate = NormsSoilPhosphate;

/**
 * Everything the 2025 gebruiksnormen (application norms) and their filling need
 * for one field, as plain data.
 */
export interface NL2025NormsInput {
  /** Identifier of the field; every error message names it. */
  fieldId: string;
  /** Area of the field in ha (above 0). */
  area: number;
  /** Soil region of the field (grondsoortenkaart of the Meststoffenwet). */
  region: NL2025Region;
  /** The field lies in a met nutriënten verontreinigd gebied (NV-gebied). */
  isNVGebied: boolean;
  /** The field lies in a grondwaterbeschermingsgebied (GWBG, groundwater protection area). */
  isGWBG: boolean;
  /** The field lies in (or in the mapped zone around) a Natura 2000 area. */
  isNatura2000: boolean;
  /** The field lies in a derogatievrije zone (zone without derogation). */
  isDerogatievrijeZone: boolean;
  /** The farm has derogatie (derogation) for 2025. */
  hasDerogation: boolean;
  /** The farm intends to graze (beweiding) in 2025. */
  hasGrazingIntention: boolean;
  /** The farm is certified organic (for the phosphate rule on solid pig manure). */
  isOrganicCertified: boolean;
  /**
   * Catalogue id of the hoofdteelt (main crop). When absent it is derived from
   * `cultivations` with {@link getNL2025Hoofdteelt}.
   */
  mainCropId?: string;
  /** The cultivations of the field in 2025, and those of 2024 (for the catch-crop reduction and the crop year). */
  cultivations: NL2025Cultivation[];
  /** Soil analysis of the field; required for the fosfaatgebruiksnorm. */
  soilPhosphate?: NL2025SoilPhosphate | null;
  /** The fertilizer applications on the field in 2025. */
  applications: NL2025Application[];
}
