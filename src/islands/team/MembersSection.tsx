/**
 * The team's people in one table: members and open invitations, with their status (Active, Idle
 * after `teamIdleDays` days without activity, Invited), last activity, devices in use and when
 * they joined or were invited. Searchable by name or e-mail, filtered by status, sortable by each
 * column and paged, so a team of hundreds stays one screen. Each row's actions (free a device,
 * make owner, remove; send an invitation again, withdraw it) are confirmed in a dialog first.
 * On a phone each row becomes a labelled block (usage.css).
 */
import { useId, useMemo, useState } from 'react';
import type { TeamMember, TeamOverview } from '../../contract/team';
import { teamIdleDays } from '../../config/limits';
import { formatShortDate } from '../../lib/format';
import { DataTable, type TableSort } from '../shared/DataTable';
import { Moment } from '../shared/Moment';
import type { MemberActions } from './member-actions';
import {
  filterPeople,
  pageOf,
  sortPeople,
  statusCounts,
  teamPeople,
  type Person,
  type StatusFilter,
} from './people';
import { teamAction, teamNetwork } from './team-calls';
import type { PendingAction } from './TeamConfirm';

interface Props {
  overview: TeamOverview;
  now: number;
  onAsk: (action: PendingAction) => void;
}

const filters: StatusFilter[] = ['all', 'active', 'idle', 'invited'];
const loadActions = () => import('./member-actions');

export function MembersSection({ overview, now, onAsk }: Props) {
  const id = useId();
  const people = useMemo(() => teamPeople(overview), [overview]);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<TableSort>({ key: 'name', direction: 'ascending' });
  const [page, setPage] = useState(1);
  const [offline, setOffline] = useState(false);
  const { organization, members } = overview;
  const counts = statusCounts(people);
  const found = useMemo(
    () => sortPeople(filterPeople(people, query, status), sort),
    [people, query, status, sort],
  );
  const view = pageOf(found, page);
  const show = (nextQuery: string, nextStatus: StatusFilter) => {
    setQuery(nextQuery);
    setStatus(nextStatus);
    setPage(1);
  };

  // A row's button: the confirmation's words load on the first press (member-actions.ts).
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

  const devicesCell = (who: TeamMember) => {
    const text = `${who.devices.length} of ${organization.deviceLimit}`;
    if (who.devices.length === 0) return text;
    return (
      <details className="team-devices-menu">
        <summary>
          {text}
          <span className="visually-hidden"> devices of {who.customerName}</span>
        </summary>
        <ul aria-label={`Devices of ${who.customerName}`}>
          {who.devices.map((device) => (
            <li key={device.id}>
              <span className="team-device-name">{device.deviceName}</span>
              <span className="team-muted">
                seen <Moment iso={device.lastSeenAt} now={now} />
              </span>
              {action('Free device', `${device.deviceName} of ${who.customerName}`, (calls) =>
                calls.freeDevice(who, device),
              )}
            </li>
          ))}
        </ul>
      </details>
    );
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <div className="usage-heading">
        <h2 id={`${id}-title`}>Members and invitations</h2>
        <p className="usage-count">
          {members.length} {members.length === 1 ? 'member' : 'members'}
          {counts.invited > 0 && `, ${counts.invited} invited`}
        </p>
      </div>
      {people.length === 0 ? (
        <p className="usage-empty">No members yet. Invite your colleagues below.</p>
      ) : (
        <>
          <div className="team-table-tools">
            <div className="field team-search">
              <label htmlFor={`${id}-search`}>Search by name or e-mail</label>
              <input
                id={`${id}-search`}
                type="search"
                autoComplete="off"
                value={query}
                onChange={(event) => show(event.target.value, status)}
              />
            </div>
            <div className="team-status-filter" role="group" aria-label="Show by status">
              {filters.map((value) => (
                <button
                  key={value}
                  type="button"
                  className="team-chip"
                  aria-pressed={status === value}
                  onClick={() => show(query, value)}
                >
                  {value[0]?.toUpperCase()}
                  {value.slice(1)} <span className="team-chip-count">{counts[value]}</span>
                </button>
              ))}
            </div>
          </div>
          {offline && (
            <p className="form-error" role="alert">
              {teamNetwork}
            </p>
          )}
          <p className="visually-hidden" aria-live="polite">
            {found.length} of {people.length} shown.
          </p>
          <DataTable<Person>
            caption={`Members and open invitations, page ${view.page} of ${view.pages}`}
            className="usage-table team-table"
            sort={sort}
            onSort={(key) => {
              setSort({
                key,
                direction:
                  sort.key === key && sort.direction === 'ascending' ? 'descending' : 'ascending',
              });
              setPage(1);
            }}
            empty={
              <div className="usage-empty team-no-match">
                <p>No one matches.</p>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => show('', 'all')}
                >
                  Clear filters
                </button>
              </div>
            }
            columns={[
              {
                header: 'Name',
                rowHeader: true,
                sortKey: 'name',
                cell: (person) => person.name ?? <span className="team-muted">Not joined yet</span>,
              },
              {
                header: 'E-mail',
                sortKey: 'email',
                // A long address breaks at its @ first.
                cell: ({ email }) => {
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
                      {state[0]?.toUpperCase()}
                      {state.slice(1)}
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
                cell: ({ lastActive, member }) =>
                  lastActive ? <Moment iso={lastActive} now={now} /> : member ? 'Never' : '—',
              },
              {
                header: 'Devices in use',
                label: 'Devices',
                sortKey: 'devices',
                cell: ({ member }) => (member ? devicesCell(member) : '—'),
              },
              {
                header: 'Joined',
                sortKey: 'since',
                cell: ({ since, invitation }) =>
                  invitation ? (
                    // One element: on a phone the cell is a label and one value.
                    <span>
                      Invited {formatShortDate(since)}
                      <span className="usage-muted">
                        {invitation.sentCount > 1 && `sent ${invitation.sentCount} times, `}
                        expires {formatShortDate(invitation.expiresAt)}
                      </span>
                    </span>
                  ) : (
                    formatShortDate(since)
                  ),
              },
              {
                header: 'Actions',
                action: true,
                className: 'usage-action',
                cell: ({ email, member, invitation }) => (
                  <span className="team-actions">
                    {invitation && (
                      <>
                        {action('Send again', `to ${email}`, (calls) => calls.resend(invitation))}
                        {action('Withdraw', `the invitation to ${email}`, (calls) =>
                          calls.withdraw(invitation),
                        )}
                      </>
                    )}
                    {member && (
                      <>
                        {action('Make owner', member.customerName, (calls) =>
                          calls.transfer(member),
                        )}
                        {action('Remove', member.customerName, (calls) => calls.remove(member))}
                      </>
                    )}
                  </span>
                ),
              },
            ]}
            rows={view.rows}
            rowKey={(person) => person.key}
          />
          <p className="field-hint">
            Idle: no activity (a device seen, a command used) for {teamIdleDays} days or more.
          </p>
          {found.length > 0 && (
            <nav className="team-pager" aria-label="Pages of members and invitations">
              <p>
                {view.first}–{view.first + view.rows.length - 1} of {found.length}
              </p>
              <button
                type="button"
                className="button button-secondary usage-button"
                disabled={view.page === 1}
                onClick={() => setPage(view.page - 1)}
              >
                Previous<span className="visually-hidden"> page</span>
              </button>
              Page {view.page} of {view.pages}
              <button
                type="button"
                className="button button-secondary usage-button"
                disabled={view.page === view.pages}
                onClick={() => setPage(view.page + 1)}
              >
                Next<span className="visually-hidden"> page</span>
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
