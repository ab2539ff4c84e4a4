/**
 * SCIM 2.0 at /scim/v2 as identity providers call it: discovery, Users created, read, listed
 * with the one filter and paging, replaced, changed by PATCH in Entra ID's and Okta's forms, and
 * deleted; the organization's token (wrong, replaced, revoked); Groups not supported; and bad
 * input, which always answers a SCIM 400 (never a 500) and changes nothing.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { limits } from '../../src/site.config';
import type { OrganizationDetail } from '../../src/contract/admin-organizations';
import type { ScimStatus } from '../../src/contract/scim';
import { queryAll, signUpTrial } from './account-helpers';
import { adminGet } from './admin-helpers';
import {
  PATCH_URN,
  USER_URN,
  createUser,
  entraUser,
  expectScimError,
  makeToken,
  scim,
  scimWorld,
} from './scim-helpers';

describe('SCIM discovery', () => {
  it('says what is supported: PATCH and filter, no bulk, password change, sort or ETag', async () => {
    const world = await scimWorld();
    const config = await scim(world, 'GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.headers.get('Content-Type')).toMatch(/^application\/scim\+json/);
    const body = await config.json<Record<string, Record<string, unknown>>>();
    expect(body.patch).toEqual({ supported: true });
    expect(body.filter).toEqual({ supported: true, maxResults: 100 });
    for (const name of ['bulk', 'changePassword', 'sort', 'etag']) {
      expect(body[name]?.supported).toBe(false);
    }
    expect(body.authenticationSchemes).toEqual([
      expect.objectContaining({ type: 'oauthbearertoken', primary: true }),
    ]);

    const types = await (
      await scim(world, 'GET', '/ResourceTypes')
    ).json<{
      Resources: { id: string; endpoint: string; schema: string }[];
    }>();
    expect(types.Resources).toEqual([
      expect.objectContaining({ id: 'User', endpoint: '/Users', schema: USER_URN }),
    ]);
    expect((await scim(world, 'GET', '/ResourceTypes/User')).status).toBe(200);
    await expectScimError(await scim(world, 'GET', '/ResourceTypes/Group'), 404);

    const schemas = await (
      await scim(world, 'GET', '/Schemas')
    ).json<{
      totalResults: number;
      Resources: { id: string; attributes: { name: string }[] }[];
    }>();
    expect(schemas.totalResults).toBe(1);
    expect(schemas.Resources[0]?.id).toBe(USER_URN);
    expect(schemas.Resources[0]?.attributes.map((a) => a.name)).toEqual([
      'userName',
      'name',
      'displayName',
      'emails',
      'active',
    ]);
    expect((await scim(world, 'GET', `/Schemas/${USER_URN}`)).status).toBe(200);
  }, 20_000);

  it('answers Groups and Bulk as not supported, in the SCIM error shape', async () => {
    const world = await scimWorld();
    expect(await expectScimError(await scim(world, 'GET', '/Groups'), 501)).toMatch(
      /not supported/,
    );
    await expectScimError(await scim(world, 'POST', '/Groups', { displayName: 'Structures' }), 501);
    await expectScimError(await scim(world, 'PATCH', '/Groups/abc', {}), 501);
    await expectScimError(await scim(world, 'POST', '/Bulk', {}), 501);
    await expectScimError(await scim(world, 'GET', '/Nothing'), 404);
    const wrongMethod = await scim(world, 'DELETE', '/ServiceProviderConfig');
    await expectScimError(wrongMethod, 405);
    expect(wrongMethod.headers.get('Allow')).toBe('GET');
    expect((await scim(world, 'POST', '/Users/abc', {})).headers.get('Allow')).toBe(
      'GET, PUT, PATCH, DELETE',
    );
  }, 20_000);
});

describe('the SCIM token', () => {
  it('refuses calls without it, with a wrong one, and after it was replaced or revoked', async () => {
    const world = await scimWorld();
    const anonymous = await world.app.request('/scim/v2/Users');
    expect(await expectScimError(anonymous, 401)).toMatch(/bearer token/i);
    expect(anonymous.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    await expectScimError(
      await scim({ ...world, token: 'swscim_not-the-token' }, 'GET', '/Users'),
      401,
    );
    await expectScimError(
      await scim({ ...world, token: world.owner.auth.token }, 'GET', '/Users'),
      401,
    );

    // Replaced: the old token stops at once, the new one works.
    const replacement = await makeToken(world.app, world.owner);
    expect(replacement).not.toBe(world.token);
    await expectScimError(await scim(world, 'GET', '/Users'), 401);
    expect((await scim({ ...world, token: replacement }, 'GET', '/Users')).status).toBe(200);

    // Only the hash is stored.
    const [row] = await queryAll<{ token_hash: string }>(
      'SELECT token_hash FROM organization_scim WHERE organization_id = ?',
      world.organizationId,
    );
    expect(row?.token_hash).toMatch(/^[\w-]{43}$/);
    expect(row?.token_hash).not.toContain(replacement);

    // Revoked: refused too, and the status says so.
    const revoked = await world.app.request('/api/team/scim/token', {
      method: 'DELETE',
      headers: world.owner.browser,
    });
    expect(revoked.status, await revoked.clone().text()).toBe(200);
    await expectScimError(await scim({ ...world, token: replacement }, 'GET', '/Users'), 401);
    const again = await world.app.request('/api/team/scim/token', {
      method: 'DELETE',
      headers: world.owner.browser,
    });
    expect(again.status).toBe(404);
    const status = await world.app.request('/api/team/scim', { headers: world.owner.browser });
    const body = await status.json<ScimStatus>();
    expect(body.tokenCreatedAt).toBeNull();
    expect(body.baseUrl).toBe('https://sheetwright.test/scim/v2');
    expect(body.lastCallAt).not.toBeNull();

    const kinds = await queryAll<{ kind: string }>(
      'SELECT kind FROM organization_events WHERE organization_id = ? ORDER BY created_at, rowid',
      world.organizationId,
    );
    expect(kinds.map((k) => k.kind)).toEqual([
      'scim-token-created',
      'scim-token-created',
      'scim-token-revoked',
    ]);
  }, 20_000);

  it('records the time of the last call and belongs to the owner alone', async () => {
    const world = await scimWorld();
    const before = await (
      await world.app.request('/api/team/scim', { headers: world.owner.browser })
    ).json<ScimStatus>();
    expect(before.lastCallAt).toBeNull();
    expect(before.tokenCreatedAt).toBe(new Date(world.app.clock.now).toISOString());
    world.app.clock.advance(60);
    await scim(world, 'GET', '/ServiceProviderConfig');
    const after = await (
      await world.app.request('/api/team/scim', { headers: world.owner.browser })
    ).json<ScimStatus>();
    expect(after.lastCallAt).toBe(new Date(world.app.clock.now).toISOString());

    // The console's organization page shows both.
    const consolePage = await adminGet(
      world.app,
      world.admin,
      `/api/admin/organizations/${world.organizationId}`,
    );
    expect((await consolePage.json<OrganizationDetail>()).scim).toEqual({
      tokenCreatedAt: before.tokenCreatedAt,
      lastCallAt: after.lastCallAt,
    });

    const stranger = await signUpTrial(world.app);
    const refused = await world.app.request('/api/team/scim/token', {
      method: 'POST',
      headers: stranger.browser,
    });
    expect(refused.status).toBe(403);
  }, 20_000);
});

describe('SCIM Users', () => {
  it('creates, reads, finds by userName, pages, replaces and deletes', async () => {
    const world = await scimWorld(5);
    const created = await scim(world, 'POST', '/Users', entraUser('ana.lopez@firm.example'));
    expect(created.status, await created.clone().text()).toBe(201);
    const ana = await created.json<Record<string, unknown> & { id: string }>();
    expect(created.headers.get('Location')).toBe(
      `https://sheetwright.test/scim/v2/Users/${ana.id}`,
    );
    expect(ana).toMatchObject({
      schemas: [USER_URN],
      externalId: 'ext-ana.lopez@firm.example',
      userName: 'ana.lopez@firm.example',
      displayName: 'Ana Lopez',
      name: { givenName: 'Ana', familyName: 'Lopez' },
      emails: [{ value: 'ana.lopez@firm.example', type: 'work', primary: true }],
      active: true,
      meta: { resourceType: 'User' },
    });
    // The SCIM id is our own random id, not an account's.
    expect(ana.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await queryAll('SELECT id FROM users WHERE id = ?', ana.id)).toEqual([]);

    const read = await scim(world, 'GET', `/Users/${ana.id}`);
    expect(await read.json()).toEqual(ana);
    await expectScimError(await scim(world, 'GET', '/Users/not-an-id'), 404);

    await createUser(world, 'ben@firm.example');
    await createUser(world, 'chloe@firm.example', { active: false });

    const found = await scim(
      world,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "ANA.LOPEZ@firm.example"')}`,
    );
    expect(await found.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [{ id: ana.id }],
    });
    const none = await scim(
      world,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "nobody@firm.example"')}`,
    );
    expect(await none.json()).toMatchObject({ totalResults: 0, itemsPerPage: 0, Resources: [] });

    const page = await (
      await scim(world, 'GET', '/Users?startIndex=2&count=1')
    ).json<{
      totalResults: number;
      startIndex: number;
      itemsPerPage: number;
      Resources: { userName: string }[];
    }>();
    expect(page).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(page.Resources.map((u) => u.userName)).toEqual(['ben@firm.example']);
    const counted = await (await scim(world, 'GET', '/Users?count=0')).json();
    expect(counted).toMatchObject({ totalResults: 3, itemsPerPage: 0, Resources: [] });

    // PUT replaces the whole resource (externalId left out is gone).
    const replaced = await scim(world, 'PUT', `/Users/${ana.id}`, {
      schemas: [USER_URN],
      userName: 'ana.lopez@firm.example',
      name: { givenName: 'Ana Maria', familyName: 'Lopez-Garcia' },
      emails: [{ value: 'ana.lopez@firm.example', type: 'work', primary: true }],
      active: true,
    });
    expect(replaced.status, await replaced.clone().text()).toBe(200);
    const after = await replaced.json<Record<string, unknown>>();
    expect(after).toMatchObject({
      id: ana.id,
      name: { givenName: 'Ana Maria', familyName: 'Lopez-Garcia' },
    });
    expect(after.externalId).toBeUndefined();
    expect(after.displayName).toBeUndefined();

    const deleted = await scim(world, 'DELETE', `/Users/${ana.id}`);
    expect(deleted.status).toBe(204);
    await expectScimError(await scim(world, 'GET', `/Users/${ana.id}`), 404);
    await expectScimError(await scim(world, 'DELETE', `/Users/${ana.id}`), 404);
  }, 20_000);

  it('refuses a userName the team has already, in any case (409 uniqueness)', async () => {
    const world = await scimWorld();
    await createUser(world, 'dan@firm.example');
    const again = await scim(world, 'POST', '/Users', entraUser('DAN@firm.example'));
    expect(await expectScimError(again, 409, 'uniqueness')).toMatch(/already provisioned/);
    const users = await queryAll(
      'SELECT id FROM scim_users WHERE organization_id = ?',
      world.organizationId,
    );
    expect(users).toHaveLength(1);

    // Renaming onto another user's userName is refused too.
    const eve = await createUser(world, 'eve@firm.example');
    const renamed = await scim(world, 'PATCH', `/Users/${eve.id}`, {
      schemas: [PATCH_URN],
      Operations: [{ op: 'replace', path: 'userName', value: 'Dan@Firm.example' }],
    });
    await expectScimError(renamed, 409, 'uniqueness');
  }, 20_000);

  it("applies PATCH in Entra ID's form (capitals, string booleans, paths)", async () => {
    const world = await scimWorld();
    const user = await createUser(world, 'fay@firm.example');
    const patched = await scim(world, 'PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_URN],
      Operations: [
        { op: 'Replace', path: 'displayName', value: 'Fay Okafor' },
        { op: 'Replace', path: 'name.familyName', value: 'Okafor' },
        { op: 'Add', path: 'externalId', value: 'entra-42' },
        { op: 'Replace', path: 'title', value: 'Lead' },
        { op: 'Replace', path: 'active', value: 'False' },
      ],
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(await patched.json()).toMatchObject({
      displayName: 'Fay Okafor',
      name: { familyName: 'Okafor', givenName: 'Ana' },
      externalId: 'entra-42',
      active: false,
    });
    const back = await scim(world, 'PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_URN],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(await back.json()).toMatchObject({ active: true });
    const removed = await scim(world, 'PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_URN],
      Operations: [{ op: 'Remove', path: 'externalId' }],
    });
    expect((await removed.json<Record<string, unknown>>()).externalId).toBeUndefined();

    // Every change is in the team's feed, by SCIM: the seat's as such, a name's as a change.
    const events = await queryAll<{ kind: string; detail: string }>(
      `SELECT kind, detail FROM organization_events WHERE organization_id = ?
        AND kind != 'scim-token-created' ORDER BY created_at, rowid`,
      world.organizationId,
    );
    expect(events).toEqual([
      { kind: 'invited', detail: 'fay@firm.example (invited by SCIM)' },
      { kind: 'invitation-revoked', detail: 'fay@firm.example (deactivated by SCIM)' },
      { kind: 'invited', detail: 'fay@firm.example (invited by SCIM)' },
      { kind: 'scim-user-changed', detail: 'fay@firm.example (updated by SCIM)' },
    ]);
  }, 20_000);

  it("applies PATCH in Okta's form (no path, an object of attributes)", async () => {
    const world = await scimWorld();
    const user = await createUser(world, 'gus@firm.example');
    const off = await scim(world, 'PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_URN],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(await off.json()).toMatchObject({ active: false });
    const renamed = await scim(world, 'PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_URN],
      Operations: [
        {
          op: 'replace',
          value: {
            active: true,
            name: { givenName: 'Gustav' },
            emails: [{ value: 'gustav@firm.example', type: 'work', primary: true }],
          },
        },
      ],
    });
    expect(await renamed.json()).toMatchObject({
      active: true,
      name: { givenName: 'Gustav', familyName: 'Lopez' },
      emails: [{ value: 'gustav@firm.example' }],
    });
  }, 20_000);

  it('answers bad input with a SCIM 400 in plain words and changes nothing', async () => {
    const world = await scimWorld();
    const user = await createUser(world, 'hal@firm.example');
    const cases: [Response, string][] = [
      [await scim(world, 'POST', '/Users', '{"userName": '), 'invalidSyntax'],
      [await scim(world, 'POST', '/Users', '[1, 2]'), 'invalidSyntax'],
      [
        await scim(world, 'POST', '/Users', { userName: 'x@firm.example', shoeSize: 44 }),
        'invalidSyntax',
      ],
      [await scim(world, 'POST', '/Users', { userName: 12 }), 'invalidValue'],
      [await scim(world, 'POST', '/Users', { userName: 'no-address' }), 'invalidValue'],
      [
        await scim(world, 'POST', '/Users', { userName: 'i@firm.example', active: 'maybe' }),
        'invalidValue',
      ],
      [
        await scim(world, 'POST', '/Users', {
          userName: 'i@firm.example',
          emails: 'i@firm.example',
        }),
        'invalidValue',
      ],
      [
        await scim(world, 'POST', '/Users', { userName: 'i@firm.example', name: 'Ida' }),
        'invalidValue',
      ],
      [
        await scim(world, 'GET', `/Users?filter=${encodeURIComponent('emails co "firm"')}`),
        'invalidFilter',
      ],
      [
        await scim(world, 'GET', `/Users?filter=${encodeURIComponent('userName eq unquoted')}`),
        'invalidFilter',
      ],
      [await scim(world, 'GET', '/Users?startIndex=first'), 'invalidValue'],
      [await scim(world, 'PATCH', `/Users/${user.id}`, { Operations: [] }), 'invalidSyntax'],
      [
        await scim(world, 'PATCH', `/Users/${user.id}`, {
          schemas: [PATCH_URN],
          Operations: [{ op: 'move', path: 'active', value: false }],
        }),
        'invalidSyntax',
      ],
      [
        await scim(world, 'PATCH', `/Users/${user.id}`, {
          schemas: [PATCH_URN],
          Operations: [{ op: 'replace', path: 'shoeSize', value: 44 }],
        }),
        'invalidPath',
      ],
      [
        await scim(world, 'PATCH', `/Users/${user.id}`, {
          schemas: [PATCH_URN],
          Operations: [{ op: 'replace', path: 'active', value: 3 }],
        }),
        'invalidValue',
      ],
      [
        await scim(world, 'PATCH', `/Users/${user.id}`, {
          schemas: [PATCH_URN],
          Operations: [{ op: 'remove', path: 'userName' }],
        }),
        'mutability',
      ],
      [
        await scim(world, 'PUT', `/Users/${user.id}`, {
          userName: 'hal@firm.example',
          id: 'x',
          meta: 1,
          active: null,
          emails: [{ value: 'not an address' }],
        }),
        'invalidValue',
      ],
    ];
    for (const [response, scimType] of cases) {
      const detail = await expectScimError(response, 400, scimType);
      expect(detail.length).toBeGreaterThan(10);
    }
    const media = await world.app.request('/scim/v2/Users', {
      method: 'POST',
      headers: { Authorization: `Bearer ${world.token}`, 'Content-Type': 'text/plain' },
      body: 'userName=x',
    });
    await expectScimError(media, 415);
    const large = await scim(world, 'POST', '/Users', { userName: 'x'.repeat(70_000) });
    await expectScimError(large, 413);

    // Nothing changed: one user, as created.
    const list = await (await scim(world, 'GET', '/Users')).json<{ Resources: unknown[] }>();
    expect(list.Resources).toEqual([await (await scim(world, 'GET', `/Users/${user.id}`)).json()]);
    expect(list.Resources).toEqual([
      expect.objectContaining({ active: true, userName: 'hal@firm.example' }),
    ]);
  }, 20_000);

  it('accepts application/json as well', async () => {
    const world = await scimWorld();
    const response = await world.app.request('/scim/v2/Users', {
      method: 'POST',
      headers: { Authorization: `Bearer ${world.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(entraUser('ivy@firm.example')),
    });
    expect(response.status, await response.clone().text()).toBe(201);
  }, 20_000);
});

describe('the SCIM rate limit', () => {
  it("slows an organization's identity provider down with a SCIM 429 and Retry-After", async () => {
    const world = await scimWorld();
    const { max } = limits.rateLimits.scimPerOrganization;
    // The window's calls so far, as if the provider had made them all just now.
    await env.DB.prepare('INSERT INTO rate_limits (key, count, window_start) VALUES (?, ?, ?)')
      .bind(`scimPerOrganization:${world.organizationId}`, max, world.app.clock.now)
      .run();
    const refused = await scim(world, 'GET', '/Users');
    expect(await expectScimError(refused, 429, 'tooMany')).toMatch(/Too many SCIM calls/);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The window passes: calls go through again.
    world.app.clock.advance(limits.rateLimits.scimPerOrganization.windowSeconds + 1);
    expect((await scim(world, 'GET', '/Users')).status).toBe(200);
  }, 20_000);
});

describe('SCIM under hostile input', () => {
  /** A seeded stream of numbers, so a failure can be replayed. */
  function seeded(seed: number) {
    let state = seed;
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
  }

  it('never answers a 5xx, and every error is in the SCIM shape', async () => {
    const world = await scimWorld();
    const user = await createUser(world, 'fuzz@firm.example');
    const random = seeded(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const values: unknown[] = [
      null,
      true,
      'False',
      0,
      -1,
      1e308,
      '',
      ' ',
      'x'.repeat(400),
      '\u0000\u202e',
      [],
      [{}],
      {},
      { value: 'a@b.example' },
      [{ value: 5 }],
      [{ value: 'not an address', primary: 'yes' }],
      { givenName: 7 },
      { nested: { deeper: [1, [2, [3]]] } },
    ];
    const keys = [
      'userName',
      'active',
      'emails',
      'name',
      'displayName',
      'externalId',
      'schemas',
      'id',
      'meta',
      'title',
      'groups',
      'Operations',
      'urn:ietf:params:scim:schemas:core:2.0:User:active',
    ];
    const body = () =>
      Object.fromEntries(
        Array.from({ length: 1 + Math.floor(random() * 4) }, () => [pick(keys), pick(values)]),
      );
    const operation = () => ({
      op: pick(['add', 'Replace', 'remove', 'REMOVE', 'copy', 5, null]),
      ...(random() < 0.7
        ? {
            path: pick([
              'active',
              'name.givenName',
              'emails[type eq "work"].value',
              'emails[',
              'userName',
              'meta.created',
              'x.y.z',
              '',
            ]),
          }
        : {}),
      ...(random() < 0.8 ? { value: random() < 0.5 ? pick(values) : body() } : {}),
    });
    const calls: [string, string, unknown][] = [];
    for (let i = 0; i < 60; i += 1) {
      const kind = Math.floor(random() * 4);
      if (kind === 0) calls.push(['POST', '/Users', body()]);
      else if (kind === 1) calls.push(['PUT', `/Users/${user.id}`, body()]);
      else if (kind === 2)
        calls.push([
          'PATCH',
          `/Users/${user.id}`,
          {
            schemas: [PATCH_URN],
            Operations: Array.from({ length: 1 + Math.floor(random() * 3) }, operation),
          },
        ]);
      else
        calls.push([
          'GET',
          `/Users?filter=${encodeURIComponent(pick(['userName eq "', 'userName eq "\\u0000"', 'userName sw "a"', '"', 'userName eq "fuzz@firm.example" and active eq true']))}&startIndex=${pick(['-5', '0', '1e3', '99999999999', ''])}&count=${pick(['-1', '1000', 'x', ''])}`,
          undefined,
        ]);
    }
    for (const [method, path, payload] of calls) {
      const response = await scim(world, method, path, payload);
      const where = `${method} ${path} ${JSON.stringify(payload)}`;
      expect(response.status, where).toBeLessThan(500);
      if (response.status >= 400) {
        const error = await response.json<{ schemas: string[]; detail: string }>();
        expect(error.schemas, where).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
        expect(error.detail.length, where).toBeGreaterThan(0);
      }
    }
  }, 60_000);
});
