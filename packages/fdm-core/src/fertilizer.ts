import { sha256 } from "@noble/hashes/sha2";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { ApplicationMethods, Mestcode } from "fdm-data";
import { FdmError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { guard } from "./guard.js";
import { jsonList } from "./json-list.js";
import { type Page, type PageRequest, pageOf, readJsonPage, requirePage } from "./page.js";
import { type ReturningRecord, wantsRecord } from "./returning.js";
import {
  applicationMethodOptions,
  farmFertilizerCatalogues,
  fertilizerAcquiring,
  fertilizerCatalogue,
  fertilizers,
  typeRvoOptions,
} from "./schema.js";
import {
  createId,
  one,
  optionalNumber,
  optionalText,
  requireDate,
  requireEnum,
  requireId,
  requireMestcode,
  requireObject,
  requireSomeKey,
  requireText,
  tied,
} from "./validate.js";

/**
 * An RVO mestcode as a number, e.g. `14`: fdm-data's `Mestcode`, the type of `typeRvo` in
 * every package (a value of `fdmSchema.typeRvoOptions`). In 1.0.0 it was the code as text
 * (`"14"`).
 */
export type TypeRvo = Mestcode;

/**
 * The properties of a custom fertilizer product, for a product that is in no
 * catalogue. Contents are in g per kg of product (= kg per ton); leave out or
 * set `null` what is not known. See {@link getFertilizerParametersDescription}
 * for each parameter's unit, range and label.
 */
export type FertilizerParameters = {
  /** The product's name as the farmer knows it. */
  name: string;
  /** An English name, if any. */
  nameEn?: string | null;
  /** The RVO mestcode under which the product is reported, as a number, e.g. `14` or `115` (kunstmest). */
  typeRvo: TypeRvo;
  /** A mineral (synthetic) fertilizer. */
  isMineral?: boolean;
  /** Animal manure (counts for the dierlijke-mest-gebruiksnorm, the animal-manure norm). */
  isManure?: boolean;
  /** Compost. */
  isCompost?: boolean;
  /** Physical form; leave out or `null` when the product comes in several forms. */
  form?: "solid" | "slurry" | "liquid" | null;
  /** Dry matter, g/kg. */
  dryMatter?: number | null;
  /** Total nitrogen, g N/kg. */
  n?: number | null;
  /**
   * Ammonium nitrogen (NH4-N), g N/kg: the part of `n` that can volatilise as
   * ammonia, so the nitrogen balance's ammonia emission needs it. At most `n`.
   */
  nNh4?: number | null;
  /** Nitrate nitrogen (NO3-N), g N/kg. At most `n`, and `nNh4 + nNo3` at most `n`. */
  nNo3?: number | null;
  /** Phosphate, g P2O5/kg. */
  p2o5?: number | null;
  /** Potash, g K2O/kg. */
  k2o?: number | null;
  /** Sulphur, g SO3/kg. */
  so3?: number | null;
  /** Magnesium, g MgO/kg. */
  mgo?: number | null;
  /** Calcium, g CaO/kg. */
  cao?: number | null;
  /** The ways the product may be applied (at least one). */
  applicationMethods: ApplicationMethods[];
};

/** How one parameter of {@link FertilizerParameters} is entered and checked. */
export type FertilizerParameterDescription = {
  /** The parameter's key. */
  parameter: keyof FertilizerParameters;
  /** A readable label. */
  label: string;
  /** The unit, or `null` for values without one. */
  unit: string | null;
  /** The kind of value. */
  type: "text" | "number" | "boolean" | "enum" | "enum[]";
  /** Whether the parameter must be given. */
  required: boolean;
  /** Lowest allowed value, for numbers. */
  min?: number;
  /** Highest allowed value, for numbers. */
  max?: number;
  /** The allowed values, for enumerations. */
  options?: readonly { value: string | number; label: string }[];
}[];

const contentKeys = ["dryMatter", "n", "nNh4", "nNo3", "p2o5", "k2o", "so3", "mgo", "cao"] as const;
const contentLabels: Record<(typeof contentKeys)[number], string> = {
  dryMatter: "Dry matter",
  n: "Total nitrogen (N)",
  nNh4: "Ammonium nitrogen (NH4-N)",
  nNo3: "Nitrate nitrogen (NO3-N)",
  p2o5: "Phosphate (P2O5)",
  k2o: "Potash (K2O)",
  so3: "Sulphur (SO3)",
  mgo: "Magnesium (MgO)",
  cao: "Calcium (CaO)",
};
const contentUnits: Record<(typeof contentKeys)[number], string> = {
  dryMatter: "g/kg",
  n: "g N/kg",
  nNh4: "g N/kg",
  nNo3: "g N/kg",
  p2o5: "g P2O5/kg",
  k2o: "g K2O/kg",
  so3: "g SO3/kg",
  mgo: "g MgO/kg",
  cao: "g CaO/kg",
};
const applicationMethodValues = applicationMethodOptions.map((o) => o.value);
const formOptions = [
  { value: "solid", label: "Vast (solid)" },
  { value: "slurry", label: "Drijfmest (slurry)" },
  { value: "liquid", label: "Vloeibaar (liquid)" },
] as const;

/**
 * Describes the parameters of a custom fertilizer product: unit, allowed
 * range, label and whether it is required — for building an input form. Every
 * content lies between 0 and 1,000 g/kg.
 *
 * @returns One entry per parameter of {@link FertilizerParameters}.
 * @throws Never.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getFertilizerParametersDescription } from "fdm-core";
 * const n = getFertilizerParametersDescription().find((d) => d.parameter === "n");
 * assert.deepStrictEqual([n?.unit, n?.min, n?.max], ["g N/kg", 0, 1000]);
 * ```
 */
export function getFertilizerParametersDescription(): FertilizerParameterDescription {
  return [
    { parameter: "name", label: "Name", unit: null, type: "text", required: true },
    { parameter: "nameEn", label: "English name", unit: null, type: "text", required: false },
    {
      parameter: "typeRvo",
      label: "RVO mestcode",
      unit: null,
      type: "enum",
      required: true,
      options: typeRvoOptions,
    },
    {
      parameter: "isMineral",
      label: "Mineral fertilizer",
      unit: null,
      type: "boolean",
      required: false,
    },
    { parameter: "isManure", label: "Animal manure", unit: null, type: "boolean", required: false },
    { parameter: "isCompost", label: "Compost", unit: null, type: "boolean", required: false },
    {
      parameter: "form",
      label: "Form",
      unit: null,
      type: "enum",
      required: true,
      options: formOptions,
    },
    ...contentKeys.map((k) => ({
      parameter: k,
      label: contentLabels[k],
      unit: contentUnits[k],
      type: "number" as const,
      required: false,
      min: 0,
      max: 1000,
    })),
    {
      parameter: "applicationMethods",
      label: "Application methods",
      unit: null,
      type: "enum[]",
      required: true,
      options: applicationMethodOptions,
    },
  ];
}

function validateParameters(value: unknown) {
  const p = requireObject(value, "custom");
  const methods = p.applicationMethods;
  if (!Array.isArray(methods) || methods.length === 0) {
    throw new FdmError(
      "INVALID_INPUT",
      "applicationMethods: must be a non-empty array of application methods.",
      {
        field: "applicationMethods",
      },
    );
  }
  const flag = (k: string) => {
    if (p[k] === undefined) return false;
    if (typeof p[k] !== "boolean") {
      throw new FdmError("INVALID_INPUT", `${k}: must be true or false.`, { field: k });
    }
    return p[k] as boolean;
  };
  const contents = Object.fromEntries(
    contentKeys.map((k) => [k, optionalNumber(p[k], k, 0, 1000)]),
  ) as Record<(typeof contentKeys)[number], number | null>;
  // NH4-N and NO3-N are parts of the total N: neither alone nor together above it.
  const { n, nNh4, nNo3 } = contents;
  for (const [k, v] of [
    ["nNh4", nNh4],
    ["nNo3", nNo3],
  ] as const) {
    if (v !== null && (n === null || v > n)) {
      throw new FdmError(
        "INVALID_INPUT",
        `${k}: must not exceed n (total nitrogen), which must be given with it.`,
        { field: k },
      );
    }
  }
  if (nNh4 !== null && nNo3 !== null && n !== null && nNh4 + nNo3 > n) {
    throw new FdmError("INVALID_INPUT", "nNo3: nNh4 + nNo3 must not exceed n (total nitrogen).", {
      field: "nNo3",
    });
  }
  return {
    nameNl: requireText(p.name, "name", 200),
    nameEn: optionalText(p.nameEn, "nameEn", 200),
    typeRvo: requireMestcode(p.typeRvo, "typeRvo"),
    isMineral: flag("isMineral"),
    isManure: flag("isManure"),
    isCompost: flag("isCompost"),
    form:
      p.form === undefined || p.form === null
        ? null
        : requireEnum(p.form, "form", ["solid", "slurry", "liquid"] as const),
    ...contents,
    applicationMethods: [
      ...new Set(methods.map((m) => requireEnum(m, "applicationMethods", applicationMethodValues))),
    ],
  };
}

/** A fertilizer to acquire: a catalogue item or a custom product, and the acquiring action's details. */
export interface FertilizerInput {
  /** The product: an item id of a fertilizer catalogue the farm has enabled (e.g. `rvo_14`) or of the farm's own custom products. Give this or `custom`. */
  catalogueItemId?: string;
  /** A custom product's parameters; it becomes a catalogue item of this farm only. Give this or `catalogueItemId`. */
  custom?: FertilizerParameters;
  /** The date the farm acquired the product (action fertilizer acquiring). */
  acquiringDate: Date;
  /** The amount acquired in kg, if known (0–100,000,000). */
  amountKg?: number | null;
}

/** A fertilizer held by a farm, with the properties of its product. */
export interface Fertilizer {
  /** The fertilizer's id. */
  id: string;
  /** The farm that acquired it. */
  farmId: string;
  /** The product's catalogue item id. */
  catalogueItemId: string;
  /** The product's catalogue: `rvo`, `srm`, `baat` or `custom`. */
  catalogue: string;
  /** The product's Dutch name. */
  nameNl: string;
  /** The product's English name, or `null`. */
  nameEn: string | null;
  /** The RVO mestcode. */
  typeRvo: TypeRvo;
  /** A mineral fertilizer. */
  isMineral: boolean;
  /** Animal manure. */
  isManure: boolean;
  /** Compost. */
  isCompost: boolean;
  /** Physical form, or `null` when the product comes in several forms. */
  form: "solid" | "slurry" | "liquid" | null;
  /** Dry matter, g/kg, or `null`. */
  dryMatter: number | null;
  /** Total nitrogen, g N/kg, or `null`. */
  n: number | null;
  /** Phosphate, g P2O5/kg, or `null`. */
  p2o5: number | null;
  /** Potash, g K2O/kg, or `null`. */
  k2o: number | null;
  /** Sulphur, g SO3/kg, or `null`. */
  so3: number | null;
  /** Magnesium, g MgO/kg, or `null`. */
  mgo: number | null;
  /** Calcium, g CaO/kg, or `null`. */
  cao: number | null;
  /** Ammonium nitrogen, g NH4-N/kg, or `null` (NMI, fdm-data catalogues, MIT). */
  nNh4: number | null;
  /** Nitrate nitrogen, g NO3-N/kg, or `null` (NMI, fdm-data catalogues, MIT). */
  nNo3: number | null;
  /** Organic nitrogen, g N/kg, or `null` (NMI, fdm-data catalogues, MIT). */
  nOrganic: number | null;
  /** NH3 emission factor, fraction of the ammoniacal and urea N, or `null` (NMI, fdm-data catalogues, MIT). */
  ammoniaEmissionFactor: number | null;
  /** Organic matter, g/kg, or `null` (NMI, fdm-data catalogues, MIT). */
  organicMatter: number | null;
  /** Effective organic matter, g/kg, or `null` (NMI, fdm-data catalogues, MIT). */
  effectiveOrganicMatter: number | null;
  /** Density, kg per litre, or `null` (NMI, fdm-data catalogues, MIT). */
  density: number | null;
  /** The allowed application methods. */
  applicationMethods: ApplicationMethods[];
  /** The date the farm acquired it. */
  acquiringDate: Date;
  /** The amount acquired in kg, or `null`. */
  amountKg: number | null;
}

// The interface follows its tables: a column added there and not here fails the type-check.
tied<Fertilizer, typeof fertilizers.$inferSelect, "createdAt" | "updatedAt">(true, true);
tied<Fertilizer, typeof fertilizerAcquiring.$inferSelect, "fertilizerId">(true, true);

const fertilizerColumns = {
  id: fertilizers.id,
  farmId: fertilizerAcquiring.farmId,
  catalogueItemId: fertilizers.catalogueItemId,
  catalogue: fertilizerCatalogue.catalogue,
  nameNl: fertilizerCatalogue.nameNl,
  nameEn: fertilizerCatalogue.nameEn,
  typeRvo: fertilizerCatalogue.typeRvo,
  isMineral: fertilizerCatalogue.isMineral,
  isManure: fertilizerCatalogue.isManure,
  isCompost: fertilizerCatalogue.isCompost,
  form: fertilizerCatalogue.form,
  dryMatter: fertilizerCatalogue.dryMatter,
  n: fertilizerCatalogue.n,
  p2o5: fertilizerCatalogue.p2o5,
  k2o: fertilizerCatalogue.k2o,
  so3: fertilizerCatalogue.so3,
  mgo: fertilizerCatalogue.mgo,
  cao: fertilizerCatalogue.cao,
  nNh4: fertilizerCatalogue.nNh4,
  nNo3: fertilizerCatalogue.nNo3,
  nOrganic: fertilizerCatalogue.nOrganic,
  ammoniaEmissionFactor: fertilizerCatalogue.ammoniaEmissionFactor,
  organicMatter: fertilizerCatalogue.organicMatter,
  effectiveOrganicMatter: fertilizerCatalogue.effectiveOrganicMatter,
  density: fertilizerCatalogue.density,
  applicationMethods: fertilizerCatalogue.applicationMethods,
  acquiringDate: fertilizerAcquiring.acquiringDate,
  amountKg: fertilizerAcquiring.amountKg,
};

function selectFertilizers(db: FdmType) {
  return joinFertilizers(db.select(fertilizerColumns).from(fertilizers).$dynamic());
}

/** The joins of a fertilizers read, for rows or for one JSON list. */
function joinFertilizers<T extends PgSelect>(query: T) {
  return query
    .innerJoin(fertilizerAcquiring, eq(fertilizerAcquiring.fertilizerId, fertilizers.id))
    .innerJoin(fertilizerCatalogue, eq(fertilizerCatalogue.itemId, fertilizers.catalogueItemId));
}

const fertilizerList = jsonList(fertilizerColumns);

/** One fertilizer; no access check (the caller's guard made it). */
async function readFertilizer(db: FdmType, fertilizerId: string): Promise<Fertilizer> {
  const rows = await selectFertilizers(db).where(eq(fertilizers.id, fertilizerId));
  return one(rows, "fertilizerId", fertilizerId);
}

async function requireFertilizerItem(db: FdmType, farmId: string, itemId: string): Promise<void> {
  const [item] = await db
    .select({ catalogue: fertilizerCatalogue.catalogue, farmId: fertilizerCatalogue.farmId })
    .from(fertilizerCatalogue)
    .where(eq(fertilizerCatalogue.itemId, itemId));
  if (!item || (item.farmId !== null && item.farmId !== farmId)) {
    throw new FdmError(
      "NOT_FOUND",
      `catalogueItemId: no fertilizer catalogue item with id '${itemId}'.`,
      {
        field: "catalogueItemId",
      },
    );
  }
  if (item.farmId === farmId) return;
  const [enabled] = await db
    .select({ catalogue: farmFertilizerCatalogues.catalogue })
    .from(farmFertilizerCatalogues)
    .where(
      and(
        eq(farmFertilizerCatalogues.farmId, farmId),
        eq(farmFertilizerCatalogues.catalogue, item.catalogue),
      ),
    );
  if (!enabled) {
    throw new FdmError(
      "INVALID_INPUT",
      `catalogueItemId: catalogue '${item.catalogue}' of item '${itemId}' is not enabled for farm '${farmId}'.`,
      { field: "catalogueItemId" },
    );
  }
}

/**
 * Records that a farm acquired a fertilizer (the fertilizer asset and the
 * acquiring action), either a product of an enabled catalogue or a custom
 * product. A custom product becomes a catalogue item (catalogue `custom`) that
 * only this farm sees; its id is returned by {@link getFertilizer} as
 * `catalogueItemId`, so it can be acquired again.
 *
 * @param fdm - The database handle.
 * @param principalId - Who records it; needs the `write` right on the farm.
 * @param farmId - The farm.
 * @param fertilizer - The product and the acquiring date and amount.
 * @returns The new fertilizer's id.
 * @throws {FdmError} `INVALID_INPUT` when neither or both of `catalogueItemId` and `custom` are
 *   given, a parameter is out of range, or the item's catalogue is not enabled; `NOT_FOUND` for an
 *   unknown farm or item.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addField example"
 * import { addFertilizer, enableFertilizerCatalogue, syncCatalogues } from "fdm-core";
 * await syncCatalogues(fdm); // once, at deployment: imports the catalogues of fdm-data
 * await enableFertilizerCatalogue(fdm, me, farmId, "rvo");
 * const slurryId = await addFertilizer(fdm, me, farmId, {
 *   catalogueItemId: "rvo_14", // Rundvee - Drijfmest
 *   acquiringDate: new Date("2025-02-01"),
 * });
 * ```
 */
export async function addFertilizer(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  fertilizer: FertilizerInput,
): Promise<string>;
/**
 * Records that a farm acquired a fertilizer as {@link addFertilizer} does, and returns it as
 * {@link getFertilizer} shows it, read in the same transaction: one access check and one
 * audit row for the add and the read.
 *
 * @param fdm - The database handle.
 * @param principalId - Who records it; needs the `write` right on the farm.
 * @param farmId - The farm.
 * @param fertilizer - The product and the acquiring date and amount.
 * @param options - `{ returning: "record" }`.
 * @returns The new fertilizer with its product's properties.
 * @throws {FdmError} As {@link addFertilizer}; `INVALID_INPUT` (`field: "options.returning"`)
 *   for other options.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 */
export async function addFertilizer(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  fertilizer: FertilizerInput,
  options: ReturningRecord,
): Promise<Fertilizer>;
export async function addFertilizer(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  fertilizer: FertilizerInput,
  options?: ReturningRecord,
): Promise<string | Fertilizer> {
  const record = wantsRecord(options);
  const input = requireObject(fertilizer, "fertilizer");
  if ((input.catalogueItemId === undefined) === (input.custom === undefined)) {
    throw new FdmError(
      "INVALID_INPUT",
      "catalogueItemId: give exactly one of catalogueItemId and custom.",
      {
        field: "catalogueItemId",
      },
    );
  }
  const itemId =
    input.catalogueItemId === undefined
      ? undefined
      : requireId(input.catalogueItemId, "catalogueItemId");
  const custom = input.custom === undefined ? undefined : validateParameters(input.custom);
  const acquiringDate = requireDate(input.acquiringDate, "acquiringDate");
  const amountKg = optionalNumber(input.amountKg, "amountKg", 0, 100_000_000);
  const id = createId();
  return guard(fdm, principalId, "addFertilizer").write("farm", farmId, async (tx) => {
    let catalogueItemId: string;
    if (custom) {
      catalogueItemId = `custom_${createId()}`;
      const hash = bytesToHex(sha256(utf8ToBytes(JSON.stringify(custom))));
      await tx.insert(fertilizerCatalogue).values({
        itemId: catalogueItemId,
        catalogue: "custom",
        farmId,
        sourceName: custom.nameNl,
        source: `Custom product entered for farm ${farmId}`,
        hash,
        ...custom,
      });
    } else {
      catalogueItemId = requireId(itemId, "catalogueItemId");
      await requireFertilizerItem(tx, farmId, catalogueItemId);
    }
    await tx.insert(fertilizers).values({ id, catalogueItemId });
    await tx
      .insert(fertilizerAcquiring)
      .values({ fertilizerId: id, farmId, acquiringDate, amountKg });
    return record ? readFertilizer(tx, id) : id;
  });
}

/**
 * Reads one fertilizer of a farm with its product's properties.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param fertilizerId - The fertilizer.
 * @returns The fertilizer.
 * @throws {FdmError} `NOT_FOUND` for an unknown fertilizer.
 * @throws {FdmPermissionError} When the principal may not read the farm.
 * @example
 * ```ts fragment="continues the addFertilizer example"
 * import { getFertilizer } from "fdm-core";
 * const slurry = await getFertilizer(fdm, me, slurryId);
 * console.log(slurry.n, slurry.p2o5); // g/kg
 * ```
 */
export async function getFertilizer(
  fdm: FdmType,
  principalId: PrincipalId,
  fertilizerId: string,
): Promise<Fertilizer> {
  return guard(fdm, principalId, "getFertilizer").read("fertilizer", fertilizerId, (db) =>
    readFertilizer(db, fertilizerId),
  );
}

/**
 * Lists the fertilizers a farm acquired, by acquiring date.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param farmId - The farm.
 * @returns The fertilizers.
 * @throws {FdmError} `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 * @example
 * ```ts fragment="continues the addFertilizer example"
 * import assert from "node:assert";
 * import { getFertilizers } from "fdm-core";
 * const stock = await getFertilizers(fdm, me, farmId);
 * assert.deepEqual(stock.map((f) => [f.id, f.catalogueItemId]), [[slurryId, "rvo_14"]]);
 * ```
 */
export async function getFertilizers(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
): Promise<Fertilizer[]>;
/**
 * Lists one page of the fertilizers a farm acquired, by id (ids compare as bytes): at most
 * `page.limit` whose ids come after `page.after`, read in SQL on an index, so a page costs
 * the same however many the farm holds. See {@link getFields} for how pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param farmId - The farm.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's fertilizers and the `after` of the next page (`next`, `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for a bad page (`field: "page.limit"` or `"page.after"`);
 *   `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 */
export async function getFertilizers(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  page: PageRequest,
): Promise<Page<Fertilizer>>;
export async function getFertilizers(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  page?: PageRequest,
): Promise<Fertilizer[] | Page<Fertilizer>> {
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "getFertilizers").list("farm", farmId, async (db) => {
    if (checked === null) return fertilizersOfFarm(db, farmId);
    // In the order of the index of (farm, fertilizer id).
    const rows = await readJsonPage<Fertilizer>(
      db,
      fertilizerList,
      fertilizerAcquiring.fertilizerId,
      checked,
      (selected) => joinFertilizers(db.select(selected).from(fertilizers).$dynamic()),
      eq(fertilizerAcquiring.farmId, farmId),
    );
    return pageOf(rows, checked, (f) => f.id);
  });
}

/** The work of {@link getFertilizers}, also done by getFarmRecords. */
export async function fertilizersOfFarm(db: FdmType, farmId: string): Promise<Fertilizer[]> {
  // One JSON value for the whole list (see json-list.ts).
  const [row] = await joinFertilizers(
    db
      .select({
        list: fertilizerList.select(asc(fertilizerAcquiring.acquiringDate), asc(fertilizers.id)),
      })
      .from(fertilizers)
      .$dynamic(),
  ).where(eq(fertilizerAcquiring.farmId, farmId));
  return fertilizerList.parse<Fertilizer>(row?.list);
}

/**
 * Changes the acquiring date or amount of a fertilizer. The product itself
 * does not change: acquire another fertilizer for another product.
 *
 * @param fdm - The database handle.
 * @param principalId - Who changes it; needs the `write` right on the farm.
 * @param fertilizerId - The fertilizer.
 * @param update - `acquiringDate` and/or `amountKg` (`null` clears the amount).
 * @returns The fertilizer as stored afterwards, read in the same transaction.
 * @throws {FdmError} `INVALID_INPUT` for an empty update or a bad value; `NOT_FOUND` for an unknown fertilizer.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addFertilizer example"
 * import assert from "node:assert";
 * import { updateFertilizer } from "fdm-core";
 * const updated = await updateFertilizer(fdm, me, slurryId, { amountKg: 30000 });
 * assert.equal(updated.amountKg, 30000);
 * ```
 */
export async function updateFertilizer(
  fdm: FdmType,
  principalId: PrincipalId,
  fertilizerId: string,
  update: { acquiringDate?: Date; amountKg?: number | null },
): Promise<Fertilizer> {
  const patch = requireObject(update, "update");
  requireSomeKey(patch, ["acquiringDate", "amountKg"]);
  const acquiringDate =
    patch.acquiringDate === undefined
      ? undefined
      : requireDate(patch.acquiringDate, "acquiringDate");
  const amountKg =
    patch.amountKg === undefined
      ? undefined
      : optionalNumber(patch.amountKg, "amountKg", 0, 100_000_000);
  return guard(fdm, principalId, "updateFertilizer").write(
    "fertilizer",
    fertilizerId,
    async (tx) => {
      await tx
        .update(fertilizerAcquiring)
        .set({ acquiringDate, amountKg })
        .where(eq(fertilizerAcquiring.fertilizerId, fertilizerId));
      // Read back in the transaction: one access check and one audit row for the call.
      return readFertilizer(tx, fertilizerId);
    },
  );
}

/**
 * Removes a fertilizer of a farm together with all its applications, in one
 * transaction. A custom product stays in the farm's catalogue.
 *
 * @param fdm - The database handle.
 * @param principalId - Who removes it; needs the `write` right on the farm.
 * @param fertilizerId - The fertilizer.
 * @returns Resolves when it is gone.
 * @throws {FdmError} `NOT_FOUND` for an unknown fertilizer.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addFertilizer example"
 * import assert from "node:assert";
 * import { getFertilizers, removeFertilizer } from "fdm-core";
 * await removeFertilizer(fdm, me, slurryId);
 * assert.deepEqual(await getFertilizers(fdm, me, farmId), []);
 * ```
 */
export async function removeFertilizer(
  fdm: FdmType,
  principalId: PrincipalId,
  fertilizerId: string,
): Promise<void> {
  await guard(fdm, principalId, "removeFertilizer").write(
    "fertilizer",
    fertilizerId,
    async (tx) => {
      // applications and the acquiring action go by ON DELETE CASCADE
      await tx.delete(fertilizers).where(inArray(fertilizers.id, [fertilizerId]));
    },
  );
}
