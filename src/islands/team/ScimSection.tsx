/**
 * The team page's Provisioning (SCIM) section: the base URL to paste into the identity provider,
 * whether a token exists (and since when), the time of the last SCIM call, and the token made,
 * replaced or revoked, each change after a confirm step. A new token is shown once, with a copy
 * button: only its hash is kept. Making one asks for a recent proof of the owner first. Below, short steps for Entra ID, Okta and Google Workspace.
 * Loaded when the page is scrolled near it (TeamPage, WhenNear), with its calls and shapes.
 */
import { useState } from 'react';
import type { ScimStatus } from '../../contract/scim';
import { isCreateTeamScimTokenAnswer } from '../../generated/answers/CreateTeamScimTokenAnswer';
import { isGetTeamScimAnswer } from '../../generated/answers/GetTeamScimAnswer';
import { isMessageAnswer } from '../../generated/answers/MessageAnswer';
import { formatShortDateTime } from '../../lib/format';
import { CopyButton } from '../shared/CopyButton';
import { apiCall, messageFor } from '../shared/api';
import { withFreshProof } from '../shared/fresh-proof';
import { dashboardProblem, leftForLogin } from '../shared/session-ended';
import { LoadStatus } from '../shared/LoadStatus';
import { useLoad } from '../shared/use-load';
import { ConfirmStep } from './ConfirmStep';
import { ProviderGuides, type ProviderGuide } from './ProviderGuides';
import { teamNetwork } from './team-calls';
import './scim.css';

const loadFailed = 'We could not load the provisioning settings. Please try again.';
const actionFailed = 'The token could not be changed. Please try again.';
const problem = dashboardProblem(loadFailed, teamNetwork);

const loadStatus = () => apiCall('GET', '/api/team/scim', isGetTeamScimAnswer);

type Step = 'create' | 'replace' | 'revoke' | null;

const guides: ProviderGuide[] = [
  {
    name: 'Microsoft Entra ID',
    steps: [
      'In Entra admin center, open Enterprise applications, New application, Create your own application ("Integrate any other application you don\'t find in the gallery").',
      'Open Provisioning, set Provisioning Mode to Automatic, paste the base URL above as Tenant URL and the token as Secret Token, then Test Connection and Save.',
      'Under Mappings, keep userName (user principal name or mail), active, emails[type eq "work"].value, name.givenName and name.familyName; Groups are not supported, so turn the group mapping off.',
      'Assign the users (or a group whose members should get a seat) under Users and groups, and start provisioning.',
    ],
  },
  {
    name: 'Okta',
    steps: [
      'In the Admin Console, create an app integration (SAML or SWA) for the plugin, or open the one you have, and on its General tab enable SCIM provisioning.',
      'On the Provisioning tab, paste the base URL above as SCIM connector base URL, "email" as Unique identifier field, and choose HTTP Header authentication with the token.',
      'Tick Push New Users, Push Profile Updates and Push User Deactivation (no group push), then Test Connector Configuration and Save.',
      'Under To App, enable Create Users, Update User Attributes and Deactivate Users, then assign people or groups to the app.',
    ],
  },
  {
    name: 'Google Workspace',
    steps: [
      'Google Workspace provisions only apps from its own catalog by SCIM; for this one, use Entra ID or Okta federated with your Google directory, or ask support to connect it.',
      'Where a connector is available, it takes the base URL above and the token as a bearer token, and sends users by their primary e-mail address.',
    ],
  },
];

export function ScimSection() {
  const { state, replace, reload } = useLoad(loadStatus, problem);
  const [token, setToken] = useState<string | null>(null);
  const [step, setStep] = useState<Step>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  const act = async (run: () => Promise<void>) => {
    setBusy(true);
    setError('');
    setNotice('');
    try {
      await run();
      setStep(null);
    } catch (failure) {
      if (leftForLogin(failure)) return;
      setError(messageFor(failure, actionFailed, teamNetwork));
    } finally {
      setBusy(false);
    }
  };

  const create = () =>
    act(async () => {
      // Making a token asks for a recent proof of the owner (a dialog, then the call again).
      const answer = await withFreshProof(() =>
        apiCall('POST', '/api/team/scim/token', isCreateTeamScimTokenAnswer),
      );
      setToken(answer.token);
      replace(answer.status);
    });

  const revoke = () =>
    act(async () => {
      const answer = await apiCall('DELETE', '/api/team/scim/token', isMessageAnswer);
      setToken(null);
      setNotice(answer.message);
      replace(await loadStatus());
    });

  return (
    <section className="card scim" aria-labelledby="team-scim-title">
      <h2 id="team-scim-title">Provisioning (SCIM)</h2>
      <p>
        Let your identity provider add people to the team and remove them when they leave: a person
        it deactivates loses their seat, their sign-ins and their plugin devices at once.
      </p>
      <LoadStatus state={state} reload={reload} />
      {state.kind === 'ready' && (
        <Settings
          status={state.value}
          token={token}
          step={step}
          busy={busy}
          onAsk={(next) => {
            setError('');
            setNotice('');
            setStep(next);
          }}
          onConfirm={() => void (step === 'revoke' ? revoke() : create())}
        />
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      <ProviderGuides title="Connecting your identity provider" guides={guides} />
    </section>
  );
}

const confirmTexts: Record<NonNullable<Step>, { question: string; action: string }> = {
  create: {
    question:
      'Create a token? It is shown once, here: copy it into your identity provider right away. Whoever holds it can add people to the team and remove them.',
    action: 'Create token',
  },
  replace: {
    question:
      'Replace the token? The current one stops working at once; paste the new one into your identity provider.',
    action: 'Replace token',
  },
  revoke: {
    question:
      'Revoke the token? Your identity provider can no longer change the team; members stay as they are.',
    action: 'Revoke token',
  },
};

interface SettingsProps {
  status: ScimStatus;
  token: string | null;
  step: Step;
  busy: boolean;
  onAsk: (step: Step) => void;
  onConfirm: () => void;
}

function Settings({ status, token, step, busy, onAsk, onConfirm }: SettingsProps) {
  return (
    <>
      <dl className="scim-facts">
        <dt>Base URL</dt>
        <dd>
          <code>{status.baseUrl}</code> <CopyButton value={status.baseUrl} label="the base URL" />
        </dd>
        <dt>Token</dt>
        <dd>
          {status.tokenCreatedAt
            ? `Created ${formatShortDateTime(status.tokenCreatedAt)}`
            : 'None: make one to connect your identity provider.'}
        </dd>
        <dt>Last SCIM call</dt>
        <dd>{status.lastCallAt ? formatShortDateTime(status.lastCallAt) : 'Never'}</dd>
      </dl>
      {token && (
        <div className="scim-token">
          <p>
            <strong>Copy the token now:</strong> it is shown only this once. Paste it into your
            identity provider as the secret (bearer) token.
          </p>
          <code className="scim-token-value">{token}</code>{' '}
          <CopyButton value={token} label="the SCIM token" />
        </div>
      )}
      {step ? (
        <ConfirmStep
          question={confirmTexts[step].question}
          keepLabel="Keep the current token"
          confirmLabel={confirmTexts[step].action}
          tone={step === 'revoke' ? 'danger' : 'primary'}
          busy={busy}
          onKeep={() => onAsk(null)}
          onConfirm={onConfirm}
        />
      ) : (
        <div className="team-row-actions">
          {status.tokenCreatedAt ? (
            <>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => onAsk('replace')}
              >
                Replace token
              </button>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => onAsk('revoke')}
              >
                Revoke token
              </button>
            </>
          ) : (
            <button type="button" className="button" onClick={() => onAsk('create')}>
              Create token
            </button>
          )}
        </div>
      )}
    </>
  );
}
