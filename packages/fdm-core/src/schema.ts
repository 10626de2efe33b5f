/**
 * The database schema of fdm-core, written with drizzle-orm.
 *
 * It follows the asset-action model: assets (farm, field, cultivation,
 * harvestable, fertilizer, soil analysis) are rows that describe a thing, and
 * actions (a field is acquired and discarded, a cultivation starts, ends and is
 * harvested, a fertilizer is acquired and applied, a soil is sampled) are rows
 * with a date that point at the assets they happen to.
 *
 * @module
 */

import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  json,
  pgEnum,
  pgSchema,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { ApplicationMethods, Harvestable, Mestcode, Rotation } from "fdm-data";
import { deepFreeze, MESTCODES } from "fdm-data";

/** A value of an enumeration with the label shown to a user. */
export interface EnumOption<T extends string | number> {
  /** The value stored in the database. */
  value: T;
  /** A readable label; Dutch terms keep their Dutch name with an English gloss. */
  label: string;
}

const values = <T extends string>(options: readonly EnumOption<T>[]) =>
  options.map((o) => o.value) as [T, ...T[]];

/**
 * Compile-time check that two types are the same (`true`) or not (`never`): used to tie
 * value lists to unions and fdm-core's public interfaces to their tables.
 */
export type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameSet = <A, B>(_proof: Exactly<A, B>) => undefined;

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }),
};
const date = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

// ---------------------------------------------------------------- enumerations

/**
 * How a farm holds a field (its gebruikstitel, title of use).
 *
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { fdmSchema } from "fdm-core";
 * const lease = fdmSchema.acquiringMethodOptions.find((o) => o.value === "lease");
 * assert.equal(lease?.label, "Pacht (leased)");
 * ```
 */
export const acquiringMethodOptions = deepFreeze([
  { value: "owner", label: "Eigendom (owned)" },
  { value: "lease", label: "Pacht (leased)" },
  { value: "temporary_use", label: "Tijdelijk gebruik (temporary use)" },
  { value: "unknown", label: "Onbekend (unknown)" },
] as const satisfies readonly EnumOption<string>[]);
/** The `acquiring_method` enumeration: values of {@link acquiringMethodOptions}. */
export const acquiringMethod = pgEnum("acquiring_method", values(acquiringMethodOptions));

/**
 * Ways a fertilizer is spread on a field; the same value set as fdm-data's
 * `ApplicationMethods`.
 */
export const applicationMethodOptions = deepFreeze([
  { value: "broadcasting", label: "Breedwerpig strooien (broadcasting)" },
  { value: "narrowband", label: "Sleepslang of sleepvoet (narrow band)" },
  { value: "shallow_injection", label: "Zodebemesting (shallow injection)" },
  { value: "injection", label: "Injecteren (injection)" },
  { value: "incorporation", label: "Onderwerken (incorporation)" },
  { value: "spraying", label: "Spuiten (spraying)" },
] as const satisfies readonly EnumOption<ApplicationMethods>[]);
sameSet<(typeof applicationMethodOptions)[number]["value"], ApplicationMethods>(true);
/** The `application_method` enumeration: values of {@link applicationMethodOptions}. */
export const applicationMethod = pgEnum("application_method", values(applicationMethodOptions));

/**
 * Grondwatertrap (groundwater table class) of the Dutch soil map: the main
 * classes I–VIII by their mean highest (GHG) and mean lowest (GLG) groundwater
 * level in cm below the surface, as defined by Stiboka for the Bodemkaart van
 * Nederland.
 */
export const gwlClassOptions = deepFreeze([
  { value: "I", label: "Gt I (GLG < 50 cm)" },
  { value: "II", label: "Gt II (GLG 50–80 cm)" },
  { value: "III", label: "Gt III (GHG < 40 cm, GLG 80–120 cm)" },
  { value: "IV", label: "Gt IV (GHG > 40 cm, GLG 80–120 cm)" },
  { value: "V", label: "Gt V (GHG < 40 cm, GLG > 120 cm)" },
  { value: "VI", label: "Gt VI (GHG 40–80 cm, GLG > 120 cm)" },
  { value: "VII", label: "Gt VII (GHG 80–140 cm, GLG > 120 cm)" },
  { value: "VIII", label: "Gt VIII (GHG > 140 cm, GLG > 120 cm)" },
] as const satisfies readonly EnumOption<string>[]);
/** The `gwl_class` enumeration: values of {@link gwlClassOptions}. */
export const gwlClass = pgEnum("gwl_class", values(gwlClassOptions));

/** How often a cultivation is harvested; the same value set as fdm-data's `Harvestable`. */
export const harvestableOptions = deepFreeze([
  { value: "once", label: "Once (one harvest ends the crop)" },
  { value: "multiple", label: "Multiple (several harvests per season)" },
  { value: "none", label: "None (not harvested)" },
] as const satisfies readonly EnumOption<Harvestable>[]);
sameSet<(typeof harvestableOptions)[number]["value"], Harvestable>(true);
/** The `harvestable` enumeration: values of {@link harvestableOptions}. */
export const harvestable = pgEnum("harvestable", values(harvestableOptions));

/** Rotation groups of cultivations; the same value set as fdm-data's `Rotation`. */
export const rotationOptions = deepFreeze([
  { value: "grassland", label: "Grasland (grassland)" },
  { value: "cereal", label: "Granen (cereals)" },
  { value: "maize", label: "Maïs (maize)" },
  { value: "potato", label: "Aardappelen (potatoes)" },
  { value: "sugar_beet", label: "Suikerbieten (sugar beet)" },
  { value: "legume", label: "Vlinderbloemigen (legumes)" },
  { value: "oilseed", label: "Oliehoudende gewassen (oilseeds)" },
  { value: "vegetable", label: "Groenten (vegetables)" },
  { value: "flower_bulb", label: "Bloembollen (flower bulbs)" },
  { value: "tree_nursery", label: "Boomkwekerij (tree nursery)" },
  { value: "fruit", label: "Fruit (fruit)" },
  { value: "catch_crop", label: "Vanggewas (catch crop)" },
  { value: "fallow", label: "Braak (fallow)" },
  { value: "nature", label: "Natuur (nature)" },
  { value: "other", label: "Overig (other)" },
] as const satisfies readonly EnumOption<Rotation>[]);
sameSet<(typeof rotationOptions)[number]["value"], Rotation>(true);
/** The `rotation` enumeration: values of {@link rotationOptions}. */
export const rotation = pgEnum("rotation", values(rotationOptions));

/** NMI's harvest categories of crops; the same value set as fdm-data's `HarvestCategory`. */
export const harvestCategoryOptions = deepFreeze([
  { value: "HC010", label: "Standard (one harvested product)" },
  { value: "HC020", label: "Grass" },
  { value: "HC031", label: "Maize" },
  { value: "HC040", label: "Root crops" },
  { value: "HC041", label: "Sugar beet" },
  { value: "HC042", label: "Potatoes" },
  { value: "HC050", label: "Cereals" },
] as const satisfies readonly EnumOption<string>[]);
/** The `harvest_category` enumeration: a value of {@link harvestCategoryOptions}. */
export const harvestCategory = pgEnum("harvest_category", values(harvestCategoryOptions));

/** Where the values of a soil analysis come from. */
export const soilAnalysisSourceOptions = deepFreeze([
  { value: "laboratory", label: "Laboratory analysis of a sample" },
  { value: "farmer", label: "Entered by the farmer" },
  { value: "estimate", label: "Estimate from a map or model" },
  { value: "other", label: "Other" },
] as const satisfies readonly EnumOption<string>[]);
/** The `soil_analysis_source` enumeration: values of {@link soilAnalysisSourceOptions}. */
export const soilAnalysisSource = pgEnum("soil_analysis_source", values(soilAnalysisSourceOptions));

/**
 * Agricultural soil types (bodemsoorten) of the Netherlands as used in Dutch
 * fertilization advice (Handboek Bodem en Bemesting).
 */
export const soilTypesOptions = deepFreeze([
  { value: "zeeklei", label: "Zeeklei (marine clay)" },
  { value: "rivierklei", label: "Rivierklei (river clay)" },
  { value: "moerige_klei", label: "Moerige klei (peaty clay)" },
  { value: "veen", label: "Veen (peat)" },
  { value: "dalgrond", label: "Dalgrond (reclaimed peat over sand)" },
  { value: "dekzand", label: "Dekzand (cover sand)" },
  { value: "duinzand", label: "Duinzand (dune sand)" },
  { value: "loess", label: "Löss (loess)" },
] as const satisfies readonly EnumOption<string>[]);
/** The `soiltype` enumeration: values of {@link soilTypesOptions}. */
export const soiltype = pgEnum("soiltype", values(soilTypesOptions));

/**
 * RVO mestcodes (product codes for fertilizers) with their description, from
 * Tabel 11 of the Uitvoeringsregeling Meststoffenwet (2025, and the RENURE
 * codes 130–134 of 2026): the codes of fdm-data's `rvo` catalogue (a test
 * keeps the two equal). Code 115 is kunstmest (mineral fertilizer).
 */
export const typeRvoOptions = deepFreeze([
  { value: 10, label: "Rundvee - Vaste mest" },
  { value: 11, label: "Rundvee - Filtraat na mestscheiding" },
  { value: 12, label: "Rundvee - Gier" },
  { value: 13, label: "Rundvee - Koek na mestscheiding" },
  { value: 14, label: "Rundvee - Drijfmest behalve van vleeskalveren" },
  { value: 17, label: "Rundvee - Bewerkte kalvergier" },
  { value: 18, label: "Rundvee - Vleeskalveren, witvlees" },
  { value: 19, label: "Rundvee - Vleeskalveren, rosevlees" },
  { value: 23, label: "Kalkoenen - Mest, alle systemen" },
  { value: 25, label: "Paarden - Vaste mest" },
  { value: 26, label: "Ezels - Vaste mest" },
  { value: 27, label: "Pony’s - Vaste mest" },
  { value: 30, label: "Kippen - Drijfmest" },
  { value: 31, label: "Kippen - Deeppitstal, kanalenstal" },
  { value: 32, label: "Kippen - Mestband" },
  { value: 33, label: "Kippen - Mestband + nadroog" },
  {
    value: 35,
    label: "Kippen - Geheel of gedeeltelijk strooiselstal (incl. volièrestal/scharrelstal)",
  },
  { value: 39, label: "Vleeskuikens en parelhoenders - Mest, alle systemen" },
  { value: 40, label: "Varkens - Vaste mest" },
  { value: 41, label: "Varkens - Filtraat na mestscheiding" },
  { value: 42, label: "Varkens - Gier" },
  { value: 43, label: "Varkens - Koek na mestscheiding" },
  {
    value: 46,
    label: "Varkens - Drijfmest fokzeugen, incl. biggen, opfokzeugen/-beren, dekberen",
  },
  { value: 50, label: "Varkens - Drijfmest vleesvarkens" },
  { value: 56, label: "Schapen - Mest, alle systemen" },
  { value: 60, label: "Geiten - Drijfmest" },
  { value: 61, label: "Geiten - Vaste mest" },
  { value: 75, label: "Nertsen - Vaste mest" },
  { value: 76, label: "Nertsen - Drijfmest" },
  { value: 80, label: "Eenden - Vaste mest" },
  { value: 81, label: "Eenden - Drijfmest" },
  { value: 90, label: "Konijnen - Vaste mest" },
  { value: 91, label: "Konijnen - Drijfmest met percentage droge stof < 2,5%" },
  { value: 92, label: "Konijnen - Drijfmest" },
  { value: 95, label: "Herten - Vaste mest" },
  { value: 96, label: "Waterbuffels - Mest, alle systemen" },
  { value: 97, label: "Knobbelgans - Vaste mest" },
  { value: 98, label: "Grauwe gans - Vaste mest" },
  { value: 99, label: "Fazanten en patrijzen - Vaste mest" },
  { value: 100, label: "Struisvogels, emoes en nandoes - Vaste mest" },
  { value: 101, label: "Vleesduif - Vaste mest" },
  { value: 102, label: "Bruine rat - Vaste mest" },
  { value: 103, label: "Tamme muis - Vaste mest" },
  { value: 104, label: "Cavia - Vaste mest" },
  { value: 105, label: "Goudhamster - Vaste mest" },
  { value: 106, label: "Gerbil - Vaste mest" },
  { value: 107, label: "Fase 1 substraat" },
  { value: 108, label: "Fase 2 substraat" },
  { value: 109, label: "Fase 3 substraat" },
  { value: 110, label: "Champost" },
  { value: 111, label: "Compost" },
  { value: 112, label: "Zeer schone compost" },
  { value: 113, label: "Zuiveringsslib vloeibaar" },
  { value: 114, label: "Zuiveringsslib steekvast" },
  { value: 115, label: "Kunstmest" },
  { value: 116, label: "Overige mestsoorten" },
  { value: 117, label: "Gescheiden champost" },
  { value: 120, label: "Mineralenconcentraat" },
  // Added in Table 11 of 2026: RENURE products (nitrogen recovered from manure).
  { value: 130, label: "Ammoniumsulfaat (Renure)" },
  { value: 131, label: "Ammoniumnitraat (Renure)" },
  { value: 132, label: "Mineralenconcentraat (Renure)" },
  { value: 133, label: "Struviet (Renure)" },
  { value: 134, label: "Ander ammoniumzout (Renure)" },
] as const satisfies readonly EnumOption<Mestcode>[]);
sameSet<(typeof typeRvoOptions)[number]["value"], Mestcode>(true);
/**
 * The values of the `type_rvo` enumeration: PostgreSQL keeps a mestcode as the text of
 * its number (`'14'`), as it has since the first migration. The column below turns it into
 * the number both ways, so no one outside this schema sees the text.
 */
export const typeRvoEnum = deepFreeze(MESTCODES.map(String) as [`${Mestcode}`, ...`${Mestcode}`[]]);
/** The `type_rvo` enumeration of the database, declared for the migrations. */
export const typeRvo = pgEnum("type_rvo", typeRvoEnum);

/**
 * A column of the `type_rvo` enumeration read and written as fdm-data's {@link Mestcode}, a
 * number: fdm-core's value passes to fdm-calculator as it is. Lists read as one JSON value
 * cast it to an integer in SQL (`json-list.ts`).
 */
const mestcodeColumn = customType<{ data: Mestcode; driverData: string }>({
  dataType: () => "type_rvo",
  toDriver: (code) => String(code),
  fromDriver: (text) => Number(text) as Mestcode,
});

/** Physical form of a fertilizer. */
export const fertilizerForm = pgEnum("fertilizer_form", ["solid", "slurry", "liquid"]);

/** Roles a principal can hold on a farm. */
export const farmRole = pgEnum("farm_role", ["owner", "advisor", "researcher"]);

// ---------------------------------------------------------------- assets and actions

/** Asset: a farm. */
export const farms = pgTable("farms", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  businessId: text("business_id"),
  address: text("address"),
  postalCode: text("postal_code"),
  ...timestamps,
});

/** The role of each principal on a farm. */
export const farmRoles = pgTable(
  "farm_roles",
  {
    farmId: text("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    principalId: text("principal_id").notNull(),
    role: farmRole("role").notNull(),
    grantedAt: date("granted_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.farmId, t.principalId] }),
    index("farm_roles_principal_idx").on(t.principalId),
  ],
);

/**
 * An offer of a farm's owner role to another principal: it gives no access and makes nobody
 * an owner until the receiver accepts it (a user for itself, an owner or admin of an
 * organization for the organization), so nobody is made a farm's owner without consent.
 */
export const farmRoleOffers = pgTable(
  "farm_role_offers",
  {
    farmId: text("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    principalId: text("principal_id").notNull(),
    role: farmRole("role").notNull(),
    offeredBy: text("offered_by").notNull(),
    offeredAt: date("offered_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.farmId, t.principalId] }),
    index("farm_role_offers_principal_idx").on(t.principalId),
  ],
);

/** Geometry of a field: a GeoJSON Polygon or MultiPolygon in WGS 84 (longitude, latitude). */
export type FieldGeometry =
  | { type: "Polygon"; coordinates: number[][][] }
  | { type: "MultiPolygon"; coordinates: number[][][][] };

/** Asset: a field, with its geometry and the area computed from it. */
export const fields = pgTable("fields", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  // json, not jsonb: stored as the text written, so a page of fields copies it out instead of
  // printing jsonb again (a quarter of a 100-field page's SQL on PGlite). Nothing compares it.
  geometry: json("geometry").$type<FieldGeometry>().notNull(),
  areaHa: doublePrecision("area_ha").notNull(),
  ...timestamps,
});

/** Action: a farm acquires a field on a date. */
export const fieldAcquiring = pgTable(
  "field_acquiring",
  {
    fieldId: text("field_id")
      .primaryKey()
      .references(() => fields.id, { onDelete: "cascade" }),
    farmId: text("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    acquiringMethod: acquiringMethod("acquiring_method").notNull(),
    acquiringDate: date("acquiring_date").notNull(),
  },
  // A farm's fields in the byte order of their ids, as its list pages them (page.ts).
  (t) => [index("field_acquiring_farm_field_idx").on(t.farmId, sql`${t.fieldId} collate "C"`)],
);

/** Action: a farm gives up a field on a date. */
export const fieldDiscarding = pgTable("field_discarding", {
  fieldId: text("field_id")
    .primaryKey()
    .references(() => fields.id, { onDelete: "cascade" }),
  discardingDate: date("discarding_date").notNull(),
});

/**
 * How often each farm's field list has changed: a counter bumped by database triggers (see
 * migration 0009) on every insert, update or delete of its fields, their acquiring and their
 * discarding, in the transaction that makes the change. A page of fields read at a revision it
 * was read at before is the same page, so fdm-core keeps it (see page.ts) and skips building it.
 */
export const farmRevisions = pgTable("farm_revisions", {
  farmId: text("farm_id")
    .primaryKey()
    .references(() => farms.id, { onDelete: "cascade" }),
  fields: bigint("fields", { mode: "number" }).notNull().default(0),
});

/**
 * Which fields each revision of a farm's field list changed (migration 0010): the triggers that
 * bump `farmRevisions` write one row per changed field. A page of fields kept at an older
 * revision is still the same page when no field in its key range changed since (see page.ts),
 * so a write to one part of the list does not make every page be built again. Only the last
 * {@link FIELD_CHANGES_KEPT} revisions of a farm are kept; a page older than that is rebuilt.
 */
export const farmFieldChanges = pgTable(
  "farm_field_changes",
  {
    farmId: text("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    revision: bigint("revision", { mode: "number" }).notNull(),
    fieldId: text("field_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.revision, t.fieldId] })],
);

/** How many of a farm's latest field-list revisions keep their changes (see the triggers of migration 0010). */
export const FIELD_CHANGES_KEPT = 1000;

/** The crops of the cultivation catalogues, synced from fdm-data. */
export const cultivationCatalogue = pgTable(
  "cultivation_catalogue",
  {
    itemId: text("item_id").primaryKey(),
    catalogue: text("catalogue").notNull(),
    sourceCode: integer("source_code").notNull(),
    sourceName: text("source_name").notNull(),
    nameNl: text("name_nl").notNull(),
    nameEn: text("name_en"),
    harvestable: harvestable("harvestable").notNull(),
    rotation: rotation("rotation").notNull(),
    // Agronomic figures: NMI, fdm-data catalogues (MIT); units on fdm-data's CatalogueCultivationItem.
    yieldDryMatter: doublePrecision("yield_dry_matter"),
    dryMatterContent: doublePrecision("dry_matter_content"),
    harvestIndex: doublePrecision("harvest_index"),
    nitrogenContentHarvest: doublePrecision("nitrogen_content_harvest"),
    nitrogenContentResidue: doublePrecision("nitrogen_content_residue"),
    nitrogenFixation: doublePrecision("nitrogen_fixation"),
    effectiveOrganicMatter: doublePrecision("effective_organic_matter"),
    effectiveOrganicMatterResidue: doublePrecision("effective_organic_matter_residue"),
    harvestCategory: harvestCategory("harvest_category"),
    isRustgewas: boolean("is_rustgewas"),
    varietyOptions: text("variety_options").array().notNull().default([]),
    defaultSowingDate: text("default_sowing_date"),
    defaultHarvestDate: text("default_harvest_date"),
    hash: text("hash").notNull(),
    syncedAt: date("synced_at").notNull().defaultNow(),
  },
  (t) => [index("cultivation_catalogue_catalogue_idx").on(t.catalogue)],
);

/** Asset: a cultivation (a crop grown on a field), of a catalogue item. */
export const cultivations = pgTable("cultivations", {
  id: text("id").primaryKey(),
  catalogueItemId: text("catalogue_item_id")
    .notNull()
    .references(() => cultivationCatalogue.itemId),
  ...timestamps,
});

/** Action: a cultivation starts (is sown or planted) on a field on a date. */
export const cultivationStarting = pgTable(
  "cultivation_starting",
  {
    cultivationId: text("cultivation_id")
      .primaryKey()
      .references(() => cultivations.id, { onDelete: "cascade" }),
    fieldId: text("field_id")
      .notNull()
      .references(() => fields.id, { onDelete: "cascade" }),
    startDate: date("start_date").notNull(),
  },
  (t) => [index("cultivation_starting_field_idx").on(t.fieldId)],
);

/** Action: a cultivation ends (is terminated or ploughed in) on a date. */
export const cultivationEnding = pgTable("cultivation_ending", {
  cultivationId: text("cultivation_id")
    .primaryKey()
    .references(() => cultivations.id, { onDelete: "cascade" }),
  endDate: date("end_date").notNull(),
});

/**
 * Whether a cultivation's crop residues stay on the field (and so feed the soil's organic
 * matter): set when it ends or at any time. No row: not recorded, read as the documented default.
 */
export const cultivationResidues = pgTable("cultivation_residues", {
  cultivationId: text("cultivation_id")
    .primaryKey()
    .references(() => cultivations.id, { onDelete: "cascade" }),
  residuesLeft: boolean("residues_left").notNull(),
});

/** Asset: a harvested product. */
export const harvestables = pgTable("harvestables", {
  id: text("id").primaryKey(),
  ...timestamps,
});

/** The analysis of a harvested product: yield and nutrient contents. */
export const harvestableAnalyses = pgTable("harvestable_analyses", {
  id: text("id").primaryKey(),
  harvestableId: text("harvestable_id")
    .notNull()
    .references(() => harvestables.id, { onDelete: "cascade" }),
  dryMatterYield: doublePrecision("dry_matter_yield"),
  dryMatterContent: doublePrecision("dry_matter_content"),
  nitrogenContent: doublePrecision("nitrogen_content"),
  phosphateContent: doublePrecision("phosphate_content"),
  potashContent: doublePrecision("potash_content"),
  ...timestamps,
});

/** Action: a cultivation is harvested on a date, yielding a harvestable. */
export const cultivationHarvesting = pgTable(
  "cultivation_harvesting",
  {
    id: text("id").primaryKey(),
    cultivationId: text("cultivation_id")
      .notNull()
      .references(() => cultivations.id, { onDelete: "cascade" }),
    harvestableId: text("harvestable_id")
      .notNull()
      .references(() => harvestables.id, { onDelete: "cascade" }),
    harvestDate: date("harvest_date").notNull(),
  },
  (t) => [index("cultivation_harvesting_cultivation_idx").on(t.cultivationId)],
);

/**
 * The products of the fertilizer catalogues, synced from fdm-data, and the
 * custom products of a farm (catalogue `custom`, with `farm_id` set).
 */
export const fertilizerCatalogue = pgTable(
  "fertilizer_catalogue",
  {
    itemId: text("item_id").primaryKey(),
    catalogue: text("catalogue").notNull(),
    farmId: text("farm_id").references(() => farms.id, { onDelete: "cascade" }),
    sourceName: text("source_name").notNull(),
    nameNl: text("name_nl").notNull(),
    nameEn: text("name_en"),
    typeRvo: mestcodeColumn("type_rvo").notNull(),
    isMineral: boolean("is_mineral").notNull(),
    isManure: boolean("is_manure").notNull(),
    isCompost: boolean("is_compost").notNull(),
    form: fertilizerForm("form"),
    dryMatter: doublePrecision("dry_matter"),
    n: doublePrecision("n"),
    p2o5: doublePrecision("p2o5"),
    k2o: doublePrecision("k2o"),
    so3: doublePrecision("so3"),
    mgo: doublePrecision("mgo"),
    cao: doublePrecision("cao"),
    // NMI's figures (srm, baat): NH4-N, NO3-N and organic N in g/kg, NH3 emission factor (fraction),
    // organic and effective organic matter in g/kg, density in kg/l.
    nNh4: doublePrecision("n_nh4"),
    nNo3: doublePrecision("n_no3"),
    nOrganic: doublePrecision("n_organic"),
    ammoniaEmissionFactor: doublePrecision("ammonia_emission_factor"),
    organicMatter: doublePrecision("organic_matter"),
    effectiveOrganicMatter: doublePrecision("effective_organic_matter"),
    density: doublePrecision("density"),
    applicationMethods: applicationMethod("application_methods").array().notNull(),
    source: text("source").notNull(),
    hash: text("hash").notNull(),
    syncedAt: date("synced_at").notNull().defaultNow(),
  },
  (t) => [
    index("fertilizer_catalogue_catalogue_idx").on(t.catalogue),
    index("fertilizer_catalogue_farm_idx").on(t.farmId),
  ],
);

/** Asset: a fertilizer product held by a farm, of a catalogue item. */
export const fertilizers = pgTable("fertilizers", {
  id: text("id").primaryKey(),
  catalogueItemId: text("catalogue_item_id")
    .notNull()
    .references(() => fertilizerCatalogue.itemId),
  ...timestamps,
});

/** Action: a farm acquires a fertilizer on a date, optionally with the amount. */
export const fertilizerAcquiring = pgTable(
  "fertilizer_acquiring",
  {
    fertilizerId: text("fertilizer_id")
      .primaryKey()
      .references(() => fertilizers.id, { onDelete: "cascade" }),
    farmId: text("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    acquiringDate: date("acquiring_date").notNull(),
    amountKg: doublePrecision("amount_kg"),
  },
  // A farm's fertilizers in the byte order of their ids, as its list pages them (page.ts).
  (t) => [
    index("fertilizer_acquiring_farm_fertilizer_idx").on(
      t.farmId,
      sql`${t.fertilizerId} collate "C"`,
    ),
  ],
);

/** Action: a fertilizer is applied to a field on a date. */
export const fertilizerApplying = pgTable(
  "fertilizer_applying",
  {
    id: text("id").primaryKey(),
    fertilizerId: text("fertilizer_id")
      .notNull()
      .references(() => fertilizers.id, { onDelete: "cascade" }),
    fieldId: text("field_id")
      .notNull()
      .references(() => fields.id, { onDelete: "cascade" }),
    amountKgPerHa: doublePrecision("amount_kg_per_ha").notNull(),
    method: applicationMethod("method").notNull(),
    applicationDate: date("application_date").notNull(),
    ...timestamps,
  },
  (t) => [
    index("fertilizer_applying_field_idx").on(t.fieldId),
    index("fertilizer_applying_fertilizer_idx").on(t.fertilizerId),
  ],
);

/** Asset: the analysis of a soil sample. `null` means the parameter was not analysed. */
export const soilAnalyses = pgTable("soil_analyses", {
  id: text("id").primaryKey(),
  source: soilAnalysisSource("source").notNull(),
  organicMatter: doublePrecision("organic_matter"),
  pAl: doublePrecision("p_al"),
  pCaCl2: doublePrecision("p_cacl2"),
  nTotal: doublePrecision("n_total"),
  kCaCl2: doublePrecision("k_cacl2"),
  ph: doublePrecision("ph"),
  clay: doublePrecision("clay"),
  silt: doublePrecision("silt"),
  sand: doublePrecision("sand"),
  soilType: soiltype("soil_type"),
  gwlClass: gwlClass("gwl_class"),
  /** Dry bulk density of the sampled layer, g/cm³. */
  bulkDensity: doublePrecision("bulk_density"),
  ...timestamps,
});

/** Action: the soil of a field is sampled on a date, between two depths, and analysed. */
export const soilSampling = pgTable(
  "soil_sampling",
  {
    id: text("id").primaryKey(),
    fieldId: text("field_id")
      .notNull()
      .references(() => fields.id, { onDelete: "cascade" }),
    analysisId: text("analysis_id")
      .notNull()
      .unique()
      .references(() => soilAnalyses.id, { onDelete: "cascade" }),
    samplingDate: date("sampling_date").notNull(),
    depthUpperCm: doublePrecision("depth_upper_cm").notNull(),
    depthLowerCm: doublePrecision("depth_lower_cm").notNull(),
  },
  (t) => [index("soil_sampling_field_idx").on(t.fieldId)],
);

/** Cultivation catalogues a farm has enabled. */
export const farmCultivationCatalogues = pgTable(
  "farm_cultivation_catalogues",
  {
    farmId: text("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    catalogue: text("catalogue").notNull(),
    enabledAt: date("enabled_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.catalogue] })],
);

/** Fertilizer catalogues a farm has enabled. */
export const farmFertilizerCatalogues = pgTable(
  "farm_fertilizer_catalogues",
  {
    farmId: text("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    catalogue: text("catalogue").notNull(),
    enabledAt: date("enabled_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.catalogue] })],
);

/** How an audited call ended. */
export const auditOutcome = pgEnum("audit_outcome", ["done", "failed", "refused"]);

/**
 * Every access check: who asked to do what to which resource, and whether it
 * was allowed. It has no foreign keys, so it outlives the farms it mentions.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    principalId: text("principal_id").notNull(),
    action: text("action").notNull(),
    resource: text("resource").notNull(),
    resourceId: text("resource_id").notNull(),
    farmId: text("farm_id"),
    allowed: boolean("allowed").notNull(),
    /** How the call ended: `done`, `failed` (allowed, then its work threw) or `refused`. */
    outcome: auditOutcome("outcome").notNull(),
    /** For a failed or refused call: the FdmError code it ended with. */
    errorCode: text("error_code"),
    /** The principal whose role allowed the access: the asker itself or an organization it is a member of. */
    viaPrincipalId: text("via_principal_id"),
    origin: text("origin").notNull(),
    createdAt: date("created_at").notNull().defaultNow(),
  },
  (t) => [index("audit_log_principal_idx").on(t.principalId)],
);

// ---------------------------------------------------------------- farm records

/**
 * A derogatie (derogation from the Nitrates Directive's 170 kg N/ha limit for
 * animal manure) granted to a farm for one calendar year.
 */
export const derogations = pgTable(
  "derogations",
  {
    id: text("id").primaryKey(),
    farmId: text("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("derogations_farm_year_idx").on(t.farmId, t.year)],
);

/** An organic certification of a farm, with its Skal and TRACES numbers. */
export const organicCertifications = pgTable(
  "organic_certifications",
  {
    id: text("id").primaryKey(),
    farmId: text("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    tracesNumber: text("traces_number").notNull(),
    skalNumber: text("skal_number").notNull(),
    issueDate: date("issue_date").notNull(),
    expiryDate: date("expiry_date").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("organic_certifications_farm_idx").on(t.farmId),
    uniqueIndex("organic_certifications_traces_idx").on(t.farmId, t.tracesNumber),
  ],
);

/** Whether a farm intends to graze its grassland in a calendar year (beweiden). */
export const grazingIntentions = pgTable(
  "grazing_intentions",
  {
    farmId: text("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    hasGrazingIntention: boolean("has_grazing_intention").notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.farmId, t.year] })],
);

// ---------------------------------------------------------------- calculation cache

/** The PostgreSQL schema that holds the calculation cache, apart from the farm data. */
export const calculatorCacheSchema = pgSchema("fdm_calculator_cache");

/**
 * Results of calculator runs, by calculator name and version and the SHA-256
 * hash of the input's canonical JSON. Input and result are kept as that JSON text.
 */
export const calculationResults = calculatorCacheSchema.table(
  "calculation_results",
  {
    calculatorName: text("calculator_name").notNull(),
    calculatorVersion: text("calculator_version").notNull(),
    inputHash: text("input_hash").notNull(),
    input: text("input").notNull(),
    result: text("result").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.calculatorName, t.calculatorVersion, t.inputHash] })],
);

/** Calculator runs that threw: recorded for inspection, never served as results. */
export const calculationErrors = calculatorCacheSchema.table(
  "calculation_errors",
  {
    id: text("id").primaryKey(),
    calculatorName: text("calculator_name").notNull(),
    calculatorVersion: text("calculator_version").notNull(),
    inputHash: text("input_hash").notNull(),
    input: text("input").notNull(),
    errorName: text("error_name").notNull(),
    errorMessage: text("error_message").notNull(),
    errorCode: text("error_code"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("calculation_errors_key_idx").on(t.calculatorName, t.calculatorVersion, t.inputHash),
  ],
);

// ---------------------------------------------------------------- accounts (better-auth)

// The tables better-auth's Drizzle adapter works on (models user, session,
// account and verification, plus the username plugin's column), named with an
// `auth_` prefix so they stand apart from the farm data.

/** A user account: better-auth's `user` model with the username plugin's `username`. */
export const authUser = pgTable("auth_user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  username: text("username").unique(),
  createdAt: date("created_at").notNull().defaultNow(),
  updatedAt: date("updated_at").notNull().defaultNow(),
});

/** A signed-in session of a user: better-auth's `session` model. */
export const authSession = pgTable(
  "auth_session",
  {
    id: text("id").primaryKey(),
    expiresAt: date("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: date("created_at").notNull().defaultNow(),
    updatedAt: date("updated_at").notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
  },
  (t) => [index("auth_session_user_idx").on(t.userId)],
);

/** A way a user signs in (here: email and password, hashed by better-auth): its `account` model. */
export const authAccount = pgTable(
  "auth_account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: date("access_token_expires_at"),
    refreshTokenExpiresAt: date("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: date("created_at").notNull().defaultNow(),
    updatedAt: date("updated_at").notNull().defaultNow(),
  },
  (t) => [index("auth_account_user_idx").on(t.userId)],
);

/** Short-lived verification values (e.g. password-reset tokens): better-auth's `verification` model. */
export const authVerification = pgTable(
  "auth_verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: date("expires_at").notNull(),
    createdAt: date("created_at").notNull().defaultNow(),
    updatedAt: date("updated_at").notNull().defaultNow(),
  },
  (t) => [index("auth_verification_identifier_idx").on(t.identifier)],
);

/**
 * An API key of a user, for programs calling fdm-api: only the SHA-256 of the key is kept
 * (the key itself is shown once, at creation). A revoked or expired key lets no one in.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The key's first characters (`fdm_` and 8 more), so a user can tell keys apart. */
    prefix: text("prefix").notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text("key_hash").notNull().unique(),
    createdAt: date("created_at").notNull().defaultNow(),
    expiresAt: date("expires_at"),
    lastUsedAt: date("last_used_at"),
    revokedAt: date("revoked_at"),
  },
  (t) => [index("api_keys_user_idx").on(t.userId)],
);

// ---------------------------------------------------------------- organizations

/** Roles a user can hold in an organization. */
export const organizationRole = pgEnum("organization_role", ["owner", "admin", "member"]);

/** Where an invitation stands. */
export const invitationStatus = pgEnum("invitation_status", [
  "pending",
  "accepted",
  "declined",
  "revoked",
]);

/**
 * An organization: a principal that holds roles on farms on behalf of its
 * members. Its slug shares the namespace of usernames.
 */
export const organizations = pgTable("organizations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  description: text("description"),
  ...timestamps,
});

/** A user's membership of an organization, with its role. */
export const organizationMembers = pgTable(
  "organization_members",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    role: organizationRole("role").notNull(),
    joinedAt: date("joined_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index("organization_members_user_idx").on(t.userId),
  ],
);

/** An invitation of an email address to join an organization with a role. */
export const organizationInvitations = pgTable(
  "organization_invitations",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: organizationRole("role").notNull(),
    status: invitationStatus("status").notNull().default("pending"),
    inviterId: text("inviter_id").notNull(),
    expiresAt: date("expires_at").notNull(),
    respondedAt: date("responded_at"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("organization_invitations_organization_idx").on(t.organizationId),
    index("organization_invitations_email_idx").on(t.email),
  ],
);
