/**
 * The organization's SCIM bearer token: made by the owner on the team page and shown once; only
 * its SHA-256 is kept. Making one again replaces it (the old one stops working at once, as the
 * lookup is by hash), revoking clears it. Each SCIM call finds its organization by the token's
 * hash, counts against the organization's rate limit and records the time of the call.
 */
import { and, eq, sql } from 'drizzle-orm';
import { SCIM_BASE_PATH, ScimMessages, type ScimStatus } from '../../../../src/contract/scim';
import { organizationScim, organizations, type OrganizationRow } from '../../../db/schema';
import { ApiError } from '../../../lib/errors';
import { teamEvent } from '../../core/team-feed';
import { randomToken, sha256 } from '../../shared/crypto';
import { isoOrNull, type Db } from '../../shared/db';
import type { Deps } from '../../shared/deps';
import { enforceRateLimit } from '../../shared/rate-limit';
import { ScimError } from './errors';

/** Tokens start with this, so a leaked one is recognizable (secret scanners, logs). */
const TOKEN_PREFIX = 'swscim_';

/** The feed's word for who acted: the identity provider, through SCIM. */
export const SCIM_ACTOR = 'SCIM';

/** The owner's view of the organization's provisioning. */
export async function scimStatus(
  { db, origin }: Pick<Deps, 'db' | 'origin'>,
  organization: Pick<OrganizationRow, 'id'>,
): Promise<ScimStatus> {
  const [row] = await db
    .select()
    .from(organizationScim)
    .where(eq(organizationScim.organizationId, organization.id))
    .limit(1);
  return {
    baseUrl: `${origin}${SCIM_BASE_PATH}`,
    tokenCreatedAt: row?.tokenHash ? isoOrNull(row.tokenCreatedAt) : null,
    lastCallAt: isoOrNull(row?.lastCallAt ?? null),
  };
}

/**
 * Makes the organization's token, replacing any (the old one stops working in this same
 * statement); answers the token, which is not kept.
 */
export async function createScimToken(
  deps: Pick<Deps, 'db' | 'now' | 'origin'>,
  organization: Pick<OrganizationRow, 'id'>,
  actor: { userId: string; email: string },
): Promise<{ token: string; status: ScimStatus }> {
  const { db, now } = deps;
  const token = `${TOKEN_PREFIX}${randomToken()}`;
  const tokenHash = await sha256(token);
  const [before] = await db
    .select({ tokenHash: organizationScim.tokenHash })
    .from(organizationScim)
    .where(eq(organizationScim.organizationId, organization.id))
    .limit(1);
  await db.batch([
    db
      .insert(organizationScim)
      .values({ organizationId: organization.id, tokenHash, tokenCreatedAt: now, lastCallAt: null })
      .onConflictDoUpdate({
        target: organizationScim.organizationId,
        set: { tokenHash, tokenCreatedAt: now },
      }),
    teamEvent(db, {
      organizationId: organization.id,
      userId: null,
      actorUserId: actor.userId,
      kind: 'scim-token-created',
      detail: before?.tokenHash
        ? `SCIM token replaced by ${actor.email}`
        : `SCIM token created by ${actor.email}`,
      now,
    }),
  ]);
  return { token, status: await scimStatus(deps, organization) };
}

/** Revokes the organization's token; SCIM calls with it answer 401 from now on. */
export async function revokeScimToken(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  organization: Pick<OrganizationRow, 'id'>,
  actor: { userId: string; email: string },
): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: organizationScim.tokenHash })
    .from(organizationScim)
    .where(eq(organizationScim.organizationId, organization.id))
    .limit(1);
  if (!row?.tokenHash) return false;
  const [rows] = await db.batch([
    db
      .update(organizationScim)
      .set({ tokenHash: null, tokenCreatedAt: null })
      .where(
        and(
          eq(organizationScim.organizationId, organization.id),
          eq(organizationScim.tokenHash, row.tokenHash),
        ),
      )
      .returning({ id: organizationScim.organizationId }),
    // Written only by the call that revoked this token (a replaced one is not revoked here).
    teamEvent(
      db,
      {
        organizationId: organization.id,
        userId: null,
        actorUserId: actor.userId,
        kind: 'scim-token-revoked',
        detail: `SCIM token revoked by ${actor.email}`,
        now,
      },
      sql`changes() = 1 and not exists (select 1 from organization_scim where token_hash = ${row.tokenHash})`,
    ),
  ]);
  return rows.length > 0;
}

/** The bearer token of an `Authorization` header, or null. */
function bearerOf(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * The organization a SCIM call's token names: 401 without a token or with a wrong, replaced or
 * revoked one; 429 over the organization's rate limit. Records the time of the call.
 */
export async function authenticateScim(
  deps: Pick<Deps, 'db' | 'now'>,
  authorization: string | undefined,
): Promise<OrganizationRow> {
  const { db, now } = deps;
  const token = bearerOf(authorization);
  if (!token) {
    throw new ScimError(401, null, ScimMessages.noToken, { 'WWW-Authenticate': 'Bearer' });
  }
  const wrong = new ScimError(401, null, ScimMessages.wrongToken, {
    'WWW-Authenticate': 'Bearer error="invalid_token"',
  });
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) throw wrong;
  const organization = await organizationOfToken(db, await sha256(token));
  if (!organization) throw wrong;
  await db
    .update(organizationScim)
    .set({ lastCallAt: now })
    .where(eq(organizationScim.organizationId, organization.id));
  try {
    await enforceRateLimit(deps, 'scimPerOrganization', organization.id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      const seconds = Number(error.headers['Retry-After'] ?? '60');
      throw new ScimError(
        429,
        'tooMany',
        ScimMessages.tooManyRequests(Math.max(1, Math.ceil(seconds / 60))),
        error.headers,
      );
    }
    throw error;
  }
  return organization;
}

async function organizationOfToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ organization: organizations })
    .from(organizationScim)
    .innerJoin(organizations, eq(organizations.id, organizationScim.organizationId))
    .where(eq(organizationScim.tokenHash, tokenHash))
    .limit(1);
  return row?.organization;
}
