import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../src/contract/catalogue';
import type { Passkey, PasskeyList } from '../../src/contract/passkeys';
import type { AuthResponse } from '../../src/contract/user';
import { limits, retentionDays } from '../../src/site.config';
import { KNOWN_BROWSER_COOKIE } from '../../functions/middleware/auth';
import { cleanUp } from '../../functions/services/cron/clean-up';
import { purgeDeletedAccounts } from '../../functions/services/cron/purge-accounts';
import {
  accountApp,
  credentials,
  queryAll,
  sessionCookieOf,
  signUpTrial,
  type AccountApp,
  type SignedInAccount,
} from './account-helpers';
import { DAY_MS, testDb } from './cron-helpers';
import { ORIGIN } from './helpers';
import { SoftAuthenticator, type Ceremony } from './webauthn-authenticator';

interface Options<T> {
  challengeId: string;
  options: T;
}

const honest: Ceremony = { origin: ORIGIN };

async function registrationOptions(app: AccountApp, account: SignedInAccount) {
  const response = await app.request('/api/passkeys/register/options', {
    method: 'POST',
    headers: account.browser,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<
    Options<PublicKeyCredentialCreationOptionsJSON> & { suggestedName: string }
  >();
}

/** Sends a registration answer made by `authenticator` for fresh (or given) options. */
async function sendRegistration(
  app: AccountApp,
  account: SignedInAccount,
  authenticator: SoftAuthenticator,
  {
    name = 'Office laptop',
    ceremony = honest,
    options = undefined as Options<PublicKeyCredentialCreationOptionsJSON> | undefined,
  } = {},
) {
  const { challengeId, options: creation } = options ?? (await registrationOptions(app, account));
  return app.request('/api/passkeys/register/verify', {
    method: 'POST',
    headers: account.browser,
    json: { challengeId, name, response: await authenticator.register(creation, ceremony) },
  });
}

/** Adds a new passkey to `account`, asserting it worked. */
async function addPasskey(app: AccountApp, account: SignedInAccount, name = 'Office laptop') {
  const authenticator = await SoftAuthenticator.create();
  const response = await sendRegistration(app, account, authenticator, { name });
  expect(response.status, await response.clone().text()).toBe(200);
  return { authenticator, passkey: await response.json<Passkey>() };
}

async function signInOptions(app: AccountApp) {
  const response = await app.post('/api/passkeys/sign-in/options', {});
  expect(response.status).toBe(200);
  return response.json<Options<PublicKeyCredentialRequestOptionsJSON>>();
}

async function signIn(
  app: AccountApp,
  authenticator: SoftAuthenticator,
  ceremony: Ceremony = honest,
  options?: Options<PublicKeyCredentialRequestOptionsJSON>,
) {
  const { challengeId, options: request } = options ?? (await signInOptions(app));
  return app.post('/api/passkeys/sign-in/verify', {
    challengeId,
    response: await authenticator.authenticate(request, ceremony),
  });
}

async function list(app: AccountApp, account: SignedInAccount) {
  const response = await app.request('/api/passkeys', { headers: account.browser });
  expect(response.status).toBe(200);
  return response.json<PasskeyList>();
}

const passkeyRows = (userId: string) =>
  queryAll<{ id: string; name: string; counter: number; last_used_at: number | null }>(
    'SELECT id, name, counter, last_used_at FROM passkeys WHERE user_id = ? ORDER BY created_at',
    userId,
  );

const sessionRow = (sessionId: string) =>
  queryAll<{ second_factor_at: number | null; verified_at: number | null }>(
    'SELECT second_factor_at, verified_at FROM sessions WHERE id = ?',
    sessionId,
  ).then(([row]) => row);

/** The session id (jti) of a session token. */
function sessionIdOf(token: string): string {
  const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
    jti: string;
  };
  return payload.jti;
}

async function expectError(response: Response, code: keyof typeof errorCatalogue) {
  expect(await response.json()).toMatchObject({ code });
  expect(response.status).toBe(errorCatalogue[code].status);
}

const addedMails = (app: AccountApp, to: string) =>
  app.mail.filter((mail) => mail.tag === 'passkey-added' && mail.to === to);

describe('passkeys in Account Settings', () => {
  it('adds, lists, renames and removes a passkey; the adding session gets a second factor and the owner one e-mail', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const sessionId = sessionIdOf(account.auth.token);
    expect((await sessionRow(sessionId))?.second_factor_at).toBeNull();

    const options = await registrationOptions(app, account);
    expect(options.options.rp).toEqual({ name: 'Sheetwright', id: 'sheetwright.test' });
    expect(options.options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.suggestedName).toBe('Unknown device');
    const authenticator = await SoftAuthenticator.create();
    const added = await sendRegistration(app, account, authenticator, {
      name: '  Office laptop ',
      options,
    });
    expect(added.status).toBe(200);
    const passkey = await added.json<Passkey>();
    expect(passkey).toEqual({
      id: authenticator.id,
      name: 'Office laptop',
      createdAt: app.clock.now,
      lastUsedAt: null,
      backedUp: false,
    });
    expect((await sessionRow(sessionId))?.second_factor_at).toBe(app.clock.now);
    const mails = addedMails(app, account.form.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('A passkey named "Office laptop" was added');

    expect(await list(app, account)).toEqual({ passkeys: [passkey], max: limits.maxPasskeys });
    // The next options exclude it, so the authenticator would refuse to make a second one.
    const next = await registrationOptions(app, account);
    expect(next.options.excludeCredentials?.map((c) => c.id)).toEqual([authenticator.id]);

    const renamed = await app.request(`/api/passkeys/${passkey.id}`, {
      method: 'PATCH',
      headers: account.browser,
      json: { name: 'Phone' },
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: passkey.id, name: 'Phone' });

    const removed = await app.request(`/api/passkeys/${passkey.id}`, {
      method: 'DELETE',
      headers: account.browser,
    });
    expect(removed.status).toBe(200);
    expect((await list(app, account)).passkeys).toEqual([]);
    const again = await app.request(`/api/passkeys/${passkey.id}`, {
      method: 'DELETE',
      headers: account.browser,
    });
    await expectError(again, 'PASSKEY_NOT_FOUND');
    expect(addedMails(app, account.form.email)).toHaveLength(1);
  });

  it('refuses names that are empty, too long or on more than one line, and changes nothing', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    for (const name of ['', '   ', 'x'.repeat(61), 'Office\nlaptop', 'Office\u2028laptop']) {
      const response = await sendRegistration(app, account, await SoftAuthenticator.create(), {
        name,
      });
      await expectError(response, 'VALIDATION_FAILED');
    }
    const { passkey } = await addPasskey(app, account);
    const rename = await app.request(`/api/passkeys/${passkey.id}`, {
      method: 'PATCH',
      headers: account.browser,
      json: { name: 'Two\r\nlines' },
    });
    await expectError(rename, 'VALIDATION_FAILED');
    expect((await passkeyRows(account.auth.user.userId)).map((row) => row.name)).toEqual([
      'Office laptop',
    ]);
    expect(addedMails(app, account.form.email)).toHaveLength(1);
  });

  it('refuses a passkey made for another site, without user verification, or for another challenge', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const cases: Ceremony[] = [
      { origin: 'https://evil.example' },
      { origin: ORIGIN, rpId: 'evil.example' },
      { origin: 'https://evil.example', rpId: 'evil.example' },
      { origin: ORIGIN, userVerified: false },
      { origin: ORIGIN, challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' },
    ];
    for (const ceremony of cases) {
      const response = await sendRegistration(app, account, await SoftAuthenticator.create(), {
        ceremony,
      });
      await expectError(response, 'PASSKEY_NOT_ACCEPTED');
    }
    expect(await passkeyRows(account.auth.user.userId)).toEqual([]);
    expect(addedMails(app, account.form.email)).toHaveLength(0);
    expect((await sessionRow(sessionIdOf(account.auth.token)))?.second_factor_at).toBeNull();
  });

  it('uses a challenge once, and only within its minutes', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const authenticator = await SoftAuthenticator.create();
    const options = await registrationOptions(app, account);
    const body = {
      challengeId: options.challengeId,
      name: 'Key',
      response: await authenticator.register(options.options, honest),
    };
    const send = () =>
      app.request('/api/passkeys/register/verify', {
        method: 'POST',
        headers: account.browser,
        json: body,
      });
    expect((await send()).status).toBe(200);
    await expectError(await send(), 'PASSKEY_CHALLENGE_EXPIRED');

    const late = await registrationOptions(app, account);
    app.clock.advance(limits.passkeyChallengeMinutes * 60 + 1);
    const lateResponse = await sendRegistration(app, account, await SoftAuthenticator.create(), {
      options: late,
    });
    await expectError(lateResponse, 'PASSKEY_CHALLENGE_EXPIRED');
    expect(await passkeyRows(account.auth.user.userId)).toHaveLength(1);

    // Another account's challenge, or a sign-in challenge, does not add a passkey either.
    const other = await signUpTrial(app);
    const stolen = await sendRegistration(app, other, await SoftAuthenticator.create(), {
      options: await registrationOptions(app, account),
    });
    await expectError(stolen, 'PASSKEY_CHALLENGE_EXPIRED');
    const signInChallenge = await signInOptions(app);
    const wrongPurpose = await app.request('/api/passkeys/register/verify', {
      method: 'POST',
      headers: other.browser,
      json: {
        challengeId: signInChallenge.challengeId,
        name: 'Key',
        response: await (
          await SoftAuthenticator.create()
        ).register({ ...options.options, challenge: signInChallenge.options.challenge }, honest),
      },
    });
    await expectError(wrongPurpose, 'PASSKEY_CHALLENGE_EXPIRED');
    expect(await passkeyRows(other.auth.user.userId)).toEqual([]);
  });

  it('refuses a passkey already on an account', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const { authenticator } = await addPasskey(app, account);
    const twice = await sendRegistration(app, account, authenticator);
    await expectError(twice, 'PASSKEY_ALREADY_ADDED');
    const other = await signUpTrial(app);
    const elsewhere = await sendRegistration(app, other, authenticator);
    await expectError(elsewhere, 'PASSKEY_ALREADY_ADDED');
    expect(await passkeyRows(other.auth.user.userId)).toEqual([]);
    expect(addedMails(app, account.form.email)).toHaveLength(1);
    expect(addedMails(app, other.form.email)).toHaveLength(0);
  });

  it(`keeps at most ${limits.maxPasskeys} passkeys, even when two additions race`, async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    for (let n = 1; n < limits.maxPasskeys; n++) await addPasskey(app, account, `Key ${n}`);
    // Two ceremonies started with room for one: the second to finish is refused.
    const first = await registrationOptions(app, account);
    const second = await registrationOptions(app, account);
    const done = await sendRegistration(app, account, await SoftAuthenticator.create(), {
      options: first,
    });
    expect(done.status).toBe(200);
    const late = await sendRegistration(app, account, await SoftAuthenticator.create(), {
      options: second,
    });
    await expectError(late, 'PASSKEY_LIMIT');
    const full = await app.request('/api/passkeys/register/options', {
      method: 'POST',
      headers: account.browser,
    });
    await expectError(full, 'PASSKEY_LIMIT');
    expect(await passkeyRows(account.auth.user.userId)).toHaveLength(limits.maxPasskeys);
    expect(addedMails(app, account.form.email)).toHaveLength(limits.maxPasskeys);
  });

  it("cannot rename or remove another account's passkey", async () => {
    const app = accountApp();
    const owner = await signUpTrial(app);
    const stranger = await signUpTrial(app);
    const { passkey } = await addPasskey(app, owner);
    const rename = await app.request(`/api/passkeys/${passkey.id}`, {
      method: 'PATCH',
      headers: stranger.browser,
      json: { name: 'Mine now' },
    });
    await expectError(rename, 'PASSKEY_NOT_FOUND');
    const remove = await app.request(`/api/passkeys/${passkey.id}`, {
      method: 'DELETE',
      headers: stranger.browser,
    });
    await expectError(remove, 'PASSKEY_NOT_FOUND');
    expect((await list(app, stranger)).passkeys).toEqual([]);
    expect((await passkeyRows(owner.auth.user.userId)).map((row) => row.name)).toEqual([
      'Office laptop',
    ]);
  });

  it('needs a session, our Origin for cookie writes, and answers 405 to other methods', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const { passkey } = await addPasskey(app, account);
    expect((await app.request('/api/passkeys')).status).toBe(401);
    expect((await app.post('/api/passkeys/register/options', {})).status).toBe(401);
    expect((await app.post('/api/passkeys/confirm/options', {})).status).toBe(401);
    const crossSite = await app.request(`/api/passkeys/${passkey.id}`, {
      method: 'DELETE',
      headers: { Cookie: account.cookie, Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await passkeyRows(account.auth.user.userId)).toHaveLength(1);

    const wrongMethods: [string, string, string][] = [
      ['/api/passkeys', 'POST', 'GET, HEAD'],
      ['/api/passkeys/register/options', 'GET', 'POST'],
      ['/api/passkeys/register/verify', 'PUT', 'POST'],
      ['/api/passkeys/sign-in/options', 'GET', 'POST'],
      ['/api/passkeys/sign-in/verify', 'DELETE', 'POST'],
      ['/api/passkeys/confirm/options', 'GET', 'POST'],
      ['/api/passkeys/confirm/verify', 'GET', 'POST'],
      [`/api/passkeys/${passkey.id}`, 'GET', 'PATCH, DELETE'],
    ];
    for (const [path, method, allow] of wrongMethods) {
      const response = await app.request(path, { method, headers: account.browser });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('Allow')).toBe(allow);
    }
  });

  it('answers malformed WebAuthn bodies with a plain 400', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const { challengeId } = await registrationOptions(app, account);
    const bodies: unknown[] = [
      {},
      { challengeId, name: 'Key' },
      { challengeId, name: 'Key', response: 'nope' },
      { challengeId, name: 'Key', response: { id: 'a', rawId: 'a', type: 'public-key' } },
      {
        challengeId,
        name: 'Key',
        response: {
          id: 'not base64url!',
          rawId: 'a',
          type: 'public-key',
          response: { clientDataJSON: 'a', attestationObject: 'a' },
          clientExtensionResults: {},
        },
      },
    ];
    for (const json of bodies) {
      const response = await app.request('/api/passkeys/register/verify', {
        method: 'POST',
        headers: account.browser,
        json,
      });
      await expectError(response, 'VALIDATION_FAILED');
    }
    // Well-formed but not WebAuthn at all: refused as not accepted, not a crash.
    const garbage = await app.request('/api/passkeys/register/verify', {
      method: 'POST',
      headers: account.browser,
      json: {
        challengeId,
        name: 'Key',
        response: {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
          clientExtensionResults: {},
        },
      },
    });
    await expectError(garbage, 'PASSKEY_NOT_ACCEPTED');
    const signInGarbage = await app.post('/api/passkeys/sign-in/verify', {
      challengeId: (await signInOptions(app)).challengeId,
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
        clientExtensionResults: {},
      },
    });
    await expectError(signInGarbage, 'PASSKEY_UNKNOWN');
    expect(await passkeyRows(account.auth.user.userId)).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('starts a session with both factors, answered like a password sign-in', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const { authenticator } = await addPasskey(app, account);
    app.clock.advance(60);

    const options = await signInOptions(app);
    expect(options.options.rpId).toBe('sheetwright.test');
    expect(options.options.allowCredentials ?? []).toEqual([]);
    expect(options.options.userVerification).toBe('required');
    const response = await signIn(app, authenticator, honest, options);
    expect(response.status, await response.clone().text()).toBe(200);
    const auth = await response.json<AuthResponse>();
    expect(auth.user).toMatchObject({
      userId: account.auth.user.userId,
      email: account.form.email,
    });
    const cookie = sessionCookieOf(response);
    expect(cookie).toBe(auth.token);
    expect(
      response.headers.getSetCookie().some((c) => c.startsWith(`${KNOWN_BROWSER_COOKIE}=`)),
    ).toBe(true);
    const me = await app.request('/api/me', { headers: credentials(auth.token).browser });
    expect(me.status).toBe(200);
    expect((await sessionRow(sessionIdOf(auth.token)))?.second_factor_at).toBe(app.clock.now);
    const [row] = await passkeyRows(account.auth.user.userId);
    expect(row).toMatchObject({ counter: 1, last_used_at: app.clock.now });
    expect((await list(app, account)).passkeys[0]?.lastUsedAt).toBe(app.clock.now);
  });

  it('refuses a replayed answer, an expired challenge and a counter that went back', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const { authenticator } = await addPasskey(app, account);
    const options = await signInOptions(app);
    const body = {
      challengeId: options.challengeId,
      response: await authenticator.authenticate(options.options, honest),
    };
    expect((await app.post('/api/passkeys/sign-in/verify', body)).status).toBe(200);
    await expectError(
      await app.post('/api/passkeys/sign-in/verify', body),
      'PASSKEY_CHALLENGE_EXPIRED',
    );

    const late = await signInOptions(app);
    app.clock.advance(limits.passkeyChallengeMinutes * 60);
    await expectError(await signIn(app, authenticator, honest, late), 'PASSKEY_CHALLENGE_EXPIRED');

    // A clone of the passkey replaying an older counter is refused.
    authenticator.counter = 0;
    await expectError(await signIn(app, authenticator), 'PASSKEY_NOT_ACCEPTED');
    const [row] = await passkeyRows(account.auth.user.userId);
    expect(row?.counter).toBe(1);
  });

  it('refuses an answer for another site, without user verification, or signed by another key', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const { authenticator } = await addPasskey(app, account);
    const cases: Ceremony[] = [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', rpId: 'evil.example' },
      { origin: ORIGIN, rpId: 'evil.example' },
      { origin: ORIGIN, userVerified: false },
      { origin: 'http://sheetwright.test' },
    ];
    for (const ceremony of cases) {
      await expectError(await signIn(app, authenticator, ceremony), 'PASSKEY_NOT_ACCEPTED');
    }
    await expectError(
      await signIn(app, await authenticator.withOtherKey()),
      'PASSKEY_NOT_ACCEPTED',
    );
    const [row] = await passkeyRows(account.auth.user.userId);
    expect(row).toMatchObject({ counter: 0, last_used_at: null });
    const sessions = await queryAll<{ n: number }>(
      'SELECT count(*) AS n FROM sessions WHERE user_id = ?',
      account.auth.user.userId,
    );
    expect(sessions[0]?.n).toBe(1);
  });

  it('answers PASSKEY_UNKNOWN for a passkey no account has, or one that was removed', async () => {
    const app = accountApp();
    await expectError(await signIn(app, await SoftAuthenticator.create()), 'PASSKEY_UNKNOWN');

    const account = await signUpTrial(app);
    const { authenticator, passkey } = await addPasskey(app, account);
    expect((await signIn(app, authenticator)).status).toBe(200);
    const removed = await app.request(`/api/passkeys/${passkey.id}`, {
      method: 'DELETE',
      headers: account.browser,
    });
    expect(removed.status).toBe(200);
    await expectError(await signIn(app, authenticator), 'PASSKEY_UNKNOWN');
  });

  it('names a deleted account as such, starts no session, and the purge removes its passkeys', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const { authenticator } = await addPasskey(app, account);
    const deleted = await app.request('/api/delete', {
      method: 'DELETE',
      headers: account.browser,
    });
    expect(deleted.status).toBe(200);
    await expectError(await signIn(app, authenticator), 'ACCOUNT_DELETED');
    const live = await queryAll<{ n: number }>(
      'SELECT count(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL',
      account.auth.user.userId,
    );
    expect(live[0]?.n).toBe(0);
    expect((await passkeyRows(account.auth.user.userId))[0]?.counter).toBe(0);

    await purgeDeletedAccounts({
      db: testDb(),
      now: app.clock.now + (retentionDays.deletedAccount + 1) * DAY_MS,
    });
    expect(await passkeyRows(account.auth.user.userId)).toEqual([]);
  });

  it(`counts attempts per IP (${limits.rateLimits.passkeyPerIp.max} per window)`, async () => {
    const app = accountApp();
    const statuses: number[] = [];
    for (let n = 0; n <= limits.rateLimits.passkeyPerIp.max; n++) {
      const response = await app.post('/api/passkeys/sign-in/verify', {
        challengeId: 'no-such-challenge',
        response: {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
          clientExtensionResults: {},
        },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('POST /api/passkeys/sign-in/options', () => {
  it('is limited per IP like the verify step: 429 with Retry-After, and no challenge stored beyond it', async () => {
    const app = accountApp();
    const before = await queryAll<{ n: number }>('SELECT count(*) AS n FROM webauthn_challenges');
    const statuses: number[] = [];
    for (let n = 0; n < 100; n++) {
      statuses.push((await app.post('/api/passkeys/sign-in/options', {})).status);
    }
    const refused = await app.post('/api/passkeys/sign-in/options', {});
    const after = await queryAll<{ n: number }>('SELECT count(*) AS n FROM webauthn_challenges');

    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    const granted = statuses.filter((status) => status === 200).length;
    expect(granted).toBe(limits.rateLimits.passkeyOptionsPerIp.max);
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(granted);
    // Another IP is not held back.
    const elsewhere = await app.request('/api/passkeys/sign-in/options', {
      method: 'POST',
      json: {},
      headers: { 'CF-Connecting-IP': '203.0.113.99' },
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('confirming it is you with a passkey', () => {
  it("marks the session as verified with a second factor, with the account's own passkey only", async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const stranger = await signUpTrial(app);
    const { authenticator } = await addPasskey(app, account);
    const { authenticator: strangers } = await addPasskey(app, stranger);
    // A fresh session from a password sign-in, proving nothing but the password.
    const login = await app.post('/api/login', {
      email: account.form.email,
      password: account.form.password,
    });
    const token = (await login.json<AuthResponse>()).token;
    const browser = credentials(token).browser;
    const sessionId = sessionIdOf(token);
    expect((await sessionRow(sessionId))?.second_factor_at).toBeNull();
    app.clock.advance(120);

    const confirm = async (who: SoftAuthenticator, ceremony = honest) => {
      const options = await app.request('/api/passkeys/confirm/options', {
        method: 'POST',
        headers: browser,
      });
      expect(options.status).toBe(200);
      const { challengeId, options: request } =
        await options.json<Options<PublicKeyCredentialRequestOptionsJSON>>();
      expect(request.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
      return app.request('/api/passkeys/confirm/verify', {
        method: 'POST',
        headers: browser,
        json: { challengeId, response: await who.authenticate(request, ceremony) },
      });
    };
    await expectError(await confirm(strangers), 'PASSKEY_NOT_FOUND');
    await expectError(
      await confirm(authenticator, { origin: 'https://evil.example' }),
      'PASSKEY_NOT_ACCEPTED',
    );
    expect(await sessionRow(sessionId)).toMatchObject({ second_factor_at: null });

    const confirmed = await confirm(authenticator);
    expect(confirmed.status).toBe(200);
    expect(await sessionRow(sessionId)).toEqual({
      second_factor_at: app.clock.now,
      verified_at: app.clock.now,
    });
  });

  it('has nothing to confirm with when the account has no passkey', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const options = await app.request('/api/passkeys/confirm/options', {
      method: 'POST',
      headers: account.browser,
    });
    await expectError(options, 'PASSKEY_NOT_FOUND');
  });
});

describe('the clean-up cron', () => {
  it('deletes passkey challenges past their minutes, used or not', async () => {
    const app = accountApp();
    const old = await signInOptions(app);
    const now = app.clock.now + limits.passkeyChallengeMinutes * 60_000;
    const fresh = await app.post('/api/passkeys/sign-in/options', {});
    expect(fresh.status).toBe(200);
    const freshId = (await fresh.json<Options<unknown>>()).challengeId;
    // The fresh one was made at the same clock; move only the cron's clock forward.
    await queryAll('UPDATE webauthn_challenges SET expires_at = ? WHERE id = ?', now + 1, freshId);
    const report = await cleanUp({ db: testDb(), now });
    expect(report['webauthnChallenges']).toBeGreaterThanOrEqual(1);
    const left = await queryAll<{ id: string }>(
      'SELECT id FROM webauthn_challenges WHERE id IN (?, ?)',
      old.challengeId,
      freshId,
    );
    expect(left.map((row) => row.id)).toEqual([freshId]);
  });
});
