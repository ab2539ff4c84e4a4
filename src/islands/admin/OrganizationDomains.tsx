/**
 * The console's view of an organization's e-mail domains, read only (the owner adds, checks and
 * removes them on the team page): each domain's state, when it was verified, lapsed and last
 * checked, and the TXT record the owner publishes. Its own call and chunk: the organization page
 * loads it beside its own data (React.lazy), so the page's first JavaScript does not grow.
 */
import { useCallback } from 'react';
import type { OrganizationDomain } from '../../contract/domains';
import { isListTeamDomainsAnswer } from '../../generated/answers/ListTeamDomainsAnswer';
import { formatDate, formatShortDateTime } from '../../lib/format';
import type { Column } from '../shared/DataTable';
import { useLoad } from '../shared/use-load';
import { adminGet, problemOf } from './console-api';
import { Badge, ConsoleTable, Empty, Loading } from './parts';

const loadFailed = 'We could not load the domains. Please try again.';
const describe = (error: unknown) => problemOf(error, loadFailed);

const statusTone = { verified: 'active', pending: 'pending', lapsed: 'expired' } as const;
const statusText = { verified: 'Verified', pending: 'Pending', lapsed: 'Lapsed' } as const;

const when = (iso: string | null, format: (iso: string) => string) =>
  iso ? <time dateTime={iso}>{format(iso)}</time> : '—';

const columns: Column<OrganizationDomain>[] = [
  { header: 'Domain', cell: (row) => <span className="console-break">{row.domain}</span> },
  {
    header: 'State',
    cell: (row) => <Badge state={statusTone[row.status]}>{statusText[row.status]}</Badge>,
  },
  { header: 'Verified', cell: (row) => when(row.verifiedAt, formatDate) },
  { header: 'Lapsed', cell: (row) => when(row.lapsedAt, formatDate) },
  { header: 'Last checked', cell: (row) => when(row.checkedAt, formatShortDateTime) },
  {
    header: 'TXT record',
    cell: (row) => <code className="console-break">{row.record}</code>,
  },
];

export function OrganizationDomains({ organizationId }: { organizationId: string }) {
  const load = useCallback(
    async () =>
      (
        await adminGet(
          `/api/admin/organizations/${encodeURIComponent(organizationId)}/domains`,
          isListTeamDomainsAnswer,
        )
      ).domains,
    [organizationId],
  );
  const { state, reload } = useLoad(load, describe);
  if (state.kind === 'loading') return <Loading>Loading the domains...</Loading>;
  if (state.kind === 'failed')
    return (
      <div>
        <p className="form-error" role="alert">
          {state.problem.message}
        </p>
        <button type="button" className="button button-secondary" onClick={reload}>
          Retry
        </button>
      </div>
    );
  if (state.value.length === 0) return <Empty>The owner has added no domain.</Empty>;
  return (
    <ConsoleTable
      caption="E-mail domains, oldest first"
      columns={columns}
      rows={state.value}
      rowKey={(row) => row.id}
    />
  );
}
