/**
 * Account Settings' Password card: the current password, the new one twice, then
 * POST /api/change-password. This browser stays signed in; every other session is signed out and
 * the owner gets an e-mail. An account that signs in with Google only sets a first password
 * instead (POST /api/set-password). Both are step-up actions: with an authenticator app or a
 * passkey, or without a password to type, the server may want a fresh proof first, which the
 * step-up dialog asks for (fresh-proof.ts) before the change is sent again.
 */
import { useId, useState, type FormEvent } from 'react';
import { type User } from '../../contract/user';
import { Messages } from '../../contract/messages';
import { loginPasswordRule, newPasswordRule } from '../../contract/rules';
import { limits } from '../../site.config';
import { apiCall, messageFor } from '../shared/api';
import { withFreshProof } from '../shared/fresh-proof';
import { PasswordField } from '../shared/PasswordField';
import { isMessageAnswer } from '../../generated/answers/MessageAnswer';

type Outcome = { kind: 'idle' } | { kind: 'saving' } | { kind: 'done'; message: string };

export function ChangePassword({ user }: { user: User }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const errorId = `${id}-error`;

  const first = user.authProvider === 'google';

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
    if (outcome.kind === 'done') setOutcome({ kind: 'idle' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      (first ? null : loginPasswordRule(current)) ??
      newPasswordRule(next) ??
      (next === repeat ? null : Messages.passwordsDoNotMatch);
    if (problem) return setError(problem);
    setOutcome({ kind: 'saving' });
    try {
      const answer = await withFreshProof(() =>
        first
          ? apiCall('POST', '/api/set-password', isMessageAnswer, { newPassword: next })
          : apiCall('POST', '/api/change-password', isMessageAnswer, {
              currentPassword: current,
              newPassword: next,
            }),
      );
      setCurrent('');
      setNext('');
      setRepeat('');
      setOutcome({ kind: 'done', message: answer.message });
    } catch (failure) {
      setError(messageFor(failure, Messages.passwordChangeFailed));
      setOutcome({ kind: 'idle' });
    }
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Password</h2>
      {first && (
        <p>
          Your account signs in with Google. Set a password to also log in with your e-mail address.
        </p>
      )}
      {/* method="post": a form submitted before the script runs never puts a password in the URL. */}
      <form method="post" onSubmit={(event) => void submit(event)} noValidate>
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
        {outcome.kind === 'done' && (
          <p className="form-success" role="status">
            {outcome.message}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button" disabled={outcome.kind === 'saving'}>
            {outcome.kind === 'saving'
              ? first
                ? 'Setting...'
                : 'Changing...'
              : first
                ? 'Set Password'
                : 'Change Password'}
          </button>
        </div>
      </form>
    </section>
  );
}
