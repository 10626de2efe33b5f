import { describe, expect, it } from "vitest";
import type { DerogationFlags, NormsFieldInput } from "../engine/types.js";
import { getDierlijkeMestGebruiksNorm } from "../norms.js";
import { crop, field } from "../test-fields.js";

const norm = (overrides: Partial<NormsFieldInput & DerogationFlags>) =>
  getDierlijkeMestGebruiksNorm(
    2025,
    field({ cultivations: [crop("nl_265", "2010-01-01")], ...overrides }),
  );

// RVO dierlijke-mest-gebruiksnorm 2025, rows in priority order.
describe("dierlijke-mest-gebruiksnorm", () => {
  it("170 without derogatie, also in NV-gebied and GWBG", () => {
    expect(norm({ hasDerogation: false })).toMatchObject({
      normValue: 170,
      unit: "kg N/ha",
      label: "Standaard - geen derogatie",
    });
    expect(norm({ hasDerogation: false, isNVGebied: true }).normValue).toBe(170);
    expect(norm({ hasDerogation: false, isGWBG: true }).normValue).toBe(170);
  });
  it("200 with derogatie outside NV-gebied", () => {
    expect(norm({ hasDerogation: true })).toMatchObject({ normValue: 200, label: "Derogatie" });
  });
  it("190 with derogatie in NV-gebied", () => {
    expect(norm({ hasDerogation: true, isNVGebied: true })).toMatchObject({
      normValue: 190,
      label: "Derogatie - NV Gebied",
    });
  });
  it("170 with derogatie in a grondwaterbeschermingsgebied, in or out of NV-gebied", () => {
    expect(norm({ hasDerogation: true, isGWBG: true })).toMatchObject({
      normValue: 170,
      label: "Derogatie - Grondwaterbeschermingsgebied",
    });
    expect(norm({ hasDerogation: true, isGWBG: true, isNVGebied: true }).normValue).toBe(170);
  });
  it("170 with derogatie near Natura 2000, which comes before GWBG", () => {
    expect(norm({ hasDerogation: true, isNatura2000: true, isGWBG: true })).toMatchObject({
      normValue: 170,
      label: "Derogatie - Natura2000 Gebied",
    });
  });
  it("170 with derogatie in a derogatievrije zone", () => {
    expect(
      norm({ hasDerogation: true, isDerogatievrijeZone: true, isNVGebied: true }),
    ).toMatchObject({ normValue: 170, label: "Derogatie - Derogatie-vrije zone" });
  });
  it("does not depend on the crop or region", () => {
    expect(
      norm({
        hasDerogation: true,
        region: "zand_zuid",
        cultivations: [crop("nl_2014", "2025-04-01")],
      }).normValue,
    ).toBe(200);
  });
  it("throws when a flag is missing", () => {
    expect(() => norm({ isGWBG: undefined as never })).toThrow(
      /Field "field-1": isGWBG must be true or false/,
    );
  });
});
