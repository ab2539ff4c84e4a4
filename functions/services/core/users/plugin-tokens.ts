/**
 * The tokens of a plugin signed in from its ribbon: one `plugin_tokens` row per approved sign-in,
 * holding the SHA-256 of its current access and refresh tokens (like sessions, the secret itself
 * is never stored). The access token is short-lived and reaches only the plugin's license calls
 * (middleware/plugin-token.ts); the refresh token is replaced at every use. Ending a sign-in
 * (revocation, Usage & Sessions, a password change or reset, deletion) ends both tokens at once.
 */
import { and, desc, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { pluginSignIn } from '../../../../src/site.config';
import { pluginTokens, type PluginTokenRow } from '../../../db/schema';
import { randomToken, sha256 } from '../../shared/crypto';
import { DAY_MS, outerColumn, type Db, type Millis } from '../../shared/db';
import type { Deps } from '../../shared/deps';
import { accountDeletedSql } from './users';

/** Prefixes that tell a reader (and a secret scanner) what a token is; never parsed. */
const ACCESS_PREFIX = 'swpa_';
const REFRESH_PREFIX = 'swpr_';
/** last_used_at is written at most this often, so a busy plugin does not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** A fresh pair of tokens, what the plugin gets, and their hashes, what we keep. */
export interface NewTokenPair {
  accessToken: string;
  refreshToken: string;
  accessTokenHash: string;
  refreshTokenHash: string;
  accessExpiresAt: Millis;
  refreshExpiresAt: Millis;
}

/** Two new random tokens (256 bits each) valid from `now`. */
export async function newTokenPair(now: Millis): Promise<NewTokenPair> {
  const accessToken = ACCESS_PREFIX + randomToken();
  const refreshToken = REFRESH_PREFIX + randomToken();
  return {
    accessToken,
    refreshToken,
    accessTokenHash: await sha256(accessToken),
    refreshTokenHash: await sha256(refreshToken),
    accessExpiresAt: now + pluginSignIn.accessTokenSeconds * 1000,
    refreshExpiresAt: now + pluginSignIn.refreshTokenDays * DAY_MS,
  };
}

/** SQL over `plugin_tokens`: the sign-in has not ended (revoked, refresh expired, account deleted). */
function liveSql(now: Millis): SQL {
  return sql`${pluginTokens.revokedAt} is null and ${pluginTokens.refreshExpiresAt} > ${now}
    and not ${accountDeletedSql(outerColumn(pluginTokens.userId))}`;
}

/** What a request with a valid access token may act for. */
export interface PluginGrant {
  id: string;
  userId: string;
  scope: string;
}

/**
 * The sign-in a valid access token belongs to, or undefined (unknown, expired, revoked, the
 * account deleted). Records the use at most once a minute.
 */
export async function pluginGrantForAccessToken(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  accessToken: string,
): Promise<PluginGrant | undefined> {
  const hash = await sha256(accessToken);
  const [row] = await db
    .select({
      id: pluginTokens.id,
      userId: pluginTokens.userId,
      scope: pluginTokens.scope,
      lastUsedAt: pluginTokens.lastUsedAt,
    })
    .from(pluginTokens)
    .where(
      and(
        eq(pluginTokens.accessTokenHash, hash),
        gt(pluginTokens.accessExpiresAt, now),
        liveSql(now),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  if (now - row.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
    await db
      .update(pluginTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(pluginTokens.id, row.id),
          lt(pluginTokens.lastUsedAt, now - LAST_USED_RESOLUTION_MS),
        ),
      );
  }
  return { id: row.id, userId: row.userId, scope: row.scope };
}

/**
 * Replaces the pair of the sign-in whose current refresh token is `refreshToken` by `next`, in one
 * conditional UPDATE (of two refreshes with the same token, one wins). A refresh token that was
 * already replaced is a copy someone else holds: the sign-in ends. Undefined when nothing was
 * replaced.
 */
export async function rotateRefreshToken(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  refreshToken: string,
  clientId: string,
  next: NewTokenPair,
): Promise<PluginTokenRow | undefined> {
  const hash = await sha256(refreshToken);
  const [rotated] = await db
    .update(pluginTokens)
    .set({
      accessTokenHash: next.accessTokenHash,
      accessExpiresAt: next.accessExpiresAt,
      refreshTokenHash: next.refreshTokenHash,
      refreshExpiresAt: next.refreshExpiresAt,
      previousRefreshHash: hash,
      lastUsedAt: now,
    })
    .where(
      and(
        eq(pluginTokens.refreshTokenHash, hash),
        eq(pluginTokens.clientId, clientId),
        liveSql(now),
      ),
    )
    .returning();
  if (rotated) return rotated;
  // A replaced refresh token used again: the plugin and someone else both hold the sign-in.
  await db
    .update(pluginTokens)
    .set({ revokedAt: now })
    .where(and(eq(pluginTokens.previousRefreshHash, hash), isNull(pluginTokens.revokedAt)));
  return undefined;
}

/** Ends the sign-in whose access or refresh token is `token` (the plugin's revocation). */
export async function revokePluginToken(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  token: string,
  clientId: string,
): Promise<void> {
  const hash = await sha256(token);
  await db
    .update(pluginTokens)
    .set({ revokedAt: now })
    .where(
      and(
        or(eq(pluginTokens.accessTokenHash, hash), eq(pluginTokens.refreshTokenHash, hash)),
        eq(pluginTokens.clientId, clientId),
        isNull(pluginTokens.revokedAt),
      ),
    );
}

/**
 * Ends every signed-in plugin of `userId` (password change or reset, deletion); batchable.
 * `guard` makes it conditional on the batch's other statements, as theirs are.
 */
export function revokeAllPluginTokens(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  userId: string,
  guard: SQL = sql`1 = 1`,
) {
  return db
    .update(pluginTokens)
    .set({ revokedAt: now })
    .where(and(eq(pluginTokens.userId, userId), isNull(pluginTokens.revokedAt), guard));
}

/** The account's signed-in plugins, most recently used first (Usage & Sessions). */
export function listPluginSignIns(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  userId: string,
): Promise<PluginTokenRow[]> {
  return db
    .select()
    .from(pluginTokens)
    .where(
      and(
        eq(pluginTokens.userId, userId),
        isNull(pluginTokens.revokedAt),
        gt(pluginTokens.refreshExpiresAt, now),
      ),
    )
    .orderBy(desc(pluginTokens.lastUsedAt), desc(pluginTokens.createdAt));
}

/** Signs out one plugin of `userId` (another account's id matches nothing). True when it did. */
export async function revokeUserPluginSignIn(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  userId: string,
  id: string,
): Promise<boolean> {
  const revoked = await db
    .update(pluginTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(pluginTokens.id, id),
        eq(pluginTokens.userId, userId),
        isNull(pluginTokens.revokedAt),
        gt(pluginTokens.refreshExpiresAt, now),
      ),
    )
    .returning({ id: pluginTokens.id });
  return revoked.length > 0;
}

/**
 * The sign-in approved on /activate becomes a `plugin_tokens` row holding `pair`: an INSERT …
 * SELECT from the approved request `authorizationId`, for a db.batch that marks the request used
 * right after it (D1 runs a batch as one transaction, so of two polls only one finds it approved).
 * Values in the table's column order (schema.ts); `created_at` is when the customer approved.
 */
export function tokensFromApproval(
  db: Db,
  authorizationId: string,
  pair: NewTokenPair,
  now: Millis,
) {
  return db
    .insert(pluginTokens)
    .select(
      sql`select ${crypto.randomUUID()}, a.user_id, a.client_id, a.scope, a.device_name, a.device_id,
          ${pair.accessTokenHash}, ${pair.accessExpiresAt}, ${pair.refreshTokenHash}, null,
          ${pair.refreshExpiresAt}, a.decided_at, ${now}, null
        from device_authorizations as a
        where a.id = ${authorizationId} and a.status = 'approved' and a.expires_at > ${now}
          and a.user_id is not null and not ${accountDeletedSql(sql`a.user_id`)}`,
    )
    .returning({ id: pluginTokens.id });
}
