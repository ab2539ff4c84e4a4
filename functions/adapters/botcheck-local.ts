/**
 * The development bot check: tokens this Worker signs itself (POST /dev/botcheck/token), checked
 * like Turnstile's (signature, action, expiry) and spent once through `consumed_tokens`. A
 * development stand-in: production code reaches it only through functions/dev/load.ts, so a
 * production build does not contain it (scripts/build-worker.mjs).
 */
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { jwtVerify, SignJWT } from 'jose';
import type * as schema from '../db/schema';
import { consumedTokens } from '../db/schema';
import { MAX_TOKEN_LENGTH } from './botcheck';
import type { BotAction, BotCheck } from './types';

/** Local tokens live as long as a Turnstile token (300 s). */
export const LOCAL_TOKEN_TTL_MS = 5 * 60 * 1000;
const LOCAL_AUDIENCE = 'sheetwright-dev-botcheck';
/** `consumed_tokens.purpose` of spent local bot-check tokens. */
export const LOCAL_TOKEN_PURPOSE = 'dev-botcheck';

/**
 * A signing key for local bot tokens, derived from JWT_SECRET with HKDF so a bot token can never
 * be confused with a session JWT signed by the same secret.
 */
async function localTokenKey(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    'HKDF',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(0),
      info: new TextEncoder().encode('sheetwright dev bot-check token v1'),
    },
    material,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign', 'verify'],
  );
}

/** Issues a local bot-check token for `action`: signed, expiring in 5 minutes, with a nonce. */
export async function issueLocalBotToken(
  secret: string,
  action: BotAction,
  now: number = Date.now(),
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ action })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(LOCAL_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + LOCAL_TOKEN_TTL_MS / 1000)
    .setJti(crypto.randomUUID())
    .sign(await localTokenKey(secret));
}

/** SHA-256 of a token, base64url: what `consumed_tokens` stores instead of the token. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return btoa(String.fromCharCode(...new Uint8Array(digest)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export interface LocalBotCheckOptions {
  secret: string;
  db: DrizzleD1Database<typeof schema>;
  now?: () => number;
}

/** Development bot check: signature, action, expiry, and single use through `consumed_tokens`. */
export function createLocalBotCheck({
  secret,
  db,
  now = Date.now,
}: LocalBotCheckOptions): BotCheck {
  return {
    async verify(token, action) {
      if (token === '' || token.length > MAX_TOKEN_LENGTH) return false;
      const at = now();
      let expiresAt: number;
      try {
        const { payload } = await jwtVerify(token, await localTokenKey(secret), {
          algorithms: ['HS256'],
          audience: LOCAL_AUDIENCE,
          requiredClaims: ['exp', 'iat', 'jti'],
          currentDate: new Date(at),
        });
        if (payload['action'] !== action || payload.exp === undefined) return false;
        expiresAt = payload.exp * 1000;
      } catch {
        return false;
      }
      // Insert-or-fail: of two concurrent uses, exactly one inserts the row and passes.
      const inserted = await db
        .insert(consumedTokens)
        .values({ tokenHash: await tokenHash(token), purpose: LOCAL_TOKEN_PURPOSE, expiresAt })
        .onConflictDoNothing()
        .returning({ tokenHash: consumedTokens.tokenHash });
      return inserted.length === 1;
    },
  };
}
