/**
 * What the bench's static server answers to the islands' API calls (scripts/bench.mjs), so the
 * account pages render their full signed-in screen and load every chunk they load in real use.
 * One Standard customer: an active license, one activated device, one paid invoice, two browser
 * sessions. Typed against the contract, so `npm run check` catches an answer that drifts from it;
 * the bench also reports any API call it does not answer. Plain TypeScript with type-only
 * imports, so Node 22 runs it directly.
 */
import type { PublicConfig } from '../functions/routes/config';
import type { BillingOverview } from '../src/contract/billing';
import type { UsageOverview } from '../src/contract/usage';
import type { PaymentCompletionResponse } from '../src/contract/payments';
import type { MeResponse, User } from '../src/contract/user';
import { consoleFixtures, type ConsoleFixtures } from './bench-console-fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;

type StorageKeys = (typeof import('../src/lib/auth/storage'))['STORAGE_KEYS'];
/** Where the browser keeps its session (src/lib/auth/storage.ts STORAGE_KEYS). */
export const storageKeys = {
  user: 'user',
  tokenExpiration: 'tokenExpiration',
} as const satisfies Pick<StorageKeys, 'user' | 'tokenExpiration'>;

export interface BenchFixtures {
  user: User;
  tokenExpiration: number;
  /** `METHOD /path` → JSON body (status 200). */
  answers: Record<string, unknown>;
  /** The operator console's pages (their answers are in `answers` too). */
  console: ConsoleFixtures;
}

/** The fixtures, dated around `now` so "expires in N days" and "2 hours ago" read normally. */
export function benchFixtures(now = Date.now()): BenchFixtures {
  const iso = (offsetMs: number) => new Date(now + offsetMs).toISOString();
  const user: User = {
    userId: '3f6c1e2a-8d4b-4c7e-9a15-2b7d9e0c4f81',
    customerName: 'Jordan Reyes',
    email: 'jordan.reyes@example.com',
    plan: 'Standard',
    licenseStatus: 'active',
    activationDate: iso(-40 * DAY),
    expirationDate: iso(325 * DAY),
    licenseKey: 'SW-7KQ3M-X9HDA-2PZRT-VWC4N',
    isDeleted: false,
    sessionStartedAt: iso(-2 * 60 * 60 * 1000),
    authProvider: 'email',
  };
  const tokenExpiration = now + 7 * DAY;
  const device = {
    id: 'c0a8f5e2-1b7d-4e39-8f0a-5d2c6b9e1a47',
    deviceId: 'WS-7F3A9C21',
    deviceName: 'DESIGN-WS-04',
    appVersion: '1.0.0',
    activatedAt: iso(-40 * DAY),
    lastSeenAt: iso(-3 * 60 * 60 * 1000),
  };

  const me = { user, tokenExpiration } satisfies MeResponse;
  const usage = {
    plan: 'Standard',
    deviceLimit: 2,
    devices: [device],
    history: [
      {
        id: 'e1d2c3b4-a596-4788-9a0b-1c2d3e4f5a6b',
        action: 'activated',
        source: 'plugin',
        deviceId: device.deviceId,
        deviceName: device.deviceName,
        at: device.activatedAt,
      },
    ],
    sessions: [
      {
        id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
        createdAt: user.sessionStartedAt,
        lastUsedAt: iso(-60 * 1000),
        expiresAt: iso(7 * DAY),
        device: 'Chrome on Windows',
        ip: '203.0.113.24',
        current: true,
      },
      {
        id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e',
        createdAt: iso(-5 * DAY),
        lastUsedAt: iso(-DAY),
        expiresAt: iso(2 * DAY),
        device: 'Safari on macOS',
        ip: '198.51.100.7',
        current: false,
      },
    ],
    deactivations: { used: 0, max: 3, windowDays: 30 },
  } satisfies UsageOverview;
  const billing = {
    plan: 'Standard',
    licenseStatus: 'active',
    licenseExpiresAt: user.expirationDate,
    subscription: {
      status: 'active',
      currentPeriodEnd: user.expirationDate,
      cancelAtPeriodEnd: false,
    },
    invoices: [
      {
        id: 'in_1BenchInvoice0001',
        number: 'SW-0001',
        created: user.activationDate,
        amountPaid: 12900,
        currency: 'usd',
        status: 'paid',
        url: 'https://invoice.stripe.com/i/acct_bench/test_bench',
      },
    ],
    actions: { upgrade: false, manageCard: true, cancel: true },
  } satisfies BillingOverview;
  // The checkout has not created the account yet: the page shows its polling screen.
  const paymentPending = { accountCreated: false } satisfies PaymentCompletionResponse;
  // As `npm start` answers: the local bot check and Google stand-ins. In production Turnstile and
  // Google's script are third-party code, outside our budgets (and out of reach on loopback).
  const config = {
    environment: 'development',
    botCheck: { mode: 'local', siteKey: null },
    google: { mode: 'local', clientId: null },
  } satisfies PublicConfig;

  const operatorConsole = consoleFixtures(now, user, usage, billing.invoices[0]!.id);

  return {
    user,
    tokenExpiration,
    console: operatorConsole,
    answers: {
      ...operatorConsole.answers,
      'GET /api/me': me,
      'GET /api/config': config,
      'GET /api/usage': usage,
      'GET /api/billing': billing,
      'POST /api/check-payment-completion': paymentPending,
    },
  };
}
