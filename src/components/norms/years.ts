import type { NormYear } from "./types";

/**
 * The calculator form's view of a year, loaded on demand with the calculator code it
 * needs (fdm-calculator, fdm-data): one module for every year (nl.ts). Which years there
 * are is fdm-calculator's registry (`getNormYears`), so a year the calculator gains has a
 * form with no line here; a year it does not know resolves to `null`.
 */
export async function loadNormYear(year: number): Promise<NormYear | null> {
  const nl = await import("./nl");
  return nl.normYears().includes(year) ? nl.normYear(year) : null;
}
