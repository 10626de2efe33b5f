import type { ReactElement } from "react";
import InlineStyle from "../InlineStyle";

/** One field of the chart, kg N/ha over the balance's timeframe. */
export interface NitrogenBalanceChartField {
  /** The field's name. */
  name: string;
  /** Supply: fertilizers, fixation, deposition, mineralization. */
  supply: number;
  /** Removal: harvested products and residues taken off. */
  removal: number;
  /** Ammonia emission from fertilizers and residues. */
  emission: number;
  /** Surplus: supply − removal − emission. */
  surplus: number;
  /** Nitrate-N leached from the surplus. */
  nitrate: number;
  /** Target (highest acceptable surplus), if known. */
  target: number | null;
}

// Colours with at least 3:1 contrast on both the light and the dark page background.
const BARS = [
  { key: "supply", label: "Supply", fill: "#2e7d32" },
  { key: "removal", label: "Removal", fill: "#1565c0" },
  { key: "emission", label: "NH3 emission", fill: "#c62828" },
  { key: "surplus", label: "Surplus", fill: "#8d6e00" },
] as const;

/**
 * Two layouts of one chart: at desktop width a label column left of the bars; on a phone
 * (below 600 px, where the wide one shrank to about 6 px text) each bar's label stands above
 * it, in a drawing 340 units wide, so 12-unit text stays about 12 px.
 */
const LAYOUTS = {
  wide: { width: 640, labelWidth: 120, valueRoom: 220, labelAbove: false },
  narrow: { width: 340, labelWidth: 0, valueRoom: 150, labelAbove: true },
} as const;
type Layout = keyof typeof LAYOUTS;
const BAR_HEIGHT = 18;
const GAP = 6;

const kg = (value: number) => value.toLocaleString("en", { maximumFractionDigits: 1 });

const css = `.fdm-nb-chart--narrow { display: none; }
@media (max-width: 600px) {
  .fdm-nb-chart--wide { display: none; }
  .fdm-nb-chart--narrow { display: block; }
}`;

function Chart({
  fields,
  layout,
}: {
  fields: NitrogenBalanceChartField[];
  layout: Layout;
}): ReactElement {
  const { width: chartWidth, labelWidth, valueRoom, labelAbove } = LAYOUTS[layout];
  const max = Math.max(
    ...fields.flatMap((f) => [f.supply, f.removal, f.emission, f.surplus, f.target ?? 0]),
  );
  const scale = (chartWidth - labelWidth - valueRoom) / max;
  const row = BAR_HEIGHT + GAP + (labelAbove ? 16 : 0);
  const group = BARS.length * row + 30;
  const height = fields.length * group + 16;
  const id = `nitrogen-balance-chart-${layout}`;
  return (
    <svg
      className={`fdm-nb-chart--${layout}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${chartWidth} ${height}`}
      width="100%"
      style={{ maxWidth: chartWidth, height: "auto", color: "var(--ifm-font-color-base)" }}
      fontFamily="var(--ifm-font-family-base)"
      fontSize="12"
    >
      <title id={`${id}-title`}>Nitrogen balance per field, kg N/ha</title>
      <desc id={`${id}-desc`}>
        {fields
          .map(
            (f) =>
              `${f.name}: supply ${kg(f.supply)}, removal ${kg(f.removal)}, ammonia emission ${kg(f.emission)}, surplus ${kg(f.surplus)}${f.target === null ? "" : ` (target ${kg(f.target)})`}, nitrate leached ${kg(f.nitrate)} kg N/ha.`,
          )
          .join(" ")}
      </desc>
      {fields.map((f, i) => {
        const top = i * group;
        return (
          <g key={f.name} transform={`translate(0 ${top})`}>
            <text x={0} y={14} fontWeight="bold" fill="currentColor">
              {f.name}
            </text>
            {BARS.map((bar, j) => {
              const value = f[bar.key];
              const y = 22 + j * row + (labelAbove ? 16 : 0);
              const width = Math.max(value, 0) * scale;
              // The value stands right of the bar, and of the target line on the surplus row.
              const labelAt =
                bar.key === "surplus" && f.target !== null
                  ? Math.max(width, f.target * scale + 2)
                  : width;
              const note =
                bar.key === "surplus"
                  ? ` (nitrate ${kg(f.nitrate)}${f.target === null ? "" : `, target ${kg(f.target)}`})`
                  : "";
              return (
                <g key={bar.key}>
                  <text x={0} y={labelAbove ? y - 4 : y + 13} fill="currentColor">
                    {bar.label}
                    {labelAbove ? note : ""}
                  </text>
                  <rect x={labelWidth} y={y} width={width} height={BAR_HEIGHT} fill={bar.fill} />
                  <text x={labelWidth + labelAt + 6} y={y + 13} fill="currentColor">
                    {kg(value)}
                    {labelAbove ? "" : note}
                  </text>
                  {bar.key === "surplus" && f.target !== null ? (
                    <line
                      x1={labelWidth + f.target * scale}
                      x2={labelWidth + f.target * scale}
                      y1={y - 3}
                      y2={y + BAR_HEIGHT + 3}
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeDasharray="3 2"
                    />
                  ) : null}
                </g>
              );
            })}
          </g>
        );
      })}
      <text x={labelWidth} y={height - 6} fill="currentColor">
        {labelAbove
          ? "kg N/ha; dashed line: surplus target"
          : "kg N/ha; dashed line: the field's surplus target"}
      </text>
    </svg>
  );
}

/**
 * The nitrogen balance of each field as horizontal bars: supply, removal,
 * ammonia emission and surplus (with its target), in kg N/ha. A plain SVG
 * rendered when the site is built, in a wide and a phone layout (CSS shows one);
 * it needs no script in the browser.
 */
export default function NitrogenBalanceChart({
  fields,
  caption,
}: {
  fields: NitrogenBalanceChartField[];
  caption: string;
}): ReactElement {
  return (
    <figure style={{ margin: "1.5rem 0" }}>
      <InlineStyle css={css} />
      <Chart fields={fields} layout="wide" />
      <Chart fields={fields} layout="narrow" />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
