/**
 * Helpers for the license API tests: a signed-up account with its license key, plan changes
 * straight in D1 (Standard and Enterprise cannot be bought by a test without the payment flow),
 * the plugin calls, and offline verification of license files with the served public key.
 */
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { expect } from 'vitest';
import {
  LICENSE_FILE_AUDIENCE,
  LICENSE_FILE_ISSUER,
  type ActivateResponse,
  type LicenseFileClaims,
  type ValidateResponse,
} from '../../src/contract/schemas/licensing';
import { signUpTrial, queryAll, type AccountApp, type SignedInAccount } from './account-helpers';
import { env } from 'cloudflare:workers';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A fresh machine id nobody else uses. */
export function newDeviceId(label = 'pc'): string {
  return `${label}-${crypto.randomUUID()}`;
}

/** A signed-up Trial account and what the plugin needs of it. */
export interface Licensee {
  account: SignedInAccount;
  key: string;
  userId: string;
  licenseId: string;
}

/** Signs up a Trial account; `plan` then turns its license into Standard or Enterprise. */
export async function licensee(
  app: AccountApp,
  plan: 'Trial' | 'Standard' | 'Enterprise' = 'Trial',
): Promise<Licensee> {
  const account = await signUpTrial(app);
  const userId = account.auth.user.userId;
  const key = account.auth.user.licenseKey;
  if (plan !== 'Trial') {
    await env.DB.batch([
      env.DB.prepare('UPDATE users SET plan = ? WHERE id = ?').bind(plan, userId),
      env.DB.prepare('UPDATE licenses SET plan = ?, expires_at = ? WHERE user_id = ?').bind(
        plan,
        app.clock.now + 365 * DAY_MS,
        userId,
      ),
    ]);
  }
  const [row] = await queryAll<{ id: string }>('SELECT id FROM licenses WHERE user_id = ?', userId);
  if (!row) throw new Error('signed-up account has no license');
  return { account, key, userId, licenseId: row.id };
}

/** Sets columns of a license row (status, expiry) as billing or the cron jobs would. */
export async function setLicense(
  licenseId: string,
  changes: { status?: string; expiresAt?: number },
) {
  if (changes.status !== undefined) {
    await env.DB.prepare('UPDATE licenses SET status = ? WHERE id = ?')
      .bind(changes.status, licenseId)
      .run();
  }
  if (changes.expiresAt !== undefined) {
    await env.DB.prepare('UPDATE licenses SET expires_at = ? WHERE id = ?')
      .bind(changes.expiresAt, licenseId)
      .run();
  }
}

export interface ActivateInput {
  deviceId: string;
  deviceName?: string;
  appVersion?: string;
  replaceDeviceId?: string;
}

/** POST /api/licenses/activate. */
export function activate(app: AccountApp, key: string, input: ActivateInput) {
  return app.post('/api/licenses/activate', {
    licenseKey: key,
    deviceName: 'Drafting PC',
    ...input,
  });
}

/** Activates and asserts success. */
export async function activateOk(
  app: AccountApp,
  key: string,
  input: ActivateInput,
): Promise<ActivateResponse> {
  const response = await activate(app, key, input);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<ActivateResponse>();
}

/** POST /api/licenses/validate, asserting the always-200 answer. */
export async function validate(
  app: AccountApp,
  key: string,
  deviceId: string,
  appVersion?: string,
): Promise<ValidateResponse> {
  const response = await app.post('/api/licenses/validate', {
    licenseKey: key,
    deviceId,
    ...(appVersion ? { appVersion } : {}),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<ValidateResponse>();
}

/** POST /api/licenses/deactivate. */
export function deactivate(app: AccountApp, key: string, deviceId: string) {
  return app.post('/api/licenses/deactivate', { licenseKey: key, deviceId });
}

/** The served JWKS. */
export async function publicJwks(app: AccountApp): Promise<JSONWebKeySet> {
  const response = await app.request('/api/licenses/public-key');
  expect(response.status).toBe(200);
  return response.json<JSONWebKeySet>();
}

/** Verifies a license file as the plugin must: pinned algorithm, issuer, audience, expiry. */
export async function verifyLicenseFile(
  file: string,
  jwks: JSONWebKeySet,
  now: number,
): Promise<LicenseFileClaims> {
  const { payload } = await jwtVerify(file, createLocalJWKSet(jwks), {
    algorithms: ['EdDSA'],
    issuer: LICENSE_FILE_ISSUER,
    audience: LICENSE_FILE_AUDIENCE,
    requiredClaims: ['exp', 'iat', 'sub'],
    currentDate: new Date(now),
  });
  return payload as unknown as LicenseFileClaims;
}

/** Active device rows of a license. */
export function activeDeviceRows(licenseId: string) {
  return queryAll<{ id: string; device_id: string; device_name: string; app_version: string }>(
    'SELECT id, device_id, device_name, app_version FROM devices WHERE license_id = ? AND deactivated_at IS NULL ORDER BY activated_at',
    licenseId,
  );
}

/** Audit rows of a license, oldest first. */
export function auditRows(licenseId: string) {
  return queryAll<{ action: string; source: string; device_id: string; ip: string | null }>(
    'SELECT action, source, device_id, ip FROM license_events WHERE license_id = ? ORDER BY created_at, rowid',
    licenseId,
  );
}
