/**
 * Indexes of a year's frozen tables, built once per table and kept beside it
 * in a WeakMap: the tables stay deep-frozen, and a field looks its row up
 * instead of scanning the table. V8 does not inline `find` or `some` on a
 * frozen array (it measured 4–12 times slower than on a plain one), and the
 * phosphate-class scan alone was a tenth of a farm's time.
 *
 * Each index gives exactly the row the table's first-match scan gives: it is
 * built by running that scan once for every case that can differ.
 */
import type {
  DierlijkeMestTableRow,
  FosfaatTableRow,
  StikstofTableRow,
  WerkingscoefficientRow,
} from "./table-types.js";

/** Rounds half up to a whole number; the small margin absorbs binary fractions such as 14.499999999999998. */
export const roundHalfUp = (value: number) => Math.floor(value + 0.5 + 1e-9);

/** The first row, in table order, whose land use and (rounded) P-CaCl2 and P-AL bounds hold: the scan the index replaces. */
function scanFosfaatTable(
  table: readonly FosfaatTableRow[],
  landUse: FosfaatTableRow["landUse"],
  cacl2Tenths: number,
  pAl: number,
): FosfaatTableRow | undefined {
  for (const r of table) {
    if (
      r.landUse === landUse &&
      (r.pCaCl2MinTenths === null || cacl2Tenths >= r.pCaCl2MinTenths) &&
      (r.pCaCl2MaxTenths === null || cacl2Tenths <= r.pCaCl2MaxTenths) &&
      (r.pAlMin === null || pAl >= r.pAlMin) &&
      (r.pAlMax === null || pAl <= r.pAlMax)
    ) {
      return r;
    }
  }
  return undefined;
}

/**
 * The phosphate class table as a grid: each axis cut where a bound of a row
 * starts or ends, so every whole number in one cell meets the same bounds.
 */
interface FosfaatGrid {
  /** The P-CaCl2 cuts (tenths), ascending: cell i holds values from cut i − 1 up to below cut i. */
  cacl2Cuts: number[];
  /** The P-AL cuts, ascending. */
  pAlCuts: number[];
  /** The row of each cell by land use, `cacl2Cell * (pAlCuts.length + 1) + pAlCell`; `null` where no row holds. */
  cells: Record<FosfaatTableRow["landUse"], (FosfaatTableRow | null)[]>;
}

/** The cell of `value` on an axis: how many cuts are at or below it. */
function cellOf(cuts: readonly number[], value: number): number {
  let low = 0;
  let high = cuts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((cuts[middle] as number) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The ascending, distinct cuts of one axis: each lower bound, and each upper bound + 1 (bounds are inclusive). */
function cutsOf(bounds: readonly (readonly [number | null, number | null])[]): number[] {
  const cuts = new Set<number>();
  for (const [min, max] of bounds) {
    if (min !== null) cuts.add(min);
    if (max !== null) cuts.add(max + 1);
  }
  return [...cuts].sort((a, b) => a - b);
}

/** A whole number in cell `i` of an axis: its lower cut, or one below the first cut. */
const sampleOf = (cuts: readonly number[], i: number) =>
  i === 0 ? (cuts[0] ?? 0) - 1 : (cuts[i - 1] as number);

const FOSFAAT_GRIDS = new WeakMap<readonly FosfaatTableRow[], FosfaatGrid>();

function fosfaatGrid(table: readonly FosfaatTableRow[]): FosfaatGrid {
  let grid = FOSFAAT_GRIDS.get(table);
  if (grid !== undefined) return grid;
  const cacl2Cuts = cutsOf(table.map((r) => [r.pCaCl2MinTenths, r.pCaCl2MaxTenths] as const));
  const pAlCuts = cutsOf(table.map((r) => [r.pAlMin, r.pAlMax] as const));
  const cells: FosfaatGrid["cells"] = { grasland: [], bouwland: [] };
  for (const landUse of ["grasland", "bouwland"] as const) {
    for (let i = 0; i <= cacl2Cuts.length; i++) {
      for (let j = 0; j <= pAlCuts.length; j++) {
        const row = scanFosfaatTable(table, landUse, sampleOf(cacl2Cuts, i), sampleOf(pAlCuts, j));
        cells[landUse].push(row ?? null);
      }
    }
  }
  grid = { cacl2Cuts, pAlCuts, cells };
  FOSFAAT_GRIDS.set(table, grid);
  return grid;
}

/**
 * The phosphate class row for a land use and the rounded soil figures: the
 * first row of `table` whose bounds hold, as {@link scanFosfaatTable} finds it,
 * looked up in a grid built once per table.
 *
 * @param table - A year's phosphate class table (frozen; it is not changed).
 * @param landUse - `grasland` or `bouwland`.
 * @param cacl2Tenths - P-CaCl2 in tenths of mg P/kg, rounded to a whole number.
 * @param pAl - P-AL in mg P2O5/100 g, rounded to a whole number.
 * @returns The row, or `undefined` when no row holds.
 */
export function fosfaatRow(
  table: readonly FosfaatTableRow[],
  landUse: FosfaatTableRow["landUse"],
  cacl2Tenths: number,
  pAl: number,
): FosfaatTableRow | undefined {
  // The grid's cells hold for whole numbers only; anything else takes the scan.
  if (!Number.isInteger(cacl2Tenths) || !Number.isInteger(pAl)) {
    return scanFosfaatTable(table, landUse, cacl2Tenths, pAl);
  }
  const grid = fosfaatGrid(table);
  const cell =
    cellOf(grid.cacl2Cuts, cacl2Tenths) * (grid.pAlCuts.length + 1) + cellOf(grid.pAlCuts, pAl);
  return grid.cells[landUse][cell] ?? undefined;
}

/** The flags of a field that the dierlijke-mest table's rows test. */
export interface DierlijkeMestFlags {
  hasDerogation?: boolean;
  isNatura2000?: boolean;
  isGWBG?: boolean;
  isDerogatievrijeZone?: boolean;
  isNVGebied?: boolean;
}

const holds = (condition: DierlijkeMestTableRow["derogation"], value: boolean | undefined) =>
  condition === "any" || condition === value;

/** The first row, in priority order, whose flag conditions hold: the scan the index replaces. */
function scanDierlijkeMestTable(
  table: readonly DierlijkeMestTableRow[],
  flags: DierlijkeMestFlags,
): DierlijkeMestTableRow | undefined {
  for (const r of table) {
    if (
      holds(r.derogation, flags.hasDerogation) &&
      holds(r.natura2000, flags.isNatura2000) &&
      holds(r.gwbg, flags.isGWBG) &&
      holds(r.derogatievrijeZone, flags.isDerogatievrijeZone) &&
      holds(r.nvArea, flags.isNVGebied)
    ) {
      return r;
    }
  }
  return undefined;
}

/** A flag as one of three states: `true`, `false`, or absent (only an "any" condition holds then). */
const stateOf = (value: boolean | undefined) => (value === true ? 0 : value === false ? 1 : 2);
const STATES = [true, false, undefined] as const;

const DIERLIJKE_MEST_CASES = new WeakMap<
  readonly DierlijkeMestTableRow[],
  (DierlijkeMestTableRow | null)[]
>();

/** The row of each of the 3^5 flag combinations, by {@link stateOf} digits in base 3. */
function dierlijkeMestCases(table: readonly DierlijkeMestTableRow[]) {
  let cases = DIERLIJKE_MEST_CASES.get(table);
  if (cases !== undefined) return cases;
  cases = [];
  for (let key = 0; key < 243; key++) {
    const digit = (place: number) => STATES[Math.floor(key / 3 ** place) % 3];
    const row = scanDierlijkeMestTable(table, {
      hasDerogation: digit(4),
      isNatura2000: digit(3),
      isGWBG: digit(2),
      isDerogatievrijeZone: digit(1),
      isNVGebied: digit(0),
    });
    cases.push(row ?? null);
  }
  DIERLIJKE_MEST_CASES.set(table, cases);
  return cases;
}

/**
 * The dierlijke-mest-gebruiksnorm row of a field's flags: the first row of
 * `table` whose conditions hold, as {@link scanDierlijkeMestTable} finds it,
 * looked up among the 243 flag combinations worked out once per table.
 *
 * @param table - A year's dierlijke-mest table in priority order (frozen; it is not changed).
 * @param flags - The field's flags; an absent flag meets only an "any" condition.
 * @returns The row, or `undefined` when no row holds.
 */
export function dierlijkeMestRow(
  table: readonly DierlijkeMestTableRow[],
  flags: DierlijkeMestFlags,
): DierlijkeMestTableRow | undefined {
  const key =
    stateOf(flags.hasDerogation) * 81 +
    stateOf(flags.isNatura2000) * 27 +
    stateOf(flags.isGWBG) * 9 +
    stateOf(flags.isDerogatievrijeZone) * 3 +
    stateOf(flags.isNVGebied);
  return dierlijkeMestCases(table)[key] ?? undefined;
}

const VARIANTS = new WeakMap<readonly StikstofTableRow[], Map<string | null, StikstofTableRow>>();

/**
 * The row of a Table-2 line with the given variant: the first of `rows` with
 * that variant, from a map built once per line.
 *
 * @param rows - The rows of one Table-2 line (frozen; they are not changed).
 * @param variant - The variant's name.
 * @returns The row, or `undefined` when the line has no such variant.
 */
export function variantRow(
  rows: readonly StikstofTableRow[],
  variant: string,
): StikstofTableRow | undefined {
  let byVariant = VARIANTS.get(rows);
  if (byVariant === undefined) {
    byVariant = new Map();
    for (const row of rows) if (!byVariant.has(row.variant)) byVariant.set(row.variant, row);
    VARIANTS.set(rows, byVariant);
  }
  return byVariant.get(variant);
}

const ORIGIN_DEPENDENT = new WeakMap<readonly WerkingscoefficientRow[], boolean>();

/**
 * Whether a mestcode's Table-9 sub-cases depend on the origin of the manure
 * (`eigen_bedrijf` or `aangevoerd`), worked out once per list of sub-cases.
 *
 * @param rows - The Table-9 sub-cases of one mestcode (frozen; they are not changed).
 * @returns `true` when at least one sub-case names an origin.
 */
export function dependsOnOrigin(rows: readonly WerkingscoefficientRow[]): boolean {
  let depends = ORIGIN_DEPENDENT.get(rows);
  if (depends === undefined) {
    depends = false;
    for (const row of rows) if (row.herkomst !== null) depends = true;
    ORIGIN_DEPENDENT.set(rows, depends);
  }
  return depends;
}
