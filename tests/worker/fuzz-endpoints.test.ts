/**
 * No input produces a 5xx: every API endpoint gets a bounded, seeded stream of hostile bodies
 * (wrong types, absurd numbers, control characters, deep nesting, huge strings, fields of other
 * endpoints), signed in and signed out, and must answer each with a 2xx or a 4xx and a
 * `{ message, code }` body on errors.
 */
import { describe, expect, it } from 'vitest';
import { createLocalPayments } from '../../functions/adapters/payments/local';
import { accountApp, credentials, signUpTrial } from './account-helpers';
import { testWebhookSecret } from './fake-stripe/events';
import { createMemoryCheckoutStore } from './fake-stripe/memory-checkout-store';

/** Every API path that takes a body or acts on a session, with its method. */
const endpoints: readonly [method: string, path: string][] = [
  ['POST', '/api/login'],
  ['POST', '/api/login-google'],
  ['POST', '/api/logout'],
  ['GET', '/api/me'],
  ['POST', '/api/send-verification-email'],
  ['POST', '/api/verify-email-code'],
  ['POST', '/api/register-email-trial'],
  ['POST', '/api/register-google-trial'],
  ['POST', '/api/register-email-standard'],
  ['POST', '/api/register-google-standard'],
  ['POST', '/api/invoice-quote'],
  ['POST', '/api/register-email-standard-invoice'],
  ['POST', '/api/register-google-standard-invoice'],
  ['POST', '/api/check-payment-completion'],
  ['POST', '/api/forgot-password'],
  ['POST', '/api/reset-password'],
  ['POST', '/api/contact'],
  ['POST', '/api/licenses/activate'],
  ['POST', '/api/licenses/validate'],
  ['POST', '/api/licenses/deactivate'],
  ['POST', '/api/releases/check'],
  ['GET', '/api/releases/download/1.0.0?token=%00'],
  ['GET', '/api/usage'],
  ['POST', '/api/devices/%00%0A/deactivate'],
  ['DELETE', '/api/sessions/..%2F..%2Fme'],
  ['POST', '/api/sessions/revoke-others'],
  ['GET', '/api/billing'],
  ['POST', '/api/billing/checkout'],
  ['POST', '/api/billing/invoice'],
  ['POST', '/api/billing/portal'],
  ['POST', '/api/billing/cancel'],
  ['PATCH', '/api/billing/details'],
  ['POST', '/api/stripe/webhook'],
];

/** Field names the endpoints read, so hostile values reach the validators and the rules. */
const fields = [
  'email',
  'password',
  'customerName',
  'plan',
  'fingerprintId',
  'recaptchaToken',
  'resend',
  'code',
  'agreeToTerms',
  'googleToken',
  'googleAccessToken',
  'sessionId',
  'token',
  'name',
  'message',
  'licenseKey',
  'deviceId',
  'deviceName',
  'appVersion',
  'replaceDeviceId',
  'currentVersion',
  'channel',
  'line1',
  'postalCode',
  'city',
  'country',
  'taxId',
  'seats',
  'details',
  'poNumber',
  'purchaseId',
];

const hostileValues: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  'a\u0000b\r\nc',
  '\u202Eevil',
  'x'.repeat(10_000),
  'SW-22222-22222-22222-22222',
  'trial',
  'standard',
  'Enterprise',
  'ada@example.com',
  '../../etc/passwd',
  "' OR 1=1 --",
  '{"__proto__":{"admin":true}}',
  [],
  [1, 'two', null],
  {},
  { __proto__: { polluted: true } },
  { nested: { deeper: { deepest: [{}] } } },
];

/** A small deterministic generator (mulberry32), so a failure is reproducible by its seed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hostileBody(next: () => number): unknown {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  if (next() < 0.15) return pick(hostileValues);
  const body: Record<string, unknown> = {};
  const count = 1 + Math.floor(next() * 8);
  for (let i = 0; i < count; i += 1) body[pick(fields)] = pick(hostileValues);
  return body;
}

const BODIES_PER_ENDPOINT = 24;

describe('fuzzing every endpoint', () => {
  it('answers every hostile request with a 2xx or a 4xx, never a 5xx', async () => {
    const next = random(20261124);
    const failures: string[] = [];

    for (const [method, path] of endpoints) {
      // A fresh world per endpoint, so one endpoint's rate limit does not hide the next one.
      // With the local payment provider, so the billing endpoints reach their rules.
      const app = accountApp({
        payments: createLocalPayments({
          store: createMemoryCheckoutStore(),
          webhookSecret: testWebhookSecret(),
        }),
      });
      const { browser, bearer } = credentials((await signUpTrial(app)).auth.token);
      for (let i = 0; i < BODIES_PER_ENDPOINT; i += 1) {
        const body = method === 'GET' ? undefined : hostileBody(next);
        const headers = [{}, browser, bearer][i % 3] ?? {};
        const response = await app.request(path, {
          method,
          headers: {
            ...headers,
            ...(body === undefined ? {} : { 'Stripe-Signature': 't=1,v1=00' }),
          },
          ...(body === undefined ? {} : { json: body }),
        });
        if (response.status >= 500) {
          failures.push(
            `${method} ${path} ${JSON.stringify(body)?.slice(0, 200)} → ${response.status}`,
          );
        } else if (response.status >= 400) {
          const answer = await response.json<{ message?: unknown; code?: unknown }>();
          if (typeof answer.message !== 'string' || typeof answer.code !== 'string') {
            failures.push(
              `${method} ${path} answered ${response.status} without { message, code }`,
            );
          }
        }
      }
    }

    expect(failures).toEqual([]);
  }, 120_000);
});
