/**
 * Two-step sign-in with an authenticator app: turning it on (a QR code, the secret as text, a
 * first code, 10 recovery codes shown once), the code step of password and Google sign-in, codes
 * accepted once, wrong codes limited, recovery codes, new codes, turning it off, and the e-mails.
 */
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { limits } from '../../src/site.config';
import type { TwoStepSetup, TwoStepStatus } from '../../src/contract/two-step';
import {
  accountApp,
  googleToken,
  queryAll,
  sessionCookieOf,
  signUpTrial,
  type AccountApp,
  type SignedInAccount,
} from './account-helpers';
import { ORIGIN } from './helpers';
import { enableTwoStep, nextCode, startSetup, totpCode } from './two-step-helpers';

const SECOND_STEP_COOKIE = '__Host-sw_second_step';

/** The waiting sign-in's cookie from a response (name=value), or undefined. */
function secondStepCookieOf(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SECOND_STEP_COOKIE}=`) && !/Max-Age=0/.test(c))
    ?.split(';')[0];
}

/** Password sign-in through the API; answers the waiting sign-in's cookie. */
async function passwordStep(app: AccountApp, who: SignedInAccount): Promise<string> {
  const response = await app.post('/api/login', {
    email: who.form.email,
    password: who.form.password,
  });
  expect(response.status).toBe(200);
  const body = await response.json<Record<string, unknown>>();
  expect(body).toMatchObject({ secondFactorRequired: true });
  expect(body).not.toHaveProperty('token');
  expect(sessionCookieOf(response)).toBeUndefined();
  const cookie = secondStepCookieOf(response);
  expect(cookie).toBeTruthy();
  return cookie ?? '';
}

/** The code form as the browser posts it from /login/code. */
function postCode(app: AccountApp, cookie: string, code: string, origin = ORIGIN) {
  return app.request('/login/code', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: origin,
      'Sec-Fetch-Site': origin === ORIGIN ? 'same-origin' : 'cross-site',
      Cookie: cookie,
    },
    body: new URLSearchParams({ code }).toString(),
  });
}

/** The text the code page shows in its error element, or null when none is shown. */
function shownError(html: string): string | null {
  const match = html.match(/<p id="code-form-error"([^>]*)>([^<]*)<\/p>/);
  if (!match) throw new Error('The code page has no #code-form-error element');
  return match[1]?.includes('hidden') ? null : (match[2] ?? '');
}

function mailsTo(app: AccountApp, email: string, tag: string) {
  return app.mail.filter((m) => m.to === email.toLowerCase() && m.tag === tag);
}

async function status(app: AccountApp, who: SignedInAccount): Promise<TwoStepStatus> {
  const response = await app.request('/api/two-step', { headers: who.browser });
  expect(response.status).toBe(200);
  return response.json<TwoStepStatus>();
}

describe('turning two-step sign-in on', () => {
  it('shows a QR code and the secret, needs a right first code, and gives 10 recovery codes once', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    expect(await status(app, who)).toEqual({ on: false, since: null, recoveryCodesLeft: 0 });

    const setup: TwoStepSetup = await startSetup(app, who);
    expect(setup.secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Sheetwright:.*secret=[A-Z2-7]+/);
    expect(setup.uri).toContain('issuer=Sheetwright');
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    // Stored encrypted: the secret is nowhere in the row.
    const [row] = await queryAll<{ secret_encrypted: string; confirmed_at: number | null }>(
      'SELECT secret_encrypted, confirmed_at FROM totp_factors WHERE user_id = ?',
      who.auth.user.userId,
    );
    expect(row?.confirmed_at).toBeNull();
    expect(row?.secret_encrypted).not.toContain(setup.secret.replace(/\s/g, ''));
    // Not on until the first code: sign-in still needs the password only.
    expect(sessionCookieOf(await app.post('/api/login', who.form))).toBeTruthy();

    const wrong = await app.post('/api/two-step/confirm', { code: '000000' }, who.browser);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'WRONG_SECOND_FACTOR_CODE' });

    const code = totpCode(setup.secret, app.clock.now);
    const confirm = await app.post('/api/two-step/confirm', { code }, who.browser);
    expect(confirm.status).toBe(200);
    expect(confirm.headers.get('Cache-Control')).toBe('no-store');
    const { recoveryCodes } = await confirm.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(limits.recoveryCodeCount);
    expect(new Set(recoveryCodes).size).toBe(limits.recoveryCodeCount);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Stored hashed only.
    const stored = await queryAll<{ code_hash: string }>(
      'SELECT code_hash FROM recovery_codes WHERE user_id = ?',
      who.auth.user.userId,
    );
    expect(stored).toHaveLength(limits.recoveryCodeCount);
    for (const { code_hash } of stored) expect(recoveryCodes).not.toContain(code_hash);

    expect(await status(app, who)).toEqual({
      on: true,
      since: app.clock.now,
      recoveryCodesLeft: limits.recoveryCodeCount,
    });
    // This session proved a second factor.
    const [session] = await queryAll<{ second_factor_at: number | null }>(
      'SELECT second_factor_at FROM sessions WHERE id = ?',
      decodeJwt(who.auth.token).jti,
    );
    expect(session?.second_factor_at).toBe(app.clock.now);
    const on = mailsTo(app, who.form.email, 'two-step-on');
    expect(on).toHaveLength(1);
    expect(on[0]?.text).toContain('Two-step sign-in was turned on');

    // Once on, a second setup or confirmation is refused and changes nothing.
    const again = await app.request('/api/two-step/setup', {
      method: 'POST',
      headers: who.browser,
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'TWO_STEP_ALREADY_ON' });
    const reconfirm = await app.post('/api/two-step/confirm', { code }, who.browser);
    expect(reconfirm.status).toBe(409);
    expect(mailsTo(app, who.form.email, 'two-step-on')).toHaveLength(1);
  });

  it('refuses a confirmation without a setup, and a setup long after the last proof', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    const missing = await app.post('/api/two-step/confirm', { code: '123456' }, who.browser);
    expect(missing.status).toBe(409);
    expect(await missing.json()).toMatchObject({ code: 'TWO_STEP_SETUP_MISSING' });

    app.clock.advance(limits.freshVerificationMinutes * 60 + 1);
    const stale = await app.request('/api/two-step/setup', {
      method: 'POST',
      headers: who.browser,
    });
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ code: 'FRESH_VERIFICATION_REQUIRED' });

    const wrongPassword = await app.post(
      '/api/verify-identity',
      { password: 'not-the-password' },
      who.browser,
    );
    expect(wrongPassword.status).toBe(403);
    expect(await wrongPassword.json()).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' });
    const both = await app.post(
      '/api/verify-identity',
      { password: who.form.password, code: '123456' },
      who.browser,
    );
    expect(both.status).toBe(400);
    const proved = await app.post(
      '/api/verify-identity',
      { password: who.form.password },
      who.browser,
    );
    expect(proved.status).toBe(200);
    await startSetup(app, who);
  });

  it('needs a session, and our Origin for a cookie write', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    expect((await app.request('/api/two-step')).status).toBe(401);
    expect((await app.request('/api/two-step/setup', { method: 'POST' })).status).toBe(401);
    const crossSite = await app.request('/api/two-step/setup', {
      method: 'POST',
      headers: { Cookie: who.cookie, Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await app.request('/api/two-step/setup', { headers: who.browser })).status).toBe(405);
  });
});

describe('signing in with two-step sign-in on', () => {
  it('asks for the code after the password; a right code signs in with a second factor', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    const { secret } = await enableTwoStep(app, who);

    const cookie = await passwordStep(app, who);
    const response = await postCode(app, cookie, nextCode(app, secret));
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/dashboard');
    const token = sessionCookieOf(response);
    expect(token).toBeTruthy();
    expect(
      response.headers.getSetCookie().some((c) => /^__Host-sw_second_step=;.*Max-Age=0/.test(c)),
    ).toBe(true);
    const me = await app.request('/api/me', { headers: { Cookie: `__Host-sw_session=${token}` } });
    expect(me.status).toBe(200);
    const [session] = await queryAll<{ second_factor_at: number | null }>(
      'SELECT second_factor_at FROM sessions WHERE user_id = ? ORDER BY created_at DESC LIMIT 1',
      who.auth.user.userId,
    );
    expect(session?.second_factor_at).toBe(app.clock.now);

    // The waiting sign-in is single use.
    const reused = await postCode(app, cookie, nextCode(app, secret));
    expect(reused.status).toBe(401);
    expect(shownError(await reused.text())).toBe(
      'Your sign-in took too long. Please sign in again.',
    );
  });

  it('never accepts the same code twice, even in another waiting sign-in', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    const { secret } = await enableTwoStep(app, who);
    const code = nextCode(app, secret);
    expect((await postCode(app, await passwordStep(app, who), code)).status).toBe(303);

    const replay = await postCode(app, await passwordStep(app, who), code);
    expect(replay.status).toBe(400);
    expect(shownError(await replay.text())).toContain('That code is not correct');
  });

  it('limits wrong codes: five end the waiting sign-in, and the account budget stops guessing', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    const { secret } = await enableTwoStep(app, who);

    const cookie = await passwordStep(app, who);
    for (let i = 0; i < limits.secondStepMaxWrongCodes; i += 1) {
      const wrong = await postCode(app, cookie, '000000');
      expect(wrong.status).toBe(400);
    }
    const rightButLate = await postCode(app, cookie, nextCode(app, secret));
    expect(rightButLate.status).toBe(401);

    // A new waiting sign-in does not reset the account's code budget.
    const budget = limits.rateLimits.secondFactorPerAccount.max;
    let refused: Response | undefined;
    for (let i = limits.secondStepMaxWrongCodes + 1; i <= budget + 1; i += 1) {
      refused = await postCode(app, await passwordStep(app, who), '000000');
    }
    expect(refused?.status).toBe(429);
    expect(shownError((await refused?.text()) ?? '')).toMatch(/^Too many wrong codes/);
  });

  it('checks exactly five codes of thirty wrong ones sent at once, and counts no more', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    const { secret } = await enableTwoStep(app, who);
    const cookie = await passwordStep(app, who);

    const answers = await Promise.all(
      Array.from({ length: 30 }, () => postCode(app, cookie, '000000')),
    );

    const statuses = answers.map((answer) => answer.status);
    // A 400 is a code that was checked and found wrong; the rest found no attempt left.
    expect(statuses.filter((code) => code === 400)).toHaveLength(limits.secondStepMaxWrongCodes);
    expect(statuses.filter((code) => code === 401)).toHaveLength(
      30 - limits.secondStepMaxWrongCodes,
    );
    const [pending] = await queryAll<{ attempts: number }>(
      'SELECT attempts FROM pending_sign_ins WHERE user_id = ?',
      who.auth.user.userId,
    );
    expect(pending?.attempts).toBe(limits.secondStepMaxWrongCodes);
    expect((await postCode(app, cookie, nextCode(app, secret))).status).toBe(401);
  });

  it('ends a waiting sign-in after its minutes, and refuses a code without one', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    const { secret } = await enableTwoStep(app, who);
    const cookie = await passwordStep(app, who);
    app.clock.advance(limits.secondStepMinutes * 60 + 1);
    const late = await postCode(app, cookie, totpCode(secret, app.clock.now));
    expect(late.status).toBe(401);
    const none = await postCode(app, '', totpCode(secret, app.clock.now));
    expect(none.status).toBe(401);
    const forged = await postCode(app, `${SECOND_STEP_COOKIE}=forged`, '123456');
    expect(forged.status).toBe(401);
  });

  it('refuses a code form posted from another site before reading it', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    const { secret } = await enableTwoStep(app, who);
    const cookie = await passwordStep(app, who);
    const response = await postCode(app, cookie, nextCode(app, secret), 'https://evil.example');
    expect(response.status).toBe(403);
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('asks Google sign-in for the code too', async () => {
    const app = accountApp();
    // An e-mail account that Google sign-in links (Google vouches for the same address).
    const who = await signUpTrial(app);
    const { secret } = await enableTwoStep(app, who);
    const google = await app.post('/api/login-google', {
      googleAccessToken: googleToken({ email: who.form.email }),
    });
    expect(google.status).toBe(200);
    expect(await google.json()).toMatchObject({ secondFactorRequired: true });
    expect(sessionCookieOf(google)).toBeUndefined();
    const cookie = secondStepCookieOf(google) ?? '';
    const signedIn = await postCode(app, cookie, nextCode(app, secret));
    expect(signedIn.status).toBe(303);
    expect(sessionCookieOf(signedIn)).toBeTruthy();
  });

  it('the no-JavaScript login form sends the person to the code page, `next` included', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    await enableTwoStep(app, who);
    const response = await app.request('/login?next=%2Fadmin', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: ORIGIN,
        'Sec-Fetch-Site': 'same-origin',
      },
      body: new URLSearchParams({ email: who.form.email, password: who.form.password }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/login/code?next=%2Fadmin');
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(secondStepCookieOf(response)).toBeTruthy();
  });
});

describe('recovery codes', () => {
  it('sign in once each, tell the owner, and a used one is refused in plain words', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    const { recoveryCodes } = await enableTwoStep(app, who);
    const [first = ''] = recoveryCodes;

    // Typed in capitals and without the dash, as people do.
    const typed = first.replace('-', '').toUpperCase();
    const response = await postCode(app, await passwordStep(app, who), typed);
    expect(response.status).toBe(303);
    const mails = mailsTo(app, who.form.email, 'recovery-code-used');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${limits.recoveryCodeCount - 1} codes are left`);

    const again = await postCode(app, await passwordStep(app, who), first);
    expect(again.status).toBe(400);
    expect(shownError(await again.text())).toBe(
      'This recovery code has already been used. Each recovery code works once: use another one.',
    );
    expect(mailsTo(app, who.form.email, 'recovery-code-used')).toHaveLength(1);
    expect((await status(app, who)).recoveryCodesLeft).toBe(limits.recoveryCodeCount - 1);
  });

  it('are replaced by new ones for a current code; the old ones stop working', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    const { secret, recoveryCodes: old } = await enableTwoStep(app, who);

    const wrong = await app.post('/api/two-step/recovery-codes', { code: '000000' }, who.browser);
    expect(wrong.status).toBe(400);
    const response = await app.post(
      '/api/two-step/recovery-codes',
      { code: nextCode(app, secret) },
      who.browser,
    );
    expect(response.status).toBe(200);
    const { recoveryCodes: fresh } = await response.json<{ recoveryCodes: string[] }>();
    expect(fresh).toHaveLength(limits.recoveryCodeCount);
    expect(fresh.some((code) => old.includes(code))).toBe(false);

    const oldOne = await postCode(app, await passwordStep(app, who), old[0] ?? '');
    expect(oldOne.status).toBe(400);
    const newOne = await postCode(app, await passwordStep(app, who), fresh[0] ?? '');
    expect(newOne.status).toBe(303);
  });
});

describe('turning two-step sign-in off', () => {
  it('needs a current code or the password, e-mails the owner, and sign-in asks no code after', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    const { secret } = await enableTwoStep(app, who);

    const wrongPassword = await app.post(
      '/api/two-step/off',
      { password: 'nope-nope' },
      who.browser,
    );
    expect(wrongPassword.status).toBe(403);
    const wrongCode = await app.post('/api/two-step/off', { code: '000000' }, who.browser);
    expect(wrongCode.status).toBe(400);
    const nothing = await app.post('/api/two-step/off', {}, who.browser);
    expect(nothing.status).toBe(400);
    expect(await nothing.json()).toMatchObject({
      message: 'Please enter a code from your authenticator app, or your password.',
    });
    expect((await status(app, who)).on).toBe(true);

    const off = await app.post('/api/two-step/off', { code: nextCode(app, secret) }, who.browser);
    expect(off.status).toBe(200);
    expect(await status(app, who)).toEqual({ on: false, since: null, recoveryCodesLeft: 0 });
    expect(mailsTo(app, who.form.email, 'two-step-off')).toHaveLength(1);
    expect(sessionCookieOf(await app.post('/api/login', who.form))).toBeTruthy();

    const twice = await app.post('/api/two-step/off', { password: who.form.password }, who.browser);
    expect(twice.status).toBe(409);
    expect(mailsTo(app, who.form.email, 'two-step-off')).toHaveLength(1);
  });
});
