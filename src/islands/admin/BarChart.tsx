/**
 * A small bar chart drawn as SVG by React (no chart library: the console loads none), one bar per
 * period, with the largest value and zero on the axis, the first and last period under it, and
 * each bar's value in its tooltip. The numbers themselves are in the table beside every chart,
 * for screen readers and copy-paste; the chart is one described image.
 *
 * The drawing is as wide as its box, in CSS pixels (measured, and measured again when the box
 * changes), so bars and axis text keep their proportions at every width instead of being
 * stretched to fit.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

interface Props {
  /** What the chart shows, read out as the image's name ("Trials started per day"). */
  title: string;
  labels: readonly string[];
  values: readonly number[];
  /** A value as the axis and tooltips show it ("$10.75", "3"). */
  format: (value: number) => string;
}

/** The width drawn until the box has been measured (a narrow card). */
const FALLBACK_WIDTH = 320;
const HEIGHT = 120;
const AXIS = 16;

/** The element's width in CSS pixels, followed as it changes. */
function useWidth<T extends Element>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.round(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export function BarChart({ title, labels, values, format }: Props) {
  const [box, width] = useWidth<HTMLDivElement>();
  const max = Math.max(0, ...values);
  const gap = width / Math.max(1, values.length) > 8 ? 2 : 0.5;
  const barWidth = Math.max(1, (width - gap * values.length) / Math.max(1, values.length));
  const scale = max > 0 ? (HEIGHT - AXIS - 4) / max : 0;
  const first = labels[0] ?? '';
  const last = labels.at(-1) ?? '';
  const description = `${title}: from ${format(values[0] ?? 0)} (${first}) to ${format(values.at(-1) ?? 0)} (${last}), highest ${format(max)}.`;
  return (
    <div ref={box} className="console-chart-box">
      <svg
        className="console-chart"
        width={width}
        height={HEIGHT + AXIS}
        viewBox={`0 0 ${width} ${HEIGHT + AXIS}`}
        role="img"
        aria-label={description}
      >
        <line x1={0} x2={width} y1={HEIGHT - AXIS + 4} y2={HEIGHT - AXIS + 4} className="axis" />
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
        <text x={0} y={12} className="axis-label">
          {format(max)}
        </text>
        <text x={0} y={HEIGHT + AXIS - 4} className="axis-label">
          {first}
        </text>
        <text x={width} y={HEIGHT + AXIS - 4} className="axis-label" textAnchor="end">
          {last}
        </text>
      </svg>
    </div>
  );
}
