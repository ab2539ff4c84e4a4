/** The customer's browser and API sessions, live first, and "Sign out everywhere". */
import type { ReactNode } from 'react';
import type { AdminSession } from '../../contract/admin';
import { Moment } from '../usage/Moment';
import type { Pending } from './customer-actions';
import { ActionButton, Badge, Cell, Empty, Section } from './parts';
import { formatDateTime } from '../../lib/format';

interface Props {
  sessions: readonly AdminSession[];
  now: number;
  notice: ReactNode;
  onAction: (pending: Pending) => void;
}

function sessionState(session: AdminSession): string {
  if (session.live) return 'live';
  return session.revokedAt ? 'revoked' : 'expired';
}

export function SessionsSection({ sessions, now, notice, onAction }: Props) {
  const live = sessions.filter((session) => session.live).length;
  return (
    <Section
      id="sessions"
      title="Sessions"
      notice={notice}
      actions={
        live > 0 && (
          <ActionButton danger onClick={() => onAction({ action: 'sign-out-everywhere' })}>
            Sign out everywhere...
          </ActionButton>
        )
      }
    >
      {sessions.length === 0 ? (
        <Empty>No sessions: the customer has not signed in.</Empty>
      ) : (
        <>
          <p className="dashboard-small console-count">
            {live} live session{live === 1 ? '' : 's'}
          </p>
          <div className="usage-table-wrap">
            <table className="usage-table console-table">
              <caption className="visually-hidden">Browser and API sessions</caption>
              <thead>
                <tr>
                  <th scope="col">Device and browser</th>
                  <th scope="col">Started</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Ends</th>
                  <th scope="col">IP address</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {sessions.map((session) => (
                  <tr key={session.id}>
                    <th scope="row" data-label="Device">
                      <span className="usage-name">{session.device}</span>
                    </th>
                    <Cell label="Started">{formatDateTime(session.createdAt)}</Cell>
                    <Cell label="Last used">
                      <Moment iso={session.lastUsedAt} now={now} />
                    </Cell>
                    <Cell label="Ends">
                      {formatDateTime(session.revokedAt ?? session.expiresAt)}
                    </Cell>
                    <Cell label="IP address">{session.ip ?? 'Unknown'}</Cell>
                    <Cell label="State">
                      <Badge state={sessionState(session)} />
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Section>
  );
}
