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
type Failure = { status: number; body: Json; headers?: Record<string, string> };

/** Stripe's error body: the SDK maps status and type to its error classes. */
const stripeError = (status: 400 | 401 | 404, message: string, code?: string) =>
  Response.json(
    { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } },
    { status },
  );

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
  const failures: Failure[] = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, '0')}`;

  const app = new Hono()
    .use('*', async (c, next) => {
      const url = new URL(c.req.url);
      // Bytes, not .text(): workerd warns when a form body is read as text.
      const body =
        c.req.method === 'GET' ? '' : new TextDecoder().decode(await c.req.arrayBuffer());
      requests.push({
        method: c.req.method,
        path: url.pathname,
        query: url.searchParams,
        form: new URLSearchParams(body),
        headers: new Headers(c.req.raw.headers),
      });
      if (c.req.header('Authorization') !== `Bearer ${apiKey}`) {
        return stripeError(401, 'Invalid API Key provided.');
      }
      const failure = failures.shift();
      if (failure) return c.json(failure.body, failure.status as 500, failure.headers);
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
      if (!session)
        return stripeError(
          404,
          `No such checkout.session: '${c.req.param('id')}'`,
          'resource_missing',
        );
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
      const customer = c.req.query('customer');
      const data = invoices.filter((invoice) => invoice['customer'] === customer);
      return c.json({ object: 'list', data, has_more: false, url: '/v1/invoices' });
    })
    .post('/v1/subscriptions/:id', (c) => {
      const subscription = subscriptions.get(c.req.param('id'));
      if (!subscription)
        return stripeError(404, `No such subscription: '${c.req.param('id')}'`, 'resource_missing');
      const form = requests.at(-1)?.form ?? new URLSearchParams();
      if (form.get('cancel_at_period_end') === 'true') {
        subscription['cancel_at_period_end'] = true;
        const items = subscription['items'] as { data: { current_period_end: number }[] };
        subscription['cancel_at'] = Math.max(...items.data.map((item) => item.current_period_end));
      }
      return c.json(subscription);
    })
    .all('*', (c) =>
      stripeError(404, `Unrecognized request URL (${c.req.method}: ${c.req.path}).`),
    );

  return {
    requests,
    /** The fetch to give the SDK: only FAKE_STRIPE_ORIGIN answers. */
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (new URL(request.url).origin !== FAKE_STRIPE_ORIGIN) {
        throw new TypeError(`Unexpected outbound fetch to ${request.url}`);
      }
      return app.fetch(request);
    }) as typeof fetch,
    /** The next request answers this instead (e.g. a 500 or 429). */
    failNext(failure: Failure) {
      failures.push(failure);
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
    addSubscription(id: string, fields: { customer: string; currentPeriodEnd: number }) {
      subscriptions.set(id, {
        id,
        object: 'subscription',
        customer: fields.customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        items: {
          object: 'list',
          data: [{ id: nextId('si'), current_period_end: fields.currentPeriodEnd }],
        },
        metadata: {},
      });
    },
    addInvoice(fields: Json & { customer: string }) {
      invoices.unshift({ id: nextId('in'), object: 'invoice', ...fields });
    },
  };
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
