/**
 * The feature-usage chart (Usage & Sessions, and the team's utilization): one horizontal bar per
 * command, drawn as SVG by React (no chart library). Each bar has its command's name above it and
 * its number at its end; the axis below says the unit. The figure is an image with a summary for
 * screen readers; the table beside it holds the same numbers for reading and copying.
 */

/** A bar: the command's name and its uses. */
export interface Bar {
  label: string;
  value: number;
}

const WIDTH = 340;
const ROW = 38;
const TOP = 4;
const AXIS = 44;
/** Room after the longest bar for its number. */
const VALUE_ROOM = 52;

/** An axis end at or above `max`: 1, 2 or 5 times a power of ten (at least 5). */
export function niceMax(max: number): number {
  if (max <= 5) return 5;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= max) ?? 10;
  return step * power;
}

const number = (value: number) => value.toLocaleString('en-US');

export function FeatureChart({
  bars,
  unit,
  summary,
}: {
  bars: readonly Bar[];
  unit: string;
  summary: string;
}) {
  const top = niceMax(Math.max(0, ...bars.map((bar) => bar.value)));
  const plot = WIDTH - VALUE_ROOM;
  const height = TOP + bars.length * ROW + AXIS;
  const axisY = TOP + bars.length * ROW;
  const ticks = [0, top / 2, top];
  const x = (value: number) => (value / top) * plot;
  return (
    <svg
      className="usage-chart"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={summary}
      focusable="false"
    >
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={x(tick)} x2={x(tick)} y1={TOP} y2={axisY} className="usage-chart-grid" />
          <text
            x={x(tick)}
            y={axisY + 16}
            textAnchor={tick === 0 ? 'start' : tick === top ? 'end' : 'middle'}
            className="usage-chart-tick"
          >
            {number(tick)}
          </text>
        </g>
      ))}
      {bars.map((bar, index) => {
        const y = TOP + index * ROW;
        const width = bar.value > 0 ? Math.max(2, x(bar.value)) : 0;
        return (
          <g key={bar.label}>
            <text x={0} y={y + 13} className="usage-chart-label">
              {bar.label}
            </text>
            <rect x={0} y={y + 18} width={width} height={14} rx={2} className="usage-chart-bar" />
            <text x={width + 6} y={y + 30} className="usage-chart-value">
              {number(bar.value)}
            </text>
          </g>
        );
      })}
      <line x1={0} x2={plot} y1={axisY} y2={axisY} className="usage-chart-axis" />
      <text x={plot / 2} y={axisY + 36} textAnchor="middle" className="usage-chart-unit">
        {unit}
      </text>
    </svg>
  );
}
