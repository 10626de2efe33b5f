/**
 * Names of the cultivation catalogues that fdm-data ships.
 *
 * - `brp`: every crop code of the Dutch Basisregistratie Percelen (BRP, the
 *   national parcel register), as published by RVO.
 */
export type CatalogueCultivationName = "brp";

/**
 * Names of the fertilizer catalogues that fdm-data ships.
 *
 * - `rvo`: the RVO mestcodes (manure and other product codes) of Table 11 of the
 *   Uitvoeringsregeling Meststoffenwet, with their standard (forfaitaire)
 *   nitrogen and phosphate contents.
 * - `mineral`: common mineral fertilizers by their declared composition.
 */
export type CatalogueFertilizerName = "rvo" | "mineral";

/**
 * How often a cultivation is harvested in one growing season.
 *
 * - `once`: a single harvest ends the crop (cereals, potatoes, maize).
 * - `multiple`: harvested several times while it stays on the field (grassland, lucerne, most fruit).
 * - `none`: not harvested (catch crops, fallow, nature, field margins).
 */
export type Harvestable = "once" | "multiple" | "none";

/**
 * The rotation group a cultivation belongs to; it decides how the crop is
 * treated in crop-rotation rules and in calculations.
 */
export type Rotation =
  | "grassland"
  | "cereal"
  | "maize"
  | "potato"
  | "sugar_beet"
  | "legume"
  | "oilseed"
  | "vegetable"
  | "flower_bulb"
  | "tree_nursery"
  | "fruit"
  | "catch_crop"
  | "fallow"
  | "nature"
  | "other";

/**
 * One crop of a cultivation catalogue.
 *
 * Agronomic parameters are only filled where a public source can be named; a
 * `null` means no sourced figure is encoded, never zero.
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
  /**
   * Dry-matter yield of the harvested product in kg DM/ha per year.
   * `null`: no public source is encoded for this crop.
   */
  yieldDryMatter: number | null;
  /**
   * Nitrogen content of the harvested product in g N/kg dry matter.
   * `null`: no public source is encoded for this crop.
   */
  nitrogenContentHarvest: number | null;
  /**
   * Biological nitrogen fixation in kg N/ha per year (legumes only).
   * `null`: no public source is encoded for this crop.
   */
  nitrogenFixation: number | null;
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
}

/** One product of a fertilizer catalogue. */
export interface CatalogueFertilizerItem {
  /** The catalogue the item belongs to. */
  catalogue: CatalogueFertilizerName;
  /** Identifier that stays the same across releases, e.g. `rvo_14` or `mineral_can27`. */
  id: string;
  /** The product's name as its source writes it. */
  sourceName: string;
  /** The Dutch name as shown to a user. */
  nameNl: string;
  /** An English name; `null` where none can be given truthfully. */
  nameEn: string | null;
  /**
   * The RVO mestcode (Table 11, Uitvoeringsregeling Meststoffenwet) under which
   * the product is reported; mineral fertilizers are code `115` (kunstmest).
   */
  typeRvo: number;
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
  /** The application methods allowed for this product. */
  applicationMethods: ApplicationMethods[];
  /** Where the figures come from. */
  source: string;
  /** Content hash of the item (see {@link hashFertilizer}). */
  hash: string;
}

/** A fertilizer catalogue: the list of its products. */
export type CatalogueFertilizer = CatalogueFertilizerItem[];
