/**
 * /forgot-password: asks for the e-mail and always shows the same confirmation, so the
 * page never tells whether an account exists. The e-mail carries a single-use reset link.
 */
import { useId, useRef, useState } from 'react';
import { Messages } from '../../contract/messages';
import { emailRule, normalizeEmail } from '../../contract/rules';
import { withErrorBoundary } from '../ErrorBoundary';
import { apiCall, messageFor } from '../shared/api';
import { BotCheck } from '../shared/BotCheck';
import type { BotCheckController } from '../shared/bot-check';
import { dismissEarlyFormNotice, useKeepTyped } from '../shared/keep-typed';
import '../shared/forms.css';
import './auth.css';
import { isMessageAnswer } from '../../generated/answers/MessageAnswer';

function ForgotPassword() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const bot = useRef<BotCheckController | null>(null);
  // An address typed before hydration, or written back by the Worker, stays (keep-typed.ts).
  const input = useKeepTyped(email, setEmail);

  const submit = async () => {
    const address = normalizeEmail(email);
    const problem = emailRule(address);
    if (problem) return setError(problem);
    dismissEarlyFormNotice();
    setBusy(true);
    try {
      const recaptchaToken = await bot.current?.takeToken();
      if (!recaptchaToken) return setError(Messages.recaptchaNotReady);
      const answer = await apiCall('POST', '/api/forgot-password', isMessageAnswer, {
        email: address,
        recaptchaToken,
      });
      setSent(answer.message);
    } catch (failure) {
      setError(
        messageFor(
          failure,
          'We could not send the reset e-mail. Please try again.',
          Messages.sendNetwork,
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <div className="card auth-card">
        <h1>Check Your Email</h1>
        <p role="status">{sent}</p>
        <p className="auth-lead">
          The link works once and expires soon. Check your spam folder if it does not arrive.
        </p>
        <a className="button button-secondary" href="/login">
          Back to Login
        </a>
      </div>
    );
  }

  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="card auth-card">
      <h1>Forgot Password</h1>
      <p className="auth-lead">
        Enter the e-mail address of your account and we will send you a link to choose a new
        password.
      </p>
      {/* Posts to this page: sent before hydration, the Worker answers the page again with the
          address filled in (functions/routes/early-forms.ts). */}
      <form
        className="account-form"
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            ref={input}
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={254}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
          />
        </div>
        <BotCheck action="forgot_password" controllerRef={bot} />
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? 'Sending...' : 'Send Reset Link'}
        </button>
      </form>
      <p className="auth-footer">
        <a href="/login">Back to Login</a>
      </p>
    </div>
  );
}

export default withErrorBoundary(ForgotPassword);
