/** /reset-password?token=: choose a new password with the e-mailed single-use link. */
import { useEffect, useId, useState } from 'react';
import { Messages } from '../../contract/messages';
import { resetTokenRule } from '../../contract/rules';
import { withErrorBoundary } from '../ErrorBoundary';
import { apiCall, messageFor } from '../shared/api';
import { PasswordField } from '../shared/PasswordField';
import { checkNewPassword } from '../signup/form-rules';
import '../shared/forms.css';
import './auth.css';
import { isMessageAnswer } from '../../generated/answers/MessageAnswer';

function ResetPassword() {
  const id = useId();
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // The token is in the URL, which only the browser knows; it is removed from the address bar
    // so it does not linger in history or leak through a shared screenshot.
    const value = new URLSearchParams(window.location.search).get('token') ?? '';
    window.history.replaceState(window.history.state, '', window.location.pathname);
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setToken(value);
    if (!value) setError(Messages.invalidResetToken);
  }, []);

  const submit = async () => {
    const problem =
      checkNewPassword(password, confirm) ??
      (token ? resetTokenRule(token) : Messages.invalidResetToken);
    if (problem || !token) return setError(problem ?? Messages.invalidResetToken);
    setBusy(true);
    try {
      const answer = await apiCall('POST', '/api/reset-password', isMessageAnswer, {
        token,
        password,
      });
      setDone(answer.message);
    } catch (failure) {
      setError(messageFor(failure, Messages.invalidResetToken, Messages.verifyNetwork));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="card auth-card">
        <h1>Password Changed</h1>
        <p role="status">{done}</p>
        <a className="button" href="/login">
          Log In
        </a>
      </div>
    );
  }

  const errorId = error ? `${id}-error` : undefined;
  const change = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (token) setError(null);
  };
  return (
    <div className="card auth-card">
      <h1>Choose a New Password</h1>
      <form
        className="account-form"
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit();
        }}
      >
        <PasswordField
          label="New Password"
          value={password}
          onChange={change(setPassword)}
          autoComplete="new-password"
          errorId={errorId}
        />
        <PasswordField
          label="Confirm Password"
          value={confirm}
          onChange={change(setConfirm)}
          autoComplete="new-password"
          errorId={errorId}
        />
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-block" disabled={busy || !token}>
          {busy ? 'Saving...' : 'Set New Password'}
        </button>
      </form>
      <p className="auth-footer">
        <a href="/forgot-password">Request a new link</a> · <a href="/login">Back to Login</a>
      </p>
    </div>
  );
}

export default withErrorBoundary(ResetPassword);
