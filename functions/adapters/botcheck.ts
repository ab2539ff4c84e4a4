/**
 * Bot check: Cloudflare Turnstile's siteverify in production; in development,
 * tokens from `POST /dev/botcheck/token`, signed with a key derived from JWT_SECRET
 * (botcheck-local.ts). Both fail closed: any doubt (bad answer, timeout, reused or wrong-action
 * token) is a refusal.
 */
import { z } from 'zod';
import type { BotAction, BotCheck } from './types';
import { lazySchema } from '../../src/contract/schemas/lazy';

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
export const MAX_TOKEN_LENGTH = 2048;

const siteverifyAnswer = lazySchema(() =>
  z.object({
    success: z.boolean(),
    action: z.string().optional(),
    hostname: z.string().optional(),
    'error-codes': z.array(z.string()).optional(),
  }),
);

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
