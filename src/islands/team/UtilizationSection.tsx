/**
 * Utilization, for the owner: seats used against seats bought and devices in use against the
 * limit (members × devices per seat) over the last 30, 90 or 365 days, each as a chart with a
 * table of the same numbers; then every member's last activity, devices and commands used in the
 * last 30 days, members idle for 30 days marked in words. The commands used over time, all members
 * together (shared/UsageTrendPanel.tsx, its own chunk, loaded when scrolled near), sit between the
 * charts and the members. The member list exports as CSV (a plain link: the browser downloads
 * what the Worker writes).
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { MemberUtilization, TeamUtilization, UtilizationDay } from '../../contract/team';
import type { UsageRange } from '../../config/feature-usage';
import { formatDate, formatShortDate } from '../../lib/format';
import { featureUsage } from '../../site.config';
import { DataTable } from '../shared/DataTable';
import { lazyPart } from '../shared/lazy-part';
import { dayText, LineChart } from '../shared/LineChart';
import { dashboardProblem } from '../shared/session-ended';
import { useLoad } from '../shared/use-load';
import { Moment } from '../shared/Moment';
import { loadUtilization, utilizationLoadFailed } from './section-calls';
import { teamNetwork } from './team-calls';
import { useNear } from './WhenNear';

const problem = dashboardProblem(utilizationLoadFailed, teamNetwork);
/** The commands' use over time: its own chunk, loaded when the page is scrolled near it. */
const UsageTrendPanel = lazyPart(
  async () => (await import('../shared/UsageTrendPanel')).UsageTrendPanel,
);

/**
 * The commands' use over time, below the two charts: its code and data wait until the page is
 * scrolled near it, as a visit that reads the seats and stops there never needs them. Until then
 * an empty block of about its height holds its place, so the members below do not jump.
 */
function TrendWhenNear({ days }: { days: number }) {
  const holder = useRef<HTMLDivElement>(null);
  if (!useNear(holder)) return <div ref={holder} className="trend-holder" aria-hidden="true" />;
  return (
    <UsageTrendPanel
      path={`/api/team/usage-trend?days=${days}`}
      who="by the team's members together"
    />
  );
}

const number = (value: number) => value.toLocaleString('en-US');

/** ["Renumber Views 5", "Sheet Notes 2"]: the commands used, in ribbon order. */
export function featuresUsed(counts: readonly number[]): string[] {
  return featureUsage.features.flatMap((feature, index) => {
    const uses = counts[index] ?? 0;
    return uses > 0 ? [`${feature.label} ${number(uses)}`] : [];
  });
}

/** One command a line, or "None". */
function Commands({ counts }: { counts: readonly number[] }) {
  const used = featuresUsed(counts);
  if (used.length === 0) return <>None</>;
  return (
    <ul className="team-commands">
      {used.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}

interface Series {
  title: string;
  unit: string;
  usedLabel: string;
  limitLabel: string;
  /** The table's narrow headings (its caption says them in full). */
  usedColumn: string;
  limitColumn: string;
  used: (day: UtilizationDay) => number;
  limit: (day: UtilizationDay) => number;
}

const seatSeries: Series = {
  title: 'Seats used',
  unit: 'Seats',
  usedLabel: 'Seats used',
  limitLabel: 'Seats bought',
  usedColumn: 'Used',
  limitColumn: 'Bought',
  used: (day) => day.seatsUsed,
  limit: (day) => day.seats,
};

const deviceSeries: Series = {
  title: 'Devices in use',
  unit: 'Devices',
  usedLabel: 'Devices in use',
  limitLabel: 'Device limit',
  usedColumn: 'In use',
  limitColumn: 'Limit',
  used: (day) => day.devicesInUse,
  limit: (day) => day.devicesAllowed,
};

function SeriesFigure({ view, series }: { view: TeamUtilization; series: Series }) {
  const id = useId();
  const period = `the last ${view.days} days (${dayText(view.from)} to ${dayText(view.to)})`;
  const latest = view.history.at(-1);
  const summary = latest
    ? `${series.usedLabel} against ${series.limitLabel.toLowerCase()} over ${period}; on ${dayText(latest.day)} ${number(series.used(latest))} of ${number(series.limit(latest))}.`
    : `${series.usedLabel} over ${period}: no numbers yet.`;
  const newestFirst = [...view.history].reverse();
  return (
    <div className="team-series">
      <h3 id={`${id}-title`}>{series.title}</h3>
      <div className="team-series-body">
        <figure className="usage-figure">
          <LineChart
            points={view.history.map((day) => ({
              day: day.day,
              used: series.used(day),
              limit: series.limit(day),
            }))}
            from={view.from}
            to={view.to}
            unit={series.unit}
            usedLabel={series.usedLabel}
            limitLabel={series.limitLabel}
            summary={summary}
          />
          <figcaption className="dashboard-small">
            {series.usedLabel} and {series.limitLabel.toLowerCase()} per day, {period}. Days before
            numbers were kept are left out.
          </figcaption>
        </figure>
        <div className="team-scroll" tabIndex={0} role="region" aria-labelledby={`${id}-title`}>
          <DataTable
            caption={`${series.usedLabel} and ${series.limitLabel.toLowerCase()} per day, newest first`}
            className="usage-table team-series-table"
            wrapClassName="team-scroll-table"
            columns={[
              {
                header: 'Day',
                rowHeader: true,
                className: 'usage-nowrap',
                cell: (day) => (
                  <time dateTime={day.day}>{formatShortDate(`${day.day}T00:00:00Z`, 'UTC')}</time>
                ),
              },
              {
                header: series.usedColumn,
                className: 'usage-number',
                cell: (day) => number(series.used(day)),
              },
              {
                header: series.limitColumn,
                className: 'usage-number',
                cell: (day) => number(series.limit(day)),
              },
            ]}
            rows={newestFirst}
            rowKey={(day) => day.day}
          />
        </div>
      </div>
    </div>
  );
}

function MembersTable({
  view,
  deviceLimit,
  now,
}: {
  view: TeamUtilization;
  deviceLimit: number;
  now: number;
}) {
  const idle = view.members.filter((member) => member.idle).length;
  return (
    <>
      <h3 id="team-utilization-members">Members</h3>
      <p>
        {view.members.length === 0
          ? 'No members yet.'
          : `${idle} of ${view.members.length} ${view.members.length === 1 ? 'member' : 'members'} idle for ${view.idleDays}+ days. Commands are counted over the last ${view.featureDays} days.`}
      </p>
      {view.members.length > 0 && (
        // Long names scroll sideways inside a region the keyboard can reach, never the page.
        <div
          className="team-scroll-x"
          tabIndex={0}
          role="region"
          aria-label="Members' use of their seats"
        >
          <DataTable<MemberUtilization>
            wrapClassName="team-scroll-table"
            caption={`Members, when they last used the plugin, their devices and the commands they used in the last ${view.featureDays} days`}
            className="usage-table team-utilization-table"
            columns={[
              {
                header: 'Member',
                rowHeader: true,
                cell: (member) => (
                  <span className="usage-name">
                    {member.customerName}
                    <span className="team-utilization-email">{member.email}</span>
                    <span className="team-utilization-email">
                      Joined {formatDate(member.joinedAt)}
                    </span>
                  </span>
                ),
              },
              {
                header: 'Status',
                cell: (member) =>
                  member.idle ? (
                    <span className="status-badge team-idle">Idle {view.idleDays}+ days</span>
                  ) : (
                    <span className="status-badge status-active">Active</span>
                  ),
              },
              {
                header: 'Last activity',
                className: 'usage-nowrap',
                cell: (member) =>
                  member.lastActivityAt ? (
                    <Moment iso={member.lastActivityAt} now={now} />
                  ) : (
                    'Never'
                  ),
              },
              {
                header: 'Devices in use',
                className: 'usage-nowrap',
                cell: (member) => `${member.devicesInUse} of ${deviceLimit}`,
              },
              {
                header: `Commands used, last ${view.featureDays} days`,
                label: 'Commands used',
                cell: (member) => <Commands counts={member.features} />,
              },
            ]}
            rows={view.members}
            rowKey={(member) => member.userId}
          />
        </div>
      )}
    </>
  );
}

interface Props {
  deviceLimit: number;
  /** Bumped by the page after each owner action, so the numbers follow it. */
  version: number;
}

export function UtilizationSection({ deviceLimit, version }: Props) {
  const id = useId();
  const [days, setDays] = useState<UsageRange>(featureUsage.usageRanges[0]);
  const load = useCallback(() => loadUtilization(days), [days]);
  const { state, reload, refresh } = useLoad(load, problem);

  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    refresh();
  }, [version, refresh]);

  return (
    <section className="card" aria-labelledby="team-utilization-title">
      <div className="usage-heading">
        <h2 id="team-utilization-title">Utilization</h2>
        <div className="team-utilization-tools">
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
          <a
            className="button button-secondary usage-button"
            href="/api/team/utilization.csv"
            download
          >
            Export members CSV
          </a>
        </div>
      </div>
      {state.kind === 'loading' ? (
        <p className="dashboard-loading" role="status">
          Loading utilization...
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
        <UtilizationBody view={state.value} deviceLimit={deviceLimit} now={state.now} />
      )}
    </section>
  );
}

function UtilizationBody({
  view,
  deviceLimit,
  now,
}: {
  view: TeamUtilization;
  deviceLimit: number;
  now: number;
}) {
  const today = view.history.at(-1);
  return (
    <>
      {today && (
        <dl className="dashboard-details">
          <div>
            <dt>Seats used today</dt>
            <dd>
              {number(today.seatsUsed)} of {number(today.seats)}
            </dd>
          </div>
          <div>
            <dt>Devices in use</dt>
            <dd>
              {number(today.devicesInUse)} of {number(today.devicesAllowed)}
              <span className="team-muted">
                {' '}
                ({today.seatsUsed} {today.seatsUsed === 1 ? 'member' : 'members'} × {deviceLimit}{' '}
                per seat)
              </span>
            </dd>
          </div>
        </dl>
      )}
      <div className="team-series-grid">
        <SeriesFigure view={view} series={seatSeries} />
        <SeriesFigure view={view} series={deviceSeries} />
      </div>
      <h3 className="trend-title">Commands used over time</h3>
      <TrendWhenNear days={view.days} />
      <MembersTable view={view} deviceLimit={deviceLimit} now={now} />
      <p className="dashboard-small">
        Days are in UTC; seats and devices are counted every hour and a day keeps its last count.
        Last activity is the latest of a device checking its license and a day with a command used
        (commands are counted only for members who share feature usage).
      </p>
    </>
  );
}
