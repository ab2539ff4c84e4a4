/**
 * Seat changes through the Stripe provider against the fake Stripe server: the preview asks
 * Stripe for the prorated invoice of the new quantity, adding seats updates the subscription's
 * seat line with `always_invoice` at the previewed moment (no second read of the subscription),
 * a retry with the same key charges once, and seats removed at renewal are set without proration.
 */
import { describe, expect, it } from 'vitest';
import { createFakeStripe, stripeAgainst } from './fake-stripe/server';

const DAY = 24 * 60 * 60;

function subscribed(quantity: number, daysLeft: number) {
  const fake = createFakeStripe();
  const stripe = stripeAgainst(fake);
  fake.addCustomer('cus_fake_seats', null);
  const periodEnd = Math.floor(Date.now() / 1000) + daysLeft * DAY;
  fake.addPaidSubscription('sub_fakeSeats01', {
    customer: 'cus_fake_seats',
    currentPeriodEnd: periodEnd,
    quantity,
  });
  return { fake, stripe, periodEnd };
}

describe('Stripe seat changes', () => {
  it('previews and charges the added seats for the rest of the period, once per key', async () => {
    const { fake, stripe, periodEnd } = subscribed(12, 146);
    const preview = await stripe.previewSeats({ subscriptionId: 'sub_fakeSeats01', quantity: 15 });
    const [read, asked] = fake.requests.splice(0);
    expect(read?.method).toBe('GET');
    expect(read?.path).toBe('/v1/subscriptions/sub_fakeSeats01');
    expect(asked?.path).toBe('/v1/invoices/create_preview');
    expect(asked?.form.get('subscription')).toBe('sub_fakeSeats01');
    expect(asked?.form.get('subscription_details[items][0][quantity]')).toBe('15');
    expect(asked?.form.get('subscription_details[proration_behavior]')).toBe('always_invoice');
    const prorationDate = Number(asked?.form.get('subscription_details[proration_date]'));
    // 3 seats × $129 for the 146 days left of 365.
    const expected = Math.round((12900 * 3 * (periodEnd - prorationDate)) / (365 * DAY));
    expect(preview).toMatchObject({
      quantity: 15,
      quantityBefore: 12,
      subtotal: expected,
      total: expected,
      prorationDate: prorationDate * 1000,
      periodEnd: periodEnd * 1000,
    });
    expect(preview.itemId).toMatch(/^si_/);

    const key = 'seats:sub_fakeSeats01:12:15';
    const invoice = await stripe.addSeats({
      subscriptionId: 'sub_fakeSeats01',
      preview,
      idempotencyKey: key,
    });
    const [update, ...rest] = fake.requests.splice(0);
    expect(rest).toEqual([]);
    expect(update?.method).toBe('POST');
    expect(update?.path).toBe('/v1/subscriptions/sub_fakeSeats01');
    expect(update?.headers.get('Idempotency-Key')).toBe(key);
    expect(Object.fromEntries(update?.form ?? [])).toEqual({
      'items[0][id]': preview.itemId,
      'items[0][quantity]': '15',
      proration_behavior: 'always_invoice',
      proration_date: String(prorationDate),
      payment_behavior: 'error_if_incomplete',
      'expand[0]': 'latest_invoice',
    });
    expect(invoice).toMatchObject({
      subtotal: expected,
      total: expected,
      quantityAdded: 3,
      unitAmount: Math.round(expected / 3),
      periodEnd: periodEnd * 1000,
    });

    // A retry of the same step answers the same invoice; Stripe charges nothing more.
    const again = await stripe.addSeats({
      subscriptionId: 'sub_fakeSeats01',
      preview,
      idempotencyKey: key,
    });
    expect(again.invoiceId).toBe(invoice.invoiceId);
    const invoices = await stripe.listInvoices('cus_fake_seats');
    expect(invoices.filter((listed) => listed.id === invoice.invoiceId)).toHaveLength(1);
  });

  it('sets the seats of the next period without proration, and not at all when unchanged', async () => {
    const { fake, stripe } = subscribed(12, 1);
    await stripe.setRenewalSeats({ subscriptionId: 'sub_fakeSeats01', quantity: 9 });
    const [, update] = fake.requests.splice(0);
    expect(update?.path).toBe('/v1/subscriptions/sub_fakeSeats01');
    expect(update?.form.get('items[0][quantity]')).toBe('9');
    expect(update?.form.get('proration_behavior')).toBe('none');
    await stripe.setRenewalSeats({ subscriptionId: 'sub_fakeSeats01', quantity: 9 });
    expect(fake.requests.map((request) => request.method)).toEqual(['GET']);
  });

  it('refuses a malformed subscription id without calling Stripe', async () => {
    const { fake, stripe } = subscribed(2, 30);
    fake.requests.splice(0);
    await expect(
      stripe.previewSeats({ subscriptionId: 'not-a-subscription', quantity: 3 }),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(fake.requests).toEqual([]);
  });
});
