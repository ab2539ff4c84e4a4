/**
 * The owner's single sign-on settings (the team page's Single sign-on section): the
 * organization's OpenID Connect connection read, saved, required or not, and disconnected, each
 * on the organization the signed-in account owns. Before a save, the issuer's discovery document
 * is fetched and checked by the OpenID Connect client (`checkProvider`, on oauth4webapi): it must be reachable, name the
 * same issuer and give an authorization, a token and a key endpoint, or nothing is saved. The
 * client secret is kept sealed (core/organizations/sso-connections.ts) and never answered. Every
 * change goes to the team feed in the batch that makes it. Signing in through the provider
 * (services/accounts/sso-*.ts) reads the row and records the last sign-in and failure.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  SSO_CALLBACK_PATH,
  ssoClientSecretRequired,
  ssoDisconnected,
  ssoIssuerMismatch,
  ssoIssuerMissingEndpoint,
  ssoIssuerNoDocument,
  ssoIssuerNotHttps,
  ssoIssuerNotJson,
  ssoIssuerTimeout,
  ssoIssuerUnreachable,
  ssoNeedsConnection,
  ssoNeedsVerifiedDomain,
  ssoNotConnected,
  ssoRequiredOff,
  ssoRequiredOn,
  ssoSaved,
  ssoUpdated,
  type SsoChange,
  type SsoSettings,
} from '../../../src/contract/sso-settings';
import type { SaveSsoBody } from '../../../src/contract/schemas/sso-settings';
import {
  organizationDomains,
  organizationSso,
  type OrganizationRow,
  type OrganizationSsoRow,
} from '../../db/schema';
import { ProviderCheckFailure, type ProviderCheckProblem } from '../../adapters/types';
import { fail } from '../../lib/errors';
import { sealClientSecret, ssoConnectionOf } from '../core/organizations/sso-connections';
import { teamEvent } from '../core/team-feed';
import type { SessionInfo } from '../core/users/sessions';
import { assertStepUp } from '../core/users/step-up';
import { findUserById } from '../core/users/users';
import { iso, isoOrNull, type Db } from '../shared/db';
import type { Deps } from '../shared/deps';
import { enforceRateLimit } from '../shared/rate-limit';
import { ownedOrganization } from './team';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for an issuer the Worker may ask: https, or http to this computer in development. */
function allowedIssuer(url: URL, development: boolean): boolean {
  if (url.protocol === 'https:') return true;
  return development && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
}

/** What was wrong with the provider's discovery document, in the owner's words. */
function providerRefusal(issuer: string, problem: ProviderCheckProblem): string {
  switch (problem.kind) {
    case 'timeout':
      return ssoIssuerTimeout(issuer);
    case 'unreachable':
      return ssoIssuerUnreachable(issuer);
    case 'no-document':
      return ssoIssuerNoDocument(issuer, problem.status);
    case 'not-json':
      return ssoIssuerNotJson(issuer);
    case 'issuer-mismatch':
      return ssoIssuerMismatch(issuer, problem.named);
    case 'missing-endpoint':
      return ssoIssuerMissingEndpoint(issuer, problem.what);
  }
}

/**
 * The issuer's discovery document, read and checked by the OpenID Connect client
 * (adapters/oidc.ts, on oauth4webapi): it names the same issuer and gives an authorization, a
 * token and a key (JWKS) endpoint. Anything else is 400 SSO_PROVIDER_REFUSED with a sentence
 * saying what went wrong.
 */
async function discoverProvider(deps: Pick<Deps, 'oidc'>, issuer: string) {
  try {
    return await deps.oidc.checkProvider(issuer);
  } catch (error) {
    if (!(error instanceof ProviderCheckFailure)) throw error;
    throw fail('SSO_PROVIDER_REFUSED', { message: providerRefusal(issuer, error.problem) });
  }
}

/** The organization's verified domains, in alphabetical order. */
async function verifiedDomainsOf(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: organizationDomains.domain })
    .from(organizationDomains)
    .where(
      and(
        eq(organizationDomains.organizationId, organizationId),
        eq(organizationDomains.status, 'verified'),
      ),
    )
    .orderBy(asc(organizationDomains.domain));
  return rows.map((row) => row.domain);
}

/** A connection as the owner and the console see it: never the secret, sealed or not. */
export function ssoConnectionView(row: OrganizationSsoRow): NonNullable<SsoSettings['connection']> {
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    secretSaved: row.clientSecretSealed !== '',
    required: row.required,
    updatedAt: iso(row.updatedAt),
    lastSignInAt: isoOrNull(row.lastSignInAt),
    lastSignInEmail: row.lastSignInEmail,
    lastFailureAt: isoOrNull(row.lastFailureAt),
    lastFailure: row.lastFailure,
  };
}

/** The settings of an organization, as the owner's section shows them. */
export async function ssoSettingsOf(
  { db, origin }: Pick<Deps, 'db' | 'origin'>,
  organization: Pick<OrganizationRow, 'id'>,
): Promise<SsoSettings> {
  const [connection, verifiedDomains] = await Promise.all([
    ssoConnectionOf(db, organization.id),
    verifiedDomainsOf(db, organization.id),
  ]);
  return {
    redirectUri: `${origin}${SSO_CALLBACK_PATH}`,
    verifiedDomains,
    connection: connection ? ssoConnectionView(connection) : null,
  };
}

/** The owner, for the feed's words. */
async function ownerOf(db: Db, userId: string) {
  const user = await findUserById(db, userId);
  return { userId, email: user?.email ?? '' };
}

/**
 * Saves the connection: a first one needs the client secret; a change without one keeps the
 * saved secret. The provider's discovery document is checked first; a refused one saves nothing.
 * A save clears the last failure, which was about the settings before.
 */
async function saveConnection(
  deps: Deps,
  session: SessionInfo,
  body: SaveSsoBody,
  options: { development: boolean },
): Promise<SsoChange> {
  const { db, now } = deps;
  const organization = await ownedOrganization(db, session.userId);
  await assertStepUp(deps, session, 'sso-settings');
  const before = await ssoConnectionOf(db, organization.id);
  if (!before && !body.clientSecret) {
    throw fail('VALIDATION_FAILED', { message: ssoClientSecretRequired });
  }
  if (!allowedIssuer(new URL(body.issuer), options.development)) {
    throw fail('SSO_PROVIDER_REFUSED', { message: ssoIssuerNotHttps });
  }
  await enforceRateLimit(deps, 'ssoSavesPerOrganization', organization.id);
  const provider = await discoverProvider(deps, body.issuer);
  const sealed = body.clientSecret
    ? await sealClientSecret(deps, organization.id, body.clientSecret)
    : null;
  const actor = await ownerOf(db, session.userId);
  const settings = {
    issuer: provider.issuer,
    clientId: body.clientId,
    updatedBy: session.userId,
    updatedAt: now,
    lastFailureAt: null,
    lastFailure: null,
  };
  const changed = [
    before && before.issuer !== provider.issuer ? `issuer ${provider.issuer}` : null,
    before && before.clientId !== body.clientId ? 'client ID' : null,
    before && sealed ? 'client secret' : null,
  ].filter((part) => part !== null);
  const event = (kind: 'sso-connected' | 'sso-changed', detail: string) =>
    teamEvent(db, {
      organizationId: organization.id,
      userId: null,
      actorUserId: session.userId,
      kind,
      detail,
      now,
    });
  if (sealed) {
    await db.batch([
      db
        .insert(organizationSso)
        .values({
          organizationId: organization.id,
          clientSecretSealed: sealed,
          createdAt: now,
          ...settings,
        })
        .onConflictDoUpdate({
          target: organizationSso.organizationId,
          set: { clientSecretSealed: sealed, ...settings },
        }),
      before
        ? event(
            'sso-changed',
            `Single sign-on changed by ${actor.email}: ${changed.join(', ') || 'saved again'}`,
          )
        : event(
            'sso-connected',
            `Single sign-on connected to ${provider.issuer} by ${actor.email}`,
          ),
    ]);
  } else {
    // Keeps the saved secret; the connection must still be there (not disconnected meanwhile).
    const [rows] = await db.batch([
      db
        .update(organizationSso)
        .set(settings)
        .where(eq(organizationSso.organizationId, organization.id))
        .returning({ id: organizationSso.organizationId }),
      teamEvent(
        db,
        {
          organizationId: organization.id,
          userId: null,
          actorUserId: session.userId,
          kind: 'sso-changed',
          detail: `Single sign-on changed by ${actor.email}: ${changed.join(', ') || 'saved again'}`,
          now,
        },
        sql`changes() = 1`,
      ),
    ]);
    if (rows.length === 0) throw fail('NOT_FOUND', { message: ssoNotConnected });
  }
  return {
    message: before ? ssoUpdated : ssoSaved,
    settings: await ssoSettingsOf(deps, organization),
  };
}

/**
 * "Require single sign-on" on or off: only with a connection, and on only with a verified
 * domain. Setting it as it already is changes nothing and writes no event.
 */
async function setRequired(deps: Deps, ownerId: string, required: boolean): Promise<SsoChange> {
  const { db, now } = deps;
  const organization = await ownedOrganization(db, ownerId);
  const connection = await ssoConnectionOf(db, organization.id);
  if (!connection) throw fail('SSO_NOT_READY', { message: ssoNeedsConnection });
  if (required && (await verifiedDomainsOf(db, organization.id)).length === 0) {
    throw fail('SSO_NOT_READY', { message: ssoNeedsVerifiedDomain });
  }
  const actor = await ownerOf(db, ownerId);
  await db.batch([
    db
      .update(organizationSso)
      .set({ required })
      .where(
        and(
          eq(organizationSso.organizationId, organization.id),
          ne(organizationSso.required, required),
        ),
      ),
    // Written only by the call that changed it.
    teamEvent(
      db,
      {
        organizationId: organization.id,
        userId: null,
        actorUserId: ownerId,
        kind: 'sso-required-changed',
        detail: required
          ? `Single sign-on required by ${actor.email}`
          : `Single sign-on no longer required, by ${actor.email}`,
        now,
      },
      sql`changes() = 1`,
    ),
  ]);
  return {
    message: required ? ssoRequiredOn : ssoRequiredOff,
    settings: await ssoSettingsOf(deps, organization),
  };
}

/** Deletes the connection and its sealed secret; "Require single sign-on" goes with it. */
async function disconnect(deps: Deps, ownerId: string): Promise<SsoChange> {
  const { db, now } = deps;
  const organization = await ownedOrganization(db, ownerId);
  const actor = await ownerOf(db, ownerId);
  const [rows] = await db.batch([
    db
      .delete(organizationSso)
      .where(eq(organizationSso.organizationId, organization.id))
      .returning({ issuer: organizationSso.issuer }),
    teamEvent(
      db,
      {
        organizationId: organization.id,
        userId: null,
        actorUserId: ownerId,
        kind: 'sso-disconnected',
        detail: `Single sign-on disconnected by ${actor.email}`,
        now,
      },
      sql`changes() = 1`,
    ),
  ]);
  if (rows.length === 0) throw fail('NOT_FOUND', { message: ssoNotConnected });
  return { message: ssoDisconnected, settings: await ssoSettingsOf(deps, organization) };
}

/** The owner's single sign-on calls, each on the organization they own (403 for anyone else). */
export const ownerSso = {
  async settings(deps: Deps, ownerId: string): Promise<SsoSettings> {
    return ssoSettingsOf(deps, await ownedOrganization(deps.db, ownerId, true));
  },
  save: saveConnection,
  setRequired,
  disconnect,
};
