/**
 * One step-up rule: every change made from the operator console, and every change to how a person
 * signs in (password, two-step sign-in, recovery codes, passkeys), needs a proof younger than 10
 * minutes, and the proof is the strongest factor the person has: an authenticator code or a
 * passkey when they have one, the password only when it is all they have.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app';
import type { AuthResponse } from '../../src/contract/user';
import { limits } from '../../src/site.config';
import {
  accountApp,
  credentials,
  googleToken,
  signUpTrial,
  uniqueFingerprint,
  type AccountApp,
  type SignedInAccount,
} from './account-helpers';
import { act, adminGet, adminPost, operator } from './admin-helpers';
import { ORIGIN } from './helpers';
import { enableTwoStep, nextCode } from './two-step-helpers';
import { SoftAuthenticator } from './webauthn-authenticator';

/** Past the age at which a proof stops counting. */
const STALE_SECONDS = limits.freshVerificationMinutes * 60 + 1;

type Browser = Pick<SignedInAccount, 'browser'>;

/** Asserts an error answer with `code`. */
async function expectCode(response: Response, status: number, code: string) {
  expect(response.status, await response.clone().text()).toBe(status);
  expect(await response.json()).toMatchObject({ code });
}

/** Every console route that changes something, as the app declares them. */
function consoleWrites(): { method: string; path: string }[] {
  const seen = new Set<string>();
  const writes: { method: string; path: string }[] = [];
  for (const { method, path } of createApp().routes) {
    if (!path.startsWith('/api/admin') || ['GET', 'HEAD', 'ALL', 'OPTIONS'].includes(method)) {
      continue;
    }
    const key = `${method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    writes.push({ method, path });
  }
  return writes;
}

/** POST /api/verify-identity with `body`, as the browser of `who`. */
function verifyIdentity(app: AccountApp, who: Browser, body: unknown) {
  return app.post('/api/verify-identity', body, who.browser);
}

/** Adds a passkey to `who` (whose session must be fresh enough); its authenticator. */
async function addPasskey(app: AccountApp, who: Browser): Promise<SoftAuthenticator> {
  const options = await app.request('/api/passkeys/register/options', {
    method: 'POST',
    headers: who.browser,
  });
  expect(options.status, await options.clone().text()).toBe(200);
  const { challengeId, options: creation } = await options.json<{
    challengeId: string;
    options: PublicKeyCredentialCreationOptionsJSON;
  }>();
  const authenticator = await SoftAuthenticator.create();
  const added = await app.request('/api/passkeys/register/verify', {
    method: 'POST',
    headers: who.browser,
    json: {
      challengeId,
      name: 'Office laptop',
      response: await authenticator.register(creation, { origin: ORIGIN }),
    },
  });
  expect(added.status, await added.clone().text()).toBe(200);
  return authenticator;
}

/** Confirms it is `who` with the passkey `authenticator` holds. */
async function confirmWithPasskey(app: AccountApp, who: Browser, authenticator: SoftAuthenticator) {
  const options = await app.request('/api/passkeys/confirm/options', {
    method: 'POST',
    headers: who.browser,
  });
  expect(options.status, await options.clone().text()).toBe(200);
  const { challengeId, options: request } = await options.json<{
    challengeId: string;
    options: PublicKeyCredentialRequestOptionsJSON;
  }>();
  const confirmed = await app.request('/api/passkeys/confirm/verify', {
    method: 'POST',
    headers: who.browser,
    json: { challengeId, response: await authenticator.authenticate(request, { origin: ORIGIN }) },
  });
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
}

/** The proofs GET /api/verify-identity offers `who`. */
async function proofMethods(app: AccountApp, who: Browser): Promise<string[]> {
  const response = await app.request('/api/verify-identity', { headers: who.browser });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json<{ methods: string[] }>()).methods;
}

/** A Google-only trial account, signed in by its Google signup. */
async function googleAccount(app: AccountApp) {
  const response = await app.post('/api/register-google-trial', {
    googleToken: googleToken(),
    agreeToTerms: true,
    fingerprintId: uniqueFingerprint(),
    plan: 'trial',
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const auth = await response.json<AuthResponse>();
  return { auth, ...credentials(auth.token) };
}

describe('the console', () => {
  it('asks for a fresh proof before every route that changes something, and before the body is read', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const writes = consoleWrites();
    expect(writes.length).toBeGreaterThanOrEqual(10);

    app.clock.advance(STALE_SECONDS);
    for (const { method, path } of writes) {
      const response = await app.request(path.replace(/:[^/]+/g, crypto.randomUUID()), {
        method,
        json: {},
        headers: { ...admin.browser, 'Sec-Fetch-Site': 'same-origin' },
      });
      await expectCode(response, 403, 'FRESH_VERIFICATION_REQUIRED');
    }
    // Reading needs none.
    expect((await adminGet(app, admin, '/api/admin/session')).status).toBe(200);
  });

  it('refuses a long extension, a new key and signing a customer out everywhere on a stale session, then does them after a code', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const customer = await signUpTrial(app);
    const userId = customer.auth.user.userId;
    const licenseId = (
      await (
        await adminGet(app, admin, `/api/admin/customers/${userId}`)
      ).json<{
        licenses: { id: string }[];
      }>()
    ).licenses[0]?.id;
    const path = `/api/admin/customers/${userId}/actions`;
    const actions = [
      { action: 'extend-license', licenseId, days: 3650 },
      { action: 'replace-key', licenseId },
      { action: 'sign-out-everywhere' },
    ];

    app.clock.advance(STALE_SECONDS);
    for (const body of actions) {
      await expectCode(
        await adminPost(app, admin, path, { ...body, reason: 'Asked by e-mail' }),
        403,
        'FRESH_VERIFICATION_REQUIRED',
      );
    }
    expect((await app.request('/api/me', { headers: customer.bearer })).status).toBe(200);

    const proved = await verifyIdentity(app, admin, { code: nextCode(app, admin.twoStep.secret) });
    expect(proved.status).toBe(200);
    for (const body of actions) await act(app, admin, userId, body);
    expect((await app.request('/api/me', { headers: customer.bearer })).status).toBe(401);
  });

  it('does not take the password of an operator who has an authenticator app', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const customer = await signUpTrial(app);
    app.clock.advance(STALE_SECONDS);

    await expectCode(
      await verifyIdentity(app, admin, { password: admin.form.password }),
      403,
      'STRONGER_PROOF_REQUIRED',
    );
    await expectCode(
      await adminPost(app, admin, `/api/admin/customers/${customer.auth.user.userId}/actions`, {
        action: 'schedule-deletion',
        reason: 'Asked by e-mail',
      }),
      403,
      'FRESH_VERIFICATION_REQUIRED',
    );
  });
});

describe('changing how a person with two-step sign-in signs in', () => {
  it('a stolen session and the password cannot add a passkey', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    const { secret } = await enableTwoStep(app, who);
    app.clock.advance(STALE_SECONDS);

    await expectCode(
      await verifyIdentity(app, who, { password: who.form.password }),
      403,
      'STRONGER_PROOF_REQUIRED',
    );
    const options = await app.request('/api/passkeys/register/options', {
      method: 'POST',
      headers: who.browser,
    });
    await expectCode(options, 403, 'FRESH_VERIFICATION_REQUIRED');

    expect((await verifyIdentity(app, who, { code: nextCode(app, secret) })).status).toBe(200);
    await addPasskey(app, who);
  });

  it('the current password alone does not change the password', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    const { secret } = await enableTwoStep(app, who);
    app.clock.advance(STALE_SECONDS);
    const change = () =>
      app.post(
        '/api/change-password',
        { currentPassword: who.form.password, newPassword: 'Gusset-Plate-7731' },
        who.browser,
      );

    await expectCode(await change(), 403, 'FRESH_VERIFICATION_REQUIRED');
    expect((await verifyIdentity(app, who, { code: nextCode(app, secret) })).status).toBe(200);
    expect((await change()).status).toBe(200);
  });

  it('turning it off takes a code, never the password', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    const { secret } = await enableTwoStep(app, who);

    await expectCode(
      await app.post('/api/two-step/off', { password: who.form.password }, who.browser),
      403,
      'STRONGER_PROOF_REQUIRED',
    );
    const off = await app.post('/api/two-step/off', { code: nextCode(app, secret) }, who.browser);
    expect(off.status, await off.clone().text()).toBe(200);
  });
});

describe('changing how a person with a passkey signs in', () => {
  it('removing a passkey needs a fresh passkey, not the password', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    const authenticator = await addPasskey(app, who);
    const second = await addPasskey(app, who);
    app.clock.advance(STALE_SECONDS);
    const remove = () =>
      app.request(`/api/passkeys/${second.id}`, { method: 'DELETE', headers: who.browser });

    await expectCode(await remove(), 403, 'FRESH_VERIFICATION_REQUIRED');
    await expectCode(
      await verifyIdentity(app, who, { password: who.form.password }),
      403,
      'STRONGER_PROOF_REQUIRED',
    );
    await confirmWithPasskey(app, who, authenticator);
    expect((await remove()).status).toBe(200);
  });

  it('setting up an authenticator app needs the passkey', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    const authenticator = await addPasskey(app, who);
    app.clock.advance(STALE_SECONDS);

    await expectCode(
      await app.request('/api/two-step/setup', { method: 'POST', headers: who.browser }),
      403,
      'FRESH_VERIFICATION_REQUIRED',
    );
    await expectCode(
      await verifyIdentity(app, who, { password: who.form.password }),
      403,
      'STRONGER_PROOF_REQUIRED',
    );
    await confirmWithPasskey(app, who, authenticator);
    await enableTwoStep(app, who);
  });
});

describe('a person whose password is all they have', () => {
  it('proves it with the password, and changes it with the current one however old the session', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    app.clock.advance(STALE_SECONDS);

    const changed = await app.post(
      '/api/change-password',
      { currentPassword: who.form.password, newPassword: 'Gusset-Plate-7731' },
      who.browser,
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    await expectCode(
      await app.request('/api/two-step/setup', { method: 'POST', headers: who.browser }),
      403,
      'FRESH_VERIFICATION_REQUIRED',
    );
    expect((await verifyIdentity(app, who, { password: 'Gusset-Plate-7731' })).status).toBe(200);
    await enableTwoStep(app, who);
  });
});

describe('GET /api/verify-identity', () => {
  it('names the proofs the person can give, strongest only', async () => {
    const app = accountApp();
    const who = await signUpTrial(app);
    expect(await proofMethods(app, who)).toEqual(['password']);
    await enableTwoStep(app, who);
    expect(await proofMethods(app, who)).toEqual(['code']);
    await addPasskey(app, who);
    expect(await proofMethods(app, who)).toEqual(['passkey', 'code']);

    const google = await googleAccount(app);
    expect(await proofMethods(app, google)).toEqual([]);
    expect((await app.request('/api/verify-identity')).status).toBe(401);
  });
});
