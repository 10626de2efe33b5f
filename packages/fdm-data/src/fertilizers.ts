import { baatRows } from "./catalogues/baat-data.js";
import type { NmiFertilizerRow } from "./catalogues/nmi-types.js";
import { rvoMestcodeRows } from "./catalogues/rvo-data.js";
import { srmRows } from "./catalogues/srm-data.js";
import { UnknownCatalogueError } from "./errors.js";
import { deepFreeze } from "./freeze.js";
import { hashFertilizer } from "./hash.js";
import type {
  ApplicationMethods,
  CatalogueFertilizer,
  CatalogueFertilizerItem,
  CatalogueFertilizerName,
  FertilizerComposition,
} from "./types.js";

const fertilizerCatalogueNames: readonly CatalogueFertilizerName[] = ["rvo", "srm", "baat"];

/** Mestcode under which mineral fertilizers (kunstmest) are reported to RVO. */
const KUNSTMEST_CODE = 115;

const RVO_SOURCE =
  "RVO, Uitvoeringsregeling Meststoffenwet, Table 11 (mestcodes and forfaitaire contents), 2025";
const RVO_SOURCE_2026 =
  "RVO, Uitvoeringsregeling Meststoffenwet, Table 11 (mestcodes and forfaitaire contents), 2026";
const SRM_SOURCE = "NMI, fdm-data catalogues (MIT): organic fertilizers (srm)";
const BAAT_SOURCE = "NMI, fdm-data catalogues (MIT): mineral fertilizers (baat)";

/**
 * The methods that fit a product's form. Dutch rules require low-emission
 * spreading of slurry and liquid manure (no surface broadcasting), so those get
 * band and injection methods; solid products are broadcast or worked in.
 */
export function applicationMethodsForForm(
  form: CatalogueFertilizerItem["form"],
  isMineral: boolean,
): ApplicationMethods[] {
  switch (form) {
    case "solid":
      return ["broadcasting", "incorporation"];
    case "slurry":
      return ["narrowband", "shallow_injection", "injection", "incorporation"];
    case "liquid":
      return isMineral
        ? ["spraying", "injection"]
        : ["narrowband", "shallow_injection", "injection", "incorporation"];
    default:
      return [
        "broadcasting",
        "narrowband",
        "shallow_injection",
        "injection",
        "incorporation",
        "spraying",
      ];
  }
}

const emptyComposition = (): FertilizerComposition => ({
  n: null,
  p2o5: null,
  k2o: null,
  so3: null,
  mgo: null,
  cao: null,
  nNh4: null,
  nNo3: null,
  nOrganic: null,
});

function withHash(item: Omit<CatalogueFertilizerItem, "hash">): CatalogueFertilizerItem {
  return deepFreeze({ ...item, hash: hashFertilizer(item) });
}

function buildRvo(): CatalogueFertilizer {
  return rvoMestcodeRows.map(([code, sourceName, nameEn, form, isManure, isCompost, n, p2o5]) => {
    const isMineral = code === KUNSTMEST_CODE;
    return withHash({
      catalogue: "rvo",
      id: `rvo_${code}`,
      sourceName,
      nameNl: sourceName,
      nameEn,
      typeRvo: code,
      isMineral,
      isManure,
      isCompost,
      form,
      dryMatter: null,
      composition: { ...emptyComposition(), n, p2o5 },
      ammoniaEmissionFactor: null,
      organicMatter: null,
      effectiveOrganicMatter: null,
      density: null,
      applicationMethods: applicationMethodsForForm(form, isMineral),
      // Codes 130-134 (RENURE) first appear in the 2026 Table 11.
      source: code >= 130 ? RVO_SOURCE_2026 : RVO_SOURCE,
    });
  });
}

/**
 * The form NMI's dosing unit implies: manure dosed per m3 is slurry, per ton
 * solid, per litre liquid. Per kg says nothing about the form (granules and
 * solutions alike), so it stays `null`, as it does where NMI gives no unit.
 */
function formOfUnit(unit: string | null): CatalogueFertilizerItem["form"] {
  switch (unit) {
    case "m3/ha":
      return "slurry";
    case "ton/ha":
      return "solid";
    case "l/ha":
      return "liquid";
    default:
      return null;
  }
}

function buildNmi(
  catalogue: "srm" | "baat",
  rows: readonly NmiFertilizerRow[],
): CatalogueFertilizer {
  const source = catalogue === "srm" ? SRM_SOURCE : BAAT_SOURCE;
  return rows.map((row) =>
    withHash({
      catalogue,
      id: row.id,
      sourceName: row.nameNl,
      nameNl: row.nameNl,
      nameEn: row.nameEn,
      typeRvo: row.typeRvo,
      isMineral: row.isMineral,
      isManure: row.isManure,
      isCompost: row.isCompost,
      form: formOfUnit(row.amountUnit),
      dryMatter: row.dryMatter,
      composition: {
        n: row.n,
        p2o5: row.p2o5,
        k2o: row.k2o,
        so3: row.so3,
        mgo: row.mgo,
        cao: row.cao,
        nNh4: row.nNh4,
        nNo3: row.nNo3,
        nOrganic: row.nOrganic,
      },
      ammoniaEmissionFactor: row.ammoniaEmissionFactor,
      organicMatter: row.organicMatter,
      effectiveOrganicMatter: row.effectiveOrganicMatter,
      density: row.density,
      applicationMethods: [...row.applicationMethods],
      source,
    }),
  );
}

const builders: Record<CatalogueFertilizerName, () => CatalogueFertilizer> = {
  rvo: buildRvo,
  srm: () => buildNmi("srm", srmRows),
  baat: () => buildNmi("baat", baatRows),
};
const cache = new Map<CatalogueFertilizerName, CatalogueFertilizer>();

/**
 * Returns a fertilizer catalogue: the list of products a farmer picks from.
 *
 * - `rvo` (63 items): the 58 RVO mestcodes of Table 11 of the
 *   Uitvoeringsregeling Meststoffenwet (2025) and the RENURE codes 130–134
 *   that the 2026 table adds, with their forfaitaire (standard) N and P2O5
 *   contents; ids are `rvo_<mestcode>`. Codes without standard figures have
 *   `null` contents: use an analysis for them.
 * - `srm` (47 items): NMI's organic fertilizers, manures and composts with
 *   their composition; ids are `srm_<NMI id>` (NMI, fdm-data catalogues, MIT).
 * - `baat` (75 items): NMI's mineral fertilizers (and a few manures and other
 *   products) with composition and NH3 emission factor; ids are `baat_<NMI
 *   number>`, e.g. `baat_028` for KAS (NMI, fdm-data catalogues, MIT).
 *
 * Contents are in g per kg of product (equal to kg per ton); a figure NMI does
 * not give is `null`. NMI's application methods are recorded as the nearest
 * {@link ApplicationMethods} value (pocket placement and spoke wheel as
 * `injection`, slotted coulter as `shallow_injection`). Items are frozen and
 * shared between calls; the array is a new copy on every call.
 *
 * @param name - The catalogue's name; see {@link CatalogueFertilizerName}.
 * @returns The catalogue's items, ordered by code (rvo) or as NMI lists them (srm, baat).
 * @throws {UnknownCatalogueError} When `name` is not a fertilizer catalogue; the message lists the valid names.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getFertilizersCatalogue } from "fdm-data";
 *
 * const slurry = getFertilizersCatalogue("rvo").find((item) => item.typeRvo === 14);
 * assert.equal(slurry?.composition.n, 4); // g N per kg, i.e. kg N per ton
 * const kas = getFertilizersCatalogue("baat").find((item) => item.id === "baat_028");
 * assert.deepEqual([kas?.composition.n, kas?.ammoniaEmissionFactor], [270, 0.025]);
 * ```
 */
export function getFertilizersCatalogue(name: CatalogueFertilizerName): CatalogueFertilizer {
  const build = fertilizerCatalogueNames.includes(name) ? builders[name] : undefined;
  if (!build) {
    throw new UnknownCatalogueError("fertilizer", String(name), fertilizerCatalogueNames);
  }
  let catalogue = cache.get(name);
  if (!catalogue) {
    catalogue = build();
    cache.set(name, catalogue);
  }
  return [...catalogue];
}
