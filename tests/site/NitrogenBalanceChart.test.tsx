import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import NitrogenBalanceChart from "../../src/components/NitrogenBalanceChart/index";

// The chart of the nitrogen balance page: static SVG, rendered when the site is built.
const fields = [
  {
    name: "A Weide",
    supply: 291.3,
    removal: 255,
    emission: 16.9,
    surplus: 19.4,
    nitrate: 4.1,
    target: 125,
  },
  {
    name: "B Akker",
    supply: 256.8,
    removal: 160,
    emission: 14.8,
    surplus: 82,
    nitrate: 27.1,
    target: null,
  },
];
const page = renderToStaticMarkup(<NitrogenBalanceChart fields={fields} caption="Two fields" />);
// The wide layout first, then the phone layout.
const [wide = "", narrow = ""] = page.match(/<svg[\s\S]*?<\/svg>/g) ?? [];
const html = wide;

describe("NitrogenBalanceChart", () => {
  it("is an image named by its title and described with every figure", () => {
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toContain(
      '<title id="nitrogen-balance-chart-wide-title">Nitrogen balance per field, kg N/ha</title>',
    );
    expect(html).toContain(
      "A Weide: supply 291.3, removal 255, ammonia emission 16.9, surplus 19.4 (target 125), nitrate leached 4.1 kg N/ha.",
    );
    expect(page).toContain("<figcaption>Two fields</figcaption>");
  });

  it("draws four bars per field, as long as their values, the longest 300 px for 291.3", () => {
    const widths = [...html.matchAll(/<rect[^>]*width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(widths).toHaveLength(8);
    // Scale: (640 − 120 − 220) px / 291.3 kg, so 291.3 kg is 300 px and 160 kg is 164.78 px.
    expect(widths[0]).toBeCloseTo(300, 6);
    expect(widths[5]).toBeCloseTo((160 * 300) / 291.3, 6);
  });

  it("marks a known target with a dashed line and leaves it out when unknown", () => {
    expect([...html.matchAll(/<line /g)]).toHaveLength(1);
    expect(html).toContain("19.4 (nitrate 4.1, target 125)");
    expect(html).toContain("82 (nitrate 27.1)");
  });
});

describe("NitrogenBalanceChart on a phone", () => {
  it("has a layout 340 units wide, so its 12-unit text stays about 12 px on a 343 px column", () => {
    expect(narrow).toMatch(/viewBox="0 0 340 \d+"/);
    expect(narrow).toContain('font-size="12"');
    expect(narrow).toMatch(/class="fdm-nb-chart--narrow"/);
  });

  it("puts each bar's label above it, so the bars use the whole width", () => {
    const bars = [...narrow.matchAll(/<rect x="([\d.]+)"[^>]*width="([\d.]+)"/g)];
    expect(bars).toHaveLength(8);
    for (const [, x] of bars) expect(Number(x)).toBe(0);
    // Scale: (340 − 150) px / 291.3 kg, so 291.3 kg is 190 px.
    expect(Number(bars[0]?.[2])).toBeCloseTo(190, 6);
  });

  it("shows the wide layout or the phone one, never both", () => {
    expect(page).toContain(".fdm-nb-chart--narrow { display: none; }");
    expect(page).toMatch(/@media \(max-width: 600px\)/);
  });
});
