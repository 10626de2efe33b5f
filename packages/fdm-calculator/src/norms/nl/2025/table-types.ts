// The generated data modules of this folder (scripts/generate-nl-2025-data.ts) import their row
// shapes from here; the shapes belong to the year-neutral engine.
export type {
  DierlijkeMestTableRow,
  FlagCondition,
  FosfaatTableRow,
  MestcodeRow,
  StikstofRegionFigures,
  StikstofTableRow,
  WerkingscoefficientRow,
} from "../engine/table-types.js";
