/**
 * Active sessions: the browsers signed in to the account, this one
 * marked. Others are signed out one by one or all at once; the change takes effect at once, since
 * every request checks the session row.
 */
import { useState, type ReactNode } from 'react';
import { Messages } from '../../contract/messages';
import type { SessionView, UsageOverview } from '../../contract/usage';
import { ApiFailure, messageFor } from '../shared/api';
import { DataTable, type Column } from '../shared/DataTable';
import { Moment } from '../shared/Moment';
import { leftForLogin } from '../shared/session-ended';
import { loadUsage, usageCall } from './use-usage';
import { formatDateTime } from '../../lib/format';

export const revokeFailed = 'We could not sign out that session. Please try again.';
export const sessionAlreadyEnded = 'That session had already ended.';

interface Props {
  sessions: readonly SessionView[];
  now: number;
  /** A success line for this section, rendered (and focused) by the page. */
  notice: ReactNode;
  onRevoked: (overview: UsageOverview, all: boolean) => void;
}

export function SessionsSection({ sessions, now, notice, onRevoked }: Props) {
  // The id being signed out, or 'others' for all of them; one call at a time.
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const others = sessions.filter((session) => !session.current);

  const revoke = async (target: string) => {
    if (busy) return;
    setBusy(target);
    setError(null);
    try {
      const overview =
        target === 'others'
          ? await usageCall('POST', '/api/sessions/revoke-others')
          : await usageCall('DELETE', `/api/sessions/${encodeURIComponent(target)}`);
      onRevoked(overview, target === 'others');
    } catch (failure) {
      if (leftForLogin(failure)) return;
      // Ended meanwhile (logged out there, or from another tab): show the list as it is now.
      if (failure instanceof ApiFailure && failure.status === 404) {
        const fresh = await loadUsage().catch(() => null);
        if (fresh) return onRevoked({ ...fresh, message: sessionAlreadyEnded }, false);
      }
      setError(messageFor(failure, revokeFailed, Messages.sendNetwork));
    } finally {
      setBusy(null);
    }
  };

  const columns: Column<SessionView>[] = [
    {
      header: 'Device and browser',
      label: 'Device',
      rowHeader: true,
      cell: (session) => (
        <>
          <span className="usage-name">{session.device}</span>
          {session.current && <span className="usage-badge">This browser</span>}
        </>
      ),
    },
    { header: 'Started', cell: (session) => formatDateTime(session.createdAt) },
    { header: 'Last used', cell: (session) => <Moment iso={session.lastUsedAt} now={now} /> },
    { header: 'IP address', cell: (session) => session.ip ?? 'Unknown' },
    {
      header: 'Action',
      action: true,
      className: 'usage-action',
      cell: (session) =>
        !session.current && (
          <button
            type="button"
            className="button button-secondary usage-button"
            onClick={() => void revoke(session.id)}
            aria-disabled={busy !== null}
          >
            {busy === session.id ? 'Signing out...' : 'Sign out'}
            <span className="visually-hidden"> {session.device}</span>
          </button>
        ),
    },
  ];

  return (
    <section className="card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Active sessions</h2>
      {notice}
      <DataTable
        caption="Browsers signed in to your account"
        className="usage-table"
        columns={columns}
        rows={sessions}
        rowKey={(session) => session.id}
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {others.length === 0 ? (
        <p className="usage-empty">Only this browser is signed in.</p>
      ) : (
        <div className="usage-actions">
          <button
            type="button"
            className="button"
            onClick={() => void revoke('others')}
            aria-disabled={busy !== null}
          >
            {busy === 'others' ? 'Signing out...' : 'Sign out all other sessions'}
          </button>
        </div>
      )}
    </section>
  );
}
