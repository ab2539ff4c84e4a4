import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../src/contract/error-codes';
import { Messages } from '../../src/contract/messages';
import type { User } from '../../src/contract/user';
import { completionOutcome } from '../../src/islands/payment/completion';
import { ApiFailure } from '../../src/islands/shared/api';
import { startUpgrade } from '../../src/islands/shared/upgrade';

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

function answer(status: number, body: unknown) {
  return vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startUpgrade', () => {
  it('posts to the billing checkout and sends the browser to the checkout URL', async () => {
    const fetch = answer(200, {
      checkoutUrl: 'https://checkout.example/cs_1',
      sessionId: 'cs_1',
    });
    vi.stubGlobal('fetch', fetch);
    const redirect = vi.fn();
    await startUpgrade(redirect);
    expect(fetch).toHaveBeenCalledWith(
      '/api/billing/checkout',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(redirect).toHaveBeenCalledWith('https://checkout.example/cs_1');
  });

  it('throws the server message of a 409 and goes nowhere', async () => {
    vi.stubGlobal(
      'fetch',
      answer(409, { message: Messages.alreadyStandard, code: ErrorCode.ALREADY_STANDARD }),
    );
    const redirect = vi.fn();
    const failure = await startUpgrade(redirect).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({
      status: 409,
      code: ErrorCode.ALREADY_STANDARD,
      message: Messages.alreadyStandard,
    });
    expect(redirect).not.toHaveBeenCalled();
  });
});

describe('payment completion of an upgrade', () => {
  it('keeps the upgrading browser signed in with its own session expiry', () => {
    const outcome = completionOutcome({
      accountCreated: true,
      upgraded: true,
      email: user.email,
      user,
      tokenExpiration: 1_900_000_000_000,
    });
    expect(outcome).toEqual({
      kind: 'upgraded',
      session: { user, tokenExpiration: 1_900_000_000_000 },
    });
  });

  it('sends any other browser to /login with the upgrade message and no e-mail', () => {
    const outcome = completionOutcome({ accountCreated: true, upgraded: true });
    expect(outcome.kind).toBe('login');
    if (outcome.kind !== 'login') return;
    const url = new URL(outcome.url, 'https://sheetwright.example');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.has('email')).toBe(false);
    expect(url.searchParams.get('message')).toBe(Messages.upgradedPleaseLogin);
  });

  it('keeps the new-account answer exactly as before', () => {
    const outcome = completionOutcome({ accountCreated: true });
    expect(outcome.kind).toBe('login');
    if (outcome.kind !== 'login') return;
    expect(new URL(outcome.url, 'https://x.example').searchParams.get('message')).toBe(
      Messages.accountCreatedPleaseLogin,
    );
  });
});
