// The team table's members (GET /api/team/members): last activity and idle, kept on the member
// rows by triggers, agree with the Utilization section's (one rule: services/organizations/idle.ts),
// for a device seen, a day with a command used (a day counted 0 is no use), a month once days are
// folded, a freed device and nobody at all; GET /api/team's figures count the same rows.
import { describe, expect, it } from 'vitest';
import type { TeamOverview, TeamPeoplePage, TeamUtilization } from '../../src/contract/team';
import type { AuthResponse } from '../../src/contract/user';
import { accountApp, credentials, queryAll, uniqueEmail } from './account-helpers';
import type { AccountApp, SignedInAccount } from './account-helpers';
import { operator } from './admin-helpers';
import { quietCronLogs } from './cron-helpers';
import { activateOk, newDeviceId } from './licenses-helpers';
import { invite, organization, ownerPost, signUpByLink } from './organizations-helpers';
import { seedUsageMonth, seedUsageRow } from './usage-helpers';

/** A member who joined by the invitation link: their session and Enterprise license. */
async function join(app: AccountApp, owner: SignedInAccount, name: string) {
  const email = uniqueEmail();
  const response = await signUpByLink(app, await invite(app, owner, email), name);
  expect(response.status, await response.clone().text()).toBe(200);
  const auth = await response.json<AuthResponse>();
  const [row] = await queryAll<{ licenseId: string }>(
    'SELECT license_id AS licenseId FROM organization_members WHERE user_id = ?',
    auth.user.userId,
  );
  if (!row) throw new Error('no member row');
  return { email, userId: auth.user.userId, licenseId: row.licenseId, key: auth.user.licenseKey };
}

/** The owner signed in again (a session lasts less than the weeks this test skips). */
async function signIn(app: AccountApp, who: SignedInAccount): Promise<SignedInAccount> {
  const response = await app.post('/api/login', {
    email: who.form.email,
    password: who.form.password,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return { ...who, ...credentials((await response.json<AuthResponse>()).token) };
}

describe("The owner's team overview", () => {
  quietCronLogs();

  it("gives each member the Utilization section's last activity and idle, and lists open invitations", async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { owner: signedUp } = await organization(app, admin, { seats: 6, deviceLimit: 3 });
    // 1 March 2026: Alma, Bruno and Carla join; Alma activates a device (seen on 1 March).
    const alma = await join(app, signedUp, 'Alma Grant');
    const bruno = await join(app, signedUp, 'Bruno Keller');
    const carla = await join(app, signedUp, 'Carla Stone');
    const almaPc = newDeviceId();
    await activateOk(app, alma.key, { deviceId: almaPc });
    // Alma used a command on 8 April; the row of 9 April counts nothing. Carla's use is folded
    // into March (a month row, no day kept) on a device since freed.
    await seedUsageRow(alma, almaPc, '2026-04-08', { sheet_notes: 2 });
    await seedUsageRow(alma, almaPc, '2026-04-09', { sheet_notes: 0 });
    await seedUsageMonth(carla, 'carla-pc', '2026-03-10', { sheet_notes: 4 });
    // 1 April: Dana joins and activates a device, which the owner frees on 5 April.
    app.clock.now = Date.UTC(2026, 3, 1, 9);
    let owner = await signIn(app, signedUp);
    const dana = await join(app, owner, 'Dana Fresh');
    app.clock.now = Date.UTC(2026, 3, 5, 9);
    await activateOk(app, dana.key, { deviceId: newDeviceId() });
    const [danaRow] = await queryAll<{ id: string }>(
      'SELECT id FROM devices WHERE license_id = ? AND deactivated_at IS NULL',
      dana.licenseId,
    );
    owner = await signIn(app, signedUp);
    const freed = await ownerPost(app, owner, `/api/team/devices/${danaRow?.id}/free`);
    expect(freed.status, await freed.clone().text()).toBe(200);
    const invited = uniqueEmail();
    await invite(app, owner, invited);

    // 10 April 2026, 12:00 UTC.
    app.clock.now = Date.UTC(2026, 3, 10, 12);
    owner = await signIn(app, signedUp);
    const response = await app.request('/api/team/members', { headers: owner.browser });
    expect(response.status, await response.clone().text()).toBe(200);
    const page = await response.json<TeamPeoplePage>();
    const members = page.people.flatMap((row) => (row.member ? [row.member] : []));
    const byEmail = new Map(members.map((member) => [member.email, member]));

    expect(byEmail.get(alma.email)).toMatchObject({
      lastActivityAt: '2026-04-08T00:00:00.000Z',
      idle: false,
      devicesInUse: 1,
    });
    // Her device, listed on demand as the Devices cell opens.
    const almaDevices = await app.request(`/api/team/members/${alma.userId}/devices`, {
      headers: owner.browser,
    });
    expect(await almaDevices.json()).toEqual({
      devices: [expect.objectContaining({ lastSeenAt: '2026-03-01T12:00:00.000Z' })],
    });
    expect(byEmail.get(bruno.email)).toMatchObject({ lastActivityAt: null, idle: true });
    expect(byEmail.get(carla.email)).toMatchObject({
      lastActivityAt: '2026-03-01T00:00:00.000Z',
      idle: true,
      devicesInUse: 0,
    });
    // A freed device still says when the member last worked.
    expect(byEmail.get(dana.email)).toMatchObject({
      lastActivityAt: '2026-04-05T09:00:00.000Z',
      idle: false,
      devicesInUse: 0,
    });
    expect(page.people.flatMap((row) => (row.invitation ? [row.invitation.email] : []))).toEqual([
      invited,
    ]);
    // Bruno and Carla idle; Alma and Dana active; the invitation last (no name).
    expect(page.people.map((row) => row.status)).toEqual([
      'active',
      'idle',
      'idle',
      'active',
      'invited',
    ]);
    expect(page.counts).toEqual({ all: 5, active: 2, idle: 2, invited: 1 });
    const overview = await (
      await app.request('/api/team', { headers: owner.browser })
    ).json<TeamOverview>();
    expect(overview.organization).toMatchObject({ seatsTaken: 4, invitationsOpen: 1 });

    // The same answers as the Utilization section's (members who joined together in either order).
    const byAddress = (a: { email: string }, b: { email: string }) =>
      a.email.localeCompare(b.email);
    const utilization = await (
      await app.request('/api/team/utilization?days=30', { headers: owner.browser })
    ).json<TeamUtilization>();
    expect(
      [...members].sort(byAddress).map(({ email, lastActivityAt, idle, devicesInUse }) => ({
        email,
        lastActivityAt,
        idle,
        devicesInUse,
      })),
    ).toEqual(
      [...utilization.members]
        .sort(byAddress)
        .map(({ email, lastActivityAt, idle, devicesInUse }) => ({
          email,
          lastActivityAt,
          idle,
          devicesInUse,
        })),
    );
  });
});
