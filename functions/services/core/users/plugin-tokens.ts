/**
 * The tokens of a plugin signed in from its ribbon: one `plugin_tokens` row per approved sign-in,
 * holding the SHA-256 of its current access and refresh tokens (like sessions, the secret itself
 * is never stored). The access token is short-lived and reaches only the plugin's license calls
 * (middleware/plugin-token.ts); the refresh token is replaced at every use, and every token it
 * replaced stays in the sign-in's family (`plugin_refresh_tokens`), so reusing any of them ends
 * the sign-in. Ending a sign-in (revocation, Usage & Sessions, a password change or reset,
 * deletion, reuse) ends both tokens at once.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { pluginSignIn } from '../../../../src/site.config';
import { pluginRefreshTokens, pluginTokens, type PluginTokenRow } from '../../../db/schema';
import { decryptText, encryptText, randomToken, sha256 } from '../../shared/crypto';
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

/** What a refresh with a refresh token came to. */
export type RefreshOutcome =
  /** The token was current: `next` replaced it. */
  | { kind: 'rotated'; pair: NewTokenPair }
  /** A retry of the latest refresh: the pair that refresh gave, again. */
  | { kind: 'retried'; pair: IssuedPair }
  /** Unknown, ended, or an earlier token of the family used again (which ends the family). */
  | { kind: 'refused' };

/** A pair already given to the plugin, and when its access token stops working. */
export interface IssuedPair {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Millis;
}

/** The purpose the retry copies are sealed for (shared/crypto.ts), followed by the old token. */
const RETRY_PURPOSE = 'plugin-refresh-retry';

/**
 * The new pair, sealed so that only a presenter of the replaced refresh token can open it: the
 * AES key is derived from the Worker's secret and the replaced token itself, which the database
 * never holds (only its hash). A retry must answer exactly what the lost answer said; tokens stay
 * random rather than derived from their predecessor, because a derivation (next = HMAC(secret,
 * previous)) would let anyone with the secret and one old token compute every later token of
 * the family, for as long as it lives. The sealed copy is kept only on the family's latest row,
 * and only until the cron clears it after the retry window.
 */
function sealPair(secret: string, replaced: string, pair: IssuedPair): Promise<string> {
  const { accessToken, refreshToken, accessExpiresAt } = pair;
  return encryptText(
    secret,
    `${RETRY_PURPOSE}/${replaced}`,
    JSON.stringify({ accessToken, refreshToken, accessExpiresAt }),
  );
}

/** Opens what `sealPair` sealed with the same replaced token; undefined when it does not open. */
async function openPair(
  secret: string,
  replaced: string,
  sealed: string,
): Promise<IssuedPair | undefined> {
  try {
    const pair = JSON.parse(
      await decryptText(secret, `${RETRY_PURPOSE}/${replaced}`, sealed),
    ) as IssuedPair;
    return typeof pair.accessToken === 'string' && typeof pair.refreshToken === 'string'
      ? pair
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A refresh with `refreshToken` (RFC 9700 §4.14: rotation with reuse detection over the whole
 * family). When it is the sign-in's current token, one db.batch replaces the pair by `next`
 * (a conditional UPDATE: of two refreshes with the same token, one wins) and records the replaced
 * token in the family with a sealed copy of `next`. When it is an earlier token of the family:
 * a retry of the latest refresh (same client and address, within the retry window, its answer
 * still current) gets that answer again; anything else means two parties hold the sign-in, and
 * the whole family ends, with its access token.
 */
export async function refreshPluginTokens(
  { db, now, secrets, client }: Pick<Deps, 'db' | 'now' | 'secrets' | 'client'>,
  refreshToken: string,
  clientId: string,
  next: NewTokenPair,
): Promise<RefreshOutcome> {
  const hash = await sha256(refreshToken);
  const sealed = await sealPair(secrets.jwtSecret, refreshToken, next);
  // The rows below only exist once the UPDATE applied (`next`'s hash is new and unique).
  const rotatedFamily = sql`(select ${pluginTokens.id} from ${pluginTokens}
    where ${pluginTokens.refreshTokenHash} = ${next.refreshTokenHash})`;
  const [rotated] = await db.batch([
    db
      .update(pluginTokens)
      .set({
        accessTokenHash: next.accessTokenHash,
        accessExpiresAt: next.accessExpiresAt,
        refreshTokenHash: next.refreshTokenHash,
        refreshExpiresAt: next.refreshExpiresAt,
        lastUsedAt: now,
      })
      .where(
        and(
          eq(pluginTokens.refreshTokenHash, hash),
          eq(pluginTokens.clientId, clientId),
          liveSql(now),
        ),
      )
      .returning({ id: pluginTokens.id }),
    // Only the newest rotation can be retried: older copies go.
    db
      .update(pluginRefreshTokens)
      .set({ successorSealed: null })
      .where(
        and(
          sql`${pluginRefreshTokens.pluginTokenId} in ${rotatedFamily}`,
          isNotNull(pluginRefreshTokens.successorSealed),
        ),
      ),
    db.insert(pluginRefreshTokens).select(
      sql`select ${hash}, ${pluginTokens.id}, ${now}, ${next.refreshTokenHash}, ${sealed},
          ${client.ip} from ${pluginTokens}
          where ${pluginTokens.refreshTokenHash} = ${next.refreshTokenHash}`,
    ),
  ]);
  if (rotated.length > 0) return { kind: 'rotated', pair: next };
  return earlierTokenUsed({ db, now, secrets, client }, refreshToken, hash, clientId);
}

/** A refresh token that is not the current one of a live sign-in: a retry, or the family ends. */
async function earlierTokenUsed(
  { db, now, secrets, client }: Pick<Deps, 'db' | 'now' | 'secrets' | 'client'>,
  refreshToken: string,
  hash: string,
  clientId: string,
): Promise<RefreshOutcome> {
  const [spent] = await db
    .select({
      familyId: pluginRefreshTokens.pluginTokenId,
      replacedAt: pluginRefreshTokens.replacedAt,
      replacedByIp: pluginRefreshTokens.replacedByIp,
      successorHash: pluginRefreshTokens.successorHash,
      successorSealed: pluginRefreshTokens.successorSealed,
      currentHash: pluginTokens.refreshTokenHash,
      familyClientId: pluginTokens.clientId,
      live: sql<number>`${liveSql(now)}`,
    })
    .from(pluginRefreshTokens)
    .innerJoin(pluginTokens, eq(pluginTokens.id, pluginRefreshTokens.pluginTokenId))
    .where(eq(pluginRefreshTokens.tokenHash, hash))
    .limit(1);
  // Unknown, or the token of a sign-in that ended: nothing more to end.
  if (!spent) return { kind: 'refused' };

  const retry =
    Boolean(spent.live) &&
    spent.familyClientId === clientId &&
    (spent.replacedByIp === null || spent.replacedByIp === client.ip) &&
    now - spent.replacedAt <= pluginSignIn.refreshRetrySeconds * 1000 &&
    spent.currentHash === spent.successorHash;
  if (retry && spent.successorSealed !== null) {
    const pair = await openPair(secrets.jwtSecret, refreshToken, spent.successorSealed);
    if (pair && (await sha256(pair.refreshToken)) === spent.successorHash) {
      return { kind: 'retried', pair };
    }
  }
  // An earlier token of the family used again: the plugin and someone else both hold it.
  await db
    .update(pluginTokens)
    .set({ revokedAt: now })
    .where(and(eq(pluginTokens.id, spent.familyId), isNull(pluginTokens.revokedAt)));
  return { kind: 'refused' };
}

/**
 * Ends the sign-in whose access or refresh token is `token`, current or earlier in its family
 * (the plugin's revocation).
 */
export async function revokePluginToken(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  token: string,
  clientId: string,
): Promise<void> {
  const hash = await sha256(token);
  const family = db
    .select({ id: pluginRefreshTokens.pluginTokenId })
    .from(pluginRefreshTokens)
    .where(eq(pluginRefreshTokens.tokenHash, hash));
  await db
    .update(pluginTokens)
    .set({ revokedAt: now })
    .where(
      and(
        or(
          eq(pluginTokens.accessTokenHash, hash),
          eq(pluginTokens.refreshTokenHash, hash),
          inArray(pluginTokens.id, family),
        ),
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
          ${pair.accessTokenHash}, ${pair.accessExpiresAt}, ${pair.refreshTokenHash},
          ${pair.refreshExpiresAt}, a.decided_at, ${now}, null
        from device_authorizations as a
        where a.id = ${authorizationId} and a.status = 'approved' and a.expires_at > ${now}
          and a.user_id is not null and not ${accountDeletedSql(sql`a.user_id`)}`,
    )
    .returning({ id: pluginTokens.id });
}
