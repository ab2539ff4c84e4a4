/**
 * The Stripe payment provider: Checkout Sessions in subscription mode, the
 * customer portal, invoices and cancellation, through the official SDK with its fetch HTTP
 * client (Workers have no node:https) and Web Crypto for webhook signatures. Loaded on first use
 * through stripe.ts, which the rest of the Worker imports.
 */
import Stripe from 'stripe';
import type { BillingDetails } from '../../../src/contract/billing';
import { standardSeats } from '../../../src/config/seats';
import { buyerMetadata, PO_FIELD_NAME, referenceMetadata, readReference } from './reference';
import { STRIPE_API_VERSION, type StripePaymentsOptions } from './stripe-options';
import { stripeTaxIdType } from './stripe-tax-ids';
import {
  PaymentProviderError,
  type CheckoutSessionInfo,
  type CreateCheckoutInput,
  type InvoicedSubscription,
  type InvoicedSubscriptionInput,
  type InvoiceSummary,
  type PaymentCard,
  type PaymentProvider,
  type RefundResult,
} from './types';
import { verifyWebhookSignature } from './webhook-signature';

/** How many invoices the billing page shows (one a year for Standard: plenty). */
const INVOICE_LIMIT = 24;

/** Stripe ids are `<prefix>_<alphanumerics>`; anything else is refused before a call. */
const idPattern = (prefix: string) => new RegExp(`^${prefix}_[A-Za-z0-9_]{1,250}$`);
const sessionIdPattern = idPattern('cs');
const customerIdPattern = idPattern('cus');
const subscriptionIdPattern = idPattern('sub');
const invoiceIdPattern = idPattern('in');

/** Creates the Stripe provider over the SDK (stripe.ts makes one on its first call). */
export function createStripeSdkPayments(options: StripePaymentsOptions): PaymentProvider {
  const { secretKey, webhookSecret, priceId, api, automaticTax = false } = options;
  // Resolved per call, not captured at creation, so a test's fetch spy applies.
  const send =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const stripe = new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    httpClient: Stripe.createFetchHttpClient(send),
    // POSTs carry an idempotency key the SDK reuses across its retries, so a retry is safe.
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api === undefined
      ? {}
      : {
          host: api.host,
          ...(api.port === undefined ? {} : { port: api.port }),
          ...(api.protocol === undefined ? {} : { protocol: api.protocol }),
        }),
  });

  /**
   * Refunds in full the card payment of a paid invoice, once: its PaymentIntent (through the
   * invoice's payments), then an earlier refund of it if one exists, else a new refund under
   * `idempotencyKey`.
   */
  async function refundInvoice(
    invoiceId: string,
    idempotencyKey: string,
    metadata: Record<string, string>,
  ): Promise<RefundResult> {
    const payments = await call(() =>
      stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 }),
    );
    const intent = payments.data[0]?.payment.payment_intent;
    const paymentIntent = typeof intent === 'string' ? intent : intent?.id;
    if (!paymentIntent) {
      throw new PaymentProviderError('rejected', 'The paid invoice has no PaymentIntent.');
    }
    // Refunded already (an earlier attempt whose answer was lost, or by hand in the dashboard):
    // answer that refund instead of asking for a second one.
    const earlier = await call(() =>
      stripe.refunds.list({ payment_intent: paymentIntent, limit: 10 }),
    );
    const made = earlier.data.find(
      (refund) => refund.status !== 'failed' && refund.status !== 'canceled',
    );
    if (made) return { refundId: made.id, amount: made.amount, currency: made.currency };
    const refund = await call(() =>
      stripe.refunds.create(
        { payment_intent: paymentIntent, metadata },
        { idempotencyKey: `${idempotencyKey}:refund` },
      ),
    );
    return { refundId: refund.id, amount: refund.amount, currency: refund.currency };
  }

  /** The subscription and its one item (the seats): not_found for anything else. */
  async function seatItem(subscriptionId: string) {
    if (!subscriptionIdPattern.test(subscriptionId)) {
      throw new PaymentProviderError('not_found', 'No such subscription.');
    }
    const subscription = await call(() => stripe.subscriptions.retrieve(subscriptionId));
    const item = subscription.items.data[0];
    if (!item) throw new PaymentProviderError('not_found', 'The subscription has no seats.');
    return { subscription, item };
  }

  return {
    kind: 'stripe',

    async createCheckoutSession(input: CreateCheckoutInput) {
      const { clientReferenceId, metadata } = referenceMetadata(input);
      const customerId = input.customerId;
      if (customerId !== undefined && !customerIdPattern.test(customerId)) {
        throw new PaymentProviderError('rejected', 'Not a Stripe customer id.');
      }
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          // Seats: the buyer may still change them on Stripe's page, within what one purchase holds.
          line_items: [
            {
              price: priceId,
              quantity: input.quantity ?? 1,
              adjustable_quantity: {
                enabled: true,
                minimum: standardSeats.min,
                maximum: standardSeats.max,
              },
            },
          ],
          client_reference_id: clientReferenceId,
          // Stripe accepts one or the other: a known customer keeps its card and invoices together.
          // A known customer's name and address are updated from what the buyer enters (Stripe
          // requires it for tax ID collection and automatic tax with an existing customer).
          ...(customerId === undefined
            ? { customer_email: input.customerEmail }
            : { customer: customerId, customer_update: { name: 'auto', address: 'auto' } }),
          // What an invoice a firm can file needs: the full billing address and, for a business,
          // its tax ID and legal name (shown on Stripe's invoice and its PDF).
          billing_address_collection: 'required',
          tax_id_collection: { enabled: true },
          ...(automaticTax ? { automatic_tax: { enabled: true } } : {}),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata,
          // On the subscription too, so its invoices and updates name the signup or user even when
          // they arrive before checkout.session.completed (webhooks are not ordered).
          subscription_data: { metadata },
        }),
      );
      if (!session.url) {
        throw new PaymentProviderError(
          'rejected',
          'Stripe created a Checkout Session without a URL.',
        );
      }
      return { id: session.id, url: session.url };
    },

    async createInvoicedSubscription(input: InvoicedSubscriptionInput) {
      const { metadata } = referenceMetadata(input);
      const { details } = input;
      if (input.quantity < standardSeats.invoiceMinimum || input.quantity > standardSeats.max) {
        throw new PaymentProviderError('rejected', 'Too few or too many seats to pay by invoice.');
      }
      if (input.customerId !== undefined && !customerIdPattern.test(input.customerId)) {
        throw new PaymentProviderError('rejected', 'Not a Stripe customer id.');
      }
      // What Checkout would have collected: the name on invoices (the company when given), the
      // address and the tax ID; the PO number printed on every invoice of this customer.
      const taxType = details.taxId === null ? null : stripeTaxIdType(details.country);
      const customerFields = {
        name: details.company ?? details.name,
        address: {
          line1: details.line1,
          line2: details.line2 ?? '',
          postal_code: details.postalCode,
          city: details.city,
          state: details.state ?? '',
          country: details.country,
        },
        invoice_settings: {
          custom_fields:
            input.poNumber === null
              ? ('' as const)
              : [{ name: PO_FIELD_NAME, value: input.poNumber }],
        },
        metadata,
      };
      const customerId =
        input.customerId ??
        (
          await call(() =>
            stripe.customers.create(
              {
                email: input.customerEmail,
                ...customerFields,
                ...(details.taxId !== null && taxType !== null
                  ? { tax_id_data: [{ type: taxType, value: details.taxId }] }
                  : {}),
              },
              { idempotencyKey: `${input.idempotencyKey}:customer` },
            ),
          )
        ).id;
      if (input.customerId !== undefined) {
        await call(() => stripe.customers.update(customerId, customerFields));
      }
      const subscription = await call(() =>
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: priceId, quantity: input.quantity }],
            // Paid by bank transfer: Stripe finalizes the invoice and waits for the payment,
            // which an operator records ("Mark as paid") when it reaches the seller's account.
            collection_method: 'send_invoice',
            days_until_due: standardSeats.invoiceDueDays,
            ...(automaticTax ? { automatic_tax: { enabled: true } } : {}),
            metadata: { ...metadata, ...buyerMetadata(details) },
            expand: ['latest_invoice'],
          },
          { idempotencyKey: `${input.idempotencyKey}:subscription` },
        ),
      );
      let invoice = subscription.latest_invoice;
      if (!invoice || typeof invoice === 'string' || !invoice.id) {
        throw new PaymentProviderError('rejected', 'Stripe answered no first invoice.');
      }
      // The first invoice of a subscription is finalized at once; a draft is finalized here so
      // it has its number, due date and hosted page before we e-mail it.
      if (invoice.status === 'draft') {
        const draftId = invoice.id;
        invoice = await call(() =>
          stripe.invoices.finalizeInvoice(draftId, { auto_advance: true }),
        );
      }
      const item = subscription.items.data[0];
      const tax = (invoice.total_taxes ?? []).reduce((sum, line) => sum + line.amount, 0);
      const created = invoice.created * 1000;
      const answer: InvoicedSubscription = {
        customerId,
        subscriptionId: subscription.id,
        invoiceId: invoice.id ?? '',
        number: invoice.number,
        amountDue: invoice.amount_due,
        subtotal: invoice.subtotal,
        tax,
        reverseCharge: invoice.customer_tax_exempt === 'reverse',
        currency: invoice.currency,
        created,
        dueAt:
          invoice.due_date === null
            ? created + standardSeats.invoiceDueDays * 24 * 60 * 60 * 1000
            : invoice.due_date * 1000,
        periodStart: (item?.current_period_start ?? invoice.created) * 1000,
        periodEnd: (item?.current_period_end ?? invoice.created) * 1000,
        quantity: item?.quantity ?? input.quantity,
        poNumber:
          invoice.custom_fields?.find((field) => field.name === PO_FIELD_NAME)?.value ??
          input.poNumber,
        hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
        invoicePdf: invoice.invoice_pdf ?? null,
      };
      return answer;
    },

    async voidInvoicedSubscription({ subscriptionId, invoiceId, idempotencyKey, reason }) {
      if (!subscriptionIdPattern.test(subscriptionId) || !invoiceIdPattern.test(invoiceId)) {
        throw new PaymentProviderError('not_found', 'No such subscription or invoice.');
      }
      // The invoice first: once void it is no longer owed (Stripe stops reminding the customer).
      // A paid one is not ours to undo here: its money must be returned, by an operator.
      const invoice = await call(() => stripe.invoices.retrieve(invoiceId));
      if (invoice.status === 'paid') {
        throw new PaymentProviderError('rejected', 'The invoice was paid; it cannot be voided.');
      }
      if (invoice.status === 'open' || invoice.status === 'uncollectible') {
        await call(() =>
          stripe.invoices.voidInvoice(invoiceId, {}, { idempotencyKey: `${idempotencyKey}:void` }),
        );
      }
      const subscription = await call(() => stripe.subscriptions.retrieve(subscriptionId));
      if (subscription.status !== 'canceled') {
        await call(() =>
          stripe.subscriptions.cancel(
            subscriptionId,
            {
              prorate: false,
              invoice_now: false,
              cancellation_details: { comment: reason.slice(0, 500) },
            },
            { idempotencyKey: `${idempotencyKey}:cancel` },
          ),
        );
      }
    },

    async retrieveCheckoutSession(id: string) {
      // The id comes from the browser's URL (check-payment-completion): never forward junk.
      if (!sessionIdPattern.test(id)) {
        throw new PaymentProviderError('not_found', 'No such checkout session.');
      }
      // The line items say how many seats were bought (the buyer may have changed them).
      return toSessionInfo(
        await call(() => stripe.checkout.sessions.retrieve(id, { expand: ['line_items'] })),
      );
    },

    async createPortalSession({ customerId, returnUrl }) {
      if (!customerIdPattern.test(customerId)) {
        throw new PaymentProviderError('not_found', 'No such customer.');
      }
      const session = await call(() =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { url: session.url };
    },

    async listInvoices(customerId: string) {
      if (!customerIdPattern.test(customerId)) {
        throw new PaymentProviderError('not_found', 'No such customer.');
      }
      const page = await call(() =>
        stripe.invoices.list({ customer: customerId, limit: INVOICE_LIMIT }),
      );
      return page.data.map(toInvoiceSummary);
    },

    async firstPaidInvoice(subscriptionId: string) {
      if (!subscriptionIdPattern.test(subscriptionId)) {
        throw new PaymentProviderError('not_found', 'No such subscription.');
      }
      const page = await call(() =>
        stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 100 }),
      );
      // Newest first: the checkout's own invoice (`subscription_create`), else the oldest paid.
      const invoice =
        page.data.find((candidate) => candidate.billing_reason === 'subscription_create') ??
        page.data.at(-1);
      if (!invoice) return null;
      const paidAt = invoice.status_transitions?.paid_at ?? invoice.created;
      return { object: invoice, paidAt: paidAt * 1000, livemode: invoice.livemode };
    },

    async cancelAtPeriodEnd(subscriptionId: string) {
      if (!subscriptionIdPattern.test(subscriptionId)) {
        throw new PaymentProviderError('not_found', 'No such subscription.');
      }
      const subscription = await call(() =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      );
      return { cancelAtPeriodEnd: true, currentPeriodEnd: periodEndMs(subscription) };
    },

    async previewSeats({ subscriptionId, quantity }) {
      const { subscription, item } = await seatItem(subscriptionId);
      const prorationDate = Math.floor(Date.now() / 1000);
      const preview = await call(() =>
        stripe.invoices.createPreview({
          customer: idOf(subscription.customer) ?? '',
          subscription: subscriptionId,
          subscription_details: {
            items: [{ id: item.id, quantity }],
            proration_behavior: 'always_invoice',
            proration_date: prorationDate,
          },
        }),
      );
      const tax = (preview.total_taxes ?? []).reduce((sum, line) => sum + line.amount, 0);
      return {
        quantity,
        subtotal: preview.subtotal,
        tax,
        total: preview.total,
        currency: preview.currency,
        prorationDate: prorationDate * 1000,
        periodEnd: item.current_period_end * 1000,
        reverseCharge: preview.customer_tax_exempt === 'reverse',
        itemId: item.id,
        quantityBefore: item.quantity ?? 1,
      };
    },

    async addSeats({ subscriptionId, preview, idempotencyKey }) {
      if (!subscriptionIdPattern.test(subscriptionId)) {
        throw new PaymentProviderError('not_found', 'No such subscription.');
      }
      const { quantity, prorationDate } = preview;
      const updated = await call(() =>
        stripe.subscriptions.update(
          subscriptionId,
          {
            items: [{ id: preview.itemId, quantity }],
            // Charged now with its own invoice, prorated at the moment the owner was shown.
            proration_behavior: 'always_invoice',
            proration_date: Math.floor(prorationDate / 1000),
            // A declined card changes nothing: no seats without the payment.
            payment_behavior: 'error_if_incomplete',
            expand: ['latest_invoice'],
          },
          { idempotencyKey },
        ),
      );
      const invoice = updated.latest_invoice;
      if (!invoice || typeof invoice === 'string') {
        throw new PaymentProviderError('rejected', 'Stripe answered no invoice for the seats.');
      }
      const tax = (invoice.total_taxes ?? []).reduce((sum, line) => sum + line.amount, 0);
      const added = quantity - preview.quantityBefore;
      return {
        invoiceId: invoice.id ?? '',
        number: invoice.number,
        subtotal: invoice.subtotal,
        tax,
        total: invoice.total,
        taxRateBp:
          tax > 0 && invoice.subtotal > 0 ? Math.round((tax * 10_000) / invoice.subtotal) : null,
        reverseCharge: invoice.customer_tax_exempt === 'reverse',
        currency: invoice.currency,
        hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
        invoicePdf: invoice.invoice_pdf ?? null,
        created: invoice.created * 1000,
        periodStart: prorationDate,
        periodEnd: preview.periodEnd,
        quantityAdded: added,
        unitAmount: added > 0 ? Math.round(invoice.subtotal / added) : 0,
        buyer: null,
      };
    },

    async setRenewalSeats({ subscriptionId, quantity }) {
      const { item } = await seatItem(subscriptionId);
      if (item.quantity === quantity) return;
      // No proration: the seats paid for run to the period's end; the renewal bills the new count.
      await call(() =>
        stripe.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, quantity }],
          proration_behavior: 'none',
        }),
      );
    },

    async resumeSubscription(subscriptionId: string) {
      if (!subscriptionIdPattern.test(subscriptionId)) {
        throw new PaymentProviderError('not_found', 'No such subscription.');
      }
      const current = await call(() => stripe.subscriptions.retrieve(subscriptionId));
      if (current.status === 'canceled' || current.status === 'incomplete_expired') {
        return { resumed: false };
      }
      // Already renewing (a repeat, or resumed in the portal): nothing to change.
      const subscription =
        current.cancel_at_period_end || current.cancel_at !== null
          ? await call(() =>
              stripe.subscriptions.update(subscriptionId, {
                cancel_at_period_end: false,
                // A cancellation set as a date (the dashboard can) is undone the same way.
                ...(current.cancel_at_period_end ? {} : { cancel_at: '' }),
              }),
            )
          : current;
      return { resumed: true, currentPeriodEnd: periodEndMs(subscription) };
    },

    async paymentCard({ customerId, subscriptionId }) {
      if (!customerIdPattern.test(customerId)) {
        throw new PaymentProviderError('not_found', 'No such customer.');
      }
      // Stripe charges a renewal to the subscription's default method first, then the customer's.
      if (subscriptionId !== null && subscriptionIdPattern.test(subscriptionId)) {
        const subscription = await call(() =>
          stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method'] }),
        );
        const card = cardOf(subscription.default_payment_method);
        if (card) return card;
      }
      const customer = await call(() =>
        stripe.customers.retrieve(customerId, {
          expand: ['invoice_settings.default_payment_method'],
        }),
      );
      if (customer.deleted) return null;
      return cardOf(customer.invoice_settings.default_payment_method);
    },

    async updateCustomerDetails(customerId: string, details: BillingDetails) {
      if (!customerIdPattern.test(customerId)) {
        throw new PaymentProviderError('not_found', 'No such customer.');
      }
      const existing = (await call(() => stripe.customers.listTaxIds(customerId, { limit: 100 })))
        .data;
      const type = details.taxId === null ? null : stripeTaxIdType(details.country);
      const keep = existing.find((id) => id.type === type && id.value === details.taxId);
      // The new tax ID first: Stripe checks it, and a refusal leaves the customer as it was.
      if (details.taxId !== null && !keep) {
        if (type === null) return 'tax_id_refused';
        try {
          await stripe.customers.createTaxId(customerId, { type, value: details.taxId });
        } catch (error) {
          if (
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            error.statusCode === 400
          ) {
            return 'tax_id_refused';
          }
          throw toProviderError(error);
        }
      }
      // Invoices print the customer's name: the company when there is one, as Checkout sets it.
      await call(() =>
        stripe.customers.update(customerId, {
          name: details.company ?? details.name,
          address: {
            line1: details.line1,
            line2: details.line2 ?? '',
            postal_code: details.postalCode,
            city: details.city,
            state: details.state ?? '',
            country: details.country,
          },
        }),
      );
      for (const old of existing) {
        if (old !== keep) await call(() => stripe.customers.deleteTaxId(customerId, old.id));
      }
      return 'updated' as const;
    },

    async expireCheckoutSession(id: string) {
      if (!sessionIdPattern.test(id)) {
        throw new PaymentProviderError('not_found', 'No such checkout session.');
      }
      const session = await call(() => stripe.checkout.sessions.retrieve(id));
      if (session.status === 'complete') return 'complete';
      if (session.status === 'expired') return 'expired';
      try {
        await call(() => stripe.checkout.sessions.expire(id));
        return 'expired';
      } catch (error) {
        // Stripe expires only open sessions. Paid in the moment between the two calls, it answers
        // 'complete'; closed meanwhile by another request (or by this one, whose answer was
        // lost), 'expired' as asked.
        const again = await call(() => stripe.checkout.sessions.retrieve(id));
        if (again.status === 'complete') return 'complete';
        if (again.status === 'expired') return 'expired';
        throw error;
      }
    },

    async refundSubscription({ subscriptionId, idempotencyKey, reason }) {
      if (!subscriptionIdPattern.test(subscriptionId)) {
        throw new PaymentProviderError('not_found', 'No such subscription.');
      }
      const subscription = await call(() => stripe.subscriptions.retrieve(subscriptionId));
      if (subscription.status !== 'canceled') {
        await call(() =>
          stripe.subscriptions.cancel(
            subscriptionId,
            { prorate: false, invoice_now: false },
            { idempotencyKey: `${idempotencyKey}:cancel` },
          ),
        );
      }
      // The payment that started it: the paid invoice of the subscription.
      const invoices = await call(() =>
        stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 1 }),
      );
      const invoice = invoices.data[0];
      if (!invoice?.id) throw new PaymentProviderError('rejected', 'No paid invoice to refund.');
      return refundInvoice(invoice.id, idempotencyKey, { reason, subscription: subscriptionId });
    },

    async cancelNow(subscriptionId: string, idempotencyKey: string) {
      if (!subscriptionIdPattern.test(subscriptionId)) {
        throw new PaymentProviderError('not_found', 'No such subscription.');
      }
      const subscription = await call(() => stripe.subscriptions.retrieve(subscriptionId));
      if (subscription.status === 'canceled') return { canceledAt: endedAt(subscription) };
      try {
        const canceled = await call(() =>
          stripe.subscriptions.cancel(
            subscriptionId,
            { prorate: false, invoice_now: false },
            { idempotencyKey: `${idempotencyKey}:cancel` },
          ),
        );
        return { canceledAt: endedAt(canceled) };
      } catch (error) {
        // Stripe refuses to cancel a cancelled subscription: cancelled meanwhile by another
        // request (or by this one, whose answer was lost), it has ended as asked.
        const again = await call(() => stripe.subscriptions.retrieve(subscriptionId));
        if (again.status === 'canceled') return { canceledAt: endedAt(again) };
        throw error;
      }
    },

    async refundPayment({ invoiceId, idempotencyKey, reason }) {
      if (!invoiceIdPattern.test(invoiceId)) {
        throw new PaymentProviderError('not_found', 'No such invoice.');
      }
      return refundInvoice(invoiceId, idempotencyKey, { reason, invoice: invoiceId });
    },

    verifyWebhook(rawBody: string, signatureHeader: string | null) {
      return verifyWebhookSignature(rawBody, signatureHeader, webhookSecret);
    },
  };
}

/** Runs an SDK call, turning Stripe's errors into PaymentProviderError (the SDK's stay as cause). */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toProviderError(error);
  }
}

function toProviderError(error: unknown): unknown {
  const errors = Stripe.errors;
  if (error instanceof errors.StripeInvalidRequestError && error.statusCode === 404) {
    return new PaymentProviderError('not_found', 'Stripe has no such object.', { cause: error });
  }
  if (
    error instanceof errors.StripeConnectionError ||
    error instanceof errors.StripeRateLimitError ||
    error instanceof errors.StripeAPIError
  ) {
    return new PaymentProviderError('unavailable', 'Stripe is unavailable; try again later.', {
      cause: error,
    });
  }
  if (error instanceof errors.StripeError) {
    // Invalid key, unknown price, bad parameter: a configuration or code error to look at.
    return new PaymentProviderError('rejected', `Stripe refused the request (${error.type}).`, {
      cause: error,
    });
  }
  return error;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

function toSessionInfo(session: Stripe.Checkout.Session): CheckoutSessionInfo {
  const status: CheckoutSessionInfo['status'] =
    session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
  const paymentStatus: CheckoutSessionInfo['paymentStatus'] =
    session.payment_status === 'paid'
      ? 'paid'
      : session.payment_status === 'no_payment_required'
        ? 'no_payment_required'
        : 'unpaid';
  return {
    id: session.id,
    status,
    paymentStatus,
    clientReferenceId: session.client_reference_id,
    reference: readReference(session.metadata),
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    customerEmail: session.customer_details?.email ?? session.customer_email,
    amountTotal: session.amount_total,
    currency: session.currency,
    quantity: session.line_items?.data[0]?.quantity ?? null,
  };
}

const invoiceStatuses = new Set(['draft', 'open', 'paid', 'uncollectible', 'void']);

function toInvoiceSummary(invoice: Stripe.Invoice): InvoiceSummary {
  const status =
    invoice.status !== null && invoiceStatuses.has(invoice.status) ? invoice.status : null;
  return {
    id: invoice.id,
    number: invoice.number,
    created: invoice.created * 1000,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    status: status as InvoiceSummary['status'],
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdf: invoice.invoice_pdf ?? null,
  };
}

/** The card of an expanded payment method; null for an id, none, or another kind of method. */
function cardOf(method: string | Stripe.PaymentMethod | null | undefined): PaymentCard | null {
  if (!method || typeof method === 'string' || !method.card) return null;
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
  return { brand, last4, expMonth, expYear };
}

/** When a cancelled subscription ended, in ms (Stripe sets `ended_at`; older objects `canceled_at`). */
function endedAt(subscription: Stripe.Subscription): number {
  const seconds = subscription.ended_at ?? subscription.canceled_at;
  return seconds === null ? Date.now() : seconds * 1000;
}

/**
 * When the paid period ends, in seconds. Since API 2025-03-31 it lives on each subscription item;
 * `cancel_at` is set to the same moment when cancelling at period end.
 */
function subscriptionPeriodEnd(subscription: Stripe.Subscription): number | null {
  const itemEnds = subscription.items.data.map((item) => item.current_period_end);
  if (itemEnds.length > 0) return Math.max(...itemEnds);
  return subscription.cancel_at;
}

/** The paid period's end in milliseconds; a subscription without one is Stripe's mistake. */
function periodEndMs(subscription: Stripe.Subscription): number {
  const periodEnd = subscriptionPeriodEnd(subscription);
  if (periodEnd === null) {
    throw new PaymentProviderError(
      'rejected',
      'Stripe returned a subscription without a period end.',
    );
  }
  return periodEnd * 1000;
}
