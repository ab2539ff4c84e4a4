/**
 * An operator refunds a Standard payment (POST /api/admin/customers/:id/actions, refund-payment)
 * and retries a refund that did not go through (POST /api/admin/money/invoices/:id/retry-refund),
 * on the local payment provider: claimed once in D1, refunded once by the provider, recorded on
 * the invoice, shown on the customer page and the money page, audited before → after.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CustomerActionResult, MoneyActionResult } from '../../src/contract/admin';
import { ConsoleMessages } from '../../src/contract/messages';
import { queryAll, signUpTrial } from './account-helpers';
import { adminPost, operator } from './admin-helpers';
import {
  auditOf,
  customerAction,
  errorOf,
  flakyRefunds,
  moneyPage,
  paidCustomer,
} from './admin-money-helpers';
import { billingWorld } from './billing-helpers';

const REASON = 'Bought by mistake, asked within a week';

function invoiceRow(invoiceId: string) {
  return queryAll<{
    refund_status: string | null;
    refund_amount: number | null;
    refund_id: string | null;
    refunded_at: number | null;
    refund_error: string | null;
  }>(
    'SELECT refund_status, refund_amount, refund_id, refunded_at, refund_error FROM invoices WHERE id = ?',
    invoiceId,
  ).then((rows) => rows[0]);
}

describe('refund-payment', () => {
  it('refunds a Standard payment once when two operators refund it at the same moment', async () => {
    const world = billingWorld();
    const customer = await paidCustomer(world);
    const second = await operator(world.app);
    const body = { action: 'refund-payment', invoiceId: customer.invoiceId, reason: REASON };

    const responses = await Promise.all([
      customerAction(world.app, customer.op, customer.userId, body),
      customerAction(world.app, second, customer.userId, body),
    ]);

    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = responses.find((response) => response.status === 409);
    expect(await errorOf(refused ?? new Response())).toEqual({
      status: 409,
      message: ConsoleMessages.alreadyRefunded,
      code: 'STALE_STATE',
    });
    // The provider refunded the payment once, as support.
    const session = world.store.sessions.get(customer.sessionId);
    expect(session?.refundedAt).toBe(world.app.clock.now);
    expect(session?.refundKind).toBe('support');
    expect(await invoiceRow(customer.invoiceId)).toEqual({
      refund_status: 'refunded',
      refund_amount: 12900,
      refund_id: customer.refundId,
      refunded_at: world.app.clock.now,
      refund_error: null,
    });
    // One audit row, of the operator whose claim won, with the values before and after.
    const audit = await auditOf(`invoice:${customer.invoiceId}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      user_id: customer.userId,
      action: 'refund-payment',
      reason: REASON,
      before: { status: 'paid', amountPaid: 12900, currency: 'usd', refundStatus: null },
      after: { refundStatus: 'pending', amount: 12900, currency: 'usd' },
    });
    expect([customer.op.userId, second.userId]).toContain(audit[0]?.operator_id);
  });

  it('answers the customer page with the refund, and the money page lists it', async () => {
    const world = billingWorld();
    const customer = await paidCustomer(world);

    const response = await customerAction(world.app, customer.op, customer.userId, {
      action: 'refund-payment',
      invoiceId: customer.invoiceId,
      reason: REASON,
    });

    expect(response.status, await response.clone().text()).toBe(200);
    const { message, detail } = await response.json<CustomerActionResult>();
    expect(message).toBe(ConsoleMessages.paymentRefunded);
    const refundedAt = new Date(world.app.clock.now).toISOString();
    expect(detail.invoices.find((invoice) => invoice.id === customer.invoiceId)?.refund).toEqual({
      status: 'refunded',
      amount: 12900,
      refundedAt,
      error: null,
    });
    expect(detail.audit.map((entry) => entry.action)).toContain('refund-payment');

    const money = await moneyPage(world.app, customer.op);
    const listed = money.operatorRefunds.find((row) => row.invoice.id === customer.invoiceId);
    expect(listed).toMatchObject({
      userId: customer.userId,
      email: customer.account.form.email.toLowerCase(),
      invoice: { amountPaid: 12900, refund: { status: 'refunded', amount: 12900 } },
    });
  });

  it('refuses to refund a payment twice, one still open, or one of another customer', async () => {
    const world = billingWorld();
    const customer = await paidCustomer(world);
    const other = await signUpTrial(world.app);
    const refund = (userId: string) =>
      customerAction(world.app, customer.op, userId, {
        action: 'refund-payment',
        invoiceId: customer.invoiceId,
        reason: REASON,
      });

    expect((await errorOf(await refund(other.auth.user.userId))).message).toBe(
      ConsoleMessages.invoiceNotFound,
    );
    expect((await refund(customer.userId)).status).toBe(200);
    expect(await errorOf(await refund(customer.userId))).toMatchObject({
      status: 409,
      message: ConsoleMessages.alreadyRefunded,
    });

    const openId = `in_open${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare(
      `INSERT INTO invoices (id, user_id, number, amount_paid, currency, status, created) VALUES (?, ?, NULL, 0, 'usd', 'open', ?)`,
    )
      .bind(openId, customer.userId, world.app.clock.now)
      .run();
    const unpaid = await customerAction(world.app, customer.op, customer.userId, {
      action: 'refund-payment',
      invoiceId: openId,
      reason: REASON,
    });
    expect(await errorOf(unpaid)).toMatchObject({ status: 409, message: ConsoleMessages.notPaid });
  });

  it('records a refund the provider refuses as failed with a plain reason; a retry with the same key refunds once', async () => {
    const flaky = flakyRefunds(1);
    const world = billingWorld({ wrap: flaky.wrap });
    const customer = await paidCustomer(world);

    const refused = await customerAction(world.app, customer.op, customer.userId, {
      action: 'refund-payment',
      invoiceId: customer.invoiceId,
      reason: REASON,
    });

    expect(await errorOf(refused)).toEqual({
      status: 503,
      message: ConsoleMessages.refundFailed,
      code: 'PAYMENTS_UNAVAILABLE',
    });
    expect(await invoiceRow(customer.invoiceId)).toMatchObject({
      refund_status: 'failed',
      refund_error: 'Stripe is unavailable; try again later. (provider: unavailable)',
      refunded_at: null,
    });
    expect(world.store.sessions.get(customer.sessionId)?.refundedAt).toBeNull();
    const waiting = await moneyPage(world.app, customer.op);
    expect(
      waiting.operatorRefunds.find((row) => row.invoice.id === customer.invoiceId)?.invoice.refund,
    ).toMatchObject({ status: 'failed', error: expect.stringContaining('unavailable') as string });

    world.app.clock.advance(60);
    const retried = await adminPost(
      world.app,
      customer.op,
      `/api/admin/money/invoices/${customer.invoiceId}/retry-refund`,
      { reason: 'Stripe is back' },
    );

    expect(retried.status, await retried.clone().text()).toBe(200);
    const answer = await retried.json<MoneyActionResult>();
    expect(answer.message).toBe(ConsoleMessages.refundRetried);
    expect(
      answer.money.operatorRefunds.find((row) => row.invoice.id === customer.invoiceId)?.invoice
        .refund,
    ).toMatchObject({ status: 'refunded', amount: 12900, error: null });
    expect(flaky.keys).toEqual([
      `invoice-refund:${customer.invoiceId}`,
      `invoice-refund:${customer.invoiceId}`,
    ]);
    expect(world.store.sessions.get(customer.sessionId)?.refundedAt).toBe(world.app.clock.now);
    const audit = await auditOf(`invoice:${customer.invoiceId}`);
    expect(audit.map((row) => row.action)).toEqual(['refund-payment', 'retry-refund']);
    expect(audit[1]).toMatchObject({
      reason: 'Stripe is back',
      before: { refundStatus: 'failed', error: expect.stringContaining('unavailable') as string },
      after: { refundStatus: 'pending' },
    });

    // Done: nothing is left to retry.
    const again = await adminPost(
      world.app,
      customer.op,
      `/api/admin/money/invoices/${customer.invoiceId}/retry-refund`,
      { reason: 'Once more' },
    );
    expect(await errorOf(again)).toMatchObject({
      status: 409,
      message: ConsoleMessages.refundNotDue,
    });
  });

  it('finishes a refund left pending by a Worker that died after claiming it', async () => {
    const world = billingWorld();
    const customer = await paidCustomer(world);
    // The claim's batch committed; the provider was never asked.
    await env.DB.prepare("UPDATE invoices SET refund_status = 'pending' WHERE id = ?")
      .bind(customer.invoiceId)
      .run();
    const before = await moneyPage(world.app, customer.op);
    expect(
      before.operatorRefunds.find((row) => row.invoice.id === customer.invoiceId)?.invoice.refund
        ?.status,
    ).toBe('pending');

    const retried = await adminPost(
      world.app,
      customer.op,
      `/api/admin/money/invoices/${customer.invoiceId}/retry-refund`,
      { reason: 'Stuck since yesterday' },
    );

    expect(retried.status, await retried.clone().text()).toBe(200);
    expect((await invoiceRow(customer.invoiceId))?.refund_status).toBe('refunded');
    expect(world.store.sessions.get(customer.sessionId)?.refundKind).toBe('support');
  });
});
