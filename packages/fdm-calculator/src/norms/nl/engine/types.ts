/**
 * The input and result shapes of the gebruiksnormen, the same in every year.
 * Which flags a year's field input must give, its rules say
 * (`describeNormYear(year).flags`).
 */
import type { ApplicationMethods, FertilizerComposition, Mestcode } from "fdm-data";
import type { NLRegion } from "../calendar.js";

/**
 * A cultivation on the field: the crop and the days it is on the field.
 *
 * Dates are calendar days in UTC (`new Date("2025-05-15")`).
 */
export interface NormsCultivation {
  /** Cultivation catalogue id, `nl_<BRP gewascode>` (e.g. `nl_265`). */
  cultivationId: string;
  /** Sowing or planting date (or the day the crop was taken over on the field). */
  startDate: Date;
  /** The day the crop ended (harvest, destruction); `null` or absent while it stays. */
  endDate?: Date | null;
  /**
   * Variety (ras), for the potato lines of Table 2 whose norm depends on the
   * variety (hoge norm / lage norm). Matched without regard to case.
   */
  variety?: string | null;
  /**
   * The teeltwijze (way of growing) for Table-2 lines the crop code alone does not
   * decide: Bladgewassen overig, Kruiden, Iris, Krokus and Gladiool. One of the
   * variant names of the line, e.g. `meermalige oogst` or `grofbollig`.
   */
  teeltwijze?: string | null;
  /**
   * What a grass crop (BRP 265, 266, 331, 332, 335) was, for the grassland
   * kortingen: `vanggewas_na_mais` (the mandatory catch crop after maïs),
   * `groenbemester` (a grass green manure), from 2026 any other `vanggewas`
   * (catch crop), or `grasland` (grassland, whatever its dates). Destroying a
   * catch crop or green manure before maïs or potatoes brings no korting.
   * `null` or absent: the year's rule decides — in 2025 grassland; from 2026
   * a catch crop when its Table-2 line is a catch-crop line or it was sown in
   * or after August of the year before, else grassland.
   */
  grassPurpose?: "vanggewas_na_mais" | "vanggewas" | "groenbemester" | "grasland" | null;
}

/**
 * The fertilizer of an application: its RVO mestcode and its composition.
 * A `CatalogueFertilizerItem` of fdm-data fits this shape.
 */
export interface NormsFertilizer {
  /** Identifier of the product, used in explanations. */
  id?: string;
  /**
   * The RVO mestcode (Table 11) as a number, e.g. `14` for cattle slurry, `115` for
   * kunstmest: fdm-data's `Mestcode`, the type fdm-core's `Fertilizer.typeRvo` has, so a
   * fertilizer read from fdm-core passes as it is. A code the year's Table 11 does not hold
   * (130–134 before 2026) is refused with `UNKNOWN_MESTCODE`.
   */
  typeRvo: Mestcode;
  /**
   * Contents in g/kg (= kg/ton). A `null` (or `0`) N or P2O5 content falls back
   * to the forfaitaire content of Table 11. Kunstmest (115) has no forfaitaire
   * content but must declare what it contains, so its `null` contents count as 0.
   */
  composition: FertilizerComposition;
}

/** A fertilizer application on the field. */
export interface NormsApplication {
  /** Identifier of the application, used in explanations and results. */
  id?: string;
  /** Day of application, within the year of the norms (UTC). */
  date: Date;
  /** Amount of product, kg/ha. */
  amount: number;
  /** How it was spread; recorded in results, it does not change a norm or its filling. */
  method?: ApplicationMethods;
  /** The fertilizer applied. */
  fertilizer: NormsFertilizer;
  /**
   * Herkomst (origin) of animal manure: produced on the farm itself
   * (`eigen_bedrijf`) or brought in (`aangevoerd`). Required for the manure of
   * grazing animals, whose werkingscoëfficiënt (Table 9) depends on it.
   */
  origin?: "eigen_bedrijf" | "aangevoerd";
}

/** The two soil phosphate values the fosfaatgebruiksnorm needs. */
export interface NormsSoilPhosphate {
  /** P-CaCl2 (P-plantbeschikbaar), mg P/kg. */
  pCaCl2: number;
  /** P-AL, mg P2O5/100 g. */
  pAl: number;
}

/**
 * Everything the gebruiksnormen of any year need for one field, as plain data:
 * the flags every year has are required, the derogation flags of 2025
 * optional. A year checks that the flags it needs are given
 * (`describeNormYear(year).flags`); a 2025 field is
 * `NormsFieldInput & DerogationFlags`.
 */
export interface NormsFieldInput {
  /** Identifier of the field; every error message names it. */
  fieldId: string;
  /** Area of the field in ha (above 0). */
  area: number;
  /** Soil region of the field (grondsoortenkaart of the Meststoffenwet). */
  region: NLRegion;
  /** The field lies in a met nutriënten verontreinigd gebied (NV-gebied). */
  isNVGebied: boolean;
  /** The farm intends to graze (beweiding) in the year. */
  hasGrazingIntention: boolean;
  /** The farm is certified organic (for the phosphate rule on solid pig manure). */
  isOrganicCertified: boolean;
  /** Catalogue id of the hoofdteelt (main crop). When absent it is derived from `cultivations`. */
  mainCropId?: string;
  /** The cultivations of the field in the year and in the year before (catch crops, crop year). */
  cultivations: NormsCultivation[];
  /** Soil analysis of the field; required for the fosfaatgebruiksnorm. */
  soilPhosphate?: NormsSoilPhosphate | null;
  /** The fertilizer applications on the field in the year. */
  applications: NormsApplication[];
  /** 2025: the field lies in a grondwaterbeschermingsgebied (GWBG). */
  isGWBG?: boolean;
  /** 2025: the field lies in (or in the mapped zone around) a Natura 2000 area. */
  isNatura2000?: boolean;
  /** 2025: the field lies in a derogatievrije zone. */
  isDerogatievrijeZone?: boolean;
  /** 2025: the farm has derogatie (derogation). */
  hasDerogation?: boolean;
}

/** The four flags of the 2025 derogation rules, which a 2025 field input must give. */
export interface DerogationFlags {
  /** The field lies in a grondwaterbeschermingsgebied (GWBG). */
  isGWBG: boolean;
  /** The field lies in (or in the mapped zone around) a Natura 2000 area. */
  isNatura2000: boolean;
  /** The field lies in a derogatievrije zone. */
  isDerogatievrijeZone: boolean;
  /** The farm has derogatie (derogation). */
  hasDerogation: boolean;
}

/** The unit of a gebruiksnorm or its filling. */
export type GebruiksnormUnit = "kg N/ha" | "kg P2O5/ha";

/** A gebruiksnorm (legal application norm) of one field. */
export interface GebruiksnormResult {
  /** The norm in kg per ha. */
  normValue: number;
  /** The unit of `normValue`. */
  unit: GebruiksnormUnit;
  /** Which table row and rule produced the figure, in plain words. */
  explanation: string;
}

/** The stikstofgebruiksnorm (nitrogen norm) of a field, with the Table-2 row behind it. */
export interface StikstofGebruiksnormResult extends GebruiksnormResult {
  /** The hoofdteelt (main crop) used. */
  mainCropId: string;
  /** Name of the RVO Table-2 line. */
  table2Name: string;
  /** The variant of the line, or `null` when the line has one figure set. */
  variant: string | null;
  /** The figure of the line before the catch-crop reduction, kg N/ha. */
  tableValue: number;
  /**
   * The korting subtracted, kg N/ha: the catch-crop reduction, or on zand and
   * löss the grassland korting when grassland was destroyed (see `kortingRule`).
   */
  korting: number;
  /**
   * Which korting applied: `vanggewas` (the catch-crop reduction, possibly 0),
   * `graslandvernietiging` (65 kg N/ha: maïs or consumption/factory potatoes
   * after destroying grassland), `graslandvernieuwing` (50 kg N/ha: grassland
   * renewed from 1 June to 31 August), or `geen` (none on klei and veen).
   */
  kortingRule: "vanggewas" | "graslandvernietiging" | "graslandvernieuwing" | "geen";
}

/** The fosfaatgebruiksnorm (phosphate norm) of a field, with its class. */
export interface FosfaatGebruiksnormResult extends GebruiksnormResult {
  /** Land use the class table was read for. */
  landUse: "grasland" | "bouwland";
  /** The fosfaatklasse (phosphate class) from the soil analysis. */
  fosfaatklasse: "Arm" | "Laag" | "Neutraal" | "Ruim" | "Hoog";
}

/** The RENURE norm of a field (2026): kg N/ha from RENURE products on top of the dierlijke-mest-gebruiksnorm. */
export interface RenureGebruiksnormResult extends GebruiksnormResult {
  /** The RVO mestcodes that fill the norm (130–134). */
  mestcodes: readonly number[];
}

/** The dierlijke-mest-gebruiksnorm (animal-manure nitrogen norm) of a field. */
export interface DierlijkeMestGebruiksnormResult extends GebruiksnormResult {
  /** RVO's label of the case that applied, e.g. `Derogatie - NV Gebied`. */
  label: string;
}

/** How much one application uses of a norm. */
export interface NormFillingApplication {
  /** The application's `id`, or `null` when it has none. */
  applicationId: string | null;
  /** Position of the application in the input list. */
  index: number;
  /** Kilograms per ha the application counts for. */
  value: number;
  /** How the value was computed. */
  explanation: string;
}

/** How much of a gebruiksnorm the applications of one field use (the filling). */
export interface GebruiksnormFillingResult {
  /** Total kg per ha that counts against the norm. */
  normFilling: number;
  /** The unit of `normFilling`. */
  unit: GebruiksnormUnit;
  /** The contribution of each application, in input order. */
  applications: NormFillingApplication[];
  /** How the total was computed. */
  explanation: string;
}
