/**
 * The team page's Domains section: the e-mail domains the organization proves it owns (the first
 * step of single sign-on). The owner adds a domain, publishes the TXT record shown at it (a copy
 * button beside it) and chooses Check now; each domain says where it stands (pending, verified
 * since, lapsed since) and when it was last checked (DomainItem). Remove asks first, in the
 * page's confirm dialog (TeamPage). Loaded when the page is scrolled near it (WhenNear).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { domainRule, normalizeDomain, type OrganizationDomain } from '../../contract/domains';
import { messageFor } from '../shared/api';
import { dashboardProblem, leftForLogin } from '../shared/session-ended';
import { LoadStatus } from '../shared/LoadStatus';
import { useLoad } from '../shared/use-load';
import { addDomain, domainAddFailed, domainsLoadFailed, loadDomains } from './domain-calls';
import { DomainItem } from './DomainItem';
import { teamAction, teamNetwork } from './team-calls';
import type { PendingAction } from './TeamConfirm';
import './domains.css';

const problem = dashboardProblem(domainsLoadFailed, teamNetwork);

interface Props {
  /** Bumped by the page after each owner action (a domain removed), so the list loads again. */
  version: number;
  /** Opens the page's confirm dialog. */
  onAsk: (action: PendingAction) => void;
}

export function DomainsSection({ version, onAsk }: Props) {
  const id = useId();
  const { state, refresh, replace, reload } = useLoad(loadDomains, problem);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    refresh();
  }, [version, refresh]);

  const domains = useMemo(() => (state.kind === 'ready' ? state.value : []), [state]);
  const updated = useCallback(
    (domain: OrganizationDomain) =>
      replace(domains.map((each) => (each.id === domain.id ? domain : each))),
    [domains, replace],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const rule = domainRule(normalizeDomain(typed));
    if (rule) return setError(rule);
    setBusy(true);
    setError(null);
    setAdded(null);
    try {
      const answer = await addDomain(typed);
      setTyped('');
      setAdded(answer.message);
      replace([...domains, answer.domain]);
    } catch (failure) {
      if (leftForLogin(failure)) return;
      setError(messageFor(failure, domainAddFailed, teamNetwork));
    } finally {
      setBusy(false);
    }
  };

  const remove = (domain: OrganizationDomain) =>
    onAsk({
      title: `Remove ${domain.domain}?`,
      text:
        domain.status === 'verified'
          ? `${domain.domain} is no longer your organization's, and another organization may verify it. To list it again you publish a new TXT record.`
          : `${domain.domain} leaves the list. To add it again you publish a new TXT record.`,
      confirmLabel: 'Remove domain',
      busyLabel: 'Removing...',
      run: () => teamAction('DELETE', `/api/team/domains/${encodeURIComponent(domain.id)}`),
    });

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Domains</h2>
      <p className="field-hint">
        Prove your organization owns the domain of its e-mail addresses: add it, publish the TXT
        record shown at your DNS provider, then choose Check now. Verified domains are checked again
        every day. A domain is verified for one organization at a time.
      </p>
      <form className="team-domain-add" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-domain`}>Domain</label>
          <input
            id={`${id}-domain`}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="example.com"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <button type="submit" className="button usage-button" aria-disabled={busy || undefined}>
          {busy ? 'Adding...' : 'Add domain'}
        </button>
      </form>
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
      {added && (
        <p className="form-success" role="status">
          {added}
        </p>
      )}
      <LoadStatus state={state} reload={reload} loading="Loading domains..." />
      {state.kind === 'ready' &&
        (domains.length === 0 ? (
          <p className="usage-empty">No domains yet.</p>
        ) : (
          <ul className="team-domains">
            {domains.map((domain) => (
              <DomainItem
                key={domain.id}
                domain={domain}
                onChecked={updated}
                onRemove={() => remove(domain)}
              />
            ))}
          </ul>
        ))}
    </section>
  );
}
