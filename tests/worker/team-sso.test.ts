/**
 * The owner's single sign-on settings (/api/team/sso): a connection saved after the provider's
 * discovery document is checked (the provider faked through fetch), its client secret kept sealed
 * and never answered, changed with or without a new secret, refused with nothing saved when the
 * issuer is wrong, unreachable, slow or another's, or http:// in production; "Require single
 * sign-on" only with a connection and a verified domain; disconnecting; the owner alone; every
 * change in the team feed; a limit on saves; a recent proof of the owner before a save (and
 * before a SCIM token); and the last sign-in and failure on the team page and the console.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openClientSecret } from '../../functions/services/core/organizations/sso-connections';
import { createOidcClient } from '../../functions/adapters/oidc';
import { ProviderCheckFailure } from '../../functions/adapters/types';
import type { OrganizationDetail } from '../../src/contract/admin-organizations';
import { limits } from '../../src/site.config';
import {
  ssoClientSecretRequired,
  ssoDisconnected,
  ssoIssuerNotHttps,
  ssoIssuerNotUrl,
  ssoIssuerTimeout,
  ssoNeedsConnection,
  ssoNeedsVerifiedDomain,
  ssoNotConnected,
  ssoRequiredOff,
  ssoRequiredOn,
  ssoSaved,
  ssoUpdated,
  type SsoChange,
  type SsoSettings,
} from '../../src/contract/sso-settings';
import {
  accountApp,
  queryAll,
  signUpTrial,
  type AccountApp,
  type SignedInAccount,
} from './account-helpers';
import { adminGet, operator, type OperatorAccount } from './admin-helpers';
import { ORIGIN } from './helpers';
import { organization } from './organizations-helpers';

const ISSUER = 'https://login.microsoftonline.com/4f1c2a7e-tenant/v2.0';
const SECRET = 'Wq8~entra-client-secret-value-Zx';
const CLIENT_ID = '0c4d2b9e-app-registration';

/** A provider's discovery document for `issuer`, with `changes` over it. */
function document(issuer: string, changes: Record<string, unknown> = {}) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/keys`,
    response_types_supported: ['code'],
    ...changes,
  };
}

type Answer = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * The outside world as the Worker's fetch sees it: each discovery URL answers as set, any other
 * address cannot be reached. Answers the URLs asked.
 */
function fakeProviders(answers: Record<string, Answer>): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    asked.push(url);
    const answer = answers[url];
    if (!answer) throw new TypeError('Network connection lost.');
    return answer(init);
  });
  return asked;
}

const wellKnown = (issuer: string) => `${issuer}/.well-known/openid-configuration`;
const json = (body: unknown, status = 200) => Response.json(body, { status });

afterEach(() => {
  vi.unstubAllGlobals();
});

interface World {
  app: AccountApp;
  admin: OperatorAccount;
  organizationId: string;
  owner: SignedInAccount;
}

async function world(app = accountApp()): Promise<World> {
  const admin = await operator(app);
  const { id, owner } = await organization(app, admin);
  return { app, admin, organizationId: id, owner };
}

function save(w: World, body: Record<string, unknown>, who = w.owner) {
  return w.app.request('/api/team/sso', { method: 'PUT', json: body, headers: who.browser });
}

function setRequired(w: World, required: unknown, who = w.owner) {
  return w.app.request('/api/team/sso/required', {
    method: 'PUT',
    json: { required },
    headers: who.browser,
  });
}

async function settings(w: World): Promise<SsoSettings> {
  const response = await w.app.request('/api/team/sso', { headers: w.owner.browser });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<SsoSettings>();
}

async function expectRefused(response: Response, status: number, code: string, message?: string) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const body = JSON.parse(text) as { code: string; message: string };
  expect(body.code).toBe(code);
  if (message !== undefined) expect(body.message).toBe(message);
  return body.message;
}

async function connectionRows(organizationId: string) {
  return queryAll<{
    issuer: string;
    client_id: string;
    client_secret_sealed: string;
    required: number;
    updated_by: string;
    last_failure: string | null;
  }>('SELECT * FROM organization_sso WHERE organization_id = ?', organizationId);
}

async function feed(organizationId: string) {
  return queryAll<{ kind: string; detail: string }>(
    "SELECT kind, detail FROM organization_events WHERE organization_id = ? AND kind LIKE 'sso-%' ORDER BY created_at, rowid",
    organizationId,
  );
}

async function verifyDomain(
  w: World,
  domain = `northwind-${crypto.randomUUID().slice(0, 6)}.test`,
) {
  await queryAll(
    "INSERT INTO organization_domains (id, organization_id, domain, token, status, added_by, created_at, verified_at) VALUES (?, ?, ?, 'token', 'verified', ?, ?, ?)",
    crypto.randomUUID(),
    w.organizationId,
    domain,
    w.owner.auth.user.userId,
    w.app.clock.now,
    w.app.clock.now,
  );
  return domain;
}

describe('saving the connection', () => {
  it('checks the discovery document, keeps the secret sealed and never answers it', async () => {
    const w = await world();
    const asked = fakeProviders({ [wellKnown(ISSUER)]: () => json(document(ISSUER)) });
    // Spaces around the values, and Entra ID's issuer with a trailing slash, are forgiven.
    const response = await save(w, {
      issuer: ` ${ISSUER}/ `,
      clientId: ` ${CLIENT_ID} `,
      clientSecret: ` ${SECRET} `,
    });
    const text = await response.clone().text();
    expect(response.status, text).toBe(200);
    expect(asked).toEqual([wellKnown(ISSUER)]);
    const change = await response.json<SsoChange>();
    expect(change.message).toBe(ssoSaved);
    expect(change.settings).toEqual({
      redirectUri: `${ORIGIN}/sso/callback`,
      verifiedDomains: [],
      connection: {
        issuer: ISSUER,
        clientId: CLIENT_ID,
        secretSaved: true,
        required: false,
        updatedAt: new Date(w.app.clock.now).toISOString(),
        lastSignInAt: null,
        lastSignInEmail: null,
        lastFailureAt: null,
        lastFailure: null,
      },
    });

    // Stored sealed: not the secret, and it opens back to it with this organization's key.
    const [row] = await connectionRows(w.organizationId);
    expect(row?.issuer).toBe(ISSUER);
    expect(row?.updated_by).toBe(w.owner.auth.user.userId);
    expect(row?.client_secret_sealed).not.toContain(SECRET);
    expect(row?.client_secret_sealed).toMatch(/^[\w-]+\.[\w-]+$/);
    const secrets = { jwtSecret: w.app.env.JWT_SECRET };
    const sealed = row?.client_secret_sealed ?? '';
    expect(
      await openClientSecret({ secrets } as never, {
        organizationId: w.organizationId,
        clientSecretSealed: sealed,
      }),
    ).toBe(SECRET);

    // Neither the secret nor its sealed form is in any answer.
    const read = await w.app.request('/api/team/sso', { headers: w.owner.browser });
    const consoleRead = await adminGet(
      w.app,
      w.admin,
      `/api/admin/organizations/${w.organizationId}`,
    );
    for (const answer of [text, await read.text(), await consoleRead.clone().text()]) {
      expect(answer).not.toContain(SECRET);
      expect(answer).not.toContain(sealed);
      expect(answer).not.toContain(sealed.split('.')[1]);
    }
    expect((await consoleRead.json<OrganizationDetail>()).sso).toEqual({
      issuer: ISSUER,
      clientId: CLIENT_ID,
      required: false,
      updatedAt: change.settings.connection?.updatedAt,
      lastSignInAt: null,
      lastSignInEmail: null,
      lastFailureAt: null,
      lastFailure: null,
    });

    expect(await feed(w.organizationId)).toEqual([
      {
        kind: 'sso-connected',
        detail: `Single sign-on connected to ${ISSUER} by ${w.owner.form.email}`,
      },
    ]);
  }, 20_000);

  it('keeps the saved secret when none is sent, and replaces it when one is', async () => {
    const w = await world();
    fakeProviders({ [wellKnown(ISSUER)]: () => json(document(ISSUER)) });
    expect(
      (await save(w, { issuer: ISSUER, clientId: CLIENT_ID, clientSecret: SECRET })).status,
    ).toBe(200);
    const [first] = await connectionRows(w.organizationId);
    // A sign-in failure the sign-in recorded: a save is new settings, so it is cleared.
    await queryAll(
      "UPDATE organization_sso SET last_failure = 'The provider refused the client secret.', last_failure_at = ? WHERE organization_id = ?",
      w.app.clock.now,
      w.organizationId,
    );

    w.app.clock.advance(60);
    for (const body of [
      { issuer: ISSUER, clientId: 'second-client' },
      { issuer: ISSUER, clientId: 'second-client', clientSecret: '   ' },
    ]) {
      const kept = await save(w, body);
      expect(kept.status, await kept.clone().text()).toBe(200);
      expect((await kept.json<SsoChange>()).message).toBe(ssoUpdated);
    }
    const [second] = await connectionRows(w.organizationId);
    expect(second?.client_id).toBe('second-client');
    expect(second?.client_secret_sealed).toBe(first?.client_secret_sealed);
    expect(second?.last_failure).toBeNull();

    const replaced = await save(w, {
      issuer: ISSUER,
      clientId: 'second-client',
      clientSecret: 'new-secret-42',
    });
    expect(replaced.status).toBe(200);
    const [third] = await connectionRows(w.organizationId);
    expect(third?.client_secret_sealed).not.toBe(first?.client_secret_sealed);
    expect(
      await openClientSecret({ secrets: { jwtSecret: w.app.env.JWT_SECRET } } as never, {
        organizationId: w.organizationId,
        clientSecretSealed: third?.client_secret_sealed ?? '',
      }),
    ).toBe('new-secret-42');

    expect((await feed(w.organizationId)).map((event) => event.detail)).toEqual([
      `Single sign-on connected to ${ISSUER} by ${w.owner.form.email}`,
      `Single sign-on changed by ${w.owner.form.email}: client ID`,
      `Single sign-on changed by ${w.owner.form.email}: saved again`,
      `Single sign-on changed by ${w.owner.form.email}: client secret`,
    ]);
  }, 20_000);

  it('refuses a bad, unreachable, wrong or insecure provider and saves nothing', async () => {
    const w = await world();
    const other = 'https://idp.other.example';
    const asked = fakeProviders({
      [wellKnown('https://notfound.example')]: () => new Response('Not here', { status: 404 }),
      [wellKnown('https://html.example')]: () =>
        new Response('<html>Sign in</html>', { headers: { 'Content-Type': 'text/html' } }),
      [wellKnown('https://moved.example')]: () =>
        new Response(null, { status: 302, headers: { Location: 'https://elsewhere.example' } }),
      [wellKnown('https://mismatch.example')]: () => json(document(other)),
      [wellKnown('https://notoken.example')]: () =>
        json(document('https://notoken.example', { token_endpoint: undefined })),
      [wellKnown('https://insecure-endpoint.example')]: () =>
        json(
          document('https://insecure-endpoint.example', {
            authorization_endpoint: 'http://insecure-endpoint.example/authorize',
          }),
        ),
    });
    const refused: [Record<string, unknown>, number, string, RegExp | string][] = [
      [
        { issuer: '', clientId: CLIENT_ID, clientSecret: SECRET },
        400,
        'VALIDATION_FAILED',
        /issuer URL/,
      ],
      [
        { issuer: 'login.example.com', clientId: CLIENT_ID, clientSecret: SECRET },
        400,
        'VALIDATION_FAILED',
        ssoIssuerNotUrl,
      ],
      [
        { issuer: 'ftp://login.example.com', clientId: CLIENT_ID, clientSecret: SECRET },
        400,
        'VALIDATION_FAILED',
        ssoIssuerNotUrl,
      ],
      [
        {
          issuer: 'https://login.example.com/?tenant=1',
          clientId: CLIENT_ID,
          clientSecret: SECRET,
        },
        400,
        'VALIDATION_FAILED',
        /without a user name/,
      ],
      [
        { issuer: `https://${'a'.repeat(600)}.example`, clientId: CLIENT_ID, clientSecret: SECRET },
        400,
        'VALIDATION_FAILED',
        /at most 500/,
      ],
      [
        { issuer: ISSUER, clientId: '  ', clientSecret: SECRET },
        400,
        'VALIDATION_FAILED',
        /client ID/,
      ],
      [
        { issuer: ISSUER, clientId: 'a\nb', clientSecret: SECRET },
        400,
        'VALIDATION_FAILED',
        /one line/,
      ],
      [
        { issuer: ISSUER, clientId: CLIENT_ID, clientSecret: 'x'.repeat(1025) },
        400,
        'VALIDATION_FAILED',
        /at most 1024/,
      ],
      [
        { issuer: ISSUER, clientId: CLIENT_ID, clientSecret: 7 },
        400,
        'VALIDATION_FAILED',
        /Client secret/,
      ],
      // A first connection needs its secret.
      [{ issuer: ISSUER, clientId: CLIENT_ID }, 400, 'VALIDATION_FAILED', ssoClientSecretRequired],
      [
        { issuer: ISSUER, clientId: CLIENT_ID, clientSecret: '' },
        400,
        'VALIDATION_FAILED',
        ssoClientSecretRequired,
      ],
      // http:// only for a local provider on a development copy.
      [
        { issuer: 'http://localhost:8790', clientId: CLIENT_ID, clientSecret: SECRET },
        400,
        'SSO_PROVIDER_REFUSED',
        ssoIssuerNotHttps,
      ],
      [
        { issuer: 'http://idp.example', clientId: CLIENT_ID, clientSecret: SECRET },
        400,
        'SSO_PROVIDER_REFUSED',
        ssoIssuerNotHttps,
      ],
      [
        { issuer: 'https://unreachable.example', clientId: CLIENT_ID, clientSecret: SECRET },
        400,
        'SSO_PROVIDER_REFUSED',
        /could not reach https:\/\/unreachable\.example/,
      ],
      [
        { issuer: 'https://notfound.example', clientId: CLIENT_ID, clientSecret: SECRET },
        400,
        'SSO_PROVIDER_REFUSED',
        /answered 404/,
      ],
      [
        { issuer: 'https://moved.example', clientId: CLIENT_ID, clientSecret: SECRET },
        400,
        'SSO_PROVIDER_REFUSED',
        /answered 302/,
      ],
      [
        { issuer: 'https://html.example', clientId: CLIENT_ID, clientSecret: SECRET },
        400,
        'SSO_PROVIDER_REFUSED',
        /is not an OpenID configuration/,
      ],
      [
        { issuer: 'https://mismatch.example', clientId: CLIENT_ID, clientSecret: SECRET },
        400,
        'SSO_PROVIDER_REFUSED',
        `The provider at https://mismatch.example names its issuer ${other}. Enter exactly that issuer URL, then save again. Nothing was saved.`,
      ],
      [
        { issuer: 'https://notoken.example', clientId: CLIENT_ID, clientSecret: SECRET },
        400,
        'SSO_PROVIDER_REFUSED',
        /no usable token endpoint/,
      ],
      [
        { issuer: 'https://insecure-endpoint.example', clientId: CLIENT_ID, clientSecret: SECRET },
        400,
        'SSO_PROVIDER_REFUSED',
        /no usable authorization endpoint/,
      ],
    ];
    for (const [body, status, code, message] of refused) {
      const text = await expectRefused(await save(w, body), status, code);
      if (typeof message === 'string') expect(text, JSON.stringify(body)).toBe(message);
      else expect(text, JSON.stringify(body)).toMatch(message);
      expect(await connectionRows(w.organizationId)).toEqual([]);
    }
    // Nothing was fetched for what the form or the setting refused.
    expect(asked.some((url) => url.startsWith('http:'))).toBe(false);
    expect(asked.some((url) => url.includes('login.example.com'))).toBe(false);
    expect(await feed(w.organizationId)).toEqual([]);

    // A saved connection stays as it was when a change is refused.
    fakeProviders({ [wellKnown(ISSUER)]: () => json(document(ISSUER)) });
    expect(
      (await save(w, { issuer: ISSUER, clientId: CLIENT_ID, clientSecret: SECRET })).status,
    ).toBe(200);
    const [before] = await connectionRows(w.organizationId);
    await expectRefused(
      await save(w, {
        issuer: 'https://unreachable.example',
        clientId: 'other',
        clientSecret: 'x',
      }),
      400,
      'SSO_PROVIDER_REFUSED',
    );
    expect(await connectionRows(w.organizationId)).toEqual([before]);
  }, 30_000);

  it('gives up on a provider that does not answer in time', async () => {
    const never = ((_url: string, init: { signal?: AbortSignal }) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      })) as never;
    const client = createOidcClient({ fetch: never, checkTimeoutMs: 50 });
    const failure = await client
      .checkProvider('https://slow.example')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderCheckFailure);
    expect((failure as ProviderCheckFailure).problem).toEqual({ kind: 'timeout' });
    // And the owner reads it in words (the sentence for a timeout).
    expect(ssoIssuerTimeout('https://slow.example')).toMatch(/did not answer within a few seconds/);
  });

  it('takes the local provider at http://localhost on a development copy', async () => {
    const w = await world(accountApp({ env: { ENVIRONMENT: 'development' } }));
    const local = 'http://localhost:8790';
    fakeProviders({ [wellKnown(local)]: () => json(document(local)) });
    const response = await save(w, {
      issuer: local,
      clientId: 'sheetwright-local',
      clientSecret: 'local-idp-secret-not-for-production',
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await response.json<SsoChange>()).settings.connection?.issuer).toBe(local);
    // Still only this computer: another http:// provider is refused.
    await expectRefused(
      await save(w, { issuer: 'http://idp.example', clientId: 'x', clientSecret: 'y' }),
      400,
      'SSO_PROVIDER_REFUSED',
      ssoIssuerNotHttps,
    );
  }, 20_000);
});

describe('the save limit', () => {
  it('refuses saves over the limit without asking the provider', async () => {
    const w = await world();
    const asked = fakeProviders({ [wellKnown(ISSUER)]: () => json(document(ISSUER)) });
    const { max } = limits.rateLimits.ssoSavesPerOrganization;
    await queryAll(
      'INSERT INTO rate_limits (key, count, window_start) VALUES (?, ?, ?)',
      `ssoSavesPerOrganization:${w.organizationId}`,
      max,
      w.app.clock.now,
    );
    const refused = await save(w, { issuer: ISSUER, clientId: CLIENT_ID, clientSecret: SECRET });
    expect(await expectRefused(refused, 429, 'TOO_MANY_ATTEMPTS')).toMatch(
      /Too many saves of the single sign-on settings/,
    );
    expect(asked).toEqual([]);
    expect(await connectionRows(w.organizationId)).toEqual([]);
  }, 20_000);
});

describe('the last sign-in and failure', () => {
  it('shows what sign-in recorded to the owner and on the console', async () => {
    const w = await world();
    fakeProviders({ [wellKnown(ISSUER)]: () => json(document(ISSUER)) });
    expect(
      (await save(w, { issuer: ISSUER, clientId: CLIENT_ID, clientSecret: SECRET })).status,
    ).toBe(200);
    const signedInAt = w.app.clock.now + 60_000;
    const failedAt = w.app.clock.now + 120_000;
    await queryAll(
      'UPDATE organization_sso SET last_sign_in_at = ?, last_sign_in_email = ?, last_failure_at = ?, last_failure = ? WHERE organization_id = ?',
      signedInAt,
      'ada@northwind.test',
      failedAt,
      'The provider said the client secret has expired.',
      w.organizationId,
    );
    const expected = {
      lastSignInAt: new Date(signedInAt).toISOString(),
      lastSignInEmail: 'ada@northwind.test',
      lastFailureAt: new Date(failedAt).toISOString(),
      lastFailure: 'The provider said the client secret has expired.',
    };
    expect((await settings(w)).connection).toMatchObject(expected);
    const detail = await adminGet(w.app, w.admin, `/api/admin/organizations/${w.organizationId}`);
    expect((await detail.json<OrganizationDetail>()).sso).toMatchObject({
      ...expected,
      issuer: ISSUER,
      clientId: CLIENT_ID,
      required: false,
    });
  }, 20_000);
});

describe('requiring single sign-on and disconnecting', () => {
  it('requires a connection and a verified domain, and writes each change to the feed', async () => {
    const w = await world();
    await expectRefused(await setRequired(w, true), 409, 'SSO_NOT_READY', ssoNeedsConnection);
    await expectRefused(await setRequired(w, false), 409, 'SSO_NOT_READY', ssoNeedsConnection);
    fakeProviders({ [wellKnown(ISSUER)]: () => json(document(ISSUER)) });
    expect(
      (await save(w, { issuer: ISSUER, clientId: CLIENT_ID, clientSecret: SECRET })).status,
    ).toBe(200);
    await expectRefused(await setRequired(w, true), 409, 'SSO_NOT_READY', ssoNeedsVerifiedDomain);
    await expectRefused(await setRequired(w, 'yes'), 400, 'VALIDATION_FAILED');
    expect((await connectionRows(w.organizationId))[0]?.required).toBe(0);

    const domain = await verifyDomain(w);
    const on = await setRequired(w, true);
    expect(on.status, await on.clone().text()).toBe(200);
    const change = await on.json<SsoChange>();
    expect(change.message).toBe(ssoRequiredOn);
    expect(change.settings.connection?.required).toBe(true);
    expect(change.settings.verifiedDomains).toEqual([domain]);
    // The same again changes nothing and writes nothing.
    expect((await setRequired(w, true)).status).toBe(200);
    const off = await setRequired(w, false);
    expect((await off.json<SsoChange>()).message).toBe(ssoRequiredOff);
    expect((await settings(w)).connection?.required).toBe(false);

    // Disconnecting clears the row; "required" goes with it.
    expect((await setRequired(w, true)).status).toBe(200);
    const gone = await w.app.request('/api/team/sso', {
      method: 'DELETE',
      headers: w.owner.browser,
    });
    expect(gone.status, await gone.clone().text()).toBe(200);
    const after = await gone.json<SsoChange>();
    expect(after.message).toBe(ssoDisconnected);
    expect(after.settings.connection).toBeNull();
    expect(await connectionRows(w.organizationId)).toEqual([]);
    const again = await w.app.request('/api/team/sso', {
      method: 'DELETE',
      headers: w.owner.browser,
    });
    await expectRefused(again, 404, 'NOT_FOUND', ssoNotConnected);

    const email = w.owner.form.email;
    expect(await feed(w.organizationId)).toEqual([
      { kind: 'sso-connected', detail: `Single sign-on connected to ${ISSUER} by ${email}` },
      { kind: 'sso-required-changed', detail: `Single sign-on required by ${email}` },
      { kind: 'sso-required-changed', detail: `Single sign-on no longer required, by ${email}` },
      { kind: 'sso-required-changed', detail: `Single sign-on required by ${email}` },
      { kind: 'sso-disconnected', detail: `Single sign-on disconnected by ${email}` },
    ]);
    // The owner's Team activity shows them.
    const activity = await w.app.request('/api/team/activity', { headers: w.owner.browser });
    expect(await activity.text()).toContain('Single sign-on disconnected by');
  }, 30_000);
});

describe('who may change it', () => {
  it('belongs to the owner alone', async () => {
    const w = await world();
    const stranger = await signUpTrial(w.app);
    fakeProviders({ [wellKnown(ISSUER)]: () => json(document(ISSUER)) });
    const body = { issuer: ISSUER, clientId: CLIENT_ID, clientSecret: SECRET };
    for (const response of [
      await w.app.request('/api/team/sso', { headers: stranger.browser }),
      await save(w, body, stranger),
      await setRequired(w, false, stranger),
      await w.app.request('/api/team/sso', { method: 'DELETE', headers: stranger.browser }),
    ]) {
      await expectRefused(response, 403, 'FORBIDDEN');
    }
    const anonymous = await w.app.request('/api/team/sso', { method: 'PUT', json: body });
    expect(anonymous.status).toBe(401);
    expect(await connectionRows(w.organizationId)).toEqual([]);
  }, 20_000);

  it('asks the owner to prove it is them before a save or a SCIM token', async () => {
    const w = await world();
    fakeProviders({ [wellKnown(ISSUER)]: () => json(document(ISSUER)) });
    w.app.clock.advance(11 * 60);
    const body = { issuer: ISSUER, clientId: CLIENT_ID, clientSecret: SECRET };
    await expectRefused(await save(w, body), 403, 'FRESH_VERIFICATION_REQUIRED');
    const token = await w.app.request('/api/team/scim/token', {
      method: 'POST',
      headers: w.owner.browser,
    });
    await expectRefused(token, 403, 'FRESH_VERIFICATION_REQUIRED');
    expect(await connectionRows(w.organizationId)).toEqual([]);

    const proof = await w.app.post(
      '/api/verify-identity',
      { password: w.owner.form.password },
      w.owner.browser,
    );
    expect(proof.status, await proof.clone().text()).toBe(200);
    expect((await save(w, body)).status).toBe(200);
    const retried = await w.app.request('/api/team/scim/token', {
      method: 'POST',
      headers: w.owner.browser,
    });
    expect(retried.status).toBe(200);
  }, 20_000);
});
