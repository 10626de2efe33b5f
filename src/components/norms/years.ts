import type { NormYear } from "./types";

/**
 * The years with a norm calculator, each loaded on demand with the calculator
 * code it needs (fdm-calculator, fdm-data): one line and one module per year.
 */
export const normYears: Record<number, () => Promise<NormYear>> = {
  2025: () => import("./nl2025").then((m) => m.nl2025),
  2026: () => import("./nl2026").then((m) => m.nl2026),
};
