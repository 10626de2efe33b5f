import { describe, expect, it } from "vitest";
import { dependsOnOrigin, dierlijkeMestRow, fosfaatRow, variantRow } from "./engine/table-index.js";
import type { DierlijkeMestTableRow, FosfaatTableRow } from "./engine/table-types.js";
import { NORM_YEARS, rulesForYear } from "./registry.js";

// The indexes must give the row a first-match scan of the frozen table gives, for every
// input that can reach them, and reach every row of every year's tables.

/** The first phosphate row whose land use and inclusive bounds hold, scanned as RVO's table reads. */
function firstFosfaatRow(
  table: readonly FosfaatTableRow[],
  landUse: string,
  tenths: number,
  pAl: number,
) {
  return table.find(
    (r) =>
      r.landUse === landUse &&
      (r.pCaCl2MinTenths === null || tenths >= r.pCaCl2MinTenths) &&
      (r.pCaCl2MaxTenths === null || tenths <= r.pCaCl2MaxTenths) &&
      (r.pAlMin === null || pAl >= r.pAlMin) &&
      (r.pAlMax === null || pAl <= r.pAlMax),
  );
}

const meets = (condition: boolean | "any", value: boolean | undefined) =>
  condition === "any" || condition === value;

describe.each(NORM_YEARS)("the indexes of the %i tables", (year) => {
  const rules = rulesForYear(year, "test");

  it("keep the tables frozen", () => {
    fosfaatRow(rules.fosfaat, "grasland", 10, 30);
    expect(Object.isFrozen(rules.fosfaat)).toBe(true);
    expect(rules.fosfaat.every((row) => Object.isFrozen(row))).toBe(true);
    expect(Object.isFrozen(rules.dierlijkeMest)).toBe(true);
  });

  it("find the phosphate class a scan finds for every whole P-CaCl2 and P-AL, and reach every row", () => {
    const reached = new Set<FosfaatTableRow>();
    // One assertion over all cells: 24,000 expect calls took over 10 s on a loaded machine.
    const differ: string[] = [];
    let checked = 0;
    for (const landUse of ["grasland", "bouwland"] as const) {
      // P-CaCl2 0.0–10.0 mg P/kg in tenths and P-AL 0–120: past every bound of the table.
      for (let tenths = 0; tenths <= 100; tenths++) {
        for (let pAl = 0; pAl <= 120; pAl++) {
          const row = fosfaatRow(rules.fosfaat, landUse, tenths, pAl);
          if (row !== firstFosfaatRow(rules.fosfaat, landUse, tenths, pAl)) {
            differ.push(`${landUse} ${tenths} ${pAl}`);
          }
          if (row) reached.add(row);
          checked++;
        }
      }
    }
    expect(differ).toEqual([]);
    expect(checked).toBe(2 * 101 * 121);
    expect(reached.size).toBe(rules.fosfaat.length);
  });

  it("reads two hand-picked cells of RVO's grasland table", () => {
    // P-CaCl2 0.7 mg P/kg and P-AL 20: Arm, 120 kg P2O5/ha; P-CaCl2 3.5 and P-AL 60: Hoog, 75.
    expect(fosfaatRow(rules.fosfaat, "grasland", 7, 20)).toMatchObject({
      fosfaatklasse: "Arm",
      norm: 120,
    });
    expect(fosfaatRow(rules.fosfaat, "grasland", 35, 60)).toMatchObject({
      fosfaatklasse: "Hoog",
      norm: 75,
    });
  });

  it("find the dierlijke-mest row a scan finds for all 243 flag combinations, and reach every row", () => {
    const states = [true, false, undefined];
    const reached = new Set<DierlijkeMestTableRow>();
    let checked = 0;
    for (const hasDerogation of states)
      for (const isNatura2000 of states)
        for (const isGWBG of states)
          for (const isDerogatievrijeZone of states)
            for (const isNVGebied of states) {
              const flags = {
                hasDerogation,
                isNatura2000,
                isGWBG,
                isDerogatievrijeZone,
                isNVGebied,
              };
              const expected = rules.dierlijkeMest.find(
                (r) =>
                  meets(r.derogation, hasDerogation) &&
                  meets(r.natura2000, isNatura2000) &&
                  meets(r.gwbg, isGWBG) &&
                  meets(r.derogatievrijeZone, isDerogatievrijeZone) &&
                  meets(r.nvArea, isNVGebied),
              );
              const row = dierlijkeMestRow(rules.dierlijkeMest, flags);
              expect(row).toBe(expected);
              if (row) reached.add(row);
              checked++;
            }
    expect(checked).toBe(243);
    expect(reached.size).toBe(rules.dierlijkeMest.length);
  });

  it("find every variant of every Table-2 line, the first row of that variant", () => {
    let reached = 0;
    for (const rows of rules.lineByCode.values()) {
      for (const row of rows) {
        if (row.variant === null) continue;
        expect(variantRow(rows, row.variant)).toBe(rows.find((r) => r.variant === row.variant));
        reached++;
      }
      expect(variantRow(rows, "no such variant")).toBeUndefined();
    }
    expect(reached).toBeGreaterThan(0);
  });

  it("tell for every mestcode of Table 9 whether a sub-case names an origin", () => {
    for (const rows of rules.werkingscoefficienten.values()) {
      expect(dependsOnOrigin(rows)).toBe(rows.some((r) => r.herkomst !== null));
    }
    // Cattle slurry (14) depends on the origin in both years; kunstmest (115) is in no category.
    expect(dependsOnOrigin(rules.werkingscoefficienten.get(14) ?? [])).toBe(true);
  });
});
