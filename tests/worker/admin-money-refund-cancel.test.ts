/**
 * A full refund that also cancels the subscription now (refund-payment with
 * `cancelSubscription`), on the local payment provider: the license ends at once, the
 * subscription is cancelled at the provider and here, the refund's audit row says both, the
 * customer's one e-mail says so, and a refund retried after a refusal does all of it once.
 */
import { describe, expect, it } from 'vitest';
import type { CustomerActionResult } from '../../src/contract/admin';
import { ConsoleMessages } from '../../src/contract/messages';
import type { PaymentProvider } from '../../functions/adapters/payments';
import { adminPost } from './admin-helpers';
import {
  auditOf,
  customerAction,
  errorOf,
  flakyRefunds,
  paidCustomer,
} from './admin-money-helpers';
import { billingRows, billingWorld } from './billing-helpers';
import { activateOk, newDeviceId, validate } from './licenses-helpers';

const REASON = 'Bought by mistake; wants the money back and no plan';

/** Counts cancelNow calls and their keys on top of `wrap`. */
function countingCancels(wrap: (local: PaymentProvider) => PaymentProvider = (local) => local) {
  const keys: string[] = [];
  return {
    keys,
    wrap: (local: PaymentProvider): PaymentProvider => {
      const inner = wrap(local);
      return {
        ...inner,
        async cancelNow(subscriptionId, idempotencyKey) {
          keys.push(idempotencyKey);
          return inner.cancelNow(subscriptionId, idempotencyKey);
        },
      };
    },
  };
}

describe('refund-payment with cancelSubscription', () => {
  it('refunds, ends the subscription and the license now, audits both, e-mails once', async () => {
    const cancels = countingCancels();
    const world = billingWorld({ wrap: cancels.wrap });
    const customer = await paidCustomer(world);
    const key = customer.account.auth.user.licenseKey;
    const deviceId = newDeviceId();
    await activateOk(world.app, key, { deviceId });
    const suffix = customer.sessionId.slice('cs_local_'.length);

    const response = await customerAction(world.app, customer.op, customer.userId, {
      action: 'refund-payment',
      invoiceId: customer.invoiceId,
      reason: REASON,
      cancelSubscription: true,
    });

    expect(response.status, await response.clone().text()).toBe(200);
    const { message, detail } = await response.json<CustomerActionResult>();
    expect(message).toBe(ConsoleMessages.paymentRefundedAndCancelled);
    expect(detail.subscriptions[0]).toMatchObject({ status: 'canceled' });
    const rows = await billingRows(customer.userId);
    expect(rows.subscriptions[0]).toMatchObject({ status: 'canceled', cancel_at_period_end: 0 });
    expect(rows.licenses[0]).toMatchObject({ plan: 'Standard', status: 'expired' });
    expect(rows.licenses[0]?.expires_at).toBeLessThanOrEqual(world.app.clock.now);
    // The plugin is told at its next check.
    expect((await validate(world.app, key, deviceId)).status).toBe('EXPIRED');
    // Refunded and cancelled at the provider, once each.
    const session = world.store.sessions.get(customer.sessionId);
    expect(session?.refundedAt).toBe(world.app.clock.now);
    expect(session?.canceledAt).toBe(world.app.clock.now);
    expect(cancels.keys).toHaveLength(1);

    const [audit] = await auditOf(`invoice:${customer.invoiceId}`);
    expect(audit).toMatchObject({
      action: 'refund-payment',
      reason: REASON,
      after: {
        refundStatus: 'pending',
        cancelSubscription: {
          subscription: `sub_local_${suffix}`,
          when: 'now',
          licenseStatus: 'expired',
        },
      },
    });
    const mails = world.app.mail.filter((mail) => mail.to === customer.account.form.email);
    const refunded = mails.filter((mail) => mail.tag === 'invoice-refunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]?.text).toContain('subscription is cancelled with this refund');
    // The refund e-mail says it all: no separate cancellation e-mail.
    expect(mails.filter((mail) => mail.tag === 'subscription-cancelled')).toHaveLength(0);
  });

  it('does it once when the refund is refused first and retried from the money page', async () => {
    const flaky = flakyRefunds(1);
    const cancels = countingCancels(flaky.wrap);
    const world = billingWorld({ wrap: cancels.wrap });
    const customer = await paidCustomer(world);

    const refused = await customerAction(world.app, customer.op, customer.userId, {
      action: 'refund-payment',
      invoiceId: customer.invoiceId,
      reason: REASON,
      cancelSubscription: true,
    });
    expect(refused.status).toBe(503);
    // Nothing ended while the money has not gone back.
    const before = await billingRows(customer.userId);
    expect(before.subscriptions[0]?.status).toBe('active');
    expect(before.licenses[0]?.status).toBe('active');
    expect(cancels.keys).toHaveLength(0);

    const path = `/api/admin/money/invoices/${customer.invoiceId}/retry-refund`;
    const retried = await adminPost(world.app, customer.op, path, { reason: 'Stripe was down' });
    expect(retried.status, await retried.clone().text()).toBe(200);
    const again = await adminPost(world.app, customer.op, path, { reason: 'Double click' });
    expect(again.status).toBe(409);

    const after = await billingRows(customer.userId);
    expect(after.subscriptions[0]?.status).toBe('canceled');
    expect(after.licenses[0]?.status).toBe('expired');
    expect(new Set(flaky.keys)).toEqual(new Set([`invoice-refund:${customer.invoiceId}`]));
    expect(cancels.keys).toHaveLength(1);
    const refundMails = world.app.mail.filter(
      (mail) => mail.to === customer.account.form.email && mail.tag === 'invoice-refunded',
    );
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]?.text).toContain('subscription is cancelled with this refund');
  });

  it('leaves the subscription alone without the box, and refuses it when nothing runs', async () => {
    const world = billingWorld();
    const customer = await paidCustomer(world);

    const plain = await customerAction(world.app, customer.op, customer.userId, {
      action: 'refund-payment',
      invoiceId: customer.invoiceId,
      reason: REASON,
    });
    expect(plain.status).toBe(200);
    const rows = await billingRows(customer.userId);
    expect(rows.subscriptions[0]?.status).toBe('active');
    expect(rows.licenses[0]?.status).toBe('active');

    // Ended now by an operator, a later refund-and-cancel has nothing left to cancel.
    const ended = await customerAction(world.app, customer.op, customer.userId, {
      action: 'cancel-subscription',
      when: 'now',
      reason: REASON,
    });
    expect(ended.status).toBe(200);
    const second = await paidCustomer(world);
    await customerAction(world.app, second.op, second.userId, {
      action: 'cancel-subscription',
      when: 'now',
      reason: REASON,
    });
    const refused = await customerAction(world.app, second.op, second.userId, {
      action: 'refund-payment',
      invoiceId: second.invoiceId,
      reason: REASON,
      cancelSubscription: true,
    });
    expect(await errorOf(refused)).toMatchObject({
      status: 409,
      message: ConsoleMessages.refundCancelNotPossible,
    });
  });
});
