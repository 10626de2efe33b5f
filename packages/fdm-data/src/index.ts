/**
 * fdm-data: the cultivation and fertilizer catalogues of the farm data model.
 *
 * A catalogue is a fixed list of crops or fertilizers with their properties,
 * so a farmer picks an item instead of typing its properties. Every item has an
 * id that stays the same across releases and a content hash that changes when
 * any of its properties does; fdm-core imports the catalogues into its
 * database and uses the hashes to sync them.
 *
 * Codes and names of crops and mestcodes come from RVO; the agronomic figures
 * of the `brp`, `srm` and `baat` catalogues come from NMI, fdm-data catalogues
 * (MIT; the licence notice ships in this package's `NOTICE` file).
 *
 * @packageDocumentation
 */
export { canHarvest, getCultivationCatalogue, getDefaultDates } from "./cultivations.js";
export { UnknownCatalogueError } from "./errors.js";
export { getFertilizersCatalogue } from "./fertilizers.js";
export { deepFreeze } from "./freeze.js";
export { hashCultivation, hashFertilizer } from "./hash.js";
export { describeNonNumericMestcode, isMestcode, MESTCODES, type Mestcode } from "./mestcodes.js";
export type {
  ApplicationMethods,
  CatalogueCultivation,
  CatalogueCultivationItem,
  CatalogueCultivationName,
  CatalogueFertilizer,
  CatalogueFertilizerItem,
  CatalogueFertilizerName,
  FertilizerComposition,
  Harvestable,
  HarvestCategory,
  Rotation,
} from "./types.js";
export { ROTATIONS } from "./types.js";
