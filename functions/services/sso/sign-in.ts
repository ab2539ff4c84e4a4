/**
 * Signing in through an organization's own identity provider (OpenID Connect):
 *
 * - `startSsoSignIn`: the address's organization (its verified domain, with a connection), a
 *   sign-in under way (`sso_sign_ins`: state, PKCE verifier, nonce, 10 minutes, the page to go
 *   on to) and the provider's authorization URL. The route keeps the state in an HttpOnly cookie,
 *   so the answer is taken only in the browser that asked.
 * - `completeSsoSignIn`: the provider's answer at /sso/callback. The state must be the cookie's
 *   and still waiting (it is deleted as it is taken: a replayed answer finds nothing); the code is
 *   exchanged and the ID token checked by the OIDC adapter; the token's address must be on a
 *   verified domain of THAT organization. Then the person's account: signed in as it is when a
 *   member (or the owner); otherwise joined to the team just in time (source `sso`, a free seat
 *   taken in the same conditional INSERT as every join), a new account first when the address has
 *   none. No free seat: nothing is created, the person waits in `sso_seat_waits` and the owner
 *   hears of it once a day (seat-waits.ts).
 *
 * Every failure after the provider is recorded on the connection (`lastFailureAt`, `lastFailure`)
 * for the owner's settings, and answered in plain words; the session itself is the route's
 * (accounts/sign-in-session.ts), with no second step: the provider owns the second factor.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import * as SsoTexts from '../../../src/contract/sso-texts';
import { returnPath } from '../../../src/lib/auth/return-path';
import { site } from '../../../src/site.config';
import { OidcFailure, type OidcConnection, type OidcIdentity } from '../../adapters/types';
import {
  devices,
  licenses,
  organizationDomains,
  organizationMembers,
  organizations,
  organizationSso,
  ssoSeatWaits,
  ssoSignIns,
  users,
  type OrganizationRow,
  type UserRow,
} from '../../db/schema';
import { fail } from '../../lib/errors';
import { freeDevicesStatements } from '../core/licenses/devices';
import { generateLicenseKey } from '../core/licenses/license-keys';
import { seatsHeldSql } from '../core/organizations/seats';
import {
  openClientSecret,
  ssoConnectionOf,
  ssoRouteForEmail,
} from '../core/organizations/sso-connections';
import { domainOfEmail } from '../core/organizations/verified-domains';
import { isCancellable, newestSubscription } from '../core/payments/subscriptions';
import { teamEvent } from '../core/team-feed';
import { findUserByEmail, findUserById, newUser } from '../core/users/users';
import { randomToken } from '../shared/crypto';
import { isUniqueViolation, type Db, type Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { normalizeEmail } from '../shared/emails';
import { enforceRateLimit } from '../shared/rate-limit';
import { mailSeatWaits } from './seat-waits';

/** How long a sign-in may stay at the provider. */
export const SSO_SIGN_IN_MINUTES = 10;

/** The path the provider sends the browser back to (its redirect URI, on the site's origin). */
export const SSO_CALLBACK_PATH = '/sso/callback';

/** The redirect URI registered at the provider: the site's origin and the callback path. */
export const ssoRedirectUri = (origin: string) => new URL(SSO_CALLBACK_PATH, origin).toString();

/**
 * The page to go on to once signed in: one of the site's own account pages (the dashboard, the
 * plugin's /activate with its code, the console), never anywhere else; null for the dashboard.
 */
export function allowedReturnTo(next: string | null | undefined): string | null {
  if (!next) return null;
  const path = returnPath(next);
  return path === next ? path : null;
}

/** What the login page says of an address: its organization's single sign-on, or none. */
export async function ssoForEmail(
  { db }: Pick<Deps, 'db'>,
  email: string,
): Promise<{ organizationName: string } | null> {
  const route = await ssoRouteForEmail(db, normalizeEmail(email));
  return route ? { organizationName: route.organization.name } : null;
}

/** A sign-in sent to the provider: the state for the cookie, and where the browser goes. */
export interface SsoStart {
  organizationName: string;
  state: string;
  expiresAt: Millis;
  location: string;
}

/** Opens the connection's secret for the OIDC client. */
async function clientOf(
  deps: Pick<Deps, 'secrets'>,
  connection: Parameters<typeof openClientSecret>[1] & { issuer: string; clientId: string },
): Promise<OidcConnection> {
  return {
    issuer: connection.issuer,
    clientId: connection.clientId,
    clientSecret: await openClientSecret(deps, connection),
  };
}

/** Records why a sign-in failed at or after the provider, for the owner's settings. */
async function recordFailure(db: Db, organizationId: string, now: Millis, why: string) {
  await db
    .update(organizationSso)
    .set({ lastFailureAt: now, lastFailure: why.slice(0, 500) })
    .where(eq(organizationSso.organizationId, organizationId));
}

/**
 * POST /sso/start: the sign-in under way and the provider's authorization URL. 404
 * SSO_NOT_AVAILABLE for an address without single sign-on; 502 when the provider's discovery
 * fails (recorded on the connection).
 */
export async function startSsoSignIn(
  deps: Deps,
  input: { email: string; next?: string | null | undefined },
): Promise<SsoStart> {
  const { db, now } = deps;
  await enforceRateLimit(deps, 'loginPerIp', deps.client.ip);
  const emailNormalized = normalizeEmail(input.email);
  const route = await ssoRouteForEmail(db, emailNormalized);
  if (!route) throw fail('SSO_NOT_AVAILABLE');
  const { organization, connection } = route;
  const state = randomToken();
  const nonce = randomToken();
  const codeVerifier = randomToken();
  const expiresAt = now + SSO_SIGN_IN_MINUTES * 60_000;
  let location: URL;
  try {
    location = await deps.oidc.authorizationUrl(await clientOf(deps, connection), {
      redirectUri: ssoRedirectUri(deps.origin),
      state,
      nonce,
      codeVerifier,
      loginHint: emailNormalized,
    });
  } catch (error) {
    if (!(error instanceof OidcFailure)) throw error;
    await recordFailure(db, organization.id, now, `Discovery failed: ${error.detail}`);
    throw fail('SSO_PROVIDER_UNAVAILABLE', {
      message: SsoTexts.providerUnavailable(organization.name),
    });
  }
  await db.batch([
    // Sign-ins nobody finished are of no use once their minutes are over.
    db.delete(ssoSignIns).where(sql`${ssoSignIns.expiresAt} <= ${now}`),
    db.insert(ssoSignIns).values({
      id: state,
      organizationId: organization.id,
      emailNormalized,
      codeVerifier,
      nonce,
      returnTo: allowedReturnTo(input.next),
      createdAt: now,
      expiresAt,
    }),
  ]);
  return { organizationName: organization.name, state, expiresAt, location: location.toString() };
}

/** Signed in by the provider: the account, and the page to go on to. */
export interface SsoSignedIn {
  user: UserRow;
  returnTo: string | null;
  organizationId: string;
}

/** A sign-in under way, taken by the provider's answer (its row, deleted as it was read). */
export type TakenSsoSignIn = typeof ssoSignIns.$inferSelect;

/**
 * GET /sso/callback, first: the sign-in under way whose state the provider's answer (`callback`,
 * the full URL it sent the browser to) and the browser's cookie (`cookieState`) both carry.
 * Taken once: its row is deleted as it is read, so a second answer with the same state (a
 * replayed code) finds nothing. Throws SSO_SIGN_IN_EXPIRED when there is none.
 */
export async function takeSsoSignIn(
  deps: Pick<Deps, 'db' | 'now'>,
  input: { callback: URL; cookieState: string | undefined },
): Promise<TakenSsoSignIn> {
  const state = input.callback.searchParams.get('state');
  // Another browser's answer, or a forged one: the state must be this browser's own.
  if (!state || !input.cookieState || state !== input.cookieState) {
    throw fail('SSO_SIGN_IN_EXPIRED');
  }
  const [pending] = await deps.db
    .delete(ssoSignIns)
    .where(and(eq(ssoSignIns.id, state), gt(ssoSignIns.expiresAt, deps.now)))
    .returning();
  if (!pending) throw fail('SSO_SIGN_IN_EXPIRED');
  return pending;
}

/**
 * GET /sso/callback, then: the provider's answer (`callback`) for the sign-in it took
 * (`pending`). Throws the plain refusal for every failure; answers the account to start a
 * session for.
 */
export async function completeSsoSignIn(
  deps: Deps,
  pending: TakenSsoSignIn,
  callback: URL,
): Promise<SsoSignedIn> {
  const { db, now } = deps;
  const [connection, organization] = await Promise.all([
    ssoConnectionOf(db, pending.organizationId),
    organizationById(db, pending.organizationId),
  ]);
  if (!connection || !organization) throw fail('SSO_NOT_AVAILABLE');
  const name = organization.name;
  let identity: OidcIdentity;
  try {
    identity = await deps.oidc.exchangeCode(await clientOf(deps, connection), {
      callback,
      state: pending.id,
      redirectUri: ssoRedirectUri(deps.origin),
      codeVerifier: pending.codeVerifier,
      nonce: pending.nonce,
      now,
    });
  } catch (error) {
    if (!(error instanceof OidcFailure)) throw error;
    await recordFailure(db, organization.id, now, failureText(error));
    if (error.kind === 'discovery') {
      throw fail('SSO_PROVIDER_UNAVAILABLE', { message: SsoTexts.providerUnavailable(name) });
    }
    if (error.kind === 'provider-error') {
      throw fail('SSO_FAILED', { message: SsoTexts.providerRefused(name) });
    }
    throw fail('SSO_FAILED', { message: SsoTexts.tokenRefused(name) });
  }
  const emailNormalized = normalizeEmail(identity.email);
  if (!identity.emailVerified) {
    await recordFailure(db, organization.id, now, `${emailNormalized}: address not verified`);
    throw fail('SSO_WRONG_DOMAIN', { message: SsoTexts.unverifiedEmail(name) });
  }
  if (!(await isVerifiedDomainOf(db, organization.id, emailNormalized))) {
    await recordFailure(
      db,
      organization.id,
      now,
      `${emailNormalized}: not on a verified domain of the organization`,
    );
    throw fail('SSO_WRONG_DOMAIN', { message: SsoTexts.wrongDomain(name) });
  }
  const user = await accountFor(deps, organization, identity, emailNormalized);
  await db.batch([
    db
      .update(organizationSso)
      .set({ lastSignInAt: now, lastSignInEmail: emailNormalized })
      .where(eq(organizationSso.organizationId, organization.id)),
    // Signed in: no longer waiting for a seat.
    db
      .delete(ssoSeatWaits)
      .where(
        and(
          eq(ssoSeatWaits.organizationId, organization.id),
          eq(ssoSeatWaits.emailNormalized, emailNormalized),
        ),
      ),
  ]);
  return { user, returnTo: pending.returnTo, organizationId: organization.id };
}

/** The failure as the owner's settings show it. */
function failureText(error: OidcFailure): string {
  const what = {
    discovery: 'The provider could not be reached',
    'provider-error': 'The provider answered an error',
    'bad-answer': "The provider's answer could not be read",
    'token-refused': 'The token request was refused',
    'id-token': 'The ID token was refused',
  }[error.kind];
  return `${what}: ${error.detail}`;
}

async function organizationById(db: Db, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

/** Whether the address's domain is a VERIFIED domain of this organization. */
async function isVerifiedDomainOf(db: Db, organizationId: string, email: string) {
  const domain = domainOfEmail(email);
  if (!domain) return false;
  const [row] = await db
    .select({ id: organizationDomains.id })
    .from(organizationDomains)
    .where(
      and(
        eq(organizationDomains.organizationId, organizationId),
        eq(organizationDomains.domain, domain),
        eq(organizationDomains.status, 'verified'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The organization a user is a member of now, if any. */
async function currentOrganizationOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.userId, userId), sql`${organizationMembers.removedAt} is null`),
    )
    .limit(1);
  return row?.organizationId ?? null;
}

/** The plan a member's license has: Standard in a team (bought per seat), else Enterprise. */
const memberPlan = (organization: Pick<OrganizationRow, 'kind'>) =>
  organization.kind === 'team' ? ('Standard' as const) : ('Enterprise' as const);

/**
 * The account the provider vouched for, a member of the organization: as it is when it is a
 * member or the owner; joined just in time otherwise (a new account first when there is none).
 */
async function accountFor(
  deps: Deps,
  organization: OrganizationRow,
  identity: OidcIdentity,
  emailNormalized: string,
  retried = false,
): Promise<UserRow> {
  const { db, now } = deps;
  const name = organization.name;
  const existing = await findUserByEmail(db, emailNormalized);
  if (existing?.isDeleted) throw fail('ACCOUNT_DELETED', { message: SsoTexts.deletedAccount });
  if (existing) {
    const memberOf = await currentOrganizationOf(db, existing.id);
    if (memberOf === organization.id || organization.ownerUserId === existing.id) return existing;
    if (memberOf !== null) throw fail('ALREADY_MEMBER', { message: SsoTexts.otherTeam(name) });
    if (isCancellable(await newestSubscription(db, existing.id))) {
      throw fail('ALREADY_MEMBER', { message: SsoTexts.ownSubscription(name) });
    }
  }
  if (organization.termEnd <= now) {
    throw fail('SSO_NO_SEAT', { message: SsoTexts.termEnded(name) });
  }
  const account =
    existing ??
    newUser(
      {
        customerName: identity.name || emailNormalized.split('@')[0] || emailNormalized,
        email: identity.email,
        emailNormalized,
        passwordHash: null,
        googleSub: null,
      },
      memberPlan(organization),
      now,
    );
  let joined: boolean;
  try {
    joined = await joinJustInTime(db, organization, account, existing === undefined, now);
  } catch (error) {
    // The same person's other sign-in made the account or the member a moment ago: take the
    // account as it now is (once).
    if (
      !retried &&
      (isUniqueViolation(error, 'users') || isUniqueViolation(error, 'organization_members'))
    )
      return accountFor(deps, organization, identity, emailNormalized, true);
    throw error;
  }
  if (!joined) {
    await waitForSeat(deps, organization, emailNormalized, identity.name);
    throw fail('SSO_NO_SEAT', { message: SsoTexts.noSeat(name) });
  }
  const user = await findUserById(db, account.id);
  if (!user) throw new Error(`Account ${account.id} was not written`);
  return user;
}

/**
 * ONE batch makes the member: the conditional INSERT that needs the term running and a free seat
 * (members and open invitations count), after the new account's row (when `isNew`) on the same
 * condition; then, each only if the member was written, the devices of older licenses freed, the
 * plan, the license and the feed's event. False when no seat was free (nothing written).
 */
async function joinJustInTime(
  db: Db,
  organization: OrganizationRow,
  account: UserRow,
  isNew: boolean,
  now: Millis,
): Promise<boolean> {
  const memberId = crypto.randomUUID();
  const licenseId = crypto.randomUUID();
  const plan = memberPlan(organization);
  const seated = sql`exists (select 1 from organization_members where id = ${memberId})`;
  const canJoin = sql`exists (select 1 from organizations as o where o.id = ${organization.id}
    and o.term_end > ${now} and ${seatsHeldSql(sql`${organization.id}`, now)} < o.seats)`;
  const statements: BatchItem<'sqlite'>[] = [
    // A new account first (the member row refers to it), on the same condition as the member.
    // Values in the tables' column order (schema.ts): no password, no Google account.
    ...(isNew
      ? [
          db
            .insert(users)
            .select(
              sql`select ${account.id}, ${account.customerName}, ${account.email}, ${account.emailNormalized}, null, null, ${plan}, 0, null, null, ${now}, ${now}, null, 1 where ${canJoin}`,
            ),
        ]
      : []),
    // The one conditional statement; the roster columns are the triggers'.
    db
      .insert(organizationMembers)
      .select(
        sql`select ${memberId}, ${organization.id}, ${account.id}, ${licenseId}, ${now}, null, '', '', 0, null, 'sso' where ${canJoin}`,
      )
      .returning({ id: organizationMembers.id }),
    ...(isNew
      ? []
      : [
          // Devices on the account's older licenses are freed: those keys now read REVOKED.
          ...freeDevicesStatements(
            db,
            { column: devices.userId, value: account.id },
            'system',
            now,
            seated,
          ),
          db
            .update(users)
            .set({ plan, updatedAt: now })
            .where(sql`${users.id} = ${account.id} and ${seated}`),
        ]),
    db.insert(licenses).select(
      sql`select ${licenseId}, ${account.id}, ${generateLicenseKey()}, ${plan}, 'active', ${now}, o.term_end, max(${now}, coalesce((select max(created_at) + 1 from licenses where user_id = ${account.id}), 0)), ${site.currentVersion}, null
        from organizations as o where o.id = ${organization.id} and ${seated}`,
    ),
    teamEvent(
      db,
      {
        organizationId: organization.id,
        userId: account.id,
        actorUserId: account.id,
        kind: 'joined',
        detail: `${account.email} (by single sign-on)`,
        now,
      },
      seated,
    ),
  ];
  const results = (await db.batch(
    statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]],
  )) as unknown[];
  const rows = results[isNew ? 1 : 0] as unknown[];
  return rows.length > 0;
}

/**
 * The person waits for a seat: one row per address (its last try updated), and the owner is told
 * now unless they were told in the last day (the hourly cron tells them of the rest).
 */
async function waitForSeat(
  deps: Deps,
  organization: OrganizationRow,
  emailNormalized: string,
  name: string,
) {
  const { db, now } = deps;
  await db
    .insert(ssoSeatWaits)
    .values({
      id: crypto.randomUUID(),
      organizationId: organization.id,
      emailNormalized,
      name: name || null,
      firstTriedAt: now,
      lastTriedAt: now,
    })
    .onConflictDoUpdate({
      target: [ssoSeatWaits.organizationId, ssoSeatWaits.emailNormalized],
      set: { lastTriedAt: now, name: name || null },
    });
  try {
    await mailSeatWaits(deps, organization.id);
  } catch (error) {
    // The row waits; the hourly cron tells the owner.
    console.error('Could not tell the owner of people waiting for a seat; the cron will:', error);
  }
}
