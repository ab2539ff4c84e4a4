/**
 * The lifecycle reminders the hourly cron sends: "your trial ends in 3 days" and "your paid year
 * renews in 7 days". No change causes them, so "once" rests on the outbox's dedupe key: the cron
 * run twice (or two runs at once) writes one e-mail, and a new end date gets a new one.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { licenses, subscriptions, users } from '../../functions/db/schema';
import { limits, plans } from '../../src/site.config';
import { queryAll, START } from './account-helpers';
import {
  DAY_MS,
  expectNothingDone,
  quietCronLogs,
  recordingMailer,
  runJobsAt,
  seedLicense,
  seedSubscription,
  seedUser,
  testDb,
} from './cron-helpers';
import { ORIGIN } from './helpers';
import { OUTBOX_SENT_KEEP_MS } from '../../functions/services/cron/clean-up';

const TRIAL_END = START + 15 * DAY_MS; // March 16, 2026, 12:00 UTC
const YEAR_END = START + 365 * DAY_MS; // March 1, 2027, 12:00 UTC
const HOUR_MS = 60 * 60 * 1000;

/** The outbox rows of `tag` written to `email`. */
function outboxRows(email: string, tag: string) {
  return queryAll<{ subject: string; text: string; html: string | null; dedupe_key: string }>(
    'SELECT subject, text, html, dedupe_key FROM outbox WHERE to_email = ? AND tag = ? ORDER BY created_at',
    email,
    tag,
  );
}

describe('cron: the trial ends in 3 days', () => {
  quietCronLogs();

  it('is e-mailed once, 3 days before the end, with the dashboard link, though the cron runs twice', async () => {
    const user = await seedUser();
    const license = await seedLicense(user.id);
    const mailer = recordingMailer();
    const mine = () => mailer.sent.filter((m) => m.to === user.email && m.tag === 'trial-ending');

    await runJobsAt(TRIAL_END - limits.trialEndingReminderDays * DAY_MS - 1, mailer);
    expect(mine()).toHaveLength(0);

    const at = TRIAL_END - limits.trialEndingReminderDays * DAY_MS;
    await runJobsAt(at, mailer);
    const second = await runJobsAt(at, mailer);
    await runJobsAt(at + HOUR_MS, mailer);
    await runJobsAt(TRIAL_END - DAY_MS, mailer);

    expectNothingDone(second);
    expect(mine()).toHaveLength(1);
    const [mail] = mine();
    expect(mail?.subject).toBe('Your Sheetwright trial ends in 3 days');
    expect(mail?.text).toContain('Hello Cron Tester,');
    expect(mail?.text).toContain('ends on March 16, 2026');
    expect(mail?.text).toContain(`${ORIGIN}/dashboard`);
    expect(mail?.text).toContain(`${plans.standard.priceLabel} ${plans.standard.period}`);
    expect(mail?.html).toContain(`href="${ORIGIN}/dashboard"`);
    expect(mail?.html).toContain('ends on March 16, 2026');
    const rows = await outboxRows(user.email, 'trial-ending');
    expect(rows.map((row) => row.dedupe_key)).toEqual([
      `trial-ending:${license.id}:${license.expiresAt}`,
    ]);
  });

  it('two runs at the same moment (two Workers) still write one e-mail', async () => {
    const user = await seedUser();
    await seedLicense(user.id);
    const at = TRIAL_END - 2 * DAY_MS;

    await Promise.all([runJobsAt(at), runJobsAt(at), runJobsAt(at)]);

    expect(await outboxRows(user.email, 'trial-ending')).toHaveLength(1);
  });

  it('a trial whose end moves later (an operator extends it) is reminded again for its new end', async () => {
    const user = await seedUser();
    const license = await seedLicense(user.id);
    await runJobsAt(TRIAL_END - DAY_MS);
    await testDb()
      .update(licenses)
      .set({ expiresAt: TRIAL_END + 10 * DAY_MS })
      .where(eq(licenses.id, license.id));

    await runJobsAt(TRIAL_END);
    await runJobsAt(TRIAL_END + 8 * DAY_MS);
    await runJobsAt(TRIAL_END + 8 * DAY_MS);

    const rows = await outboxRows(user.email, 'trial-ending');
    expect(rows.map((row) => row.subject)).toEqual([
      'Your Sheetwright trial ends in 1 day',
      'Your Sheetwright trial ends in 2 days',
    ]);
  });

  it('is not sent for an upgraded account’s old trial, a deleted account or a revoked license', async () => {
    const upgraded = await seedUser({ plan: 'Standard' });
    await seedLicense(upgraded.id);
    const deleted = await seedUser({ isDeleted: true, deletedAt: START });
    await seedLicense(deleted.id);
    const revoked = await seedUser();
    await seedLicense(revoked.id, { status: 'revoked' });
    const replaced = await seedUser();
    await seedLicense(replaced.id);
    await seedLicense(replaced.id, { createdAt: START + 1, expiresAt: TRIAL_END + 30 * DAY_MS });

    await runJobsAt(TRIAL_END - DAY_MS);

    for (const user of [upgraded, deleted, revoked, replaced]) {
      expect(await outboxRows(user.email, 'trial-ending'), user.email).toHaveLength(0);
    }
  });

  it('is not sent once the trial has ended (the trial-ended e-mail is)', async () => {
    const user = await seedUser();
    await seedLicense(user.id);

    await runJobsAt(TRIAL_END + HOUR_MS);

    expect(await outboxRows(user.email, 'trial-ending')).toHaveLength(0);
    expect(await outboxRows(user.email, 'trial-ended')).toHaveLength(1);
  });
});

describe('cron: the paid year renews in 7 days', () => {
  quietCronLogs();

  async function subscriber(overrides: Parameters<typeof seedSubscription>[1] = {}) {
    const user = await seedUser({ plan: 'Standard', customerName: 'Grace Hopper' });
    await seedLicense(user.id, { plan: 'Standard', expiresAt: YEAR_END });
    const subscription = await seedSubscription(user.id, overrides);
    return { user, subscription };
  }

  it('is e-mailed once, 7 days before, with the price, how to cancel and the dashboard link, though the cron runs twice', async () => {
    const { user, subscription } = await subscriber();
    const mailer = recordingMailer();
    const mine = () =>
      mailer.sent.filter((m) => m.to === user.email && m.tag === 'renewal-reminder');

    await runJobsAt(YEAR_END - limits.renewalReminderDays * DAY_MS - 1, mailer);
    expect(mine()).toHaveLength(0);

    const at = YEAR_END - limits.renewalReminderDays * DAY_MS;
    await runJobsAt(at, mailer);
    const second = await runJobsAt(at, mailer);
    await runJobsAt(YEAR_END - DAY_MS, mailer);

    expectNothingDone(second);
    expect(mine()).toHaveLength(1);
    const [mail] = mine();
    expect(mail?.subject).toBe('Your Sheetwright Standard plan renews on March 1, 2027');
    expect(mail?.text).toContain('Hello Grace Hopper,');
    expect(mail?.text).toContain('renews automatically on March 1, 2027 (in 7 days)');
    expect(mail?.text).toContain(`We will charge ${plans.standard.priceLabel}`);
    expect(mail?.text).toContain('Cancel subscription');
    expect(mail?.text).toContain(`${ORIGIN}/dashboard/billing`);
    expect(mail?.text).toContain(`${ORIGIN}/dashboard\n`);
    expect(mail?.html).toContain(`href="${ORIGIN}/dashboard/billing"`);
    expect(mail?.html).toContain(`We will charge ${plans.standard.priceLabel}`);
    const rows = await outboxRows(user.email, 'renewal-reminder');
    expect(rows.map((row) => row.dedupe_key)).toEqual([
      `renewal-reminder:${subscription.id}:${YEAR_END}`,
    ]);
  });

  it('two runs at the same moment (two Workers) still write one e-mail', async () => {
    const { user } = await subscriber();
    const at = YEAR_END - 3 * DAY_MS;

    await Promise.all([runJobsAt(at), runJobsAt(at), runJobsAt(at)]);

    expect(await outboxRows(user.email, 'renewal-reminder')).toHaveLength(1);
  });

  it('each renewed year gets its own reminder', async () => {
    const { user, subscription } = await subscriber();
    const mailer = recordingMailer();
    await runJobsAt(YEAR_END - 5 * DAY_MS, mailer);
    // The renewal's invoice.paid moves the period end a year on.
    await testDb()
      .update(subscriptions)
      .set({ currentPeriodEnd: YEAR_END + 365 * DAY_MS })
      .where(eq(subscriptions.id, subscription.id));

    await runJobsAt(YEAR_END + 360 * DAY_MS, mailer);
    await runJobsAt(YEAR_END + 360 * DAY_MS, mailer);

    const mine = mailer.sent.filter((m) => m.to === user.email && m.tag === 'renewal-reminder');
    expect(mine.map((mail) => mail.subject)).toEqual([
      'Your Sheetwright Standard plan renews on March 1, 2027',
      'Your Sheetwright Standard plan renews on February 29, 2028',
    ]);
  });

  it('a reminder’s row, which holds its dedupe key, outlives the reminder’s window', () => {
    // The clean-up job deletes delivered e-mails after OUTBOX_SENT_KEEP_MS; a key deleted inside
    // its window could be written a second time.
    for (const days of [limits.trialEndingReminderDays, limits.renewalReminderDays]) {
      expect(days * DAY_MS).toBeLessThan(OUTBOX_SENT_KEEP_MS);
    }
  });

  it('is not sent for a subscription set to end, one past due, or a deleted account', async () => {
    const ending = await subscriber({ status: 'cancelling', cancelAtPeriodEnd: true });
    const pastDue = await subscriber({ status: 'past_due' });
    const deleted = await subscriber();
    await testDb()
      .update(users)
      .set({ isDeleted: true, deletedAt: START })
      .where(eq(users.id, deleted.user.id));

    await runJobsAt(YEAR_END - DAY_MS);

    for (const { user } of [ending, pastDue, deleted]) {
      expect(await outboxRows(user.email, 'renewal-reminder'), user.email).toHaveLength(0);
    }
  });
});
