import { describe, expect, it } from "vitest";
import {
  getStikstofGebruiksNorm,
  type NormsCultivation,
  type NormsFieldInput,
} from "../../../index.js";
import { crop, field } from "../test-fields.js";

// The 2026 catch-crop rule for grass (reference/nl-2026 README, rule 4): grass counts as a
// catch crop — so destroying it before maïs brings no graslandvernietiging korting of 65 —
// when its Table-2 line is a catch-crop line or it was sown in or after August 2025.
// Figures from reference/nl-2026/stikstof-norms-2026.csv: "Akkerbouwgewassen, mais" on
// zand_zuid 112 (standard column); maïs is marked is_winterteelt there, so no catch-crop
// reduction either.
const onSouthernSand = (cultivations: NormsCultivation[]): NormsFieldInput => ({
  fieldId: "f",
  area: 1,
  region: "zand_zuid",
  isNVGebied: false,
  hasGrazingIntention: false,
  isOrganicCertified: false,
  cultivations,
  applications: [],
});
const maize = crop("nl_259", "2026-04-20", "2026-10-01");

describe("2026: grass sown in or after August 2025 is a catch crop", () => {
  it("held-out case: grass sown 2025-09-01, destroyed 2026-04-01 before maïs on zand_zuid: 112", () => {
    const grass = crop("nl_265", "2025-09-01", "2026-04-01");
    const norm = getStikstofGebruiksNorm(2026, onSouthernSand([grass, maize]));
    expect(norm).toMatchObject({ tableValue: 112, korting: 0, normValue: 112 });
    expect(norm.explanation).toMatch(
      /grass nl_265 sown 2025-09-01, on or after 2025-08-01, counts as a catch crop/,
    );
  });

  it("from the first day of August 2025; grass sown on 31 July 2025 is grassland: 112 − 65 = 47", () => {
    const sown = (day: string) =>
      getStikstofGebruiksNorm(2026, onSouthernSand([crop("nl_265", day, "2026-04-01"), maize]));
    expect(sown("2025-08-01")).toMatchObject({ korting: 0, normValue: 112 });
    expect(sown("2025-07-31")).toMatchObject({
      korting: 65,
      kortingRule: "graslandvernietiging",
      normValue: 47,
    });
  });

  it("a declared grassPurpose still decides: grasland keeps the korting, vanggewas removes it", () => {
    const declared = (grassPurpose: NormsCultivation["grassPurpose"], sown: string) =>
      getStikstofGebruiksNorm(
        2026,
        onSouthernSand([crop("nl_265", sown, "2026-04-01", { grassPurpose }), maize]),
      );
    expect(declared("grasland", "2025-09-01")).toMatchObject({ korting: 65, normValue: 47 });
    expect(declared("vanggewas", "2025-05-01")).toMatchObject({ korting: 0, normValue: 112 });
  });

  it("is a 2026 rule: in 2025 grass sown in August 2024 before maïs still brings the 65", () => {
    // reference/nl-2025/stikstof-norms-2025.csv: maïs non-derogatie on zand_zuid 112.
    const norm = getStikstofGebruiksNorm(
      2025,
      field({
        region: "zand_zuid",
        cultivations: [
          crop("nl_265", "2024-09-01", "2025-04-01"),
          crop("nl_259", "2025-04-20", "2025-10-01"),
        ],
      }),
    );
    expect(norm).toMatchObject({ tableValue: 112, korting: 65, normValue: 47 });
  });

  it("the year-taking function gives the same figure", () => {
    const grass = crop("nl_265", "2025-09-01", "2026-04-01");
    expect(getStikstofGebruiksNorm(2026, onSouthernSand([grass, maize])).normValue).toBe(112);
  });
});
