/**
 * One domain of the Domains section: where it stands and when it was last checked, the TXT
 * record with a copy button, Check now (its result on a line of its own) and Remove (which the
 * section confirms first).
 */
import { useState } from 'react';
import type { DomainCheck, OrganizationDomain } from '../../contract/domains';
import { formatDate, formatShortDateTime } from '../../lib/format';
import { CopyButton } from '../shared/CopyButton';
import { messageFor } from '../shared/api';
import { leftForLogin } from '../shared/session-ended';
import { checkDomain, domainCheckFailed } from './domain-calls';
import { teamNetwork } from './team-calls';

/** Where a domain stands, in words. */
function statusLine(domain: OrganizationDomain): string {
  if (domain.status === 'verified' && domain.verifiedAt)
    return `Verified since ${formatDate(domain.verifiedAt)}`;
  if (domain.status === 'lapsed' && domain.lapsedAt)
    return `Lapsed since ${formatDate(domain.lapsedAt)}: the TXT record is gone`;
  return 'Pending: waiting for the TXT record';
}

export function DomainItem({
  domain,
  onChecked,
  onRemove,
}: {
  domain: OrganizationDomain;
  onChecked: (domain: OrganizationDomain) => void;
  onRemove: () => void;
}) {
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<{ text: string; failed: boolean } | null>(null);

  const check = async () => {
    if (checking) return;
    setChecking(true);
    setResult(null);
    try {
      const answer: DomainCheck = await checkDomain(domain.id);
      onChecked(answer.domain);
      setResult({ text: answer.message, failed: answer.outcome !== 'verified' });
    } catch (failure) {
      if (leftForLogin(failure)) return;
      setResult({ text: messageFor(failure, domainCheckFailed, teamNetwork), failed: true });
    } finally {
      setChecking(false);
    }
  };

  return (
    <li className="team-domain" data-status={domain.status}>
      <h3>{domain.domain}</h3>
      <p>
        <strong>{statusLine(domain)}</strong>
        {' · '}
        {domain.checkedAt ? (
          <>
            Last checked{' '}
            <time dateTime={domain.checkedAt}>{formatShortDateTime(domain.checkedAt)}</time>
          </>
        ) : (
          'Not checked yet'
        )}
      </p>
      {domain.status !== 'verified' && (
        <p className="field-hint">
          Publish a TXT record at <code>{domain.domain}</code> with this value:
        </p>
      )}
      <p className="team-domain-record">
        <code>{domain.record}</code>
        <CopyButton value={domain.record} label={`the TXT record of ${domain.domain}`} />
      </p>
      <div className="team-row-actions">
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={checking || undefined}
          onClick={() => void check()}
        >
          {checking ? 'Checking...' : 'Check now'}
        </button>
        <button type="button" className="button button-secondary" onClick={onRemove}>
          Remove
        </button>
      </div>
      {result && (
        <p className={result.failed ? 'form-error' : 'form-success'} role="status">
          {result.text}
        </p>
      )}
    </li>
  );
}
