/**
 * A VAT number makes a purchase VAT-free (reverse charge) only once the EU's VAT register
 * confirms it: at the local checkout, in the quote and purchase by invoice, on Billing & Invoices
 * and after the provider's own checkout page. A well-formed number the register does not list
 * (DE558291406: right check digit, registered to no one) or cannot answer for pays VAT, with one
 * sentence that says why, and can be corrected later for the invoices to come. The local
 * register knows FR40303265045 and DE136695976 and nothing else.
 */
import { describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../../functions/adapters/payments';
import { DEV_CHECKOUT_PATH } from '../../functions/adapters/payments/local';
import type { VatRegister, VatRegisterAnswer } from '../../functions/adapters/types';
import { createViesRegister, VIES_CHECK_URL } from '../../functions/adapters/vat-register';
import { createLocalVatRegister } from '../../functions/adapters/vat-register-local';
import type { BillingDetails, BillingOverview } from '../../src/contract/billing';
import { taxIdNotRegistered, taxIdUnverifiable } from '../../src/contract/billing-texts';
import type { InvoiceQuoteResponse } from '../../src/contract/invoice-purchase';
import { limits } from '../../src/site.config';
import { accountApp, queryAll, signUpTrial } from './account-helpers';
import {
  billingWorld,
  deliver,
  GERMAN_COMPANY,
  openUpgrade,
  payLocal,
  trialWithDevCheckout,
} from './billing-helpers';
import { callWorker, ORIGIN } from './helpers';

/** Valid in format and check digit for Germany, and in no register. */
const MADE_UP = 'DE558291406';
const FREELANCER: BillingDetails = { ...GERMAN_COMPANY, company: null, taxId: MADE_UP };

/** A register that answers `answer` and counts the questions. */
function register(answer: VatRegisterAnswer): VatRegister & { asked: string[] } {
  const asked: string[] = [];
  return {
    kind: 'vies',
    asked,
    check(vatNumber) {
      asked.push(vatNumber);
      return Promise.resolve(answer);
    },
  };
}

const quote = (app: ReturnType<typeof accountApp>, details: BillingDetails, seats = 5) =>
  app.post('/api/invoice-quote', { seats, details });

describe('the local VAT register', () => {
  it('knows the two documented numbers and nothing else', async () => {
    const local = createLocalVatRegister();
    expect(await local.check('FR40303265045')).toBe('registered');
    expect(await local.check('DE136695976')).toBe('registered');
    expect(await local.check(MADE_UP)).toBe('not_registered');
    expect(await local.check('DE123456789')).toBe('not_registered');
  });
});

describe('VIES, the register in production', () => {
  /** VIES answering `body` with `status`, recording what it was asked. */
  function vies(status: number, body: string) {
    const requests: { url: string; body: unknown }[] = [];
    const fetcher: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      requests.push({ url, body: JSON.parse(typeof init?.body === 'string' ? init.body : '') });
      return new Response(body, { status, headers: { 'content-type': 'application/json' } });
    };
    return { requests, register: createViesRegister({ fetch: fetcher }) };
  }

  it('asks for the country prefix and the number apart, and reads valid true or false', async () => {
    const yes = vies(
      200,
      JSON.stringify({ countryCode: 'DE', vatNumber: '136695976', valid: true }),
    );
    const no = vies(
      200,
      JSON.stringify({ countryCode: 'DE', vatNumber: '558291406', valid: false }),
    );

    expect(await yes.register.check('DE136695976')).toBe('registered');
    expect(await no.register.check(MADE_UP)).toBe('not_registered');
    expect(yes.requests).toEqual([
      { url: VIES_CHECK_URL, body: { countryCode: 'DE', vatNumber: '136695976' } },
    ]);
  });

  it("reads a member state's outage, garbage and a network failure as unavailable, a refused number as not registered", async () => {
    const outage = vies(
      500,
      JSON.stringify({ actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] }),
    );
    const garbage = vies(502, '<html>Bad gateway</html>');
    const refused = vies(
      400,
      JSON.stringify({ actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] }),
    );
    const down = createViesRegister({
      fetch: () => Promise.reject(new TypeError('network connection lost')),
    });
    const slow = createViesRegister({
      timeoutMs: 20,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new Error('timed out')));
        }),
    });

    expect(await outage.register.check('DE136695976')).toBe('unavailable');
    expect(await garbage.register.check('DE136695976')).toBe('unavailable');
    expect(await refused.register.check('DE136695976')).toBe('not_registered');
    expect(await down.check('DE136695976')).toBe('unavailable');
    expect(await slow.check('DE136695976')).toBe('unavailable');
  });
});

describe('the local checkout', () => {
  // The local checkout signs its events with this secret; CI has no .dev.vars to give one.
  const devEnv = {
    ENVIRONMENT: 'development',
    DEV_STRIPE_WEBHOOK_SECRET: `whsec_${'v'.repeat(40)}`,
  } as const;

  /** Posts the details form of the stand-in's page as a German buyer with `taxId`. */
  async function enterDetails(sessionId: string, taxId: string) {
    const form = new URLSearchParams({
      session_id: sessionId,
      company: 'Müller Statik',
      name: 'Grete Müller',
      line1: 'Hauptstraße 1',
      postal_code: '10115',
      city: 'Berlin',
      country: 'DE',
      tax_id: taxId,
    });
    const posted = await callWorker(
      `${DEV_CHECKOUT_PATH}/details`,
      { method: 'POST', headers: { Origin: ORIGIN }, body: form },
      devEnv,
    );
    expect(posted.status).toBe(303);
    const page = await callWorker(`${DEV_CHECKOUT_PATH}?session_id=${sessionId}`, {}, devEnv);
    return (await page.text()).replace(/\s+/g, ' ');
  }

  it('charges VAT on a made-up German VAT number and says why', async () => {
    const buyer = await trialWithDevCheckout(devEnv);

    const page = await enterDetails(buyer.sessionId, 'DE 558 291 406');

    expect(page).toContain('<dd class="total" id="checkout-total">$153.51</dd>');
    expect(page).toContain('VAT 19% (Germany)');
    expect(page).not.toContain('reverse charge (VAT ID');
    expect(page).toContain('does not list DE558291406 as a registered business');
  });

  it('charges no VAT on a number the register confirms (reverse charge)', async () => {
    const buyer = await trialWithDevCheckout(devEnv);

    const page = await enterDetails(buyer.sessionId, 'DE136695976');

    expect(page).toContain('<dd class="total" id="checkout-total">$129.00</dd>');
    expect(page).toContain('reverse charge (VAT ID DE136695976)');
    expect(page).not.toContain('id="checkout-tax-note"');
  });
});

describe('POST /api/invoice-quote', () => {
  it('adds VAT for a number the register does not list, with the sentence, and none for one it confirms', async () => {
    const app = accountApp();

    const madeUp = await quote(app, FREELANCER);
    const french = await quote(app, {
      ...GERMAN_COMPANY,
      country: 'FR',
      city: 'Paris',
      postalCode: '75001',
      taxId: 'FR40303265045',
    });

    expect(madeUp.status).toBe(200);
    expect(await madeUp.json<InvoiceQuoteResponse>()).toMatchObject({
      charge: {
        subtotal: 64_500,
        tax: 12_255,
        taxRateBp: 1900,
        reverseCharge: false,
        total: 76_755,
      },
      taxIdNote: taxIdNotRegistered(MADE_UP),
    });
    expect(await french.json<InvoiceQuoteResponse>()).toMatchObject({
      charge: { subtotal: 64_500, tax: 0, reverseCharge: true, total: 64_500 },
      taxIdNote: null,
    });
  });

  it('adds VAT while the register is down, and does not keep that answer', async () => {
    const down = register('unavailable');
    const up = register('registered');

    const company = { ...GERMAN_COMPANY, taxId: 'DE811115309' };

    const during = await quote(accountApp({ vatRegister: down }), company);
    const after = await quote(accountApp({ vatRegister: up }), company);

    expect(await during.json<InvoiceQuoteResponse>()).toMatchObject({
      charge: { tax: 12_255, reverseCharge: false },
      taxIdNote: taxIdUnverifiable('DE811115309'),
    });
    expect(await after.json<InvoiceQuoteResponse>()).toMatchObject({
      charge: { tax: 0, reverseCharge: true },
      taxIdNote: null,
    });
    expect(down.asked).toEqual(['DE811115309']);
    expect(up.asked).toEqual(['DE811115309']);
  });

  it("keeps the register's answer a day: quotes for one number ask it once", async () => {
    const counting = register('not_registered');
    const app = accountApp({ vatRegister: counting });
    const number = 'DE811115368';

    for (const seats of [5, 6, 7]) {
      const response = await quote(app, { ...FREELANCER, taxId: number }, seats);
      expect((await response.json<InvoiceQuoteResponse>()).charge.reverseCharge).toBe(false);
    }
    app.clock.advance(25 * 60 * 60);
    await quote(app, { ...FREELANCER, taxId: number });

    expect(counting.asked).toEqual([number, number]);
    expect(
      await queryAll('SELECT registered FROM vat_register_checks WHERE vat_number = ?', number),
    ).toEqual([{ registered: 0 }]);
  });

  it('never asks the register about a buyer outside the EU or without a number', async () => {
    const counting = register('registered');
    const app = accountApp({ vatRegister: counting });

    const swiss = await quote(app, {
      ...GERMAN_COMPANY,
      country: 'CH',
      city: 'Zürich',
      postalCode: '8001',
      taxId: 'CHE-123.456.789',
    });
    const consumer = await quote(app, { ...FREELANCER, taxId: null });

    expect((await swiss.json<InvoiceQuoteResponse>()).taxIdNote).toBeNull();
    expect((await consumer.json<InvoiceQuoteResponse>()).taxIdNote).toBeNull();
    expect(counting.asked).toEqual([]);
  });
});

describe('after the checkout and on Billing & Invoices', () => {
  /** The local world, recording which details reach the provider's customer. */
  function recordingWorld() {
    const sent: (BillingDetails | null)[] = [];
    const world = billingWorld({
      wrap: (local): PaymentProvider => ({
        ...local,
        updateCustomerDetails(customerId, details) {
          sent.push(details);
          return local.updateCustomerDetails(customerId, details);
        },
      }),
    });
    return { world, sent };
  }

  /**
   * Upgraded through a checkout where the provider's page took `details` as given (Stripe's page
   * reverse-charges any well-formed number), then both webhooks.
   */
  async function upgradedOnProviderPage(
    world: ReturnType<typeof billingWorld>,
    details: BillingDetails,
  ) {
    const account = await signUpTrial(world.app);
    const { sessionId } = await openUpgrade(world.app, account);
    await world.local.saveCheckoutDetails(sessionId, details, {
      subtotal: 12_900,
      tax: 0,
      total: 12_900,
      rateBp: 0,
      reverseCharge: true,
    });
    const paid = await payLocal(world, sessionId);
    for (const event of [paid.completed, paid.invoicePaid]) {
      const response = await deliver(world.app, event.payload, event.signature);
      expect(response.status, await response.clone().text()).toBe(200);
    }
    return account;
  }

  const overviewOf = async (
    world: ReturnType<typeof billingWorld>,
    bearer: Record<string, string>,
  ) => (await world.app.request('/api/billing', { headers: bearer })).json<BillingOverview>();

  it('takes a number the register does not list off the customer after the checkout, so renewals carry VAT', async () => {
    const { world, sent } = recordingWorld();

    const account = await upgradedOnProviderPage(world, FREELANCER);
    const overview = await overviewOf(world, account.bearer);

    expect(sent).toEqual([{ ...FREELANCER, taxId: null }]);
    expect(overview.details?.taxId).toBe(MADE_UP);
    expect(overview.taxIdNote).toBe(taxIdNotRegistered(MADE_UP));
    expect(overview.subscription?.renewal).toMatchObject({
      tax: 2451,
      taxRateBp: 1900,
      reverseCharge: false,
      total: 15_351,
    });
  });

  it('leaves a confirmed number alone', async () => {
    const { world, sent } = recordingWorld();

    const account = await upgradedOnProviderPage(world, GERMAN_COMPANY);
    const overview = await overviewOf(world, account.bearer);

    expect(sent).toEqual([]);
    expect(overview.taxIdNote).toBeNull();
    expect(overview.subscription?.renewal).toMatchObject({ tax: 0, reverseCharge: true });
  });

  it('lets the buyer correct the number later: the invoices to come go without VAT', async () => {
    const { world, sent } = recordingWorld();
    const account = await upgradedOnProviderPage(world, FREELANCER);
    world.app.clock.advance(60);
    const patch = (taxId: string) =>
      world.app.request('/api/billing/details', {
        method: 'PATCH',
        json: { ...FREELANCER, company: 'Müller Statik', taxId },
        headers: account.browser,
      });

    const stillWrong = await patch('DE 558 291 406');
    const afterWrong = await overviewOf(world, account.bearer);
    world.app.clock.advance(60);
    const corrected = await patch('DE136695976');
    const afterRight = await overviewOf(world, account.bearer);

    expect(stillWrong.status).toBe(200);
    expect(afterWrong.taxIdNote).toBe(taxIdNotRegistered(MADE_UP));
    expect(afterWrong.subscription?.renewal).toMatchObject({ tax: 2451, reverseCharge: false });
    expect(corrected.status).toBe(200);
    expect(afterRight.details?.taxId).toBe('DE136695976');
    expect(afterRight.taxIdNote).toBeNull();
    expect(afterRight.subscription?.renewal).toMatchObject({ tax: 0, reverseCharge: true });
    // The provider's customer never held the unconfirmed number; it holds the confirmed one.
    expect(sent.map((details) => details?.taxId)).toEqual([null, null, 'DE136695976']);
  });
});

describe('POST /api/invoice-quote, counted per IP', () => {
  it('answers 429 with Retry-After past 120 quotes an hour from one IP, and still quotes another IP', async () => {
    const app = accountApp();
    const { max } = limits.rateLimits.invoiceQuotePerIp;
    for (let i = 0; i < max; i += 1) expect((await quote(app, GERMAN_COMPANY)).status).toBe(200);

    const refused = await quote(app, GERMAN_COMPANY);
    expect(refused.status).toBe(429);
    const body = await refused.json<{ code: string; message: string }>();
    expect(body.code).toBe('TOO_MANY_ATTEMPTS');
    expect(body.message).toMatch(/^Too many price checks\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);

    const elsewhere = await app.post(
      '/api/invoice-quote',
      { seats: 5, details: GERMAN_COMPANY },
      { 'CF-Connecting-IP': '203.0.113.77' },
    );
    expect(elsewhere.status).toBe(200);
  });
});
