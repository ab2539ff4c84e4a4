/**
 * Account Settings' Two-Step Sign-In card: an authenticator app as the second step of signing in.
 * Off: "Set up an authenticator app" shows a QR code (drawn by the Worker) and the secret as text,
 * and the app's first code turns it on; the 10 recovery codes are shown once, to copy or download.
 * On: new recovery codes (for a current code) and Turn Off (for a current code: the password is
 * never enough to undo the app). Turning it on is a step-up action: the server may first want a
 * fresh proof of the strongest factor, which the step-up dialog asks for (shared/fresh-proof.ts).
 * The steps themselves (TwoStepSteps.tsx) load when one is opened.
 */
import { useCallback, useId, useState } from 'react';
import { type TwoStepStatus } from '../../contract/two-step';
import type { User } from '../../contract/user';
import { formatDate } from '../../lib/format';
import { apiCall, messageFor } from '../shared/api';
import { lazyPart } from '../shared/lazy-part';
import { useLoad } from '../shared/use-load';
import type { TwoStepStep } from './TwoStepSteps';
import { isGetTwoStepStatusAnswer } from '../../generated/answers/GetTwoStepStatusAnswer';

const TwoStepSteps = lazyPart(async () => (await import('./TwoStepSteps')).TwoStepSteps);

const loadStatus = () => apiCall('GET', '/api/two-step', isGetTwoStepStatusAnswer);
const describeFailure = (error: unknown) =>
  messageFor(error, 'Two-step sign-in could not be loaded.');

export function TwoStepSignIn({ user }: { user: User }) {
  const id = useId();
  const { state, reload, refresh } = useLoad<TwoStepStatus, string>(loadStatus, describeFailure);
  const [step, setStep] = useState<TwoStepStep>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const reset = useCallback((next: TwoStepStep = { kind: 'idle' }) => {
    setStep(next);
    setError(null);
    setBusy(false);
  }, []);

  const startSetup = async () => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const [setup] = await Promise.all([
        // The call's code (with the step-up dialog's) loads with the press, as the steps do.
        import('./two-step-setup').then((module) => module.startTwoStepSetup()),
        // The set-up step loads while the server makes the secret; a failed load shows there.
        TwoStepSteps.preload(),
      ]);
      reset({ kind: 'setup', setup });
    } catch (failure) {
      setError(messageFor(failure, 'The setup could not be started. Please try again.'));
      setBusy(false);
    }
  };

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
  } else if (step.kind !== 'idle') {
    body = (
      <TwoStepSteps
        key={step.kind}
        step={step}
        user={user}
        onNext={(next) => {
          reset(next);
          refresh();
        }}
        onNotice={setNotice}
        onCancel={() => reset()}
      />
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
