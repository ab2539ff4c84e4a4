/**
 * The team activity feed: devices activated, deactivated and replaced by members, their sign-ins
 * and the team's own events, filtered by member and by day, and exported as CSV with the same
 * filter (a plain link: the browser downloads what the Worker writes). Loaded when the page is
 * scrolled to it (TeamPage); the member filter lists every member (GET /api/team/member-names).
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TeamActivity, TeamMemberNames } from '../../contract/team';
import { DataTable, type Column } from '../shared/DataTable';
import { dashboardProblem } from '../shared/session-ended';
import { useLoad, type LoadState } from '../shared/use-load';
import { kindLabel, memberLabel } from './feed-format';
import {
  activityLoadFailed,
  activityQuery,
  loadActivity,
  loadMemberNames,
  noFilter,
  type ActivityFilter,
} from './section-calls';
import { teamNetwork } from './team-calls';
import { formatShortDateTime } from '../../lib/format';

type Feed = LoadState<TeamActivity[], string>;

const problem = dashboardProblem(activityLoadFailed, teamNetwork);

type Members = TeamMemberNames['members'];

interface Props {
  /** Bumped by the page after each owner action, so the feed shows it. */
  version: number;
}

export function ActivitySection({ version }: Props) {
  const id = useId();
  // The filter's choices; without them (not loaded yet, or failed) the feed still shows.
  const [members, setMembers] = useState<Members>([]);
  const [draft, setDraft] = useState<ActivityFilter>(noFilter);
  const [applied, setApplied] = useState<ActivityFilter>(noFilter);
  const load = useCallback(() => loadActivity(applied), [applied]);
  const { state: feed, refresh } = useLoad(load, problem);

  // The members: now, and after an owner action (someone joined, left or was renamed).
  useEffect(() => {
    let current = true;
    loadMemberNames().then(
      (names) => current && setMembers(names),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [version]);

  // After an owner action the feed loads again, its rows staying on screen meanwhile.
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    refresh();
  }, [version, refresh]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A new filter object even when unchanged: Show always loads the feed again.
    setApplied({ ...draft });
  };
  const change = (patch: Partial<ActivityFilter>) => setDraft((now) => ({ ...now, ...patch }));

  return (
    <section className="card" aria-labelledby="team-activity-title">
      <div className="usage-heading">
        <h2 id="team-activity-title">Team activity</h2>
        <a
          className="button button-secondary usage-button"
          href={`/api/team/activity.csv${activityQuery(applied)}`}
          download
        >
          Export CSV
        </a>
      </div>
      <form className="team-filter" onSubmit={submit} aria-label="Filter the team activity">
        <div className="field">
          <label htmlFor={`${id}-member`}>Member</label>
          <select
            id={`${id}-member`}
            value={draft.member}
            onChange={(event) => change({ member: event.target.value })}
          >
            <option value="">All members</option>
            {members.map((who) => (
              <option key={who.userId} value={who.userId}>
                {who.customerName} ({who.email})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>From</label>
          <input
            id={`${id}-from`}
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(event) => change({ from: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>To</label>
          <input
            id={`${id}-to`}
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(event) => change({ to: event.target.value })}
          />
        </div>
        <button type="submit" className="button usage-button">
          Show
        </button>
      </form>
      <p className="field-hint">
        Dates are whole days in UTC. The export follows the filter shown.
      </p>
      <FeedTable feed={feed} members={members} />
    </section>
  );
}

const columns = (members: Members): Column<TeamActivity>[] => [
  {
    header: 'Time',
    className: 'usage-nowrap',
    cell: (row) => <time dateTime={row.at}>{formatShortDateTime(row.at)}</time>,
  },
  {
    header: 'Member',
    className: 'team-break',
    title: (row) => row.member || undefined,
    cell: (row) => memberLabel(row, members),
  },
  { header: 'Event', cell: (row) => kindLabel(row.kind) },
  { header: 'Detail', className: 'team-break', cell: (row) => row.detail || '—' },
];

function FeedTable({ feed, members }: { feed: Feed; members: Members }) {
  if (feed.kind === 'loading')
    return (
      <p className="usage-empty" role="status">
        Loading activity...
      </p>
    );
  if (feed.kind === 'failed')
    return (
      <p className="form-error" role="alert">
        {feed.problem}
      </p>
    );
  return (
    <DataTable
      caption="Team activity, newest first"
      className="usage-table team-feed"
      columns={columns(members)}
      rows={feed.value}
      rowKey={(row, index) => `${row.at}-${index}`}
      empty={<p className="usage-empty">No activity for this filter.</p>}
    />
  );
}
