/**
 * /admin/organization?id=…: an Enterprise organization on one page (GET
 * /api/admin/organizations/:id): the agreement, the members with their devices, the open
 * invitations, the team feed and the operators' audit trail. Changing the agreement and the
 * owner's team actions each open a confirm dialog that needs a reason; the answer's message is
 * shown at the top and the page is redrawn from the answer's `detail`.
 */
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import {
  type OrganizationActionResult,
  type OrganizationDetail,
} from '../../contract/admin-organizations';
import { ConsoleMessages } from '../../contract/messages';
import { formatDateTime } from '../../lib/format';
import { withErrorBoundary } from '../ErrorBoundary';
import { ApiFailure } from '../shared/api';
import { AgreementFields } from './AgreementFields';
import { AuditTable } from './AuditTable';
import { adminGet, adminPatch, adminPost, problemOf, type Problem } from './console-api';
import {
  agreementChanges,
  agreementInput,
  organizationActionText,
  teamActionBody,
  type OrganizationPending,
} from './organization-actions';
import type { AgreementInput } from './agreement-input';
import { ActivityTable, InvitationsTable, MembersTable } from './OrganizationSections';
import { AgreementDetails } from './AgreementDetails';
import { ActionButton, Badge, customerHref, Empty, Loading, PendingPage, Section } from './parts';
import { ReasonDialog } from './ReasonDialog';
import { useLoad } from '../shared/use-load';
import { useNotice } from './use-notice';
import '../shared/forms.css';
import '../dashboard/dashboard.css';
import '../usage/usage.css';
import './admin.css';
import { isGetOrganizationDetailAnswer } from '../../generated/answers/GetOrganizationDetailAnswer';
import { isUpdateOrganizationAnswer } from '../../generated/answers/UpdateOrganizationAnswer';

const loadFailed = 'We could not load this organization. Please try again.';
const loadProblem = (error: unknown) => problemOf(error, loadFailed);
const noOrganization =
  'This address names no organization. Find the organization from Organizations.';

function organizationId(): string {
  return new URLSearchParams(window.location.search).get('id')?.trim() ?? '';
}

function loadOrganization(): Promise<OrganizationDetail> {
  const id = organizationId();
  if (!id) return Promise.reject(new ApiFailure(404, noOrganization, null));
  return adminGet(
    `/api/admin/organizations/${encodeURIComponent(id)}`,
    isGetOrganizationDetailAnswer,
  );
}

// The domains load with a chunk and a call of their own, beside the organization's.
const OrganizationDomains = lazy(async () => ({
  default: (await import('./OrganizationDomains')).OrganizationDomains,
}));

const jumps = [
  ['agreement', 'Agreement'],
  ['members', 'Members'],
  ['invitations', 'Invitations'],
  ['domains', 'Domains'],
  ['activity', 'Team activity'],
  ['sso', 'Single sign-on'],
  ['scim', 'Provisioning'],
  ['audit', 'Audit trail'],
] as const;

function OrganizationPage() {
  const { state, reload, refresh, replace } = useLoad(loadOrganization, loadProblem);
  const [pending, setPending] = useState<OrganizationPending | null>(null);
  const [open, setOpen] = useState(false);
  const [agreement, setAgreement] = useState<AgreementInput | null>(null);
  const [email, setEmail] = useState('');
  const { show, noticeFor } = useNotice();
  const emailId = useId();

  const start = useCallback(
    (next: OrganizationPending) => {
      setPending(next);
      setEmail('');
      if (next.action === 'edit' && state.kind === 'ready')
        setAgreement(agreementInput(state.value.organization));
      setOpen(true);
    },
    [state],
  );

  if (state.kind !== 'ready')
    return (
      <PendingPage
        title="Organization"
        problem={state.kind === 'failed' ? state.problem : null}
        onRetry={reload}
        back={{ href: '/admin/organizations', label: 'Back to Organizations' }}
      />
    );

  const { value: detail, now, refreshing } = state;
  const { organization } = detail;
  const ended = Date.parse(organization.termEnd) <= now;
  const base = `/api/admin/organizations/${encodeURIComponent(organization.id)}`;
  const text = pending ? organizationActionText(pending, organization) : null;

  const send = (reason: string): Promise<OrganizationActionResult> => {
    if (!pending) return Promise.reject(new ApiFailure(400, loadFailed, null));
    if (pending.action === 'edit') {
      const changes = agreement ? agreementChanges(organization, agreement) : {};
      if (Object.keys(changes).length === 0)
        return Promise.reject(new ApiFailure(400, 'Nothing was changed.', null));
      return adminPatch(base, isUpdateOrganizationAnswer, { ...changes, reason });
    }
    return adminPost(
      `${base}/team`,
      isUpdateOrganizationAnswer,
      teamActionBody(pending, reason, email),
    );
  };

  return (
    <div className="dashboard console-page console-customer">
      <header className="console-customer-head">
        <h1>{organization.name}</h1>
        <p className="console-customer-line">
          <span>
            Owner: <a href={customerHref(organization.ownerUserId)}>{organization.ownerName}</a>{' '}
            <span className="console-break">({organization.ownerEmail})</span>
          </span>
          <Badge state="neutral">Enterprise</Badge>
          {ended ? <Badge state="expired">Term ended</Badge> : <Badge state="active" />}
        </p>
        {refreshing && <Loading>Reloading the organization...</Loading>}
      </header>
      {noticeFor()}
      <nav className="console-jumps" aria-label="Sections of this page">
        <ul>
          {jumps.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <Section
        id="agreement"
        title="Agreement"
        actions={
          <ActionButton onClick={() => start({ action: 'edit' })}>Change agreement...</ActionButton>
        }
      >
        <AgreementDetails organization={organization} />
      </Section>
      <Section id="members" title={`Members (${detail.members.length} of ${organization.seats})`}>
        {detail.members.length === 0 ? (
          <Empty>No member has joined yet.</Empty>
        ) : (
          <MembersTable
            members={detail.members}
            deviceLimit={organization.deviceLimit}
            now={now}
            onAction={start}
          />
        )}
      </Section>
      <Section
        id="invitations"
        title="Open invitations"
        actions={
          <ActionButton onClick={() => start({ action: 'team-invite' })}>Invite...</ActionButton>
        }
      >
        {detail.invitations.length === 0 ? (
          <Empty>No open invitation.</Empty>
        ) : (
          <InvitationsTable invitations={detail.invitations} onAction={start} />
        )}
      </Section>
      <Section id="domains" title="Domains">
        <Suspense fallback={<Loading>Loading the domains...</Loading>}>
          <OrganizationDomains organizationId={organization.id} />
        </Suspense>
      </Section>
      <Section id="activity" title="Team activity">
        {detail.activity.length === 0 ? (
          <Empty>Nothing has happened in this team yet.</Empty>
        ) : (
          <ActivityTable activity={detail.activity} members={detail.members} />
        )}
      </Section>
      <Section id="sso" title="Single sign-on">
        {detail.sso ? (
          <dl className="dashboard-details console-details">
            <div>
              <dt>Issuer</dt>
              <dd>
                <code>{detail.sso.issuer}</code>
              </dd>
            </div>
            <div>
              <dt>Client ID</dt>
              <dd>
                <code>{detail.sso.clientId}</code>
              </dd>
            </div>
            <div>
              <dt>Required</dt>
              <dd>
                {detail.sso.required
                  ? 'Yes: members on the verified domains sign in only through the provider'
                  : 'No'}
              </dd>
            </div>
            <div>
              <dt>Last sign-in</dt>
              <dd>
                {detail.sso.lastSignInAt
                  ? `${formatDateTime(detail.sso.lastSignInAt)} by ${detail.sso.lastSignInEmail ?? 'a member'}`
                  : 'None yet'}
              </dd>
            </div>
            <div>
              <dt>Last failure</dt>
              <dd>
                {detail.sso.lastFailureAt
                  ? `${formatDateTime(detail.sso.lastFailureAt)}: ${detail.sso.lastFailure ?? ''}`
                  : 'None'}
              </dd>
            </div>
            <div>
              <dt>Saved</dt>
              <dd>{formatDateTime(detail.sso.updatedAt)}</dd>
            </div>
          </dl>
        ) : (
          <Empty>No single sign-on connection.</Empty>
        )}
      </Section>
      <Section id="scim" title="Provisioning (SCIM)">
        <dl className="dashboard-details console-details">
          <div>
            <dt>SCIM token</dt>
            <dd>
              {detail.scim.tokenCreatedAt
                ? `Yes, made ${formatDateTime(detail.scim.tokenCreatedAt)}`
                : 'None'}
            </dd>
          </div>
          <div>
            <dt>Last SCIM call</dt>
            <dd>{detail.scim.lastCallAt ? formatDateTime(detail.scim.lastCallAt) : 'Never'}</dd>
          </div>
        </dl>
      </Section>
      <Section id="audit" title="Audit trail">
        {detail.audit.length === 0 ? (
          <Empty>No operator has changed this organization yet.</Empty>
        ) : (
          <AuditTable entries={detail.audit} caption="Operator actions on this organization" />
        )}
      </Section>
      <ReasonDialog
        open={open}
        title={text?.title ?? ''}
        confirmLabel={text?.confirm ?? ''}
        busyLabel={text?.busy ?? ''}
        tone={text?.tone ?? 'danger'}
        send={send}
        onDone={(result) => {
          setOpen(false);
          replace(result.detail);
          show(result.message, true);
        }}
        onStale={(problem: Problem) => {
          setOpen(false);
          show(problem.message || ConsoleMessages.staleState, false);
          refresh();
        }}
        onClose={() => setOpen(false)}
      >
        {text && <p>{text.explain}</p>}
        {pending?.action === 'edit' && agreement && (
          <AgreementFields value={agreement} onChange={setAgreement} />
        )}
        {pending?.action === 'team-invite' && (
          <div className="field">
            <label htmlFor={emailId}>E-mail</label>
            <input
              id={emailId}
              type="email"
              maxLength={254}
              autoComplete="off"
              spellCheck={false}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
        )}
      </ReasonDialog>
    </div>
  );
}

export default withErrorBoundary(OrganizationPage);
