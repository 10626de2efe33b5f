import type { Mestcode } from "../mestcodes.js";
import type { ApplicationMethods, HarvestCategory } from "../types.js";

/**
 * NMI's figures for one BRP crop (NMI, fdm-data catalogues, MIT):
 * [code, NMI's name, dry-matter yield (kg DM/ha per year), dry matter (g DM/kg fresh), harvest index (fraction),
 * N in the harvested product (g N/kg DM), N in residues (g N/kg DM), N fixation (kg N/ha per year),
 * effective organic matter of the crop and of its residues (kg EOM/ha), harvest category, rustgewas,
 * variety options, default sowing day (MM-DD), default harvest day (MM-DD)]. `null`: NMI gives no figure.
 */
export type BrpFiguresRow = readonly [
  code: number,
  nameNmi: string,
  yieldDryMatter: number | null,
  dryMatterContent: number | null,
  harvestIndex: number | null,
  nitrogenContentHarvest: number | null,
  nitrogenContentResidue: number | null,
  nitrogenFixation: number | null,
  effectiveOrganicMatter: number | null,
  effectiveOrganicMatterResidue: number | null,
  harvestCategory: HarvestCategory | null,
  isRustgewas: boolean | null,
  varietyOptions: readonly string[],
  defaultSowingDate: string | null,
  defaultHarvestDate: string | null,
];

/**
 * One NMI fertilizer (srm or baat; NMI, fdm-data catalogues, MIT). Contents in g per kg of product,
 * `ammoniaEmissionFactor` as a fraction, `density` in kg per litre; `null` where NMI gives no figure.
 * `amountUnit` is the unit NMI doses the product in (kg/ha, ton/ha, m3/ha, l/ha) or `null`.
 */
export interface NmiFertilizerRow {
  id: string;
  sourceId: string;
  nameNl: string;
  nameEn: string | null;
  typeRvo: Mestcode;
  isManure: boolean;
  isMineral: boolean;
  isCompost: boolean;
  amountUnit: string | null;
  dryMatter: number | null;
  n: number | null;
  nNh4: number | null;
  nNo3: number | null;
  nOrganic: number | null;
  p2o5: number | null;
  k2o: number | null;
  so3: number | null;
  mgo: number | null;
  cao: number | null;
  ammoniaEmissionFactor: number | null;
  organicMatter: number | null;
  effectiveOrganicMatter: number | null;
  density: number | null;
  applicationMethods: ApplicationMethods[];
}
