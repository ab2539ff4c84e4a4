/**
 * A small bar chart drawn as SVG by React (no chart library: the console loads none), one bar per
 * period, with the largest value and zero on the axis, the first and last period under it, and
 * each bar's value in its tooltip. The numbers themselves are in the table beside every chart,
 * for screen readers and copy-paste; the chart is one described image.
 */
interface Props {
  /** What the chart shows, read out as the image's name ("Trials started per day"). */
  title: string;
  labels: readonly string[];
  values: readonly number[];
  /** A value as the axis and tooltips show it ("$10.75", "3"). */
  format: (value: number) => string;
}

const WIDTH = 320;
const HEIGHT = 120;
const AXIS = 16;

export function BarChart({ title, labels, values, format }: Props) {
  const max = Math.max(0, ...values);
  const gap = values.length > 40 ? 0.5 : 2;
  const barWidth = Math.max(1, (WIDTH - gap * values.length) / Math.max(1, values.length));
  const scale = max > 0 ? (HEIGHT - AXIS - 4) / max : 0;
  const first = labels[0] ?? '';
  const last = labels.at(-1) ?? '';
  const description = `${title}: from ${format(values[0] ?? 0)} (${first}) to ${format(values.at(-1) ?? 0)} (${last}), highest ${format(max)}.`;
  return (
    <svg
      className="console-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
      role="img"
      aria-label={description}
      preserveAspectRatio="none"
    >
      <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS + 4} y2={HEIGHT - AXIS + 4} className="axis" />
      {values.map((value, i) => {
        const height = value * scale;
        return (
          <rect
            key={labels[i] ?? i}
            x={i * (barWidth + gap)}
            y={HEIGHT - AXIS + 4 - height}
            width={barWidth}
            height={height}
            className="bar"
          >
            <title>{`${labels[i] ?? ''}: ${format(value)}`}</title>
          </rect>
        );
      })}
      <text x={0} y={10} className="axis-label">
        {format(max)}
      </text>
      <text x={0} y={HEIGHT + AXIS - 4} className="axis-label">
        {first}
      </text>
      <text x={WIDTH} y={HEIGHT + AXIS - 4} className="axis-label" textAnchor="end">
        {last}
      </text>
    </svg>
  );
}
