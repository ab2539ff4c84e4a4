import { describe, expect, it } from 'vitest';
import type { TeamUtilization } from '../../src/contract/team';
import type { AuthResponse } from '../../src/contract/user';
import { accountApp, credentials, queryAll, signUpTrial, uniqueEmail } from './account-helpers';
import type { AccountApp, SignedInAccount } from './account-helpers';
import { operator } from './admin-helpers';
import { quietCronLogs, recordingMailer, runJobsAt } from './cron-helpers';
import { activateOk, DAY_MS, newDeviceId } from './licenses-helpers';
import { invite, organization, signUpByLink } from './organizations-helpers';
import { seedUsageRow } from './usage-helpers';

const HOUR_MS = 60 * 60 * 1000;

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
  return {
    email,
    userId: auth.user.userId,
    licenseId: row.licenseId,
    key: auth.user.licenseKey,
    ...credentials(auth.token),
  };
}

/** The owner signed in again (a session lasts less than the weeks these tests skip). */
async function signIn(app: AccountApp, who: SignedInAccount) {
  const response = await app.post('/api/login', {
    email: who.form.email,
    password: who.form.password,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return credentials((await response.json<AuthResponse>()).token);
}

function utilization(app: AccountApp, who: { browser: Record<string, string> }, days = 90) {
  return app.request(`/api/team/utilization?days=${days}`, { headers: who.browser });
}

/**
 * An organization of 4 seats and 3 devices per seat, from 1 March 2026 (START): Alma and Bruno
 * join on 1 March, Alma activates two devices, Carla joins on 3 March; snapshots are taken on 2
 * and 3 March. Usage: Alma 100 Renumber Views on 5 March and 5 + 2 Sheet Notes on 8 April,
 * Carla 4 Sheet Notes on 10 March, Bruno nothing.
 */
async function seededTeam() {
  const app = accountApp();
  const admin = await operator(app);
  const { id, owner } = await organization(app, admin, { seats: 4, deviceLimit: 3 });
  const alma = await join(app, owner, 'Alma Grant');
  const bruno = await join(app, owner, 'Bruno Keller');
  const device = newDeviceId();
  await activateOk(app, alma.key, { deviceId: device });
  await activateOk(app, alma.key, { deviceId: newDeviceId() });
  await runJobsAt(app.clock.now + DAY_MS);
  app.clock.advance(2 * 24 * 60 * 60);
  const carla = await join(app, owner, 'Carla Stone');
  await runJobsAt(app.clock.now + HOUR_MS);
  await seedUsageRow(alma, device, '2026-03-05', { renumber_views: 100 });
  await seedUsageRow(alma, device, '2026-04-08', { renumber_views: 5, sheet_notes: 2 });
  await seedUsageRow(carla, 'carla-pc', '2026-03-10', { sheet_notes: 4 });
  return { app, id, owner, alma, bruno, carla, admin };
}

describe('Team utilization', () => {
  quietCronLogs();

  it('shows seats over time, devices against the limit, last activity, features and idle members', async () => {
    const { app, owner: signedUp, alma, bruno, carla } = await seededTeam();
    // 10 April 2026, 12:00 UTC: 40 days after START.
    app.clock.now = Date.UTC(2026, 3, 10, 12);
    const owner = await signIn(app, signedUp);

    const response = await utilization(app, owner, 90);
    expect(response.status, await response.clone().text()).toBe(200);
    const view = await response.json<TeamUtilization>();
    expect(view).toMatchObject({ days: 90, to: '2026-04-10', idleDays: 30, featureDays: 30 });
    expect(view.history).toEqual([
      { day: '2026-03-02', seatsUsed: 2, seats: 4, devicesInUse: 2, devicesAllowed: 6 },
      { day: '2026-03-03', seatsUsed: 3, seats: 4, devicesInUse: 2, devicesAllowed: 9 },
      { day: '2026-04-10', seatsUsed: 3, seats: 4, devicesInUse: 2, devicesAllowed: 9 },
    ]);
    const byEmail = new Map(view.members.map((member) => [member.email, member]));
    // Alma: last activity is the usage day of 8 April (her devices were last seen on 1 March);
    // only the use of the last 30 days counts.
    expect(byEmail.get(alma.email)).toMatchObject({
      customerName: 'Alma Grant',
      lastActivityAt: '2026-04-08T00:00:00.000Z',
      devicesInUse: 2,
      features: [5, 0, 0, 2, 0, 0, 0, 0, 0],
      idle: false,
    });
    // Bruno never used the plugin and joined 40 days ago; Carla's last use was 31 days ago.
    expect(byEmail.get(bruno.email)).toMatchObject({ lastActivityAt: null, idle: true });
    expect(byEmail.get(carla.email)).toMatchObject({
      lastActivityAt: '2026-03-10T00:00:00.000Z',
      devicesInUse: 0,
      features: [0, 0, 0, 0, 0, 0, 0, 0, 0],
      idle: true,
    });

    const month = await (await utilization(app, owner, 30)).json<TeamUtilization>();
    expect(month.from).toBe('2026-03-12');
    expect(month.history.map((row) => row.day)).toEqual(['2026-04-10']);
  });

  it('counts a member who joined recently as idle only after 30 days', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { owner: signedUp } = await organization(app, admin, { seats: 3 });
    const fresh = await join(app, signedUp, 'Dana Fresh');
    app.clock.advance(29 * 24 * 60 * 60);
    const owner = await signIn(app, signedUp);
    let view = await (await utilization(app, owner, 30)).json<TeamUtilization>();
    expect(view.members.find((m) => m.email === fresh.email)?.idle).toBe(false);
    app.clock.advance(24 * 60 * 60);
    view = await (await utilization(app, owner, 30)).json<TeamUtilization>();
    expect(view.members.find((m) => m.email === fresh.email)?.idle).toBe(true);
  });

  it('is for the owner only, and refuses a bad period with a plain message', async () => {
    const { app, owner, alma } = await seededTeam();
    const stranger = await signUpTrial(app);
    for (const path of ['/api/team/utilization', '/api/team/utilization.csv']) {
      expect((await app.request(path, { headers: alma.browser })).status).toBe(403);
      expect((await app.request(path, { headers: stranger.browser })).status).toBe(403);
      expect((await app.request(path)).status).toBe(401);
      expect((await app.request(path, { method: 'POST', headers: owner.browser })).status).toBe(
        405,
      );
    }
    const bad = await app.request('/api/team/utilization?days=7', { headers: owner.browser });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Days must be one of 30, 90, 365.',
    });
    expect((await utilization(app, owner, 365)).status).toBe(200);
  });

  it('exports one CSV row per member of this organization only, escaped', async () => {
    const { app, owner: signedUp, alma, bruno } = await seededTeam();
    const other = await seededTeam();
    app.clock.now = Date.UTC(2026, 3, 10, 12);
    const owner = await signIn(app, signedUp);
    await queryAll(
      'UPDATE users SET customer_name = ? WHERE id = ?',
      '=HYPERLINK("http://x"),\nsecond line',
      bruno.userId,
    );
    const response = await app.request('/api/team/utilization.csv', { headers: owner.browser });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe(
      'attachment; filename="team-utilization-2026-04-10.csv"',
    );
    const text = await response.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      '"Name","E-mail","Joined (UTC)","Last activity (UTC)","Devices in use",' +
        '"Renumber Views (last 30 days)","Schedule Link (last 30 days)","General Notes (last 30 days)",' +
        '"Sheet Notes (last 30 days)","Legend Views from Word (last 30 days)",' +
        '"Dummy Schedules (last 30 days)","Drafting Export (last 30 days)","CAD Import (last 30 days)",' +
        '"Wipe Model (last 30 days)","Idle 30+ days"',
    );
    expect(text).toContain(
      `"Alma Grant","${alma.email}","2026-03-01T12:00:00.000Z","2026-04-08T00:00:00.000Z","2","5","0","0","2","0","0","0","0","0","No"\r\n`,
    );
    // A formula is defused with a quote; quotes doubled; the comma and newline stay inside.
    expect(text).toContain(
      `"'=HYPERLINK(""http://x""),\nsecond line","${bruno.email}","2026-03-01T12:00:00.000Z","","0",`,
    );
    expect(text).not.toContain(other.alma.email);
    expect(text.endsWith('"Yes"\r\n')).toBe(true);
  });

  it('mails the monthly usage report once per organization and month', async () => {
    const { id, owner } = await seededTeam();
    const april2 = Date.UTC(2026, 3, 2, 5);
    const mailer = recordingMailer();
    await runJobsAt(april2, mailer);
    await runJobsAt(april2 + HOUR_MS, mailer);
    const reports = mailer.sent.filter(
      (m) => m.to === owner.form.email && m.subject.includes('in March 2026'),
    );
    expect(reports).toHaveLength(1);
    const text = reports[0]?.text ?? '';
    expect(text).toContain('Seats: 3 of 4 seats used (the most at one time).');
    expect(text).toContain('Active members: 2 of 3 used the plugin.');
    expect(text).toContain('Idle members: 1 did not use it during the month.');
    expect(text).toContain('Most used: Renumber Views (100 uses), Sheet Notes (4 uses).');
    expect(text).toContain('/dashboard/team');
    const rows = await queryAll<{ n: number }>(
      'SELECT count(*) AS n FROM outbox WHERE dedupe_key = ?',
      `team-usage-report:${id}:2026-03`,
    );
    expect(rows[0]?.n).toBe(1);
    // Past the first days of the month, nothing more.
    await runJobsAt(Date.UTC(2026, 3, 9, 5), mailer);
    expect(
      mailer.sent.filter((m) => m.to === owner.form.email && m.tag === 'team-usage-report'),
    ).toHaveLength(1);
  });

  it('mails the owner once when 90% of the seats are in use, and again after falling below', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { id, owner } = await organization(app, admin, { seats: 2 });
    const alerts = () =>
      app.mail.filter((m) => m.to === owner.form.email && m.tag === 'seats-almost-full');
    await join(app, owner, 'First Member');
    expect(alerts()).toHaveLength(0);
    const second = await join(app, owner, 'Second Member');
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]?.text).toContain('now has 2 members on 2 seats bought, so 0 seats are left');

    const mailer = recordingMailer();
    await runJobsAt(app.clock.now + HOUR_MS, mailer);
    expect(mailer.sent.filter((m) => m.tag === 'seats-almost-full')).toHaveLength(0);

    const removed = await app.request(`/api/team/members/${second.userId}`, {
      method: 'DELETE',
      headers: owner.browser,
    });
    expect(removed.status).toBe(200);
    await runJobsAt(app.clock.now + 2 * HOUR_MS, mailer);
    const [mark] = await queryAll<{ at: number | null }>(
      'SELECT seat_alert_at AS at FROM organizations WHERE id = ?',
      id,
    );
    expect(mark?.at).toBeNull();

    await join(app, owner, 'Third Member');
    expect(alerts()).toHaveLength(2);
    await runJobsAt(app.clock.now + 3 * HOUR_MS, mailer);
    expect(mailer.sent.filter((m) => m.tag === 'seats-almost-full')).toHaveLength(0);
  });

  it('mails by the cron when an operator lowers the seats to 90% in use', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { id, owner } = await organization(app, admin, { seats: 10 });
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) await join(app, owner, name);
    const lowered = await app.request(`/api/admin/organizations/${id}`, {
      method: 'PATCH',
      json: { seats: 5, reason: 'Fewer seats agreed' },
      headers: { ...admin.browser, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(lowered.status, await lowered.clone().text()).toBe(200);
    const mailer = recordingMailer();
    await runJobsAt(app.clock.now + HOUR_MS, mailer);
    await runJobsAt(app.clock.now + 2 * HOUR_MS, mailer);
    const sent = mailer.sent.filter(
      (m) => m.to === owner.form.email && m.tag === 'seats-almost-full',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toContain('is using 5 of 5');
  });
});
