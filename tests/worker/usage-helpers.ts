/**
 * Helpers for the feature-usage tests: the plugin's report, the account's sharing switch, and
 * daily rows read or seeded straight in D1.
 */
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { UsageSharing } from '../../src/contract/usage';
import type { AccountApp } from './account-helpers';
import type { Licensee } from './licenses-helpers';

/** The UTC day (`YYYY-MM-DD`) of a time. */
export function dayAt(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** POST /api/usage/report for the licensee's device; `body` overrides or adds fields. */
export function reportUsage(
  app: AccountApp,
  who: { key: string; deviceId: string },
  body: Record<string, unknown>,
) {
  return app.post('/api/usage/report', {
    licenseKey: who.key,
    deviceId: who.deviceId,
    batchId: crypto.randomUUID(),
    ...body,
  });
}

/** Account Settings' switch, as the browser sends it. */
export async function setShareUsage(app: AccountApp, who: Licensee, shareUsage: boolean) {
  const response = await app.request('/api/account/usage-sharing', {
    method: 'PATCH',
    json: { shareUsage },
    headers: who.account.browser,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<UsageSharing>();
}

/** A daily row as stored (only the columns the tests read are typed). */
export interface UsageRow {
  device_id: string;
  day: string;
  renumber_views: number;
  schedule_link: number;
  general_notes: number;
  sheet_notes: number;
  dummy_schedules: number;
  drafting_export: number;
  cad_import: number;
  wipe_model: number;
  app_version: string | null;
}

/** The license's daily rows, oldest day first. */
export async function usageRows(licenseId: string): Promise<UsageRow[]> {
  const { results } = await env.DB.prepare(
    'SELECT * FROM feature_usage_days WHERE license_id = ? ORDER BY day, device_id',
  )
    .bind(licenseId)
    .all<UsageRow>();
  return results;
}

/** Writes one daily row (column name → count) straight into D1. */
export async function seedUsageRow(
  who: { licenseId: string; userId: string },
  deviceId: string,
  day: string,
  counts: Record<string, number>,
) {
  const columns = Object.keys(counts);
  await env.DB.prepare(
    `INSERT INTO feature_usage_days (license_id, user_id, device_id, day, updated_at${columns
      .map((column) => `, ${column}`)
      .join('')}) VALUES (?, ?, ?, ?, 0${columns.map(() => ', ?').join('')})`,
  )
    .bind(who.licenseId, who.userId, deviceId, day, ...Object.values(counts))
    .run();
}
