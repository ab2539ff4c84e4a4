import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { purgeDeletedAccounts } from '../../functions/services/cron/purge-accounts';
import { retentionDays } from '../../src/site.config';
import {
  accountApp,
  queryAll,
  sendCode,
  signupForm,
  signUpTrial,
  START,
  botToken,
  type AccountApp,
} from './account-helpers';
import {
  DAY_MS,
  expectNothingDone,
  quietCronLogs,
  runJobsAt,
  seedDevice,
  seedInvoice,
  seedLicense,
  seedLicenseEvent,
  seedSubscription,
  seedUser,
  testDb,
} from './cron-helpers';

const RETENTION_MS = retentionDays.deletedAccount * DAY_MS;
const PAYMENT_RECORDS_MS = retentionDays.paymentRecords * DAY_MS;
const USAGE_LOGS_MS = retentionDays.usageLogs * DAY_MS;

const count = async (sql: string, ...params: unknown[]) =>
  (await queryAll<{ n: number }>(sql, ...params))[0]?.n ?? 0;

/**
 * A trial customer with everything an account collects (a reset link, a device and its audit
 * trail, a subscription and an invoice), who then deletes the account at START.
 */
async function deletedCustomer(app: AccountApp) {
  const account = await signUpTrial(app);
  const userId = account.auth.user.userId;
  expect(
    (
      await app.post('/api/forgot-password', {
        email: account.form.email,
        recaptchaToken: botToken('forgot_password'),
      })
    ).status,
  ).toBe(200);
  const [license] = await queryAll<{ id: string }>(
    'SELECT id FROM licenses WHERE user_id = ?',
    userId,
  );
  await seedDevice({ id: license!.id, userId });
  const subscription = await seedSubscription(userId, { status: 'canceled' });
  const invoice = await seedInvoice(userId, START);
  const deleted = await app.request('/api/delete', { method: 'DELETE', headers: account.bearer });
  expect(deleted.status).toBe(200);
  return { ...account, userId, subscription, invoice };
}

describe('cron: purge deleted accounts', () => {
  quietCronLogs();

  it('keeps a deleted account untouched until the retention window has passed', async () => {
    const app = accountApp();
    const { userId, form } = await deletedCustomer(app);

    await purgeDeletedAccounts({ db: testDb(), now: START + RETENTION_MS - 1 });

    const [user] = await queryAll<{ email: string; purged_at: number | null }>(
      'SELECT email, purged_at FROM users WHERE id = ?',
      userId,
    );
    expect(user).toEqual({ email: form.email, purged_at: null });
    expect(await count('SELECT count(*) AS n FROM devices WHERE user_id = ?', userId)).toBe(1);
  });

  it('anonymizes the account after the window and deletes its personal data', async () => {
    const app = accountApp();
    const { userId, form } = await deletedCustomer(app);
    const at = START + RETENTION_MS;

    const counts = await purgeDeletedAccounts({ db: testDb(), now: at });

    expect(counts['accountsPurged']).toBeGreaterThanOrEqual(1);
    const [user] = await queryAll(
      'SELECT customer_name, email, email_normalized, password_hash, google_sub, is_deleted, purged_at FROM users WHERE id = ?',
      userId,
    );
    expect(user).toEqual({
      customer_name: '',
      email: `purged-${userId}@invalid`,
      email_normalized: `purged-${userId}@invalid`,
      password_hash: null,
      google_sub: null,
      is_deleted: 1,
      purged_at: at,
    });
    for (const table of ['sessions', 'password_reset_tokens', 'devices', 'license_events']) {
      expect(
        await count(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, userId),
        table,
      ).toBe(0);
    }
    expect(
      await count(
        'SELECT count(*) AS n FROM verification_codes WHERE email_normalized = ?',
        form.email.toLowerCase(),
      ),
    ).toBe(0);
  });

  it('keeps invoices, subscriptions and the trial ledger (payment records, one trial per person)', async () => {
    const app = accountApp();
    const { userId, form, subscription, invoice } = await deletedCustomer(app);

    await purgeDeletedAccounts({ db: testDb(), now: START + RETENTION_MS });

    expect(await count('SELECT count(*) AS n FROM invoices WHERE id = ?', invoice.id)).toBe(1);
    expect(
      await count('SELECT count(*) AS n FROM subscriptions WHERE id = ?', subscription.id),
    ).toBe(1);
    const ledger = await queryAll<{ kind: string; value: string }>(
      'SELECT kind, value FROM trial_ledger WHERE user_id = ? ORDER BY kind',
      userId,
    );
    expect(ledger).toEqual([
      { kind: 'email', value: form.email.toLowerCase() },
      { kind: 'fingerprint', value: form.fingerprintId },
    ]);
  });

  it('still refuses a second trial for the purged account’s e-mail', async () => {
    const app = accountApp();
    const { form } = await deletedCustomer(app);
    await purgeDeletedAccounts({ db: testDb(), now: START + RETENTION_MS });

    // The e-mail is free again (no account holds it), but the ledger remembers the trial.
    const again = signupForm({ email: form.email });
    const response = await sendCode(app, again);

    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'DUPLICATE_TRIAL' });
  });

  it('deletes payment records of purged accounts only after 7 years', async () => {
    const purged = await seedUser({ isDeleted: true, deletedAt: START, purgedAt: START });
    const live = await seedUser({ plan: 'Standard' });
    const old = await seedInvoice(purged.id, START);
    const recent = await seedInvoice(purged.id, START + DAY_MS);
    const liveOld = await seedInvoice(live.id, START);
    const oldSubscription = await seedSubscription(purged.id, {
      status: 'canceled',
      currentPeriodEnd: START,
      updatedAt: START,
    });
    const at = START + PAYMENT_RECORDS_MS;

    await purgeDeletedAccounts({ db: testDb(), now: at });

    const remaining = await queryAll<{ id: string }>(
      'SELECT id FROM invoices WHERE id IN (?, ?, ?)',
      old.id,
      recent.id,
      liveOld.id,
    );
    expect(remaining.map((row) => row.id).sort()).toEqual([recent.id, liveOld.id].sort());
    expect(
      await count('SELECT count(*) AS n FROM subscriptions WHERE id = ?', oldSubscription.id),
    ).toBe(0);
  });

  it('deletes activation audit rows older than 12 months and keeps newer ones', async () => {
    const user = await seedUser({ plan: 'Standard' });
    const license = await seedLicense(user.id, { plan: 'Standard' });
    const old = await seedLicenseEvent(license, 'machine-old', START);
    const fresh = await seedLicenseEvent(license, 'machine-new', START + DAY_MS);

    await purgeDeletedAccounts({ db: testDb(), now: START + USAGE_LOGS_MS });

    const remaining = await queryAll<{ id: string }>(
      'SELECT id FROM license_events WHERE license_id = ?',
      license.id,
    );
    expect(remaining.map((row) => row.id)).toEqual([fresh.id]);
    expect(remaining.map((row) => row.id)).not.toContain(old.id);
  });

  it("keeps the operators' audit log as long as payment records, then deletes it", async () => {
    const real = Date.now();
    const insert = (id: string, createdAt: number) =>
      testDb().run(
        sql`insert into audit_log values (${id}, ${createdAt}, 'op', 'op@example.com', null, 'sign-out-everywhere', 'user:x', 'test', '{}', '{}')`,
      );
    // The trigger of migration 0009 judges age by the real clock, so the rows are dated by it.
    const old = crypto.randomUUID();
    const young = crypto.randomUUID();
    await insert(old, real - PAYMENT_RECORDS_MS - DAY_MS);
    await insert(young, real - PAYMENT_RECORDS_MS + 30 * DAY_MS);

    const counts = await purgeDeletedAccounts({ db: testDb(), now: real });

    expect(counts.auditRowsDeleted).toBe(1);
    const remaining = await queryAll<{ id: string }>(
      'SELECT id FROM audit_log WHERE id IN (?, ?)',
      old,
      young,
    );
    expect(remaining.map((row) => row.id)).toEqual([young]);
    // A run whose clock is ahead does not delete a row younger than 7 years either, and no one
    // can: the trigger refuses it.
    await purgeDeletedAccounts({ db: testDb(), now: real + 60 * DAY_MS });
    expect(await count('SELECT count(*) AS n FROM audit_log WHERE id = ?', young)).toBe(1);
    await expect(
      env.DB.prepare('DELETE FROM audit_log WHERE id = ?').bind(young).run(),
    ).rejects.toThrow(/append-only/);
  });

  it('run twice with the same clock: same result, and the second run does nothing', async () => {
    const app = accountApp();
    const { userId } = await deletedCustomer(app);
    const at = START + RETENTION_MS + DAY_MS;

    await runJobsAt(at);
    const [afterFirst] = await queryAll('SELECT * FROM users WHERE id = ?', userId);
    const second = await runJobsAt(at);
    const [afterSecond] = await queryAll('SELECT * FROM users WHERE id = ?', userId);

    expect(afterFirst).toMatchObject({ purged_at: at });
    expect(afterSecond).toEqual(afterFirst);
    expectNothingDone(second);
  });
});
