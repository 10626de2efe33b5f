import type { NormYear } from "./types";

/**
 * The years with a norm calculator, each loaded on demand with the calculator
 * code it needs (fdm-calculator, fdm-data). 2026 is added here as one line and
 * one module like nl2025.ts.
 */
export const normYears: Record<number, () => Promise<NormYear>> = {
  2025: () => import("./nl2025").then((m) => m.nl2025),
};
