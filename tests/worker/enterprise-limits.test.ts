/**
 * An Enterprise seat's device limit is a number wherever the license is described: the plugin's
 * activate and validate answers, Usage & Sessions, My Account's license summary and Billing; and
 * the team page is the owner's, which /api/me tells the dashboard. My Account's summary also says
 * whether a paid plan renews or ends.
 */
import { describe, expect, it } from 'vitest';
import type { AccountLicense } from '../../src/contract/account';
import type { BillingOverview } from '../../src/contract/billing';
import { TeamMessages } from '../../src/contract/messages';
import type { UsageOverview } from '../../src/contract/usage';
import type { AuthResponse, MeResponse } from '../../src/contract/user';
import { accountApp, credentials, signUpTrial, uniqueEmail } from './account-helpers';
import { operator } from './admin-helpers';
import { billingWorld, postEmpty, upgradedAccount } from './billing-helpers';
import { activateOk, newDeviceId, validate } from './licenses-helpers';
import { invite, organization, signUpByLink } from './organizations-helpers';

/** An organization with 2 devices per seat and one member who joined by the link. */
async function seatHolder() {
  const app = accountApp();
  const admin = await operator(app);
  const { owner } = await organization(app, admin, { seats: 2, deviceLimit: 2 });
  const joined = await signUpByLink(app, await invite(app, owner, uniqueEmail()));
  expect(joined.status, await joined.clone().text()).toBe(200);
  const auth = await joined.json<AuthResponse>();
  return { app, owner, auth, member: credentials(auth.token) };
}

describe("an Enterprise seat's device limit", () => {
  it('is the per-seat number in the activate and validate answers', async () => {
    const { app, auth } = await seatHolder();
    const deviceId = newDeviceId();

    const activated = await activateOk(app, auth.user.licenseKey, { deviceId });
    expect(activated.license).toMatchObject({
      plan: 'Enterprise',
      deviceLimit: 2,
      activeDevices: 1,
    });
    const validated = await validate(app, auth.user.licenseKey, deviceId);
    expect(validated).toMatchObject({
      status: 'VALID',
      license: { plan: 'Enterprise', deviceLimit: 2, activeDevices: 1 },
    });
  });

  it('is the per-seat number on Usage & Sessions, My Account and Billing', async () => {
    const { app, auth, member } = await seatHolder();
    await activateOk(app, auth.user.licenseKey, { deviceId: newDeviceId() });

    const usage = await app.request('/api/usage', { headers: member.browser });
    expect(usage.status).toBe(200);
    const overview = await usage.json<UsageOverview>();
    expect(overview).toMatchObject({ plan: 'Enterprise', deviceLimit: 2 });
    expect(overview.devices).toHaveLength(1);

    const summary = await app.request('/api/account/license', { headers: member.browser });
    expect(summary.status).toBe(200);
    expect(await summary.json<AccountLicense>()).toEqual({
      devices: { active: 1, limit: 2 },
      renewal: null,
    });

    const billing = await app.request('/api/billing', { headers: member.browser });
    expect(billing.status).toBe(200);
    expect((await billing.json<BillingOverview>()).devices).toEqual({ active: 1, limit: 2 });
  });

  it("is the plan's number for a Trial, with no renewal to announce", async () => {
    const app = accountApp();
    const trial = await signUpTrial(app);
    const summary = await app.request('/api/account/license', { headers: trial.browser });
    expect(await summary.json<AccountLicense>()).toEqual({
      devices: { active: 0, limit: 1 },
      renewal: null,
    });
  });
});

describe('the team page belongs to the owner', () => {
  it('tells the dashboard who owns an organization through /api/me', async () => {
    const { app, owner, member } = await seatHolder();
    const stranger = await signUpTrial(app);
    const me = async (headers: Record<string, string>) =>
      (await (await app.request('/api/me', { headers })).json<MeResponse>()).user;

    expect(await me(owner.browser)).toMatchObject({ ownsOrganization: true, holdsSeat: false });
    expect(await me(member.browser)).toMatchObject({ ownsOrganization: false, holdsSeat: true });
    expect(await me(stranger.browser)).toMatchObject({ ownsOrganization: false, holdsSeat: false });
  });

  it('answers a member and an account in no organization with what the page is for', async () => {
    const { app, member } = await seatHolder();
    const stranger = await signUpTrial(app);
    for (const headers of [member.browser, stranger.browser]) {
      for (const path of [
        '/api/team',
        '/api/team/members',
        '/api/team/member-names',
        '/api/team/activity',
        '/api/team/utilization',
      ]) {
        const response = await app.request(path, { headers });
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({
          code: 'FORBIDDEN',
          message: TeamMessages.teamPageForOwner,
        });
      }
    }
  });
});

describe("My Account's renewal line", () => {
  it('says a paid plan renews, and ends once it is cancelled at period end', async () => {
    const world = billingWorld();
    const { account } = await upgradedAccount(world);
    const summary = async () =>
      (
        await world.app.request('/api/account/license', { headers: account.browser })
      ).json<AccountLicense>();

    const renewing = await summary();
    expect(renewing.devices).toEqual({ active: 0, limit: 2 });
    expect(renewing.renewal?.kind).toBe('renews');
    const cancelled = await postEmpty(world.app, '/api/billing/cancel', account.browser);
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(await summary()).toMatchObject({ renewal: { kind: 'ends', on: renewing.renewal?.on } });
  });
});
