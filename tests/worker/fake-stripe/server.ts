/**
 * A fake Stripe API for worker tests: a small Hono app that answers the endpoints our Stripe
 * provider calls, with Stripe-shaped JSON and Stripe-shaped errors, and records every request
 * (method, path, query, decoded form body, headers) so tests can check exactly what went out.
 *
 * The SDK reaches it through its own settings, as it would a real server: `host`, `port` and
 * `protocol` (STRIPE_API_HOST/PORT/PROTOCOL) point it at FAKE_STRIPE_ORIGIN, and the fetch the
 * SDK's fetch HTTP client is given routes that origin to this app. Any other URL throws, so a
 * call to the real api.stripe.com, or to a wrong host or port, fails the test.
 */
import { Hono } from 'hono';
import { createPayments, type PaymentProvider } from '../../../functions/adapters/payments';

export const FAKE_STRIPE = { host: 'stripe.fake.test', port: 12111, protocol: 'http' } as const;
export const FAKE_STRIPE_ORIGIN = `${FAKE_STRIPE.protocol}://${FAKE_STRIPE.host}:${FAKE_STRIPE.port}`;
export const FAKE_SECRET_KEY = 'sk_test_fake0123456789';
export const FAKE_PRICE_ID = 'price_standardYearly';

/** One request the fake received. */
export interface RecordedRequest {
  method: string;
  /** Path without the query, e.g. `/v1/checkout/sessions`. */
  path: string;
  query: URLSearchParams;
  /** The form-encoded body, decoded (`line_items[0][price]` stays a flat key). */
  form: URLSearchParams;
  headers: Headers;
}

type Json = Record<string, unknown>;
type Failure =
  | { status: number; body: Json; headers?: Record<string, string> }
  /**
   * The connection fails: `before` the request reaches Stripe (nothing happens there), or
   * `after` Stripe handled it and before the answer arrives (it happened; the caller cannot tell).
   */
  | { network: 'before' | 'after' };

/** Stripe's error body: the SDK maps status and type to its error classes. */
const stripeError = (
  status: 400 | 401 | 404,
  message: string,
  code?: string,
  type = 'invalid_request_error',
) => Response.json({ error: { type, message, ...(code ? { code } : {}) } }, { status });

/** A Checkout Session's states, as Stripe names them. */
export type FakeSessionStatus = 'open' | 'complete' | 'expired';

/** Metadata sent as `metadata[key]=value` (or `prefix[metadata][key]`), read back as an object. */
function metadataFrom(form: URLSearchParams, prefix = 'metadata'): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[([^\\]]+)\\]$`).exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

export function createFakeStripe(options: { apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? FAKE_SECRET_KEY;
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices: Json[] = [];
  const invoicePayments: Json[] = [];
  /** PaymentIntents by id: what was paid and how much of it is refunded. */
  const paymentIntents = new Map<string, { amount: number; currency: string; refunded: number }>();
  const refunds: Json[] = [];
  /** Answers of POSTs with a caller's Idempotency-Key, replayed like Stripe does. */
  const idempotent = new Map<string, { form: string; status: number; body: Json }>();
  const failures: Failure[] = [];
  /** One-shot actions run when a matching request arrives, before it is answered. */
  const hooks: { matches: (request: RecordedRequest) => boolean; run: () => void }[] = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, '0')}`;
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const noSuch = (kind: string, id: string) =>
    stripeError(404, `No such ${kind}: '${id}'`, 'resource_missing');
  const customers = new Map<string, Json>();
  /** Tax IDs by customer, oldest first. */
  const taxIds = new Map<string, Json[]>();
  /** Tax ID values createTaxId refuses as Stripe refuses an invalid one. */
  const refusedTaxIds = new Set<string>();
  /** A card PaymentMethod as Stripe expands it. */
  const cardMethod = (card: {
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
  }) => ({
    id: nextId('pm'),
    object: 'payment_method',
    type: 'card',
    card: {
      brand: card.brand,
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
    },
  });

  const YEAR_SECONDS = 365 * 24 * 60 * 60;
  /** Stripe's proration for more seats: the added seats' price for the rest of the period. */
  const prorated = (item: Json, quantity: number, at: number) => {
    const end = item['current_period_end'] as number;
    const added = quantity - ((item['quantity'] as number | undefined) ?? 1);
    return Math.max(0, Math.round((12900 * added * (end - at)) / YEAR_SECONDS));
  };
  const seatLine = (subscription: Json) =>
    (subscription['items'] as { data: Json[] }).data[0] as Json;

  const addSubscription = (
    id: string,
    fields: { customer: string; currentPeriodEnd: number; quantity?: number },
  ) => {
    subscriptions.set(id, {
      id,
      object: 'subscription',
      customer: fields.customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: nextId('si'),
            quantity: fields.quantity ?? 1,
            current_period_start: fields.currentPeriodEnd - YEAR_SECONDS,
            current_period_end: fields.currentPeriodEnd,
          },
        ],
      },
      metadata: {},
    });
  };

  const app = new Hono()
    .use('*', async (c, next) => {
      const url = new URL(c.req.url);
      // Bytes, not .text(): workerd warns when a form body is read as text.
      const body =
        c.req.method === 'GET' ? '' : new TextDecoder().decode(await c.req.arrayBuffer());
      const request: RecordedRequest = {
        method: c.req.method,
        path: url.pathname,
        query: url.searchParams,
        form: new URLSearchParams(body),
        headers: new Headers(c.req.raw.headers),
      };
      requests.push(request);
      if (c.req.header('Authorization') !== `Bearer ${apiKey}`) {
        return stripeError(401, 'Invalid API Key provided.');
      }
      const failure = failures[0];
      if (failure && 'status' in failure) {
        failures.shift();
        return c.json(failure.body, failure.status as 500, failure.headers);
      }
      const hook = hooks.findIndex((candidate) => candidate.matches(request));
      if (hook >= 0) hooks.splice(hook, 1)[0]?.run();
      return next();
    })
    .post('/v1/checkout/sessions', async (c) => {
      const form = requests.at(-1)?.form ?? new URLSearchParams();
      const id = nextId('cs_test');
      const session: Json = {
        id,
        object: 'checkout.session',
        mode: form.get('mode'),
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.get('client_reference_id'),
        customer: form.get('customer'),
        customer_email: form.get('customer_email'),
        customer_details: null,
        subscription: null,
        amount_total: 12900,
        currency: 'usd',
        metadata: metadataFrom(form),
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        url: `https://checkout.stripe.test/c/pay/${id}`,
      };
      sessions.set(id, session);
      return c.json(session);
    })
    .get('/v1/checkout/sessions/:id', (c) => {
      const session = sessions.get(c.req.param('id'));
      if (!session) return noSuch('checkout.session', c.req.param('id'));
      return c.json(session);
    })
    .post('/v1/checkout/sessions/:id/expire', (c) => {
      const session = sessions.get(c.req.param('id'));
      if (!session) return noSuch('checkout.session', c.req.param('id'));
      // Stripe expires only open sessions; a paid (or already expired) one is refused with a 400.
      if (session['status'] !== 'open') {
        return stripeError(
          400,
          `Only Checkout Sessions with a status in ["open"] can be expired. This session has status "${String(session['status'])}".`,
        );
      }
      Object.assign(session, { status: 'expired', url: null });
      return c.json(session);
    })
    .post('/v1/billing_portal/sessions', (c) => {
      const form = requests.at(-1)?.form ?? new URLSearchParams();
      const id = nextId('bps');
      return c.json({
        id,
        object: 'billing_portal.session',
        customer: form.get('customer'),
        return_url: form.get('return_url'),
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    })
    .get('/v1/invoices', (c) => {
      // Filters as Stripe's list does: every one given must match. Since API 2025-03-31 an
      // invoice names its subscription under `parent.subscription_details`.
      const { customer, subscription, status } = c.req.query();
      const matching = invoices.filter(
        (invoice) =>
          (customer === undefined || invoice['customer'] === customer) &&
          (subscription === undefined || subscriptionOf(invoice) === subscription) &&
          (status === undefined || invoice['status'] === status),
      );
      return c.json(page(matching, c.req.query('limit'), '/v1/invoices'));
    })
    .get('/v1/invoices/:id', (c) => {
      const invoice = invoices.find((item) => item['id'] === c.req.param('id'));
      if (!invoice) return noSuch('invoice', c.req.param('id'));
      return c.json(invoice);
    })
    // Stripe voids only open (or uncollectible) invoices; a paid or void one is refused.
    .post('/v1/invoices/:id/void', (c) => {
      const invoice = invoices.find((item) => item['id'] === c.req.param('id'));
      if (!invoice) return noSuch('invoice', c.req.param('id'));
      if (invoice['status'] !== 'open' && invoice['status'] !== 'uncollectible') {
        return stripeError(
          400,
          `You can only void open or uncollectible invoices. This invoice is ${String(invoice['status'])}.`,
        );
      }
      invoice['status'] = 'void';
      return c.json(invoice);
    })
    .get('/v1/invoice_payments', (c) => {
      const { invoice, status } = c.req.query();
      const matching = invoicePayments.filter(
        (payment) =>
          (invoice === undefined || payment['invoice'] === invoice) &&
          (status === undefined || payment['status'] === status),
      );
      return c.json(page(matching, c.req.query('limit'), '/v1/invoice_payments'));
    })
    .get('/v1/subscriptions/:id', (c) => {
      const subscription = subscriptions.get(c.req.param('id'));
      if (!subscription) return noSuch('subscription', c.req.param('id'));
      return c.json(subscription);
    })
    // Expanded or not, the fake answers payment methods as objects (tests ask for expansion).
    .get('/v1/customers/:id', (c) => {
      const customer = customers.get(c.req.param('id'));
      if (!customer) return noSuch('customer', c.req.param('id'));
      return c.json(customer);
    })
    // Name and address only (what updateCustomerDetails sends); '' clears a field as in Stripe.
    .post('/v1/customers/:id', (c) => {
      const customer = customers.get(c.req.param('id'));
      if (!customer) return noSuch('customer', c.req.param('id'));
      const form = requests.at(-1)?.form ?? new URLSearchParams();
      const name = form.get('name');
      if (name !== null) customer['name'] = name;
      const address: Json = { ...(customer['address'] as Json | null) };
      for (const key of ['line1', 'line2', 'postal_code', 'city', 'state', 'country']) {
        const value = form.get(`address[${key}]`);
        if (value !== null) address[key] = value === '' ? null : value;
      }
      customer['address'] = address;
      return c.json(customer);
    })
    .get('/v1/customers/:id/tax_ids', (c) => {
      if (!customers.has(c.req.param('id'))) return noSuch('customer', c.req.param('id'));
      return c.json(page(taxIds.get(c.req.param('id')) ?? [], c.req.query('limit'), '/v1/tax_ids'));
    })
    .post('/v1/customers/:id/tax_ids', (c) => {
      const id = c.req.param('id');
      if (!customers.has(id)) return noSuch('customer', id);
      const form = requests.at(-1)?.form ?? new URLSearchParams();
      const value = form.get('value') ?? '';
      if (refusedTaxIds.has(value)) {
        return stripeError(400, `Invalid value for ${form.get('type') ?? ''}.`, 'tax_id_invalid');
      }
      const taxId: Json = { id: nextId('txi'), object: 'tax_id', type: form.get('type'), value };
      taxIds.set(id, [...(taxIds.get(id) ?? []), taxId]);
      return c.json(taxId);
    })
    .delete('/v1/customers/:id/tax_ids/:taxId', (c) => {
      const list = taxIds.get(c.req.param('id')) ?? [];
      const kept = list.filter((taxId) => taxId['id'] !== c.req.param('taxId'));
      if (kept.length === list.length) return noSuch('tax_id', c.req.param('taxId'));
      taxIds.set(c.req.param('id'), kept);
      return c.json({ id: c.req.param('taxId'), object: 'tax_id', deleted: true });
    })
    .delete('/v1/subscriptions/:id', (c) => {
      const subscription = subscriptions.get(c.req.param('id'));
      if (!subscription) return noSuch('subscription', c.req.param('id'));
      if (subscription['status'] === 'canceled') {
        return stripeError(
          400,
          `A canceled subscription can only update its cancellation_details and metadata.`,
        );
      }
      // DELETE carries its parameters (prorate, invoice_now) in the query; the fake makes no
      // proration or final invoice either way, and tests read them from the recorded request.
      const now = nowSeconds();
      Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now });
      return c.json(subscription);
    })
    .get('/v1/refunds', (c) => {
      const paymentIntentId = c.req.query('payment_intent');
      const data = refunds.filter(
        (refund) => paymentIntentId === undefined || refund['payment_intent'] === paymentIntentId,
      );
      return c.json({
        object: 'list',
        data: [...data].reverse(),
        has_more: false,
        url: '/v1/refunds',
      });
    })
    .post('/v1/refunds', (c) => {
      const request = requests.at(-1);
      const form = request?.form ?? new URLSearchParams();
      const key = request?.headers.get('Idempotency-Key') ?? null;
      const answer = (status: number, body: Json) => {
        if (key !== null) idempotent.set(`refunds:${key}`, { form: form.toString(), status, body });
        return c.json(body, status as 200);
      };
      if (key !== null) {
        // Stripe replays the first answer to a repeated key, and refuses other parameters with it.
        const earlier = idempotent.get(`refunds:${key}`);
        if (earlier && earlier.form !== form.toString()) {
          return stripeError(
            400,
            `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
            undefined,
            'idempotency_error',
          );
        }
        if (earlier) return c.json(earlier.body, earlier.status as 200);
      }
      const paymentIntentId = form.get('payment_intent');
      if (paymentIntentId === null) {
        return stripeError(
          400,
          'One of the following params should be provided: charge, payment_intent.',
        );
      }
      const intent = paymentIntents.get(paymentIntentId);
      if (!intent) return noSuch('payment_intent', paymentIntentId);
      const amount = Number(form.get('amount') ?? intent.amount - intent.refunded);
      if (intent.refunded >= intent.amount) {
        return answer(400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge for PaymentIntent ${paymentIntentId} has already been refunded.`,
          },
        });
      }
      intent.refunded += amount;
      const refund: Json = {
        id: nextId('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: paymentIntentId,
        charge: paymentIntentId.replace(/^pi_/, 'ch_'),
        metadata: metadataFrom(form),
        reason: form.get('reason'),
        status: 'succeeded',
        created: nowSeconds(),
      };
      refunds.push(refund);
      return answer(200, refund);
    })
    // A customer as createInvoicedSubscription makes it: name, e-mail, address, tax ID, metadata
    // and the invoice custom fields. Replayed for a repeated Idempotency-Key, as Stripe does.
    .post('/v1/customers', (c) => {
      const request = requests.at(-1);
      const form = request?.form ?? new URLSearchParams();
      const key = request?.headers.get('Idempotency-Key') ?? null;
      const earlier = key === null ? undefined : idempotent.get(`customers:${key}`);
      if (earlier) return c.json(earlier.body, earlier.status as 200);
      const id = nextId('cus');
      const address: Json = {};
      for (const field of ['line1', 'line2', 'postal_code', 'city', 'state', 'country']) {
        const value = form.get(`address[${field}]`);
        address[field] = value === '' || value === null ? null : value;
      }
      const customFields: Json[] = [];
      for (let index = 0; form.has(`invoice_settings[custom_fields][${index}][name]`); index++) {
        customFields.push({
          name: form.get(`invoice_settings[custom_fields][${index}][name]`),
          value: form.get(`invoice_settings[custom_fields][${index}][value]`),
        });
      }
      const customer: Json = {
        id,
        object: 'customer',
        email: form.get('email'),
        name: form.get('name'),
        address,
        metadata: metadataFrom(form),
        invoice_settings: { custom_fields: customFields, default_payment_method: null },
      };
      customers.set(id, customer);
      const type = form.get('tax_id_data[0][type]');
      const value = form.get('tax_id_data[0][value]');
      if (type !== null && value !== null) {
        taxIds.set(id, [{ id: nextId('txi'), object: 'tax_id', type, value, customer: id }]);
      }
      if (key !== null)
        idempotent.set(`customers:${key}`, { form: form.toString(), status: 200, body: customer });
      return c.json(customer);
    })
    // A subscription paid by invoice: active at once, its first invoice finalized and open, due
    // `days_until_due` days later, with the customer's custom fields printed on it.
    .post('/v1/subscriptions', (c) => {
      const request = requests.at(-1);
      const form = request?.form ?? new URLSearchParams();
      const key = request?.headers.get('Idempotency-Key') ?? null;
      const earlier = key === null ? undefined : idempotent.get(`subscriptions:${key}`);
      if (earlier) return c.json(earlier.body, earlier.status as 200);
      const customerId = form.get('customer') ?? '';
      const customer = customers.get(customerId);
      if (!customer) return noSuch('customer', customerId);
      const id = nextId('sub');
      const quantity = Number(form.get('items[0][quantity]') ?? '1');
      const created = nowSeconds();
      const periodEnd = created + 365 * 24 * 60 * 60;
      const days = Number(form.get('days_until_due') ?? '0');
      const invoiceId = nextId('in');
      const amount = 12900 * quantity;
      const invoice: Json = {
        id: invoiceId,
        object: 'invoice',
        customer: customerId,
        collection_method: form.get('collection_method'),
        billing_reason: 'subscription_create',
        status: 'open',
        number: `FAKE-${String(counter).padStart(4, '0')}`,
        amount_due: amount,
        amount_paid: 0,
        subtotal: amount,
        total: amount,
        total_taxes: [],
        currency: 'usd',
        created,
        due_date: created + days * 24 * 60 * 60,
        custom_fields: (customer['invoice_settings'] as { custom_fields: Json[] }).custom_fields,
        customer_tax_exempt: 'none',
        hosted_invoice_url: `https://invoice.stripe.test/i/${invoiceId}`,
        invoice_pdf: `https://pay.stripe.test/invoice/${invoiceId}/pdf`,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: id, metadata: metadataFrom(form) },
        },
      };
      invoices.unshift(invoice);
      const subscription: Json = {
        id,
        object: 'subscription',
        customer: customerId,
        status: 'active',
        collection_method: form.get('collection_method'),
        days_until_due: days,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        items: {
          object: 'list',
          data: [
            {
              id: nextId('si'),
              quantity,
              price: { id: form.get('items[0][price]') },
              current_period_start: created,
              current_period_end: periodEnd,
            },
          ],
        },
        metadata: metadataFrom(form),
        latest_invoice: invoiceId,
      };
      subscriptions.set(id, subscription);
      const expand = [...form].filter(([name]) => name.startsWith('expand[')).map(([, v]) => v);
      const expanded = expand.includes('latest_invoice')
        ? { ...subscription, latest_invoice: invoice }
        : subscription;
      if (key !== null)
        idempotent.set(`subscriptions:${key}`, {
          form: form.toString(),
          status: 200,
          body: expanded,
        });
      return c.json(expanded);
    })
    // What changing the seat line would invoice now (prorated, no tax in the fake).
    .post('/v1/invoices/create_preview', (c) => {
      const form = requests.at(-1)?.form ?? new URLSearchParams();
      const id = form.get('subscription') ?? '';
      const subscription = subscriptions.get(id);
      if (!subscription) return noSuch('subscription', id);
      const quantity = Number(form.get('subscription_details[items][0][quantity]'));
      const at = Number(form.get('subscription_details[proration_date]') ?? nowSeconds());
      const amount = prorated(seatLine(subscription), quantity, at);
      return c.json({
        object: 'invoice',
        customer: subscription['customer'],
        subtotal: amount,
        total: amount,
        total_taxes: [],
        currency: 'usd',
      });
    })
    .post('/v1/subscriptions/:id', (c) => {
      const subscription = subscriptions.get(c.req.param('id'));
      if (!subscription) return noSuch('subscription', c.req.param('id'));
      const request = requests.at(-1);
      const form = request?.form ?? new URLSearchParams();
      const key = request?.headers.get('Idempotency-Key') ?? null;
      const earlier = key === null ? undefined : idempotent.get(`subscription-update:${key}`);
      if (earlier) return c.json(earlier.body, earlier.status as 200);
      const seats = form.get('items[0][quantity]');
      if (seats !== null) {
        const line = seatLine(subscription);
        if (form.get('items[0][id]') !== line['id']) {
          return stripeError(400, 'No such subscription item.', 'resource_missing');
        }
        const at = Number(form.get('proration_date') ?? nowSeconds());
        // Charged at once with its own invoice, paid by the card on file.
        if (form.get('proration_behavior') === 'always_invoice') {
          const amount = prorated(line, Number(seats), at);
          const invoice: Json = {
            id: nextId('in'),
            object: 'invoice',
            customer: subscription['customer'],
            billing_reason: 'subscription_update',
            status: 'paid',
            number: `FAKE-${String(counter).padStart(4, '0')}`,
            amount_due: amount,
            amount_paid: amount,
            subtotal: amount,
            total: amount,
            total_taxes: [],
            currency: 'usd',
            created: nowSeconds(),
            customer_tax_exempt: 'none',
            hosted_invoice_url: null,
            invoice_pdf: null,
            parent: {
              type: 'subscription_details',
              quote_details: null,
              subscription_details: { subscription: subscription['id'], metadata: {} },
            },
          };
          invoices.unshift(invoice);
          subscription['latest_invoice'] = invoice['id'];
        }
        line['quantity'] = Number(seats);
      }
      if (form.get('cancel_at_period_end') === 'true') {
        subscription['cancel_at_period_end'] = true;
        const items = subscription['items'] as { data: { current_period_end: number }[] };
        subscription['cancel_at'] = Math.max(...items.data.map((item) => item.current_period_end));
      }
      // A resume: Stripe clears the cancellation date with the flag.
      if (form.get('cancel_at_period_end') === 'false' || form.get('cancel_at') === '') {
        subscription['cancel_at_period_end'] = false;
        subscription['cancel_at'] = null;
      }
      const expand = [...form].filter(([name]) => name.startsWith('expand[')).map(([, v]) => v);
      const answer = expand.includes('latest_invoice')
        ? {
            ...subscription,
            latest_invoice:
              invoices.find((invoice) => invoice['id'] === subscription['latest_invoice']) ?? null,
          }
        : subscription;
      if (key !== null) {
        idempotent.set(`subscription-update:${key}`, {
          form: form.toString(),
          status: 200,
          body: structuredClone(answer),
        });
      }
      return c.json(answer);
    })
    .all('*', (c) =>
      stripeError(404, `Unrecognized request URL (${c.req.method}: ${c.req.path}).`),
    );

  return {
    requests,
    /** Refunds made, oldest first. */
    refunds,
    /** The fetch to give the SDK: only FAKE_STRIPE_ORIGIN answers. */
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (new URL(request.url).origin !== FAKE_STRIPE_ORIGIN) {
        throw new TypeError(`Unexpected outbound fetch to ${request.url}`);
      }
      const failure = failures[0];
      if (failure && 'network' in failure) {
        failures.shift();
        if (failure.network === 'after') await app.fetch(request);
        throw new TypeError('Network connection lost.');
      }
      return app.fetch(request);
    }) as typeof fetch,
    /** The next request fails this way instead (e.g. a 500 or 429, or a lost connection). */
    failNext(failure: Failure) {
      failures.push(failure);
    },
    /**
     * Runs `action` once, when the first request matching `method` and `path` arrives and before
     * it is answered: something that happened at Stripe in between (a customer paying, say).
     */
    onNext(method: string, path: string, action: () => void) {
      hooks.push({
        matches: (request) => request.method === method && request.path === path,
        run: action,
      });
    },
    /** A session made without a request, in any state (the ones our code creates are `open`). */
    addSession(fields: { status?: FakeSessionStatus } = {}): string {
      const id = nextId('cs_test');
      const status = fields.status ?? 'open';
      sessions.set(id, {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status,
        payment_status: status === 'complete' ? 'paid' : 'unpaid',
        client_reference_id: null,
        customer: null,
        customer_email: null,
        customer_details: null,
        subscription: null,
        amount_total: 12900,
        currency: 'usd',
        metadata: {},
        url: status === 'open' ? `https://checkout.stripe.test/c/pay/${id}` : null,
      });
      return id;
    },
    /** Moves a session to `status`, as Stripe would (payment details are left as they are). */
    setSessionStatus(id: string, status: FakeSessionStatus) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no fake session ${id}`);
      session['status'] = status;
      if (status !== 'open') session['url'] = null;
    },
    /** A session's state as the fake holds it (null if unknown). */
    sessionStatus(id: string): FakeSessionStatus | null {
      return (sessions.get(id)?.['status'] as FakeSessionStatus | undefined) ?? null;
    },
    /** Completes a session as Stripe does after a successful payment. */
    completeSession(id: string, paid: { customer: string; subscription: string; email?: string }) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no fake session ${id}`);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer: paid.customer,
        subscription: paid.subscription,
        customer_details: { email: paid.email ?? session['customer_email'] },
      });
    },
    addSubscription,
    /** Sets a subscription's default payment method to a card (null: none). */
    setSubscriptionCard(
      id: string,
      card: { brand: string; last4: string; expMonth: number; expYear: number } | null,
    ) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`no fake subscription ${id}`);
      subscription['default_payment_method'] = card && cardMethod(card);
    },
    /** A customer whose invoice default is `card` (null: none). */
    addCustomer(
      id: string,
      card: { brand: string; last4: string; expMonth: number; expYear: number } | null,
    ) {
      customers.set(id, {
        id,
        object: 'customer',
        invoice_settings: { default_payment_method: card && cardMethod(card) },
      });
    },
    /** A tax ID value the fake refuses as invalid (Stripe's `tax_id_invalid`). */
    refuseTaxId(value: string) {
      refusedTaxIds.add(value);
    },
    /**
     * The buyer fields Stripe copies from the customer onto each invoice it finalizes: what a
     * renewal invoice carries after the customer changed.
     */
    invoiceCustomerFields(id: string): Json {
      const customer = customers.get(id);
      if (!customer) throw new Error(`no fake customer ${id}`);
      return {
        customer_name: customer['name'] ?? null,
        customer_address: customer['address'] ?? null,
        customer_tax_ids: (taxIds.get(id) ?? []).map((taxId) => ({
          type: taxId['type'],
          value: taxId['value'],
        })),
      };
    },
    /** Ends a subscription as Stripe does at its period's end. */
    endSubscription(id: string) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`no fake subscription ${id}`);
      Object.assign(subscription, { status: 'canceled', ended_at: nowSeconds() });
    },
    addInvoice(fields: Json & { customer: string }) {
      invoices.unshift({ id: nextId('in'), object: 'invoice', ...fields });
    },
    /**
     * A subscription as a completed Checkout leaves it: active, with its first invoice paid by
     * card through a PaymentIntent (an InvoicePayment links the two). Answers the ids.
     */
    addPaidSubscription(
      id: string,
      fields: {
        customer: string;
        currentPeriodEnd: number;
        amount?: number;
        currency?: string;
        quantity?: number;
      },
    ) {
      addSubscription(id, fields);
      const amount = fields.amount ?? 12900;
      const currency = fields.currency ?? 'usd';
      const invoiceId = nextId('in');
      const paymentIntentId = nextId('pi');
      invoices.unshift({
        id: invoiceId,
        object: 'invoice',
        customer: fields.customer,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: id, metadata: {} },
        },
        status: 'paid',
        amount_due: amount,
        amount_paid: amount,
        currency,
        number: null,
        created: nowSeconds(),
        hosted_invoice_url: null,
        invoice_pdf: null,
      });
      paymentIntents.set(paymentIntentId, { amount, currency, refunded: 0 });
      invoicePayments.unshift({
        id: nextId('inpay'),
        object: 'invoice_payment',
        amount_paid: amount,
        amount_requested: amount,
        currency,
        invoice: invoiceId,
        is_default: true,
        livemode: false,
        payment: { type: 'payment_intent', payment_intent: paymentIntentId },
        status: 'paid',
        status_transitions: { canceled_at: null, paid_at: nowSeconds() },
        created: nowSeconds(),
      });
      return { invoiceId, paymentIntentId };
    },
    /** Marks an invoice paid, as an operator's "Mark as paid" does. */
    markInvoicePaid(id: string) {
      const invoice = invoices.find((item) => item['id'] === id);
      if (!invoice) throw new Error(`no fake invoice ${id}`);
      Object.assign(invoice, { status: 'paid', amount_paid: invoice['amount_due'] });
    },
    /** An invoice's state as the fake holds it (null if unknown). */
    invoiceStatus(id: string): string | null {
      return (invoices.find((item) => item['id'] === id)?.['status'] as string | undefined) ?? null;
    },
    /** A subscription's state as the fake holds it (null if unknown). */
    subscriptionStatus(id: string): string | null {
      return (subscriptions.get(id)?.['status'] as string | undefined) ?? null;
    },
  };
}

/** The subscription an invoice bills (API 2025-03-31 and later keep it under `parent`). */
function subscriptionOf(invoice: Json): unknown {
  const parent = invoice['parent'] as
    { subscription_details?: { subscription?: unknown } | null } | null | undefined;
  return parent?.subscription_details?.subscription ?? invoice['subscription'];
}

/** One page of a Stripe list: the first `limit` (default 10), and whether more exist. */
function page(data: Json[], limit: string | undefined, url: string) {
  const size = limit === undefined ? 10 : Number(limit);
  return { object: 'list', data: data.slice(0, size), has_more: data.length > size, url };
}

export type FakeStripe = ReturnType<typeof createFakeStripe>;

/** The real Stripe provider, configured to talk only to `fake`. */
export function stripeAgainst(fake: FakeStripe): PaymentProvider {
  return createPayments(
    {
      ENVIRONMENT: 'production',
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: 'whsec_unused_in_these_tests',
      STRIPE_PRICE_ID: FAKE_PRICE_ID,
      STRIPE_API_HOST: FAKE_STRIPE.host,
      STRIPE_API_PORT: FAKE_STRIPE.port,
      STRIPE_API_PROTOCOL: FAKE_STRIPE.protocol,
    },
    {
      localStore: () => {
        throw new Error('the Stripe provider must not touch the local store');
      },
      fetch: fake.fetch,
    },
  );
}
