/**
 * Billing details on Billing & Invoices: GET /api/billing shows what future invoices carry, and
 * PATCH /api/billing/details changes them, checked exactly as the checkout checks them (same
 * sentences; bad input changes nothing). With Stripe the customer is updated first, so the
 * renewal invoice Stripe issues carries the new details, while an invoice already issued keeps
 * the details it was issued with.
 */
import { describe, expect, it } from 'vitest';
import { saveBillingProfile } from '../../functions/services/billing/details';
import type { BillingDetails, BillingOverview } from '../../src/contract/billing';
import {
  billingCityRequired,
  billingCountryRequired,
  taxIdInvalidForCountry,
  taxIdRefusedByProvider,
} from '../../src/contract/billing-texts';
import { Messages } from '../../src/contract/messages';
import {
  accountApp,
  queryAll,
  signUpTrial,
  type AccountApp,
  type SignedInAccount,
} from './account-helpers';
import { errorOf } from './admin-money-helpers';
import { billingWorld, deliver, upgradedWithDetails } from './billing-helpers';
import { seedSubscription, testDb } from './cron-helpers';
import { invoiceObject, signedDelivery, stripeEvent } from './fake-stripe/events';
import { createFakeStripe, stripeAgainst } from './fake-stripe/server';
import { pdfText } from './pdf-text';

const GERMAN_CONSUMER: BillingDetails = {
  company: null,
  name: 'Grete Müller',
  line1: 'Hauptstraße 1',
  line2: null,
  postalCode: '10115',
  city: 'Berlin',
  state: null,
  country: 'DE',
  taxId: null,
};

/** The same buyer a year later: a company, a new address, a VAT ID as people type it. */
const CHANGE = {
  company: 'Baubüro Müller GmbH',
  name: 'Grete Müller',
  line1: 'Friedrichstraße 20',
  line2: '3. OG',
  postalCode: '10117',
  city: 'Berlin',
  state: '',
  country: 'DE',
  taxId: 'de 136.695.976',
};
const CHANGED: BillingDetails = {
  ...CHANGE,
  state: null,
  taxId: 'DE136695976',
};

const seconds = (ms: number) => Math.floor(ms / 1000);

function patchDetails(app: AccountApp, headers: Record<string, string>, body: unknown) {
  return app.request('/api/billing/details', { method: 'PATCH', json: body, headers });
}

async function overviewOf(app: AccountApp, account: SignedInAccount) {
  const response = await app.request('/api/billing', { headers: account.bearer });
  expect(response.status).toBe(200);
  return response.json<BillingOverview>();
}

/** The stored profile row, every column (to prove nothing changed). */
const profileRow = (userId: string) =>
  queryAll('SELECT * FROM billing_profiles WHERE user_id = ?', userId);

const invoiceBuyers = (userId: string) =>
  queryAll<{ id: string; buyer: string | null }>(
    'SELECT id, buyer FROM invoices WHERE user_id = ? ORDER BY created, id',
    userId,
  ).then((rows) =>
    rows.map((row) => ({
      id: row.id,
      buyer: JSON.parse(row.buyer ?? 'null') as BillingDetails | null,
    })),
  );

describe('GET /api/billing: the saved billing details', () => {
  it('shows what the buyer gave at checkout, and none for a Trial', async () => {
    const world = billingWorld();
    const { account } = await upgradedWithDetails(world, GERMAN_CONSUMER);
    const trial = await signUpTrial(world.app);

    const paid = await overviewOf(world.app, account);
    const none = await overviewOf(world.app, trial);

    expect(paid.details).toEqual(GERMAN_CONSUMER);
    expect(paid.actions.editDetails).toBe(true);
    expect(none.details).toBeNull();
    expect(none.actions.editDetails).toBe(false);
  });
});

describe('PATCH /api/billing/details', () => {
  it('saves the new details for future invoices; the paid invoice and its PDF keep the old ones', async () => {
    const world = billingWorld();
    const { account, invoiceId } = await upgradedWithDetails(world, GERMAN_CONSUMER);
    const userId = account.auth.user.userId;

    const response = await patchDetails(world.app, account.browser, CHANGE);

    expect(response.status, await response.clone().text()).toBe(200);
    expect((await response.json<BillingOverview>()).details).toEqual(CHANGED);
    expect((await overviewOf(world.app, account)).details).toEqual(CHANGED);
    expect(await invoiceBuyers(userId)).toEqual([{ id: invoiceId, buyer: GERMAN_CONSUMER }]);
    const pdf = await world.app.request(`/api/billing/invoices/${invoiceId}/pdf`, {
      headers: account.bearer,
    });
    const lines = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(lines).toEqual(
      expect.arrayContaining(['Grete Müller', 'Hauptstraße 1', '10115 Berlin']),
    );
    expect(lines).not.toContain('Baubüro Müller GmbH');
    expect(lines).not.toContain('Friedrichstraße 20');
  });

  it("refuses what the checkout refuses, with the checkout's sentence and field, changing nothing", async () => {
    const world = billingWorld();
    const { account } = await upgradedWithDetails(world, GERMAN_CONSUMER);
    const before = await profileRow(account.auth.user.userId);
    world.app.clock.advance(60);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...CHANGE, taxId: 'DE999' }, taxIdInvalidForCountry('Germany'), 'taxId'],
      [{ ...CHANGE, taxId: 'FR40303265045' }, taxIdInvalidForCountry('Germany'), 'taxId'],
      [{ ...CHANGE, city: '  ' }, billingCityRequired, 'city'],
      [{ ...CHANGE, country: 'XX' }, billingCountryRequired, 'country'],
    ];
    for (const [body, message, field] of cases) {
      const response = await patchDetails(world.app, account.browser, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ message, code: 'INVALID_BILLING_DETAILS', field });
    }
    expect(await profileRow(account.auth.user.userId)).toEqual(before);
  });

  it('answers 404 for an account that never bought, and stores nothing', async () => {
    const app = accountApp();
    const trial = await signUpTrial(app);

    const response = await patchDetails(app, trial.browser, CHANGE);

    expect(await errorOf(response)).toEqual({
      status: 404,
      message: Messages.noBillingDetails,
      code: 'NO_BILLING_DETAILS',
    });
    expect(await profileRow(trial.auth.user.userId)).toEqual([]);
  });

  it('needs a session, our Origin with the cookie, and a body of known fields', async () => {
    const world = billingWorld();
    const { account } = await upgradedWithDetails(world, GERMAN_CONSUMER);
    const before = await profileRow(account.auth.user.userId);

    const anonymous = await patchDetails(world.app, {}, CHANGE);
    const crossSite = await patchDetails(world.app, { Cookie: account.cookie }, CHANGE);
    const unknownField = await patchDetails(world.app, account.browser, { ...CHANGE, vat: 1 });
    const wrongMethod = await world.app.request('/api/billing/details', {
      method: 'PUT',
      json: CHANGE,
      headers: account.browser,
    });

    expect(anonymous.status).toBe(401);
    expect(crossSite.status).toBe(403);
    expect(unknownField.status).toBe(400);
    expect(wrongMethod.status).toBe(405);
    expect(await profileRow(account.auth.user.userId)).toEqual(before);
  });
});

describe('PATCH /api/billing/details with Stripe', () => {
  /** A Standard customer at Stripe whose first invoice billed the German consumer. */
  async function stripeCustomer() {
    const fake = createFakeStripe();
    const app = accountApp({ payments: stripeAgainst(fake) });
    const account = await signUpTrial(app);
    const userId = account.auth.user.userId;
    const subscription = await seedSubscription(userId);
    const customer = subscription.stripeCustomerId;
    fake.addCustomer(customer, null);
    fake.addSubscription(subscription.stripeSubscriptionId, {
      customer,
      currentPeriodEnd: seconds(subscription.currentPeriodEnd ?? 0),
    });
    await saveBillingProfile(testDb(), userId, GERMAN_CONSUMER, null, {
      sourceCreated: app.clock.now,
      now: app.clock.now,
    });
    const paidInvoice = async (id: string, reason: string, buyer: Record<string, unknown>) => {
      const metadata = { userId, plan: 'standard' };
      const invoice = invoiceObject({
        id,
        customer,
        billing_reason: reason,
        ...buyer,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscription.stripeSubscriptionId, metadata },
        },
        lines: {
          object: 'list',
          has_more: false,
          data: [
            {
              id: `il_${id}`,
              object: 'line_item',
              amount: 12900,
              period: { start: seconds(app.clock.now), end: seconds(app.clock.now) + 31_536_000 },
            },
          ],
        },
      });
      const event = stripeEvent('invoice.paid', invoice, seconds(app.clock.now));
      const { body, signature } = await signedDelivery(event, 'whsec_unused_in_these_tests');
      const response = await deliver(app, body, signature);
      expect(response.status, await response.clone().text()).toBe(200);
    };
    await paidInvoice('in_first', 'subscription_create', {
      customer_name: 'Grete Müller',
      customer_address: {
        line1: 'Hauptstraße 1',
        line2: null,
        postal_code: '10115',
        city: 'Berlin',
        state: null,
        country: 'DE',
      },
      customer_tax_ids: [],
    });
    return { fake, app, account, userId, customer, paidInvoice };
  }

  it('updates the customer first; the renewal Stripe then issues carries the new details, the first keeps the old', async () => {
    const { fake, app, account, userId, customer, paidInvoice } = await stripeCustomer();
    app.clock.advance(60);
    const count = fake.requests.length;

    const response = await patchDetails(app, account.browser, CHANGE);

    expect(response.status, await response.clone().text()).toBe(200);
    const calls = fake.requests.slice(count);
    expect(calls.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v1/customers/${customer}/tax_ids`,
      `POST /v1/customers/${customer}/tax_ids`,
      `POST /v1/customers/${customer}`,
    ]);
    expect(Object.fromEntries(calls[1]?.form ?? [])).toEqual({
      type: 'eu_vat',
      value: 'DE136695976',
    });
    expect(Object.fromEntries(calls[2]?.form ?? [])).toEqual({
      name: 'Baubüro Müller GmbH',
      'address[line1]': 'Friedrichstraße 20',
      'address[line2]': '3. OG',
      'address[postal_code]': '10117',
      'address[city]': 'Berlin',
      'address[state]': '',
      'address[country]': 'DE',
    });

    // A year on, Stripe copies the customer's details onto the renewal invoice.
    app.clock.advance(365 * 24 * 60 * 60);
    await paidInvoice('in_renewal', 'subscription_cycle', fake.invoiceCustomerFields(customer));

    expect(await invoiceBuyers(userId)).toEqual([
      { id: 'in_first', buyer: GERMAN_CONSUMER },
      { id: 'in_renewal', buyer: CHANGED },
    ]);
  });

  it('a tax ID Stripe refuses is answered in plain words and changes nothing, there or here', async () => {
    const { fake, app, account, userId, customer } = await stripeCustomer();
    const before = await profileRow(userId);
    fake.refuseTaxId('GB999999973');
    const count = fake.requests.length;

    const refused = await patchDetails(app, account.browser, {
      ...CHANGE,
      country: 'GB',
      postalCode: 'SW1A 1AA',
      city: 'London',
      taxId: 'GB999999973',
    });
    // A country Stripe files no tax ID for: refused before any change.
    const noType = await patchDetails(app, account.browser, {
      ...CHANGE,
      country: 'AF',
      city: 'Kabul',
      taxId: 'AF-12345',
    });

    expect(await refused.json()).toEqual({
      message: taxIdRefusedByProvider('United Kingdom'),
      code: 'INVALID_BILLING_DETAILS',
      field: 'taxId',
    });
    expect(refused.status).toBe(400);
    expect(await noType.json()).toMatchObject({
      message: taxIdRefusedByProvider('Afghanistan'),
      field: 'taxId',
    });
    const writes = fake.requests
      .slice(count)
      .filter((request) => request.method !== 'GET')
      .map((request) => `${request.method} ${request.path}`);
    // The refused tax ID was the only write: no name, address or tax ID changed at Stripe.
    expect(writes).toEqual([`POST /v1/customers/${customer}/tax_ids`]);
    expect(await profileRow(userId)).toEqual(before);
  });
});
