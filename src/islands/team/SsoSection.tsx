/**
 * The team page's Single sign-on section: the organization's OpenID Connect connection to its
 * identity provider. The owner enters the issuer, client ID and client secret (a password field
 * never filled back: the secret is kept encrypted and never shown again), registers the redirect
 * URI shown (with a copy button) at the provider, and saves; the Worker checks the provider's
 * discovery document before saving. The section says whether it is connected, the last sign-in
 * and the last failure in words; "Require single sign-on" and Disconnect each ask first. Saving
 * asks for a recent proof of the owner (withFreshProof). Without a verified domain it says so and
 * points to the Domains section. Steps for Entra ID, Google Workspace and Okta below. Loaded
 * when the page is scrolled near it (TeamPage, WhenNear), with its calls and shapes.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  ssoRequireExplained,
  type SsoConnectionView,
  type SsoSettings,
} from '../../contract/sso-settings';
import { isGetTeamSsoAnswer } from '../../generated/answers/GetTeamSsoAnswer';
import { isSaveTeamSsoAnswer } from '../../generated/answers/SaveTeamSsoAnswer';
import { formatShortDateTime } from '../../lib/format';
import { CopyButton } from '../shared/CopyButton';
import { apiCall, messageFor } from '../shared/api';
import { withFreshProof } from '../shared/fresh-proof';
import { dashboardProblem, leftForLogin } from '../shared/session-ended';
import { LoadStatus } from '../shared/LoadStatus';
import { useLoad } from '../shared/use-load';
import { ConfirmStep } from './ConfirmStep';
import { SsoGuides } from './SsoGuides';
import { teamNetwork } from './team-calls';
import './sso-settings.css';

const loadFailed = 'We could not load the single sign-on settings. Please try again.';
const saveFailed = 'The settings could not be saved. Please try again.';
const changeFailed = 'The change could not be made. Please try again.';
const problem = dashboardProblem(loadFailed, teamNetwork);

const loadSettings = () => apiCall('GET', '/api/team/sso', isGetTeamSsoAnswer);

type Step = 'require' | 'stop-requiring' | 'disconnect' | null;

export function SsoSection() {
  const id = useId();
  const { state, replace, reload } = useLoad(loadSettings, problem);
  return (
    <section className="card sso-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Single sign-on</h2>
      <p>
        Let your engineers sign in with their work account at your own identity provider (Microsoft
        Entra ID, Google Workspace, Okta or another OpenID Connect provider), for the addresses of
        your verified domains.
      </p>
      <LoadStatus state={state} reload={reload} />
      {state.kind === 'ready' && <Settings settings={state.value} onChanged={replace} />}
      <SsoGuides />
    </section>
  );
}

interface SettingsProps {
  settings: SsoSettings;
  onChanged: (settings: SsoSettings) => void;
}

function Settings({ settings, onChanged }: SettingsProps) {
  const { connection, verifiedDomains } = settings;
  const [notice, setNotice] = useState('');
  const said = (message: string, next: SsoSettings) => {
    setNotice(message);
    onChanged(next);
  };
  return (
    <>
      {verifiedDomains.length === 0 ? (
        <p className="sso-empty" role="note">
          <strong>No verified domain yet.</strong> Single sign-on serves only the addresses of your
          verified domains: add your company's domain in the Domains section above and verify it
          first. You can prepare the connection meanwhile.
        </p>
      ) : (
        <p className="field-hint">
          For addresses at{' '}
          {verifiedDomains.map((domain, index) => (
            <span key={domain}>
              {index > 0 && ', '}
              <strong>{domain}</strong>
            </span>
          ))}
          .
        </p>
      )}
      <Facts settings={settings} />
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      <ConnectionForm
        key={connection?.updatedAt ?? 'new'}
        connection={connection}
        onSaved={(message, next) => said(message, next)}
        onEdit={() => setNotice('')}
      />
      {connection && (
        <Controls
          connection={connection}
          hasDomain={verifiedDomains.length > 0}
          onChanged={said}
          onAsk={() => setNotice('')}
        />
      )}
    </>
  );
}

/** Connected or not, the redirect URI to register, the last sign-in and the last failure. */
function Facts({ settings }: { settings: SsoSettings }) {
  const { connection } = settings;
  return (
    <dl className="sso-facts">
      <dt>Status</dt>
      <dd>
        {connection ? (
          <>
            Connected to <code>{connection.issuer}</code>
            {connection.required ? ', required for members' : ', not required'}
          </>
        ) : (
          'Not connected'
        )}
      </dd>
      <dt>Redirect URI</dt>
      <dd>
        <code>{settings.redirectUri}</code>{' '}
        <CopyButton value={settings.redirectUri} label="the redirect URI" />
        <span className="field-hint sso-fact-hint">
          Register it at your identity provider as the app&apos;s web redirect URI.
        </span>
      </dd>
      {connection && (
        <>
          <dt>Last sign-in</dt>
          <dd>
            {connection.lastSignInAt
              ? `${formatShortDateTime(connection.lastSignInAt)} by ${connection.lastSignInEmail ?? 'a member'}`
              : 'No one has signed in through it yet.'}
          </dd>
          <dt>Last failure</dt>
          <dd className={connection.lastFailureAt ? 'sso-failure' : undefined}>
            {connection.lastFailureAt
              ? `${formatShortDateTime(connection.lastFailureAt)}: ${connection.lastFailure ?? 'the sign-in failed.'}`
              : 'None'}
          </dd>
        </>
      )}
    </dl>
  );
}

interface FormProps {
  connection: SsoConnectionView | null;
  onSaved: (message: string, settings: SsoSettings) => void;
  onEdit: () => void;
}

/** Issuer, client ID and client secret; the secret is never filled back. */
function ConnectionForm({ connection, onSaved, onEdit }: FormProps) {
  const id = useId();
  const [issuer, setIssuer] = useState(connection?.issuer ?? '');
  const [clientId, setClientId] = useState(connection?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const typed = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError('');
    onEdit();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!issuer.trim()) return setError('Enter the issuer URL your identity provider shows.');
    if (!clientId.trim())
      return setError('Enter the client ID your identity provider gave the app.');
    if (!connection && !clientSecret.trim())
      return setError('Enter the client secret your identity provider made for the app.');
    setBusy(true);
    setError('');
    try {
      const answer = await withFreshProof(() =>
        apiCall('PUT', '/api/team/sso', isSaveTeamSsoAnswer, {
          issuer,
          clientId,
          ...(clientSecret.trim() ? { clientSecret } : {}),
        }),
      );
      setClientSecret('');
      onSaved(answer.message, answer.settings);
    } catch (failure) {
      if (leftForLogin(failure)) return;
      setError(messageFor(failure, saveFailed, teamNetwork));
    } finally {
      setBusy(false);
    }
  };

  const errorId = `${id}-error`;
  const described = (hint: string) => [hint, error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <form className="sso-form" onSubmit={(event) => void submit(event)} noValidate>
      <h3>{connection ? 'Connection' : 'Connect your identity provider'}</h3>
      <div className="field">
        <label htmlFor={`${id}-issuer`}>Issuer URL</label>
        <input
          id={`${id}-issuer`}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://login.microsoftonline.com/<tenant-id>/v2.0"
          value={issuer}
          onChange={(event) => typed(setIssuer)(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described(`${id}-issuer-hint`)}
        />
        <p id={`${id}-issuer-hint`} className="field-hint">
          We check its OpenID configuration (/.well-known/openid-configuration) before saving.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-client`}>Client ID</label>
        <input
          id={`${id}-client`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={clientId}
          onChange={(event) => typed(setClientId)(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-secret`}>Client secret</label>
        <input
          id={`${id}-secret`}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          value={clientSecret}
          placeholder={connection?.secretSaved ? 'Saved (hidden)' : ''}
          onChange={(event) => typed(setClientSecret)(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described(`${id}-secret-hint`)}
        />
        <p id={`${id}-secret-hint`} className="field-hint">
          {connection?.secretSaved
            ? 'A secret is saved. Leave empty to keep it.'
            : 'Kept encrypted and never shown again.'}
        </p>
      </div>
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" aria-disabled={busy || undefined}>
        {busy ? 'Checking the provider...' : connection ? 'Save changes' : 'Connect'}
      </button>
    </form>
  );
}

interface ControlsProps {
  connection: SsoConnectionView;
  hasDomain: boolean;
  onChanged: (message: string, settings: SsoSettings) => void;
  onAsk: () => void;
}

const confirmTexts: Record<NonNullable<Step>, { question: string; action: string }> = {
  require: {
    question: `Require single sign-on? ${ssoRequireExplained} Check that someone has signed in through your provider first.`,
    action: 'Require single sign-on',
  },
  'stop-requiring': {
    question:
      'Stop requiring single sign-on? Members may then sign in with a password, Google or a passkey again.',
    action: 'Stop requiring',
  },
  disconnect: {
    question:
      'Disconnect single sign-on? The settings and the saved secret are deleted, single sign-on is no longer required, and members sign in with a password, Google or a passkey. To connect again you enter the secret again.',
    action: 'Disconnect',
  },
};

/** "Require single sign-on" and Disconnect, each after a confirm step. */
function Controls({ connection, hasDomain, onChanged, onAsk }: ControlsProps) {
  const id = useId();
  const [step, setStep] = useState<Step>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const ask = (next: Step) => {
    setError('');
    onAsk();
    setStep(next);
  };

  const confirm = async () => {
    if (busy || !step) return;
    setBusy(true);
    setError('');
    try {
      const answer =
        step === 'disconnect'
          ? await apiCall('DELETE', '/api/team/sso', isSaveTeamSsoAnswer)
          : await apiCall('PUT', '/api/team/sso/required', isSaveTeamSsoAnswer, {
              required: step === 'require',
            });
      setStep(null);
      onChanged(answer.message, answer.settings);
    } catch (failure) {
      if (leftForLogin(failure)) return;
      setError(messageFor(failure, changeFailed, teamNetwork));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sso-controls">
      <h3>Require single sign-on</h3>
      <div className="sso-switch">
        <input
          id={`${id}-required`}
          type="checkbox"
          role="switch"
          checked={connection.required}
          disabled={!hasDomain && !connection.required}
          aria-describedby={`${id}-required-hint`}
          onChange={() => ask(connection.required ? 'stop-requiring' : 'require')}
        />
        <label htmlFor={`${id}-required`}>
          Members on your verified domains sign in only through your identity provider
        </label>
      </div>
      <p id={`${id}-required-hint`} className="field-hint">
        {hasDomain
          ? ssoRequireExplained
          : 'Verify a domain first (Domains section): single sign-on can be required only for the addresses of verified domains.'}
      </p>
      {step ? (
        <ConfirmStep
          question={confirmTexts[step].question}
          keepLabel="Cancel"
          confirmLabel={confirmTexts[step].action}
          tone={step === 'disconnect' ? 'danger' : 'primary'}
          busy={busy}
          onKeep={() => setStep(null)}
          onConfirm={() => void confirm()}
        />
      ) : (
        <div className="team-row-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => ask('disconnect')}
          >
            Disconnect
          </button>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
