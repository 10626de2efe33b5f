import { getNormYears } from "fdm-calculator";
import { describe, expect, it } from "vitest";
import { normYears } from "../../src/components/norms/nl";
import { loadNormYear } from "../../src/components/norms/years";

// The norm calculator's years are fdm-calculator's registry: a year the calculator gains has a
// form without a line of the site's code, and a year it does not know has none.

describe("the norm calculator's years", () => {
  it("are the years fdm-calculator has rules for", () => {
    expect(normYears()).toEqual(getNormYears());
    expect(normYears().length).toBeGreaterThan(0);
  });

  it("loads the form of every such year, with that year's norms", async () => {
    for (const year of getNormYears()) {
      const loaded = await loadNormYear(year);
      expect(loaded?.year).toBe(year);
      expect(loaded?.kinds).toEqual(
        expect.arrayContaining(["stikstof", "fosfaat", "dierlijke-mest"]),
      );
    }
  });

  it("has no form for a year without rules", async () => {
    const before = Math.min(...getNormYears()) - 1;
    expect(await loadNormYear(before)).toBeNull();
  });
});
