/**
 * The console's money page (GET /api/admin/money) and its retries: a webhook event whose handling
 * failed is kept (attempts, a plain reason) until a delivery of it succeeds; a dead-lettered
 * e-mail is queued again and delivered once; an automatic refund is tried again now. Each retry
 * is audited.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../functions/db/client';
import { moneyQueries } from '../../functions/services/admin/money-attention';
import { failureReason } from '../../functions/services/core/payments/provider';
import type { MoneyActionResult } from '../../src/contract/admin';
import { ConsoleMessages } from '../../src/contract/messages';
import { accountApp, queryAll, signUpTrial, uniqueEmail } from './account-helpers';
import { adminPost, operator } from './admin-helpers';
import { auditOf, errorOf, moneyPage } from './admin-money-helpers';
import { billingWorld, deliver, openUpgrade, payLocal } from './billing-helpers';
import { signedDelivery, stripeEvent } from './fake-stripe/events';

function failureRow(eventId: string) {
  return queryAll<{
    type: string;
    object_id: string | null;
    error: string;
    attempts: number;
    first_failed_at: number;
    last_failed_at: number;
    resolved_at: number | null;
  }>(
    'SELECT type, object_id, error, attempts, first_failed_at, last_failed_at, resolved_at FROM webhook_failures WHERE id = ?',
    eventId,
  ).then((rows) => rows[0]);
}

describe('failed webhook events', () => {
  it('are recorded on every failed delivery and resolved by the first one that succeeds', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const checkout = await openUpgrade(world.app, account);
    const paid = await payLocal(world, checkout.sessionId);
    const op = await operator(world.app);
    const invoiceEvent = paid.invoicePaid.event.id;
    const start = world.app.clock.now;

    // invoice.paid before its checkout is fulfilled: 409, and Stripe delivers it again.
    const early = await deliver(world.app, paid.invoicePaid.payload, paid.invoicePaid.signature);
    expect(early.status).toBe(409);
    world.app.clock.advance(60);
    expect(
      (await deliver(world.app, paid.invoicePaid.payload, paid.invoicePaid.signature)).status,
    ).toBe(409);

    expect(await failureRow(invoiceEvent)).toEqual({
      type: 'invoice.paid',
      object_id: `in_local_${checkout.sessionId.slice('cs_local_'.length)}`,
      error: 'The subscription is not known yet; retry later. (NOT_READY)',
      attempts: 2,
      first_failed_at: start,
      last_failed_at: start + 60_000,
      resolved_at: null,
    });
    const waiting = await moneyPage(world.app, op);
    expect(waiting.failedWebhooks.find((row) => row.id === invoiceEvent)).toEqual({
      id: invoiceEvent,
      type: 'invoice.paid',
      objectId: `in_local_${checkout.sessionId.slice('cs_local_'.length)}`,
      error: 'The subscription is not known yet; retry later. (NOT_READY)',
      attempts: 2,
      firstFailedAt: new Date(start).toISOString(),
      lastFailedAt: new Date(start + 60_000).toISOString(),
    });

    // The checkout is fulfilled; Stripe's next delivery of the invoice succeeds.
    expect(
      (await deliver(world.app, paid.completed.payload, paid.completed.signature)).status,
    ).toBe(200);
    world.app.clock.advance(60);
    expect(
      (await deliver(world.app, paid.invoicePaid.payload, paid.invoicePaid.signature)).status,
    ).toBe(200);

    expect((await failureRow(invoiceEvent))?.resolved_at).toBe(world.app.clock.now);
    const done = await moneyPage(world.app, op);
    expect(done.failedWebhooks.map((row) => row.id)).not.toContain(invoiceEvent);
    // An event that never failed leaves no row.
    expect(await failureRow(paid.completed.event.id)).toBeUndefined();
  });

  it('keep a plain reason for a signed event we cannot read, never its payload', async () => {
    const world = billingWorld();
    const email = uniqueEmail();
    const event = stripeEvent(
      'invoice.paid',
      { id: 'in_unreadable', object: 'invoice', customer_email: email, amount_paid: 'lots' },
      Math.floor(world.app.clock.now / 1000),
    );
    const { body, signature } = await signedDelivery(event, world.secret);

    const response = await deliver(world.app, body, signature);

    expect(response.status).toBe(400);
    const row = await failureRow(event.id);
    expect(row).toMatchObject({
      type: 'invoice.paid',
      object_id: 'in_unreadable',
      error: 'The event could not be read. (INVALID_EVENT)',
      attempts: 1,
    });
    expect(JSON.stringify(row)).not.toContain(email);
  });

  it('are not recorded for a delivery whose signature does not verify', async () => {
    const world = billingWorld();
    const event = stripeEvent('invoice.paid', { id: 'in_forged' });
    const { body } = await signedDelivery(event, world.secret);

    const response = await deliver(world.app, body, 't=1,v1=00');

    expect(response.status).toBe(400);
    expect(await failureRow(event.id)).toBeUndefined();
  });

  it('name only the class of an unexpected error, whose text may hold personal data', () => {
    const error = new TypeError(
      'Failed query: select * from users where email = ?, ada@example.com',
    );
    expect(failureReason(error)).toBe(
      "Unexpected error (TypeError); the Worker's log has the details.",
    );
  });
});

describe('POST /api/admin/money/mails/:id/retry', () => {
  it('queues a dead e-mail again, delivers it once and audits the retry', async () => {
    const app = accountApp();
    const customer = await signUpTrial(app);
    const op = await operator(app);
    const mailId = crypto.randomUUID();
    const to = customer.form.email.toLowerCase();
    await env.DB.prepare(
      `INSERT INTO outbox (id, to_email, subject, text, html, tag, created_at, status, attempts, last_error, last_attempt_at, sent_at, due_at)
       VALUES (?, ?, 'Your Sheetwright license', 'Your key is …', NULL, 'welcome', ?, 'dead', 12, 'Error: provider down', ?, NULL, ?)`,
    )
      .bind(mailId, to, app.clock.now, app.clock.now, app.clock.now)
      .run();
    const listed = await moneyPage(app, op);
    expect(listed.deadMails.find((mail) => mail.id === mailId)).toMatchObject({
      to,
      status: 'dead',
      attempts: 12,
      lastError: 'Error: provider down',
    });

    const response = await adminPost(app, op, `/api/admin/money/mails/${mailId}/retry`, {
      reason: 'Provider fixed the DNS record',
    });

    expect(response.status, await response.clone().text()).toBe(200);
    const answer = await response.json<MoneyActionResult>();
    expect(answer.message).toBe(ConsoleMessages.mailRetried);
    expect(answer.money.deadMails.map((mail) => mail.id)).not.toContain(mailId);
    // The queue ran at once (inline in tests): delivered, on its first new attempt.
    expect(app.mail.filter((mail) => mail.subject === 'Your Sheetwright license')).toHaveLength(1);
    const [row] = await queryAll<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM outbox WHERE id = ?',
      mailId,
    );
    expect(row).toEqual({ status: 'sent', attempts: 1 });
    expect(await auditOf(`mail:${mailId}`)).toEqual([
      expect.objectContaining({
        operator_id: op.userId,
        user_id: customer.auth.user.userId,
        action: 'retry-mail',
        reason: 'Provider fixed the DNS record',
        before: { status: 'dead', attempts: 12, lastError: 'Error: provider down' },
        after: { status: 'queued', attempts: 0 },
      }),
    ]);

    const again = await adminPost(app, op, `/api/admin/money/mails/${mailId}/retry`, {
      reason: 'Once more',
    });
    expect(await errorOf(again)).toEqual({
      status: 409,
      message: ConsoleMessages.mailNotDead,
      code: 'STALE_STATE',
    });
  });
});

describe('POST /api/admin/money/refunds/:id/retry', () => {
  /** A paid local checkout whose payment was never applied, and its refund row left `failed`. */
  async function failedAutomaticRefund() {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const checkout = await openUpgrade(world.app, account);
    const paid = await payLocal(world, checkout.sessionId);
    const refundId = crypto.randomUUID();
    const email = account.form.email.toLowerCase();
    await env.DB.prepare(
      `INSERT INTO payment_refunds (id, subscription_id, customer_id, checkout_session_id, pending_signup_id, user_id, email, reason, status, amount, currency, provider_refund_id, attempts, last_error, created_at, refunded_at)
       VALUES (?, ?, ?, ?, NULL, ?, ?, 'already_paying', 'failed', NULL, NULL, NULL, 8, 'Stripe is unavailable; try again later.', ?, NULL)`,
    )
      .bind(
        refundId,
        paid.session.subscriptionId,
        paid.session.customerId,
        checkout.sessionId,
        account.auth.user.userId,
        email,
        world.app.clock.now,
      )
      .run();
    return { world, account, checkout, refundId, email };
  }

  it('refunds a payment the cron gave up on, once, e-mails the payer and audits the retry', async () => {
    const { world, account, checkout, refundId, email } = await failedAutomaticRefund();
    const op = await operator(world.app);
    const before = await moneyPage(world.app, op);
    expect(before.automaticRefunds.find((row) => row.id === refundId)).toMatchObject({
      status: 'failed',
      attempts: 8,
    });

    const response = await adminPost(world.app, op, `/api/admin/money/refunds/${refundId}/retry`, {
      reason: 'Stripe balance topped up',
    });

    expect(response.status, await response.clone().text()).toBe(200);
    const answer = await response.json<MoneyActionResult>();
    expect(answer.message).toBe(ConsoleMessages.refundRetried);
    const suffix = checkout.sessionId.slice('cs_local_'.length);
    expect(answer.money.automaticRefunds.find((row) => row.id === refundId)).toMatchObject({
      status: 'refunded',
      amount: 12900,
      currency: 'usd',
      userId: account.auth.user.userId,
    });
    const session = world.store.sessions.get(checkout.sessionId);
    expect(session?.refundKind).toBe('unapplied');
    expect(session?.canceledAt).toBe(world.app.clock.now);
    const [row] = await queryAll<{ provider_refund_id: string }>(
      'SELECT provider_refund_id FROM payment_refunds WHERE id = ?',
      refundId,
    );
    expect(row?.provider_refund_id).toBe(`re_local_${suffix}`);
    expect(
      world.app.mail.filter((mail) => mail.to === email && mail.tag === 'payment-refunded'),
    ).toHaveLength(1);
    expect(await auditOf(`refund:${refundId}`)).toEqual([
      expect.objectContaining({
        action: 'retry-refund',
        user_id: account.auth.user.userId,
        before: {
          status: 'failed',
          attempts: 8,
          lastError: 'Stripe is unavailable; try again later.',
        },
        after: { status: 'pending' },
      }),
    ]);

    const again = await adminPost(world.app, op, `/api/admin/money/refunds/${refundId}/retry`, {
      reason: 'Once more',
    });
    expect(await errorOf(again)).toMatchObject({
      status: 409,
      message: ConsoleMessages.refundNotDue,
    });
  });

  it('answers 503 when the provider refuses again, and the refund stays failed', async () => {
    const { world, refundId } = await failedAutomaticRefund();
    const op = await operator(world.app);
    world.local.refundSubscription = async () => {
      throw new Error('card network down');
    };

    const response = await adminPost(world.app, op, `/api/admin/money/refunds/${refundId}/retry`, {
      reason: 'Trying once more',
    });

    expect(await errorOf(response)).toEqual({
      status: 503,
      message: ConsoleMessages.refundFailed,
      code: 'PAYMENTS_UNAVAILABLE',
    });
    const [row] = await queryAll<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM payment_refunds WHERE id = ?',
      refundId,
    );
    expect(row).toEqual({ status: 'failed', attempts: 9 });
  });
});

describe('GET /api/admin/money', () => {
  it('reads every list through an index, never a whole table', async () => {
    for (const query of moneyQueries(createDb(env.DB), Date.now())) {
      const { sql, params } = query.toSQL();
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const plan = results.map((row) => row.detail);
      expect(
        plan.filter((line) => line.startsWith('SCAN ')),
        plan.join('\n'),
      ).toEqual([]);
      expect(
        plan.some((line) => / USING (COVERING )?INDEX /.test(line)),
        plan.join('\n'),
      ).toBe(true);
    }
  });
});
