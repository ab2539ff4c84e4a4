/**
 * Two-step sign-in in the browser tests: codes computed from the secret by the same maintained
 * library an authenticator app implements (otpauth, RFC 6238), and turning it on for an account
 * through the API of its own browser (cookies and our Origin), as Account Settings does.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect } from './fixtures';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;

/** The code an authenticator app holding `secret` (as the page shows it) displays now. */
export function totpCode(secret: string, at = Date.now()): string {
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret.replace(/\s/g, '')),
  });
  return totp.generate({ timestamp: at });
}

/** The app's 30-second step at `at`. */
const stepAt = (at: number) => Math.floor(at / 30_000);

/**
 * A code the server has not accepted yet. The server takes the code of the step before, the
 * step and the step after its own (a clock a little off), each newer than the last one it
 * accepted: so the codes of three steps are at hand at once, and only a fourth within a minute
 * waits for the app's next step. `used` keeps the steps given out (`step:<n>`).
 */
export async function freshCode(secret: string, used: Set<string>): Promise<string> {
  const last = Math.max(-Infinity, ...[...used].map((entry) => Number(entry.slice(5))));
  for (;;) {
    const now = Date.now();
    const current = stepAt(now);
    // The step before ends with this one: in its last seconds it may be gone when it arrives.
    const earliest = now % 30_000 < 20_000 ? current - 1 : current;
    const step = Math.max(last + 1, earliest);
    if (step <= current + 1) {
      used.add(`step:${step}`);
      return totpCode(secret, step * 30_000);
    }
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * 30_000 - now + 500));
  }
}

/** Turns two-step sign-in on for the account signed in on `page`; its secret and codes. */
export async function enableTwoStepByApi(
  page: Page,
): Promise<{ secret: string; recoveryCodes: string[]; used: Set<string> }> {
  const origin = new URL(page.url().startsWith('http') ? page.url() : 'http://x').origin;
  const headers = { Origin: origin, 'Content-Type': 'application/json' };
  const setup = await page.request.post('/api/two-step/setup', { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const used = new Set<string>();
  const confirm = await page.request.post('/api/two-step/confirm', {
    headers,
    data: { code: await freshCode(secret, used) },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes, used };
}

/**
 * Makes the last proofs of every session of `email` (any proof, and the last second factor)
 * older than `minutes`, in the e2e server's local D1 (as time passing would): a step-up action,
 * such as any change in the console, then asks again.
 */
export async function ageProofs(email: string, minutes: number): Promise<void> {
  const sql =
    `UPDATE sessions SET verified_at = coalesce(verified_at, created_at) - ${minutes * 60_000}, ` +
    `second_factor_at = second_factor_at - ${minutes * 60_000} ` +
    `WHERE user_id = (SELECT id FROM users WHERE email_normalized = '${email.toLowerCase().replaceAll("'", "''")}')`;
  await run(
    `${root}node_modules/.bin/wrangler`,
    ['d1', 'execute', 'DB', '--local', '--command', sql],
    { cwd: root, env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' } },
  );
}
