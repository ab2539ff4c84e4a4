/**
 * /login, 'Welcome Back!' (SPEC §4 Auth and Login, §8). E-mail and password, or Google;
 * already signed-in visitors go straight to the dashboard; a Google profile with no account gets
 * the Account Not Found screen.
 */
import { useCallback, useEffect, useState } from 'react';
import { ErrorCode } from '../../contract/error-codes';
import { Messages } from '../../contract/messages';
import { emailRule, loginPasswordRule, normalizeEmail } from '../../contract/rules';
import { authResponseSchema } from '../../contract/user';
import { allowedLoginMessage } from '../../lib/auth/login-message';
import { readRememberedEmail, rememberEmail } from '../../lib/auth/storage';
import { withErrorBoundary } from '../ErrorBoundary';
import { apiCall } from '../shared/api';
import {
  clearAuthError,
  completeSignIn,
  getAuthState,
  restoreSession,
  runAuthCall,
  setAuthError,
  useAuth,
} from '../shared/auth-store';
import { consumeGoogleReturn } from '../shared/google';
import { Overlay, type OverlayText } from '../shared/Overlay';
import { AccountNotFound } from './AccountNotFound';
import { LoginForm, type LoginValues } from './LoginForm';
import '../shared/forms.css';
import './auth.css';

function LoginPage() {
  const auth = useAuth();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', remember: false });
  const [notice, setNotice] = useState<string | null>(null);
  const [overlay, setOverlay] = useState<OverlayText | null>(null);
  const [notFound, setNotFound] = useState(false);

  const loginWithGoogle = useCallback(async (credential: string) => {
    setOverlay('Verifying Information');
    const response = await runAuthCall(
      () =>
        apiCall('POST', '/api/login-google', authResponseSchema, { googleAccessToken: credential }),
      Messages.googleLoginDefault,
    );
    if (response) return completeSignIn(response);
    setOverlay(null);
    if (getAuthState().error?.code === ErrorCode.GOOGLE_USER_NOT_FOUND) setNotFound(true);
  }, []);

  useEffect(() => {
    // SPEC §2: a visitor who is already signed in does not need this page.
    if (restoreSession().user) {
      window.location.replace('/dashboard');
      return;
    }
    const query = new URLSearchParams(window.location.search);
    const remembered = readRememberedEmail(localStorage);
    // Storage and the query exist only in the browser, so they are applied after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setValues((current) => ({
      ...current,
      email: query.get('email') ?? remembered,
      remember: remembered !== '',
    }));
    setNotice(allowedLoginMessage(query.get('message')));
    const google = consumeGoogleReturn();
    if (google && 'credential' in google) void loginWithGoogle(google.credential);
    else if (google)
      setAuthError({ message: Messages.googleAuthFailed, code: ErrorCode.GOOGLE_AUTH_FAILED });
  }, [loginWithGoogle]);

  const change = (patch: Partial<LoginValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    clearAuthError();
  };

  const submit = async () => {
    const email = normalizeEmail(values.email);
    const { password } = values;
    const problem = emailRule(email) ?? loginPasswordRule(password);
    if (problem) return setAuthError({ message: problem, code: ErrorCode.VALIDATION_FAILED });
    setOverlay('Logging You In');
    const response = await runAuthCall(
      () => apiCall('POST', '/api/login', authResponseSchema, { email, password }),
      Messages.loginDefault,
    );
    if (!response) return setOverlay(null);
    rememberEmail(localStorage, email, values.remember);
    completeSignIn(response);
  };

  return (
    <div className="card auth-card">
      {notFound ? (
        <AccountNotFound
          onCancel={() => {
            setNotFound(false);
            clearAuthError();
          }}
        />
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
            onGoogleCredential={(credential) => void loginWithGoogle(credential)}
            onGoogleError={(message) =>
              setAuthError({ message, code: ErrorCode.GOOGLE_AUTH_FAILED })
            }
          />
        </>
      )}
      <Overlay text={overlay} />
    </div>
  );
}

export default withErrorBoundary(LoginPage);
