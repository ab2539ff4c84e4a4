import { afterEach, describe, expect, it, vi } from 'vitest';
import { limits } from '../../src/site.config';
import {
  accountApp,
  botToken,
  googleToken,
  queryAll,
  START,
  signUpTrial,
  uniqueEmail,
  uniqueFingerprint,
  type AccountApp,
} from './account-helpers';

const SAME_ANSWER = {
  message: 'If an account exists for this email, we have sent a link to reset your password.',
};

afterEach(() => {
  vi.restoreAllMocks();
});

/** POST /api/forgot-password for `email`, with a bot-check token the fake accepts. */
function forgot(app: AccountApp, email: string, token = botToken('forgot_password')) {
  return app.post('/api/forgot-password', { email, recaptchaToken: token });
}

/** The reset link mailed to `email`, and its token. */
function resetLink(app: AccountApp, email: string) {
  const message = app.mail.filter((m) => m.to === email && m.tag === 'password-reset').at(-1);
  const link = message?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No reset link was mailed to ${email}`);
  return { link: new URL(link), token: new URL(link).searchParams.get('token') ?? '' };
}

describe('POST /api/forgot-password', () => {
  it('mails a single-use link to /reset-password on our origin for an e-mail account', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);

    const response = await forgot(app, form.email);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(SAME_ANSWER);
    const { link, token } = resetLink(app, form.email);
    expect(link.origin + link.pathname).toBe('https://sheetwright.test/reset-password');
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [row] = await queryAll<{ token_hash: string }>(
      'SELECT token_hash FROM password_reset_tokens ORDER BY created_at DESC LIMIT 1',
    );
    expect(row?.token_hash).not.toBe(token);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const app = accountApp();

    const response = await forgot(app, uniqueEmail());

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(SAME_ANSWER);
    expect(app.mail).toHaveLength(0);
  });

  it('sends nothing for a Google-only account, which has no password', async () => {
    const app = accountApp();
    const email = uniqueEmail();
    await app.post('/api/register-google-trial', {
      googleToken: googleToken({ email }),
      agreeToTerms: true,
      fingerprintId: uniqueFingerprint(),
      plan: 'trial',
    });

    const response = await forgot(app, email);

    expect(await response.json()).toEqual(SAME_ANSWER);
    expect(app.mail.filter((m) => m.tag === 'password-reset')).toHaveLength(0);
  });

  it('is bot-checked like signup: a missing or wrong token is refused and nothing is queued', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);
    const queued = app.tasks.tasks.length;

    const missing = await app.post('/api/forgot-password', { email: form.email });
    const wrong = await forgot(app, form.email, botToken('signup'));

    expect(missing.status).toBe(400);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ code: 'BOT_CHECK_FAILED' });
    expect(app.botCalls.at(-1)?.action).toBe('forgot_password');
    expect(app.tasks.tasks).toHaveLength(queued);
    expect(app.mail.filter((m) => m.tag === 'password-reset')).toHaveLength(0);
  });

  it('does the same work for every address: one queued task, no lookup, nothing written', async () => {
    // A queue that keeps its tasks: what the request itself did, before any background work.
    const app = accountApp({ dropTasks: true });
    const { form } = await signUpTrial(app);
    const before = app.tasks.tasks.length;

    const known = await forgot(app, form.email);
    const unknown = await forgot(app, uniqueEmail());

    expect(known.status).toBe(unknown.status);
    expect(await known.text()).toBe(await unknown.text());
    expect(app.tasks.tasks.slice(before).map((task) => task.kind)).toEqual([
      'password-reset',
      'password-reset',
    ]);
    // No token and no e-mail yet: those come from the task, off the request.
    const tokens = await queryAll<{ n: number }>(
      'SELECT count(*) AS n FROM password_reset_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = ?',
      form.email,
    );
    expect(tokens[0]?.n).toBe(0);
  });

  it('answers the same to every request for one address, from any IP, and mails at most 3 links within their minutes', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);
    const max = limits.passwordResetLinksMax;

    const answers = [];
    for (let i = 0; i < max + 2; i += 1) {
      const response = await app.post(
        '/api/forgot-password',
        { email: form.email, recaptchaToken: botToken('forgot_password') },
        { 'CF-Connecting-IP': `203.0.113.${i + 1}` },
      );
      answers.push({ status: response.status, body: await response.json() });
    }

    expect(answers).toEqual(Array(max + 2).fill({ status: 200, body: SAME_ANSWER }));
    const mailed = app.mail.filter((m) => m.to === form.email && m.tag === 'password-reset');
    expect(mailed).toHaveLength(max);
    const outbox = await queryAll<{ n: number }>(
      "SELECT count(*) AS n FROM outbox WHERE to_email = ? AND tag = 'password-reset'",
      form.email,
    );
    expect(outbox[0]?.n).toBe(max);
  });

  it("still answers the owner's own request after others asked 3 times, and the newest link works", async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);
    const max = limits.passwordResetLinksMax;
    const tokens: string[] = [];
    for (let i = 0; i < max; i += 1) {
      await app.post(
        '/api/forgot-password',
        { email: form.email, recaptchaToken: botToken('forgot_password') },
        { 'CF-Connecting-IP': `203.0.113.${i + 1}` },
      );
      tokens.push(resetLink(app, form.email).token);
    }

    const own = await forgot(app, form.email);

    expect(own.status).toBe(200);
    expect(await own.json()).toEqual(SAME_ANSWER);
    // Over the limit nothing changed: no new e-mail, and the newest link mailed still works.
    expect(app.mail.filter((m) => m.tag === 'password-reset')).toHaveLength(max);
    const older = await app.post('/api/reset-password', {
      token: tokens[0],
      password: 'a brand new secret',
    });
    const newest = await app.post('/api/reset-password', {
      token: tokens.at(-1),
      password: 'a brand new secret',
    });
    expect(older.status).toBe(400);
    expect(await older.json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
    expect(newest.status).toBe(200);
  });

  it('sends the owner a working link within the hour once the links others asked for have expired', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);
    const max = limits.passwordResetLinksMax;
    for (let i = 0; i < max; i += 1) {
      await app.post(
        '/api/forgot-password',
        { email: form.email, recaptchaToken: botToken('forgot_password') },
        { 'CF-Connecting-IP': `203.0.113.${i + 1}` },
      );
    }

    // Every link the strangers caused is past its minutes: none in the inbox works any more.
    app.clock.advance(limits.passwordResetMinutes * 60 + 1);
    expect(app.clock.now - START).toBeLessThan(3600 * 1000);
    await forgot(app, form.email);

    expect(app.mail.filter((m) => m.tag === 'password-reset')).toHaveLength(max + 1);
    const response = await app.post('/api/reset-password', {
      token: resetLink(app, form.email).token,
      password: 'a brand new secret',
    });
    expect(response.status).toBe(200);
  });

  it('limits the requester: one IP asking too often, for any addresses, gets 429 with Retry-After', async () => {
    const app = accountApp({ dropTasks: true });
    const { max } = limits.rateLimits.forgotPasswordPerIp;
    for (let i = 0; i < max; i += 1) {
      expect((await forgot(app, uniqueEmail())).status).toBe(200);
    }
    const queued = app.tasks.tasks.length;

    const response = await forgot(app, uniqueEmail());
    const elsewhere = await app.post(
      '/api/forgot-password',
      { email: uniqueEmail(), recaptchaToken: botToken('forgot_password') },
      { 'CF-Connecting-IP': '203.0.113.250' },
    );

    expect(response.status).toBe(429);
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(elsewhere.status).toBe(200);
    expect(app.tasks.tasks).toHaveLength(queued + 1);
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password, revokes every session, and the new password logs in', async () => {
    const app = accountApp();
    const { form, bearer } = await signUpTrial(app);
    await forgot(app, form.email);
    const { token } = resetLink(app, form.email);

    const response = await app.post('/api/reset-password', {
      token,
      password: 'a brand new secret',
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: 'Your password has been reset. Please log in with your new password.',
    });
    expect((await app.request('/api/me', { headers: bearer })).status).toBe(401);
    const oldLogin = await app.post('/api/login', { email: form.email, password: form.password });
    expect(oldLogin.status).toBe(401);
    const newLogin = await app.post('/api/login', {
      email: form.email,
      password: 'a brand new secret',
    });
    expect(newLogin.status).toBe(200);
  });

  it('refuses a token used once already with 400 INVALID_RESET_TOKEN', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);
    await forgot(app, form.email);
    const { token } = resetLink(app, form.email);
    await app.post('/api/reset-password', { token, password: 'a brand new secret' });

    const response = await app.post('/api/reset-password', {
      token,
      password: 'yet another secret',
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'This password reset link is invalid or has expired.',
      code: 'INVALID_RESET_TOKEN',
    });
  });

  it('refuses a token after 30 minutes', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);
    await forgot(app, form.email);
    const { token } = resetLink(app, form.email);

    app.clock.advance(limits.passwordResetMinutes * 60);
    const response = await app.post('/api/reset-password', {
      token,
      password: 'a brand new secret',
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
  });

  it('refuses an older link once a newer one was requested', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);
    await forgot(app, form.email);
    const first = resetLink(app, form.email).token;
    await forgot(app, form.email);

    const response = await app.post('/api/reset-password', {
      token: first,
      password: 'a brand new secret',
    });

    expect(response.status).toBe(400);
  });

  it('refuses an unknown token', async () => {
    const app = accountApp();

    const response = await app.post('/api/reset-password', {
      token: 'x'.repeat(43),
      password: 'a brand new secret',
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
  });

  it('refuses a common password with 400 WEAK_PASSWORD and keeps the token usable', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);
    await forgot(app, form.email);
    const { token } = resetLink(app, form.email);

    const weak = await app.post('/api/reset-password', { token, password: 'qwerty123' });
    const strong = await app.post('/api/reset-password', { token, password: 'a brand new secret' });

    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: 'WEAK_PASSWORD' });
    expect(strong.status).toBe(200);
  });
});
