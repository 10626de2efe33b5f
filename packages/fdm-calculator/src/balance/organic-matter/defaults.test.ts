// Every NMI figure of ORGANIC_MATTER_BALANCE_DEFAULTS against the reference files it comes
// from: reference/nmi-organic-matter-balance/README.md (the method) and
// reference/nmi-nitrogen-balance/soil-parameter-estimation.csv (the bulk-density estimation).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ORGANIC_MATTER_BALANCE_DEFAULTS as D } from "./defaults.js";

const reference = (file: string) =>
  readFileSync(new URL(`../../../../../reference/${file}`, import.meta.url), "utf8");
const readme = reference("nmi-organic-matter-balance/README.md");
const estimation = reference("nmi-nitrogen-balance/soil-parameter-estimation.csv")
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => {
    const [estimate, constant, value] = line.split(",");
    return { estimate, constant, value: Number(value) };
  });
const constant = (estimate: string, name: string) =>
  estimation.find((row) => row.estimate === estimate && row.constant === name)?.value;

describe("ORGANIC_MATTER_BALANCE_DEFAULTS", () => {
  it("holds the degradation formula of the reference README", () => {
    // "(0.038228 − 0.008934 × ln SOM)"
    const rate = readme.match(/\((\d\.\d+) − (\d\.\d+) × ln SOM\)/);
    expect(rate?.slice(1).map(Number)).toEqual([
      D.decompositionRate.intercept,
      D.decompositionRate.slope,
    ]);
    // "f_T = 2^((T − 13) / 10)"
    const correction = readme.match(/f_T = (\d+)\^\(\(T − (\d+)\) \/ (\d+)\)/);
    expect(correction?.slice(1).map(Number)).toEqual([
      D.temperatureCorrection.base,
      D.temperatureCorrection.reference,
      D.temperatureCorrection.divisor,
    ]);
    // "grassland 10 cm, arable 30 cm"
    const depth = readme.match(/grassland (\d+) cm, arable (\d+) cm/);
    expect(depth?.slice(1).map(Number)).toEqual([D.activeLayer.grassland, D.activeLayer.arable]);
    // "capped at 3,500 kg OM/ha/yr"
    expect(readme).toMatch(/capped at 3,500 kg OM\/ha\/yr/);
    expect(D.maximumYearlyDegradation.value).toBe(3500);
  });

  it("names the two published temperatures and uses its own sourced one", () => {
    expect(readme).toMatch(/The code uses `T = 9\.3 °C`; the docs page says 11\.7 °C/);
    expect(D.temperature.value).toBe(10.6);
    expect(D.temperature.source).toMatch(/De Bilt.*1991–2020/);
    expect(D.temperature.source).toMatch(/9\.3 °C.*1951–1980/);
  });

  it("holds the bulk-density estimation of soil-parameter-estimation.csv", () => {
    const sand = "a_density_sa (dekzand; dalgrond; duinzand; loess)";
    const other = "a_density_sa (other soil types)";
    expect(D.bulkDensityEstimation.sand.soilTypes).toEqual([
      "dekzand",
      "dalgrond",
      "duinzand",
      "loess",
    ]);
    expect(D.bulkDensityEstimation.sand.somCoefficient).toBe(constant(sand, "som_coefficient"));
    expect(D.bulkDensityEstimation.sand.intercept).toBe(constant(sand, "intercept"));
    expect(D.bulkDensityEstimation.other.coefficients).toEqual([
      constant(other, "intercept"),
      constant(other, "coef_som1"),
      constant(other, "coef_som2"),
      constant(other, "coef_som3"),
      constant(other, "coef_som4"),
    ]);
    expect(D.bulkDensityEstimation.min).toBe(constant("a_density_sa (all)", "clamp_min"));
    expect(D.bulkDensityEstimation.max).toBe(constant("a_density_sa (all)", "clamp_max"));
  });

  it("stops the clay polynomial where it has its minimum and turns upward", () => {
    const [c0, c1, c2, c3, c4] = D.bulkDensityEstimation.other.coefficients;
    const at = (s: number) => c0 + c1 * s + c2 * s ** 2 + c3 * s ** 3 + c4 * s ** 4;
    const limit = D.bulkDensityEstimation.other.maximumOrganicMatter;
    expect(at(limit - 1)).toBeGreaterThan(at(limit));
    expect(at(limit + 1)).toBeGreaterThan(at(limit));
  });

  it("is frozen, so that no caller changes the figures of another", () => {
    expect(Object.isFrozen(D)).toBe(true);
    expect(Object.isFrozen(D.activeLayer)).toBe(true);
    expect(Object.isFrozen(D.bulkDensityEstimation.other.coefficients)).toBe(true);
    expect(() => {
      (D.activeLayer as { grassland: number }).grassland = 30;
    }).toThrow(TypeError);
  });
});
