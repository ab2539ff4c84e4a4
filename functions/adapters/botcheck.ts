/**
 * Bot check: Cloudflare Turnstile's siteverify in production; in development,
 * tokens from `POST /dev/botcheck/token`, signed with a key derived from JWT_SECRET. Both fail
 * closed: any doubt (bad answer, timeout, reused or wrong-action token) is a refusal.
 */
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type * as schema from '../db/schema';
import { consumedTokens } from '../db/schema';
import type { BotAction, BotCheck } from './types';

/** Turnstile's verification endpoint. */
export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** Every bot-check action, for validating requests that name one. */
export const botActions = [
  'signup',
  'resend_verification',
  'contact',
  'forgot_password',
] as const satisfies readonly BotAction[];

/** Turnstile tokens are at most 2048 characters; longer input is refused without a call. */
const MAX_TOKEN_LENGTH = 2048;

const siteverifyAnswer = z.object({
  success: z.boolean(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/** Error codes that mean our configuration is wrong, not the visitor: worth an operator's look. */
const OPERATOR_ERRORS = new Set(['missing-input-secret', 'invalid-input-secret', 'internal-error']);

export interface TurnstileOptions {
  secretKey: string;
  /** When set, the challenge must have been solved on this hostname (our own site). */
  expectedHostname?: string;
  endpoint?: string;
  fetch?: typeof fetch;
  /** Siteverify deadline; past it the check refuses (an unreachable verifier fails closed). */
  timeoutMs?: number;
}

/** Verifies Turnstile tokens with siteverify: success, the expected action and hostname. */
export function createTurnstileBotCheck(options: TurnstileOptions): BotCheck {
  const { secretKey, expectedHostname, endpoint = TURNSTILE_SITEVERIFY_URL } = options;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const send =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  return {
    async verify(token, action, ip) {
      if (token === '' || token.length > MAX_TOKEN_LENGTH) return false;
      let answer: z.infer<typeof siteverifyAnswer>;
      try {
        const response = await send(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            secret: secretKey,
            response: token,
            ...(ip ? { remoteip: ip } : {}),
            // Lets Turnstile recognize a retry of this exact check rather than a token reuse.
            idempotency_key: crypto.randomUUID(),
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.status !== 200) {
          console.warn(`Turnstile siteverify answered ${response.status}; refusing`);
          await response.body?.cancel();
          return false;
        }
        const parsed = siteverifyAnswer.safeParse(await response.json());
        if (!parsed.success) {
          console.warn('Turnstile siteverify answered an unexpected body; refusing');
          return false;
        }
        answer = parsed.data;
      } catch (error) {
        const reason = error instanceof Error ? error.name : 'error';
        console.warn(`Turnstile siteverify unreachable (${reason}); refusing`);
        return false;
      }

      if (!answer.success) {
        const codes = answer['error-codes'] ?? [];
        if (codes.some((code) => OPERATOR_ERRORS.has(code))) {
          console.error(`Turnstile siteverify refused our request: ${codes.join(', ')}`);
        }
        return false;
      }
      // A token solved for another form (say, contact) must not pass for signup.
      if (answer.action !== action) return false;
      if (expectedHostname !== undefined && answer.hostname !== expectedHostname) return false;
      return true;
    },
  };
}

/** Production without Turnstile keys: nothing passes (fail closed), and the operator is told. */
export function createUnconfiguredBotCheck(): BotCheck {
  return {
    async verify() {
      console.error('Bot check is not configured: set TURNSTILE_SECRET_KEY and TURNSTILE_SITE_KEY');
      return false;
    },
  };
}

// ---- Local (development) tokens ----

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
