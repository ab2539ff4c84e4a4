/**
 * What /login does once a person acts: check the form, call the API, keep the e-mail if asked.
 * Loaded on the first keystroke or click (LoginPage), so the page itself renders with React, the
 * form and the Google button only (budgets: docs/performance.md).
 */
import { ErrorCode } from '../../contract/error-codes';
import { Messages } from '../../contract/messages';
import { emailRule, loginPasswordRule, normalizeEmail } from '../../contract/rules';
import { type SecondStepResponse } from '../../contract/two-step';
import type { AuthResponse } from '../../contract/user';
import { rememberEmail } from '../../lib/auth/storage';
import { apiCall } from '../shared/api';
import { runAuthCall } from '../shared/run-auth-call';
import { setAuthError } from '../shared/auth-store';
import type { LoginValues } from './LoginForm';
import { isSignInAnswer } from '../../generated/answers/SignInAnswer';
import { isLookUpSingleSignOnAnswer } from '../../generated/answers/LookUpSingleSignOnAnswer';

/**
 * POST /api/login (`sending` runs once the form passed its checks); null when the form is refused
 * here or the call failed (the auth store holds why).
 */
export async function passwordLogin(
  values: LoginValues,
  sending: () => void,
): Promise<AuthResponse | SecondStepResponse | null> {
  const email = normalizeEmail(values.email);
  const { password } = values;
  const problem = emailRule(email) ?? loginPasswordRule(password);
  if (problem) {
    setAuthError({ message: problem, code: ErrorCode.VALIDATION_FAILED });
    return null;
  }
  sending();
  const response = await runAuthCall(
    () => apiCall('POST', '/api/login', isSignInAnswer, { email, password }),
    Messages.loginDefault,
  );
  if (response) rememberEmail(localStorage, email, values.remember);
  return response ?? null;
}

/**
 * POST /api/sso/lookup: the organization whose identity provider signs `email` in, or null (also
 * when the address is not one yet, or the call failed: the password form stays as it is).
 */
export async function ssoLookup(email: string): Promise<{ organizationName: string } | null> {
  const normalized = normalizeEmail(email);
  if (emailRule(normalized)) return null;
  try {
    const { organizationName } = await apiCall(
      'POST',
      '/api/sso/lookup',
      isLookUpSingleSignOnAnswer,
      {
        email: normalized,
      },
    );
    return organizationName === null ? null : { organizationName };
  } catch {
    return null;
  }
}

/** POST /api/login-google with the credential Google gave. */
export async function googleLogin(
  credential: string,
): Promise<AuthResponse | SecondStepResponse | null> {
  const response = await runAuthCall(
    () =>
      apiCall('POST', '/api/login-google', isSignInAnswer, {
        googleAccessToken: credential,
      }),
    Messages.googleLoginDefault,
  );
  return response ?? null;
}
