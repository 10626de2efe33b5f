import { readdirSync } from "node:fs";
import { getCultivationCatalogue, getFertilizersCatalogue } from "fdm-data";
import { describe, expect, it } from "vitest";
import { BRP_GEWASCODES, MESTCODES } from "./catalogue-codes.js";
import { brpCode, mestcode } from "./input.js";
import { STIKSTOF_TABLE_2025 } from "./stikstof-data.js";
import { WERKINGSCOEFFICIENTEN_2025 } from "./werkingscoefficienten-data.js";

describe("codes come from fdm-data only", () => {
  it("keeps no BRP or mestcode list of its own in the 2025 norms", () => {
    const files = readdirSync(new URL(".", import.meta.url));
    expect(files).not.toContain("brp-data.ts");
    expect(files).not.toContain("mestcodes-data.ts");
  });

  it("knows exactly the crops of the brp catalogue, by code and name", () => {
    const brp = getCultivationCatalogue("brp");
    expect([...BRP_GEWASCODES]).toEqual(brp.map((item) => [item.sourceCode, item.sourceName]));
    expect(brpCode("nl_7195", "f")).toBe(7195);
    expect(() => brpCode("nl_1", "f")).toThrow(
      'cultivation "nl_1" is not a BRP gewascode of the cultivation catalogue',
    );
  });

  it("reads Table 11 from the rvo catalogue: name, animal manure and forfaitaire contents", () => {
    expect(MESTCODES.size).toBe(getFertilizersCatalogue("rvo").length);
    // RVO Table 11 (2025): Varkens - Drijfmest vleesvarkens, 6.4 kg N and 3.8 kg P2O5 per ton.
    expect(mestcode(50, "f", "application 1")).toEqual({
      code: 50,
      description: "Varkens - Drijfmest vleesvarkens",
      isDierlijkeMest: true,
      nForfaitair: 6.4,
      p2o5Forfaitair: 3.8,
    });
    expect(() => mestcode(99_999, "f", "application 1")).toThrow(
      "has typeRvo 99999, which is not an RVO mestcode of Table 11",
    );
  });

  it("keys every norm figure by a code that fdm-data lists", () => {
    for (const row of STIKSTOF_TABLE_2025) {
      for (const code of row.brpCodes) expect(BRP_GEWASCODES.has(code), `nl_${code}`).toBe(true);
    }
    for (const row of WERKINGSCOEFFICIENTEN_2025) {
      for (const code of row.mestcodes) {
        // Code 24 is listed in Table 9 (2025) but has no row in Table 11: a known quirk of RVO's tables.
        if (code === 24) continue;
        expect(MESTCODES.has(code), `mestcode ${code}`).toBe(true);
      }
    }
  });
});
