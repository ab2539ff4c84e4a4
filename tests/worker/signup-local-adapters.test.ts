/**
 * The account flows end to end through the Worker's real entry and the local adapters that
 * `npm start` uses: bot-check tokens from /dev/botcheck/token, e-mail into the D1
 * outbox, Google ID tokens signed by the local key. No fakes and no injected clock here.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/contract/shape';
import { issueLocalGoogleToken, loadLocalGoogleKey } from '../../functions/adapters/identity-local';
import { devGooglePrivateJwk } from './adapters-fakes';
import { uniqueEmail, uniqueFingerprint } from './account-helpers';
import { callWorker, ORIGIN } from './helpers';
import { isSessionAnswer } from '../../src/generated/answers/SessionAnswer';

const privateJwk = await devGooglePrivateJwk();
/** One client address for this file, so its rate counters are its own. */
const ip = `192.0.2.${crypto.randomUUID()}`;
const development = { ENVIRONMENT: 'development', DEV_GOOGLE_PRIVATE_JWK: privateJwk } as const;

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return callWorker(
    path,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip, ...headers },
      body: JSON.stringify(body),
    },
    development,
  );
}

async function botToken(action: string): Promise<string> {
  const response = await post('/dev/botcheck/token', { action });
  return (await response.json<{ token: string }>()).token;
}

/**
 * The newest outbox message to `to` with `tag`, as /dev/mailbox shows it. Some are written by the
 * real task queue's consumer (forgot-password runs there), so this waits a few seconds for them.
 */
async function outboxText(to: string, tag: string): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const row = await env.DB.prepare(
      'SELECT text FROM outbox WHERE to_email = ? AND tag = ? ORDER BY created_at DESC LIMIT 1',
    )
      .bind(to, tag)
      .first<{ text: string }>();
    if (row) return row.text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No ${tag} e-mail to ${to} in the outbox`);
}

describe('the trial signup with the local adapters', () => {
  it('reads the code from the outbox, signs up, and reaches /api/me with the cookie', async () => {
    const form = {
      customerName: 'Ada Lovelace',
      email: uniqueEmail(),
      plan: 'trial' as const,
      fingerprintId: uniqueFingerprint(),
    };
    const sent = await post('/api/send-verification-email', {
      ...form,
      recaptchaToken: await botToken('signup'),
    });
    expect(sent.status).toBe(200);
    const code = (await outboxText(form.email, 'verification-code')).match(/\b\d{6}\b/)?.[0];

    const verified = await post('/api/verify-email-code', { email: form.email, code });
    expect(verified.status).toBe(200);
    const registered = await post('/api/register-email-trial', {
      ...form,
      password: 'a perfectly fine passphrase',
      agreeToTerms: true,
    });
    expect(registered.status).toBe(200);
    const auth = parse(isSessionAnswer, await registered.json());
    expect(await outboxText(form.email, 'welcome')).toContain(auth.user.licenseKey);

    const me = await callWorker('/api/me', {
      headers: { Cookie: `__Host-sw_session=${auth.token}` },
    });
    expect(me.status).toBe(200);
  });

  it('refuses a bot-check token the second time it is used', async () => {
    const token = await botToken('signup');
    const form = {
      customerName: 'Ada',
      email: uniqueEmail(),
      plan: 'trial',
      fingerprintId: uniqueFingerprint(),
      recaptchaToken: token,
    };

    expect((await post('/api/send-verification-email', form)).status).toBe(200);
    const again = await post('/api/send-verification-email', form);

    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ code: 'BOT_CHECK_FAILED' });
  });

  it('signs up and logs in with a /dev/google token, and refuses a replay of it', async () => {
    const key = await loadLocalGoogleKey(privateJwk);
    const email = uniqueEmail();
    const signupToken = await issueLocalGoogleToken(key, {
      email,
      name: 'Grace',
      emailVerified: true,
    });

    const signup = await post('/api/register-google-trial', {
      googleToken: signupToken,
      agreeToTerms: true,
      fingerprintId: uniqueFingerprint(),
      plan: 'trial',
    });
    const loginToken = await issueLocalGoogleToken(key, {
      email,
      name: 'Grace',
      emailVerified: true,
    });
    const login = await post('/api/login-google', { googleAccessToken: loginToken });
    const replay = await post('/api/login-google', { googleAccessToken: loginToken });

    expect(signup.status).toBe(200);
    expect(login.status).toBe(200);
    expect(replay.status).toBe(401);
  });

  it('resets a password through the link in the outbox', async () => {
    const form = {
      customerName: 'Ada',
      email: uniqueEmail(),
      plan: 'trial' as const,
      fingerprintId: uniqueFingerprint(),
    };
    await post('/api/send-verification-email', {
      ...form,
      recaptchaToken: await botToken('signup'),
    });
    const code = (await outboxText(form.email, 'verification-code')).match(/\b\d{6}\b/)?.[0];
    await post('/api/verify-email-code', { email: form.email, code });
    const password = 'the first passphrase';
    await post('/api/register-email-trial', { ...form, password, agreeToTerms: true });

    const forgot = await post('/api/forgot-password', {
      email: form.email,
      recaptchaToken: await botToken('forgot_password'),
    });
    expect(forgot.status).toBe(200);
    const link = new URL(
      (await outboxText(form.email, 'password-reset')).match(/https?:\/\/\S+/)?.[0] ?? '',
    );
    const reset = await post('/api/reset-password', {
      token: link.searchParams.get('token'),
      password: 'the second passphrase',
    });
    const login = await post('/api/login', {
      email: form.email,
      password: 'the second passphrase',
    });

    // Written by the queue consumer, which has no request: links use the site's configured
    // origin (SITE_ORIGIN, the tests' ORIGIN), never a request's Host.
    expect(link.origin).toBe(ORIGIN);
    expect(reset.status).toBe(200);
    expect(login.status).toBe(200);
  });
});
