import { and, asc, eq, getTableColumns, inArray, isNull, or } from "drizzle-orm";
import {
  type CatalogueCultivationItem,
  type CatalogueCultivationName,
  type CatalogueFertilizerItem,
  type CatalogueFertilizerName,
  getCultivationCatalogue,
  getFertilizersCatalogue,
} from "fdm-data";
import { FdmError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { guard, system } from "./guard.js";
import { jsonList } from "./json-list.js";
import {
  afterKey,
  byKey,
  type CheckedPage,
  type Page,
  type PageRequest,
  pageOf,
  readJsonPage,
  requirePage,
} from "./page.js";
import {
  cultivationCatalogue,
  farmCultivationCatalogues,
  farmFertilizerCatalogues,
  fertilizerCatalogue,
} from "./schema.js";
import { requireEnum, requireId, requireMestcode, requireObject } from "./validate.js";

const cultivationCatalogueNames: readonly CatalogueCultivationName[] = ["brp"];
const fertilizerCatalogueNames: readonly CatalogueFertilizerName[] = ["rvo", "srm", "baat"];

/**
 * A crop of a cultivation catalogue as stored in the database, with the fields
 * of fdm-data's `CatalogueCultivationItem` under the same names and units: the
 * agronomic figures (NMI, fdm-data catalogues, MIT) are `null` where NMI gives none.
 */
export type CultivationCatalogueItem = typeof cultivationCatalogue.$inferSelect;

/** The crops a farm can pick from: the items of its enabled cultivation catalogues. */
export type CultivationCatalogue = CultivationCatalogueItem[];

/**
 * A fertilizer product as stored in the database: an item of a catalogue of
 * fdm-data, or a custom product of one farm (catalogue `custom`, `farmId` set).
 * Contents are in g per kg of product (= kg per ton); `null` means unknown.
 * The fields are those of fdm-data's `CatalogueFertilizerItem`, with the
 * composition flattened (`n`, `p2o5`, …, `nNh4`, `nNo3`, `nOrganic`), plus
 * `ammoniaEmissionFactor` (fraction), `organicMatter`, `effectiveOrganicMatter`
 * (g/kg) and `density` (kg/l) from NMI, fdm-data catalogues (MIT).
 */
export type FertilizerCatalogueItem = typeof fertilizerCatalogue.$inferSelect;

/** The catalogues a farm has enabled, by kind. */
export interface EnabledCatalogues {
  /** Enabled cultivation catalogues, e.g. `["brp"]`. */
  cultivations: CatalogueCultivationName[];
  /** Enabled fertilizer catalogues, e.g. `["baat", "rvo"]`. */
  fertilizers: CatalogueFertilizerName[];
}

/** What one catalogue sync changed. */
export interface SyncCount {
  /** Items that were not in the database. */
  added: number;
  /** Items whose hash differed from the stored one. */
  updated: number;
  /** Items whose hash matched: left as they were. */
  unchanged: number;
}

/** What {@link syncCatalogues} did, per catalogue name. */
export interface SyncResult {
  /** Per cultivation catalogue. */
  cultivations: Partial<Record<CatalogueCultivationName, SyncCount>>;
  /** Per fertilizer catalogue. */
  fertilizers: Partial<Record<CatalogueFertilizerName, SyncCount>>;
}

/** Options of {@link syncCatalogues}. */
export interface SyncOptions {
  /** Cultivation catalogues to sync; all when omitted. */
  cultivations?: CatalogueCultivationName[];
  /** Fertilizer catalogues to sync; all when omitted. */
  fertilizers?: CatalogueFertilizerName[];
}

function cultivationRow(item: CatalogueCultivationItem, syncedAt: Date) {
  return {
    itemId: item.id,
    catalogue: item.catalogue,
    sourceCode: item.sourceCode,
    sourceName: item.sourceName,
    nameNl: item.nameNl,
    nameEn: item.nameEn,
    harvestable: item.harvestable,
    rotation: item.rotation,
    yieldDryMatter: item.yieldDryMatter,
    dryMatterContent: item.dryMatterContent,
    harvestIndex: item.harvestIndex,
    nitrogenContentHarvest: item.nitrogenContentHarvest,
    nitrogenContentResidue: item.nitrogenContentResidue,
    nitrogenFixation: item.nitrogenFixation,
    effectiveOrganicMatter: item.effectiveOrganicMatter,
    effectiveOrganicMatterResidue: item.effectiveOrganicMatterResidue,
    harvestCategory: item.harvestCategory,
    isRustgewas: item.isRustgewas,
    varietyOptions: [...item.varietyOptions],
    defaultSowingDate: item.defaultSowingDate,
    defaultHarvestDate: item.defaultHarvestDate,
    hash: item.hash,
    syncedAt,
  };
}

function fertilizerRow(item: CatalogueFertilizerItem, syncedAt: Date) {
  const typeRvo = requireMestcode(item.typeRvo, `fertilizer ${item.id}: typeRvo`);
  return {
    itemId: item.id,
    catalogue: item.catalogue,
    farmId: null,
    sourceName: item.sourceName,
    nameNl: item.nameNl,
    nameEn: item.nameEn,
    typeRvo,
    isMineral: item.isMineral,
    isManure: item.isManure,
    isCompost: item.isCompost,
    form: item.form,
    dryMatter: item.dryMatter,
    n: item.composition.n,
    p2o5: item.composition.p2o5,
    k2o: item.composition.k2o,
    so3: item.composition.so3,
    mgo: item.composition.mgo,
    cao: item.composition.cao,
    nNh4: item.composition.nNh4 ?? null,
    nNo3: item.composition.nNo3 ?? null,
    nOrganic: item.composition.nOrganic ?? null,
    ammoniaEmissionFactor: item.ammoniaEmissionFactor,
    organicMatter: item.organicMatter,
    effectiveOrganicMatter: item.effectiveOrganicMatter,
    density: item.density,
    applicationMethods: [...item.applicationMethods],
    source: item.source,
    hash: item.hash,
    syncedAt,
  };
}

const BATCH = 200;

async function syncTable<Row extends { itemId: string; hash: string }>(
  tx: FdmType,
  table: typeof cultivationCatalogue | typeof fertilizerCatalogue,
  catalogue: string,
  rows: Row[],
): Promise<SyncCount> {
  const stored = await tx
    .select({ itemId: table.itemId, hash: table.hash })
    .from(table)
    .where(eq(table.catalogue, catalogue));
  const hashes = new Map(stored.map((s) => [s.itemId, s.hash]));
  const added = rows.filter((r) => !hashes.has(r.itemId));
  const changed = rows.filter((r) => hashes.has(r.itemId) && hashes.get(r.itemId) !== r.hash);
  for (let i = 0; i < added.length; i += BATCH) {
    await tx.insert(table).values(added.slice(i, i + BATCH) as never[]);
  }
  for (const row of changed) {
    await tx
      .update(table)
      .set(row as never)
      .where(eq(table.itemId, row.itemId));
  }
  return {
    added: added.length,
    updated: changed.length,
    unchanged: rows.length - added.length - changed.length,
  };
}

/**
 * Imports the catalogues of fdm-data into the database, or brings them up to
 * date: items whose id is new are added, items whose content hash changed are
 * updated, the rest is left alone — so running it twice adds nothing. Items
 * that a newer fdm-data no longer ships are kept, because cultivations and
 * fertilizers may still refer to them. All changes happen in one transaction.
 *
 * Catalogues are public reference data, not farm data, so this needs no
 * principal; run it at deployment, after {@link migrateFdm}.
 *
 * @param fdm - The database handle.
 * @param options - Which catalogues to sync; all by default.
 * @returns Per catalogue, how many items were added, updated and unchanged.
 * @throws {FdmError} `INVALID_INPUT` for an unknown catalogue name; `DATABASE` when the write fails.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { createFdmLocal, syncCatalogues } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const first = await syncCatalogues(fdm);
 * const second = await syncCatalogues(fdm);
 * assert.strictEqual(second.cultivations.brp?.added, 0);
 * assert.strictEqual(second.cultivations.brp?.unchanged, first.cultivations.brp?.added);
 * ```
 */
export async function syncCatalogues(fdm: FdmType, options: SyncOptions = {}): Promise<SyncResult> {
  const opts = requireObject(options, "options");
  const cultNames = ((opts.cultivations as unknown[]) ?? cultivationCatalogueNames).map((n) =>
    requireEnum(n, "options.cultivations", cultivationCatalogueNames),
  );
  const fertNames = ((opts.fertilizers as unknown[]) ?? fertilizerCatalogueNames).map((n) =>
    requireEnum(n, "options.fertilizers", fertilizerCatalogueNames),
  );
  const now = new Date();
  const cultRows = cultNames.map((n) =>
    getCultivationCatalogue(n).map((i) => cultivationRow(i, now)),
  );
  const fertRows = fertNames.map((n) =>
    getFertilizersCatalogue(n).map((i) => fertilizerRow(i, now)),
  );
  const result: SyncResult = { cultivations: {}, fertilizers: {} };
  await system(fdm, "syncCatalogues").write(async (tx) => {
    for (const [i, name] of cultNames.entries()) {
      result.cultivations[name] = await syncTable(
        tx,
        cultivationCatalogue,
        name,
        cultRows[i] ?? [],
      );
    }
    for (const [i, name] of fertNames.entries()) {
      result.fertilizers[name] = await syncTable(tx, fertilizerCatalogue, name, fertRows[i] ?? []);
    }
  });
  return result;
}

async function setEnabled(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  kind: "cultivation" | "fertilizer",
  name: string,
  enable: boolean,
  origin: string,
): Promise<void> {
  const names = kind === "cultivation" ? cultivationCatalogueNames : fertilizerCatalogueNames;
  const catalogue = requireEnum(name, "catalogue", names as readonly string[]);
  const table = kind === "cultivation" ? farmCultivationCatalogues : farmFertilizerCatalogues;
  await guard(fdm, principalId, origin).write("farm", farmId, async (tx) => {
    if (enable) await tx.insert(table).values({ farmId, catalogue }).onConflictDoNothing();
    else
      await tx.delete(table).where(and(eq(table.farmId, farmId), eq(table.catalogue, catalogue)));
  });
}

/**
 * Lets a farm pick crops from a cultivation catalogue. Enabling an enabled
 * catalogue changes nothing.
 *
 * @param fdm - The database handle.
 * @param principalId - Who enables it; needs the `write` right on the farm.
 * @param farmId - The farm.
 * @param catalogue - The catalogue's name, e.g. `brp`.
 * @returns Resolves when the catalogue is enabled.
 * @throws {FdmError} `INVALID_INPUT` for an unknown catalogue name; `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, enableCultivationCatalogue, getEnabledCatalogues } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await enableCultivationCatalogue(fdm, me, farmId, "brp");
 * assert.deepEqual((await getEnabledCatalogues(fdm, me, farmId)).cultivations, ["brp"]);
 * ```
 */
export async function enableCultivationCatalogue(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  catalogue: CatalogueCultivationName,
): Promise<void> {
  await setEnabled(
    fdm,
    principalId,
    farmId,
    "cultivation",
    catalogue,
    true,
    "enableCultivationCatalogue",
  );
}

/**
 * Stops a farm from picking new crops from a cultivation catalogue. Existing
 * cultivations of its items stay as they are.
 *
 * @param fdm - The database handle.
 * @param principalId - Who disables it; needs the `write` right on the farm.
 * @param farmId - The farm.
 * @param catalogue - The catalogue's name.
 * @returns Resolves when the catalogue is disabled.
 * @throws {FdmError} `INVALID_INPUT` for an unknown catalogue name; `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addFarm, createFdmAuth, createFdmLocal, disableCultivationCatalogue, enableCultivationCatalogue,
 *   getEnabledCatalogues,
 * } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await enableCultivationCatalogue(fdm, me, farmId, "brp");
 * await disableCultivationCatalogue(fdm, me, farmId, "brp");
 * assert.deepEqual((await getEnabledCatalogues(fdm, me, farmId)).cultivations, []);
 * ```
 */
export async function disableCultivationCatalogue(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  catalogue: CatalogueCultivationName,
): Promise<void> {
  await setEnabled(
    fdm,
    principalId,
    farmId,
    "cultivation",
    catalogue,
    false,
    "disableCultivationCatalogue",
  );
}

/**
 * Lets a farm pick products from a fertilizer catalogue. Enabling an enabled
 * catalogue changes nothing.
 *
 * @param fdm - The database handle.
 * @param principalId - Who enables it; needs the `write` right on the farm.
 * @param farmId - The farm.
 * @param catalogue - The catalogue's name: `rvo`, `srm` or `baat`.
 * @returns Resolves when the catalogue is enabled.
 * @throws {FdmError} `INVALID_INPUT` for an unknown catalogue name; `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, enableFertilizerCatalogue, getEnabledCatalogues } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await enableFertilizerCatalogue(fdm, me, farmId, "rvo");
 * assert.deepEqual((await getEnabledCatalogues(fdm, me, farmId)).fertilizers, ["rvo"]);
 * ```
 */
export async function enableFertilizerCatalogue(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  catalogue: CatalogueFertilizerName,
): Promise<void> {
  await setEnabled(
    fdm,
    principalId,
    farmId,
    "fertilizer",
    catalogue,
    true,
    "enableFertilizerCatalogue",
  );
}

/**
 * Stops a farm from picking new products from a fertilizer catalogue.
 * Fertilizers the farm already acquired stay as they are.
 *
 * @param fdm - The database handle.
 * @param principalId - Who disables it; needs the `write` right on the farm.
 * @param farmId - The farm.
 * @param catalogue - The catalogue's name.
 * @returns Resolves when the catalogue is disabled.
 * @throws {FdmError} `INVALID_INPUT` for an unknown catalogue name; `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addFarm, createFdmAuth, createFdmLocal, disableFertilizerCatalogue, enableFertilizerCatalogue,
 *   getEnabledCatalogues,
 * } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await enableFertilizerCatalogue(fdm, me, farmId, "baat");
 * await disableFertilizerCatalogue(fdm, me, farmId, "baat");
 * assert.deepEqual((await getEnabledCatalogues(fdm, me, farmId)).fertilizers, []);
 * ```
 */
export async function disableFertilizerCatalogue(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  catalogue: CatalogueFertilizerName,
): Promise<void> {
  await setEnabled(
    fdm,
    principalId,
    farmId,
    "fertilizer",
    catalogue,
    false,
    "disableFertilizerCatalogue",
  );
}

/**
 * Tells which catalogues a farm has enabled.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param farmId - The farm.
 * @returns The enabled catalogue names, sorted, per kind.
 * @throws {FdmError} `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not read the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, createFdmAuth, createFdmLocal, enableCultivationCatalogue, getEnabledCatalogues } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await enableCultivationCatalogue(fdm, me, farmId, "brp");
 * const enabled = await getEnabledCatalogues(fdm, me, farmId);
 * assert.deepStrictEqual(enabled, { cultivations: ["brp"], fertilizers: [] });
 * ```
 */
export async function getEnabledCatalogues(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
): Promise<EnabledCatalogues> {
  return guard(fdm, principalId, "getEnabledCatalogues").read("farm", farmId, async (db) => {
    const [c, f] = await Promise.all([
      db
        .select({ catalogue: farmCultivationCatalogues.catalogue })
        .from(farmCultivationCatalogues)
        .where(eq(farmCultivationCatalogues.farmId, farmId))
        .orderBy(asc(farmCultivationCatalogues.catalogue)),
      db
        .select({ catalogue: farmFertilizerCatalogues.catalogue })
        .from(farmFertilizerCatalogues)
        .where(eq(farmFertilizerCatalogues.farmId, farmId))
        .orderBy(asc(farmFertilizerCatalogues.catalogue)),
    ]);
    return {
      cultivations: c.map((r) => r.catalogue as CatalogueCultivationName),
      fertilizers: f.map((r) => r.catalogue as CatalogueFertilizerName),
    };
  });
}

/** The most ids getCultivationsFromCatalogue's `options.itemIds` takes: about ten times the brp catalogue's 532 items. */
const MAX_ITEM_IDS = 5_000;

/** Checks the options of getCultivationsFromCatalogue; the ids come back without repeats. */
function catalogueOptions(options: unknown): { itemIds: string[] | null } {
  if (options === undefined) return { itemIds: null };
  const opts = requireObject(options, "options");
  for (const key of Object.keys(opts)) {
    if (key !== "itemIds") {
      throw new FdmError(
        "INVALID_INPUT",
        `options.${key}: is not an option of getCultivationsFromCatalogue.`,
        { field: `options.${key}` },
      );
    }
  }
  if (opts.itemIds === undefined) return { itemIds: null };
  if (!Array.isArray(opts.itemIds) || opts.itemIds.length > MAX_ITEM_IDS) {
    throw new FdmError(
      "INVALID_INPUT",
      `options.itemIds: must be a list of at most ${MAX_ITEM_IDS} item ids.`,
      { field: "options.itemIds" },
    );
  }
  const ids = opts.itemIds.map((id, i) => requireId(id, `options.itemIds[${i}]`));
  return { itemIds: [...new Set(ids)] };
}

const catalogueList = jsonList(getTableColumns(cultivationCatalogue));

/**
 * Lists the crops a farm can pick from: the items of its enabled cultivation
 * catalogues, by Dutch name. Empty until a catalogue is synced and enabled.
 * With `options.itemIds`, only those of the items: a reader that needs the
 * crops of the farm's cultivations asks for those, not for the whole catalogue.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param farmId - The farm.
 * @param options - `itemIds`: list only these items, by id (e.g. `["nl_265", "nl_233"]`): 0 to
 *   5,000 ids, each a non-empty string of at most 200 characters; repeats count once. An id
 *   that is no item of an enabled catalogue is left out, as the whole list leaves it out.
 *   Omitted, the whole of the enabled catalogues is listed.
 * @returns The catalogue items, by Dutch name, then id.
 * @throws {FdmError} `INVALID_INPUT` for options that are not an object, an unknown option,
 *   or `itemIds` that is not a list of at most 5,000 ids (the error names the bad entry, e.g.
 *   `options.itemIds[2]`); `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not read the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addFarm, createFdmAuth, createFdmLocal, enableCultivationCatalogue, getCultivationsFromCatalogue, syncCatalogues,
 * } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * await syncCatalogues(fdm);
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await enableCultivationCatalogue(fdm, me, farmId, "brp");
 * const crops = await getCultivationsFromCatalogue(fdm, me, farmId);
 * assert.strictEqual(crops.find((c) => c.itemId === "nl_265")?.harvestable, "multiple");
 * const two = await getCultivationsFromCatalogue(fdm, me, farmId, { itemIds: ["nl_265", "nl_233"] });
 * assert.deepStrictEqual(two.map((c) => c.nameNl), ["Grasland, blijvend", "Tarwe, winter-"]);
 * ```
 */
export async function getCultivationsFromCatalogue(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  options?: { itemIds?: readonly string[] },
): Promise<CultivationCatalogue>;
/**
 * Lists one page of the crops a farm can pick from, by item id (ids compare as bytes): at most
 * `page.limit` whose ids come after `page.after`, read in SQL; `options.itemIds` filters as
 * without a page. See {@link getFields} for how pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param farmId - The farm.
 * @param options - `itemIds` as without a page, or `undefined`.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's items and the `after` of the next page (`next`, `null` on the last).
 * @throws {FdmError} As without a page, and `INVALID_INPUT` for a bad page (`field:
 *   "page.limit"` or `"page.after"`).
 * @throws {FdmPermissionError} When the principal may not read the farm.
 */
export async function getCultivationsFromCatalogue(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  options: { itemIds?: readonly string[] } | undefined,
  page: PageRequest,
): Promise<Page<CultivationCatalogueItem>>;
export async function getCultivationsFromCatalogue(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  options?: { itemIds?: readonly string[] },
  page?: PageRequest,
): Promise<CultivationCatalogue | Page<CultivationCatalogueItem>> {
  const { itemIds } = catalogueOptions(options);
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "getCultivationsFromCatalogue").read("farm", farmId, async (db) =>
    checked === null
      ? cropsOfFarm(db, farmId, itemIds)
      : pageOf(await cropsOfFarm(db, farmId, itemIds, checked), checked, (i) => i.itemId),
  );
}

/**
 * The work of {@link getCultivationsFromCatalogue}, also done by getFarmRecords; with a page,
 * the first `limit + 1` items after `after` by item id.
 */
export async function cropsOfFarm(
  db: FdmType,
  farmId: string,
  itemIds: readonly string[] | null | undefined,
  page?: CheckedPage,
): Promise<CultivationCatalogue> {
  if (itemIds?.length === 0) return [];
  const enabled = db
    .select({ catalogue: farmCultivationCatalogues.catalogue })
    .from(farmCultivationCatalogues)
    .where(eq(farmCultivationCatalogues.farmId, farmId));
  const where = and(
    inArray(cultivationCatalogue.catalogue, enabled),
    itemIds ? inArray(cultivationCatalogue.itemId, [...itemIds]) : undefined,
  );
  if (page !== undefined) {
    return readJsonPage<CultivationCatalogueItem>(
      db,
      catalogueList,
      cultivationCatalogue.itemId,
      page,
      (selected) => db.select(selected).from(cultivationCatalogue).$dynamic(),
      where,
    );
  }
  // One JSON value for the whole list (see json-list.ts).
  const [row] = await db
    .select({
      list: catalogueList.select(
        asc(cultivationCatalogue.nameNl),
        asc(cultivationCatalogue.itemId),
      ),
    })
    .from(cultivationCatalogue)
    .where(where);
  return catalogueList.parse<CultivationCatalogueItem>(row?.list);
}

/**
 * Lists the fertilizer products a farm can pick from: the items of its
 * enabled fertilizer catalogues and its own custom products, by Dutch name.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param farmId - The farm.
 * @returns The products.
 * @throws {FdmError} `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not read the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addFarm, createFdmAuth, createFdmLocal, enableFertilizerCatalogue, getFertilizersFromCatalogue, syncCatalogues,
 * } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * await syncCatalogues(fdm);
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await enableFertilizerCatalogue(fdm, me, farmId, "rvo");
 * const products = await getFertilizersFromCatalogue(fdm, me, farmId);
 * assert.ok(products.some((p) => p.itemId === "rvo_14"));
 * ```
 */
export async function getFertilizersFromCatalogue(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
): Promise<FertilizerCatalogueItem[]>;
/**
 * Lists one page of the fertilizer products a farm can pick from, by item id (ids compare as
 * bytes): at most `page.limit` whose ids come after `page.after`, read in SQL. See
 * {@link getFields} for how pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param farmId - The farm.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's products and the `after` of the next page (`next`, `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for a bad page (`field: "page.limit"` or `"page.after"`);
 *   `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not read the farm.
 */
export async function getFertilizersFromCatalogue(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  page: PageRequest,
): Promise<Page<FertilizerCatalogueItem>>;
export async function getFertilizersFromCatalogue(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  page?: PageRequest,
): Promise<FertilizerCatalogueItem[] | Page<FertilizerCatalogueItem>> {
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "getFertilizersFromCatalogue").read("farm", farmId, async (db) => {
    const enabled = db
      .select({ catalogue: farmFertilizerCatalogues.catalogue })
      .from(farmFertilizerCatalogues)
      .where(eq(farmFertilizerCatalogues.farmId, farmId));
    const offered = or(
      and(isNull(fertilizerCatalogue.farmId), inArray(fertilizerCatalogue.catalogue, enabled)),
      eq(fertilizerCatalogue.farmId, farmId),
    );
    if (checked === null) {
      return db
        .select()
        .from(fertilizerCatalogue)
        .where(offered)
        .orderBy(asc(fertilizerCatalogue.nameNl), asc(fertilizerCatalogue.itemId));
    }
    const rows = await db
      .select()
      .from(fertilizerCatalogue)
      .where(and(offered, afterKey(fertilizerCatalogue.itemId, checked)))
      .orderBy(byKey(fertilizerCatalogue.itemId))
      .limit(checked.limit + 1);
    return pageOf(rows, checked, (i) => i.itemId);
  });
}

/** Throws unless the cultivation catalogue item exists and its catalogue is enabled for the farm. */
export async function requireCultivationItem(
  db: FdmType,
  farmId: string,
  itemId: string,
): Promise<CultivationCatalogueItem> {
  // One query: the item, and whether its catalogue is enabled for the farm.
  const [row] = await db
    .select({ item: cultivationCatalogue, enabled: farmCultivationCatalogues.catalogue })
    .from(cultivationCatalogue)
    .leftJoin(
      farmCultivationCatalogues,
      and(
        eq(farmCultivationCatalogues.farmId, farmId),
        eq(farmCultivationCatalogues.catalogue, cultivationCatalogue.catalogue),
      ),
    )
    .where(eq(cultivationCatalogue.itemId, itemId));
  const item = row?.item;
  const enabled = row?.enabled;
  if (!item) {
    throw new FdmError(
      "NOT_FOUND",
      `catalogueItemId: no cultivation catalogue item with id '${itemId}'.`,
      {
        field: "catalogueItemId",
      },
    );
  }
  if (!enabled) {
    throw new FdmError(
      "INVALID_INPUT",
      `catalogueItemId: catalogue '${item.catalogue}' of item '${itemId}' is not enabled for farm '${farmId}'.`,
      { field: "catalogueItemId" },
    );
  }
  return item;
}
