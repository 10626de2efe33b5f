// Runs in a worker thread of the calculation pool (calculation-pool.ts): computes a farm's
// figures from the input the main thread read, and writes the answer's JSON, so neither holds
// up the requests the main thread serves meanwhile. It never touches the database, and loads
// fdm-calculator's entry without it ("fdm-calculator/pure"), so a thread starts quickly.
import {
  calculateDose,
  calculateGebruiksnormenForFarm,
  calculateNitrogenBalance,
  calculateOrganicMatterBalance,
  type DoseInput,
  FdmCalculatorError,
  type NitrogenBalanceInput,
  type NormsFieldInput,
  type OrganicMatterBalanceInput,
} from "fdm-calculator/pure";
import { Tinypool } from "tinypool";

/** What a worker computes: the calculation and its input, as the collectors return it. */
export type CalculationTask =
  | { kind: "norms"; year: number; input: NormsFieldInput[] }
  | { kind: "nitrogen-balance"; input: NitrogenBalanceInput }
  | { kind: "organic-matter-balance"; input: OrganicMatterBalanceInput }
  | { kind: "dose"; input: DoseInput };

/** An fdm-calculator error, as plain data: an Error's own properties do not cross threads. */
export interface CalculationFailure {
  code: string;
  message: string;
  fieldId: string | null;
  year: number | null;
}

function compute(task: CalculationTask): unknown {
  switch (task.kind) {
    case "norms":
      return calculateGebruiksnormenForFarm(task.year, task.input);
    case "nitrogen-balance":
      return calculateNitrogenBalance(task.input);
    case "organic-matter-balance":
      return calculateOrganicMatterBalance(task.input);
    case "dose":
      return calculateDose(task.input);
  }
}

/**
 * Computes a task and returns its answer as UTF-8 JSON, moved (not copied) to the main thread;
 * an fdm-calculator error comes back as {@link CalculationFailure}, anything else is thrown.
 *
 * @param task - The calculation and its input.
 * @returns The JSON bytes, or the calculator's refusal.
 * @throws Whatever is not an fdm-calculator error (a bug): the pool rejects the task with it.
 */
export default function run(task: CalculationTask): Uint8Array | CalculationFailure {
  let result: unknown;
  try {
    result = compute(task);
  } catch (err) {
    if (err instanceof FdmCalculatorError) {
      return { code: err.code, message: err.message, fieldId: err.fieldId, year: err.year };
    }
    throw err;
  }
  const bytes = new TextEncoder().encode(JSON.stringify(result));
  return Tinypool.move(bytes) as unknown as Uint8Array;
}
