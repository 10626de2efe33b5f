import type { ReactElement } from "react";

/** One field of the chart, kg/ha over the balance's timeframe. */
export interface OrganicMatterBalanceChartField {
  /** The field's name. */
  name: string;
  /** EOM left by the crops themselves. */
  crops: number;
  /** EOM from products: manure, compost, other. */
  products: number;
  /** EOM from crop residues left on the field. */
  residues: number;
  /** The soil's own organic matter degraded; `null` when it is missing. */
  degradation: number | null;
}

// Colours with at least 3:1 contrast on both the light and the dark page background.
// Green and teal never touch: products sit between them.
const SUPPLY = [
  { key: "crops", label: "crops", fill: "#2e7d32" },
  { key: "products", label: "products", fill: "#8d6e00" },
  { key: "residues", label: "residues", fill: "#00796b" },
] as const;
const DEGRADATION = "#d84315";

// Narrow on purpose: at 375 px the 12-unit text draws at about 11 px.
const WIDTH = 360;
const LABEL = 90;
const VALUE_ROOM = 52;
const BAR = 16;
const GROUP = 92;

const kg = (value: number) => Math.round(value).toLocaleString("en");
const signed = (value: number) => `${value < 0 ? "−" : "+"}${kg(Math.abs(value))}`;

/**
 * The organic-matter balance of each field as horizontal bars: the supply of
 * effective organic matter stacked by source (crops, products, residues), the
 * degradation of the soil's organic matter, and the balance, in kg/ha. A
 * plain SVG rendered when the site is built; it needs no script in the
 * browser and stays legible on a 375 px wide screen.
 */
export default function OrganicMatterBalanceChart({
  fields,
  caption,
}: {
  fields: OrganicMatterBalanceChartField[];
  caption: string;
}): ReactElement {
  const supplyOf = (f: OrganicMatterBalanceChartField) => f.crops + f.products + f.residues;
  const max = Math.max(1, ...fields.flatMap((f) => [supplyOf(f), f.degradation ?? 0]));
  const scale = (WIDTH - LABEL - VALUE_ROOM) / max;
  const height = fields.length * GROUP + 40;
  const id = "organic-matter-balance-chart";
  return (
    <figure style={{ margin: "1.5rem 0" }}>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        style={{ maxWidth: 560, height: "auto", color: "var(--ifm-font-color-base)" }}
        fontFamily="var(--ifm-font-family-base)"
        fontSize="12"
      >
        <title id={`${id}-title`}>Organic-matter balance per field, kg/ha</title>
        <desc id={`${id}-desc`}>
          {fields
            .map((f) => {
              const supply = supplyOf(f);
              const tail =
                f.degradation === null
                  ? "degradation not known, so no balance"
                  : `degradation ${kg(f.degradation)}, balance ${signed(supply - f.degradation)}`;
              return `${f.name}: supply ${kg(supply)} (crops ${kg(f.crops)}, products ${kg(f.products)}, residues ${kg(f.residues)}), ${tail} kg/ha.`;
            })
            .join(" ")}
        </desc>
        {fields.map((f, i) => {
          const supply = supplyOf(f);
          let x = LABEL;
          return (
            <g key={f.name} transform={`translate(0 ${i * GROUP})`}>
              <text x={0} y={13} fontWeight="bold" fill="currentColor">
                {f.name}
              </text>
              <text x={0} y={34} fill="currentColor">
                Supply
              </text>
              {SUPPLY.map((part) => {
                const width = Math.max(f[part.key], 0) * scale;
                const rect = (
                  <rect
                    key={part.key}
                    x={x}
                    y={22}
                    width={width}
                    height={BAR}
                    fill={part.fill}
                    stroke="var(--ifm-background-color, #fff)"
                    strokeWidth="1"
                  />
                );
                x += width;
                return rect;
              })}
              <text x={x + 4} y={34} fill="currentColor">
                {kg(supply)}
              </text>
              <text x={0} y={58} fill="currentColor">
                Degradation
              </text>
              {f.degradation === null ? (
                <text x={LABEL} y={58} fill="currentColor" fontStyle="italic">
                  not known (missing)
                </text>
              ) : (
                <>
                  <rect
                    x={LABEL}
                    y={46}
                    width={Math.max(f.degradation, 0) * scale}
                    height={BAR}
                    fill={DEGRADATION}
                  />
                  <text x={LABEL + f.degradation * scale + 4} y={58} fill="currentColor">
                    {kg(f.degradation)}
                  </text>
                </>
              )}
              <text x={0} y={80} fill="currentColor">
                Balance
              </text>
              <text x={LABEL} y={80} fontWeight="bold" fill="currentColor">
                {f.degradation === null ? "not known" : signed(supply - f.degradation)}
              </text>
            </g>
          );
        })}
        <g transform={`translate(0 ${fields.length * GROUP + 6})`}>
          {SUPPLY.map((part, j) => (
            <g key={part.key} transform={`translate(${j * 80} 0)`}>
              <rect x={0} y={2} width={12} height={12} fill={part.fill} />
              <text x={16} y={12} fill="currentColor">
                {part.label}
              </text>
            </g>
          ))}
          <g transform="translate(240 0)">
            <rect x={0} y={2} width={12} height={12} fill={DEGRADATION} />
            <text x={16} y={12} fill="currentColor">
              degraded
            </text>
          </g>
          <text x={0} y={30} fill="currentColor">
            kg/ha over the timeframe
          </text>
        </g>
      </svg>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
