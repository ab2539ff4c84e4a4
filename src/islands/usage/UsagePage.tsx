/**
 * Usage & Sessions: active devices with
 * deactivate / replace, the activation history, browser sessions with sign-out, the plugins
 * signed in from their ribbon with revoke, and the
 * usage stats, from GET /api/usage; the plugin commands used (FeatureUsageSection), from GET
 * /api/usage/features, and the team activity note (TeamActivitySection), which asks for the
 * account's organization: their code and calls wait until the page is scrolled near them (Near),
 * below the devices, history and sessions.
 */
import { useEffect, useRef, useState } from 'react';
import { SuccessMessages } from '../../contract/messages';
import type { UsageOverview } from '../../contract/usage';
import { withErrorBoundary } from '../ErrorBoundary';
import { lazyPart } from '../shared/lazy-part';
import { Near } from '../shared/Near';
import { DevicesSection } from './DevicesSection';
import { HistorySection } from './HistorySection';
import { UsageStatsSection } from './NoteSections';
import { PluginsSection } from './PluginsSection';
import { SessionsSection } from './SessionsSection';
import { useUsage } from './use-usage';
import '../shared/forms.css';
import '../dashboard/dashboard.css';
import './usage.css';

/** The section's card until its code is there: the page reads whole, and tests find it by name. */
const featuresWaiting = (
  <section className="card" aria-labelledby="features-waiting">
    <h2 id="features-waiting">Feature usage</h2>
    <p className="dashboard-loading">Loading feature usage...</p>
  </section>
);
const FeatureUsageSection = lazyPart(
  async () => (await import('./FeatureUsageSection')).FeatureUsageSection,
  featuresWaiting,
);
const teamWaiting = (
  <section className="card" aria-labelledby="team-waiting">
    <h2 id="team-waiting">Team activity (for Enterprise)</h2>
    <p className="dashboard-loading">Loading team activity...</p>
  </section>
);
const TeamActivitySection = lazyPart(
  async () => (await import('./TeamActivitySection')).TeamActivitySection,
  teamWaiting,
);

/** The last action's result, shown in its own section. */
interface Notice {
  section: 'devices' | 'sessions' | 'plugins';
  text: string;
  /** Bumped per action so the same text twice still moves focus. */
  id: number;
}

function UsagePage() {
  const { state, reload, replace } = useUsage();
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  // The row whose button was pressed is gone after the action, so focus goes to the result
  // instead of falling to <body>.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  // The loading line sits in blocks the size of the first cards, so they fill in without a jump.
  if (state.kind === 'loading')
    return (
      <div className="dashboard usage" aria-busy="true">
        <div className="card dashboard-placeholder placeholder-devices">
          <p className="dashboard-loading" role="status">
            Loading usage...
          </p>
        </div>
        <div className="card dashboard-placeholder placeholder-history" aria-hidden="true" />
        <div className="card dashboard-placeholder placeholder-sessions" aria-hidden="true" />
      </div>
    );

  if (state.kind === 'failed')
    return (
      <div className="card usage-failed">
        <p className="form-error" role="alert">
          {state.problem}
        </p>
        <button type="button" className="button" onClick={reload}>
          Retry
        </button>
      </div>
    );

  const { value: overview, now } = state;
  const done = (next: UsageOverview, section: Notice['section'], fallback: string) => {
    replace(next);
    setNotice((last) => ({ section, text: next.message ?? fallback, id: (last?.id ?? 0) + 1 }));
  };
  const noticeFor = (section: Notice['section']) =>
    notice?.section === section ? (
      <p ref={noticeRef} tabIndex={-1} className="form-success" role="status">
        {notice.text}
      </p>
    ) : null;

  return (
    <div className="dashboard usage">
      <DevicesSection
        overview={overview}
        now={now}
        notice={noticeFor('devices')}
        onDeactivated={(next) => done(next, 'devices', SuccessMessages.deviceDeactivated)}
        onRenamed={(next) => done(next, 'devices', SuccessMessages.deviceRenamed)}
      />
      <HistorySection history={overview.history} />
      <SessionsSection
        sessions={overview.sessions}
        now={now}
        notice={noticeFor('sessions')}
        onRevoked={(next, all) =>
          done(
            next,
            'sessions',
            all ? SuccessMessages.sessionsRevoked : SuccessMessages.sessionRevoked,
          )
        }
      />
      <PluginsSection
        plugins={overview.plugins}
        now={now}
        notice={noticeFor('plugins')}
        onRevoked={(next) => done(next, 'plugins', SuccessMessages.pluginSignedOut)}
      />
      <UsageStatsSection overview={overview} />
      {/* Rendered once the sections above have their data, so the page has its height. */}
      <Near minHeight="24rem" placeholder={featuresWaiting}>
        <FeatureUsageSection />
      </Near>
      <Near minHeight="8rem" placeholder={teamWaiting}>
        <TeamActivitySection plan={overview.plan} />
      </Near>
    </div>
  );
}

export default withErrorBoundary(UsagePage);
