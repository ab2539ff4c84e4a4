/** The customer's browser and API sessions, live first, and "Sign out everywhere". */
import type { ReactNode } from 'react';
import type { AdminSession } from '../../contract/admin';
import { Moment } from '../shared/Moment';
import type { Pending } from './customer-actions';
import { formatDateTime } from '../../lib/format';
import type { Column } from '../shared/DataTable';
import { ActionButton, Badge, ConsoleTable, Empty, Section } from './parts';

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

const sessionColumns = (now: number): Column<AdminSession>[] => [
  {
    header: 'Device and browser',
    label: 'Device',
    rowHeader: true,
    cell: (session) => <span className="usage-name">{session.device}</span>,
  },
  { header: 'Started', cell: (session) => formatDateTime(session.createdAt) },
  { header: 'Last used', cell: (session) => <Moment iso={session.lastUsedAt} now={now} /> },
  { header: 'Ends', cell: (session) => formatDateTime(session.revokedAt ?? session.expiresAt) },
  { header: 'IP address', cell: (session) => session.ip ?? 'Unknown' },
  { header: 'State', cell: (session) => <Badge state={sessionState(session)} /> },
];

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
          <ConsoleTable
            caption="Browser and API sessions"
            columns={sessionColumns(now)}
            rows={sessions}
            rowKey={(session) => session.id}
          />
        </>
      )}
    </Section>
  );
}
