/**
 * What the customer hears and sees of support's refund: one e-mail when the provider has made it
 * (not when it was refused, not again on a retry or a second retry at once), and Billing &
 * Invoices marking the payment "in progress", then "refunded".
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { BillingOverview } from '../../src/contract/billing';
import { STUCK_REFUND_AFTER_MS } from '../../functions/services/admin/money';
import { finishOperatorRefunds } from '../../functions/services/cron/finish-operator-refunds';
import { lifecycleSubjects } from '../../functions/services/core/mail/lifecycle-templates';
import type { AccountApp } from './account-helpers';
import { adminPost } from './admin-helpers';
import { customerAction, flakyRefunds, paidCustomer } from './admin-money-helpers';
import { billingWorld } from './billing-helpers';
import { quietCronLogs, recordingMailer } from './cron-helpers';
import { inlineTaskQueue, ORIGIN, testDeps } from './helpers';

const REASON = 'Bought by mistake, asked within a week';

function refundMails(app: AccountApp, to: string) {
  return app.mail.filter((mail) => mail.to === to.toLowerCase() && mail.tag === 'invoice-refunded');
}

async function invoiceOnBillingPage(app: AccountApp, headers: Record<string, string>, id: string) {
  const response = await app.request('/api/billing', { headers });
  expect(response.status).toBe(200);
  const overview = await response.json<BillingOverview>();
  return overview.invoices.find((invoice) => invoice.id === id);
}

describe("the customer and support's refund", () => {
  it('is e-mailed once with the amount and the billing link, and Billing & Invoices marks the payment', async () => {
    const world = billingWorld();
    const customer = await paidCustomer(world);
    const email = customer.account.form.email;

    const response = await customerAction(world.app, customer.op, customer.userId, {
      action: 'refund-payment',
      invoiceId: customer.invoiceId,
      reason: REASON,
    });

    expect(response.status, await response.clone().text()).toBe(200);
    const mails = refundMails(world.app, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(lifecycleSubjects.invoiceRefunded);
    expect(mails[0]?.text).toContain('refunded $129.00');
    expect(mails[0]?.text).toContain(`${ORIGIN}/dashboard/billing`);
    expect(mails[0]?.html).toContain(`href="${ORIGIN}/dashboard/billing"`);
    expect(
      await invoiceOnBillingPage(world.app, customer.account.browser, customer.invoiceId),
    ).toMatchObject({
      status: 'paid',
      refund: {
        state: 'refunded',
        amount: 12900,
        refundedAt: new Date(world.app.clock.now).toISOString(),
      },
    });
  });

  it('is not e-mailed while the provider refuses, and once when the retry goes through', async () => {
    const flaky = flakyRefunds(1);
    const world = billingWorld({ wrap: flaky.wrap });
    const customer = await paidCustomer(world);
    const email = customer.account.form.email;

    const refused = await customerAction(world.app, customer.op, customer.userId, {
      action: 'refund-payment',
      invoiceId: customer.invoiceId,
      reason: REASON,
    });
    const meanwhile = await invoiceOnBillingPage(
      world.app,
      customer.account.browser,
      customer.invoiceId,
    );
    const mailsMeanwhile = refundMails(world.app, email).length;
    const retry = () =>
      adminPost(
        world.app,
        customer.op,
        `/api/admin/money/invoices/${customer.invoiceId}/retry-refund`,
        {
          reason: 'Stripe is back',
        },
      );
    const retried = await retry();
    const again = await retry();

    expect(refused.status).toBe(503);
    expect(meanwhile?.refund).toEqual({ state: 'in-progress', amount: 12900, refundedAt: null });
    expect(mailsMeanwhile).toBe(0);
    expect(retried.status).toBe(200);
    expect(again.status).toBe(409);
    expect(refundMails(world.app, email)).toHaveLength(1);
  });

  it('is e-mailed once when two retries of a stuck refund run at the same moment', async () => {
    const world = billingWorld();
    const customer = await paidCustomer(world);
    // The claim committed, then the Worker died before asking the provider.
    await env.DB.prepare("UPDATE invoices SET refund_status = 'pending' WHERE id = ?")
      .bind(customer.invoiceId)
      .run();
    const retry = () =>
      adminPost(
        world.app,
        customer.op,
        `/api/admin/money/invoices/${customer.invoiceId}/retry-refund`,
        {
          reason: 'Stuck since yesterday',
        },
      );

    const statuses = (await Promise.all([retry(), retry()])).map((response) => response.status);

    expect(statuses).toEqual([200, 200]);
    expect(refundMails(world.app, customer.account.form.email)).toHaveLength(1);
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM outbox WHERE dedupe_key = ? AND tag = 'invoice-refunded'",
    )
      .bind(`invoice-refunded:${customer.invoiceId}`)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it('is finished by the cron when the Worker died after claiming it, once, and only once quiet', async () => {
    const world = billingWorld();
    const customer = await paidCustomer(world);
    const refundSpy = { calls: 0 };
    const payments = {
      ...world.local,
      refundPayment: (input: Parameters<typeof world.local.refundPayment>[0]) => {
        refundSpy.calls += 1;
        return world.local.refundPayment(input);
      },
    };
    // The operator's claim committed (its audit row too); the provider was never asked.
    await env.DB.batch([
      env.DB.prepare("UPDATE invoices SET refund_status = 'pending' WHERE id = ?").bind(
        customer.invoiceId,
      ),
      env.DB.prepare(
        "INSERT INTO audit_log (id, operator_id, operator_email, user_id, action, subject, reason, before, after, created_at) VALUES (?, ?, ?, ?, 'refund-payment', ?, 'Bought by mistake', '{}', '{}', ?)",
      ).bind(
        crypto.randomUUID(),
        customer.op.auth.user.userId,
        customer.op.auth.user.email,
        customer.userId,
        `invoice:${customer.invoiceId}`,
        world.app.clock.now,
      ),
    ]);
    const mailer = recordingMailer();
    const run = (at: number) => {
      const tasks = inlineTaskQueue(() => testDeps(at, { payments, mailer, tasks }));
      return finishOperatorRefunds(testDeps(at, { payments, mailer, tasks }));
    };
    quietCronLogs();

    const tooSoon = await run(world.app.clock.now + STUCK_REFUND_AFTER_MS - 1000);
    const due = await run(world.app.clock.now + STUCK_REFUND_AFTER_MS + 1000);
    const again = await run(world.app.clock.now + STUCK_REFUND_AFTER_MS + 60_000);

    expect(tooSoon).toEqual({ refunded: 0, refused: 0 });
    expect(due).toEqual({ refunded: 1, refused: 0 });
    expect(again).toEqual({ refunded: 0, refused: 0 });
    expect(refundSpy.calls).toBe(1);
    expect(world.store.sessions.get(customer.sessionId)?.refundKind).toBe('support');
    expect(
      mailer.sent.filter((mail) => mail.tag === 'invoice-refunded').map((mail) => mail.to),
    ).toEqual([customer.account.form.email.toLowerCase()]);
    expect(
      (await invoiceOnBillingPage(world.app, customer.account.browser, customer.invoiceId))?.refund
        ?.state,
    ).toBe('refunded');
  });
});
