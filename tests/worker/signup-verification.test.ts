import { afterEach, describe, expect, it, vi } from 'vitest';
import { limits } from '../../src/site.config';
import {
  accountApp,
  botToken,
  lastCode,
  queryAll,
  sendCode,
  signUpTrial,
  signupForm,
  uniqueEmail,
} from './account-helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /api/send-verification-email', () => {
  it('mails a 6-digit code and answers the first attempt with a 600 s validity', async () => {
    const app = accountApp();
    const form = signupForm();

    const response = await sendCode(app, form);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: 'Verification code sent.',
      attempt: 1,
      expiresIn: 600,
    });
    expect(await lastCode(app, form.email)).toMatch(/^\d{6}$/);
    expect(app.botCalls).toEqual([{ token: botToken('signup'), action: 'signup' }]);
  });

  it('stores only a hash of the code, and never the password', async () => {
    const app = accountApp();
    const form = signupForm();
    await sendCode(app, form);
    const code = await lastCode(app, form.email);

    const rows = await queryAll<{ code_hash: string; form_data: string }>(
      'SELECT code_hash, form_data FROM verification_codes WHERE email_normalized = ?',
      form.email,
    );

    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).not.toContain(code);
    expect(rows[0]?.form_data).not.toContain(form.password);
    expect(JSON.parse(rows[0]?.form_data ?? '{}')).toEqual({
      customerName: form.customerName,
      email: form.email,
      plan: 'trial',
      fingerprintId: form.fingerprintId,
    });
  });

  it('checks a resend with the resend_verification action and counts the attempt', async () => {
    const app = accountApp();
    const form = signupForm();
    await sendCode(app, form);

    const response = await sendCode(app, form, true);

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ attempt: 2 });
    expect(app.botCalls.at(-1)).toEqual({
      token: botToken('resend_verification'),
      action: 'resend_verification',
    });
  });

  it('refuses a bot token issued for another action with 403 BOT_CHECK_FAILED', async () => {
    const app = accountApp();
    const form = signupForm();

    const response = await app.post('/api/send-verification-email', {
      ...form,
      recaptchaToken: botToken('contact'),
    });

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      message: 'Bot check failed. Please try again.',
      code: 'BOT_CHECK_FAILED',
    });
    expect(app.mail).toHaveLength(0);
  });

  it('answers 409 ACCOUNT_EXISTS with the exact product message when the e-mail has an account', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);

    const response = await sendCode(app, signupForm({ email: form.email.toUpperCase() }));

    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      message: 'An account with this email already exists.',
      code: 'ACCOUNT_EXISTS',
    });
  });

  it('answers 409 DUPLICATE_TRIAL for a device that already had a trial', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);

    const response = await sendCode(app, signupForm({ fingerprintId: form.fingerprintId }));

    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      message: 'A free trial has already been claimed for this account or device.',
      code: 'DUPLICATE_TRIAL',
    });
  });

  it('refuses a disposable e-mail domain for a trial with 400 DISPOSABLE_EMAIL', async () => {
    const app = accountApp();

    const response = await sendCode(app, signupForm({ email: uniqueEmail('mailinator.com') }));

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'DISPOSABLE_EMAIL' });
  });

  it('accepts a disposable domain for the standard plan, which is paid', async () => {
    const app = accountApp();

    const response = await sendCode(
      app,
      signupForm({ email: uniqueEmail('mailinator.com'), plan: 'standard' }),
    );

    expect(response.status).toBe(200);
  });

  it('answers 429 with Retry-After once an e-mail has had its codes for the hour', async () => {
    const app = accountApp();
    const form = signupForm();
    const { max, windowSeconds } = limits.rateLimits.sendCodePerEmail;
    for (let i = 0; i < max; i += 1) expect((await sendCode(app, form, i > 0)).status).toBe(200);

    app.clock.advance(60);
    const response = await sendCode(app, form, true);

    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe(String(windowSeconds - 60));
    expect(await response.json()).toEqual({
      message: 'Too many verification requests. Please try again in 59 minutes.',
      code: 'TOO_MANY_ATTEMPTS',
    });
  });

  it('sends again once the rate window has passed', async () => {
    const app = accountApp();
    const form = signupForm();
    const { max, windowSeconds } = limits.rateLimits.sendCodePerEmail;
    for (let i = 0; i < max; i += 1) await sendCode(app, form, i > 0);
    expect((await sendCode(app, form, true)).status).toBe(429);

    app.clock.advance(windowSeconds);
    const response = await sendCode(app, form, true);

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ attempt: 1 });
  });

  it('answers 429 once one IP has asked for codes for too many addresses', async () => {
    const app = accountApp();
    const { max } = limits.rateLimits.sendCodePerIp;
    for (let i = 0; i < max; i += 1) expect((await sendCode(app, signupForm())).status).toBe(200);

    const response = await sendCode(app, signupForm());

    expect(response.status).toBe(429);
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('answers 400 VALIDATION_FAILED with the first issue for a bad body', async () => {
    const app = accountApp();

    const response = await app.post('/api/send-verification-email', {
      ...signupForm(),
      email: 'not-an-email',
      recaptchaToken: botToken('signup'),
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Please enter a valid email address.',
      code: 'VALIDATION_FAILED',
    });
  });

  it('keeps the code when the mail provider is down: it waits in the outbox and is retried', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = accountApp({ mailFails: true });
    const form = signupForm();

    const response = await sendCode(app, form);

    expect(response.status).toBe(200);
    const [row] = await queryAll<{ status: string; attempts: number; last_error: string }>(
      "SELECT status, attempts, last_error FROM outbox WHERE to_email = ? AND tag = 'verification-code'",
      form.email,
    );
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.last_error).toContain('fake mail provider down');
  });
});

describe('POST /api/verify-email-code', () => {
  it('answers verified with the form data for the right code', async () => {
    const app = accountApp();
    const form = signupForm();
    await sendCode(app, form);

    const response = await app.post('/api/verify-email-code', {
      email: form.email,
      code: await lastCode(app, form.email),
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      verified: true,
      formData: {
        customerName: form.customerName,
        email: form.email,
        plan: 'trial',
        fingerprintId: form.fingerprintId,
      },
      message: 'Email verified successfully.',
    });
  });

  it('answers 400 INVALID_CODE with the exact product message for a wrong code', async () => {
    const app = accountApp();
    const form = signupForm();
    await sendCode(app, form);
    const wrong = (await lastCode(app, form.email)) === '000000' ? '111111' : '000000';

    const response = await app.post('/api/verify-email-code', { email: form.email, code: wrong });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Invalid verification code',
      code: 'INVALID_CODE',
    });
  });

  it('answers 400 CODE_EXPIRED after 600 s, even for the right code', async () => {
    const app = accountApp();
    const form = signupForm();
    await sendCode(app, form);

    app.clock.advance(limits.codeValiditySeconds);
    const response = await app.post('/api/verify-email-code', {
      email: form.email,
      code: await lastCode(app, form.email),
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Code expired', code: 'CODE_EXPIRED' });
  });

  it('accepts the right code just before it expires', async () => {
    const app = accountApp();
    const form = signupForm();
    await sendCode(app, form);

    app.clock.advance(limits.codeValiditySeconds - 1);
    const response = await app.post('/api/verify-email-code', {
      email: form.email,
      code: await lastCode(app, form.email),
    });

    expect(response.status).toBe(200);
  });

  it('answers 429 TOO_MANY_ATTEMPTS after five wrong codes, even for the right one', async () => {
    const app = accountApp();
    const form = signupForm();
    await sendCode(app, form);
    const code = await lastCode(app, form.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < limits.codeMaxWrongAttempts; i += 1) {
      const response = await app.post('/api/verify-email-code', { email: form.email, code: wrong });
      expect(response.status).toBe(400);
    }

    const response = await app.post('/api/verify-email-code', { email: form.email, code });

    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('keeps the wrong-try count across a resend', async () => {
    const app = accountApp();
    const form = signupForm();
    await sendCode(app, form);
    const first = await lastCode(app, form.email);
    for (let i = 0; i < limits.codeMaxWrongAttempts - 1; i += 1) {
      await app.post('/api/verify-email-code', {
        email: form.email,
        code: first === '000000' ? '111111' : '000000',
      });
    }

    await sendCode(app, form, true);
    const second = await lastCode(app, form.email);
    const wrong = second === '000000' ? '111111' : '000000';
    const lastTry = await app.post('/api/verify-email-code', { email: form.email, code: wrong });
    const afterwards = await app.post('/api/verify-email-code', {
      email: form.email,
      code: second,
    });

    expect(lastTry.status).toBe(400);
    expect(afterwards.status).toBe(429);
  });

  it('refuses an older code once a new one has been sent', async () => {
    const app = accountApp();
    const form = signupForm();
    await sendCode(app, form);
    const first = await lastCode(app, form.email);
    await sendCode(app, form, true);
    const second = await lastCode(app, form.email);
    if (first === second) return; // one chance in a million: nothing to tell apart

    const response = await app.post('/api/verify-email-code', { email: form.email, code: first });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_CODE' });
  });

  it('answers 400 INVALID_CODE for an e-mail that was never sent a code', async () => {
    const app = accountApp();

    const response = await app.post('/api/verify-email-code', {
      email: uniqueEmail(),
      code: '123456',
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_CODE' });
  });

  it('answers 400 with the exact product message for a code that is not 6 digits', async () => {
    const app = accountApp();

    const response = await app.post('/api/verify-email-code', {
      email: uniqueEmail(),
      code: '12ab',
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Please enter a 6-digit code',
      code: 'VALIDATION_FAILED',
    });
  });
});
