/**
 * fdm-calculator's calculations without the database (`import … from "fdm-calculator/pure"`):
 * the functions that take plain input and return figures — the gebruiksnormen by year, the
 * nitrogen and organic-matter balances and the dose — and the error they throw. It loads
 * neither fdm-core nor a database driver, so a worker thread or another process that computes
 * what a collector read elsewhere starts quickly and stays small. Every name here is also
 * exported by the main entry, with the same documentation.
 *
 * @packageDocumentation
 */

export { calculateNitrogenBalance } from "./balance/nitrogen/nitrogen-balance.js";
export type { NitrogenBalance, NitrogenBalanceInput } from "./balance/nitrogen/types.js";
export { calculateOrganicMatterBalance } from "./balance/organic-matter/organic-matter-balance.js";
export type {
  OrganicMatterBalance,
  OrganicMatterBalanceInput,
} from "./balance/organic-matter/types.js";
export { calculateDose, type Dose, type DoseInput } from "./dose.js";
export { FdmCalculatorError, type FdmCalculatorErrorCode } from "./errors.js";
export type { FarmGebruiksnormen } from "./norms/nl/engine/farm.js";
export type { NormsFieldInput } from "./norms/nl/engine/types.js";
export { calculateGebruiksnormenForFarm, getNormYears } from "./norms/nl/norms.js";
