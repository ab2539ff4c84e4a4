/**
 * Helpers for the feature-usage tests: the plugin's report, the account's sharing switch, and
 * daily rows read or seeded straight in D1.
 */
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { dayNumberOf } from '../../functions/services/core/usage/usage-store';
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

/** A daily row as stored, with its device's machine id and the day as `YYYY-MM-DD`. */
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
}

/** The license's daily rows, oldest day first. */
export async function usageRows(licenseId: string): Promise<UsageRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT d.device_id, date(u.day * 86400, 'unixepoch') AS day, u.renumber_views,
       u.schedule_link, u.general_notes, u.sheet_notes, u.legends_from_word, u.dummy_schedules,
       u.drafting_export, u.cad_import, u.wipe_model
     FROM usage_days AS u JOIN devices AS d ON d.usage_ref = u.device_ref
     WHERE d.license_id = ? ORDER BY u.day, d.device_id`,
  )
    .bind(licenseId)
    .all<UsageRow>();
  return results;
}

/** The license's month rows (`month` as yyyymm), oldest first. */
export async function usageMonthRows(licenseId: string) {
  const { results } = await env.DB.prepare(
    `SELECT d.device_id, u.* FROM usage_months AS u JOIN devices AS d ON d.usage_ref = u.device_ref
     WHERE d.license_id = ? ORDER BY u.month, d.device_id`,
  )
    .bind(licenseId)
    .all<Omit<UsageRow, 'day'> & { month: number; device_ref: number }>();
  return results;
}

/**
 * The usage_ref of the license's newest activation on the device, given as the first report
 * would; a device the license never activated gets a deactivated activation row first.
 */
export async function usageRefOf(
  who: { licenseId: string; userId: string },
  deviceId: string,
): Promise<number> {
  const find = () =>
    env.DB.prepare(
      'SELECT id, usage_ref FROM devices WHERE license_id = ? AND device_id = ? ORDER BY activated_at DESC LIMIT 1',
    )
      .bind(who.licenseId, deviceId)
      .first<{ id: string; usage_ref: number | null }>();
  let row = await find();
  if (!row) {
    await env.DB.prepare(
      `INSERT INTO devices (id, license_id, user_id, device_id, device_name, activated_at, last_seen_at, deactivated_at)
       VALUES (?, ?, ?, ?, 'Seeded device', 0, 0, 0)`,
    )
      .bind(crypto.randomUUID(), who.licenseId, who.userId, deviceId)
      .run();
    row = await find();
  }
  if (!row) throw new Error('no device row');
  if (row.usage_ref !== null) return row.usage_ref;
  await env.DB.prepare(
    'UPDATE devices SET usage_ref = (SELECT coalesce(max(usage_ref), 0) + 1 FROM devices) WHERE id = ?',
  )
    .bind(row.id)
    .run();
  return (await find())?.usage_ref ?? Number.NaN;
}

/** Writes one daily row (column name → count) straight into D1, as a report would. */
export async function seedUsageRow(
  who: { licenseId: string; userId: string },
  deviceId: string,
  day: string,
  counts: Record<string, number>,
) {
  const ref = await usageRefOf(who, deviceId);
  const columns = Object.keys(counts);
  await env.DB.prepare(
    `INSERT INTO usage_days (day, device_ref${columns.map((column) => `, ${column}`).join('')})
     VALUES (?, ?${columns.map(() => ', ?').join('')})`,
  )
    .bind(dayNumberOf(day), ref, ...Object.values(counts))
    .run();
  await env.DB.prepare(
    'UPDATE devices SET usage_oldest_day = min(coalesce(usage_oldest_day, ?1), ?1) WHERE usage_ref = ?2',
  )
    .bind(dayNumberOf(day), ref)
    .run();
}

/**
 * Writes one month row (the month of `day`) straight into D1, as the cron leaves days older
 * than the daily window.
 */
export async function seedUsageMonth(
  who: { licenseId: string; userId: string },
  deviceId: string,
  day: string,
  counts: Record<string, number>,
) {
  const ref = await usageRefOf(who, deviceId);
  const columns = Object.keys(counts);
  await env.DB.prepare(
    `INSERT INTO usage_months (month, device_ref${columns.map((column) => `, ${column}`).join('')})
     VALUES (?, ?${columns.map(() => ', ?').join('')})`,
  )
    .bind(Number(day.slice(0, 7).replace('-', '')), ref, ...Object.values(counts))
    .run();
}
