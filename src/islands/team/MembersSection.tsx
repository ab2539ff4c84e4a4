/**
 * The team's people in one table: members and open invitations, with their status (Active, Idle
 * after `teamIdleDays` days without activity, Invited), last activity, devices in use and when
 * they joined or were invited. The server answers one page of 50 at a time
 * (GET /api/team/members), searched by name or e-mail (sent 300 ms after the last key), filtered
 * by status and sorted by a column, so a team of hundreds costs the same as a team of five; the
 * view is kept in the page's address. Each row's actions (free a device, make owner, remove; send
 * an invitation again, withdraw it) are confirmed in a dialog first; after one, the page shown
 * loads again. On a phone each row becomes a labelled block (usage.css).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type {
  TeamOverview,
  TeamPeoplePage,
  TeamPerson,
  TeamTableMember,
} from '../../contract/team';
import { statusFilters, type StatusFilter } from '../../contract/team';
import { teamIdleDays } from '../../config/limits';
import { formatShortDate } from '../../lib/format';
import { DataTable } from '../shared/DataTable';
import { Moment } from '../shared/Moment';
import { dashboardProblem } from '../shared/session-ended';
import { DevicesMenu } from './DevicesMenu';
import type { MemberActions } from './member-actions';
import {
  firstView,
  personEmail,
  personKey,
  rangeText,
  SEARCH_MAX,
  sortedBy,
  viewOf,
  viewQuery,
  type TableView,
} from './people';
import { loadPeople, peopleLoadFailed, teamAction, teamNetwork } from './team-calls';
import type { PendingAction } from './TeamConfirm';

interface Props {
  organization: TeamOverview['organization'];
  /** Bumped by the page after each owner action: the page shown loads again. */
  version: number;
  onAsk: (action: PendingAction) => void;
  /** After the first page is shown (or failed): the page has its height. */
  onShown?: () => void;
}

/** The search is sent this long after the last key. */
const SEARCH_DELAY_MS = 300;
/** A row action's words and the dialog that confirms it, loaded on the first press. */
export const loadActions = async () => {
  const [actions] = await Promise.all([import('./member-actions'), import('./TeamConfirm')]);
  return actions;
};
const problemOf = dashboardProblem(peopleLoadFailed, teamNetwork);
/** How a member came, under the day they joined. */
const sourceWords: Record<TeamTableMember['source'], string> = {
  invited: 'by invitation',
  sso: 'by single sign-on',
  scim: 'by SCIM',
  owner: 'owner',
};
const capital = (word: string) => `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`;

/** The view in the address when the page opened (the server answers the first view without one). */
const startView = (): TableView =>
  typeof window === 'undefined' ? firstView : viewOf(window.location.search);

export function MembersSection({ organization, version, onAsk, onShown }: Props) {
  const id = useId();
  const [view, setView] = useState<TableView>(startView);
  const [draft, setDraft] = useState(view.q);
  const [shown, setShown] = useState<{ answer: TeamPeoplePage; now: number } | null>(null);
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const [retries, setRetries] = useState(0);
  // Only the newest call may show its answer; `settled` is a view already answered (the last
  // page, given for one past it), not to be asked for again.
  const latest = useRef(0);
  const settled = useRef('');

  // Typing: the search goes out a moment after the last key, from page 1.
  useEffect(() => {
    if (draft.trim() === view.q.trim()) return;
    const timer = window.setTimeout(
      () => setView((now) => ({ ...now, q: draft, page: 1 })),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [draft, view.q]);

  // The page of the view, again after an owner action or Retry; the address follows the view.
  useEffect(() => {
    const key = `${viewQuery(view)}|${version}|${retries}`;
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${viewQuery(view)}${hash}`);
    if (key === settled.current) {
      settled.current = '';
      return;
    }
    const call = ++latest.current;
    // From a task, not the effect body, so the first state change is not a cascade.
    const timer = window.setTimeout(() => {
      setLoading(true);
      loadPeople(view).then(
        (answer) => {
          if (call !== latest.current) return;
          setShown({ answer, now: Date.now() });
          setProblem(null);
          setLoading(false);
          onShown?.();
          // Past the last page (rows removed, a narrower search) the server answered the last.
          if (answer.page !== view.page) {
            const last = { ...view, page: answer.page };
            settled.current = `${viewQuery(last)}|${version}|${retries}`;
            setView(last);
          }
        },
        (failure: unknown) => {
          if (call !== latest.current) return;
          const text = problemOf(failure);
          if (text !== null) setProblem(text);
          setLoading(false);
          onShown?.();
        },
      );
    }, 0);
    return () => window.clearTimeout(timer);
  }, [view, version, retries, onShown]);

  const show = (change: Partial<TableView>) => setView((now) => ({ ...now, page: 1, ...change }));
  const clear = () => {
    setDraft('');
    setView((now) => ({ ...now, q: '', status: 'all', page: 1 }));
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (draft !== view.q) show({ q: draft });
  };

  // A row's button: the confirmation's words and dialog load on the first press.
  const action = (
    label: string,
    hidden: string,
    pending: (calls: MemberActions) => PendingAction,
  ) => (
    <button
      type="button"
      className="button button-secondary usage-button"
      onClick={() => {
        setOffline(false);
        loadActions().then(
          ({ memberActions }) => onAsk(pending(memberActions(teamAction, organization.name))),
          () => setOffline(true),
        );
      }}
    >
      {label}
      <span className="visually-hidden"> {hidden}</span>
    </button>
  );

  const now = shown?.now ?? 0;
  const devicesCell = (who: TeamTableMember) => (
    <DevicesMenu
      member={who}
      deviceLimit={organization.deviceLimit}
      version={version}
      freeButton={(device) =>
        action('Free device', `${device.deviceName} of ${who.customerName}`, (calls) =>
          calls.freeDevice(who, device),
        )
      }
    />
  );

  const answer = shown?.answer;
  const counts = answer?.counts;
  const members = counts ? counts.active + counts.idle : 0;
  const status = (
    <p className="visually-hidden" aria-live="polite">
      {loading
        ? 'Loading members...'
        : answer
          ? `${answer.total} of ${answer.counts.all} shown.`
          : ''}
    </p>
  );

  const body = () => {
    if (!answer)
      return problem ? null : (
        <p className="usage-empty" aria-hidden="true">
          Loading members...
        </p>
      );
    if (answer.counts.all === 0)
      return <p className="usage-empty">No members yet. Invite your colleagues below.</p>;
    // Nothing to keep on screen while the next rows load (after "No one matches").
    if (loading && answer.people.length === 0)
      return (
        <p className="usage-empty" aria-hidden="true">
          Loading members...
        </p>
      );
    return (
      <>
        <DataTable<TeamPerson>
          caption={`Members and open invitations, page ${answer.page} of ${answer.pages}`}
          className="usage-table team-table"
          wrapClassName={loading ? 'usage-table-wrap team-table-busy' : 'usage-table-wrap'}
          sort={{ key: view.sort, direction: view.dir === 'asc' ? 'ascending' : 'descending' }}
          onSort={(key) => setView((now) => sortedBy(now, key as TableView['sort']))}
          empty={
            <div className="usage-empty team-no-match">
              <p>No one matches.</p>
              <button type="button" className="button button-secondary" onClick={clear}>
                Clear filters
              </button>
            </div>
          }
          columns={[
            {
              header: 'Name',
              rowHeader: true,
              sortKey: 'name',
              cell: ({ member }) =>
                member?.customerName ?? <span className="team-muted">Not joined yet</span>,
            },
            {
              header: 'E-mail',
              sortKey: 'email',
              // A long address breaks at its @ first.
              cell: (person) => {
                const email = personEmail(person);
                const at = email.indexOf('@');
                return (
                  <span className="team-address">
                    {email.slice(0, at)}
                    <wbr />
                    {email.slice(at)}
                  </span>
                );
              },
            },
            {
              header: 'Status',
              sortKey: 'status',
              cell: ({ status: state, member }) => (
                <span className="team-badges">
                  <span
                    className={`status-badge ${state === 'active' ? 'status-active' : `team-${state}`}`}
                  >
                    {capital(state)}
                  </span>
                  {member && member.licenseStatus !== 'active' && (
                    <span className={`status-badge status-${member.licenseStatus}`}>
                      License {member.licenseStatus}
                    </span>
                  )}
                </span>
              ),
            },
            {
              header: 'Last active',
              sortKey: 'lastActive',
              cell: ({ member }) =>
                !member ? (
                  '—'
                ) : member.lastActivityAt ? (
                  <Moment iso={member.lastActivityAt} now={now} />
                ) : (
                  'Never'
                ),
            },
            {
              header: 'Devices in use',
              label: 'Devices',
              sortKey: 'devices',
              cell: ({ member }) => (member ? devicesCell(member) : '—'),
            },
            {
              header: 'Joined',
              sortKey: 'joined',
              cell: ({ member, invitation }) =>
                invitation ? (
                  // One element: on a phone the cell is a label and one value.
                  <span>
                    Invited {formatShortDate(invitation.createdAt)}
                    <span className="usage-muted">
                      {invitation.sentCount > 1 && `sent ${invitation.sentCount} times, `}
                      expires {formatShortDate(invitation.expiresAt)}
                    </span>
                  </span>
                ) : (
                  <span>
                    {formatShortDate(member?.joinedAt ?? '')}
                    <span className="usage-muted">{sourceWords[member?.source ?? 'invited']}</span>
                  </span>
                ),
            },
            {
              header: 'Actions',
              action: true,
              className: 'usage-action',
              cell: ({ member, invitation }) => (
                <span className="team-actions">
                  {invitation && (
                    <>
                      {action('Send again', `to ${invitation.email}`, (calls) =>
                        calls.resend(invitation),
                      )}
                      {action('Withdraw', `the invitation to ${invitation.email}`, (calls) =>
                        calls.withdraw(invitation),
                      )}
                    </>
                  )}
                  {member &&
                    (member.userId === organization.ownerUserId ? (
                      action('Leave my seat', '', (calls) => calls.leaveSeat())
                    ) : (
                      <>
                        {action('Make owner', member.customerName, (calls) =>
                          calls.transfer(member),
                        )}
                        {action('Remove', member.customerName, (calls) => calls.remove(member))}
                      </>
                    ))}
                </span>
              ),
            },
          ]}
          rows={answer.people}
          rowKey={personKey}
        />
        {answer.total > 0 && (
          <p className="field-hint">
            Idle: no activity (a device seen, a command used) for {teamIdleDays} days or more.
          </p>
        )}
        {answer.total > 0 && (
          <nav className="team-pager" aria-label="Pages of members and invitations">
            <p>{rangeText(answer.page, answer.pageSize, answer.people.length, answer.total)}</p>
            <button
              type="button"
              className="button button-secondary usage-button"
              disabled={answer.page === 1}
              onClick={() => setView((now) => ({ ...now, page: answer.page - 1 }))}
            >
              Previous<span className="visually-hidden"> page</span>
            </button>
            Page {answer.page} of {answer.pages}
            <button
              type="button"
              className="button button-secondary usage-button"
              disabled={answer.page === answer.pages}
              onClick={() => setView((now) => ({ ...now, page: answer.page + 1 }))}
            >
              Next<span className="visually-hidden"> page</span>
            </button>
          </nav>
        )}
      </>
    );
  };

  return (
    <section
      className="card"
      aria-labelledby={`${id}-title`}
      aria-busy={loading ? true : undefined}
    >
      <div className="usage-heading">
        <h2 id={`${id}-title`}>Members and invitations</h2>
        {counts && (
          <p className="usage-count">
            {members} {members === 1 ? 'member' : 'members'}
            {counts.invited > 0 && `, ${counts.invited} invited`}
          </p>
        )}
      </div>
      {(!counts || counts.all > 0) && (
        <div className="team-table-tools">
          <form
            role="search"
            aria-label="Members and invitations by name or e-mail"
            className="field team-search"
            onSubmit={search}
          >
            <label htmlFor={`${id}-search`}>Search by name or e-mail</label>
            <input
              id={`${id}-search`}
              type="search"
              autoComplete="off"
              maxLength={SEARCH_MAX}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          </form>
          <div className="team-status-filter" role="group" aria-label="Show by status">
            {statusFilters.map((value: StatusFilter) => (
              <button
                key={value}
                type="button"
                className="team-chip"
                aria-pressed={view.status === value}
                onClick={() => show({ status: value })}
              >
                {capital(value)} <span className="team-chip-count">{counts?.[value] ?? '–'}</span>
              </button>
            ))}
          </div>
        </div>
      )}
      {status}
      {problem && (
        <div className="form-error" role="alert">
          <p>{problem}</p>
          <button
            type="button"
            className="button button-secondary usage-button"
            onClick={() => setRetries((n) => n + 1)}
          >
            Retry
          </button>
        </div>
      )}
      {offline && (
        <p className="form-error" role="alert">
          {teamNetwork}
        </p>
      )}
      {body()}
    </section>
  );
}
