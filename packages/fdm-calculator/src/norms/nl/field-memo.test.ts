import { describe, expect, it } from "vitest";
import { calculateGebruiksnormenForFarm, getFosfaatGebruiksNorm } from "../../index.js";
import { FIELD_MEMO_NODES, fieldMemo } from "./engine/text-memo.js";
import { crop, field } from "./test-fields.js";

// The per-field functions share one memo of explanation texts in the process (bounded, renewed
// when full). A text must always be the one its own field's values give.

describe("the texts of fields computed one by one", () => {
  it("name each field's own year, crop and soil figures, also after the memo has started anew", () => {
    let fields = 0;
    for (const year of [2025, 2026]) {
      for (const [id, landUse] of [
        ["nl_265", "grasland"],
        ["nl_259", "bouwland"],
      ] as const) {
        for (let tenths = 0; tenths < 64; tenths++) {
          for (let pAl = 1; pAl <= 64; pAl++) {
            const pCaCl2 = tenths / 10;
            const norm = getFosfaatGebruiksNorm(
              year,
              field({
                cultivations: [crop(id, `${year - 5}-01-01`)],
                soilPhosphate: { pCaCl2, pAl },
              }),
            );
            const text = norm.explanation;
            fields++;
            // One check per field, so that 16,384 fields stay quick.
            if (
              !text.startsWith(`hoofdteelt ${id} `) ||
              !text.includes(`July ${year}, so ${landUse}; P-CaCl2 ${pCaCl2} rounds to `) ||
              !text.includes(` and P-AL ${pAl} to ${pAl} mg P2O5/100 g: `) ||
              !text.endsWith(`(RVO Tabel fosfaatgebruiksnormen ${year})`)
            ) {
              expect.fail(`${year} ${id} P-CaCl2 ${pCaCl2} P-AL ${pAl}: ${text}`);
            }
          }
        }
      }
    }
    // More distinct texts than the memo holds, so it has started anew at least once.
    expect(fields).toBeGreaterThan(FIELD_MEMO_NODES);
  });

  it("are the texts the farm function gives the same field", () => {
    const input = field({
      region: "zand_zuid",
      cultivations: [crop("nl_259", "2025-05-01", "2025-10-01")],
      soilPhosphate: { pCaCl2: 1.25, pAl: 33 },
    });
    const alone = getFosfaatGebruiksNorm(2025, input).explanation;
    const inFarm = calculateGebruiksnormenForFarm(2025, [input]).fields[0]?.fosfaat.norm
      .explanation;
    expect(alone).toBe(inFarm);
    // reference/nl-2025: BRP 259 "mais, snij-"; 61 days from 15 May to 15 July; bouwland,
    // P-CaCl2 0.8–1.4 and P-AL up to 45: Arm, 120.
    expect(alone).toBe(
      "hoofdteelt nl_259 (mais, snij-) covers 61 days of 15 May–15 July 2025, so bouwland; P-CaCl2 1.25 rounds to 1.3 mg P/kg and P-AL 33 to 33 mg P2O5/100 g: fosfaatklasse Arm, 120 kg P2O5/ha (RVO Tabel fosfaatgebruiksnormen 2025)",
    );
  });
});

describe("the memo of the per-field functions", () => {
  it("holds at most its bound of nodes, then starts anew", () => {
    const first = fieldMemo();
    // Fill what is left of the budget with distinct paths (64 keys a step at most).
    for (let a = 0; !first.isSpent(); a++) {
      for (let b = 0; b < 63 && !first.isSpent(); b++) first.at(`memo test ${a}`).at(b).keep("x");
    }
    const next = fieldMemo();
    expect(next).not.toBe(first);
    expect(next.isSpent()).toBe(false);
  });
});
