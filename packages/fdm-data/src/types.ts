import type { Mestcode } from "./mestcodes.js";

/**
 * Names of the cultivation catalogues that fdm-data ships.
 *
 * - `brp`: every crop code of the Dutch Basisregistratie Percelen (BRP, the
 *   national parcel register): RVO's 2025 list of BRP gewascodes (525 codes)
 *   and the 7 codes RVO's 2026 norm tables add (532 in all), each with NMI's
 *   agronomic figures (NMI, fdm-data catalogues, MIT).
 */
export type CatalogueCultivationName = "brp";

/**
 * Names of the fertilizer catalogues that fdm-data ships.
 *
 * - `rvo`: the RVO mestcodes (manure and other product codes) of Table 11 of the
 *   Uitvoeringsregeling Meststoffenwet, with their standard (forfaitaire)
 *   nitrogen and phosphate contents (RVO).
 * - `srm`: NMI's organic fertilizers, manures and composts with their
 *   composition (NMI, fdm-data catalogues, MIT).
 * - `baat`: NMI's mineral fertilizers (and a few manures and other products)
 *   with composition and ammonia emission factor (NMI, fdm-data catalogues, MIT).
 */
export type CatalogueFertilizerName = "rvo" | "srm" | "baat";

/**
 * NMI's harvest category of a crop (NMI, fdm-data catalogues, MIT): how its
 * harvest is measured and reported.
 *
 * - `HC010`: standard (one harvested product).
 * - `HC020`: grass (several cuts or grazing).
 * - `HC031`: maize.
 * - `HC040`: root crops.
 * - `HC041`: sugar beet.
 * - `HC042`: potatoes.
 * - `HC050`: cereals.
 */
export type HarvestCategory = "HC010" | "HC020" | "HC031" | "HC040" | "HC041" | "HC042" | "HC050";

/**
 * How often a cultivation is harvested in one growing season.
 *
 * - `once`: a single harvest ends the crop (cereals, potatoes, maize).
 * - `multiple`: harvested several times while it stays on the field (grassland, lucerne, most fruit).
 * - `none`: not harvested (catch crops, fallow, nature, field margins).
 */
export type Harvestable = "once" | "multiple" | "none";

/**
 * The rotation groups of the cultivation catalogues, in a fixed order: what
 * {@link Rotation} may be. Calculations check a cultivation's rotation against
 * this list rather than guess from an unknown word.
 *
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { ROTATIONS } from "fdm-data";
 * assert.ok(ROTATIONS.includes("grassland"));
 * assert.ok(!(ROTATIONS as readonly string[]).includes("grass"));
 * ```
 */
export const ROTATIONS = Object.freeze([
  "grassland",
  "cereal",
  "maize",
  "potato",
  "sugar_beet",
  "legume",
  "oilseed",
  "vegetable",
  "flower_bulb",
  "tree_nursery",
  "fruit",
  "catch_crop",
  "fallow",
  "nature",
  "other",
] as const);

/**
 * The rotation group a cultivation belongs to; it decides how the crop is
 * treated in crop-rotation rules and in calculations. {@link ROTATIONS} lists them.
 */
export type Rotation = (typeof ROTATIONS)[number];

/**
 * One crop of a cultivation catalogue.
 *
 * Codes and names come from RVO; the agronomic figures from NMI, fdm-data
 * catalogues (MIT). A `null` figure means NMI publishes none for the crop,
 * never zero.
 */
export interface CatalogueCultivationItem {
  /** The catalogue the item belongs to. */
  catalogue: CatalogueCultivationName;
  /** Identifier that stays the same across releases, e.g. `nl_265` for BRP code 265. */
  id: string;
  /** The code of the crop in its source, e.g. the BRP gewascode `265`. */
  sourceCode: number;
  /** The crop's name exactly as the source writes it (for BRP: lower case). */
  sourceName: string;
  /** The Dutch name as shown to a user, e.g. `Grasland, blijvend`. */
  nameNl: string;
  /** An English name, where one can be given truthfully; otherwise `null`. */
  nameEn: string | null;
  /** How often the crop is harvested in a season. */
  harvestable: Harvestable;
  /** The crop's rotation group. */
  rotation: Rotation;
  /** Typical dry-matter yield of the harvested product, kg DM/ha per year (NMI `b_lu_yield`). */
  yieldDryMatter: number | null;
  /** Dry matter of the harvested product, g DM per kg fresh product (NMI `b_lu_dm`). */
  dryMatterContent: number | null;
  /** Harvest index: harvested / total above-ground biomass, a fraction from 0 to 1 (NMI `b_lu_hi`). */
  harvestIndex: number | null;
  /** Nitrogen content of the harvested product, g N/kg dry matter (NMI `b_lu_n_harvestable`). */
  nitrogenContentHarvest: number | null;
  /** Nitrogen content of the crop residues, g N/kg dry matter (NMI `b_lu_n_residue`). */
  nitrogenContentResidue: number | null;
  /** Biological nitrogen fixation, kg N/ha per year; 0 for crops that fix none (NMI `b_n_fixation`). */
  nitrogenFixation: number | null;
  /** Effective organic matter the crop leaves, kg EOM/ha (NMI `b_lu_eom`). */
  effectiveOrganicMatter: number | null;
  /** Effective organic matter of the crop's residues, kg EOM/ha (NMI `b_lu_eom_residue`). */
  effectiveOrganicMatterResidue: number | null;
  /** NMI's harvest category (`b_lu_harvestcat`); `null` for crops NMI gives none (crops not harvested). */
  harvestCategory: HarvestCategory | null;
  /**
   * Whether the crop is a rustgewas (rest crop: a crop that leaves the soil at rest, such as grass or
   * cereals) under Dutch manure legislation (NMI `b_lu_rest_oravib`).
   */
  isRustgewas: boolean | null;
  /** Variety names where the crop's norm depends on the variety (NMI `b_lu_variety_options`); empty when none. */
  varietyOptions: string[];
  /** Default sowing or planting day as `MM-DD` (NMI `b_lu_start_default`); see {@link getDefaultDates}. */
  defaultSowingDate: string | null;
  /**
   * Default harvest day as `MM-DD` (NMI `b_date_harvest_default`). When it comes before
   * {@link CatalogueCultivationItem.defaultSowingDate} in the calendar, the harvest falls in the next year.
   */
  defaultHarvestDate: string | null;
  /** Content hash of the item (see {@link hashCultivation}). */
  hash: string;
}

/** A cultivation catalogue: the list of its crops. */
export type CatalogueCultivation = CatalogueCultivationItem[];

/**
 * Ways a fertilizer can be spread on a field.
 *
 * - `broadcasting`: spread over the surface (granules, solid manure).
 * - `narrowband`: laid in narrow bands on the surface (trailing hose or trailing shoe, "sleepvoet").
 * - `shallow_injection`: placed in slits a few centimetres deep ("zodebemesting").
 * - `injection`: injected deeper into the soil (arable land).
 * - `incorporation`: spread and worked into the soil in the same pass.
 * - `spraying`: sprayed as a liquid.
 */
export type ApplicationMethods =
  | "broadcasting"
  | "narrowband"
  | "shallow_injection"
  | "injection"
  | "incorporation"
  | "spraying";

/**
 * Nutrient contents of a fertilizer, each in g per kg of product — the same
 * number as kg per ton. `null`: the content is not known from a public source.
 */
export interface FertilizerComposition {
  /** Total nitrogen, g N/kg. */
  n: number | null;
  /** Phosphate, g P2O5/kg. */
  p2o5: number | null;
  /** Potash, g K2O/kg. */
  k2o: number | null;
  /** Sulphur, g SO3/kg. */
  so3: number | null;
  /** Magnesium, g MgO/kg. */
  mgo: number | null;
  /** Calcium, g CaO/kg. */
  cao: number | null;
  /** Ammonium nitrogen, g NH4-N/kg (NMI `p_nh4_rt`). Optional: `null` or absent where unknown. */
  nNh4?: number | null;
  /** Nitrate nitrogen, g NO3-N/kg (NMI `p_no3_rt`). Optional: `null` or absent where unknown. */
  nNo3?: number | null;
  /** Organic nitrogen, g N/kg (NMI `p_n_of`). Optional: `null` or absent where unknown. */
  nOrganic?: number | null;
}

/** One product of a fertilizer catalogue. */
export interface CatalogueFertilizerItem {
  /** The catalogue the item belongs to. */
  catalogue: CatalogueFertilizerName;
  /** Identifier that stays the same across releases, e.g. `rvo_14`, `baat_028` or `srm_0fa8fb5bc763ad9b`. */
  id: string;
  /** The product's name as its source writes it. */
  sourceName: string;
  /** The Dutch name as shown to a user. */
  nameNl: string;
  /** An English name; `null` where none can be given truthfully. */
  nameEn: string | null;
  /**
   * The RVO mestcode (Table 11, Uitvoeringsregeling Meststoffenwet) under which
   * the product is reported, as a number; mineral fertilizers are code `115` (kunstmest).
   */
  typeRvo: Mestcode;
  /** A mineral (synthetic) fertilizer. */
  isMineral: boolean;
  /** Animal manure, counted for the dierlijke-mest-gebruiksnorm (animal-manure norm). */
  isManure: boolean;
  /** Compost. */
  isCompost: boolean;
  /**
   * Physical form, which decides the allowed application methods; `null` where
   * the product code covers several forms (e.g. RVO code 116, other fertilizers).
   */
  form: "solid" | "slurry" | "liquid" | null;
  /** Dry matter in g/kg product; `null` where no public figure is encoded. */
  dryMatter: number | null;
  /** Nutrient contents in g/kg (= kg/ton) of product. */
  composition: FertilizerComposition;
  /**
   * Ammonia (NH3) emission factor: the fraction of the product's ammoniacal and urea N lost as NH3
   * after application (NMI `p_ef_nh3`, baat only); `null` where NMI gives none.
   */
  ammoniaEmissionFactor: number | null;
  /** Organic matter, g/kg product (NMI `p_om`); `null` where NMI gives none. */
  organicMatter: number | null;
  /** Effective organic matter (what is left after a year), g/kg product (NMI `p_eom`); `null` where NMI gives none. */
  effectiveOrganicMatter: number | null;
  /** Density, kg per litre (NMI `p_density`); `null` where NMI gives none. */
  density: number | null;
  /** The application methods allowed for this product. */
  applicationMethods: ApplicationMethods[];
  /** Where the figures come from. */
  source: string;
  /** Content hash of the item (see {@link hashFertilizer}). */
  hash: string;
}

/** A fertilizer catalogue: the list of its products. */
export type CatalogueFertilizer = CatalogueFertilizerItem[];
