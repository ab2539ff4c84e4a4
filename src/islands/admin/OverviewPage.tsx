/**
 * /admin: the business at a glance (GET /api/admin/metrics): trials and their conversion to a
 * paid plan, paying subscriptions and their seats with MRR and ARR, cancellations, refunds, Enterprise seats,
 * active devices, plugin versions and feature adoption — each over the chosen range (7, 30 or 90 days, 12 months,
 * kept in the address as ?range=) as a chart with the numbers beside it, and linking to the page
 * that lists what it counts. After feature adoption, each command's use over time and its last
 * 30 days against the 30 before (shared/UsageTrendPanel.tsx, loaded when scrolled near).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import {
  metricRangeLabels,
  metricRanges,
  type BusinessMetrics,
  type MetricRange,
} from '../../contract/admin-metrics';
import { features } from '../../config/feature-usage';
import { formatDate, formatMoney } from '../../lib/format';
import { withErrorBoundary } from '../ErrorBoundary';
import { lazyPart } from '../shared/lazy-part';
import { Near } from '../shared/Near';
import { useLoad } from '../shared/use-load';
import { BarChart } from './BarChart';
import { ConsoleAlert } from './ConsoleAlert';
import { adminGet, problemOf, withQuery } from './console-api';
import { Loading, Section } from './parts';
import '../shared/forms.css';
import '../dashboard/dashboard.css';
import './admin.css';
import { isGetBusinessMetricsAnswer } from '../../generated/answers/GetBusinessMetricsAnswer';

const loadFailed = 'We could not load the overview. Please try again.';
const loadProblem = (error: unknown) => problemOf(error, loadFailed);

function rangeFromAddress(): MetricRange {
  const asked = new URLSearchParams(window.location.search).get('range');
  return metricRanges.find((range) => range === asked) ?? '30d';
}

const count = (value: number) => value.toLocaleString('en-US');
/** "1 refund", "3 refunds": a count with its noun. */
const counted = (value: number, one: string, many = `${one}s`) =>
  `${count(value)} ${value === 1 ? one : many}`;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

interface Measure {
  id: string;
  title: string;
  /** The headline: a total over the range, or the level at its end. */
  headline: string;
  values: readonly number[];
  format: (value: number) => string;
  /** Where the things counted are listed. */
  link?: { href: string; label: string };
}

function measuresOf(metrics: BusinessMetrics): Measure[] {
  const money = (cents: number) => formatMoney(cents, metrics.currency);
  const lastOf = (values: readonly number[]) => values.at(-1) ?? 0;
  const mrr = lastOf(metrics.mrrCents);
  const { trialsStarted, converted } = metrics.cohort;
  const conversion =
    trialsStarted > 0 ? `${Math.round((converted / trialsStarted) * 100)}%` : 'no trials';
  return [
    {
      id: 'trials',
      title: 'Trials started',
      headline: `${count(sum(metrics.trialsStarted))} in the range; ${conversion} of them became paid (${count(converted)} of ${count(trialsStarted)})`,
      values: metrics.trialsStarted,
      format: count,
    },
    {
      id: 'conversions',
      title: 'Trials converted to paid',
      headline: `${counted(sum(metrics.trialConversions), 'trial')} became paid: Standard bought, a team bought or an organization joined`,
      values: metrics.trialConversions,
      format: count,
    },
    {
      id: 'subscriptions',
      title: 'Paid subscriptions',
      headline: `${count(lastOf(metrics.activeSubscriptions))} paying now, ${counted(lastOf(metrics.paidSeats), 'seat')}`,
      values: metrics.activeSubscriptions,
      format: count,
      link: { href: '/admin/money', label: 'Money' },
    },
    {
      id: 'mrr',
      title: 'Monthly recurring revenue',
      headline: `MRR ${money(mrr)}, ARR ${money(mrr * 12)}`,
      values: metrics.mrrCents,
      format: money,
    },
    {
      id: 'cancellations',
      title: 'Cancellations',
      headline: `${counted(sum(metrics.cancellations), 'subscription')} ended`,
      values: metrics.cancellations,
      format: count,
      link: { href: '/admin/audit?action=cancel-subscription', label: 'Audit log' },
    },
    {
      id: 'refunds',
      title: 'Refunds',
      headline: `${counted(sum(metrics.refunds), 'refund')}, ${money(sum(metrics.refundedCents))}`,
      values: metrics.refundedCents,
      format: money,
      link: { href: '/admin/money', label: 'Money' },
    },
    {
      id: 'seats',
      title: 'Enterprise seats used',
      headline: `${count(lastOf(metrics.enterpriseSeatsUsed))} of ${counted(lastOf(metrics.enterpriseSeatsSold), 'seat')} sold in use`,
      values: metrics.enterpriseSeatsUsed,
      format: count,
      link: { href: '/admin/organizations', label: 'Organizations' },
    },
    {
      id: 'devices',
      title: 'Active devices',
      headline: `${counted(lastOf(metrics.activeDevices), 'device')} activated now`,
      values: metrics.activeDevices,
      format: count,
    },
  ];
}

function MeasureCard({ measure, labels }: { measure: Measure; labels: readonly string[] }) {
  return (
    <Section id={measure.id} title={measure.title}>
      <p className="console-headline">
        {measure.headline}
        {measure.link && (
          <>
            {' '}
            <a href={measure.link.href}>{measure.link.label}</a>
          </>
        )}
      </p>
      <BarChart
        title={`${measure.title} per period`}
        labels={labels}
        values={measure.values}
        format={measure.format}
      />
      <ChartTable
        caption={measure.title}
        column={measure.title}
        labels={labels}
        values={measure.values}
        format={measure.format}
      />
    </Section>
  );
}

/** A chart's numbers as a table, one row a period, folded under "Show as table". */
function ChartTable({
  caption,
  column,
  labels,
  values,
  format,
}: {
  caption: string;
  column: string;
  labels: readonly string[];
  values: readonly number[];
  format: (value: number) => string;
}) {
  return (
    <details className="console-numbers">
      <summary>Show as table</summary>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">{column}</th>
          </tr>
        </thead>
        <tbody>
          {values.map((value, i) => (
            <tr key={labels[i] ?? i}>
              <th scope="row">{labels[i]}</th>
              <td>{format(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

const ALL = 'all';

/** Each command's use over time: its code and data load when the page is scrolled near it. */
const UsageTrendPanel = lazyPart(
  async () => (await import('../shared/UsageTrendPanel')).UsageTrendPanel,
);

/** The trend's period for a range: 30 days per day for the short ranges, else per week. */
export const trendDays = (range: MetricRange): 30 | 90 | 365 =>
  range === '12m' ? 365 : range === '90d' ? 90 : 30;

/**
 * Which of the plugin's commands are used: a chart of uses per period (all commands, or the one
 * chosen), and per command its uses, device-days and share of the device-days with any use.
 */
function AdoptionSection({
  adoption,
  labels,
}: {
  adoption: BusinessMetrics['featureAdoption'];
  labels: readonly string[];
}) {
  const id = useId();
  const [chosen, setChosen] = useState(ALL);
  const totalDeviceDays = sum(adoption.deviceDays);
  const rows = features.map((feature) => {
    const found = adoption.features.find((one) => one.slug === feature.slug);
    return {
      slug: feature.slug,
      label: feature.label,
      perPeriod: found?.uses ?? [],
      uses: sum(found?.uses ?? []),
      deviceDays: sum(found?.deviceDays ?? []),
    };
  });
  const top = [...rows].sort((a, b) => b.uses - a.uses)[0];
  const shown = rows.find((row) => row.slug === chosen);
  const values = shown
    ? shown.perPeriod
    : labels.map((_, i) => rows.reduce((total, row) => total + (row.perPeriod[i] ?? 0), 0));
  const share = (deviceDays: number) =>
    totalDeviceDays > 0 ? `${Math.round((deviceDays / totalDeviceDays) * 100)}%` : '–';
  return (
    <Section id="adoption" title="Feature adoption">
      <p className="console-headline">
        {totalDeviceDays === 0
          ? 'No device reported using a command in this range.'
          : `${counted(totalDeviceDays, 'device-day')} with use${top && top.uses > 0 ? `; most used: ${top.label} (${counted(top.uses, 'use')})` : ''}`}
      </p>
      <div className="field console-adoption-filter">
        <label htmlFor={`${id}-command`}>Command</label>
        <select id={`${id}-command`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value={ALL}>All commands</option>
          {rows.map((row) => (
            <option key={row.slug} value={row.slug}>
              {row.label}
            </option>
          ))}
        </select>
      </div>
      <BarChart
        title={`Uses of ${shown ? shown.label : 'all commands'} per period`}
        labels={labels}
        values={values}
        format={count}
      />
      <ChartTable
        caption={`Uses of ${shown ? shown.label : 'all commands'} per period`}
        column="Uses"
        labels={labels}
        values={values}
        format={count}
      />
      <table className="console-numbers-table">
        <caption className="visually-hidden">
          Uses of each command in the range, the devices that used it added up over the days, and
          their share of the device-days with any use
        </caption>
        <thead>
          <tr>
            <th scope="col">Command</th>
            <th scope="col">Uses</th>
            <th scope="col">Device-days</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.slug}>
              <th scope="row">{row.label}</th>
              <td>{count(row.uses)}</td>
              <td>{count(row.deviceDays)}</td>
              <td>{share(row.deviceDays)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="console-note">
        A device-day is one device using a command on one day; the share is of the device-days on
        which any command was used.
      </p>
    </Section>
  );
}

function OverviewPage() {
  const [range, setRange] = useState<MetricRange>('30d');
  useEffect(() => {
    // The address exists only in the browser, so it is read after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRange(rangeFromAddress());
  }, []);
  const load = useCallback(
    () => adminGet(withQuery('/api/admin/metrics', { range }), isGetBusinessMetricsAnswer),
    [range],
  );
  const { state, reload } = useLoad(load, loadProblem);

  const choose = (next: MetricRange) => {
    setRange(next);
    window.history.replaceState(null, '', withQuery('/admin', { range: next }));
  };

  return (
    <div className="console-overview">
      <div className="console-ranges" role="group" aria-label="Range">
        {metricRanges.map((option) => (
          <button
            key={option}
            type="button"
            className="button button-secondary"
            aria-pressed={option === range}
            onClick={() => choose(option)}
          >
            {metricRangeLabels[option]}
          </button>
        ))}
      </div>
      {state.kind === 'loading' && <Loading>Loading the overview...</Loading>}
      {state.kind === 'failed' && <ConsoleAlert problem={state.problem} onRetry={reload} />}
      {state.kind === 'ready' && (
        <>
          <div className="console-measures">
            {measuresOf(state.value).map((measure) => (
              <MeasureCard
                key={measure.id}
                measure={measure}
                labels={state.value.periods.map((period) => period.label)}
              />
            ))}
          </div>
          <Section id="reasons" title="Why customers cancelled">
            {state.value.cancellationReasons.length === 0 ? (
              <p>No customer gave a reason in this range.</p>
            ) : (
              <ul className="console-reasons">
                {state.value.cancellationReasons.map((said) => (
                  <li key={`${said.at}-${said.reason}`}>
                    <time dateTime={new Date(said.at).toISOString()}>{formatDate(said.at)}</time>:{' '}
                    {said.reason}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <AdoptionSection
            adoption={state.value.featureAdoption}
            labels={state.value.periods.map((period) => period.label)}
          />
          <Section
            id="adoption-trend"
            title={`Feature use over time, last ${trendDays(range)} days`}
          >
            <Near minHeight="20rem">
              <UsageTrendPanel
                path={`/api/admin/usage-trend?days=${trendDays(range)}`}
                who="on every device"
              />
            </Near>
          </Section>
          <Section id="versions" title="Plugin versions in use">
            {state.value.pluginVersions.length === 0 ? (
              <p>No device has reported in the last 30 days.</p>
            ) : (
              <table className="console-numbers-table">
                <caption className="visually-hidden">
                  Devices seen in the last 30 days, by plugin version
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Version</th>
                    <th scope="col">Devices</th>
                  </tr>
                </thead>
                <tbody>
                  {state.value.pluginVersions.map((row) => (
                    <tr key={row.version ?? 'unknown'}>
                      <th scope="row">{row.version ?? 'Not reported'}</th>
                      <td>{count(row.devices)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Section>
        </>
      )}
    </div>
  );
}

export default withErrorBoundary(OverviewPage);
