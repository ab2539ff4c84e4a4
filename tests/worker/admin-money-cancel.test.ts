/**
 * An operator cancels a customer's subscription (POST /api/admin/customers/:id/actions,
 * cancel-subscription) at the end of the paid period or now, on the local payment provider: the
 * customer's Billing page and the plugin see it at once, a late webhook cannot undo it, two
 * operators at once apply it once, and each writes its audit row before → after.
 */
import { describe, expect, it } from 'vitest';
import type { CustomerActionResult } from '../../src/contract/admin';
import type { BillingOverview } from '../../src/contract/billing';
import { ConsoleMessages } from '../../src/contract/messages';
import type { AccountApp, SignedInAccount } from './account-helpers';
import { operator } from './admin-helpers';
import { auditOf, customerAction, errorOf } from './admin-money-helpers';
import {
  billingRows,
  billingWorld,
  deliver,
  upgradedAccount,
  type BillingWorld,
} from './billing-helpers';
import {
  invoiceObject,
  signedDelivery,
  stripeEvent,
  subscriptionObject,
} from './fake-stripe/events';
import { activateOk, newDeviceId, validate } from './licenses-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const REASON = 'Card disputed; the customer wants out today';

/** A Standard customer paid through the local checkout, with one plugin device. */
async function subscriber(world: BillingWorld) {
  const { account, checkout, paid } = await upgradedAccount(world);
  const suffix = checkout.sessionId.slice('cs_local_'.length);
  const key = account.auth.user.licenseKey;
  const deviceId = newDeviceId();
  await activateOk(world.app, key, { deviceId });
  const periodEnd = new Date(paid.session.paidAt ?? 0);
  periodEnd.setUTCFullYear(periodEnd.getUTCFullYear() + 1);
  return {
    account,
    userId: account.auth.user.userId,
    sessionId: checkout.sessionId,
    subscriptionId: `sub_local_${suffix}`,
    suffix,
    key,
    deviceId,
    periodEnd: periodEnd.getTime(),
    paidAt: paid.session.paidAt ?? 0,
  };
}

async function billingOf(app: AccountApp, account: SignedInAccount) {
  const response = await app.request('/api/billing', { headers: account.bearer });
  expect(response.status).toBe(200);
  return response.json<BillingOverview>();
}

const cancel = (
  world: BillingWorld,
  who: Awaited<ReturnType<typeof operator>>,
  userId: string,
  when: string,
) =>
  customerAction(world.app, who, userId, { action: 'cancel-subscription', when, reason: REASON });

describe('cancel-subscription at period end', () => {
  it('stops the renewal: the customer sees it ending, the license keeps its paid year', async () => {
    const world = billingWorld();
    const customer = await subscriber(world);
    world.app.clock.advance(10 * 24 * 60 * 60);
    const op = await operator(world.app);

    const response = await cancel(world, op, customer.userId, 'period-end');

    expect(response.status, await response.clone().text()).toBe(200);
    const { message, detail } = await response.json<CustomerActionResult>();
    expect(message).toBe(ConsoleMessages.subscriptionCancelledAtPeriodEnd);
    expect(detail.subscriptions[0]).toMatchObject({
      status: 'cancelling',
      cancelAtPeriodEnd: true,
    });
    const billing = await billingOf(world.app, customer.account);
    expect(billing).toMatchObject({
      licenseStatus: 'active',
      licenseExpiresAt: new Date(customer.periodEnd).toISOString(),
      subscription: { status: 'cancelling', cancelAtPeriodEnd: true },
      actions: { cancel: false, upgrade: false },
    });
    expect((await validate(world.app, customer.key, customer.deviceId)).status).toBe('VALID');
    expect(await auditOf(`subscription:${customer.subscriptionId}`)).toEqual([
      expect.objectContaining({
        operator_id: op.userId,
        user_id: customer.userId,
        action: 'cancel-subscription',
        reason: REASON,
        before: {
          status: 'active',
          cancelAtPeriodEnd: 0,
          currentPeriodEnd: customer.periodEnd,
          licenseExpiresAt: customer.periodEnd,
        },
        after: {
          when: 'period-end',
          status: 'cancelling',
          cancelAtPeriodEnd: true,
          currentPeriodEnd: customer.periodEnd,
          licenseExpiresAt: customer.periodEnd,
        },
      }),
    ]);
  });

  it('refuses a second cancellation with a plain 409, writing no second audit row', async () => {
    const world = billingWorld();
    const customer = await subscriber(world);
    const op = await operator(world.app);
    expect((await cancel(world, op, customer.userId, 'period-end')).status).toBe(200);

    const again = await cancel(world, op, customer.userId, 'period-end');

    expect(await errorOf(again)).toEqual({
      status: 409,
      message: ConsoleMessages.subscriptionAlreadyEnding,
      code: 'STALE_STATE',
    });
    expect(await auditOf(`subscription:${customer.subscriptionId}`)).toHaveLength(1);
  });
});

describe('cancel-subscription now', () => {
  it('ends the subscription and the license at once: Billing shows it ended, the plugin is told EXPIRED', async () => {
    const world = billingWorld();
    const customer = await subscriber(world);
    world.app.clock.advance(10 * 24 * 60 * 60);
    const op = await operator(world.app);
    const now = world.app.clock.now;

    const response = await cancel(world, op, customer.userId, 'now');

    expect(response.status, await response.clone().text()).toBe(200);
    expect((await response.json<CustomerActionResult>()).message).toBe(
      ConsoleMessages.subscriptionCancelledNow,
    );
    expect(await billingOf(world.app, customer.account)).toMatchObject({
      plan: 'Standard',
      licenseStatus: 'expired',
      licenseExpiresAt: new Date(now).toISOString(),
      subscription: { status: 'canceled', cancelAtPeriodEnd: false },
      // Ended and lapsed: the customer may buy Standard again.
      actions: { cancel: false, upgrade: true },
    });
    expect((await validate(world.app, customer.key, customer.deviceId)).status).toBe('EXPIRED');
    // The local checkout records the cancellation, and no refund (that is its own action).
    const session = world.store.sessions.get(customer.sessionId);
    expect(session?.canceledAt).toBe(now);
    expect(session?.refundedAt).toBeNull();
    const [audit] = await auditOf(`subscription:${customer.subscriptionId}`);
    expect(audit).toMatchObject({
      action: 'cancel-subscription',
      before: { status: 'active', cancelAtPeriodEnd: 0, licenseExpiresAt: customer.periodEnd },
      after: { when: 'now', status: 'canceled', canceledAt: now, licenseStatus: 'expired' },
    });
  });

  it('is not undone by older webhook events delivered late', async () => {
    const world = billingWorld();
    const customer = await subscriber(world);
    world.app.clock.advance(10 * 24 * 60 * 60);
    const op = await operator(world.app);
    expect((await cancel(world, op, customer.userId, 'now')).status).toBe(200);
    const ended = await billingRows(customer.userId);
    const seconds = (ms: number) => Math.floor(ms / 1000);
    const send = async (type: string, object: Record<string, unknown>, created: number) => {
      const { body, signature } = await signedDelivery(
        stripeEvent(type, object, created),
        world.secret,
      );
      const response = await deliver(world.app, body, signature);
      expect(response.status, await response.clone().text()).toBe(200);
    };
    const metadata = { userId: customer.userId, plan: 'standard' };

    // A renewal-looking invoice.paid and an "active" update, both from before the cancellation.
    await send(
      'invoice.paid',
      invoiceObject({
        id: `in_late_${customer.suffix}`,
        customer: `cus_local_${customer.suffix}`,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: customer.subscriptionId, metadata },
        },
        lines: {
          object: 'list',
          has_more: false,
          data: [
            {
              id: 'il_late',
              object: 'line_item',
              amount: 12900,
              period: {
                start: seconds(customer.paidAt),
                end: seconds(customer.periodEnd + 30 * DAY_MS),
              },
              parent: {
                type: 'subscription_item_details',
                subscription_item_details: {
                  subscription: customer.subscriptionId,
                  subscription_item: 'si_1',
                },
              },
            },
          ],
        },
      }),
      seconds(customer.paidAt) + 60,
    );
    await send(
      'customer.subscription.updated',
      subscriptionObject({
        id: customer.subscriptionId,
        customer: `cus_local_${customer.suffix}`,
        metadata,
        items: {
          object: 'list',
          data: [{ id: 'si_1', current_period_end: seconds(customer.periodEnd) }],
        },
      }),
      seconds(customer.paidAt) + 120,
    );

    const after = await billingRows(customer.userId);
    expect(after.subscriptions).toEqual(ended.subscriptions);
    expect(after.licenses).toEqual(ended.licenses);
    expect((await validate(world.app, customer.key, customer.deviceId)).status).toBe('EXPIRED');
  });

  it('applies once when two operators cancel at the same moment', async () => {
    const world = billingWorld();
    const customer = await subscriber(world);
    const op = await operator(world.app);
    const second = await operator(world.app);

    const responses = await Promise.all([
      cancel(world, op, customer.userId, 'now'),
      cancel(world, second, customer.userId, 'now'),
    ]);

    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await auditOf(`subscription:${customer.subscriptionId}`)).toHaveLength(1);
    expect((await billingRows(customer.userId)).subscriptions[0]?.status).toBe('canceled');
  });

  it('refuses to cancel a subscription that has already ended', async () => {
    const world = billingWorld();
    const customer = await subscriber(world);
    const op = await operator(world.app);
    expect((await cancel(world, op, customer.userId, 'now')).status).toBe(200);

    for (const when of ['now', 'period-end']) {
      const again = await cancel(world, op, customer.userId, when);
      expect(await errorOf(again)).toEqual({
        status: 409,
        message: ConsoleMessages.subscriptionAlreadyEnded,
        code: 'STALE_STATE',
      });
    }
  });

  it('finishes the job when Stripe reported the cancellation before the batch ran', async () => {
    const world = billingWorld();
    const customer = await subscriber(world);
    const op = await operator(world.app);
    // Stripe's customer.subscription.deleted of this very cancellation, delivered between the
    // provider's answer and our batch (simulated by delivering it from inside cancelNow).
    const local = world.local;
    const original = local.cancelNow.bind(local);
    local.cancelNow = async (subscriptionId, key) => {
      const result = await original(subscriptionId, key);
      const { body, signature } = await signedDelivery(
        stripeEvent(
          'customer.subscription.deleted',
          subscriptionObject({
            id: customer.subscriptionId,
            customer: `cus_local_${customer.suffix}`,
            status: 'canceled',
            canceled_at: Math.floor(result.canceledAt / 1000),
            ended_at: Math.floor(result.canceledAt / 1000),
            metadata: { userId: customer.userId, plan: 'standard' },
            items: {
              object: 'list',
              data: [{ id: 'si_1', current_period_end: Math.floor(customer.periodEnd / 1000) }],
            },
          }),
          Math.floor(world.app.clock.now / 1000) + 1,
        ),
        world.secret,
      );
      expect((await deliver(world.app, body, signature)).status).toBe(200);
      return result;
    };

    const response = await cancel(world, op, customer.userId, 'now');

    expect(response.status, await response.clone().text()).toBe(200);
    expect(await auditOf(`subscription:${customer.subscriptionId}`)).toHaveLength(1);
    const rows = await billingRows(customer.userId);
    expect(rows.licenses[0]?.status).toBe('expired');
    expect((await validate(world.app, customer.key, customer.deviceId)).status).toBe('EXPIRED');
  });
});
