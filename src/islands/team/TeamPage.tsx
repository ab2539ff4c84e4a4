/**
 * /dashboard/team, the owner's team page: seats and term, one table of members and open
 * invitations (MembersSection, a page at a time from the server), the invite form, the
 * utilization, the organization's e-mail domains and the activity feed (these three load when the
 * page is scrolled near them, WhenNear). Each owner action is confirmed in one dialog (TeamConfirm, loaded on the first
 * action); its result is one line at the top of the page, focused, and the figures and the
 * table's page are loaded again.
 * The Single sign-on (SsoSection) and Provisioning (SCIM) sections (ScimSection) load the same
 * way, below them.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { withErrorBoundary } from '../ErrorBoundary';
import { dashboardProblem } from '../shared/session-ended';
import { useLoad } from '../shared/use-load';
import { InvitationsSection } from './InvitationsSection';
import { loadActions, MembersSection } from './MembersSection';
import { SummarySection } from './SummarySection';
import { loadTeam, loadTeamPage, teamAction, teamLoadFailed, teamNetwork } from './team-calls';
import type { PendingAction } from './TeamConfirm';
import { deferred, WhenNear } from './WhenNear';
import '../shared/forms.css';
import '../dashboard/dashboard.css';
import '../usage/usage.css';
import './team.css';

const problem = dashboardProblem(teamLoadFailed, teamNetwork);
// For members and accounts in no organization only; without its chunk, the network's sentence.
const NotOwner = lazy(() =>
  import('./NotOwner').then(
    (module) => ({ default: module.NotOwner }),
    () => ({
      default: () => (
        <p className="form-error" role="alert">
          {teamNetwork}
        </p>
      ),
    }),
  ),
);
// The confirm dialog loads with the first row action's words (MembersSection), not with the page.
const TeamConfirm = lazy(async () => ({ default: (await import('./TeamConfirm')).TeamConfirm }));
const UtilizationSection = deferred(
  'Utilization',
  async () => (await import('./UtilizationSection')).UtilizationSection,
);
const DomainsSection = deferred(
  'Domains',
  async () => (await import('./DomainsSection')).DomainsSection,
);
const ActivitySection = deferred(
  'Team activity',
  async () => (await import('./ActivitySection')).ActivitySection,
);
const SsoSection = deferred(
  'Single sign-on',
  async () => (await import('./SsoSection')).SsoSection,
);
const ScimSection = deferred(
  'Provisioning (SCIM)',
  async () => (await import('./ScimSection')).ScimSection,
);

interface Notice {
  text: string;
  /** Bumped per action so the same text twice still moves focus. */
  id: number;
}

function TeamPage() {
  const { state, reload, replace } = useLoad(loadTeamPage, problem);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [transferred, setTransferred] = useState(false);
  // The sections below the table wait for its first page (WhenNear).
  const [tableShown, setTableShown] = useState(false);
  const shownTable = useCallback(() => setTableShown(true), []);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  // The row whose button was pressed may be gone after the action: focus goes to the result.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const done = useCallback(
    (text: string, action?: PendingAction) => {
      setOpen(false);
      setNotice((last) => ({ text, id: (last?.id ?? 0) + 1 }));
      // After a transfer this account is no longer the owner: GET /api/team would refuse it.
      if (action?.leaves) return setTransferred(true);
      loadTeam().then((overview) => replace({ owner: true, overview }), reload);
    },
    [replace, reload],
  );

  if (state.kind === 'loading')
    return (
      <p className="dashboard-loading" role="status">
        Loading your team...
      </p>
    );

  if (state.kind === 'failed')
    return (
      <div className="card usage-failed">
        <p className="form-error" role="alert">
          {state.problem}
        </p>
        <div className="team-row-actions">
          <button type="button" className="button" onClick={reload}>
            Retry
          </button>
          <a className="button button-secondary" href="/dashboard">
            Back to My Account
          </a>
        </div>
      </div>
    );

  // A member, or an account in no organization: what the page is for, not an error to retry.
  if (!state.value.owner)
    return (
      <Suspense fallback={null}>
        <NotOwner card={state.value.card} />
      </Suspense>
    );

  const noticeLine = notice && (
    <p ref={noticeRef} tabIndex={-1} className="form-success" role="status">
      {notice.text}
    </p>
  );

  if (transferred)
    return (
      <div className="dashboard team">
        {noticeLine}
        <p>
          <a href="/dashboard">Back to My Account</a>
        </p>
      </div>
    );

  const { overview } = state.value;
  const version = notice?.id ?? 0;
  const ask = (action: PendingAction) => {
    setPending(action);
    setOpen(true);
  };

  return (
    <div className="dashboard usage team">
      {noticeLine}
      <SummarySection
        organization={overview.organization}
        onSeatsChanged={() => {
          // The Seats panel says what changed; the team's figures are loaded again.
          loadTeam().then((fresh) => replace({ owner: true, overview: fresh }), reload);
        }}
        onTakeSeat={() =>
          loadActions().then(({ memberActions }) =>
            ask(memberActions(teamAction, overview.organization.name).takeSeat()),
          )
        }
      />
      <MembersSection
        organization={overview.organization}
        version={version}
        onAsk={ask}
        onShown={shownTable}
      />
      <InvitationsSection organization={overview.organization} onInvited={done} />
      <WhenNear title="Utilization" watch={tableShown}>
        <UtilizationSection deviceLimit={overview.organization.deviceLimit} version={version} />
      </WhenNear>
      <WhenNear title="Domains" watch={tableShown}>
        <DomainsSection version={version} onAsk={ask} />
      </WhenNear>
      <WhenNear title="Team activity" watch={tableShown}>
        <ActivitySection version={version} />
      </WhenNear>
      <WhenNear title="Single sign-on" watch={tableShown}>
        <SsoSection />
      </WhenNear>
      <WhenNear title="Provisioning (SCIM)" watch={tableShown}>
        <ScimSection />
      </WhenNear>
      {pending && (
        <Suspense fallback={null}>
          <TeamConfirm open={open} action={pending} onClose={() => setOpen(false)} onDone={done} />
        </Suspense>
      )}
    </div>
  );
}

export default withErrorBoundary(TeamPage);
