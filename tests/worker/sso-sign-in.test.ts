// Single sign-on through an organization's identity provider, against a fake OpenID provider:
// a first sign-in makes the account and takes a seat (source sso); a later one signs in; the
// state must be this browser's and is used once; the ID token is refused for another audience,
// past its expiry or signed by another key; the provider's own error, an address off the
// organization's domains and a sign-in past its minutes end on the login page in plain words
// (recorded on the connection); the page to go on to is one of the site's own.
import { describe, expect, it } from 'vitest';
import * as SsoTexts from '../../src/contract/sso-texts';
import type { MeResponse } from '../../src/contract/user';
import { credentials, queryAll, sessionCookieOf, uniqueEmail } from './account-helpers';
import { SSO_SIGN_IN_MINUTES } from '../../functions/services/sso/sign-in';
import {
  callback,
  pageMessage,
  signInBySso,
  ssoWorld,
  started,
  startSso,
  type SsoWorld,
} from './sso-helpers';

const person = (world: SsoWorld, prefix = 'ada') =>
  `${prefix}.${crypto.randomUUID().slice(0, 6)}@${world.domain}`;

async function connection(world: SsoWorld) {
  const [row] = await queryAll<{
    last_sign_in_at: number | null;
    last_sign_in_email: string | null;
    last_failure_at: number | null;
    last_failure: string | null;
  }>(
    'SELECT last_sign_in_at, last_sign_in_email, last_failure_at, last_failure FROM organization_sso WHERE organization_id = ?',
    world.organizationId,
  );
  return row!;
}

async function me(world: SsoWorld, response: Response) {
  const token = sessionCookieOf(response);
  expect(token, 'a session cookie').toBeDefined();
  const answer = await world.app.request('/api/me', { headers: credentials(token!).browser });
  expect(answer.status).toBe(200);
  return answer.json<MeResponse>();
}

describe('single sign-on: signed in', () => {
  it('makes the account of a person it never saw and gives them a free seat (source sso)', async () => {
    const world = await ssoWorld();
    const email = person(world);
    const response = await signInBySso(world, email, { name: 'Ada Northwind' });
    expect(response.status, await response.clone().text()).toBe(303);
    expect(response.headers.get('Location')).toBe('/dashboard');
    const signedIn = await me(world, response);
    expect(signedIn.user).toMatchObject({ email, customerName: 'Ada Northwind' });
    const [account] = await queryAll<{ id: string; password_hash: string | null; plan: string }>(
      'SELECT id, password_hash, plan FROM users WHERE email_normalized = ?',
      email,
    );
    expect(account).toMatchObject({ password_hash: null, plan: 'Enterprise' });
    const members = await queryAll<{ source: string; organization_id: string }>(
      'SELECT source, organization_id FROM organization_members WHERE user_id = ? AND removed_at IS NULL',
      account!.id,
    );
    expect(members).toEqual([{ source: 'sso', organization_id: world.organizationId }]);
    const licenses = await queryAll<{ plan: string; status: string }>(
      'SELECT plan, status FROM licenses WHERE user_id = ?',
      account!.id,
    );
    expect(licenses).toEqual([{ plan: 'Enterprise', status: 'active' }]);
    const events = await queryAll<{ kind: string; detail: string }>(
      'SELECT kind, detail FROM organization_events WHERE organization_id = ? AND user_id = ? ORDER BY created_at, kind',
      world.organizationId,
      account!.id,
    );
    expect(events).toContainEqual({ kind: 'joined', detail: `${email} (by single sign-on)` });
    expect(events).toContainEqual({ kind: 'signed-in', detail: 'with single sign-on' });
    expect(await connection(world)).toMatchObject({
      last_sign_in_at: world.app.clock.now,
      last_sign_in_email: email,
      last_failure_at: null,
    });
    // The client proved itself with the secret in the Basic header.
    expect(world.provider.tokenAuth).toEqual(['basic']);
  });

  it('signs a member in again without a second seat, and asks no second step', async () => {
    const world = await ssoWorld();
    const email = person(world);
    expect((await signInBySso(world, email)).status).toBe(303);
    world.app.clock.advance(3600);
    const again = await signInBySso(world, email);
    expect(again.status).toBe(303);
    expect(again.headers.get('Location')).toBe('/dashboard');
    const rows = await queryAll<{ n: number }>(
      'SELECT count(*) AS n FROM organization_members m JOIN users u ON u.id = m.user_id WHERE u.email_normalized = ?',
      email,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('joins an existing account of the domain that is not yet a member', async () => {
    const world = await ssoWorld();
    const { signUpTrial } = await import('./account-helpers');
    const email = person(world, 'grace');
    const trial = await signUpTrial(world.app, { email });
    const response = await signInBySso(world, email);
    expect(response.status, await response.clone().text()).toBe(303);
    const signedIn = await me(world, response);
    expect(signedIn.user.userId).toBe(trial.auth.user.userId);
    expect(signedIn.user.plan).toBe('Enterprise');
    const members = await queryAll<{ source: string }>(
      'SELECT source FROM organization_members WHERE user_id = ? AND removed_at IS NULL',
      trial.auth.user.userId,
    );
    expect(members).toEqual([{ source: 'sso' }]);
  });

  it('uses client_secret_post when the provider offers only that', async () => {
    const world = await ssoWorld();
    world.provider.switches.postOnly = true;
    // Discovery is kept per isolate: this provider is fresh, so its document is read now.
    expect((await signInBySso(world, person(world))).status).toBe(303);
    expect(world.provider.tokenAuth).toEqual(['post']);
  });

  it('goes on to an allowed page of the site (the plugin’s /activate), never elsewhere', async () => {
    const world = await ssoWorld();
    const email = person(world);
    const activate = await signInBySso(world, email, { next: '/activate?user_code=BCDF-GHJK' });
    expect(activate.headers.get('Location')).toBe('/activate?user_code=BCDF-GHJK');
    for (const next of ['https://evil.example/', '//evil.example', '/\\evil', '/pricing']) {
      const response = await signInBySso(world, email, { next });
      expect(response.status).toBe(303);
      expect(response.headers.get('Location'), next).toBe('/dashboard');
    }
  });

  it('tells the login page which addresses sign in by single sign-on', async () => {
    const world = await ssoWorld();
    const ask = (email: string) => world.app.post('/api/sso/lookup', { email });
    const yes = await ask(person(world));
    expect(yes.status).toBe(200);
    expect(await yes.json()).toEqual({ organizationName: world.organizationName });
    const no = await ask(uniqueEmail('elsewhere.example'));
    expect(await no.json()).toEqual({ organizationName: null });
    expect((await ask('not an address')).status).toBe(400);
  });
});

describe('single sign-on: refused in plain words, never a 500', () => {
  it('has no single sign-on for an address of another domain', async () => {
    const world = await ssoWorld();
    const response = await startSso(world.app, uniqueEmail('elsewhere.example'));
    expect(response.status).toBe(404);
    expect(await pageMessage(response)).toBe(SsoTexts.notAvailable);
  });

  it('refuses a state that is not the one in this browser’s cookie', async () => {
    const world = await ssoWorld();
    const { location, cookie } = await started(world.app, person(world));
    const back = world.provider.signIn(location, { email: person(world) });
    back.searchParams.set('state', 'forged-state');
    const response = await callback(world.app, back, cookie);
    expect(response.status).toBe(400);
    expect(await pageMessage(response)).toBe(SsoTexts.signInExpired);
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('refuses an answer arriving in another browser (no state cookie)', async () => {
    const world = await ssoWorld();
    const { location } = await started(world.app, person(world));
    const back = world.provider.signIn(location, { email: person(world) });
    const response = await callback(world.app, back);
    expect(response.status).toBe(400);
    expect(await pageMessage(response)).toBe(SsoTexts.signInExpired);
  });

  it('takes an answer once: a replayed callback (and its code) is refused', async () => {
    const world = await ssoWorld();
    const email = person(world);
    const { location, cookie } = await started(world.app, email);
    const back = world.provider.signIn(location, { email });
    expect((await callback(world.app, back, cookie)).status).toBe(303);
    // Even a provider that would take the code again never sees it: the state is gone.
    world.provider.switches.acceptReplayedCode = true;
    const replay = await callback(world.app, back, cookie);
    expect(replay.status).toBe(400);
    expect(await pageMessage(replay)).toBe(SsoTexts.signInExpired);
    expect(world.provider.tokenAuth).toHaveLength(1);
  });

  it(`refuses a sign-in that stayed at the provider past ${SSO_SIGN_IN_MINUTES} minutes`, async () => {
    const world = await ssoWorld();
    const email = person(world);
    const { location, cookie } = await started(world.app, email);
    world.app.clock.advance(SSO_SIGN_IN_MINUTES * 60 + 1);
    const response = await callback(world.app, world.provider.signIn(location, { email }), cookie);
    expect(response.status).toBe(400);
    expect(await pageMessage(response)).toBe(SsoTexts.signInExpired);
  });

  const tokenCases: [string, (world: SsoWorld) => void][] = [
    ['for another audience', (w) => (w.provider.switches.audience = 'another-client')],
    ['that has expired', (w) => (w.provider.switches.expired = true)],
    ['signed by another key', (w) => (w.provider.switches.otherKey = true)],
    ['with another nonce', (w) => (w.provider.switches.otherNonce = true)],
  ];
  for (const [what, misbehave] of tokenCases) {
    it(`refuses an ID token ${what}, records why, and creates nothing`, async () => {
      const world = await ssoWorld();
      misbehave(world);
      const email = person(world);
      const response = await signInBySso(world, email);
      expect(response.status).toBe(401);
      expect(await pageMessage(response)).toBe(SsoTexts.tokenRefused(world.organizationName));
      expect(sessionCookieOf(response)).toBeUndefined();
      const failure = await connection(world);
      expect(failure.last_failure_at).toBe(world.app.clock.now);
      expect(failure.last_failure).toMatch(/^The ID token was refused: /);
      expect(failure.last_sign_in_at).toBeNull();
      expect(await queryAll('SELECT id FROM users WHERE email_normalized = ?', email)).toEqual([]);
    });
  }

  it("shows the provider's own refusal in plain words and records it", async () => {
    const world = await ssoWorld();
    const { location, cookie } = await started(world.app, person(world));
    const response = await callback(world.app, world.provider.deny(location), cookie);
    expect(response.status).toBe(401);
    expect(await pageMessage(response)).toBe(SsoTexts.providerRefused(world.organizationName));
    expect((await connection(world)).last_failure).toContain('access_denied');
  });

  it("refuses an address the provider vouches for that is off the organization's domains", async () => {
    const world = await ssoWorld();
    const { location, cookie } = await started(world.app, person(world));
    const stranger = uniqueEmail('elsewhere.example');
    const response = await callback(
      world.app,
      world.provider.signIn(location, { email: stranger }),
      cookie,
    );
    expect(response.status).toBe(403);
    expect(await pageMessage(response)).toBe(SsoTexts.wrongDomain(world.organizationName));
    expect(await queryAll('SELECT id FROM users WHERE email_normalized = ?', stranger)).toEqual([]);
  });

  it('says so when the provider cannot be reached, and records it', async () => {
    const world = await ssoWorld();
    world.provider.switches.down = true;
    const response = await startSso(world.app, person(world));
    expect(response.status).toBe(502);
    expect(await pageMessage(response)).toBe(SsoTexts.providerUnavailable(world.organizationName));
    expect((await connection(world)).last_failure).toMatch(/^Discovery failed: /);
    expect(
      await queryAll('SELECT id FROM sso_sign_ins WHERE organization_id = ?', world.organizationId),
    ).toEqual([]);
  });

  it('refuses a form posted from another site', async () => {
    const world = await ssoWorld();
    const response = await world.app.request('/sso/start', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://evil.example',
      },
      body: new URLSearchParams({ email: person(world) }).toString(),
    });
    expect(response.status).toBe(403);
  });
});
