import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import OrganicMatterBalanceChart from "../../src/components/OrganicMatterBalanceChart/index";

// The chart of the organic-matter balance page: static SVG, rendered when the site is built.
const fields = [
  { name: "A Akker", crops: 1625.2, products: 1483.6, residues: 990, degradation: 2923.1 },
  { name: "B Weide", crops: 3975, products: 2243.2, residues: 0, degradation: 1293.9 },
  { name: "C Onbekend", crops: 1189.6, products: 0, residues: 0, degradation: null },
];
const html = renderToStaticMarkup(
  <OrganicMatterBalanceChart fields={fields} caption="Three fields" />,
);

describe("OrganicMatterBalanceChart", () => {
  it("is an image named by its title and described with every figure", () => {
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toContain(
      '<title id="organic-matter-balance-chart-title">Organic-matter balance per field, kg/ha</title>',
    );
    // 1,625.2 + 1,483.6 + 990 = 4,098.8; 4,098.8 − 2,923.1 = +1,175.7
    expect(html).toContain(
      "A Akker: supply 4,099 (crops 1,625, products 1,484, residues 990), degradation 2,923, balance +1,176 kg/ha.",
    );
    expect(html).toContain(
      "C Onbekend: supply 1,190 (crops 1,190, products 0, residues 0), degradation not known, so no balance kg/ha.",
    );
    expect(html).toContain("<figcaption>Three fields</figcaption>");
  });

  it("stacks the supply and scales every bar to the largest figure, 218 units for 6,218.2", () => {
    const widths = [...html.matchAll(/<rect[^>]*width="([\d.]+)"[^>]*height="16"/g)].map((m) =>
      Number(m[1]),
    );
    // Per field: crops, products, residues, degradation (none for C): 3 + 1 + 3 + 1 + 3 = 11 bars.
    expect(widths).toHaveLength(11);
    // Scale: (360 − 90 − 52) units / 6,218.2 kg (B's supply).
    const scale = 218 / 6218.2;
    expect(widths[4]).toBeCloseTo(3975 * scale, 6); // B's crops
    expect((widths[4] ?? 0) + (widths[5] ?? 0) + (widths[6] ?? 0)).toBeCloseTo(218, 6); // B's supply is the longest
    expect(widths[3]).toBeCloseTo(2923.1 * scale, 6); // A's degradation
  });

  it("says a missing degradation instead of drawing 0", () => {
    expect(html).toContain("not known (missing)");
    expect(html).toMatch(/>−1,113<|>\+4,924</);
  });

  it("fits a phone: a 360-unit view box, so 12-unit text draws at about 11 px on a 375 px screen", () => {
    expect(html).toMatch(/viewBox="0 0 360 \d+"/);
    expect(html).toContain('font-size="12"');
  });
});
