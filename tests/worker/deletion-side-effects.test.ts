import { describe, expect, it, vi } from 'vitest';
import { accountApp, queryAll, signUpTrial, START, type AccountApp } from './account-helpers';
import { DAY_MS, seedDevice, seedSubscription } from './cron-helpers';
import { createFakeStripe, stripeAgainst } from './fake-stripe/server';

/** A signed-up account with its license id. */
async function customer(app: AccountApp) {
  const account = await signUpTrial(app);
  const userId = account.auth.user.userId;
  const [license] = await queryAll<{ id: string }>(
    'SELECT id FROM licenses WHERE user_id = ?',
    userId,
  );
  return { ...account, userId, license: { id: license!.id, userId } };
}

const deleteAccount = (app: AccountApp, bearer: Record<string, string>) =>
  app.request('/api/delete', { method: 'DELETE', headers: bearer });

describe('DELETE /api/delete: devices and subscription', () => {
  it('deactivates every active device, with a system audit row for each', async () => {
    const app = accountApp();
    const { bearer, userId, license } = await customer(app);
    const first = await seedDevice(license, { deviceName: 'Office PC' });
    const second = await seedDevice(license, { deviceName: 'Laptop' });
    const earlier = await seedDevice(license, { deactivatedAt: START - DAY_MS });

    expect((await deleteAccount(app, bearer)).status).toBe(200);

    const devices = await queryAll<{ id: string; deactivated_at: number | null }>(
      'SELECT id, deactivated_at FROM devices WHERE user_id = ? ORDER BY id',
      userId,
    );
    expect(devices).toEqual(
      [
        { id: first.id, deactivated_at: app.clock.now },
        { id: second.id, deactivated_at: app.clock.now },
        { id: earlier.id, deactivated_at: START - DAY_MS },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    const events = await queryAll(
      `SELECT device_id, device_name, license_id, source, ip, created_at FROM license_events
       WHERE user_id = ? AND action = 'deactivated' ORDER BY device_name`,
      userId,
    );
    expect(events).toEqual([
      {
        device_id: second.deviceId,
        device_name: 'Laptop',
        license_id: license.id,
        source: 'system',
        ip: null,
        created_at: app.clock.now,
      },
      {
        device_id: first.deviceId,
        device_name: 'Office PC',
        license_id: license.id,
        source: 'system',
        ip: null,
        created_at: app.clock.now,
      },
    ]);
  });

  it('deactivates more devices than one statement can carry (an Enterprise account)', async () => {
    const app = accountApp();
    const { bearer, userId, license } = await customer(app);
    for (let i = 0; i < 25; i += 1) await seedDevice(license, { deviceName: `Seat ${i}` });

    expect((await deleteAccount(app, bearer)).status).toBe(200);

    const [active] = await queryAll<{ n: number }>(
      'SELECT count(*) AS n FROM devices WHERE user_id = ? AND deactivated_at IS NULL',
      userId,
    );
    const [events] = await queryAll<{ n: number }>(
      "SELECT count(*) AS n FROM license_events WHERE user_id = ? AND action = 'deactivated'",
      userId,
    );
    expect(active?.n).toBe(0);
    expect(events?.n).toBe(25);
  });

  it('cancels an active subscription at period end through the payment provider', async () => {
    const fake = createFakeStripe();
    const app = accountApp({ payments: stripeAgainst(fake) });
    const { bearer, userId } = await customer(app);
    const periodEnd = START + 300 * DAY_MS;
    const subscription = await seedSubscription(userId, { currentPeriodEnd: periodEnd });
    fake.addSubscription(subscription.stripeSubscriptionId, {
      customer: subscription.stripeCustomerId,
      currentPeriodEnd: periodEnd / 1000,
    });

    expect((await deleteAccount(app, bearer)).status).toBe(200);

    const calls = fake.requests.filter(
      (r) =>
        r.method === 'POST' && r.path === `/v1/subscriptions/${subscription.stripeSubscriptionId}`,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.form.get('cancel_at_period_end')).toBe('true');
    const [row] = await queryAll(
      'SELECT status, cancel_at_period_end, current_period_end FROM subscriptions WHERE id = ?',
      subscription.id,
    );
    expect(row).toEqual({
      status: 'cancelling',
      cancel_at_period_end: 1,
      current_period_end: periodEnd,
    });
  });

  it('does not call the provider for a subscription that is already cancelled', async () => {
    const fake = createFakeStripe();
    const app = accountApp({ payments: stripeAgainst(fake) });
    const { bearer, userId } = await customer(app);
    await seedSubscription(userId, { status: 'cancelling', cancelAtPeriodEnd: true });
    await seedSubscription(userId, { status: 'canceled' });

    expect((await deleteAccount(app, bearer)).status).toBe(200);

    expect(fake.requests).toHaveLength(0);
  });

  it('still deletes the account when the provider fails, and logs it for the operator', async () => {
    const fake = createFakeStripe();
    const app = accountApp({ payments: stripeAgainst(fake) });
    const { bearer, userId } = await customer(app);
    const subscription = await seedSubscription(userId);
    fake.addSubscription(subscription.stripeSubscriptionId, {
      customer: subscription.stripeCustomerId,
      currentPeriodEnd: (START + 300 * DAY_MS) / 1000,
    });
    fake.failNext({
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'no' } },
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    const response = await deleteAccount(app, bearer);

    expect(response.status).toBe(200);
    const [user] = await queryAll<{ is_deleted: number }>(
      'SELECT is_deleted FROM users WHERE id = ?',
      userId,
    );
    expect(user?.is_deleted).toBe(1);
    const [row] = await queryAll<{ status: string }>(
      'SELECT status FROM subscriptions WHERE id = ?',
      subscription.id,
    );
    expect(row?.status).toBe('active');
    expect(logged.mock.calls.some(([message]) => String(message).includes(userId))).toBe(true);
    logged.mockRestore();
  });
});
