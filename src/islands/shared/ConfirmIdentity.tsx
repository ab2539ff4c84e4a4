/**
 * "Confirm it is you": asked when an action wants a recent proof of who is at the keyboard (the
 * server answered FRESH_VERIFICATION_REQUIRED). A code from the authenticator app or the password
 * (whichever the account has) goes to POST /api/verify-identity, or a passkey proves it; then the
 * action is tried again.
 */
import { useId, useState, type FormEvent } from 'react';
import { messageResponseSchema } from '../../contract/user';
import { apiCall, messageFor } from './api';
import './forms.css';

export type ProofMethod = 'code' | 'password';

interface Props {
  /** What the account can prove with, in the order offered; empty: it must sign in again. */
  methods: readonly ProofMethod[];
  /** Offer "Use a passkey" too (the account has one; POST /api/passkeys/confirm/…). */
  passkey?: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
  /**
   * Another way, in words: shown under the form, or alone when the account has no code and no
   * password to offer (a Google-only account signs in again).
   */
  signInAgainText?: string | undefined;
}

const labels: Record<ProofMethod, string> = {
  code: 'Code from your authenticator app',
  password: 'Your password',
};

export function ConfirmIdentity({
  methods,
  passkey = false,
  onConfirmed,
  onCancel,
  signInAgainText,
}: Props) {
  const id = useId();
  const [method, setMethod] = useState<ProofMethod | undefined>(methods[0]);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!method || busy) return;
    if (!value.trim()) return setError(`Please enter ${labels[method].toLowerCase()}.`);
    setBusy(true);
    setError(null);
    try {
      await apiCall(
        'POST',
        '/api/verify-identity',
        messageResponseSchema,
        method === 'code' ? { code: value } : { password: value },
      );
      setValue('');
      onConfirmed();
    } catch (failure) {
      setError(messageFor(failure, 'We could not confirm it is you. Please try again.'));
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
      setError(messageFor(failure, 'We could not confirm it is you. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const passkeyButton = passkey && (
    <button
      type="button"
      className="button button-secondary"
      onClick={() => void confirmByPasskey()}
      aria-disabled={busy}
    >
      Use a Passkey
    </button>
  );

  if (!method) {
    return (
      <div className="confirm-identity" role="group" aria-labelledby={`${id}-title`}>
        <p id={`${id}-title`} className="form-info">
          {signInAgainText ??
            'For your safety, log out and sign in again, then try this within 10 minutes.'}
        </p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="form-actions">
          {passkeyButton}
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    );
  }

  const errorId = `${id}-error`;
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
      {methods.length > 1 && (
        <fieldset className="choice-row">
          <legend className="visually-hidden">Confirm with</legend>
          {methods.map((option) => (
            <label key={option} className="checkbox-row">
              <input
                type="radio"
                name={`${id}-method`}
                checked={method === option}
                onChange={() => {
                  setMethod(option);
                  setValue('');
                  setError(null);
                }}
              />
              {option === 'code' ? 'Authenticator code' : 'Password'}
            </label>
          ))}
        </fieldset>
      )}
      <div className="field">
        <label htmlFor={`${id}-value`}>{labels[method]}</label>
        <input
          id={`${id}-value`}
          type={method === 'password' ? 'password' : 'text'}
          autoComplete={method === 'password' ? 'current-password' : 'one-time-code'}
          inputMode={method === 'code' ? 'numeric' : undefined}
          maxLength={method === 'code' ? 32 : 1024}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoFocus
        />
      </div>
      {signInAgainText && <p className="field-hint">{signInAgainText}</p>}
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={busy}>
          {busy ? 'Confirming...' : 'Confirm'}
        </button>
        {passkeyButton}
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
