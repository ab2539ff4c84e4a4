/**
 * The console's organizations through the real Worker and D1: finding one by name,
 * member, owner or license key; the whole picture with its audit trail; the team feed's sign-ins
 * and freed devices; and a Standard subscriber who joins.
 */
import { describe, expect, it } from 'vitest';
import { type OrganizationDetail } from '../../src/contract/admin-organizations';
import { parse } from '../../src/contract/shape';
import type { AuthResponse } from '../../src/contract/user';
import {
  accountApp,
  credentials,
  uniqueEmail,
  type AccountApp,
  type SignedInAccount,
} from './account-helpers';
import { adminGet, adminPost, operator, type OperatorAccount } from './admin-helpers';
import { billingRows, billingWorld, upgradedAccount } from './billing-helpers';
import { activateOk, newDeviceId } from './licenses-helpers';
import { invite, organization, ownerPost, signUpByLink } from './organizations-helpers';
import { isFindOrganizationsAnswer } from '../../src/generated/answers/FindOrganizationsAnswer';
import { isGetOrganizationDetailAnswer } from '../../src/generated/answers/GetOrganizationDetailAnswer';
import { isUpdateOrganizationAnswer } from '../../src/generated/answers/UpdateOrganizationAnswer';

async function find(app: AccountApp, admin: OperatorAccount, q: string) {
  const response = await adminGet(
    app,
    admin,
    `/api/admin/organizations?q=${encodeURIComponent(q)}`,
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return parse(isFindOrganizationsAnswer, await response.json()).organizations;
}

async function detail(app: AccountApp, admin: OperatorAccount, id: string) {
  const response = await adminGet(app, admin, `/api/admin/organizations/${id}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return parse(isGetOrganizationDetailAnswer, await response.json());
}

/** A member who signed up by the owner's invitation, signed in. */
async function member(app: AccountApp, owner: SignedInAccount, email = uniqueEmail()) {
  const auth = await (
    await signUpByLink(app, await invite(app, owner, email))
  ).json<AuthResponse>();
  return { email, auth, ...credentials(auth.token) };
}

const kinds = (picture: OrganizationDetail) => picture.activity.map((row) => row.kind);

describe('organizations in the console', () => {
  it('finds an organization by its name, a member, the owner and a license key', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { id, owner } = await organization(app, admin);
    app.clock.advance(60);
    const other = await organization(app, admin);
    const joined = await member(app, owner);
    const picture = await detail(app, admin, id);
    const name = picture.organization.name;

    const byName = await find(app, admin, name.slice(0, 8).toUpperCase());
    expect(byName.map((hit) => hit.id)).toEqual(expect.arrayContaining([id, other.id]));
    const exact = await find(app, admin, name);
    expect(exact).toEqual([expect.objectContaining({ id, matchedBy: 'name', seatsTaken: 1 })]);
    expect(await find(app, admin, joined.email.toUpperCase())).toEqual([
      expect.objectContaining({ id, matchedBy: 'member e-mail' }),
    ]);
    expect(await find(app, admin, owner.form.email)).toEqual([
      expect.objectContaining({ id, matchedBy: 'owner e-mail', ownerEmail: owner.form.email }),
    ]);
    // A key as a customer reads it out: lower case, no dashes.
    const key = joined.auth.user.licenseKey.replaceAll('-', '').toLowerCase();
    expect(await find(app, admin, key)).toEqual([
      expect.objectContaining({ id, matchedBy: 'license key' }),
    ]);
    expect(await find(app, admin, 'No Such Firm')).toEqual([]);
    // Without a query: the newest first.
    const newest = await find(app, admin, '');
    expect(newest.findIndex((hit) => hit.id === other.id)).toBeLessThan(
      newest.findIndex((hit) => hit.id === id),
    );

    const long = await adminGet(app, admin, `/api/admin/organizations?q=${'x'.repeat(201)}`);
    expect(long.status).toBe(400);
    const missing = await adminGet(app, admin, '/api/admin/organizations/not-an-organization');
    expect(missing.status).toBe(404);
  });

  it('shows the whole picture, and a change answers it with its audit row', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { id, owner } = await organization(app, admin, { seats: 3, deviceLimit: 2 });
    const joined = await member(app, owner);
    await activateOk(app, joined.auth.user.licenseKey, { deviceId: newDeviceId() });
    await ownerPost(app, owner, '/api/team/invitations', { email: uniqueEmail() });

    const before = await detail(app, admin, id);
    expect(before.organization).toMatchObject({
      ownerUserId: owner.auth.user.userId,
      ownerEmail: owner.form.email,
      seats: 3,
      seatsTaken: 1,
      invitationsOpen: 1,
      deviceLimit: 2,
      supportTier: 'priority',
      agreementRef: 'PO-2026-118',
    });
    expect(before.members).toEqual([
      expect.objectContaining({ email: joined.email, licenseStatus: 'active' }),
    ]);
    expect(before.members[0]?.devices).toHaveLength(1);
    expect(before.invitations).toHaveLength(1);
    expect(kinds(before)).toEqual(expect.arrayContaining(['activated', 'joined', 'invited']));
    expect(before.audit.map((row) => row.action)).toEqual(['create-organization']);

    const changed = await app.request(`/api/admin/organizations/${id}`, {
      method: 'PATCH',
      json: { seats: 5, notes: 'Second office joins in March', reason: 'Amendment 1 signed' },
      headers: { ...admin.browser, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const result = parse(isUpdateOrganizationAnswer, await changed.json());
    expect(result.detail.organization).toMatchObject({
      seats: 5,
      notes: 'Second office joins in March',
      // Fields not sent keep their value.
      deviceLimit: 2,
      agreementRef: 'PO-2026-118',
    });
    const [row] = result.detail.audit;
    expect(row).toMatchObject({ action: 'update-organization', reason: 'Amendment 1 signed' });
    expect(JSON.parse(row?.before ?? '{}')).toMatchObject({ seats: 3 });
    expect(JSON.parse(row?.after ?? '{}')).toMatchObject({ seats: 5 });
    expect(kinds(result.detail)).toContain('seats-changed');

    // Seats never go below the members the team has.
    const below = await app.request(`/api/admin/organizations/${id}`, {
      method: 'PATCH',
      json: { seats: 0, reason: 'Typo' },
      headers: { ...admin.browser, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(below.status).toBe(400);

    const invited = await adminPost(app, admin, `/api/admin/organizations/${id}/team`, {
      action: 'team-invite',
      email: uniqueEmail(),
      reason: 'Owner asked by phone',
    });
    expect(invited.status, await invited.clone().text()).toBe(200);
    const team = parse(isUpdateOrganizationAnswer, await invited.json());
    expect(team.message).toBe('The invitation has been sent.');
    expect(team.detail.invitations).toHaveLength(2);
    expect(team.detail.audit[0]).toMatchObject({ action: 'team-invite' });
  });

  it("writes members' sign-ins to the feed, and a freed device once", async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { id, owner } = await organization(app, admin);
    const joined = await member(app, owner);
    const signedIn = await app.post('/api/login', {
      email: joined.email,
      password: 'girder-span-2026',
    });
    expect(signedIn.status).toBe(200);
    // The owner is no member: their sign-in is not the team's.
    await app.post('/api/login', { email: owner.form.email, password: owner.form.password });

    const deviceName = 'DRAFTING-07';
    await activateOk(app, joined.auth.user.licenseKey, { deviceId: newDeviceId(), deviceName });
    const picture = await detail(app, admin, id);
    const signIns = picture.activity.filter((row) => row.kind === 'signed-in');
    expect(signIns).toEqual([
      expect.objectContaining({ userId: joined.auth.user.userId, detail: 'with password' }),
    ]);

    const deviceId = picture.members[0]?.devices[0]?.id ?? '';
    app.clock.advance(60);
    const freed = await ownerPost(app, owner, `/api/team/devices/${deviceId}/free`);
    expect(freed.status, await freed.clone().text()).toBe(200);
    const after = await detail(app, admin, id);
    const about = after.activity.filter((row) => row.detail === deviceName);
    expect(about.map((row) => row.kind)).toEqual(['device-freed', 'activated']);
  });

  it('a Standard subscriber confirms, joins, and the subscription ends at period end', async () => {
    const world = billingWorld();
    const { app } = world;
    const admin = await operator(app);
    const { id, owner } = await organization(app, admin, { seats: 1 });
    const { account } = await upgradedAccount(world);
    const userId = account.auth.user.userId;
    const token = await invite(app, owner, account.form.email);
    const accept = (confirmCancelStandard?: boolean) =>
      app.request(`/api/invitations/${token}/accept`, {
        method: 'POST',
        json: confirmCancelStandard === undefined ? {} : { confirmCancelStandard },
        headers: account.browser,
      });

    const unconfirmed = await accept();
    expect(unconfirmed.status).toBe(409);
    expect(await unconfirmed.json()).toMatchObject({ code: 'CONFIRMATION_REQUIRED' });
    expect((await billingRows(userId)).subscriptions[0]).toMatchObject({
      status: 'active',
      cancel_at_period_end: 0,
    });

    const confirmed = await accept(true);
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    const rows = await billingRows(userId);
    expect(rows.plan).toBe('Enterprise');
    expect(rows.subscriptions[0]).toMatchObject({ cancel_at_period_end: 1 });
    expect(rows.licenses.find((license) => license.plan === 'Enterprise')).toMatchObject({
      status: 'active',
    });
    expect((await detail(app, admin, id)).members.map((who) => who.userId)).toEqual([userId]);
  });

  it('refuses a Standard subscriber when no seat is free, without ending the subscription', async () => {
    const world = billingWorld();
    const { app } = world;
    const admin = await operator(app);
    const { id, owner } = await organization(app, admin, { seats: 2 });
    const { account } = await upgradedAccount(world);
    const token = await invite(app, owner, account.form.email);
    await member(app, owner);
    // The agreement shrinks to the one member while the invitation is open.
    const shrink = await app.request(`/api/admin/organizations/${id}`, {
      method: 'PATCH',
      json: { seats: 1, reason: 'Renegotiated' },
      headers: { ...admin.browser, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(shrink.status, await shrink.clone().text()).toBe(200);

    const refused = await app.request(`/api/invitations/${token}/accept`, {
      method: 'POST',
      json: { confirmCancelStandard: true },
      headers: account.browser,
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'NO_SEATS' });
    const rows = await billingRows(account.auth.user.userId);
    expect(rows.plan).toBe('Standard');
    expect(rows.subscriptions[0]).toMatchObject({ status: 'active', cancel_at_period_end: 0 });
  });
});
