import { describe, expect, it } from 'vitest';
import { queryAll, START } from './account-helpers';
import {
  DAY_MS,
  expectNothingDone,
  quietCronLogs,
  runJobsAt,
  seedLicense,
  seedSubscription,
  seedUser,
} from './cron-helpers';

const PERIOD_END = START + 365 * DAY_MS;

async function statusOf(licenseId: string) {
  const [row] = await queryAll<{ status: string }>(
    'SELECT status FROM licenses WHERE id = ?',
    licenseId,
  );
  return row?.status;
}

/** A Standard customer whose license ends at PERIOD_END, with a subscription in `status`. */
async function standardCustomer(
  subscription: 'active' | 'past_due' | 'cancelling' | 'canceled' | null,
  licenseStatus: 'active' | 'suspended' = 'active',
) {
  const user = await seedUser({ plan: 'Standard' });
  const license = await seedLicense(user.id, {
    plan: 'Standard',
    status: licenseStatus,
    expiresAt: PERIOD_END,
    appVersion: null,
  });
  if (subscription) {
    await seedSubscription(user.id, {
      status: subscription,
      cancelAtPeriodEnd: subscription === 'cancelling',
      currentPeriodEnd: PERIOD_END,
    });
  }
  return { user, license };
}

describe('cron: lapse paid licenses', () => {
  quietCronLogs();

  it('expires the license of a cancelled-at-period-end subscription once the period has ended', async () => {
    const { license } = await standardCustomer('cancelling');

    await runJobsAt(PERIOD_END - 1);
    expect(await statusOf(license.id)).toBe('active');

    await runJobsAt(PERIOD_END);
    expect(await statusOf(license.id)).toBe('expired');
  });

  it('expires the license of a canceled subscription, and of a license with no subscription', async () => {
    const canceled = await standardCustomer('canceled');
    const none = await standardCustomer(null);

    await runJobsAt(PERIOD_END);

    expect(await statusOf(canceled.license.id)).toBe('expired');
    expect(await statusOf(none.license.id)).toBe('expired');
  });

  it('never touches a license whose subscription is active: the renewal webhook extends it', async () => {
    const { license } = await standardCustomer('active');

    await runJobsAt(PERIOD_END + 3 * DAY_MS);

    expect(await statusOf(license.id)).toBe('active');
  });

  it('leaves a past-due subscription’s license suspended while the payment is retried', async () => {
    const { license } = await standardCustomer('past_due', 'suspended');

    await runJobsAt(PERIOD_END + 3 * DAY_MS);

    expect(await statusOf(license.id)).toBe('suspended');
  });

  it('expires a suspended license once its subscription has been canceled for good', async () => {
    const { license } = await standardCustomer('canceled', 'suspended');

    await runJobsAt(PERIOD_END);

    expect(await statusOf(license.id)).toBe('expired');
  });

  it('keeps a license active when the account also has a newer, active subscription', async () => {
    const { user, license } = await standardCustomer('canceled');
    await seedSubscription(user.id, { status: 'active' });

    await runJobsAt(PERIOD_END);

    expect(await statusOf(license.id)).toBe('active');
  });

  it('leaves Enterprise licenses to their contract', async () => {
    const user = await seedUser({ plan: 'Enterprise' });
    const license = await seedLicense(user.id, {
      plan: 'Enterprise',
      expiresAt: PERIOD_END,
      appVersion: null,
    });

    await runJobsAt(PERIOD_END + DAY_MS);

    expect(await statusOf(license.id)).toBe('active');
  });

  it('run twice with the same clock: same result, and the second run does nothing', async () => {
    const { license } = await standardCustomer('cancelling');
    const at = PERIOD_END + 10 * DAY_MS;

    await runJobsAt(at);
    const second = await runJobsAt(at);

    expect(await statusOf(license.id)).toBe('expired');
    expectNothingDone(second);
  });
});
