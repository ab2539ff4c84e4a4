/** The login form itself: every label and button exactly as specified. */
import { useId } from 'react';
import { GoogleButton } from '../shared/GoogleButton';
import { useKeepTicked, useKeepTyped } from '../shared/keep-typed';
import { PasswordField } from '../shared/PasswordField';
import { PasskeySignIn } from './PasskeySignIn';

export interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

interface Props {
  values: LoginValues;
  onChange: (patch: Partial<LoginValues>) => void;
  onSubmit: () => void;
  busy: boolean;
  error: string | null;
  onGoogleCredential: (credential: string) => void;
  onGoogleError: (message: string) => void;
}

export function LoginForm({
  values,
  onChange,
  onSubmit,
  busy,
  error,
  onGoogleCredential,
  onGoogleError,
}: Props) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  // What was typed or filled in before hydration stays (keep-typed.ts).
  const email = useKeepTyped(values.email, (typed) => onChange({ email: typed }));
  const remember = useKeepTicked(values.remember, (ticked) => onChange({ remember: ticked }));
  return (
    <>
      {/* Posts, never GETs: without JavaScript (or before hydration) the browser sends the form to
          the Worker's POST /login, so the password never lands in a URL. */}
      <form
        className="account-form"
        method="post"
        action="/login"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            ref={email}
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="username webauthn"
            required
            maxLength={254}
            value={values.email}
            onChange={(event) => onChange({ email: event.target.value })}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
          />
        </div>
        <PasswordField
          label="Password"
          name="password"
          value={values.password}
          onChange={(password) => onChange({ password })}
          autoComplete="current-password"
          errorId={errorId}
        />
        <div className="login-options">
          <label className="checkbox-row">
            <input
              ref={remember}
              type="checkbox"
              checked={values.remember}
              onChange={(event) => onChange({ remember: event.target.checked })}
            />
            Remember my email
          </label>
          <a href="/forgot-password">Forgot Password?</a>
        </div>
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
        {/* aria-disabled, not disabled, while busy: a disabled button would drop keyboard focus. */}
        <button type="submit" className="button button-block" aria-disabled={busy}>
          {busy ? 'Logging In...' : 'Log In'}
        </button>
      </form>
      <p className="divider">or</p>
      <GoogleButton
        label="Continue with Google"
        intent={{ kind: 'login' }}
        onCredential={onGoogleCredential}
        onError={onGoogleError}
        disabled={busy}
      />
      <PasskeySignIn disabled={busy} />
      <div className="auth-footer">
        <a className="button button-secondary" href="/pricing">
          Cancel
        </a>
        <p>
          Don&apos;t have an account? <a href="/pricing">See pricing and start a free trial</a>
        </p>
      </div>
    </>
  );
}
