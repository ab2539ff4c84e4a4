/**
 * An organization's single sign-on connection as the rest of the site reads it: which provider
 * an address signs in through (by its verified domain), with the client secret opened only where
 * a token request needs it. The owner's settings (services/organizations/sso-settings.ts) write
 * the row; sign-in (services/accounts/sso-sign-in.ts) and "Require single sign-on" read it.
 * Kept in core/ so any feature may ask it.
 */
import { and, eq } from 'drizzle-orm';
import {
  organizationDomains,
  organizations,
  organizationSso,
  type OrganizationRow,
  type OrganizationSsoRow,
} from '../../../db/schema';
import { decryptText, encryptText } from '../../shared/crypto';
import type { Db } from '../../shared/db';
import type { Deps } from '../../shared/deps';
import { domainOfEmail } from './verified-domains';

/** The key purpose of a client secret: one key per organization, apart from every other use. */
const secretPurpose = (organizationId: string) => `sso-client-secret/${organizationId}`;

/** Seals a client secret for storage in `organization_sso.client_secret_sealed`. */
export function sealClientSecret(
  deps: Pick<Deps, 'secrets'>,
  organizationId: string,
  clientSecret: string,
): Promise<string> {
  return encryptText(deps.secrets.jwtSecret, secretPurpose(organizationId), clientSecret);
}

/** Opens a connection's client secret; throws if the sealed value was altered or moved. */
export function openClientSecret(
  deps: Pick<Deps, 'secrets'>,
  connection: Pick<OrganizationSsoRow, 'organizationId' | 'clientSecretSealed'>,
): Promise<string> {
  return decryptText(
    deps.secrets.jwtSecret,
    secretPurpose(connection.organizationId),
    connection.clientSecretSealed,
  );
}

/** An organization's connection, or null while it has none. */
export async function ssoConnectionOf(
  db: Db,
  organizationId: string,
): Promise<OrganizationSsoRow | null> {
  const [row] = await db
    .select()
    .from(organizationSso)
    .where(eq(organizationSso.organizationId, organizationId))
    .limit(1);
  return row ?? null;
}

/** The organization an address signs in through, with its connection. */
export interface SsoRoute {
  organization: OrganizationRow;
  connection: OrganizationSsoRow;
}

/**
 * Where an address signs in by single sign-on: the organization that verified the address's
 * domain, when it has a connection; null otherwise (a pending or lapsed domain counts for
 * nothing, and a subdomain is not its parent). One query.
 */
export async function ssoRouteForEmail(db: Db, email: string): Promise<SsoRoute | null> {
  const domain = domainOfEmail(email);
  if (!domain) return null;
  const [row] = await db
    .select({ organization: organizations, connection: organizationSso })
    .from(organizationDomains)
    .innerJoin(organizations, eq(organizations.id, organizationDomains.organizationId))
    .innerJoin(organizationSso, eq(organizationSso.organizationId, organizations.id))
    .where(and(eq(organizationDomains.domain, domain), eq(organizationDomains.status, 'verified')))
    .limit(1);
  return row ?? null;
}
