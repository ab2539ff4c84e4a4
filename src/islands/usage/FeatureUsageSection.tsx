/**
 * Feature usage on Usage & Sessions: how often each plugin command was used over the last 30, 90
 * or 365 days, as a bar chart with a table of the same numbers beside it, for all devices or one,
 * and the last day each command was used. The numbers are the plugin's daily reports
 * (GET /api/usage/features); with none yet, the section says how the plugin reports. Below, each
 * command's use over time for the same period and devices (shared/UsageTrendPanel.tsx, loaded
 * when the page is scrolled near it).
 */
import { useId, useState } from 'react';
import type { FeatureUsageDevice, FeatureUsageView } from '../../contract/usage';
import type { UsageRange } from '../../config/feature-usage';
import { formatDate } from '../../lib/format';
import { featureUsage, legal } from '../../site.config';
import { DataTable } from '../shared/DataTable';
import { FeatureChart } from '../shared/FeatureChart';
import { lazyPart } from '../shared/lazy-part';
import { Near } from '../shared/Near';
import { useFeatureUsage } from './use-feature-usage';

const ALL = '';

/** The commands' use over time: its code and data load when the page is scrolled near it. */
const UsageTrendPanel = lazyPart(
  async () => (await import('../shared/UsageTrendPanel')).UsageTrendPanel,
);

/** One command's numbers for the chosen devices. */
interface FeatureRow {
  label: string;
  guide: string;
  uses: number;
  lastUsed: string | null;
}

/** The commands' uses summed over `devices`, and the latest day any of them used each. */
export function featureRows(devices: readonly FeatureUsageDevice[]): FeatureRow[] {
  return featureUsage.features.map((feature, index) => {
    let uses = 0;
    let lastUsed: string | null = null;
    for (const device of devices) {
      uses += device.counts[index] ?? 0;
      const last = device.lastUsed[index] ?? null;
      if (last !== null && (lastUsed === null || last > lastUsed)) lastUsed = last;
    }
    return { label: feature.label, guide: feature.guide, uses, lastUsed };
  });
}

const dayText = (day: string) => formatDate(`${day}T00:00:00Z`, 'UTC');

export function FeatureUsageBody({ view, days }: { view: FeatureUsageView; days: UsageRange }) {
  const id = useId();
  const [device, setDevice] = useState(ALL);
  if (view.devices.length === 0) {
    return (
      <p className="usage-empty">
        {view.shareUsage
          ? 'No feature usage yet. While you work, the plugin counts how often you use each command and reports the daily totals when it checks your license; they appear here within a day.'
          : 'Nothing to show: feature usage sharing is off, so the plugin does not report which commands you use. Turn it on in Account Settings.'}
      </p>
    );
  }
  const chosen = view.devices.filter((entry) => device === ALL || entry.deviceId === device);
  // Most used first; a tie keeps the ribbon order (the sort is stable).
  const rows = featureRows(chosen).sort((a, b) => b.uses - a.uses);
  const who = device === ALL ? 'all devices' : (chosen[0]?.deviceName ?? 'this device');
  const period = `the last ${days} days (${dayText(view.from)} to ${dayText(view.to)})`;
  const total = rows.reduce((sum, row) => sum + row.uses, 0);
  const summary = `Uses of each command on ${who} over ${period}, ${total.toLocaleString('en-US')} in all: ${rows
    .map((row) => `${row.label} ${row.uses}`)
    .join(', ')}.`;
  return (
    <>
      {view.devices.length > 1 && (
        <div className="field usage-filter">
          <label htmlFor={`${id}-device`}>Device</label>
          <select
            id={`${id}-device`}
            value={device}
            onChange={(event) => setDevice(event.currentTarget.value)}
          >
            <option value={ALL}>All devices</option>
            {view.devices.map((entry) => (
              <option key={entry.deviceId} value={entry.deviceId}>
                {entry.deviceName}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="usage-feature-grid">
        <figure className="usage-figure">
          <FeatureChart
            bars={rows.map((row) => ({ label: row.label, value: row.uses }))}
            unit={`Uses in the last ${days} days`}
            summary={summary}
          />
          <figcaption className="dashboard-small">
            Uses per command on {who}, {period}.
          </figcaption>
        </figure>
        <DataTable
          caption={`Uses per command on ${who} over ${period}, and the last day each was used`}
          className="usage-table usage-feature-table"
          columns={[
            {
              header: 'Command',
              rowHeader: true,
              cell: (row) => <a href={`/guide/${row.guide}`}>{row.label}</a>,
            },
            {
              header: 'Uses',
              className: 'usage-number',
              cell: (row) => row.uses.toLocaleString('en-US'),
            },
            {
              header: 'Last used',
              className: 'usage-nowrap',
              cell: (row) =>
                row.lastUsed ? (
                  <time dateTime={row.lastUsed}>{dayText(row.lastUsed)}</time>
                ) : (
                  'Never'
                ),
            },
          ]}
          rows={rows}
          rowKey={(row) => row.label}
        />
      </div>
      <h3 className="trend-title">Use over time</h3>
      <Near minHeight="20rem">
        <UsageTrendPanel
          path={`/api/usage/trend?days=${days}${device === ALL ? '' : `&device=${encodeURIComponent(device)}`}`}
          who={device === ALL ? 'on all devices' : `on ${who}`}
        />
      </Near>
      <p className="dashboard-small">
        Days are in UTC. The plugin reports once a day; counts are kept for{' '}
        {legal.retention.usageLogs}.
        {view.shareUsage ? '' : ' Sharing is off, so nothing newer is being recorded.'}
      </p>
    </>
  );
}

export function FeatureUsageSection() {
  const id = useId();
  const [days, setDays] = useState<UsageRange>(featureUsage.usageRanges[0]);
  const { state, reload } = useFeatureUsage(days);
  return (
    <section className="card" aria-labelledby="features-title">
      <div className="usage-heading">
        <h2 id="features-title">Feature usage</h2>
        <div className="field usage-filter">
          <label htmlFor={`${id}-days`}>Period</label>
          <select
            id={`${id}-days`}
            value={days}
            onChange={(event) => setDays(Number(event.currentTarget.value) as UsageRange)}
          >
            {featureUsage.usageRanges.map((range) => (
              <option key={range} value={range}>
                Last {range} days
              </option>
            ))}
          </select>
        </div>
      </div>
      {state.kind === 'loading' ? (
        <p className="dashboard-loading" role="status">
          Loading feature usage...
        </p>
      ) : state.kind === 'failed' ? (
        <div className="usage-failed">
          <p className="form-error" role="alert">
            {state.problem}
          </p>
          <button type="button" className="button" onClick={reload}>
            Retry
          </button>
        </div>
      ) : (
        <FeatureUsageBody view={state.value} days={days} />
      )}
    </section>
  );
}
