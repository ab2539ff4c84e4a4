// Single sign-on's seats and "Require single sign-on": a person the provider signs in while every
// seat is taken gets no account and no seat, reads that the owner was told, and waits in
// sso_seat_waits; the owner gets ONE e-mail a day listing who waits (at once, then by the hourly
// cron). With "Require single sign-on" on, password, Google and passkey sign-in, signup and a
// password reset refuse the addresses of the organization's verified domains in one sentence
// naming the way in — but never the organization's owner.
import { describe, expect, it } from 'vitest';
import * as SsoTexts from '../../src/contract/sso-texts';
import type { MailMessage } from '../../functions/adapters/types';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import {
  botToken,
  googleToken,
  queryAll,
  sendCode,
  signupForm,
  signUpTrial,
  type AccountApp,
  type SignedInAccount,
} from './account-helpers';
import { DAY_MS, recordingMailer, runJobsAt } from './cron-helpers';
import { ORIGIN } from './helpers';
import { SoftAuthenticator } from './webauthn-authenticator';
import { pageMessage, signInBySso, ssoWorld, started, type SsoWorld } from './sso-helpers';

const person = (world: SsoWorld, prefix: string) =>
  `${prefix}.${crypto.randomUUID().slice(0, 6)}@${world.domain}`;

/** The cron's daily domain re-check finds the records still there (no network in tests). */
const dns = {
  kind: 'local' as const,
  txt: () => Promise.resolve({ kind: 'unavailable' as const }),
};

const seatMails = (mail: readonly MailMessage[], to: string) =>
  mail.filter((message) => message.tag === 'sso-seat-waits' && message.to === to);

async function waiting(world: SsoWorld) {
  return queryAll<{ email_normalized: string }>(
    'SELECT email_normalized FROM sso_seat_waits WHERE organization_id = ? ORDER BY first_tried_at',
    world.organizationId,
  );
}

describe('single sign-on with no seat left', () => {
  it('creates nothing, says the owner was told, and mails the owner once a day', async () => {
    const world = await ssoWorld({ seats: 1 });
    const ownerEmail = world.owner.form.email.toLowerCase();
    const first = person(world, 'ada');
    expect((await signInBySso(world, first)).status).toBe(303);

    const grace = person(world, 'grace');
    const refused = await signInBySso(world, grace, { name: 'Grace Northwind' });
    expect(refused.status).toBe(409);
    const page = await refused.clone().text();
    expect(await pageMessage(refused)).toBe(SsoTexts.noSeat(world.organizationName));
    // The refusal names its code, and the form holds the address again, ready for another try.
    expect(page).toContain('data-code="SSO_NO_SEAT"');
    expect(page).toContain(`name="email" value="${grace}" data-kept-value="${grace}"`);
    expect(await queryAll('SELECT id FROM users WHERE email_normalized = ?', grace)).toEqual([]);
    // The owner is told at once; the people listed leave the list.
    const told = seatMails(world.app.mail, ownerEmail);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(grace);
    expect(told[0]!.text).toContain('Grace Northwind');
    expect(await waiting(world)).toEqual([]);

    // Two more people the same day: they wait, and the owner hears nothing more today.
    const linus = person(world, 'linus');
    const margaret = person(world, 'margaret');
    expect((await signInBySso(world, linus)).status).toBe(409);
    world.app.clock.advance(3600);
    expect((await signInBySso(world, margaret)).status).toBe(409);
    expect((await signInBySso(world, linus)).status).toBe(409);
    expect(seatMails(world.app.mail, ownerEmail)).toHaveLength(1);
    expect((await waiting(world)).map((row) => row.email_normalized)).toEqual([linus, margaret]);

    // A sign-in that never comes back from the provider.
    await started(world.app, person(world, 'lost'));
    expect(await queryAll('SELECT id FROM sso_sign_ins')).toHaveLength(1);
    // The hourly cron within the day finds nothing to send, and deletes that sign-in.
    const sameDay = await runJobsAt(world.app.clock.now + 3600_000, recordingMailer(), { dns });
    expect(sameDay.find((r) => r.name === 'mail-sso-seat-waits')).toMatchObject({
      ok: true,
      counts: { mailed: 0 },
    });
    expect(await queryAll('SELECT id FROM sso_sign_ins')).toEqual([]);
    // A day after the first e-mail, the cron sends one listing both, once.
    const mailer = recordingMailer();
    const nextDay = world.app.clock.now + DAY_MS;
    await runJobsAt(nextDay, mailer, { dns });
    await runJobsAt(nextDay + 3600_000, mailer, { dns });
    const daily = seatMails(mailer.sent, ownerEmail);
    expect(daily).toHaveLength(1);
    expect(daily[0]!.subject).toContain('2 people');
    expect(daily[0]!.text).toContain(linus);
    expect(daily[0]!.text).toContain(margaret);
    expect(await waiting(world)).toEqual([]);
  });

  it('lets a waiting person in once a seat is free, and forgets they waited', async () => {
    const world = await ssoWorld({ seats: 1 });
    const first = person(world, 'ada');
    expect((await signInBySso(world, first)).status).toBe(303);
    const grace = person(world, 'grace');
    world.app.clock.advance(60);
    expect((await signInBySso(world, grace)).status).toBe(409);
    // A second try the same day only updates the row.
    world.app.clock.advance(60);
    expect((await signInBySso(world, grace)).status).toBe(409);
    expect(await waiting(world)).toEqual([{ email_normalized: grace }]);
    await queryAll(
      'UPDATE organizations SET seats = 2 WHERE id = ? RETURNING id',
      world.organizationId,
    );
    const joined = await signInBySso(world, grace);
    expect(joined.status).toBe(303);
    expect(await waiting(world)).toEqual([]);
  });
});

/** A passkey added to `account` (as the passkeys tests do), for signing in with it later. */
async function withPasskey(app: AccountApp, account: SignedInAccount) {
  const authenticator = await SoftAuthenticator.create();
  const options = await app.request('/api/passkeys/register/options', {
    method: 'POST',
    headers: account.browser,
  });
  expect(options.status).toBe(200);
  const { challengeId, options: creation } = await options.json<{
    challengeId: string;
    options: PublicKeyCredentialCreationOptionsJSON;
  }>();
  const added = await app.request('/api/passkeys/register/verify', {
    method: 'POST',
    headers: account.browser,
    json: {
      challengeId,
      name: 'Office laptop',
      response: await authenticator.register(creation, { origin: ORIGIN }),
    },
  });
  expect(added.status, await added.clone().text()).toBe(200);
  return authenticator;
}

async function passkeySignIn(app: AccountApp, authenticator: SoftAuthenticator) {
  const options = await app.post('/api/passkeys/sign-in/options', {});
  const { challengeId, options: request } = await options.json<{
    challengeId: string;
    options: PublicKeyCredentialRequestOptionsJSON;
  }>();
  return app.post('/api/passkeys/sign-in/verify', {
    challengeId,
    response: await authenticator.authenticate(request, { origin: ORIGIN }),
  });
}

describe('Require single sign-on', () => {
  /** An organization whose owner's address is on its own verified domain, requiring SSO. */
  async function requiring() {
    const world = await ssoWorld({ ownerEmail: (domain) => `owner@${domain}` });
    // A member who signed up with a password before the organization required single sign-on.
    const member = await signUpTrial(world.app, { email: person(world, 'ann') });
    await queryAll(
      'UPDATE organization_sso SET required = 1 WHERE organization_id = ? RETURNING organization_id',
      world.organizationId,
    );
    return { world, member };
  }

  it("refuses a password sign-in on the organization's domain, naming the way in", async () => {
    const { world, member } = await requiring();
    const response = await world.app.post('/api/login', {
      email: member.form.email,
      password: member.form.password,
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: 'SSO_REQUIRED',
      message: SsoTexts.ssoRequired(world.organizationName),
    });
    // A wrong password still says only that the e-mail or password is wrong.
    const wrong = await world.app.post('/api/login', {
      email: member.form.email,
      password: 'not-the-password-2026',
    });
    expect(wrong.status).toBe(401);
    // The provider still signs the same person in.
    expect((await signInBySso(world, member.form.email.toLowerCase())).status).toBe(303);
  });

  it('refuses the no-JavaScript login form the same way', async () => {
    const { world, member } = await requiring();
    const response = await world.app.request('/login', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://sheetwright.test',
        'Sec-Fetch-Site': 'same-origin',
      },
      body: new URLSearchParams({
        email: member.form.email,
        password: member.form.password,
      }).toString(),
    });
    expect(response.status).toBe(403);
    expect(await pageMessage(response)).toBe(SsoTexts.ssoRequired(world.organizationName));
  });

  it("never refuses the organization's owner: their way in does not depend on the provider", async () => {
    const { world } = await requiring();
    const response = await world.app.post('/api/login', {
      email: world.owner.form.email,
      password: world.owner.form.password,
    });
    expect(response.status, await response.clone().text()).toBe(200);
  });

  it('refuses Google sign-in and links nothing', async () => {
    const { world, member } = await requiring();
    const response = await world.app.post('/api/login-google', {
      googleAccessToken: googleToken({ email: member.form.email, emailVerified: true }),
    });
    expect(response.status).toBe(403);
    expect((await response.json<{ code: string }>()).code).toBe('SSO_REQUIRED');
    const [row] = await queryAll<{ google_sub: string | null }>(
      'SELECT google_sub FROM users WHERE id = ?',
      member.auth.user.userId,
    );
    expect(row!.google_sub).toBeNull();
  });

  it("refuses a member's passkey, never the owner's", async () => {
    const world = await ssoWorld({ ownerEmail: (domain) => `owner@${domain}` });
    const member = await signUpTrial(world.app, { email: person(world, 'ann') });
    const memberKey = await withPasskey(world.app, member);
    const ownerKey = await withPasskey(world.app, world.owner);
    await queryAll(
      'UPDATE organization_sso SET required = 1 WHERE organization_id = ? RETURNING organization_id',
      world.organizationId,
    );
    const refused = await passkeySignIn(world.app, memberKey);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: 'SSO_REQUIRED',
      message: SsoTexts.ssoRequired(world.organizationName),
    });
    expect((await passkeySignIn(world.app, ownerKey)).status).toBe(200);
  });

  it('refuses a signup with an address of the domain', async () => {
    const { world } = await requiring();
    const form = signupForm({ email: person(world, 'new') });
    const response = await sendCode(world.app, form);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: 'SSO_REQUIRED',
      message: SsoTexts.ssoRequiredNoPassword(world.organizationName),
    });
  });

  it('sends no password reset link to such an address, but does to the owner', async () => {
    const { world, member } = await requiring();
    const ask = (email: string) =>
      world.app.post('/api/forgot-password', {
        email,
        recaptchaToken: botToken('forgot_password'),
      });
    expect((await ask(member.form.email)).status).toBe(200);
    expect((await ask(world.owner.form.email)).status).toBe(200);
    const resets = world.app.mail.filter((m) => m.tag === 'password-reset').map((m) => m.to);
    expect(resets).toEqual([world.owner.form.email.toLowerCase()]);
  });
});
