/**
 * The login form itself: every label and button exactly as specified. The e-mail comes first: an
 * address whose organization signs its people in through its identity provider is offered
 * "Continue with <organization> single sign-on", the first button of the form (so Enter takes
 * it), which the browser posts to /sso/start itself. Before the page's script runs (and without
 * JavaScript) a plain "Continue with single sign-on" follows Log In, for the same form.
 */
import { useEffect, useId, useState } from 'react';
import { continueGeneric, continueWith, signsYouIn } from '../../contract/sso-texts';
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
  /** The typed address's organization, when it signs in by single sign-on; else null. */
  sso: { organizationName: string } | null;
  /** Where the single sign-on form posts: /sso/start, with the page's `next` (in the browser). */
  ssoAction: () => string;
  /** The error is a refusal of what was typed: the fields are marked invalid. */
  fieldsInvalid: boolean;
}

/** Marks the single sign-on buttons: the browser posts the form itself for them. */
const SSO_BUTTON = 'sso';

export function LoginForm({
  values,
  onChange,
  onSubmit,
  busy,
  error,
  onGoogleCredential,
  onGoogleError,
  sso,
  ssoAction,
  fieldsInvalid,
}: Props) {
  const id = useId();
  // Until the script runs, the plain single sign-on button is the way to it.
  const [hydrated, setHydrated] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setHydrated(true), []);
  const errorId = error ? `${id}-error` : undefined;
  // Every error is described by its sentence; only a refusal of the fields marks them invalid.
  const invalidId = fieldsInvalid ? errorId : undefined;
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
          // Single sign-on leaves the page: the browser posts the form to /sso/start.
          const submitter = event.nativeEvent.submitter;
          if (submitter?.dataset.kind === SSO_BUTTON && !busy) return;
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
            aria-invalid={invalidId ? true : undefined}
            aria-describedby={errorId}
          />
        </div>
        {sso && (
          <div className="login-sso">
            <p className="form-info" role="status">
              {signsYouIn(sso.organizationName)}
            </p>
            <button
              type="submit"
              className="button button-block"
              formAction={ssoAction()}
              formNoValidate
              data-kind={SSO_BUTTON}
              aria-disabled={busy}
            >
              {continueWith(sso.organizationName)}
            </button>
          </div>
        )}
        <PasswordField
          label="Password"
          name="password"
          value={values.password}
          onChange={(password) => onChange({ password })}
          autoComplete="current-password"
          errorId={errorId}
          invalid={fieldsInvalid}
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
        <button
          type="submit"
          className={sso ? 'button button-secondary button-block' : 'button button-block'}
          aria-disabled={busy}
        >
          {busy ? 'Logging In...' : 'Log In'}
        </button>
        {!hydrated && (
          <button
            type="submit"
            className="button button-secondary button-block"
            formAction="/sso/start"
            formNoValidate
            data-kind={SSO_BUTTON}
          >
            {continueGeneric}
          </button>
        )}
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
