/**
 * Billing a firm can file, through the Worker and /dev/checkout on the real D1: tax from the
 * buyer's details, invoice numbers in sequence, the buyer and tax on each invoice, its PDF for
 * its owner only, one receipt per invoice however often it is fulfilled, and declining cards.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createD1CheckoutStore } from '../../functions/adapters/payments/d1-store';
import { firstInvoicePaidEvent } from '../../functions/adapters/payments/local-events';
import { signWebhookPayload } from '../../functions/adapters/payments/webhook-signature';
import { createDb } from '../../functions/db/client';
import { saveBillingProfile } from '../../functions/services/billing/details';
import type { BillingOverview } from '../../src/contract/billing';
import { formatDate } from '../../src/lib/format';
import { billing } from '../../src/site.config';
import { queryAll } from './account-helpers';
import { GERMAN_COMPANY, trialWithDevCheckout } from './billing-helpers';
import { callWorker, ORIGIN, payDevCheckout } from './helpers';

const devEnv = {
  ENVIRONMENT: 'development',
  DEV_STRIPE_WEBHOOK_SECRET: `whsec_${'d'.repeat(40)}`,
} as const;

const DE_CONSUMER = {
  name: 'Grete Müller',
  line1: 'Hauptstraße 1',
  postal_code: '10115',
  city: 'Berlin',
  country: 'DE',
};
const DE_VAT_ID = 'DE136695976';
const DE_BUSINESS = { ...DE_CONSUMER, company: 'Baubüro Müller GmbH', tax_id: DE_VAT_ID };

const trialWithCheckout = () => trialWithDevCheckout(devEnv);

interface InvoiceRow {
  id: string;
  number: string;
  amount_paid: number;
  subtotal: number;
  tax_amount: number;
  tax_rate_bp: number | null;
  reverse_charge: number;
  buyer: string;
}

const invoicesOf = (userId: string) =>
  queryAll<InvoiceRow>(
    'SELECT id, number, amount_paid, subtotal, tax_amount, tax_rate_bp, reverse_charge, buyer FROM invoices WHERE user_id = ?',
    userId,
  );

const mailsTo = (email: string) =>
  queryAll<{ tag: string; text: string }>('SELECT tag, text FROM outbox WHERE to_email = ?', email);

describe('tax at checkout, on the invoice and in the receipt', () => {
  it('a German consumer pays $129.00 + $24.51 VAT = $153.51, on the invoice and the receipt', async () => {
    const buyer = await trialWithCheckout();

    const paid = await payDevCheckout(buyer.sessionId, devEnv, { details: DE_CONSUMER });

    expect(paid.status).toBe(303);
    const [invoice] = await invoicesOf(buyer.userId);
    expect(invoice).toMatchObject({
      amount_paid: 15351,
      subtotal: 12900,
      tax_amount: 2451,
      tax_rate_bp: 1900,
      reverse_charge: 0,
    });
    expect(JSON.parse(invoice?.buyer ?? 'null')).toMatchObject({
      company: null,
      name: 'Grete Müller',
      line1: 'Hauptstraße 1',
      country: 'DE',
      taxId: null,
    });
    const receipts = (await mailsTo(buyer.email)).filter((mail) => mail.tag === 'receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(`Invoice number: ${invoice?.number ?? ''}`);
    expect(receipts[0]?.text).toContain('VAT 19%: $24.51');
    expect(receipts[0]?.text).toContain('Total paid: $153.51');
    // Like the provider's receipts: how it was paid, the year it pays for, the next renewal.
    const [period] = await queryAll<{ period_start: number; period_end: number }>(
      'SELECT period_start, period_end FROM invoices WHERE id = ?',
      invoice?.id ?? '',
    );
    const renewsOn = formatDate(period?.period_end ?? 0, 'UTC');
    expect(receipts[0]?.text).toContain('Payment method: Visa ending in 4242');
    expect(receipts[0]?.text).toContain(
      `Service period: ${formatDate(period?.period_start ?? 0, 'UTC')} – ${renewsOn}`,
    );
    expect(receipts[0]?.text).toContain(`renews on ${renewsOn} for $153.51`);
    // One link to the invoice's PDF, one to the billing page.
    const links = receipts[0]?.text.match(/https?:\/\/\S+/gu) ?? [];
    expect(links).toEqual([
      `${ORIGIN}/api/billing/invoices/${invoice?.id ?? ''}/pdf`,
      `${ORIGIN}/dashboard/billing`,
    ]);
    const [profile] = await queryAll<{ name: string; country: string }>(
      'SELECT name, country FROM billing_profiles WHERE user_id = ?',
      buyer.userId,
    );
    expect(profile).toEqual({ name: 'Grete Müller', country: 'DE' });
  });

  it('a German business with a valid VAT ID pays $129.00 and its invoice says reverse charge', async () => {
    const buyer = await trialWithCheckout();

    await payDevCheckout(buyer.sessionId, devEnv, { details: DE_BUSINESS });

    const [invoice] = await invoicesOf(buyer.userId);
    expect(invoice).toMatchObject({ amount_paid: 12900, tax_amount: 0, reverse_charge: 1 });
    expect(JSON.parse(invoice?.buyer ?? 'null')).toMatchObject({
      company: 'Baubüro Müller GmbH',
      name: 'Grete Müller',
      taxId: DE_VAT_ID,
    });
    const overview = await callWorker('/api/billing', { headers: { Cookie: buyer.cookie } });
    const body = await overview.json<BillingOverview>();
    expect(body.invoices[0]).toMatchObject({
      amountPaid: 12900,
      reverseCharge: true,
      taxAmount: 0,
    });
    const [receipt] = (await mailsTo(buyer.email)).filter((mail) => mail.tag === 'receipt');
    expect(receipt?.text).toContain('Reverse charge');
  });

  it('refuses a malformed VAT ID with 400 and a plain sentence, changing nothing', async () => {
    const buyer = await trialWithCheckout();

    const response = await callWorker(
      '/dev/checkout/details',
      {
        method: 'POST',
        headers: { Origin: ORIGIN },
        body: new URLSearchParams({
          session_id: buyer.sessionId,
          ...DE_BUSINESS,
          tax_id: 'DE999',
        }),
      },
      devEnv,
    );

    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This VAT ID is not valid for Germany.');
    const [session] = await queryAll<{ billing_details: string | null; amount_total: number }>(
      'SELECT billing_details, amount_total FROM dev_checkout_sessions WHERE id = ?',
      buyer.sessionId,
    );
    expect(session).toEqual({ billing_details: null, amount_total: 12900 });
  });

  it('a buyer in the United States pays no tax', async () => {
    const buyer = await trialWithCheckout();

    await payDevCheckout(buyer.sessionId, devEnv);

    expect((await invoicesOf(buyer.userId))[0]).toMatchObject({
      amount_paid: 12900,
      tax_amount: 0,
      tax_rate_bp: null,
    });
  });
});

describe('the local hosted invoice page', () => {
  /** The page Billing & Invoices links to as the invoice, as the buyer's browser gets it. */
  async function hostedInvoice(cookie: string) {
    const overview = await callWorker('/api/billing', { headers: { Cookie: cookie } });
    const url = (await overview.json<BillingOverview>()).invoices[0]?.url ?? '';
    expect(url).toMatch(/\/dev\/checkout\/invoice\?id=in_local_\w+$/);
    const page = await callWorker(
      new URL(url, ORIGIN).pathname + new URL(url, ORIGIN).search,
      {},
      devEnv,
    );
    expect(page.status).toBe(200);
    // One line per text, without tags, as a reader sees it.
    return (await page.text()).replace(/<br \/>/g, '\n').replace(/<[^>]+>/g, '\n');
  }

  it('shows the business buyer as issued and the reverse charge, as the PDF does', async () => {
    const buyer = await trialWithCheckout();
    await payDevCheckout(buyer.sessionId, devEnv, { details: DE_BUSINESS });

    const text = await hostedInvoice(buyer.cookie);

    for (const line of [
      'Baubüro Müller GmbH',
      'Grete Müller',
      'Hauptstraße 1',
      '10115 Berlin',
      'Germany',
      `VAT ID: ${DE_VAT_ID}`,
      '$0.00 (reverse charge)',
      billing.reverseChargeNote,
    ]) {
      expect(text).toContain(line);
    }
  });

  it("shows a consumer's VAT at its rate, the subtotal and the amount paid", async () => {
    const buyer = await trialWithCheckout();
    await payDevCheckout(buyer.sessionId, devEnv, { details: DE_CONSUMER });

    const text = await hostedInvoice(buyer.cookie);

    expect(text).toMatch(/Subtotal\s+\$129\.00/);
    expect(text).toMatch(/VAT 19%\s+\$24\.51/);
    expect(text).toMatch(/Amount paid\s+\$153\.51/);
    expect(text).not.toContain('reverse charge');
  });
});

describe('GET /dev/checkout for an account with saved billing details', () => {
  it('fills the form with them; the total waits until the buyer continues', async () => {
    const buyer = await trialWithCheckout();
    const details = GERMAN_COMPANY;
    await saveBillingProfile(createDb(env.DB), buyer.userId, details, 'confirmed', {
      sourceCreated: Date.now(),
      now: Date.now(),
    });

    const page = await callWorker(`/dev/checkout?session_id=${buyer.sessionId}`, {}, devEnv);
    const html = await page.text();

    expect(page.status).toBe(200);
    expect(html).toMatch(/name="company"\s+value="Baubüro Müller GmbH"/);
    expect(html).toMatch(/name="line1"\s+value="Hauptstraße 1"/);
    expect(html).toMatch(/name="tax_id"\s+value="DE136695976"/);
    expect(html).toMatch(/<option value="DE" selected>/);
    expect(html).not.toContain('Total due today');
  });
});

describe('declined test cards', () => {
  for (const [card, message] of [
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ] as [string, string][]) {
    it(`${card} stays on the checkout page with "${message}" and creates nothing`, async () => {
      const buyer = await trialWithCheckout();

      const response = await payDevCheckout(buyer.sessionId, devEnv, { card });

      expect(response.status).toBe(402);
      expect(await response.text()).toContain(message);
      expect(await invoicesOf(buyer.userId)).toEqual([]);
      expect(await mailsTo(buyer.email)).toEqual([]);
      const [user] = await queryAll<{ plan: string }>(
        'SELECT plan FROM users WHERE id = ?',
        buyer.userId,
      );
      expect(user?.plan).toBe('Trial');
      expect(
        await queryAll('SELECT id FROM subscriptions WHERE user_id = ?', buyer.userId),
      ).toEqual([]);
    });
  }
});

describe('invoice numbers', () => {
  it('are unique and follow each other: SW-<year>-<six digits>', async () => {
    const first = await trialWithCheckout();
    const second = await trialWithCheckout();

    await payDevCheckout(first.sessionId, devEnv);
    await payDevCheckout(second.sessionId, devEnv);

    const [a] = await invoicesOf(first.userId);
    const [b] = await invoicesOf(second.userId);
    const year = new Date().getUTCFullYear();
    const pattern = new RegExp(`^SW-${String(year)}-(\\d{6})$`);
    const seqA = Number(pattern.exec(a?.number ?? '')?.[1]);
    const seqB = Number(pattern.exec(b?.number ?? '')?.[1]);
    expect(seqA).toBeGreaterThan(0);
    expect(seqB).toBe(seqA + 1);
    const duplicates = await queryAll(
      'SELECT number FROM invoices WHERE number IS NOT NULL GROUP BY number HAVING count(*) > 1',
    );
    expect(duplicates).toEqual([]);
  });
});

describe('GET /api/billing/invoices/:id/pdf', () => {
  it('gives the owner a PDF, and anyone else 404 or 401', async () => {
    const owner = await trialWithCheckout();
    const stranger = await trialWithCheckout();
    await payDevCheckout(owner.sessionId, devEnv, { details: DE_BUSINESS });
    const [invoice] = await invoicesOf(owner.userId);
    const path = `/api/billing/invoices/${invoice?.id ?? ''}/pdf`;

    const mine = await callWorker(path, { headers: { Cookie: owner.cookie } });
    const theirs = await callWorker(path, { headers: { Cookie: stranger.cookie } });
    const anonymous = await callWorker(path);
    const unknown = await callWorker('/api/billing/invoices/in_local_nothing/pdf', {
      headers: { Cookie: owner.cookie },
    });

    expect(mine.status).toBe(200);
    expect(mine.headers.get('Content-Type')).toBe('application/pdf');
    expect(mine.headers.get('Content-Disposition')).toContain(
      `invoice-${invoice?.number ?? ''}.pdf`,
    );
    const bytes = new Uint8Array(await mine.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(theirs.status).toBe(404);
    expect(anonymous.status).toBe(401);
    expect(unknown.status).toBe(404);
    const overview = await callWorker('/api/billing', { headers: { Cookie: owner.cookie } });
    expect((await overview.json<BillingOverview>()).invoices[0]?.pdfUrl).toBe(path);
  });
});

describe('receipt e-mail', () => {
  it('is written once per invoice, though the webhook, the return page and a new delivery all fulfil', async () => {
    const buyer = await trialWithCheckout();
    await payDevCheckout(buyer.sessionId, devEnv);

    // The payment page's poll fulfils again (it finds the upgrade done).
    const completion = await callWorker(
      '/api/check-payment-completion',
      {
        method: 'POST',
        headers: { ...buyer.browser, 'Content-Type': 'application/json' },
        body: JSON.stringify({ sessionId: buyer.sessionId }),
      },
      devEnv,
    );
    expect(completion.status).toBe(200);
    // Stripe sends invoice.paid for the same invoice again, as a new event.
    const session = await createD1CheckoutStore(createDb(env.DB)).get(buyer.sessionId);
    const event = firstInvoicePaidEvent(session!, session!.paidAt!, '/dev/checkout');
    const payload = JSON.stringify(event);
    const again = await callWorker(
      '/api/stripe/webhook',
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': await signWebhookPayload(payload, devEnv.DEV_STRIPE_WEBHOOK_SECRET),
        },
        body: payload,
      },
      devEnv,
    );
    expect(again.status).toBe(200);

    const receipts = (await mailsTo(buyer.email)).filter((mail) => mail.tag === 'receipt');
    expect(receipts).toHaveLength(1);
    expect(await invoicesOf(buyer.userId)).toHaveLength(1);
  });
});
