/**
 * Feature use over time (the usage-trend calls), shared by Usage & Sessions, the team's
 * Utilization and the console's feature adoption, and loaded only when its section comes near
 * (lazy-part.tsx): one row per command, most used first, with a small line of its uses per day or
 * week (SVG drawn by React, no chart library), its uses in the period, and the last 30 days
 * against the 30 days before in plain words ("+100%", "new" when there was nothing before). The
 * lines are images with a text alternative; the same rows are a real table, and every point's
 * numbers are a second table under "Show the numbers".
 */
import { useCallback, useMemo } from 'react';
import { features } from '../../config/feature-usage';
import {
  changeText,
  type TrendCommand,
  type TrendPoint,
  type UsageTrend,
} from '../../contract/usage-trend';
import { isGetFeatureUsageTrendAnswer } from '../../generated/answers/GetFeatureUsageTrendAnswer';
import { formatShortDate } from '../../lib/format';
import { apiCall } from './api';
import { dashboardProblem } from './session-ended';
import { useLoad } from './use-load';
import './usage-trend.css';

const number = (value: number) => value.toLocaleString('en-US');
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const short = (day: string) => formatShortDate(`${day}T00:00:00Z`, 'UTC');
const labelOf = (slug: string) => features.find((one) => one.slug === slug)?.label ?? slug;

/** A point in words: "Nov 3, 2026", "Nov 3, 2026 to Nov 9, 2026", "August 2026". */
export function pointText(point: TrendPoint): string {
  if (point.unit === 'month')
    return new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(dayMs(point.from));
  return point.from === point.to ? short(point.from) : `${short(point.from)} to ${short(point.to)}`;
}

/** Days a point covers. */
const lengthOf = (point: TrendPoint) =>
  Math.round((dayMs(point.to) - dayMs(point.from)) / 864e5) + 1;

const WIDTH = 120;
const HEIGHT = 28;
const PAD = 3;

/**
 * One command's line: its uses per day of each point (a week's uses over its days, a month's over
 * its), so cut weeks and months compare with whole weeks, on the line's own scale, placed by date.
 */
function Spark({
  counts,
  points,
  alt,
}: {
  counts: readonly number[];
  points: readonly TrendPoint[];
  alt: string;
}) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const start = dayMs(first.from);
  const span = Math.max(1, dayMs(last.to) - start);
  const rates = points.map((point, i) => (counts[i] ?? 0) / lengthOf(point));
  const top = Math.max(...rates, 0);
  const x = (point: TrendPoint) =>
    PAD + (((dayMs(point.from) + dayMs(point.to)) / 2 - start) / span) * (WIDTH - 2 * PAD);
  const y = (rate: number) => HEIGHT - PAD - (top > 0 ? (rate / top) * (HEIGHT - 2 * PAD) : 0);
  const line = points.map((point, i) => `${x(point).toFixed(1)},${y(rates[i] ?? 0).toFixed(1)}`);
  const end = line.at(-1)?.split(',') ?? ['0', '0'];
  return (
    <svg
      className="trend-spark"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={alt}
      focusable="false"
    >
      <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} className="trend-base" />
      <polyline points={line.join(' ')} className="trend-line" />
      {top > 0 && <circle cx={end[0]} cy={end[1]} r={2.5} className="trend-dot" />}
    </svg>
  );
}

/** A command's points in words, for its line's text alternative. */
function altOf(command: TrendCommand, points: readonly TrendPoint[], unit: string): string {
  const label = labelOf(command.slug);
  if (command.uses === 0) return `${label}: not used.`;
  const peak = command.counts.reduce(
    (best, count, i) => (count > (command.counts[best] ?? 0) ? i : best),
    0,
  );
  const peakPoint = points[peak];
  const latest = command.counts.at(-1) ?? 0;
  return `${label} per ${unit}: most uses (${number(command.counts[peak] ?? 0)}) ${peakPoint ? pointText(peakPoint) : ''}; ${number(latest)} in the latest ${unit}.`;
}

/** The change in a sentence: "+100% vs previous 30 days", "new in the last 30 days". */
function changePhrase({ last30, previous30 }: TrendCommand): string {
  if (previous30 === 0)
    return last30 === 0 ? 'no use in the last 60 days' : 'new in the last 30 days';
  return `${changeText(last30, previous30)} vs previous 30 days`;
}

/** The change in words, and its numbers. */
function Change({ command }: { command: TrendCommand }) {
  const text = changeText(command.last30, command.previous30);
  const direction =
    command.changePercent === null
      ? command.last30 > 0
        ? 'up'
        : 'flat'
      : command.changePercent > 0
        ? 'up'
        : command.changePercent < 0
          ? 'down'
          : 'flat';
  return (
    <>
      <strong className={`trend-change trend-${direction}`}>{text}</strong>
      <span className="trend-change-numbers">
        {number(command.last30)} vs {number(command.previous30)}
      </span>
    </>
  );
}

export function UsageTrendView({ trend, who }: { trend: UsageTrend; who: string }) {
  const unit = trend.unit;
  const { points, commands, change } = trend;
  const months = points.filter((point) => point.unit === 'month');
  const lastMonth = months.at(-1);
  const period = `${short(trend.from)} to ${short(trend.to)}`;
  const compared = `the last 30 days (${short(change.from)} to ${short(change.to)}) against the 30 days before (${short(change.previousFrom)} to ${short(change.previousTo)})`;
  const used = commands.filter((command) => command.uses > 0);
  const summary =
    used.length === 0
      ? `No command was used ${who} from ${period}.`
      : `Most used ${who} from ${period}: ${used
          .slice(0, 3)
          .map(
            (command) =>
              `${labelOf(command.slug)} ${number(command.uses)} (${changePhrase(command)})`,
          )
          .join(', ')}.`;
  const newestFirst = points.map((point, i) => ({ point, i })).reverse();
  return (
    <div className="trend">
      <p className="trend-summary">{summary}</p>
      <div className="trend-scroll">
        <table className="trend-table">
          <caption className="visually-hidden">
            {`Use over time ${who}, most used first: a line of each command’s uses per ${unit} from ${period}, its uses in the period, and the change of ${compared}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Command</th>
              <th scope="col">Per {unit}</th>
              <th scope="col" className="trend-number">
                Uses
              </th>
              <th scope="col" className="trend-number">
                vs previous 30 days
              </th>
            </tr>
          </thead>
          <tbody>
            {commands.map((command) => (
              <tr key={command.slug}>
                <th scope="row">{labelOf(command.slug)}</th>
                <td>
                  <Spark
                    counts={command.counts}
                    points={points}
                    alt={altOf(command, points, unit)}
                  />
                </td>
                <td className="trend-number">{number(command.uses)}</td>
                <td className="trend-number">
                  <Change command={command} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="dashboard-small trend-note">
        {`The change compares ${compared}: “new” when a command had no uses before. Each line shows a command’s ${unit === 'week' ? 'uses per day of each week (or month), so a cut week compares with whole ones; weeks run Monday to Sunday' : 'uses per day'}, on its own scale, in UTC.`}
        {lastMonth
          ? ` Uses before ${short(points[months.length]?.from ?? trend.to)} are kept per month only, so the line starts with whole months.`
          : ''}
      </p>
      <details className="trend-details">
        <summary>Show the numbers per {unit}</summary>
        <div
          className="trend-scroll"
          tabIndex={0}
          role="region"
          aria-label={`Numbers per ${unit}, newest first`}
        >
          <table className="trend-table trend-numbers">
            <caption>{`Use over time per ${unit} and command ${who}, newest first`}</caption>
            <thead>
              <tr>
                <th scope="col">{unit === 'day' ? 'Day' : 'Week or month'}</th>
                {commands.map((command) => (
                  <th key={command.slug} scope="col" className="trend-number">
                    {labelOf(command.slug)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {newestFirst.map(({ point, i }) => (
                <tr key={point.from}>
                  <th scope="row" className="trend-point">
                    {pointText(point)}
                  </th>
                  {commands.map((command) => (
                    <td key={command.slug} className="trend-number">
                      {number(command.counts[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

const failedText = 'We could not load the use over time. Please try again.';
const network = 'Network error. Please check your connection and try again.';
const problem = dashboardProblem(failedText, network);

/**
 * The trend `path` answers (a usage-trend call with its query), loaded on mount and again when
 * the path changes; `who` says whose use it is ("on all devices", "by your team").
 */
export function UsageTrendPanel({ path, who }: { path: string; who: string }) {
  const load = useCallback(() => apiCall('GET', path, isGetFeatureUsageTrendAnswer), [path]);
  const { state, reload } = useLoad(load, problem);
  const body = useMemo(() => {
    if (state.kind === 'loading')
      return (
        <p className="dashboard-loading" role="status">
          Loading use over time...
        </p>
      );
    if (state.kind === 'failed')
      return (
        <div className="trend-failed">
          <p className="form-error" role="alert">
            {state.problem}
          </p>
          <button type="button" className="button" onClick={reload}>
            Retry
          </button>
        </div>
      );
    return <UsageTrendView trend={state.value} who={who} />;
  }, [state, reload, who]);
  return body;
}
