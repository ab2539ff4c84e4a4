/**
 * What SCIM provisioning does to the team: a user with an account joins at once (source
 * `scim`), an address without one is invited by the ordinary e-mail and joins as `scim` by its
 * link; deactivating or deleting frees the seat and, in that one request, ends every web session
 * and signed-in plugin of the person and frees their devices; reactivating takes a seat again
 * while one is free; no free seat is a plain 403. Every change is in the team's feed, by SCIM.
 */
import { describe, expect, it } from 'vitest';
import type { TeamPeoplePage } from '../../src/contract/team';
import { queryAll, signUpTrial, type SignedInAccount } from './account-helpers';
import { activateOk, newDeviceId } from './licenses-helpers';
import { signUpByLink, tokenMailedTo } from './organizations-helpers';
import { licensesStatus, signedInPlugin } from './plugin-sign-in-helpers';
import {
  PATCH_URN,
  createUser,
  entraUser,
  expectScimError,
  scim,
  scimWorld,
  type ScimWorld,
} from './scim-helpers';

async function membership(world: ScimWorld, userId: string) {
  return queryAll<{ source: string; removed_at: number | null; license_id: string }>(
    'SELECT source, removed_at, license_id FROM organization_members WHERE organization_id = ? AND user_id = ? ORDER BY joined_at, rowid',
    world.organizationId,
    userId,
  );
}

async function seatsTaken(world: ScimWorld) {
  const [row] = await queryAll<{ n: number }>(
    'SELECT count(*) AS n FROM organization_members WHERE organization_id = ? AND removed_at IS NULL',
    world.organizationId,
  );
  return row?.n ?? 0;
}

async function licenseKeyOf(licenseId: string) {
  const [row] = await queryAll<{ license_key: string; status: string }>(
    'SELECT license_key, status FROM licenses WHERE id = ?',
    licenseId,
  );
  return row;
}

async function feed(world: ScimWorld) {
  return queryAll<{ kind: string; detail: string }>(
    'SELECT kind, detail FROM organization_events WHERE organization_id = ? ORDER BY created_at, rowid',
    world.organizationId,
  );
}

const me = (world: ScimWorld, account: SignedInAccount) =>
  world.app.request('/api/me', { headers: account.bearer });

describe('SCIM provisioning', () => {
  it('adds an existing account at once, and deactivating ends its sessions, plugins and devices', async () => {
    const world = await scimWorld(2);
    const person = await signUpTrial(world.app);
    const userId = person.auth.user.userId;
    const user = await createUser(world, person.form.email);

    const [joined] = await membership(world, userId);
    expect(joined).toMatchObject({ source: 'scim', removed_at: null });
    // The owner's team table says how the member came.
    const table = await world.app.request('/api/team/members', { headers: world.owner.browser });
    const { people } = await table.json<TeamPeoplePage>();
    expect(people.map((row) => row.member && [row.member.email, row.member.source])).toEqual([
      [person.form.email, 'scim'],
    ]);
    const license = await licenseKeyOf(joined?.license_id ?? '');
    expect(license?.status).toBe('active');
    // Signed in on the web, in the plugin, and with the plugin active on a device.
    const plugin = await signedInPlugin(world.app, person);
    await activateOk(world.app, license?.license_key ?? '', { deviceId: newDeviceId() });
    expect((await me(world, person)).status).toBe(200);
    expect(await licensesStatus(world.app, plugin.access_token)).toBe(200);
    expect(await seatsTaken(world)).toBe(1);

    // Entra ID deactivates the person.
    const off = await scim(world, 'PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_URN],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.status, await off.clone().text()).toBe(200);

    // All of it ended within that request.
    expect(await seatsTaken(world)).toBe(0);
    expect((await membership(world, userId))[0]?.removed_at).not.toBeNull();
    expect((await licenseKeyOf(joined?.license_id ?? ''))?.status).toBe('revoked');
    expect((await me(world, person)).status).toBe(401);
    expect(await licensesStatus(world.app, plugin.access_token)).toBe(401);
    expect(
      await queryAll('SELECT id FROM sessions WHERE user_id = ? AND revoked_at IS NULL', userId),
    ).toEqual([]);
    expect(
      await queryAll(
        'SELECT id FROM plugin_tokens WHERE user_id = ? AND revoked_at IS NULL',
        userId,
      ),
    ).toEqual([]);
    expect(
      await queryAll('SELECT id FROM devices WHERE user_id = ? AND deactivated_at IS NULL', userId),
    ).toEqual([]);

    // Okta reactivates: a seat again, with a new license.
    const on = await scim(world, 'PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_URN],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(on.status, await on.clone().text()).toBe(200);
    const rows = await membership(world, userId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ source: 'scim', removed_at: null });
    expect((await licenseKeyOf(rows[1]?.license_id ?? ''))?.status).toBe('active');

    expect((await feed(world)).filter((e) => e.kind !== 'scim-token-created')).toEqual([
      { kind: 'joined', detail: `${person.form.email} (added by SCIM)` },
      { kind: 'removed', detail: `${person.form.email} (deactivated by SCIM)` },
      { kind: 'joined', detail: `${person.form.email} (added by SCIM)` },
    ]);
  }, 20_000);

  it('deleting a user frees the seat as deactivating does', async () => {
    const world = await scimWorld(1);
    const person = await signUpTrial(world.app);
    const user = await createUser(world, person.form.email);
    const plugin = await signedInPlugin(world.app, person);
    expect(await seatsTaken(world)).toBe(1);

    const deleted = await scim(world, 'DELETE', `/Users/${user.id}`);
    expect(deleted.status).toBe(204);
    expect(await seatsTaken(world)).toBe(0);
    expect((await me(world, person)).status).toBe(401);
    expect(await licensesStatus(world.app, plugin.access_token)).toBe(401);
    expect(await queryAll('SELECT id FROM scim_users WHERE id = ?', user.id)).toEqual([]);

    // The freed seat is usable again at once.
    const next = await signUpTrial(world.app);
    await createUser(world, next.form.email);
    expect(await seatsTaken(world)).toBe(1);
  }, 20_000);

  it('invites an address without an account; the link makes a SCIM member', async () => {
    const world = await scimWorld(2);
    await createUser(world, 'new.hire@firm.example');
    const [invitation] = await queryAll<{ email: string }>(
      'SELECT email FROM organization_invitations WHERE organization_id = ? AND accepted_at IS NULL AND revoked_at IS NULL',
      world.organizationId,
    );
    expect(invitation?.email).toBe('new.hire@firm.example');
    const token = tokenMailedTo(world.app, 'new.hire@firm.example');
    const joined = await signUpByLink(world.app, token, 'New Hire');
    expect(joined.status, await joined.clone().text()).toBe(200);
    const [member] = await queryAll<{ source: string }>(
      `SELECT m.source FROM organization_members m JOIN users u ON u.id = m.user_id
        WHERE u.email = ? AND m.removed_at IS NULL`,
      'new.hire@firm.example',
    );
    expect(member?.source).toBe('scim');

    // Deactivated before accepting, an invitation is withdrawn and its seat freed.
    const other = await createUser(world, 'second@firm.example');
    await scim(world, 'PATCH', `/Users/${other.id}`, {
      schemas: [PATCH_URN],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    const open = await queryAll(
      'SELECT id FROM organization_invitations WHERE email = ? AND revoked_at IS NULL AND accepted_at IS NULL',
      'second@firm.example',
    );
    expect(open).toEqual([]);
    const kinds = (await feed(world)).map((e) => e.kind);
    expect(kinds).toContain('invitation-revoked');
    expect((await feed(world)).find((e) => e.kind === 'invited')?.detail).toBe(
      'new.hire@firm.example (invited by SCIM)',
    );
  }, 20_000);

  it('answers a plain 403 when the team has no free seat, and stores nothing', async () => {
    const world = await scimWorld(1);
    await createUser(world, 'first@firm.example');
    const person = await signUpTrial(world.app);
    const refused = await scim(world, 'POST', '/Users', entraUser(person.form.email));
    expect(await expectScimError(refused, 403)).toMatch(/no free seat/);
    const rows = await queryAll(
      'SELECT id FROM scim_users WHERE organization_id = ?',
      world.organizationId,
    );
    expect(rows).toHaveLength(1);
    expect(await membership(world, person.auth.user.userId)).toEqual([]);

    // Created inactive, it takes no seat; reactivating without a free seat is refused too.
    const parked = await createUser(world, person.form.email, { active: false });
    const again = await scim(world, 'PATCH', `/Users/${parked.id}`, {
      schemas: [PATCH_URN],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    expect(await expectScimError(again, 403)).toMatch(/no free seat/);
    expect(
      (await (await scim(world, 'GET', `/Users/${parked.id}`)).json<{ active: boolean }>()).active,
    ).toBe(false);
  }, 20_000);

  it('refuses a person who belongs to another team', async () => {
    const first = await scimWorld(2);
    const person = await signUpTrial(first.app);
    await createUser(first, person.form.email);
    // A second organization in the same app, with its own token.
    const { operator } = await import('./admin-helpers');
    const { organization } = await import('./organizations-helpers');
    const { makeToken } = await import('./scim-helpers');
    const admin = await operator(first.app);
    const second = await organization(first.app, admin, { seats: 2 });
    const world = { app: first.app, token: await makeToken(first.app, second.owner) };
    const refused = await scim(world, 'POST', '/Users', entraUser(person.form.email));
    expect(await expectScimError(refused, 409)).toMatch(/another team/);
  }, 20_000);
});
