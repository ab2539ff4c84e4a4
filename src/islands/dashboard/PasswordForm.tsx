/**
 * The Password card's form, loaded when it is opened (ChangePassword.tsx): the current password,
 * the new one twice, then POST /api/change-password. This browser stays signed in; every other
 * session is signed out and the owner gets an e-mail. An account that signs in with Google only
 * sets a first password instead (POST /api/set-password). Both are step-up actions: with an
 * authenticator app or a passkey, or without a password to type, the server may want a fresh proof
 * first, which the step-up dialog asks for (fresh-proof.ts) before the change is sent again.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Messages } from '../../contract/messages';
import { loginPasswordRule, newPasswordRule } from '../../contract/rules';
import { limits } from '../../site.config';
import { apiCall, messageFor } from '../shared/api';
import { withFreshProof } from '../shared/fresh-proof';
import { PasswordField } from '../shared/PasswordField';
import { isMessageAnswer } from '../../generated/answers/MessageAnswer';

interface Props {
  /** The account signs in with Google only: it sets a first password, with no current one. */
  first: boolean;
  /** After the change, with the server's message. */
  onDone: (message: string) => void;
  onCancel: () => void;
}

export function PasswordForm({ first, onDone, onCancel }: Props) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const errorId = `${id}-error`;

  // Opened by a button that is now gone: its first field takes the focus.
  useEffect(() => {
    form.current?.querySelector('input')?.focus();
  }, []);

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const problem =
      (first ? null : loginPasswordRule(current)) ??
      newPasswordRule(next) ??
      (next === repeat ? null : Messages.passwordsDoNotMatch);
    if (problem) return setError(problem);
    setSaving(true);
    try {
      const answer = await withFreshProof(() =>
        first
          ? apiCall('POST', '/api/set-password', isMessageAnswer, { newPassword: next })
          : apiCall('POST', '/api/change-password', isMessageAnswer, {
              currentPassword: current,
              newPassword: next,
            }),
      );
      onDone(answer.message);
    } catch (failure) {
      setError(messageFor(failure, Messages.passwordChangeFailed));
      setSaving(false);
    }
  };

  return (
    // method="post": a form submitted before the script runs never puts a password in the URL.
    <form ref={form} method="post" onSubmit={(event) => void submit(event)} noValidate>
      {!first && (
        <PasswordField
          label="Current password"
          value={current}
          onChange={edit(setCurrent)}
          autoComplete="current-password"
          errorId={error ? errorId : undefined}
        />
      )}
      <PasswordField
        label="New password"
        value={next}
        onChange={edit(setNext)}
        autoComplete="new-password"
        minLength={limits.passwordMinLength}
        errorId={error ? errorId : undefined}
      />
      <PasswordField
        label="Repeat new password"
        value={repeat}
        onChange={edit(setRepeat)}
        autoComplete="new-password"
        minLength={limits.passwordMinLength}
        errorId={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={saving}>
          {saving
            ? first
              ? 'Setting...'
              : 'Changing...'
            : first
              ? 'Set Password'
              : 'Change Password'}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
