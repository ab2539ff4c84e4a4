/**
 * A chart of something used against its limit over days (seats, devices), drawn as SVG by React
 * like FeatureChart: the use as a solid line with a dot per day that has numbers, the limit as a
 * dashed line, so the two differ by more than color, with the unit on the vertical axis and the
 * first and last day below. The figure can be focused and read with the arrow keys (Home and End
 * too): the chosen day is marked and its numbers are written under the chart. A table beside it
 * holds every number.
 */
import { useState, type KeyboardEvent } from 'react';
import { formatDate } from '../../lib/format';
import { niceMax } from './FeatureChart';

/** One day with numbers: `YYYY-MM-DD`, the use and the limit that day. */
export interface LinePoint {
  day: string;
  used: number;
  limit: number;
}

// About one unit per pixel in half of a wide card, so the 12-unit text stays readable.
const WIDTH = 440;
const HEIGHT = 220;
const LEFT = 52;
const RIGHT = 12;
const TOP = 10;
const BOTTOM = 44;

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const dayText = (day: string) => formatDate(`${day}T00:00:00Z`, 'UTC');
const number = (value: number) => value.toLocaleString('en-US');

interface Props {
  points: readonly LinePoint[];
  /** The first and last day of the period (the horizontal axis). */
  from: string;
  to: string;
  /** The vertical axis' unit ("Seats"). */
  unit: string;
  usedLabel: string;
  limitLabel: string;
  /** What the figure shows, for screen readers. */
  summary: string;
}

export function LineChart({ points, from, to, unit, usedLabel, limitLabel, summary }: Props) {
  const [chosen, setChosen] = useState(points.length - 1);
  const index = Math.min(Math.max(chosen, 0), points.length - 1);
  const top = niceMax(Math.max(0, ...points.flatMap((point) => [point.used, point.limit])));
  const start = dayMs(from);
  const span = Math.max(1, dayMs(to) - start);
  const plotWidth = WIDTH - LEFT - RIGHT;
  const axisY = HEIGHT - BOTTOM;
  const x = (day: string) => LEFT + ((dayMs(day) - start) / span) * plotWidth;
  const y = (value: number) => axisY - (value / top) * (axisY - TOP);
  // The limit holds until it changes: drawn as steps.
  const limitPath = points
    .map((point, i) =>
      i === 0
        ? `M${x(point.day).toFixed(1)},${y(point.limit).toFixed(1)}`
        : `H${x(point.day).toFixed(1)} V${y(point.limit).toFixed(1)}`,
    )
    .join(' ');
  const usedLine = points
    .map((point) => `${x(point.day).toFixed(1)},${y(point.used).toFixed(1)}`)
    .join(' ');
  const current = points[index];

  const onKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: points.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setChosen(Math.min(Math.max(next, 0), points.length - 1));
  };

  return (
    <>
      <svg
        className="usage-chart line-chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${summary} Use the arrow keys to read each day.`}
        tabIndex={0}
        onKeyDown={onKey}
      >
        {/* Counts are whole: no 2.5 tick. */}
        {(Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top]).map((tick) => (
          <g key={tick}>
            <line
              x1={LEFT}
              x2={WIDTH - RIGHT}
              y1={y(tick)}
              y2={y(tick)}
              className="usage-chart-grid"
            />
            <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end" className="usage-chart-tick">
              {number(tick)}
            </text>
          </g>
        ))}
        <text
          x={12}
          y={(TOP + axisY) / 2}
          textAnchor="middle"
          transform={`rotate(-90 12 ${(TOP + axisY) / 2})`}
          className="usage-chart-unit"
        >
          {unit}
        </text>
        <line x1={LEFT} x2={WIDTH - RIGHT} y1={axisY} y2={axisY} className="usage-chart-axis" />
        <text x={LEFT} y={axisY + 18} className="usage-chart-tick">
          {dayText(from)}
        </text>
        <text x={WIDTH - RIGHT} y={axisY + 18} textAnchor="end" className="usage-chart-tick">
          {dayText(to)}
        </text>
        <text
          x={(LEFT + WIDTH - RIGHT) / 2}
          y={axisY + 38}
          textAnchor="middle"
          className="usage-chart-unit"
        >
          Day (UTC)
        </text>
        {points.length > 0 && <path d={limitPath} className="line-chart-limit" />}
        {points.length > 1 && <polyline points={usedLine} className="line-chart-used" />}
        {/* A lone day (the first of the snapshots) still shows its limit. */}
        {points.length === 1 && current && (
          <line
            x1={x(current.day) - 24}
            x2={x(current.day)}
            y1={y(current.limit)}
            y2={y(current.limit)}
            className="line-chart-limit"
          />
        )}
        {points.map((point) => (
          <circle
            key={point.day}
            cx={x(point.day)}
            cy={y(point.used)}
            r={points.length > 60 ? 1.5 : 3}
            className="line-chart-dot"
          />
        ))}
        {current && (
          <g className="line-chart-focus">
            <line x1={x(current.day)} x2={x(current.day)} y1={TOP} y2={axisY} />
            <circle cx={x(current.day)} cy={y(current.used)} r={5} />
          </g>
        )}
      </svg>
      <p className="line-chart-legend dashboard-small">
        <span className="line-chart-key line-chart-key-used" aria-hidden="true" /> {usedLabel}
        <span className="line-chart-key line-chart-key-limit" aria-hidden="true" /> {limitLabel}
      </p>
      {current && (
        <p className="line-chart-readout" aria-live="polite">
          {dayText(current.day)}: {usedLabel} {number(current.used)}, {limitLabel}{' '}
          {number(current.limit)}
        </p>
      )}
    </>
  );
}
