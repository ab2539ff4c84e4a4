/**
 * "Confirm it is you", the form inside the step-up dialog (ProofDialog.tsx): asks for the proof
 * the server names for this person (GET /api/verify-identity), which is their strongest factor —
 * a passkey or a code from the authenticator app when they have one, the password only when it
 * is all they have, and nothing to type for an account that signs in with Google alone (it signs
 * in again). A code or the password goes to POST /api/verify-identity, a passkey through
 * passkey-confirm.ts; then `onConfirmed`, and the action is tried again.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { type ProofMethod } from '../../contract/two-step';
import { apiCall, messageFor } from './api';
import './forms.css';
import { isGetIdentityProofMethodsAnswer } from '../../generated/answers/GetIdentityProofMethodsAnswer';
import { isMessageAnswer } from '../../generated/answers/MessageAnswer';

type TypedMethod = Exclude<ProofMethod, 'passkey'>;

interface Props {
  onConfirmed: () => void;
  onCancel: () => void;
  /** What to do when there is nothing to type (an account that signs in with Google only). */
  signInAgainText?: string | undefined;
}

const labels: Record<TypedMethod, string> = {
  code: 'Code from your authenticator app',
  password: 'Your password',
};
const failed = 'We could not confirm it is you. Please try again.';
const signInAgain = 'For your safety, log out and sign in again, then try this within 10 minutes.';

export function ConfirmIdentity({ onConfirmed, onCancel, signInAgainText }: Props) {
  const id = useId();
  const [methods, setMethods] = useState<readonly ProofMethod[] | null>(null);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    apiCall('GET', '/api/verify-identity', isGetIdentityProofMethodsAnswer)
      .then((answer) => current && setMethods(answer.methods))
      .catch((failure: unknown) => {
        if (!current) return;
        setMethods([]);
        setError(messageFor(failure, failed));
      });
    return () => {
      current = false;
    };
  }, []);

  // The one typed proof offered: a code when the person has an app, else the password.
  const typed: TypedMethod | undefined = methods?.includes('code')
    ? 'code'
    : methods?.includes('password')
      ? 'password'
      : undefined;
  const passkey = methods?.includes('passkey') ?? false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!typed || busy) return;
    if (!value.trim()) return setError(`Please enter ${labels[typed].toLowerCase()}.`);
    setBusy(true);
    setError(null);
    try {
      await apiCall(
        'POST',
        '/api/verify-identity',
        isMessageAnswer,
        typed === 'code' ? { code: value } : { password: value },
      );
      setValue('');
      onConfirmed();
    } catch (failure) {
      setError(messageFor(failure, failed));
    } finally {
      setBusy(false);
    }
  };

  /** The passkey's prompt; its code loads only when chosen. */
  const confirmByPasskey = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { confirmWithPasskey } = await import('./passkey-confirm');
      await confirmWithPasskey();
      onConfirmed();
    } catch (failure) {
      setError(messageFor(failure, failed));
    } finally {
      setBusy(false);
    }
  };

  const errorId = `${id}-error`;
  const errorLine = error && (
    <p id={errorId} className="form-error" role="alert">
      {error}
    </p>
  );
  const passkeyButton = passkey && (
    <button
      type="button"
      className={typed ? 'button button-secondary' : 'button'}
      onClick={() => void confirmByPasskey()}
      aria-disabled={busy}
    >
      {busy && !typed ? 'Confirming...' : 'Use a Passkey'}
    </button>
  );
  const cancel = (
    <button type="button" className="button button-secondary" onClick={onCancel}>
      Cancel
    </button>
  );

  if (methods === null) {
    return (
      <div className="confirm-identity">
        <p className="form-info" role="status">
          Loading...
        </p>
        <div className="form-actions">{cancel}</div>
      </div>
    );
  }

  if (!typed) {
    return (
      <div className="confirm-identity" role="group" aria-labelledby={`${id}-title`}>
        <p id={`${id}-title`} className="form-info">
          {passkey
            ? 'For your safety, confirm it is you with your passkey before going on.'
            : (signInAgainText ?? signInAgain)}
        </p>
        {errorLine}
        <div className="form-actions">
          {passkeyButton}
          {cancel}
        </div>
      </div>
    );
  }

  return (
    <form
      className="confirm-identity"
      method="post"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <p id={`${id}-title`} className="form-info">
        For your safety, confirm it is you before going on.
      </p>
      <div className="field">
        <label htmlFor={`${id}-value`}>{labels[typed]}</label>
        <input
          id={`${id}-value`}
          type={typed === 'password' ? 'password' : 'text'}
          autoComplete={typed === 'password' ? 'current-password' : 'one-time-code'}
          inputMode={typed === 'code' ? 'numeric' : undefined}
          maxLength={typed === 'code' ? 32 : 1024}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoFocus
        />
        {typed === 'code' && <p className="field-hint">A recovery code works too.</p>}
      </div>
      {errorLine}
      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={busy}>
          {busy ? 'Confirming...' : 'Confirm'}
        </button>
        {passkeyButton}
        {cancel}
      </div>
    </form>
  );
}
