import { describe, expect, it } from 'vitest';
import { Messages, TeamMessages } from '../../src/contract/messages';
import type { TeamMemberDevices, TeamOverview, TeamPeoplePage } from '../../src/contract/team';
import type { AuthResponse } from '../../src/contract/user';
import {
  accountApp,
  credentials,
  queryAll,
  signUpTrial,
  uniqueEmail,
  type SignedInAccount,
} from './account-helpers';
import { adminGet, adminPost, operator } from './admin-helpers';
import { runJobsAt } from './cron-helpers';
import { ORIGIN } from './helpers';
import { activate, activateOk, DAY_MS, licensee, newDeviceId, validate } from './licenses-helpers';
import {
  day,
  invite,
  organization,
  ownerPost,
  signUpByLink,
  tokenMailedTo,
} from './organizations-helpers';

describe('Enterprise organizations', () => {
  it('invites within the seats, a member signs up by the link and gets 3 devices, not 4', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { owner } = await organization(app, admin, { seats: 2, deviceLimit: 3 });
    const first = uniqueEmail();
    const second = uniqueEmail();

    const token = await invite(app, owner, first);
    await invite(app, owner, second);
    const third = await ownerPost(app, owner, '/api/team/invitations', { email: uniqueEmail() });
    expect(third.status).toBe(409);
    expect(await third.json()).toMatchObject({ code: 'NO_SEATS' });

    const preview = await app.request(`/api/invitations/${token}`);
    expect(await preview.json()).toMatchObject({ email: first, hasAccount: false });
    const joined = await signUpByLink(app, token);
    expect(joined.status, await joined.clone().text()).toBe(200);
    const auth = await joined.json<AuthResponse>();
    expect(auth.user).toMatchObject({ plan: 'Enterprise', email: first, licenseStatus: 'active' });

    const key = auth.user.licenseKey;
    for (let i = 0; i < 3; i += 1) await activateOk(app, key, { deviceId: newDeviceId() });
    const fourth = await activate(app, key, { deviceId: newDeviceId() });
    expect(fourth.status).toBe(403);
    expect(await fourth.json()).toMatchObject({ code: 'TOO_MANY_DEVICES' });

    const team = await (
      await app.request('/api/team', { headers: owner.browser })
    ).json<TeamOverview>();
    expect(team.organization).toMatchObject({ seatsTaken: 1, invitationsOpen: 1 });
    const { people } = await (
      await app.request('/api/team/members', { headers: owner.browser })
    ).json<TeamPeoplePage>();
    expect(people.map((row) => row.member?.email ?? row.invitation?.email)).toEqual([
      first,
      second,
    ]);
    expect(people[0]?.member?.devicesInUse).toBe(3);
    const devices = await app.request(`/api/team/members/${auth.user.userId}/devices`, {
      headers: owner.browser,
    });
    expect((await devices.json<TeamMemberDevices>()).devices).toHaveLength(3);

    const feed = await app.request('/api/team/activity', { headers: owner.browser });
    const { activity } = await feed.json<{ activity: { kind: string; member: string }[] }>();
    expect(activity.filter((a) => a.kind === 'activated')).toHaveLength(3);
    expect(activity.map((a) => a.kind)).toEqual(expect.arrayContaining(['joined', 'invited']));
    const csv = await app.request('/api/team/activity.csv', { headers: owner.browser });
    expect(csv.headers.get('Content-Type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('"Time (UTC)","Member","Event","Detail"');
    expect(text).toContain(`"${first}","activated"`);
  });

  it("enforces the organization's devices per seat on activation, and a changed limit at once", async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { id, owner } = await organization(app, admin, { seats: 2, deviceLimit: 2 });
    const joined = await signUpByLink(app, await invite(app, owner, uniqueEmail()));
    const key = (await joined.json<AuthResponse>()).user.licenseKey;
    const refused = async () => {
      const response = await activate(app, key, { deviceId: newDeviceId() });
      expect(response.status).toBe(403);
      const body = await response.json<{ code: string; message: string; devices: unknown[] }>();
      expect(body).toMatchObject({ code: 'TOO_MANY_DEVICES', message: Messages.tooManyDevices });
      return body.devices;
    };

    // Two devices per seat: the first two activate, the third is refused naming both.
    await activateOk(app, key, { deviceId: newDeviceId() });
    await activateOk(app, key, { deviceId: newDeviceId() });
    expect(await refused()).toHaveLength(2);

    // The operator raises the agreement to three: the third activates, a fourth is refused.
    const raise = await app.request(`/api/admin/organizations/${id}`, {
      method: 'PATCH',
      json: { deviceLimit: 3, reason: 'Amendment 2: three devices per seat' },
      headers: { ...admin.browser, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(raise.status, await raise.clone().text()).toBe(200);
    await activateOk(app, key, { deviceId: newDeviceId() });
    expect(await refused()).toHaveLength(3);
  });

  it('never gives more members than seats, whatever accepts at once', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { id, owner } = await organization(app, admin, { seats: 2 });
    const tokens = [
      await invite(app, owner, uniqueEmail()),
      await invite(app, owner, uniqueEmail()),
    ];
    // The agreement shrinks to one seat while both invitations are open.
    const shrink = await app.request(`/api/admin/organizations/${id}`, {
      method: 'PATCH',
      json: { seats: 1, reason: 'Renegotiated' },
      headers: { ...admin.browser, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(shrink.status, await shrink.clone().text()).toBe(200);

    const answers = await Promise.all(tokens.map((token, i) => signUpByLink(app, token, `M ${i}`)));

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const members = await queryAll<{ n: number }>(
      'SELECT count(*) AS n FROM organization_members WHERE organization_id = ? AND removed_at IS NULL',
      id,
    );
    expect(members[0]?.n).toBe(1);
    // The refused one left no account behind.
    const accounts = await queryAll<{ n: number }>(
      "SELECT count(*) AS n FROM users WHERE customer_name IN ('M 0', 'M 1')",
    );
    expect(accounts[0]?.n).toBe(1);
  });

  it('refuses an expired, a used and a withdrawn invitation, each with its reason', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { owner } = await organization(app, admin, { seats: 5 });
    const expired = await invite(app, owner, uniqueEmail());
    const used = await invite(app, owner, uniqueEmail());
    const withdrawnEmail = uniqueEmail();
    const withdrawn = await invite(app, owner, withdrawnEmail);

    expect((await signUpByLink(app, used)).status).toBe(200);
    const again = await signUpByLink(app, used);
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ message: TeamMessages.invitationUsed });

    const { people } = await (
      await app.request('/api/team/members?status=invited', { headers: owner.browser })
    ).json<TeamPeoplePage>();
    const open = people.find((row) => row.invitation?.email === withdrawnEmail)?.invitation;
    const revoke = await app.request(`/api/team/invitations/${open?.id}`, {
      method: 'DELETE',
      headers: owner.browser,
    });
    expect(revoke.status).toBe(200);
    expect(await (await app.request(`/api/invitations/${withdrawn}`)).json()).toMatchObject({
      message: TeamMessages.invitationRevoked,
    });

    app.clock.advance(8 * 24 * 60 * 60);
    const late = await app.request(`/api/invitations/${expired}`);
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ message: TeamMessages.invitationExpired });
    expect((await app.request('/api/invitations/not-a-real-token-at-all-123')).status).toBe(410);
  });

  it('an existing Trial joins with its user id; its old key is REVOKED; removal revokes the new one', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { owner } = await organization(app, admin);
    const trial = await licensee(app);
    const oldDevice = newDeviceId();
    await activateOk(app, trial.key, { deviceId: oldDevice });
    const token = await invite(app, owner, trial.account.form.email);

    const preview = await app.request(`/api/invitations/${token}`);
    expect(await preview.json()).toMatchObject({ hasAccount: true });
    const accepted = await app.request(`/api/invitations/${token}/accept`, {
      method: 'POST',
      json: {},
      headers: trial.account.browser,
    });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect((await validate(app, trial.key, oldDevice)).status).toBe('REVOKED');
    const { user } = await (
      await app.request('/api/me', { headers: trial.account.bearer })
    ).json<{
      user: AuthResponse['user'];
    }>();
    expect(user).toMatchObject({ userId: trial.userId, plan: 'Enterprise' });
    const enterpriseKey = user.licenseKey;
    const device = newDeviceId();
    await activateOk(app, enterpriseKey, { deviceId: device });

    const removed = await app.request(`/api/team/members/${trial.userId}`, {
      method: 'DELETE',
      headers: owner.browser,
    });
    expect(removed.status).toBe(200);
    expect((await validate(app, enterpriseKey, device)).status).toBe('REVOKED');
  });

  it('refuses a member of another organization and an invitation opened by another account', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const one = await organization(app, admin);
    const two = await organization(app, admin);
    const email = uniqueEmail();
    const joined = await signUpByLink(app, await invite(app, one.owner, email));
    const auth = await joined.json<AuthResponse>();
    const member = credentials(auth.token);

    const token = await invite(app, two.owner, email);
    const refused = await app.request(`/api/invitations/${token}/accept`, {
      method: 'POST',
      json: {},
      headers: member.browser,
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'ALREADY_MEMBER' });

    const stranger = await signUpTrial(app);
    const other = await app.request(`/api/invitations/${token}/accept`, {
      method: 'POST',
      json: {},
      headers: stranger.browser,
    });
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ message: TeamMessages.invitationOtherAccount });
    // A member is not an owner: the team page is the owner's.
    expect((await app.request('/api/team', { headers: member.browser })).status).toBe(403);
  });

  it('ends every license with the term, and extending the term brings them back', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { id, owner } = await organization(app, admin, { termDays: 30 });
    const auth = await (
      await signUpByLink(app, await invite(app, owner, uniqueEmail()))
    ).json<AuthResponse>();
    const device = newDeviceId();
    await activateOk(app, auth.user.licenseKey, { deviceId: device });

    const after = app.clock.now + 31 * DAY_MS;
    await runJobsAt(after);
    app.clock.advance(31 * 24 * 60 * 60);
    expect((await validate(app, auth.user.licenseKey, device)).status).toBe('EXPIRED');
    const [license] = await queryAll<{ status: string }>(
      'SELECT status FROM licenses WHERE license_key = ?',
      auth.user.licenseKey,
    );
    expect(license?.status).toBe('expired');

    const admin2 = await operator(app);
    const extend = await app.request(`/api/admin/organizations/${id}`, {
      method: 'PATCH',
      json: { termEnd: day(app.clock.now + 365 * DAY_MS), reason: 'Renewed for a year' },
      headers: { ...admin2.browser, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(extend.status, await extend.clone().text()).toBe(200);
    expect((await validate(app, auth.user.licenseKey, device)).status).toBe('VALID');
    const detail = await adminGet(app, admin2, `/api/admin/organizations/${id}`);
    expect(detail.status).toBe(200);
  });

  it('transfers ownership to a member', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { owner } = await organization(app, admin);
    const auth = await (
      await signUpByLink(app, await invite(app, owner, uniqueEmail()))
    ).json<AuthResponse>();
    const member = credentials(auth.token);

    const stranger = await signUpTrial(app);
    const notMember = await ownerPost(app, owner, '/api/team/transfer', {
      userId: stranger.auth.user.userId,
    });
    expect(notMember.status).toBe(404);
    const self = await ownerPost(app, owner, '/api/team/transfer', {
      userId: owner.auth.user.userId,
    });
    expect(self.status).toBe(409);
    expect((await self.json<{ message: string }>()).message).toBe(TeamMessages.transferToSelf);
    const moved = await ownerPost(app, owner, '/api/team/transfer', { userId: auth.user.userId });
    expect(moved.status).toBe(200);
    expect((await app.request('/api/team', { headers: member.browser })).status).toBe(200);
    expect((await app.request('/api/team', { headers: owner.browser })).status).toBe(403);
    const card = await app.request('/api/organization', { headers: member.browser });
    expect(await card.json()).toMatchObject({ organization: { isOwner: true, isMember: true } });
  });

  it('lets an operator act for the owner, each action audited', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { id } = await organization(app, admin, { seats: 2 });
    const team = (json: Record<string, unknown>) =>
      adminPost(app, admin, `/api/admin/organizations/${id}/team`, {
        reason: 'Owner asked by phone',
        ...json,
      });
    const email = uniqueEmail();

    expect((await team({ action: 'team-invite', email })).status).toBe(200);
    const auth = await (await signUpByLink(app, tokenMailedTo(app, email))).json<AuthResponse>();
    const device = newDeviceId();
    await activateOk(app, auth.user.licenseKey, { deviceId: device });
    const removed = await team({ action: 'team-remove-member', userId: auth.user.userId });
    expect(removed.status, await removed.clone().text()).toBe(200);
    expect((await validate(app, auth.user.licenseKey, device)).status).toBe('REVOKED');
    const again = await team({ action: 'team-remove-member', userId: auth.user.userId });
    expect(again.status).toBe(404);

    const audit = await queryAll<{ action: string; reason: string }>(
      'SELECT action, reason FROM audit_log WHERE subject = ? ORDER BY rowid',
      `organization:${id}`,
    );
    expect(audit.map((row) => row.action)).toEqual([
      'create-organization',
      'team-invite',
      'team-remove-member',
    ]);
    expect(audit[1]?.reason).toBe('Owner asked by phone');
    const noReason = await adminPost(app, admin, `/api/admin/organizations/${id}/team`, {
      action: 'team-invite',
      email: uniqueEmail(),
    });
    expect(noReason.status).toBe(400);
  });

  it('refuses the console calls to customers, and creating without an owner account', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const customer = await signUpTrial(app);
    const create = (who: SignedInAccount, ownerEmail: string) =>
      app.request('/api/admin/organizations', {
        method: 'POST',
        json: {
          name: 'Nobody Ltd',
          ownerEmail,
          seats: 1,
          deviceLimit: 1,
          termStart: '2026-01-01',
          termEnd: '2027-01-01',
          supportTier: 'standard',
          reason: 'Test',
        },
        headers: { ...who.browser, Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' },
      });
    expect((await create(customer, customer.form.email)).status).toBe(403);
    const missing = await create(admin, uniqueEmail());
    expect(missing.status).toBe(404);
  });
});
