/**
 * /login, 'Welcome Back!'. E-mail and password, or Google, or a passkey; an address whose
 * organization signs its people in through its identity provider is offered single sign-on
 * once typed (LoginForm.tsx);
 * already signed-in visitors go straight to the dashboard (or to the console page of `?next=`, see
 * return-path.ts); a Google profile with no account gets the Account Not Found screen.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ErrorCode } from '../../contract/error-codes';
import { Messages } from '../../contract/messages';
import { loginWaiting } from '../../contract/plugin-sign-in-texts';
import type { SecondStepResponse } from '../../contract/two-step';
import type { AuthResponse } from '../../contract/user';
import { allowedLoginMessage } from '../../lib/auth/login-message';
import { returnPath } from '../../lib/auth/return-path';
import { readRememberedEmail } from '../../lib/auth/storage';
import { withErrorBoundary } from '../ErrorBoundary';
import {
  clearAuthError,
  completeSignIn,
  getAuthState,
  restoreSession,
  setAuthError,
  useAuth,
} from '../shared/auth-store';
import { Overlay, type OverlayText } from '../shared/Overlay';
import { LoginForm, type LoginValues } from './LoginForm';
import '../shared/forms.css';
import './auth.css';

/** Shown only when a Google profile has no account, so loaded then. */
const AccountNotFound = lazy(async () => ({
  default: (await import('./AccountNotFound')).AccountNotFound,
}));

/** Checks and calls, loaded on first use (login-calls.ts); null when offline. */
const calls = () => import('./login-calls').catch(() => null);
const offline = { message: Messages.sendNetwork, code: null };

/** Where this sign-in goes on to: the dashboard, or the console page that sent the operator here. */
function destination(): string {
  return returnPath(new URLSearchParams(window.location.search).get('next'));
}

/**
 * A right password or Google account opens the session, or, with two-step sign-in on, sends the
 * person to the code page (the waiting sign-in is in an HttpOnly cookie; `next` goes along).
 */
function finishSignIn(response: AuthResponse | SecondStepResponse) {
  if ('secondFactorRequired' in response) {
    window.location.assign(`/login/code${window.location.search}`);
    return;
  }
  completeSignIn(response, destination());
}

/** Where the single sign-on form posts: /sso/start, carrying this page's `next`. */
function ssoAction(): string {
  const next = new URLSearchParams(window.location.search).get('next');
  return next ? `/sso/start?next=${encodeURIComponent(next)}` : '/sso/start';
}

/**
 * Refusals of what was typed into the fields, which mark them invalid. Others (a single sign-on
 * refused by the organization, too many attempts) are about neither field.
 */
const FIELD_REFUSALS: ReadonlySet<string> = new Set([
  ErrorCode.VALIDATION_FAILED,
  ErrorCode.INVALID_CREDENTIALS,
]);

/** The code of a refusal the Worker wrote into the page (functions/routes/login-form.ts). */
const servedCode = (code: string | undefined) => (code ? (code as ErrorCode) : null);

/** A typed address complete enough to ask about: something@domain.tld. */
const looksComplete = (email: string) => /^[^@\s]+@[^@\s]+\.[^@\s]{2,}$/.test(email.trim());

/** Single sign-on of the typed address's domain, asked once per domain (a short pause first). */
function useSsoLookup(email: string) {
  const [sso, setSso] = useState<{ domain: string; organizationName: string } | null>(null);
  const domain = looksComplete(email) ? email.trim().toLowerCase().split('@')[1]! : null;
  useEffect(() => {
    if (!domain) return;
    let current = true;
    const timer = window.setTimeout(() => {
      void calls().then(async (loaded) => {
        const found = loaded ? await loaded.ssoLookup(email) : null;
        if (current) setSso(found ? { domain, ...found } : null);
      });
    }, 300);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
    // Asked again only when the domain changes, not at every letter of the name before the @.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [domain]);
  return sso && sso.domain === domain ? { organizationName: sso.organizationName } : null;
}

function LoginPage() {
  const auth = useAuth();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', remember: false });
  const sso = useSsoLookup(values.email);
  const [notice, setNotice] = useState<string | null>(null);
  const [overlay, setOverlay] = useState<OverlayText | null>(null);
  const [notFound, setNotFound] = useState(false);

  const loginWithGoogle = useCallback(async (credential: string) => {
    setOverlay('Verifying Information');
    const loaded = await calls();
    if (!loaded) {
      setOverlay(null);
      return setAuthError(offline);
    }
    const response = await loaded.googleLogin(credential);
    if (response) return finishSignIn(response);
    setOverlay(null);
    if (getAuthState().error?.code === ErrorCode.GOOGLE_USER_NOT_FOUND) setNotFound(true);
  }, []);

  useEffect(() => {
    // A visitor who is already signed in does not need this page.
    if (restoreSession().user) {
      window.location.replace(destination());
      return;
    }
    // A refusal the Worker answered to the form itself (sent without JavaScript or before
    // hydration, src/pages/login.astro) becomes this form's error, shown in one place.
    const served = document.getElementById('login-form-error');
    if (served?.textContent) {
      setAuthError({ message: served.textContent, code: servedCode(served.dataset.code) });
      served.remove();
    }
    const query = new URLSearchParams(window.location.search);
    const remembered = readRememberedEmail(localStorage);
    // Storage and the query exist only in the browser, so they are applied after hydration,
    // never over an address typed or filled in before it (LoginForm keeps those).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setValues((current) => ({
      ...current,
      email: current.email || (query.get('email') ?? remembered),
      remember: current.remember || remembered !== '',
    }));
    // On the way back to /activate, the plugin that sent the person here is waiting.
    const waiting = destination().startsWith('/activate') ? loginWaiting : null;
    setNotice(allowedLoginMessage(query.get('message')) ?? waiting);
    // Only a return from Google's consent page has a fragment; google.ts is loaded only then.
    if (!window.location.hash) return;
    import('../shared/google')
      .then(({ consumeGoogleReturn }) => {
        const google = consumeGoogleReturn();
        if (google && 'credential' in google) void loginWithGoogle(google.credential);
        else if (google)
          setAuthError({ message: Messages.googleAuthFailed, code: ErrorCode.GOOGLE_AUTH_FAILED });
      })
      .catch((error: unknown) => console.warn('Google sign-in could not be loaded', error));
  }, [loginWithGoogle]);

  const change = (patch: Partial<LoginValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    clearAuthError();
    void calls(); // The person is typing: have the sending code ready by the time they submit.
  };

  const submit = async () => {
    const loaded = await calls();
    if (!loaded) return setAuthError(offline);
    const response = await loaded.passwordLogin(values, () => setOverlay('Logging You In'));
    if (!response) return setOverlay(null);
    finishSignIn(response);
  };

  return (
    <div className="card auth-card">
      {notFound ? (
        <Suspense fallback={null}>
          <AccountNotFound
            onCancel={() => {
              setNotFound(false);
              clearAuthError();
            }}
          />
        </Suspense>
      ) : (
        <>
          <h1>Welcome Back!</h1>
          <p className="auth-lead">
            Log in to your account to see your license and download the plugin.
          </p>
          {notice && (
            <p className="form-info" role="status">
              {notice}
            </p>
          )}
          <LoginForm
            values={values}
            onChange={change}
            onSubmit={() => void submit()}
            busy={auth.loading}
            error={auth.error?.message ?? null}
            fieldsInvalid={auth.error ? FIELD_REFUSALS.has(auth.error.code ?? '') : false}
            onGoogleCredential={(credential) => void loginWithGoogle(credential)}
            onGoogleError={(message) =>
              setAuthError({ message, code: ErrorCode.GOOGLE_AUTH_FAILED })
            }
            sso={sso}
            ssoAction={ssoAction}
          />
        </>
      )}
      <Overlay text={overlay} />
    </div>
  );
}

export default withErrorBoundary(LoginPage);
