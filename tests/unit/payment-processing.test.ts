import { describe, expect, it } from 'vitest';
import { Messages } from '../../src/contract/messages';
import type { User } from '../../src/contract/user';
import {
  completionOutcome,
  deadCheckoutOf,
  sessionIdFrom,
} from '../../src/islands/payment/completion';
import { ApiFailure, NETWORK_ERROR } from '../../src/islands/shared/api';
import { defaultPollSettings, pollSettings } from '../../src/islands/payment/poll-settings';

const user: User = {
  userId: 'usr_1',
  customerName: 'Grace',
  email: 'grace@example.com',
  plan: 'Standard',
  licenseStatus: 'active',
  activationDate: '2025-07-01T00:00:00.000Z',
  expirationDate: '2026-07-01T00:00:00.000Z',
  licenseKey: 'KEY',
  isDeleted: false,
  sessionStartedAt: '2025-07-01T00:00:00.000Z',
  authProvider: 'email',
};

const on = (hostname: string, hook?: unknown) =>
  ({ location: { hostname }, __SW_TEST_PAYMENT_POLL__: hook }) as unknown as Window;

describe('payment completion outcome', () => {
  it('keeps polling while the account does not exist', () => {
    expect(completionOutcome({ accountCreated: false })).toEqual({ kind: 'pending' });
  });

  it('signs this browser in when the answer carries the session', () => {
    const outcome = completionOutcome({
      accountCreated: true,
      email: user.email,
      token: 'jwt',
      user,
      tokenExpiration: 1_900_000_000_000,
    });
    expect(outcome.kind).toBe('signedIn');
  });

  it('sends another browser to /login with the known message and no e-mail', () => {
    const outcome = completionOutcome({ accountCreated: true });
    expect(outcome.kind).toBe('login');
    if (outcome.kind !== 'login') return;
    const url = new URL(outcome.url, 'https://sheetwright.example');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.has('email')).toBe(false);
    expect(url.searchParams.get('message')).toBe(Messages.accountCreatedPleaseLogin);
  });

  it('prefills the e-mail when the paying browser got it but could not be signed in', () => {
    // Auto-login failed: the answer named the e-mail, but its session did not parse.
    const outcome = completionOutcome({ accountCreated: true, email: 'a+b@example.com' });
    expect(outcome.kind).toBe('login');
    if (outcome.kind !== 'login') return;
    const url = new URL(outcome.url, 'https://sheetwright.example');
    expect(url.searchParams.get('email')).toBe('a+b@example.com');
    expect(url.searchParams.get('message')).toBe(Messages.accountCreatedPleaseLogin);
  });

  it('stops and says in plain words when the payment was refunded, with a way to log in', () => {
    expect(
      completionOutcome({
        accountCreated: false,
        refund: { reason: 'account_exists', done: true },
      }),
    ).toEqual({
      kind: 'refunded',
      message: 'You already have an account — this payment was refunded. Log in.',
      logIn: true,
      done: true,
    });
    expect(
      completionOutcome({
        accountCreated: false,
        refund: { reason: 'already_paying', done: false },
      }),
    ).toMatchObject({
      message: Messages.paymentRefunded('already_paying', false),
      logIn: true,
      done: false,
    });
    expect(
      completionOutcome({
        accountCreated: false,
        refund: { reason: 'unknown_reference', done: true },
      }),
    ).toMatchObject({ logIn: false });
  });

  it('reads session_id from the return URL', () => {
    expect(sessionIdFrom('?session_id=cs_local_abc')).toBe('cs_local_abc');
    expect(sessionIdFrom('')).toBeNull();
    expect(sessionIdFrom('?session_id=')).toBeNull();
    expect(sessionIdFrom(`?session_id=${'x'.repeat(256)}`)).toBeNull();
  });
});

describe('payment poll settings', () => {
  it('defaults to every 3 s, at most 40 attempts', () => {
    expect(defaultPollSettings).toEqual({ intervalMs: 3000, maxAttempts: 40 });
    expect(pollSettings(on('localhost'))).toEqual(defaultPollSettings);
  });

  it('honours the test hook only on localhost', () => {
    const hook = { intervalMs: 50, maxAttempts: 3 };
    expect(pollSettings(on('127.0.0.1', hook))).toEqual(hook);
    expect(pollSettings(on('sheetwright.example', hook))).toEqual(defaultPollSettings);
  });

  it('ignores out-of-range hook values', () => {
    expect(pollSettings(on('localhost', { intervalMs: 0, maxAttempts: 1e9 }))).toEqual(
      defaultPollSettings,
    );
  });
});

describe('a failed payment check', () => {
  it('ends polling for an unknown session (404) or a malformed one (400)', () => {
    expect(deadCheckoutOf(new ApiFailure(404, 'Checkout session not found.', 'NOT_FOUND'))).toBe(
      'unknown',
    );
    expect(deadCheckoutOf(new ApiFailure(400, 'Invalid', 'VALIDATION_FAILED'))).toBe('unknown');
  });

  it('ends polling for an expired or cancelled checkout (410)', () => {
    expect(deadCheckoutOf(new ApiFailure(410, Messages.checkoutClosed, 'CHECKOUT_CLOSED'))).toBe(
      'closed',
    );
  });

  it('keeps polling through the network, a busy server, a rate limit or an unexpected error', () => {
    expect(deadCheckoutOf(new ApiFailure(0, '', NETWORK_ERROR))).toBeNull();
    expect(deadCheckoutOf(new ApiFailure(503, 'busy', 'SERVICE_BUSY'))).toBeNull();
    expect(deadCheckoutOf(new ApiFailure(429, 'slow down', 'TOO_MANY_ATTEMPTS', 30))).toBeNull();
    expect(deadCheckoutOf(new ApiFailure(500, 'Internal error', 'INTERNAL'))).toBeNull();
    expect(deadCheckoutOf(new Error('boom'))).toBeNull();
  });
});
