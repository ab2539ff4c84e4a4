/**
 * Account Settings' Password card: the current password, the new one twice, then
 * POST /api/change-password. This browser stays signed in; every other session is signed out and
 * the owner gets an e-mail. An account that signs in with Google only has no password to change.
 */
import { useId, useState, type FormEvent } from 'react';
import { messageResponseSchema, type User } from '../../contract/user';
import { Messages } from '../../contract/messages';
import { loginPasswordRule, newPasswordRule } from '../../contract/rules';
import { limits } from '../../site.config';
import { apiCall, messageFor } from '../shared/api';
import { PasswordField } from '../shared/PasswordField';

type Outcome = { kind: 'idle' } | { kind: 'saving' } | { kind: 'done'; message: string };

export function ChangePassword({ user }: { user: User }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const errorId = `${id}-error`;

  if (user.authProvider === 'google') {
    return (
      <section className="card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Password</h2>
        <p>Your account signs in with Google, so it has no password to change.</p>
      </section>
    );
  }

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
    if (outcome.kind === 'done') setOutcome({ kind: 'idle' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      loginPasswordRule(current) ??
      newPasswordRule(next) ??
      (next === repeat ? null : Messages.passwordsDoNotMatch);
    if (problem) return setError(problem);
    setOutcome({ kind: 'saving' });
    try {
      const answer = await apiCall('POST', '/api/change-password', messageResponseSchema, {
        currentPassword: current,
        newPassword: next,
      });
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
      {/* method="post": a form submitted before the script runs never puts a password in the URL. */}
      <form method="post" onSubmit={(event) => void submit(event)} noValidate>
        <PasswordField
          label="Current password"
          value={current}
          onChange={edit(setCurrent)}
          autoComplete="current-password"
          errorId={error ? errorId : undefined}
        />
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
            {outcome.kind === 'saving' ? 'Changing...' : 'Change Password'}
          </button>
        </div>
      </form>
    </section>
  );
}
