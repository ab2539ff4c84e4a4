/**
 * Helpers for the single sign-on tests: an app whose OIDC client talks to a fake provider, an
 * organization with a verified domain and a connection seeded directly (the owner's settings are
 * not under test here), and a browser that goes through /sso/start, the provider and
 * /sso/callback keeping its cookies.
 */
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { sealClientSecret } from '../../functions/services/core/organizations/sso-connections';
import { SSO_STATE_COOKIE } from '../../functions/routes/sso';
import { accountApp, signUpTrial, type AccountApp, type SignedInAccount } from './account-helpers';
import type { OidcClient } from '../../functions/adapters/types';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  fakeOidcProvider,
  type FakeOidcProvider,
} from './fake-oidc-provider';
import { ORIGIN, testDeps } from './helpers';

export interface SsoWorld {
  app: AccountApp;
  provider: FakeOidcProvider;
  organizationId: string;
  organizationName: string;
  owner: SignedInAccount;
  /** The organization's verified domain. */
  domain: string;
}

/** A domain no other test uses. */
export const freshDomain = () => `northwind-${crypto.randomUUID().slice(0, 8)}.example`;

/** One app per test file; its OIDC client is the current world's fake provider. */
let shared: { app: AccountApp; provider: { current: FakeOidcProvider | null } } | null = null;

/** The OIDC client of whichever fake provider the current world has. */
function delegatingClient(provider: { current: FakeOidcProvider | null }): OidcClient {
  const current = () => {
    if (!provider.current) throw new Error('no fake provider yet');
    return provider.current.client;
  };
  return {
    checkProvider: (issuer) => current().checkProvider(issuer),
    authorizationUrl: (connection, request) => current().authorizationUrl(connection, request),
    exchangeCode: (connection, request) => current().exchangeCode(connection, request),
  };
}

/**
 * An organization (`seats` seats, a year's term) owned by a fresh trial account (`ownerEmail`
 * when given), with a verified domain and a connection to a fresh fake provider. The rows are
 * written directly, as the console and the owner's settings would.
 */
export async function ssoWorld(
  options: {
    seats?: number;
    required?: boolean;
    domain?: string;
    ownerEmail?: (domain: string) => string;
  } = {},
): Promise<SsoWorld> {
  if (!shared) {
    const slot: { current: FakeOidcProvider | null } = { current: null };
    shared = { app: accountApp({ oidc: delegatingClient(slot) }), provider: slot };
  }
  const { app } = shared;
  const provider = await fakeOidcProvider(() => app.clock.now);
  shared.provider.current = provider;
  const domain = options.domain ?? freshDomain();
  const owner = await signUpTrial(
    app,
    options.ownerEmail ? { email: options.ownerEmail(domain) } : {},
  );
  const id = crypto.randomUUID();
  const name = `Northwind ${id.slice(0, 4)}`;
  const now = app.clock.now;
  await env.DB.prepare(
    `INSERT INTO organizations (id, name, owner_user_id, seats, device_limit, term_start, term_end, support_tier, created_at, updated_at)
     VALUES (?, ?, ?, ?, 3, ?, ?, 'priority', ?, ?)`,
  )
    .bind(
      id,
      name,
      owner.auth.user.userId,
      options.seats ?? 3,
      now,
      now + 365 * 86_400_000,
      now,
      now,
    )
    .run();
  await seedSso(
    app,
    id,
    owner.auth.user.userId,
    domain,
    provider.issuer,
    options.required ?? false,
  );
  return { app, provider, organizationId: id, organizationName: name, owner, domain };
}

/** A verified domain and a connection, written as the owner's settings would. */
export async function seedSso(
  app: AccountApp,
  organizationId: string,
  ownerId: string,
  domain: string,
  issuer: string,
  required: boolean,
) {
  const now = app.clock.now;
  const sealed = await sealClientSecret(testDeps(now), organizationId, FAKE_CLIENT_SECRET);
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO organization_domains (id, organization_id, domain, token, status, added_by, created_at, verified_at, lapsed_at, checked_at)
       VALUES (?, ?, ?, ?, 'verified', ?, ?, ?, NULL, ?)`,
    ).bind(crypto.randomUUID(), organizationId, domain, 'tok', ownerId, now, now, now),
    env.DB.prepare(
      `INSERT INTO organization_sso (organization_id, issuer, client_id, client_secret_sealed, required, updated_by, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(organizationId, issuer, FAKE_CLIENT_ID, sealed, required ? 1 : 0, ownerId, now, now),
  ]);
}

/** A browser's POST of the login page's single sign-on form. */
export function startSso(app: AccountApp, email: string, next?: string) {
  return app.request(`/sso/start${next ? `?next=${encodeURIComponent(next)}` : ''}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: ORIGIN,
      'Sec-Fetch-Site': 'same-origin',
    },
    body: new URLSearchParams({ email }).toString(),
  });
}

/** The state cookie /sso/start set, as a Cookie header value. */
export function stateCookieOf(response: Response): string {
  const line = response.headers.getSetCookie().find((c) => c.startsWith(`${SSO_STATE_COOKIE}=`));
  if (!line) throw new Error('no state cookie was set');
  return line.split(';')[0]!;
}

/** The provider's answer arriving at the site in a browser with `cookie`. */
export function callback(app: AccountApp, url: URL, cookie?: string) {
  const path = `${url.pathname}${url.search}`;
  return app.request(path, cookie ? { headers: { Cookie: cookie } } : {});
}

/** /sso/start for `email`, answered with the provider's URL and the browser's cookie. */
export async function started(app: AccountApp, email: string, next?: string) {
  const response = await startSso(app, email, next);
  expect(response.status, await response.clone().text()).toBe(200);
  const page = await response.text();
  const refresh = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(page)?.[1];
  if (!refresh) throw new Error(`no way on to the provider: ${page}`);
  return { location: refresh.replaceAll('&amp;', '&'), cookie: stateCookieOf(response) };
}

/** The message the login page shows in its error element, from a refused answer. */
export async function pageMessage(response: Response): Promise<string> {
  const html = await response.text();
  const match = /id="login-form-error"[^>]*>([^<]*)</.exec(html);
  return (match?.[1] ?? '').replace(/&#39;|&#x27;/g, "'").replace(/&amp;/g, '&');
}

/** The whole sign-in as a browser does it; answers the callback's response. */
export async function signInBySso(
  world: SsoWorld,
  email: string,
  options: { next?: string; name?: string } = {},
) {
  const { location, cookie } = await started(world.app, email, options.next);
  const back = world.provider.signIn(location, { email, name: options.name ?? 'Ada Northwind' });
  return callback(world.app, back, cookie);
}
