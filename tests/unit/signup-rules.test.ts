import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/contract/error-codes';
import { Messages } from '../../src/contract/messages';
import {
  ApiFailure,
  failureFromResponse,
  messageFor,
  parseRetryAfter,
} from '../../src/islands/shared/api';
import { parsePublicConfig } from '../../src/islands/shared/config';
import { afterFirstInput, testFingerprint } from '../../src/islands/shared/fingerprint';
import { parseGoogleFragment } from '../../src/islands/shared/google';
import { checkSignup } from '../../src/islands/signup/form-rules';
import { emptySignup } from '../../src/islands/signup/signup-values';
import { interpretVerification, screenFor } from '../../src/islands/signup/outcomes';
import { submitLabel } from '../../src/islands/signup/SignupForm';

const filled = {
  ...emptySignup,
  customerName: 'Ada',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  agreeToTerms: true,
};

describe('signup client checks', () => {
  it('accepts a complete form', () => {
    expect(checkSignup(filled)).toBeNull();
  });

  it('uses the exact product messages for short passwords, mismatches and unchecked terms', () => {
    expect(checkSignup({ ...filled, password: '12345', confirmPassword: '12345' })).toEqual({
      message: Messages.passwordTooShort,
      field: 'password',
    });
    expect(checkSignup({ ...filled, confirmPassword: 'secret2' })).toEqual({
      message: Messages.passwordsDoNotMatch,
      field: 'confirmPassword',
    });
    expect(checkSignup({ ...filled, agreeToTerms: false })).toEqual({
      message: Messages.termsRequired,
      field: 'agreeToTerms',
    });
  });

  it('labels the submit button per state and plan', () => {
    expect(submitLabel('trial', true, false)).toBe('Initializing...');
    expect(submitLabel('trial', false, true)).toBe('Processing...');
    expect(submitLabel('trial', false, false)).toBe('Start Free Trial');
    expect(submitLabel('standard', false, false)).toBe('Start Standard Plan');
  });
});

describe('API failures', () => {
  it('reads message, code and Retry-After from an error answer', () => {
    const failure = failureFromResponse(
      429,
      JSON.stringify({ message: 'Slow down', code: 'TOO_MANY_ATTEMPTS' }),
      '120',
    );
    expect(failure).toMatchObject({
      status: 429,
      message: 'Slow down',
      code: 'TOO_MANY_ATTEMPTS',
      retryAfter: 120,
    });
  });

  it('tolerates bodies that are not our JSON', () => {
    expect(failureFromResponse(502, '<html>Bad gateway</html>', null)).toMatchObject({
      status: 502,
      message: '',
      code: null,
    });
  });

  it('reads Retry-After as an HTTP date too', () => {
    expect(parseRetryAfter(new Date(61_000).toUTCString(), 0)).toBe(61);
    expect(parseRetryAfter(null)).toBeNull();
  });

  it('falls back to the default text when the server gave no message, and to the network text offline', () => {
    expect(messageFor(new ApiFailure(500, '', 'INTERNAL'), Messages.sendFailed)).toBe(
      Messages.sendFailed,
    );
    expect(messageFor(new ApiFailure(400, 'Nope', 'X'), Messages.sendFailed)).toBe('Nope');
    expect(
      messageFor(new ApiFailure(0, '', 'NETWORK_ERROR'), Messages.sendFailed, Messages.sendNetwork),
    ).toBe(Messages.sendNetwork);
    expect(messageFor(new Error('boom'), Messages.loginDefault)).toBe(Messages.loginDefault);
  });
});

describe('signup error screens', () => {
  it('shows Existing Account for a 409, with the Cancel variant when the message mentions upgrading', () => {
    expect(
      screenFor(new ApiFailure(409, Messages.accountExists, ErrorCode.ACCOUNT_EXISTS)),
    ).toEqual({
      kind: 'existing',
      message: Messages.accountExists,
      upgrade: false,
    });
    expect(
      screenFor(new ApiFailure(409, 'Log in to upgrade your plan.', ErrorCode.ACCOUNT_EXISTS)),
    ).toMatchObject({ upgrade: true });
  });

  it('shows Too Many Attempts for a 429 with the server message', () => {
    expect(
      screenFor(new ApiFailure(429, 'Try again in 10 minutes.', ErrorCode.TOO_MANY_ATTEMPTS, 600)),
    ).toEqual({
      kind: 'tooMany',
      message: 'Try again in 10 minutes.',
    });
  });

  it('shows Trial Already Claimed for DUPLICATE_TRIAL whatever the status', () => {
    expect(screenFor(new ApiFailure(409, 'x', ErrorCode.DUPLICATE_TRIAL))).toMatchObject({
      kind: 'trialClaimed',
    });
    expect(screenFor(new ApiFailure(403, '', ErrorCode.DUPLICATE_TRIAL))).toMatchObject({
      kind: 'trialClaimed',
    });
  });

  it('keeps other failures inline', () => {
    expect(screenFor(new ApiFailure(400, 'Bad', ErrorCode.VALIDATION_FAILED))).toBeNull();
    expect(screenFor(new Error('x'))).toBeNull();
  });
});

describe('verification answers', () => {
  const formData = {
    customerName: 'Ada',
    email: 'ada@example.com',
    plan: 'trial',
    fingerprintId: 'fp-12345678',
  };

  it('accepts form data as an object or as a JSON string', () => {
    expect(interpretVerification({ verified: true, formData })).toEqual({ ok: true, formData });
    expect(interpretVerification({ verified: true, formData: JSON.stringify(formData) })).toEqual({
      ok: true,
      formData,
    });
  });

  it('uses the exact product messages for missing and unreadable form data', () => {
    expect(interpretVerification({ verified: true })).toEqual({
      ok: false,
      message: Messages.verifyMissingData,
    });
    expect(interpretVerification({ verified: true, formData: '{oops' })).toEqual({
      ok: false,
      message: Messages.verifyServerData,
    });
    expect(interpretVerification({ verified: true, formData: { email: 1 } })).toEqual({
      ok: false,
      message: Messages.verifyServerData,
    });
  });

  it('shows the server message, or Invalid verification code, when not verified', () => {
    expect(interpretVerification({ verified: false })).toEqual({
      ok: false,
      message: Messages.invalidCode,
    });
    expect(interpretVerification({ verified: false, message: 'Code expired' })).toEqual({
      ok: false,
      message: 'Code expired',
    });
  });
});

describe('browser helpers', () => {
  it('reads the /dev/google answer from the URL fragment', () => {
    expect(parseGoogleFragment('#google_credential=abc.def.ghi')).toEqual({
      credential: 'abc.def.ghi',
    });
    expect(parseGoogleFragment('#google_error=access_denied')).toEqual({ error: 'access_denied' });
    expect(parseGoogleFragment('#section-2')).toBeNull();
    expect(parseGoogleFragment('')).toBeNull();
  });

  it('honours the test fingerprint only on localhost', () => {
    const win = (hostname: string, value?: string) =>
      ({ __SW_TEST_FINGERPRINT__: value, location: { hostname } }) as unknown as Window;
    expect(testFingerprint(win('localhost', 'e2e-fingerprint-1'))).toBe('e2e-fingerprint-1');
    expect(testFingerprint(win('127.0.0.1', 'e2e-fingerprint-1'))).toBe('e2e-fingerprint-1');
    expect(testFingerprint(win('sheetwright.example', 'e2e-fingerprint-1'))).toBeNull();
    expect(testFingerprint(win('localhost'))).toBeNull();
    expect(testFingerprint(win('localhost', 'short'))).toBeNull();
  });

  it("computes the fingerprint only from the visitor's first input, not while the page loads", async () => {
    const page = (hostname: string, value?: string) => {
      const target = new EventTarget();
      const body = {};
      return Object.assign(target, {
        __SW_TEST_FINGERPRINT__: value,
        location: { hostname },
        document: { activeElement: body, body },
      }) as unknown as Window;
    };
    const settled = (promise: Promise<void>) =>
      Promise.race([promise.then(() => true), new Promise((r) => setTimeout(() => r(false), 20))]);

    const idle = page('sheetwright.example');
    const started = afterFirstInput(idle);
    expect(await settled(started)).toBe(false);
    idle.dispatchEvent(new Event('keydown'));
    expect(await settled(started)).toBe(true);

    // Under the test hook nothing heavy runs: it starts at once.
    expect(await settled(afterFirstInput(page('localhost', 'e2e-fingerprint-1')))).toBe(true);
  });

  it('reads the public config and falls back to the production services for unknown modes', () => {
    expect(
      parsePublicConfig({
        environment: 'development',
        botCheck: { mode: 'local', siteKey: null },
        google: { mode: 'local', clientId: null },
      }),
    ).toEqual({
      environment: 'development',
      botCheck: { mode: 'local', siteKey: null },
      google: { mode: 'local', clientId: null },
    });
    expect(parsePublicConfig({ botCheck: { mode: 'weird', siteKey: 'k' } })).toMatchObject({
      botCheck: { mode: 'turnstile', siteKey: 'k' },
      google: { mode: 'gis', clientId: null },
    });
  });
});
