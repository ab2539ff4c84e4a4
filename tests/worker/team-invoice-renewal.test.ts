/**
 * A team paying by invoice after its purchase: the renewal's invoice (`subscription_cycle`,
 * `send_invoice`) recorded open with its due date when Stripe finalizes it, the new year running
 * at once, the cron suspending at its due date and its payment lifting it; and an order we cannot
 * apply, which has nothing to refund: its invoice is voided and its subscription cancelled.
 */
import { describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../../functions/adapters/payments';
import { credentials, queryAll, signUpTrial } from './account-helpers';
import { billingWorld, deliver, type BillingWorld } from './billing-helpers';
import { DAY_MS, quietCronLogs, recordingMailer, runJobsAt, seedUser } from './cron-helpers';
import { invoiceObject, signedDelivery, stripeEvent } from './fake-stripe/events';
import {
  deliverFinalized,
  invoicedSessionsOf,
  invoiceRow,
  licensesOf,
  PO,
  purchaseOf,
  signUpByInvoice,
  subscriptionsOf,
  teamsOf,
  teamUpgradedByInvoice,
  upgradeByInvoice,
  verifiedStandardForm,
} from './invoice-helpers';

const seconds = (ms: number) => Math.floor(ms / 1000);
const YEAR_MS = 365 * DAY_MS;

/** A team of 40 by invoice whose first invoice is paid; its subscription and period end. */
async function paidTeam(world: BillingWorld) {
  const account = await signUpTrial(world.app);
  const first = await teamUpgradedByInvoice(world, account, 40);
  const paid = await world.local.markInvoicePaid(first.id);
  for (const event of paid?.events ?? []) {
    expect((await deliver(world.app, event.payload, event.signature)).status).toBe(200);
  }
  const [subscription] = await subscriptionsOf(account.form.email);
  const [license] = await licensesOf(account.form.email);
  if (!subscription || !license) throw new Error('no subscription');
  const [customer] = await queryAll<{ stripe_customer_id: string }>(
    'SELECT stripe_customer_id FROM subscriptions WHERE stripe_subscription_id = ?',
    subscription.stripe_subscription_id,
  );
  return {
    account,
    subscriptionId: subscription.stripe_subscription_id,
    customerId: customer?.stripe_customer_id ?? '',
    periodEnd: license.expires_at,
  };
}

/** Stripe's renewal invoice of an invoiced subscription: open (finalized) or paid. */
function renewalInvoice(
  team: Awaited<ReturnType<typeof paidTeam>>,
  status: 'open' | 'paid',
  id: string,
) {
  const start = team.periodEnd;
  const end = start + YEAR_MS;
  return invoiceObject({
    id,
    customer: team.customerId,
    billing_reason: 'subscription_cycle',
    collection_method: 'send_invoice',
    status,
    number: 'SW-2027-000901',
    amount_due: 516_000,
    amount_paid: status === 'paid' ? 516_000 : 0,
    subtotal: 516_000,
    total: 516_000,
    customer_tax_exempt: 'reverse',
    due_date: seconds(start + 30 * DAY_MS),
    custom_fields: [{ name: 'PO number', value: PO }],
    created: seconds(start),
    hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
    invoice_pdf: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        subscription: team.subscriptionId,
        metadata: { userId: team.account.auth.user.userId, plan: 'standard' },
      },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `il_${id}`,
          object: 'line_item',
          amount: 516_000,
          quantity: 40,
          period: { start: seconds(start), end: seconds(end) },
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: {
              subscription: team.subscriptionId,
              subscription_item: 'si_1',
            },
          },
        },
      ],
    },
  });
}

async function send(
  world: BillingWorld,
  type: string,
  object: Record<string, unknown>,
  at: number,
) {
  const { body, signature } = await signedDelivery(
    stripeEvent(type, object, seconds(at)),
    world.secret,
    seconds(at),
  );
  return deliver(world.app, body, signature);
}

describe('the renewal of a team paying by invoice', () => {
  quietCronLogs();

  it('records the renewal invoice open with its due date, runs the new year, suspends past due, and payment lifts it', async () => {
    const world = billingWorld();
    const team = await paidTeam(world);
    const owner = team.account.form.email;
    const renewalId = `in_renewal_${crypto.randomUUID().slice(0, 8)}`;
    const dueAt = team.periodEnd + 30 * DAY_MS;
    world.app.clock.now = team.periodEnd + 60 * 60_000;

    const finalized = await send(
      world,
      'invoice.finalized',
      renewalInvoice(team, 'open', renewalId),
      world.app.clock.now,
    );
    expect(finalized.status, await finalized.clone().text()).toBe(200);
    expect(await invoiceRow(renewalId)).toEqual({
      status: 'open',
      due_at: dueAt,
      po_number: PO,
      amount_paid: 516_000,
      quantity: 40,
      billing_reason: 'subscription_cycle',
      stripe_subscription_id: team.subscriptionId,
    });
    // The new year runs now, before it is paid, as the first one did.
    expect(await licensesOf(owner)).toEqual([
      { plan: 'Standard', status: 'active', expires_at: team.periodEnd + YEAR_MS },
    ]);
    const sent = world.app.mail.filter((m) => m.to === owner && m.tag === 'invoice-sent');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.text).toContain('renewed for another year');
    expect(sent[1]?.text).toContain('SW-2027-000901');

    // Billing & Invoices reads the open invoice and its due date (signed in again: a year on,
    // the first session has ended).
    const login = await world.app.post('/api/login', {
      email: owner,
      password: team.account.form.password,
    });
    const { token } = await login.json<{ token: string }>();
    const overview = await world.app.request('/api/billing', {
      headers: credentials(token).browser,
    });
    const body = await overview.json<{
      invoices: { id: string; status: string; dueAt: string }[];
    }>();
    expect(body.invoices[0]).toMatchObject({
      id: renewalId,
      status: 'open',
      dueAt: new Date(dueAt).toISOString(),
    });

    // Unpaid at its due time: suspended once, with the overdue e-mail.
    const mailer = recordingMailer();
    await runJobsAt(dueAt, mailer);
    await runJobsAt(dueAt + 60 * 60_000, mailer);
    expect(await licensesOf(owner)).toMatchObject([{ status: 'suspended' }]);
    expect((await subscriptionsOf(owner))[0]?.status).toBe('past_due');
    expect(mailer.sent.filter((m) => m.to === owner && m.tag === 'invoice-overdue')).toHaveLength(
      1,
    );

    // Paid: active again, the invoice paid, a receipt.
    world.app.clock.now = dueAt + 3 * DAY_MS;
    const paid = await send(
      world,
      'invoice.paid',
      renewalInvoice(team, 'paid', renewalId),
      world.app.clock.now,
    );
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect(await licensesOf(owner)).toMatchObject([{ status: 'active' }]);
    expect((await subscriptionsOf(owner))[0]?.status).toBe('active');
    expect((await invoiceRow(renewalId))?.status).toBe('paid');
    expect(world.app.mail.filter((m) => m.to === owner && m.tag === 'receipt')).toHaveLength(2);
  });

  it('is announced a week before as an invoice to pay by bank transfer, not a card charge', async () => {
    const world = billingWorld();
    const team = await paidTeam(world);
    const mailer = recordingMailer();
    await runJobsAt(team.periodEnd - 7 * DAY_MS + 60_000, mailer);
    const [reminder] = mailer.sent.filter(
      (m) => m.to === team.account.form.email && m.tag === 'renewal-reminder',
    );
    expect(reminder?.text).toContain(
      'We will e-mail you its invoice for $5,160.00 (40 seats × $129, reverse charge), to pay by bank transfer within 30 days',
    );
    expect(reminder?.text).not.toContain('card');
  });

  it('records a replayed renewal invoice once, and a card renewal invoice not at all', async () => {
    const world = billingWorld();
    const team = await paidTeam(world);
    const owner = team.account.form.email;
    const renewalId = `in_renewal_${crypto.randomUUID().slice(0, 8)}`;
    world.app.clock.now = team.periodEnd;
    const event = stripeEvent(
      'invoice.finalized',
      renewalInvoice(team, 'open', renewalId),
      seconds(team.periodEnd),
    );
    for (let i = 0; i < 2; i += 1) {
      const { body, signature } = await signedDelivery(
        event,
        world.secret,
        seconds(team.periodEnd),
      );
      expect((await deliver(world.app, body, signature)).status).toBe(200);
    }
    expect(world.app.mail.filter((m) => m.to === owner && m.tag === 'invoice-sent')).toHaveLength(
      2,
    );

    const cardId = `in_card_${crypto.randomUUID().slice(0, 8)}`;
    const card = await send(
      world,
      'invoice.finalized',
      {
        ...renewalInvoice(team, 'open', cardId),
        collection_method: 'charge_automatically',
        due_date: null,
      },
      team.periodEnd,
    );
    expect(await card.text()).toContain('ignored');
    expect(await invoiceRow(cardId)).toBeUndefined();
  });
});

describe('an order paid by invoice that cannot be applied', () => {
  quietCronLogs();

  /** The local provider, with something happening at our side while Stripe makes the order. */
  const meanwhile =
    (act: () => Promise<void>) =>
    (local: PaymentProvider): PaymentProvider => ({
      ...local,
      async createInvoicedSubscription(input) {
        const made = await local.createInvoicedSubscription(input);
        await act();
        return made;
      },
    });

  it('voids the invoice and cancels the subscription when the e-mail got an account meanwhile', async () => {
    let email = '';
    const world = billingWorld({
      wrap: meanwhile(async () => {
        await seedUser({ email, emailNormalized: email });
      }),
    });
    const form = await verifiedStandardForm(world.app);
    email = form.email;
    const response = await signUpByInvoice(world.app, form, purchaseOf(20));
    expect(response.status).toBe(409);
    expect((await response.json<{ code: string }>()).code).toBe('ACCOUNT_EXISTS');

    // Nothing to pay: the invoice is void, the subscription cancelled, nothing refunded.
    const [session] = invoicedSessionsOf(world, email);
    if (!session?.subscriptionId) throw new Error('no invoiced subscription');
    const invoiceId = session.id.replace('cs_local_', 'in_local_');
    expect((await world.local.getInvoice(invoiceId))?.invoice.status).toBe('void');
    expect(session.canceledAt).not.toBeNull();
    expect(session.refundedAt).toBeNull();
    const refunds = await queryAll<{ status: string; amount: number; reason: string }>(
      'SELECT status, amount, reason FROM payment_refunds WHERE subscription_id = ?',
      session.subscriptionId,
    );
    expect(refunds).toEqual([{ status: 'refunded', amount: 0, reason: 'account_exists' }]);
    const tags = world.app.mail.filter((m) => m.to === email).map((m) => m.tag);
    expect(tags).toContain('invoice-voided');
    expect(tags).not.toContain('invoice-sent');
    expect(tags).not.toContain('payment-refunded');

    // Stripe's invoice.finalized of it, arriving later, is acknowledged and changes nothing.
    const late = await deliverFinalized(world, invoiceId);
    expect(late.status).toBe(200);
    expect(await late.text()).toContain('voided');
    expect(world.app.mail.filter((m) => m.to === email && m.tag === 'invoice-voided')).toHaveLength(
      1,
    );
    expect(await subscriptionsOf(email)).toEqual([]);
  });

  it('voids an upgrade by invoice when the account became Enterprise meanwhile', async () => {
    let userId = '';
    const world = billingWorld({
      wrap: meanwhile(async () => {
        await queryAll("UPDATE users SET plan = 'Enterprise' WHERE id = ?", userId);
      }),
    });
    const account = await signUpTrial(world.app);
    userId = account.auth.user.userId;
    const response = await upgradeByInvoice(world.app, account, purchaseOf(10));
    expect(response.status).toBe(409);
    expect((await response.json<{ code: string }>()).code).toBe('ENTERPRISE_PLAN');
    const [session] = invoicedSessionsOf(world, account.form.email);
    const invoiceId = session?.id.replace('cs_local_', 'in_local_') ?? '';
    expect((await world.local.getInvoice(invoiceId))?.invoice.status).toBe('void');
    expect(session?.canceledAt).not.toBeNull();
    expect(await teamsOf(account.form.email)).toEqual([]);
  });
});
