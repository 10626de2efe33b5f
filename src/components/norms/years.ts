import type { NormYear } from "./types";

/**
 * The years with a norm calculator, loaded on demand with the calculator code
 * they need (fdm-calculator, fdm-data): one module for every year (nl.ts), one
 * line per year here.
 */
export const normYears: Record<number, () => Promise<NormYear>> = {
  2025: () => import("./nl").then((m) => m.normYear(2025)),
  2026: () => import("./nl").then((m) => m.normYear(2026)),
};
