import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { outbox } from '../../functions/db/schema';
import { plans } from '../../src/site.config';
import { accountApp, queryAll, signUpTrial, START } from './account-helpers';
import {
  DAY_MS,
  expectNothingDone,
  quietCronLogs,
  recordingMailer,
  runJobsAt,
  seedDevice,
  seedLicense,
  seedUser,
  testDb,
} from './cron-helpers';
import { ORIGIN } from './helpers';

const TRIAL_MS = (plans.trial.durationDays ?? 0) * DAY_MS;

async function statusOf(licenseId: string) {
  const [row] = await queryAll<{ status: string }>(
    'SELECT status FROM licenses WHERE id = ?',
    licenseId,
  );
  return row?.status;
}

describe('cron: expire trials', () => {
  quietCronLogs();

  it('expires a trial at exactly 15 days and not a millisecond before', async () => {
    const app = accountApp();
    const { auth, form } = await signUpTrial(app);
    const [license] = await queryAll<{ id: string; expires_at: number }>(
      'SELECT id, expires_at FROM licenses WHERE user_id = ?',
      auth.user.userId,
    );
    expect(license?.expires_at).toBe(START + TRIAL_MS);
    const mailer = recordingMailer();

    const ended = () => mailer.sent.filter((m) => m.to === form.email && m.tag === 'trial-ended');

    await runJobsAt(START + TRIAL_MS - 1, mailer);
    expect(await statusOf(license!.id)).toBe('active');
    expect(ended()).toHaveLength(0);

    await runJobsAt(START + TRIAL_MS, mailer);
    expect(await statusOf(license!.id)).toBe('expired');
    const mails = ended();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      tag: 'trial-ended',
      subject: 'Your Sheetwright trial has ended',
    });
    expect(mails[0]?.text).toContain(`${ORIGIN}/pricing`);
    expect(mails[0]?.text).toContain(form.customerName);
  });

  it('run twice with the same clock: same result, one e-mail, and the second run does nothing', async () => {
    const user = await seedUser();
    const license = await seedLicense(user.id);
    const mailer = recordingMailer();
    const at = START + TRIAL_MS + DAY_MS;

    const first = await runJobsAt(at, mailer);
    const second = await runJobsAt(at, mailer);

    expect(await statusOf(license.id)).toBe('expired');
    expect(mailer.sent.filter((m) => m.to === user.email)).toHaveLength(1);
    expect(first.find((r) => r.name === 'expire-trials')?.counts?.['expired']).toBeGreaterThan(0);
    expectNothingDone(second);
  });

  it('keeps the devices activated, so buying Standard needs no re-activation', async () => {
    const user = await seedUser();
    const license = await seedLicense(user.id);
    const device = await seedDevice({ id: license.id, userId: user.id });

    await runJobsAt(START + TRIAL_MS);

    const [row] = await queryAll<{ deactivated_at: number | null }>(
      'SELECT deactivated_at FROM devices WHERE id = ?',
      device.id,
    );
    expect(row?.deactivated_at).toBeNull();
  });

  it('expires an upgraded customer’s old trial license without telling them their trial ended', async () => {
    const user = await seedUser({ plan: 'Standard' });
    const trial = await seedLicense(user.id);
    const mailer = recordingMailer();

    await runJobsAt(START + TRIAL_MS, mailer);

    expect(await statusOf(trial.id)).toBe('expired');
    expect(mailer.sent.filter((m) => m.to === user.email)).toHaveLength(0);
  });

  it('leaves revoked, suspended and not-yet-ended trials alone', async () => {
    const user = await seedUser();
    const revoked = await seedLicense(user.id, { status: 'revoked' });
    const later = await seedLicense(user.id, { expiresAt: START + TRIAL_MS + DAY_MS });

    await runJobsAt(START + TRIAL_MS);

    expect(await statusOf(revoked.id)).toBe('revoked');
    expect(await statusOf(later.id)).toBe('active');
  });

  it('a failed send loses nothing: the e-mail waits in the outbox and is delivered once, later', async () => {
    const user = await seedUser();
    const license = await seedLicense(user.id);
    const broken = {
      async send() {
        throw new Error('mail provider down');
      },
    };
    const at = START + TRIAL_MS + 2 * DAY_MS;
    vi.spyOn(console, 'error').mockImplementation(() => {});

    // The license flips and its e-mail is written with it; the provider refuses the delivery.
    await runJobsAt(at, broken);
    expect(await statusOf(license.id)).toBe('expired');
    const row = await testDb().select().from(outbox).where(eq(outbox.toEmail, user.email)).get();
    expect(row).toMatchObject({ tag: 'trial-ended', status: 'failed', attempts: 1 });

    // The same run again writes nothing new; once the row is due, the cron delivers it once.
    const mailer = recordingMailer();
    await runJobsAt(at, mailer);
    expect(mailer.sent).toHaveLength(0);
    await runJobsAt(at + 60 * 60 * 1000, mailer);
    await runJobsAt(at + 2 * 60 * 60 * 1000, mailer);
    expect(mailer.sent.filter((m) => m.to === user.email).map((m) => m.tag)).toEqual([
      'trial-ended',
    ]);
  });
});
