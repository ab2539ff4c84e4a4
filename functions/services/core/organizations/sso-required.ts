/**
 * "Require single sign-on": while an organization's connection has `required` set, the addresses
 * of its verified domains sign in only through its identity provider. Password, Google and
 * passkey sign-in, signup and a password reset refuse them, with one sentence that names the way
 * in. The organization's owner is never refused: their way in must not depend on the provider
 * they configure (a broken connection would otherwise lock everyone out for good).
 * Kept in core/ so every way in may ask it.
 */
import { ssoRequired, ssoRequiredNoPassword } from '../../../../src/contract/sso-texts';
import { fail } from '../../../lib/errors';
import type { Db } from '../../shared/db';
import { ssoRouteForEmail, type SsoRoute } from './sso-connections';

/** The organization that requires single sign-on of this address, or null. */
export async function requiredSsoFor(db: Db, email: string): Promise<SsoRoute | null> {
  const route = await ssoRouteForEmail(db, email);
  return route?.connection.required ? route : null;
}

/**
 * Refuses a sign-in by password, Google or a passkey for `user` when their organization requires
 * single sign-on of their address (403 SSO_REQUIRED), unless they own that organization.
 */
export async function assertSignInAllowed(
  db: Db,
  user: { id: string; emailNormalized: string },
): Promise<void> {
  const route = await requiredSsoFor(db, user.emailNormalized);
  if (!route || route.organization.ownerUserId === user.id) return;
  throw fail('SSO_REQUIRED', { message: ssoRequired(route.organization.name) });
}

/**
 * Refuses a password of one's own (signup, a password reset) for an address whose organization
 * requires single sign-on, unless the address is its owner's (`userId`, when the account exists).
 */
export async function assertPasswordAllowedFor(
  db: Db,
  emailNormalized: string,
  userId?: string,
): Promise<void> {
  const route = await requiredSsoFor(db, emailNormalized);
  if (!route || (userId !== undefined && route.organization.ownerUserId === userId)) return;
  throw fail('SSO_REQUIRED', { message: ssoRequiredNoPassword(route.organization.name) });
}
