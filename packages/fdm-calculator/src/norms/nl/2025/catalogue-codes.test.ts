import { readdirSync } from "node:fs";
import { getCultivationCatalogue, getFertilizersCatalogue } from "fdm-data";
import { describe, expect, it } from "vitest";
import { RULES_2026 } from "../2026/rules.js";
import { STIKSTOF_TABLE_2026 } from "../2026/stikstof-data.js";
import { WERKINGSCOEFFICIENTEN_2026 } from "../2026/werkingscoefficienten-data.js";
import { BRP_GEWASCODES, MESTCODES } from "../engine/catalogue-codes.js";
import { brpCode, mestcode } from "../engine/input.js";
import { RULES_2025 } from "./rules.js";
import { STIKSTOF_TABLE_2025 } from "./stikstof-data.js";
import { WERKINGSCOEFFICIENTEN_2025 } from "./werkingscoefficienten-data.js";

describe("codes come from fdm-data only", () => {
  it("keeps no BRP or mestcode list of its own in the 2025 or 2026 norms", () => {
    for (const dir of [".", "../2026/"]) {
      const files = readdirSync(new URL(dir, import.meta.url));
      expect(files, dir).not.toContain("brp-data.ts");
      expect(files, dir).not.toContain("mestcodes-data.ts");
    }
  });

  it("knows exactly the crops of the brp catalogue, by code and name", () => {
    const brp = getCultivationCatalogue("brp");
    expect([...BRP_GEWASCODES]).toEqual(brp.map((item) => [item.sourceCode, item.sourceName]));
    expect(brpCode("nl_7195", "f", RULES_2025)).toBe(7195);
    expect(() => brpCode("nl_1", "f", RULES_2025)).toThrow(
      'cultivation "nl_1" is not a BRP gewascode of the cultivation catalogue',
    );
  });

  it("reads Table 11 from the rvo catalogue: name, animal manure and forfaitaire contents", () => {
    expect(MESTCODES.size).toBe(getFertilizersCatalogue("rvo").length);
    // Each year holds the codes of its own Table 11: 58 in 2025, and all of them from 2026.
    expect(RULES_2025.mestcodes.size).toBe(58);
    expect([...RULES_2026.mestcodes.keys()]).toEqual([...MESTCODES.keys()]);
    // RVO Table 11 (2025): Varkens - Drijfmest vleesvarkens, 6.4 kg N and 3.8 kg P2O5 per ton.
    expect(mestcode(50, "f", "application 1", RULES_2025)).toEqual({
      code: 50,
      description: "Varkens - Drijfmest vleesvarkens",
      isDierlijkeMest: true,
      nForfaitair: 6.4,
      p2o5Forfaitair: 3.8,
      isRenure: false,
    });
    expect(() => mestcode(99_999, "f", "application 1", RULES_2025)).toThrow(
      "has typeRvo 99999, which is not an RVO mestcode of Table 11",
    );
    // A code as text, as fdm-core gave it in 1.0.0: the message says it got a string.
    expect(messageOf(() => mestcode("14", "f", "application 1", RULES_2025))).toBe(
      'Field "f": application 1 has typeRvo "14" (a string; give the number 14)',
    );
    expect(messageOf(() => mestcode("kunstmest", "f", "application 1", RULES_2025))).toBe(
      'Field "f": application 1 has typeRvo "kunstmest" (a string); it must be an RVO mestcode of Table 11 as a number, e.g. 14',
    );
    expect(messageOf(() => mestcode(undefined, "f", "application 1", RULES_2025))).toBe(
      'Field "f": application 1 has typeRvo undefined; it must be an RVO mestcode of Table 11 as a number, e.g. 14',
    );
    // A number that is no code is printed as the number; 130 is a code from 2026 only.
    expect(messageOf(() => mestcode(130, "f", "application 1", RULES_2025))).toBe(
      'Field "f": application 1 has typeRvo 130, which is not an RVO mestcode of Table 11 (Uitvoeringsregeling Meststoffenwet) for 2025',
    );
  });

  it("names the 2026 crops and mestcodes from fdm-data, also the BRP codes new in 2026", () => {
    // RVO's 2026 Table 2 puts the BRP codes 7136, 7139 and 7193–7197 on its lines.
    expect(RULES_2026.cropName(7195)).toBe("bosui");
    expect(RULES_2026.cropName(7136)).toBe("anna paulowna");
    expect(RULES_2026.cropName(1)).toBeUndefined();
    expect(brpCode("nl_7197", "f", RULES_2026)).toBe(7197);
    expect(RULES_2026.mestcodes.get(130)).toEqual({
      code: 130,
      description: "Ammoniumsulfaat (Renure)",
      isDierlijkeMest: false,
      nForfaitair: null,
      p2o5Forfaitair: null,
      isRenure: true,
    });
    expect(RULES_2026.mestcodes.get(50)?.isRenure).toBe(false);
    expect([...RULES_2026.mestcodes.values()].filter((m) => m.isRenure).map((m) => m.code)).toEqual(
      [130, 131, 132, 133, 134],
    );
    // Table 11 of 2025: 58 codes, no RENURE products.
    expect(RULES_2025.mestcodes.size).toBe(58);
    expect(RULES_2025.mestcodes.has(130)).toBe(false);
    expect([...RULES_2025.mestcodes.values()].some((m) => m.isRenure)).toBe(false);
  });

  it("keys every norm figure by a code that fdm-data lists", () => {
    for (const row of [...STIKSTOF_TABLE_2025, ...STIKSTOF_TABLE_2026]) {
      for (const code of row.brpCodes) expect(BRP_GEWASCODES.has(code), `nl_${code}`).toBe(true);
    }
    for (const row of [...WERKINGSCOEFFICIENTEN_2025, ...WERKINGSCOEFFICIENTEN_2026]) {
      for (const code of row.mestcodes) {
        // Code 24 is listed in Table 9 (2025, 2026) but has no row in Table 11: a known quirk of RVO's tables.
        if (code === 24) continue;
        expect(MESTCODES.has(code), `mestcode ${code}`).toBe(true);
      }
    }
  });
});

/** The message of what `f` throws. */
function messageOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return "(nothing thrown)";
}
