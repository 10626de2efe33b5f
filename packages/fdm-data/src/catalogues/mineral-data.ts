import type { FertilizerComposition } from "../types.js";

/** One mineral fertilizer as FDM encodes it before it becomes a catalogue item. */
export interface MineralFertilizerRow {
  /** The part of the id after `mineral_`. */
  key: string;
  nameNl: string;
  nameEn: string;
  form: "solid" | "liquid";
  /** Declared contents in % of product mass; converted to g/kg (× 10) for the catalogue. */
  percent: Partial<Record<keyof FertilizerComposition, number>>;
}

/**
 * Common straight and compound mineral fertilizers at the nutrient contents
 * declared for their usual commercial grade. The fertilizer types themselves
 * are those of Regulation (EC) No 2003/2003, Annex I (the EC fertiliser
 * designations); a content the grade does not declare is left `null`.
 */
export const mineralFertilizerRows: readonly MineralFertilizerRow[] = [
  {
    key: "can27",
    nameNl: "Kalkammonsalpeter (KAS) 27% N",
    nameEn: "Calcium ammonium nitrate 27% N",
    form: "solid",
    percent: { n: 27 },
  },
  {
    key: "an33",
    nameNl: "Ammonsalpeter 33,5% N",
    nameEn: "Ammonium nitrate 33.5% N",
    form: "solid",
    percent: { n: 33.5 },
  },
  { key: "urea", nameNl: "Ureum 46% N", nameEn: "Urea 46% N", form: "solid", percent: { n: 46 } },
  {
    key: "as21",
    nameNl: "Zwavelzure ammoniak 21% N + 60% SO3",
    nameEn: "Ammonium sulphate 21% N + 60% SO3",
    form: "solid",
    percent: { n: 21, so3: 60 },
  },
  {
    key: "uan30",
    nameNl: "Ureum-ammoniumnitraatoplossing 30% N",
    nameEn: "Urea ammonium nitrate solution 30% N",
    form: "liquid",
    percent: { n: 30 },
  },
  {
    key: "tsp45",
    nameNl: "Tripelsuperfosfaat 45% P2O5",
    nameEn: "Triple superphosphate 45% P2O5",
    form: "solid",
    percent: { p2o5: 45 },
  },
  {
    key: "dap",
    nameNl: "Diammoniumfosfaat 18-46-0",
    nameEn: "Diammonium phosphate 18-46-0",
    form: "solid",
    percent: { n: 18, p2o5: 46 },
  },
  {
    key: "kcl60",
    nameNl: "Kaliumchloride 60% K2O",
    nameEn: "Potassium chloride (muriate of potash) 60% K2O",
    form: "solid",
    percent: { k2o: 60 },
  },
  {
    key: "sop50",
    nameNl: "Kaliumsulfaat 50% K2O + 45% SO3",
    nameEn: "Potassium sulphate 50% K2O + 45% SO3",
    form: "solid",
    percent: { k2o: 50, so3: 45 },
  },
  {
    key: "npk151515",
    nameNl: "NPK 15-15-15",
    nameEn: "Compound fertilizer NPK 15-15-15",
    form: "solid",
    percent: { n: 15, p2o5: 15, k2o: 15 },
  },
  {
    key: "kieserite",
    nameNl: "Kieseriet 25% MgO + 50% SO3",
    nameEn: "Kieserite 25% MgO + 50% SO3",
    form: "solid",
    percent: { mgo: 25, so3: 50 },
  },
];
