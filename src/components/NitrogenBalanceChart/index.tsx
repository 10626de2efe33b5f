import type { ReactElement } from "react";

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

const LABEL_WIDTH = 120;
const BAR_HEIGHT = 18;
const GAP = 6;
const CHART_WIDTH = 640;
const VALUE_ROOM = 220;

const kg = (value: number) => value.toLocaleString("en", { maximumFractionDigits: 1 });

/**
 * The nitrogen balance of each field as horizontal bars: supply, removal,
 * ammonia emission and surplus (with its target), in kg N/ha. A plain SVG
 * rendered when the site is built; it needs no script in the browser.
 */
export default function NitrogenBalanceChart({
  fields,
  caption,
}: {
  fields: NitrogenBalanceChartField[];
  caption: string;
}): ReactElement {
  const max = Math.max(
    ...fields.flatMap((f) => [f.supply, f.removal, f.emission, f.surplus, f.target ?? 0]),
  );
  const scale = (CHART_WIDTH - LABEL_WIDTH - VALUE_ROOM) / max;
  const group = BARS.length * (BAR_HEIGHT + GAP) + 30;
  const height = fields.length * group + 16;
  const id = "nitrogen-balance-chart";
  return (
    <figure style={{ margin: "1.5rem 0" }}>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${CHART_WIDTH} ${height}`}
        width="100%"
        style={{ maxWidth: CHART_WIDTH, height: "auto", color: "var(--ifm-font-color-base)" }}
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
                const y = 22 + j * (BAR_HEIGHT + GAP);
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
                    <text x={0} y={y + 13} fill="currentColor">
                      {bar.label}
                    </text>
                    <rect x={LABEL_WIDTH} y={y} width={width} height={BAR_HEIGHT} fill={bar.fill} />
                    <text x={LABEL_WIDTH + labelAt + 6} y={y + 13} fill="currentColor">
                      {kg(value)}
                      {note}
                    </text>
                    {bar.key === "surplus" && f.target !== null ? (
                      <line
                        x1={LABEL_WIDTH + f.target * scale}
                        x2={LABEL_WIDTH + f.target * scale}
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
        <text x={LABEL_WIDTH} y={height - 6} fill="currentColor">
          kg N/ha; dashed line: the field's surplus target
        </text>
      </svg>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
