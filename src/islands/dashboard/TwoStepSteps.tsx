/**
 * The steps of the Two-Step Sign-In card (TwoStepSignIn.tsx), loaded when one is opened: the set-up
 * with its QR code and the first code, the recovery codes shown once, new recovery codes and Turn
 * Off. Each step sends a code from the authenticator app and says which step comes next.
 */
import { useId, useState, type FormEvent } from 'react';
import { type TwoStepSetup } from '../../contract/two-step';
import { type User } from '../../contract/user';
import { site } from '../../site.config';
import { apiCall, messageFor } from '../shared/api';
import { withFreshProof } from '../shared/fresh-proof';
import { CopyButton } from '../shared/CopyButton';
import { isConfirmTwoStepAnswer } from '../../generated/answers/ConfirmTwoStepAnswer';
import { isMessageAnswer } from '../../generated/answers/MessageAnswer';

export type TwoStepStep =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoStepSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'new-codes' }
  | { kind: 'turn-off' };

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

interface Props {
  step: Exclude<TwoStepStep, { kind: 'idle' }>;
  user: User;
  /** The next step after a code was accepted (the status is reloaded with it). */
  onNext: (next: TwoStepStep) => void;
  /** Turned off: the server's message, shown on the card. */
  onNotice: (message: string) => void;
  onCancel: () => void;
}

export function TwoStepSteps({ step, user, onNext, onNotice, onCancel }: Props) {
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Sends the code of the current step; `send` makes the call and says what comes next. */
  const submitCode = (send: (code: string) => Promise<TwoStepStep>) => async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) return setError('Please enter the code from your authenticator app.');
    setBusy(true);
    setError(null);
    try {
      onNext(await send(code));
    } catch (failure) {
      setError(messageFor(failure, 'That did not work. Please try again.'));
      setBusy(false);
    }
  };

  const confirmSetup = submitCode(async (typed) => {
    const { recoveryCodes } = await withFreshProof(() =>
      apiCall('POST', '/api/two-step/confirm', isConfirmTwoStepAnswer, { code: typed }),
    );
    return { kind: 'codes', codes: recoveryCodes };
  });
  const newCodes = submitCode(async (typed) => {
    const { recoveryCodes } = await apiCall(
      'POST',
      '/api/two-step/recovery-codes',
      isConfirmTwoStepAnswer,
      { code: typed },
    );
    return { kind: 'codes', codes: recoveryCodes };
  });
  const turnOff = submitCode(async (typed) => {
    const answer = await apiCall('POST', '/api/two-step/off', isMessageAnswer, {
      code: typed,
    });
    onNotice(answer.message);
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
      <button type="button" className="button button-secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );

  const errorLine = error && (
    <p id={`${id}-error`} className="form-error" role="alert">
      {error}
    </p>
  );

  if (step.kind === 'setup')
    return (
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
  if (step.kind === 'codes')
    return (
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
          <button type="button" className="button" onClick={onCancel}>
            Done
          </button>
        </div>
      </div>
    );
  if (step.kind === 'new-codes')
    return (
      <form method="post" onSubmit={(event) => void newCodes(event)} noValidate>
        <p>New codes replace all your earlier recovery codes, used or not.</p>
        {codeField('Code from your authenticator app', 'The 6-digit code the app shows now.')}
        {errorLine}
        {actions('Make New Codes', 'Making codes...')}
      </form>
    );
  return (
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
}
