/** Two-step sign-in for the Worker tests: turning it on as Account Settings does, and codes. */
import { expect } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { RecoveryCodesResponse, TwoStepSetup } from '../../src/contract/two-step';
import type { AccountApp, SignedInAccount } from './account-helpers';

/** What an authenticator app holding `secret` (as the page shows it) displays at `at`. */
export function totpCode(secret: string, at: number): string {
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret.replace(/\s/g, '')),
  });
  return totp.generate({ timestamp: at });
}

/** Two-step sign-in of an account: its secret and the recovery codes it was given. */
export interface TwoStep {
  secret: string;
  recoveryCodes: string[];
}

/** Starts the setup as the account's browser; the answer, checked to be 200. */
/** Who acts: anything with the headers of a signed-in browser. */
type Browser = Pick<SignedInAccount, 'browser'>;

export async function startSetup(app: AccountApp, who: Browser): Promise<TwoStepSetup> {
  const response = await app.request('/api/two-step/setup', {
    method: 'POST',
    headers: who.browser,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<TwoStepSetup>();
}

/** Turns two-step sign-in on for `who` (setup, then the app's first code). */
export async function enableTwoStep(app: AccountApp, who: Browser): Promise<TwoStep> {
  const { secret } = await startSetup(app, who);
  const response = await app.post(
    '/api/two-step/confirm',
    { code: totpCode(secret, app.clock.now) },
    who.browser,
  );
  expect(response.status, await response.clone().text()).toBe(200);
  const { recoveryCodes } = await response.json<RecoveryCodesResponse>();
  return { secret, recoveryCodes };
}

/**
 * A code the server has not accepted yet: the clock moves to the next 30-second step first (a
 * code is accepted once, so the same step's code would be a replay).
 */
export function nextCode(app: AccountApp, secret: string): string {
  app.clock.advance(30);
  return totpCode(secret, app.clock.now);
}
