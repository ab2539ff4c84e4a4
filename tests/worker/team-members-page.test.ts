// The owner's team table a page at a time (GET /api/team/members), through the real Worker and D1:
// a team of 250 members (seeded straight into D1, their devices too, so the triggers fill the
// member rows as the plugin's calls would) and a dozen open invitations. Pages of 50 with the
// totals per status, each column sorted both ways, the search, the status filter, refused
// parameters, another owner's team kept apart, and the rows after an owner's action.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { teamPageSize } from '../../src/config/limits';
import { TeamMessages } from '../../src/contract/messages';
import type {
  TeamMemberDevices,
  TeamMemberNames,
  TeamOverview,
  TeamPeoplePage,
  TeamPerson,
  TeamSortKey,
} from '../../src/contract/team';
import { usageDayColumns, usageMonthColumns } from '../../functions/db/schema';
import { accountApp, queryAll, signUpTrial, type AccountApp } from './account-helpers';
import type { SignedInAccount } from './account-helpers';
import { operator } from './admin-helpers';
import { DAY_MS } from './licenses-helpers';
import { organization, ownerPost } from './organizations-helpers';

const MEMBERS = 250;
const INVITATIONS = 12;
const HOUR = 3_600_000;

/** A seeded person as the table should show them. */
interface Seeded {
  email: string;
  name: string | null;
  status: 'active' | 'idle' | 'invited';
  lastActive: number | null;
  devices: number | null;
  since: number;
  userId?: string;
  invitationId?: string;
}

/**
 * MEMBERS members of organization `organizationId` and INVITATIONS open invitations (besides an
 * expired and a withdrawn one, which the table leaves out), written to D1 in batches. Every
 * seventh member (i % 7 = 3) joined 60 days ago and never worked: idle, never active; another
 * (i % 7 = 5) joined 90 days ago and last worked 45 days ago on a device since freed: idle; the
 * others work on 1 to 3 devices seen within the last days (every eleventh also has a freed one).
 */
async function seedTeam(app: AccountApp, organizationId: string, ownerId: string, tag: string) {
  const now = app.clock.now;
  const statements: D1PreparedStatement[] = [];
  const run = (sql: string, ...values: unknown[]) =>
    statements.push(env.DB.prepare(sql).bind(...values));
  const people: Seeded[] = [];
  const first = ['Ada', 'bruno', 'Carla', 'Dana', 'Emil', 'Freya', 'Gus', 'Helen', 'Ivo', 'Jana'];
  const last = ['Grant', 'Keller', 'stone', 'Weber', 'Nolan', 'Lund', 'Moreau', 'Oliver'];
  for (let i = 0; i < MEMBERS; i += 1) {
    const userId = crypto.randomUUID();
    const licenseId = crypto.randomUUID();
    const name = `${first[i % first.length]} ${last[Math.floor(i / first.length) % last.length]} ${i + 1}`;
    // Upper case now and then: the table sorts and searches e-mails in any case.
    const email = `${i % 5 === 0 ? 'M' : 'm'}${String(i + 1).padStart(3, '0')}.${tag}@team-page.example`;
    const kind = i % 7;
    const joined = now - (kind === 3 ? 60 : kind === 5 ? 90 : 10 + (i % 40)) * DAY_MS;
    run(
      `INSERT INTO users (id, customer_name, email, email_normalized, plan, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'Enterprise', ?, ?)`,
      userId,
      name,
      email,
      email.toLowerCase(),
      joined,
      joined,
    );
    run(
      `INSERT INTO licenses (id, user_id, license_key, plan, status, activated_at, expires_at, created_at)
       VALUES (?, ?, ?, 'Enterprise', 'active', ?, ?, ?)`,
      licenseId,
      userId,
      `SW-T${tag.slice(0, 4).toUpperCase()}-${String(i).padStart(5, '0')}`,
      joined,
      now + 300 * DAY_MS,
      joined,
    );
    run(
      `INSERT INTO organization_members (id, organization_id, user_id, license_id, joined_at)
       VALUES (?, ?, ?, ?, ?)`,
      crypto.randomUUID(),
      organizationId,
      userId,
      licenseId,
      joined,
    );
    const device = (seen: number, freed: boolean, n: number) =>
      run(
        `INSERT INTO devices (id, license_id, user_id, device_id, device_name, activated_at, last_seen_at, deactivated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        crypto.randomUUID(),
        licenseId,
        userId,
        `page-${tag}-${i}-${n}`,
        `WS-${i + 1}-${n}`,
        joined,
        seen,
        freed ? seen : null,
      );
    let lastActive: number | null = null;
    let inUse = 0;
    if (kind === 5) {
      lastActive = now - 45 * DAY_MS;
      device(lastActive, true, 0);
    } else if (kind !== 3) {
      inUse = 1 + (i % 3);
      for (let n = 0; n < inUse; n += 1) {
        const seen = now - ((i * 37 + n * 11) % 600) * 60_000 - n * HOUR;
        device(seen, false, n);
        lastActive = Math.max(lastActive ?? 0, seen);
      }
      if (i % 11 === 0) device(now - 20 * DAY_MS, true, 9);
    }
    people.push({
      email,
      name,
      status: kind === 3 || kind === 5 ? 'idle' : 'active',
      lastActive,
      devices: inUse,
      since: joined,
      userId,
    });
  }
  const invitation = (email: string, created: number, expires: number, revoked: number | null) => {
    const id = crypto.randomUUID();
    run(
      `INSERT INTO organization_invitations (id, organization_id, email, email_normalized, token_hash,
         invited_by, created_at, expires_at, last_sent_at, revoked_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      organizationId,
      email,
      email.toLowerCase(),
      crypto.randomUUID(),
      ownerId,
      created,
      expires,
      created,
      revoked,
    );
    return id;
  };
  for (let i = 0; i < INVITATIONS; i += 1) {
    const email = `invited${String(i + 1).padStart(2, '0')}.${tag}@team-page.example`;
    const created = now - (i + 1) * HOUR;
    const id = invitation(email, created, now + 6 * DAY_MS, null);
    people.push({
      email,
      name: null,
      status: 'invited',
      lastActive: null,
      devices: null,
      since: created,
      invitationId: id,
    });
  }
  invitation(`expired.${tag}@team-page.example`, now - 9 * DAY_MS, now - 2 * DAY_MS, null);
  invitation(`withdrawn.${tag}@team-page.example`, now - DAY_MS, now + 6 * DAY_MS, now - HOUR);
  for (let at = 0; at < statements.length; at += 400) {
    await env.DB.batch(statements.slice(at, at + 400));
  }
  return people;
}

/** The value a column sorts by (null last either way), and the text columns in any case. */
function sortValue(person: Seeded, key: TeamSortKey): string | number | null {
  switch (key) {
    case 'name':
      return person.name?.toLowerCase() ?? null;
    case 'email':
      return person.email.toLowerCase();
    case 'status':
      return ['active', 'idle', 'invited'].indexOf(person.status);
    case 'lastActive':
      return person.lastActive;
    case 'devices':
      return person.devices;
    case 'joined':
      return person.since;
  }
}

/** The table's order: by the column (nulls last), then by e-mail A to Z. */
function sorted(people: readonly Seeded[], key: TeamSortKey, dir: 'asc' | 'desc'): Seeded[] {
  const sign = dir === 'asc' ? 1 : -1;
  const byEmail = (a: Seeded, b: Seeded) =>
    a.email.toLowerCase() < b.email.toLowerCase() ? -1 : 1;
  return [...people].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === y) return byEmail(a, b);
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * (x < y ? -1 : 1);
  });
}

const emailOf = (row: TeamPerson) => row.member?.email ?? row.invitation?.email ?? '';

describe("The owner's team table, a page at a time", () => {
  let app: AccountApp;
  let owner: SignedInAccount;
  let people: Seeded[];
  let tag: string;

  const page = async (query = '') => {
    const response = await app.request(`/api/team/members${query}`, { headers: owner.browser });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json<TeamPeoplePage>();
  };

  beforeAll(async () => {
    app = accountApp();
    const admin = await operator(app);
    const team = await organization(app, admin, { seats: 300, deviceLimit: 3 });
    owner = team.owner;
    tag = crypto.randomUUID().slice(0, 8);
    people = await seedTeam(app, team.id, owner.auth.user.userId, tag);
  });

  it('answers 50 rows of 262 with the counts per status, and the figures count the same rows', async () => {
    const first = await page();
    const idle = people.filter((person) => person.status === 'idle').length;
    expect(first).toMatchObject({
      page: 1,
      pages: 6,
      pageSize: teamPageSize,
      total: MEMBERS + INVITATIONS,
      counts: {
        all: MEMBERS + INVITATIONS,
        active: MEMBERS - idle,
        idle,
        invited: INVITATIONS,
      },
    });
    expect(teamPageSize).toBe(50);
    expect(first.people).toHaveLength(50);
    expect(idle).toBe(71);
    const overview = await (
      await app.request('/api/team', { headers: owner.browser })
    ).json<TeamOverview>();
    expect(overview.organization).toMatchObject({
      seatsTaken: MEMBERS,
      invitationsOpen: INVITATIONS,
    });
    expect(Object.keys(overview)).toEqual(['organization']);
  });

  it('pages through everyone once, and answers the last page for one past it', async () => {
    const seen: string[] = [];
    for (let n = 1; n <= 6; n += 1) {
      const answer = await page(`?page=${n}`);
      expect(answer.page).toBe(n);
      expect(answer.people).toHaveLength(n < 6 ? 50 : 12);
      seen.push(...answer.people.map(emailOf));
    }
    expect(new Set(seen).size).toBe(MEMBERS + INVITATIONS);
    expect(seen).toEqual(sorted(people, 'name', 'asc').map((person) => person.email));
    const past = await page('?page=40');
    expect(past.page).toBe(6);
    expect(past.people.map(emailOf)).toEqual(seen.slice(250));
  });

  it('gives each member their status, activity, devices and license, and each invitation its dates', async () => {
    const all: TeamPerson[] = [];
    for (let n = 1; n <= 6; n += 1) all.push(...(await page(`?page=${n}`)).people);
    for (const person of people) {
      const row = all.find((one) => emailOf(one) === person.email);
      expect(row?.status, person.email).toBe(person.status);
      if (person.name === null) {
        expect(row?.member).toBeNull();
        expect(row?.invitation).toEqual({
          id: person.invitationId,
          email: person.email,
          createdAt: new Date(person.since).toISOString(),
          expiresAt: new Date(app.clock.now + 6 * DAY_MS).toISOString(),
          sentCount: 1,
        });
        continue;
      }
      expect(row?.invitation).toBeNull();
      expect(row?.member).toMatchObject({
        userId: person.userId,
        customerName: person.name,
        joinedAt: new Date(person.since).toISOString(),
        licenseStatus: 'active',
        lastActivityAt:
          person.lastActive === null ? null : new Date(person.lastActive).toISOString(),
        idle: person.status === 'idle',
        devicesInUse: person.devices,
      });
    }
  });

  it("lists a member's active devices on demand, most recently seen first, for the owner only", async () => {
    const devicesOf = (userId: string | undefined, who = owner) =>
      app.request(`/api/team/members/${userId}/devices`, { headers: who.browser });
    for (const person of people.filter((one) => one.name !== null).slice(0, 30)) {
      const response = await devicesOf(person.userId);
      expect(response.status).toBe(200);
      const { devices } = await response.json<TeamMemberDevices>();
      // Freed devices are not listed (they still count as activity).
      expect(devices, person.email).toHaveLength(person.devices ?? 0);
      const seen = devices.map((device) => Date.parse(device.lastSeenAt));
      expect(seen).toEqual([...seen].sort((a, b) => b - a));
      if (person.status === 'active') expect(Math.max(...seen)).toBe(person.lastActive);
      for (const device of devices) {
        expect(Object.keys(device).sort()).toEqual([
          'activatedAt',
          'deviceName',
          'id',
          'lastSeenAt',
        ]);
        expect(device.deviceName).toMatch(/^WS-\d+-\d$/);
        expect(device.activatedAt).toBe(new Date(person.since).toISOString());
      }
    }
    // Nobody of the team: an invitation's id, an unknown id, another team's member.
    for (const id of [people.find((one) => one.invitationId)?.invitationId, 'no-such-user']) {
      const response = await devicesOf(id);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        code: 'NOT_FOUND',
        message: TeamMessages.memberNotFound,
      });
    }
    const admin = await operator(app);
    const other = await organization(app, admin, { seats: 5 });
    const member = people.find((one) => one.devices === 3);
    expect((await devicesOf(member?.userId, other.owner)).status).toBe(404);
    const stranger = await signUpTrial(app);
    expect((await devicesOf(member?.userId, stranger)).status).toBe(403);
    expect((await app.request(`/api/team/members/${member?.userId}/devices`)).status).toBe(401);
  });

  const keys: TeamSortKey[] = ['name', 'email', 'status', 'lastActive', 'devices', 'joined'];
  for (const key of keys) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`sorts by ${key}, ${dir === 'asc' ? 'ascending' : 'descending'}, across pages`, async () => {
        const expected = sorted(people, key, dir).map((person) => person.email);
        const one = await page(`?sort=${key}&dir=${dir}`);
        const three = await page(`?sort=${key}&dir=${dir}&page=3`);
        const six = await page(`?sort=${key}&dir=${dir}&page=6`);
        expect(one.people.map(emailOf)).toEqual(expected.slice(0, 50));
        expect(three.people.map(emailOf)).toEqual(expected.slice(100, 150));
        expect(six.people.map(emailOf)).toEqual(expected.slice(250));
      });
    }
  }

  it('puts the rows without a value last whichever way, and the invitations first by status descending', async () => {
    for (const query of [
      '?sort=name&dir=desc',
      '?sort=name',
      '?sort=devices',
      '?sort=devices&dir=desc',
    ]) {
      const last = await page(`${query}&page=6`);
      expect(last.people.map((row) => row.status)).toEqual(Array(12).fill('invited'));
    }
    // Never active: 36 members and the 12 invitations, last both ways.
    for (const dir of ['asc', 'desc']) {
      const last = await page(`?sort=lastActive&dir=${dir}&page=6`);
      expect(last.people.every((row) => !row.member?.lastActivityAt)).toBe(true);
      const before = await page(`?sort=lastActive&dir=${dir}&page=5`);
      expect(before.people.slice(0, 14).every((row) => row.member?.lastActivityAt)).toBe(true);
      expect(before.people.slice(14).every((row) => !row.member?.lastActivityAt)).toBe(true);
    }
    const byStatus = await page('?sort=status&dir=desc');
    expect(byStatus.people.slice(0, 12).map((row) => row.status)).toEqual(
      Array(12).fill('invited'),
    );
    expect(byStatus.people.slice(12).map((row) => row.status)).toEqual(Array(38).fill('idle'));
  });

  it('searches names and e-mails in any case, the totals following, the counts staying', async () => {
    const byName = await page(`?q=${encodeURIComponent('HELEN GRANT 168')}`);
    expect(byName.people.map((row) => row.member?.customerName)).toEqual(['Helen Grant 168']);
    expect(byName).toMatchObject({ total: 1, pages: 1, counts: { all: 262, invited: 12 } });

    // "invited0" is in the addresses of the first nine invitations only.
    const invitations = await page('?q=invited0');
    expect(invitations.total).toBe(9);
    expect(invitations.people.map((row) => row.status)).toEqual(Array(9).fill('invited'));

    // Part of an address, in any case: m100 … m199 hold "m1" (some written "M1").
    const part = await page(`?q=m1&sort=email`);
    const expected = sorted(
      people.filter((person) => person.email.toLowerCase().includes('m1')),
      'email',
      'asc',
    );
    expect(part.total).toBe(expected.length);
    expect(part.people.map(emailOf)).toEqual(expected.slice(0, 50).map((person) => person.email));

    // LIKE's own characters are taken literally.
    expect((await page('?q=%25')).total).toBe(0);
    expect((await page('?q=_')).total).toBe(0);
    expect((await page(`?q=${encodeURIComponent('  bruno  ')}`)).total).toBe(
      people.filter((person) => person.name?.toLowerCase().includes('bruno')).length,
    );
    const none = await page('?q=nobody-by-this-name');
    expect(none).toMatchObject({ people: [], total: 0, page: 1, pages: 1 });
    expect(none.counts.all).toBe(262);
    // The longest search allowed (200 characters) is a search like any other, not an error.
    const longest = await page(`?q=${'helen grant '.repeat(17).slice(0, 200)}`);
    expect(longest).toMatchObject({ people: [], total: 0 });
  });

  it('filters by status, alone and with a search', async () => {
    const idle = await page('?status=idle');
    expect(idle.total).toBe(71);
    expect(new Set(idle.people.map((row) => row.status))).toEqual(new Set(['idle']));
    const active = await page('?status=active&page=4');
    expect(active.total).toBe(179);
    expect(active.people).toHaveLength(29);
    expect(new Set(active.people.map((row) => row.status))).toEqual(new Set(['active']));
    const invited = await page('?status=invited&sort=joined&dir=desc');
    expect(invited.people.map(emailOf)).toEqual(
      sorted(
        people.filter((person) => person.status === 'invited'),
        'joined',
        'desc',
      ).map((person) => person.email),
    );
    const idleBruno = await page('?status=idle&q=bruno');
    const expected = people.filter(
      (person) => person.status === 'idle' && person.name?.toLowerCase().includes('bruno'),
    );
    expect(idleBruno.total).toBe(expected.length);
    expect(idleBruno.people.map(emailOf).sort()).toEqual(
      expected.map((person) => person.email).sort(),
    );
    const all = await page('?status=all');
    expect(all.total).toBe(262);
  });

  it('refuses a wrong parameter with 400 and a plain sentence, never a 500', async () => {
    const refused = async (query: string, message: string) => {
      const response = await app.request(`/api/team/members${query}`, {
        headers: owner.browser,
      });
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    };
    for (const bad of ['0', '-1', '1.5', 'abc', '', '10001', '999999']) {
      await refused(`?page=${bad}`, TeamMessages.pageInvalid);
    }
    await refused('?page=1&page=2', TeamMessages.pageInvalid);
    await refused(
      '?sort=age',
      TeamMessages.sortInvalid(['name', 'email', 'status', 'lastActive', 'devices', 'joined']),
    );
    await refused(
      '?sort=NAME',
      TeamMessages.sortInvalid(['name', 'email', 'status', 'lastActive', 'devices', 'joined']),
    );
    await refused('?dir=up', TeamMessages.directionInvalid);
    await refused('?status=gone', TeamMessages.statusInvalid(['all', 'active', 'idle', 'invited']));
    await refused(`?q=${'a'.repeat(201)}`, TeamMessages.searchInvalid);
    await refused('?q=a&q=b', TeamMessages.searchInvalid);
    // Other parameters are ignored.
    expect((await page('?page=2&size=1000&sort=email')).people).toHaveLength(50);
  });

  it('keeps each owner to their own team, and the team page to its owner', async () => {
    const admin = await operator(app);
    const other = await organization(app, admin, { seats: 5 });
    const otherAnswer = await (
      await app.request('/api/team/members', { headers: other.owner.browser })
    ).json<TeamPeoplePage>();
    expect(otherAnswer).toMatchObject({
      people: [],
      total: 0,
      counts: { all: 0, active: 0, idle: 0, invited: 0 },
    });
    const search = await (
      await app.request(`/api/team/members?q=${tag}`, { headers: other.owner.browser })
    ).json<TeamPeoplePage>();
    expect(search.total).toBe(0);
    const names = await (
      await app.request('/api/team/member-names', { headers: other.owner.browser })
    ).json<TeamMemberNames>();
    expect(names.members).toEqual([]);

    const stranger = await signUpTrial(app);
    for (const path of ['/api/team/members', '/api/team/member-names']) {
      const response = await app.request(path, { headers: stranger.browser });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        code: 'FORBIDDEN',
        message: TeamMessages.teamPageForOwner,
      });
      expect((await app.request(path)).status).toBe(401);
    }
  });

  it("lists every member's name for the activity filter, by name", async () => {
    const names = await (
      await app.request('/api/team/member-names', { headers: owner.browser })
    ).json<TeamMemberNames>();
    expect(names.members.map((member) => member.email)).toEqual(
      sorted(
        people.filter((person) => person.name !== null),
        'name',
        'asc',
      ).map((person) => person.email),
    );
  });

  it("follows the owner's actions and the accounts: a device freed, a name changed, an invitation withdrawn, a member removed", async () => {
    const busy = people.find((person) => person.devices === 3)!;
    const listed = async () =>
      (
        await (
          await app.request(`/api/team/members/${busy.userId}/devices`, { headers: owner.browser })
        ).json<TeamMemberDevices>()
      ).devices;
    const [device] = await listed();
    const freed = await ownerPost(app, owner, `/api/team/devices/${device?.id}/free`);
    expect(freed.status, await freed.clone().text()).toBe(200);
    expect((await listed()).map((one) => one.id)).not.toContain(device?.id);
    const [after] = (await page(`?q=${busy.email}`)).people;
    expect(after?.member?.devicesInUse).toBe(2);
    // The count the Devices column sorts by moved too: three-device members come first.
    const byDevices = await page('?sort=devices&dir=desc');
    expect(byDevices.people.map(emailOf)).not.toContain(busy.email);
    expect(byDevices.people.every((row) => row.member?.devicesInUse === 3)).toBe(true);

    await env.DB.prepare('UPDATE users SET customer_name = ? WHERE id = ?')
      .bind('Zoe Renamed', busy.userId)
      .run();
    const renamed = await page('?q=zoe renamed');
    expect(renamed.people.map(emailOf)).toEqual([busy.email]);
    expect((await page('?sort=name&dir=desc')).people[0]?.member?.customerName).toBe('Zoe Renamed');

    const invitation = people.find((person) => person.status === 'invited')!;
    const withdrawn = await app.request(`/api/team/invitations/${invitation.invitationId}`, {
      method: 'DELETE',
      headers: owner.browser,
    });
    expect(withdrawn.status).toBe(200);
    const member = people.find((person) => person.status === 'idle')!;
    const removed = await app.request(`/api/team/members/${member.userId}`, {
      method: 'DELETE',
      headers: owner.browser,
    });
    expect(removed.status, await removed.clone().text()).toBe(200);
    const now = await page();
    expect(now.counts).toEqual({ all: 260, active: 179, idle: 70, invited: 11 });
    expect((await page(`?q=${invitation.email}`)).total).toBe(0);
    expect((await page(`?q=${member.email}`)).total).toBe(0);
  });
});

describe('The member rows the team table reads', () => {
  it('are kept by triggers that know every command the usage tables count', async () => {
    const triggers = await queryAll<{ name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('usage_days', 'usage_months')",
    );
    expect(triggers.map((row) => row.name).sort()).toEqual([
      'usage_days_roster_insert',
      'usage_days_roster_update',
      'usage_months_roster_insert',
      'usage_months_roster_update',
    ]);
    const columns = [
      ...Object.values(usageDayColumns).map((column) => column.name),
      ...Object.values(usageMonthColumns).map((column) => column.name),
    ];
    for (const trigger of triggers) {
      for (const column of columns) expect(trigger.sql, trigger.name).toContain(`\`${column}\``);
    }
  });
});
