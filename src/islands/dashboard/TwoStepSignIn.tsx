/**
 * Account Settings' Two-Step Sign-In card: an authenticator app as the second step of signing in.
 * Off: "Set up an authenticator app" shows a QR code (drawn by the Worker) and the secret as text,
 * and the app's first code turns it on; the 10 recovery codes are shown once, to copy or download.
 * On: new recovery codes (for a current code) and Turn Off (for a current code: the password is
 * never enough to undo the app). Turning it on is a step-up action: the server may first want a
 * fresh proof of the strongest factor, which the step-up dialog asks for (shared/fresh-proof.ts).
 */
import { useCallback, useId, useState, type FormEvent } from 'react';
import {
  recoveryCodesSchema,
  twoStepSetupSchema,
  twoStepStatusSchema,
  type TwoStepSetup,
  type TwoStepStatus,
} from '../../contract/two-step';
import { messageResponseSchema, type User } from '../../contract/user';
import { formatDate } from '../../lib/format';
import { site } from '../../site.config';
import { apiCall, messageFor } from '../shared/api';
import { withFreshProof } from '../shared/fresh-proof';
import { useLoad } from '../shared/use-load';
import { CopyButton } from './CopyButton';

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoStepSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'new-codes' }
  | { kind: 'turn-off' };

const loadStatus = () => apiCall('GET', '/api/two-step', twoStepStatusSchema);
const describeFailure = (error: unknown) =>
  messageFor(error, 'Two-step sign-in could not be loaded.');

/** The recovery codes as a text file the owner can keep. */
function downloadCodes(codes: readonly string[]) {
  const text =
    `${site.product} recovery codes\n` +
    `Each code signs you in once if you cannot use your authenticator app.\n\n` +
    `${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${site.product.toLowerCase()}-recovery-codes.txt`;
  link.click();
  URL.revokeObjectURL(url);
}

export function TwoStepSignIn({ user }: { user: User }) {
  const id = useId();
  const { state, reload, refresh } = useLoad<TwoStepStatus, string>(loadStatus, describeFailure);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const reset = useCallback((next: Step = { kind: 'idle' }) => {
    setStep(next);
    setCode('');
    setError(null);
    setBusy(false);
  }, []);

  const startSetup = async () => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const setup = await withFreshProof(() =>
        apiCall('POST', '/api/two-step/setup', twoStepSetupSchema),
      );
      reset({ kind: 'setup', setup });
    } catch (failure) {
      setError(messageFor(failure, 'The setup could not be started. Please try again.'));
      setBusy(false);
    }
  };

  /** Sends the code of the current step; `send` makes the call and says what comes next. */
  const submitCode = (send: (code: string) => Promise<Step>) => async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) return setError('Please enter the code from your authenticator app.');
    setBusy(true);
    setError(null);
    try {
      reset(await send(code));
      refresh();
    } catch (failure) {
      setError(messageFor(failure, 'That did not work. Please try again.'));
      setBusy(false);
    }
  };

  const confirmSetup = submitCode(async (typed) => {
    const { recoveryCodes } = await withFreshProof(() =>
      apiCall('POST', '/api/two-step/confirm', recoveryCodesSchema, { code: typed }),
    );
    return { kind: 'codes', codes: recoveryCodes };
  });
  const newCodes = submitCode(async (typed) => {
    const { recoveryCodes } = await apiCall(
      'POST',
      '/api/two-step/recovery-codes',
      recoveryCodesSchema,
      { code: typed },
    );
    return { kind: 'codes', codes: recoveryCodes };
  });
  const turnOff = submitCode(async (typed) => {
    const answer = await apiCall('POST', '/api/two-step/off', messageResponseSchema, {
      code: typed,
    });
    setNotice(answer.message);
    return { kind: 'idle' };
  });

  const codeField = (label: string, hint: string) => (
    <div className="field">
      <label htmlFor={`${id}-code`}>{label}</label>
      <input
        id={`${id}-code`}
        type="text"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={64}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-code-hint${error ? ` ${id}-error` : ''}`}
        autoFocus
      />
      <p id={`${id}-code-hint`} className="field-hint">
        {hint}
      </p>
    </div>
  );

  const actions = (label: string, busyLabel: string) => (
    <div className="form-actions">
      <button type="submit" className="button" aria-disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" className="button button-secondary" onClick={() => reset()}>
        Cancel
      </button>
    </div>
  );

  const errorLine = error && (
    <p id={`${id}-error`} className="form-error" role="alert">
      {error}
    </p>
  );

  let body;
  if (state.kind === 'loading') {
    body = <p className="dashboard-loading">Loading...</p>;
  } else if (state.kind === 'failed') {
    body = (
      <>
        <p className="form-error" role="alert">
          {state.problem}
        </p>
        <button type="button" className="button button-secondary" onClick={reload}>
          Retry
        </button>
      </>
    );
  } else if (step.kind === 'setup') {
    body = (
      <form method="post" onSubmit={(event) => void confirmSetup(event)} noValidate>
        <ol className="two-step-steps">
          <li>
            Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
            1Password or similar) and scan this QR code:
            <img
              className="two-step-qr"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(step.setup.qrSvg)}`}
              alt={`QR code that adds ${site.product} to your authenticator app`}
              width={200}
              height={200}
            />
          </li>
          <li>
            Cannot scan it? Type this key into the app instead:
            <span className="two-step-secret">
              <code>{step.setup.secret}</code>
              <CopyButton value={step.setup.secret.replace(/\s/g, '')} label="Copy key" />
            </span>
          </li>
          <li>Enter the 6-digit code the app now shows.</li>
        </ol>
        {codeField('Code from the app', 'The code changes every 30 seconds.')}
        {errorLine}
        {actions('Turn On', 'Turning on...')}
      </form>
    );
  } else if (step.kind === 'codes') {
    body = (
      <div className="two-step-codes">
        <p className="form-success" role="status">
          Two-step sign-in is on. Keep these recovery codes somewhere safe: each one signs you in
          once if you lose your phone. They are shown only now.
        </p>
        <ul className="recovery-codes" aria-label="Recovery codes">
          {step.codes.map((recovery) => (
            <li key={recovery}>
              <code>{recovery}</code>
            </li>
          ))}
        </ul>
        <div className="form-actions">
          <CopyButton value={step.codes.join('\n')} label="Copy codes" />
          <button
            type="button"
            className="button button-secondary"
            onClick={() => downloadCodes(step.codes)}
          >
            Download
          </button>
          <button type="button" className="button" onClick={() => reset()}>
            Done
          </button>
        </div>
      </div>
    );
  } else if (step.kind === 'new-codes') {
    body = (
      <form method="post" onSubmit={(event) => void newCodes(event)} noValidate>
        <p>New codes replace all your earlier recovery codes, used or not.</p>
        {codeField('Code from your authenticator app', 'The 6-digit code the app shows now.')}
        {errorLine}
        {actions('Make New Codes', 'Making codes...')}
      </form>
    );
  } else if (step.kind === 'turn-off') {
    body = (
      <form method="post" onSubmit={(event) => void turnOff(event)} noValidate>
        <p>
          Signing in will need your {user.authProvider === 'google' ? 'Google account' : 'password'}{' '}
          only. Confirm with a code from your authenticator app.
        </p>
        {codeField('Authenticator code', 'A recovery code works too.')}
        {errorLine}
        {actions('Turn Off', 'Turning off...')}
      </form>
    );
  } else if (state.value.on) {
    body = (
      <>
        <p>
          <strong>On</strong>
          {state.value.since !== null && <> since {formatDate(state.value.since)}</>}. Signing in
          with your password or Google also asks for a code from your authenticator app.
        </p>
        <p>
          {state.value.recoveryCodesLeft} of 10 recovery codes left
          {state.value.recoveryCodesLeft <= 3 ? ': make new ones soon.' : '.'}
        </p>
        {notice && (
          <p className="form-success" role="status">
            {notice}
          </p>
        )}
        <div className="form-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => reset({ kind: 'new-codes' })}
          >
            New Recovery Codes
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => reset({ kind: 'turn-off' })}
          >
            Turn Off
          </button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p>
          Add a second step to signing in: after your{' '}
          {user.authProvider === 'google' ? 'Google account' : 'password'}, a 6-digit code from an
          authenticator app on your phone. Someone who learns your password still cannot sign in.
        </p>
        {notice && (
          <p className="form-success" role="status">
            {notice}
          </p>
        )}
        {errorLine}
        <div className="form-actions">
          <button
            type="button"
            className="button"
            onClick={() => void startSetup()}
            aria-disabled={busy}
          >
            {busy ? 'Starting...' : 'Set Up an Authenticator App'}
          </button>
        </div>
      </>
    );
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Two-Step Sign-In</h2>
      {body}
    </section>
  );
}
