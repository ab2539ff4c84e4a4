/**
 * The development payment provider: no outside calls. Checkout sessions live in a
 * LocalCheckoutStore and are paid on /dev/checkout (routes/dev/checkout.ts), which delivers the
 * Stripe-signed events built here to our own webhook route, so the same fulfillment code runs
 * locally as in production.
 */
import type { BillingDetails } from '../../../src/contract/billing';
import {
  cardDeclined,
  cardInsufficientFunds,
  cardNumberIncorrect,
} from '../../../src/contract/billing-texts';
import { plans, seats } from '../../../src/site.config';

const { standardSeats } = seats;
import {
  checkoutCompletedEvent,
  firstInvoicePaidEvent,
  invoiceFinalizedEvent,
  localDevInvoiceUrl,
  localIds,
  localInvoiceUrl,
  localSuffix,
  periodEndAfter,
  sentInvoicePaidEvent,
} from './local-events';
import { referenceMetadata } from './reference';
import {
  PaymentProviderError,
  type CheckoutSessionInfo,
  type CreateCheckoutInput,
  type InvoicedSubscription,
  type InvoiceSummary,
  type LocalInvoice,
  type LocalCheckoutSession,
  type LocalCheckoutStore,
  type LocalTaxQuote,
  type PaymentProvider,
  type ProviderEvent,
  type SeatProration,
} from './types';
import { prorateByDay } from './proration';
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature';

/** Where the checkout imitation is mounted; the lead mounts routes/dev/checkout.ts here. */
export const DEV_CHECKOUT_PATH = '/dev/checkout';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Stripe expires an unpaid Checkout Session after 24 hours; so do we. */
export const LOCAL_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** The test card /dev/checkout pays with (Stripe's Visa test number). */
export const LOCAL_TEST_CARD = { brand: 'visa', last4: '4242', expMonth: 12 } as const;
/** How many years after the payment the local test card expires. */
const LOCAL_CARD_YEARS = 4;

/** Standard's yearly price per seat in cents, from the one source of prices. */
export const STANDARD_AMOUNT = Math.round((plans.standard.priceUsd ?? 0) * 100);

/** One webhook delivery: the exact bytes and the `Stripe-Signature` header for them. */
export interface SignedEvent {
  event: ProviderEvent;
  payload: string;
  signature: string;
}

/** The local provider, plus what /dev/checkout needs to show and pay a session. */
export interface LocalPaymentProvider extends PaymentProvider {
  readonly kind: 'local';
  /** The stored session with its expiry applied; null when unknown. */
  getCheckout(id: string): Promise<(LocalCheckoutSession & { expired: boolean }) | null>;
  /**
   * Stores the buyer's billing details and the amounts they lead to (the route computes them
   * with services/billing/tax.ts); null when the session is unknown, expired or paid.
   */
  saveCheckoutDetails(
    id: string,
    details: BillingDetails,
    quote: LocalTaxQuote,
    quantity?: number,
  ): Promise<LocalCheckoutSession | null>;
  /**
   * Pays an open session and returns the signed events Stripe would send. Null when the session
   * is unknown, expired or already paid (a second click on Pay delivers nothing).
   */
  completeCheckout(
    id: string,
  ): Promise<{ session: LocalCheckoutSession; events: SignedEvent[] } | null>;
  /**
   * Pay on the page: completeCheckout with a card number. `declined` (with Stripe's message)
   * for a declining test card and `needs_details` before the billing details are in: nothing is
   * changed. Null as completeCheckout.
   */
  payWithCard(id: string, cardNumber: string): Promise<LocalPayment | null>;
  /** A development invoice and the session it belongs to; null when unknown. */
  getInvoice(id: string): Promise<{ invoice: LocalInvoice; session: LocalCheckoutSession } | null>;
  /**
   * "Mark as paid by bank transfer" on the hosted invoice page: the open invoice becomes paid and
   * the signed `invoice.paid` event is returned; null when unknown or not open (paid once).
   */
  markInvoicePaid(id: string): Promise<{ invoice: LocalInvoice; events: SignedEvent[] } | null>;
  /**
   * The signed `invoice.finalized` event Stripe sends once a subscription paid by invoice has
   * its first invoice (the stand-in sends none by itself: our own route fulfills the purchase,
   * and the webhook converges on it); null for an unknown invoice.
   */
  invoiceFinalized(id: string): Promise<SignedEvent | null>;
}

/** What Pay on /dev/checkout led to. */
export type LocalPayment =
  | { outcome: 'paid'; session: LocalCheckoutSession; events: SignedEvent[] }
  | { outcome: 'declined'; message: string }
  | { outcome: 'needs_details' };

/** Stripe's test cards that decline, by number, with the message Checkout shows. */
const DECLINING_CARDS: Readonly<Record<string, string>> = {
  '4000000000000002': cardDeclined,
  '4000000000009995': cardInsufficientFunds,
};

/** The Luhn check every card number passes. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What Stripe's test mode does with a card number: 4242 4242 4242 4242 (and any other
 * well-formed number) pays; 4000 0000 0000 0002 and …9995 decline; a malformed one is refused.
 * Null when it pays, else the message to show.
 */
export function testCardOutcome(cardNumber: string): string | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) return cardNumberIncorrect;
  return DECLINING_CARDS[digits] ?? null;
}

/**
 * What raising a paid session's subscription to `quantity` seats costs at `at`: each added seat
 * prorated by day for the rest of the year paid (proration.ts), taxed as the checkout was.
 */
function seatProration(
  session: LocalCheckoutSession & { paidAt: number },
  quantity: number,
  at: number,
): SeatProration {
  const periodEnd = periodEndAfter(session.paidAt);
  const { subtotal } = prorateByDay({
    added: Math.max(0, quantity - session.subscriptionQuantity),
    unitAmount: STANDARD_AMOUNT,
    at,
    periodStart: session.paidAt,
    periodEnd,
  });
  const tax = session.reverseCharge ? 0 : Math.round((subtotal * session.taxRateBp) / 10_000);
  return {
    quantity,
    subtotal,
    tax,
    total: subtotal + tax,
    currency: session.currency,
    prorationDate: at,
    periodEnd,
    reverseCharge: session.reverseCharge,
    // One seat line per subscription here: the line is the subscription.
    itemId: session.subscriptionId ?? session.id,
    quantityBefore: session.subscriptionQuantity,
  };
}

/** What createInvoicedSubscription answers, from the invoiced session and its invoice. */
function invoicedSubscriptionOf(
  session: LocalCheckoutSession,
  invoice: LocalInvoice,
): InvoicedSubscription {
  return {
    customerId: session.customerId,
    subscriptionId: invoice.subscriptionId,
    invoiceId: invoice.id,
    number: invoice.invoiceNumber,
    amountDue: invoice.amountTotal,
    subtotal: invoice.amountSubtotal,
    tax: invoice.amountTax,
    reverseCharge: invoice.reverseCharge,
    currency: invoice.currency,
    created: invoice.createdAt,
    dueAt: invoice.dueAt ?? invoice.createdAt,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    quantity: invoice.quantity,
    poNumber: invoice.poNumber,
    hostedInvoiceUrl: localDevInvoiceUrl(session, invoice.id, DEV_CHECKOUT_PATH),
    invoicePdf: null,
  };
}

export interface LocalPaymentsOptions {
  store: LocalCheckoutStore;
  /**
   * The amounts billing details lead to (services/billing/tax.ts, injected by the composition
   * root): createInvoicedSubscription has no page to compute them. No tax when left out.
   */
  quoteTax?: (subtotal: number, details: BillingDetails) => LocalTaxQuote;
  /** `whsec_…`: signs the events /dev/checkout delivers and verifies them at the webhook. */
  webhookSecret: string;
  now?: () => number;
}

export function isLocalPayments(provider: PaymentProvider): provider is LocalPaymentProvider {
  return provider.kind === 'local';
}

const sessionIdPattern = /^cs_local_[A-Za-z0-9]{1,64}$/;

/** Random ids like Stripe's: a prefix and 24 letters or digits. */
function randomSuffix(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  // 248 is the largest multiple of 62 below 256: rejecting larger bytes keeps letters uniform.
  let out = '';
  while (out.length < 24) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      if (byte < 248 && out.length < 24) out += alphabet[byte % 62];
    }
  }
  return out;
}

/** 32 hex digits of an idempotency key's SHA-256: the suffix of the ids one purchase makes. */
async function keySuffix(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return [...new Uint8Array(digest).slice(0, 16)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
}

/** Stripe refuses relative return URLs; so does the imitation, which also redirects to them. */
function requireHttpUrl(value: string, name: string): void {
  let url: URL;
  try {
    url = new URL(value.replace('{CHECKOUT_SESSION_ID}', 'x'));
  } catch {
    throw new PaymentProviderError('rejected', `${name} must be an absolute URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PaymentProviderError('rejected', `${name} must be an http(s) URL.`);
  }
}

/**
 * The stand-in keeps one refund per session (its one payment), so a repeat answers the same
 * refund: the same id and amount, whatever the idempotency key.
 */
function refundOf(session: LocalCheckoutSession) {
  return {
    refundId: `re_local_${localSuffix(session.id)}`,
    amount: session.amountTotal,
    currency: session.currency,
  };
}

export function createLocalPayments({
  store,
  webhookSecret,
  quoteTax = (subtotal) => ({ subtotal, tax: 0, total: subtotal, rateBp: 0, reverseCharge: false }),
  now = Date.now,
}: LocalPaymentsOptions): LocalPaymentProvider {
  const isExpired = (session: LocalCheckoutSession) =>
    session.status === 'open' && now() - session.createdAt > LOCAL_SESSION_TTL_MS;

  /** The paid session of a subscription; not_found for anything we did not create. */
  async function paidSessionOf(
    subscriptionId: string,
  ): Promise<LocalCheckoutSession & { paidAt: number }> {
    const match = /^sub_local_([A-Za-z0-9]{1,64})$/.exec(subscriptionId);
    const session = match ? await store.get(`cs_local_${match[1]}`) : null;
    if (!session || session.subscriptionId !== subscriptionId || session.paidAt === null) {
      throw new PaymentProviderError('not_found', 'No such subscription.');
    }
    return { ...session, paidAt: session.paidAt };
  }

  /** The session a subscription belongs to, paid or invoiced; null when unknown. */
  async function sessionOfSubscription(subscriptionId: string) {
    const match = /^sub_local_([A-Za-z0-9]{1,64})$/.exec(subscriptionId);
    const session = match ? await store.get(`cs_local_${match[1]}`) : null;
    return session?.subscriptionId === subscriptionId ? session : null;
  }

  /** When the subscription's session was paid; not_found for anything we did not create. */
  async function paidAtOf(subscriptionId: string): Promise<number> {
    return (await paidSessionOf(subscriptionId)).paidAt;
  }

  async function sign(event: ProviderEvent): Promise<SignedEvent> {
    const payload = JSON.stringify(event, null, 2);
    return { event, payload, signature: await signWebhookPayload(payload, webhookSecret) };
  }

  /** Pays an open session once (see LocalPaymentProvider.completeCheckout). */
  async function completeCheckout(id: string) {
    const current = sessionIdPattern.test(id) ? await store.get(id) : null;
    if (!current || current.status !== 'open' || isExpired(current)) return null;
    const paidAt = now();
    const session = await store.markPaid(id, {
      subscriptionId: `sub_local_${localSuffix(id)}`,
      paidAt,
    });
    if (!session) return null;
    const events = [
      checkoutCompletedEvent(session, paidAt),
      firstInvoicePaidEvent(session, paidAt, DEV_CHECKOUT_PATH),
    ];
    return { session, events: await Promise.all(events.map(sign)) };
  }

  /** Opens a development checkout session (createCheckoutSession without the URL). */
  async function openSession(
    input: CreateCheckoutInput & { poNumber?: string | null },
    suffix: string = randomSuffix(),
  ): Promise<LocalCheckoutSession> {
    requireHttpUrl(input.successUrl, 'successUrl');
    requireHttpUrl(input.cancelUrl, 'cancelUrl');
    const { clientReferenceId } = referenceMetadata(input);
    const quantity = input.quantity ?? 1;
    if (
      !Number.isInteger(quantity) ||
      quantity < standardSeats.min ||
      quantity > standardSeats.max
    ) {
      throw new PaymentProviderError('rejected', 'quantity is out of range.');
    }
    const session: LocalCheckoutSession = {
      id: `cs_local_${suffix}`,
      clientReferenceId,
      reference:
        'pendingSignupId' in input
          ? { pendingSignupId: input.pendingSignupId }
          : { userId: input.userId },
      plan: input.plan,
      customerEmail: input.customerEmail,
      customerId: input.customerId ?? `cus_local_${suffix}`,
      subscriptionId: null,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      amountTotal: STANDARD_AMOUNT * quantity,
      amountSubtotal: STANDARD_AMOUNT * quantity,
      quantity,
      subscriptionQuantity: quantity,
      renewalQuantity: null,
      amountTax: 0,
      taxRateBp: 0,
      reverseCharge: false,
      billingDetails: null,
      invoiceNumber: null,
      currency: 'usd',
      status: 'open',
      createdAt: now(),
      paidAt: null,
      refundedAt: null,
      refundKind: null,
      canceledAt: null,
      collectionMethod: 'charge_automatically',
      poNumber: input.poNumber ?? null,
    };
    await store.save(session);
    return session;
  }

  /** Completes an open session as invoiced, once (see LocalPaymentProvider.sendInvoice). */
  async function invoice(id: string, poNumber: string | null) {
    const invoicedAt = now();
    return store.markInvoiced(id, {
      subscriptionId: `sub_local_${localSuffix(id)}`,
      invoicedAt,
      dueAt: invoicedAt + standardSeats.invoiceDueDays * DAY_MS,
      poNumber,
    });
  }

  /**
   * The invoiced subscription a session holds, as createInvoicedSubscription answers it; null
   * while it is not (yet) one.
   */
  async function invoicedOf(id: string): Promise<InvoicedSubscription | null> {
    const session = await store.get(id);
    if (session?.status !== 'complete' || session.collectionMethod !== 'send_invoice') return null;
    const invoice = await store.getInvoice(localIds(session).invoiceId);
    return invoice && invoicedSubscriptionOf(session, invoice);
  }

  return {
    kind: 'local',

    async createCheckoutSession(input) {
      const session = await openSession(input);
      // Same origin as the site that asked, like Stripe's absolute checkout URL.
      const url = new URL(DEV_CHECKOUT_PATH, input.successUrl.replace('{CHECKOUT_SESSION_ID}', ''));
      url.searchParams.set('session_id', session.id);
      return { id: session.id, url: url.toString() };
    },

    async createInvoicedSubscription(input) {
      if (input.quantity < standardSeats.invoiceMinimum || input.quantity > standardSeats.max) {
        throw new PaymentProviderError('rejected', 'Too few or too many seats to pay by invoice.');
      }
      // Like Stripe's idempotency keys: the key names the session (and so the customer,
      // subscription and invoice), so every repeat of one purchase, in any isolate, finds the
      // subscription made first instead of making another.
      const id = `cs_local_${await keySuffix(input.idempotencyKey)}`;
      const earlier = await invoicedOf(id);
      if (earlier) return earlier;
      // No hosted checkout is shown: the session holds the subscription, as a paid one does.
      if (!(await store.get(id))) {
        const opened = { ...input, successUrl: input.returnUrl, cancelUrl: input.returnUrl };
        // A repeat racing this one may have saved it first: then both go on with that one.
        await openSession(opened, localSuffix(id)).catch(async (error: unknown) => {
          if (!(await store.get(id))) throw error;
        });
      }
      const subtotal = STANDARD_AMOUNT * input.quantity;
      await store.saveDetails(id, input.details, quoteTax(subtotal, input.details));
      await invoice(id, input.poNumber);
      // Made by this call, or by a repeat that won the race: the same subscription either way.
      const made = await invoicedOf(id);
      if (!made) throw new PaymentProviderError('rejected', 'The invoice could not be created.');
      return made;
    },

    async voidInvoicedSubscription({ subscriptionId, invoiceId }) {
      const session = await sessionOfSubscription(subscriptionId);
      const sent = await store.getInvoice(invoiceId);
      if (!session || sent?.subscriptionId !== subscriptionId) {
        throw new PaymentProviderError('not_found', 'No such invoice.');
      }
      if (sent.status === 'paid') {
        throw new PaymentProviderError('rejected', 'The invoice was paid; it cannot be voided.');
      }
      // Each step once: a void invoice and a cancelled subscription stay as they are.
      await store.markInvoiceVoid(invoiceId);
      await store.markCanceled(subscriptionId, now());
    },

    async retrieveCheckoutSession(id) {
      const session = sessionIdPattern.test(id) ? await store.get(id) : null;
      if (!session) throw new PaymentProviderError('not_found', 'No such checkout session.');
      const info: CheckoutSessionInfo = {
        id: session.id,
        status: session.status === 'open' && isExpired(session) ? 'expired' : session.status,
        // An invoiced subscription runs before it is paid: its checkout took no payment.
        paymentStatus:
          session.status === 'complete' && session.collectionMethod === 'charge_automatically'
            ? 'paid'
            : 'unpaid',
        clientReferenceId: session.clientReferenceId,
        reference: session.reference,
        // Like Stripe: a customer and subscription appear once the checkout is complete.
        customerId: session.status === 'complete' ? session.customerId : null,
        subscriptionId: session.subscriptionId,
        customerEmail: session.customerEmail,
        amountTotal: session.amountTotal,
        currency: session.currency,
        quantity: session.quantity,
      };
      return info;
    },

    async createPortalSession({ customerId, returnUrl }) {
      requireHttpUrl(returnUrl, 'returnUrl');
      const url = new URL(`${DEV_CHECKOUT_PATH}/portal`, returnUrl);
      url.searchParams.set('customer', customerId);
      url.searchParams.set('return_url', returnUrl);
      return { url: url.toString() };
    },

    async listInvoices(customerId) {
      // A session paid by card is its own invoice; an invoiced one's invoices are dev invoices.
      const paid = (await store.listPaid(customerId)).filter(
        (session) => session.collectionMethod === 'charge_automatically',
      );
      const [newest] = await store.listPaid(customerId);
      const sent = newest
        ? (await store.listInvoices(customerId)).map((invoice): InvoiceSummary => ({
            id: invoice.id,
            number: invoice.invoiceNumber,
            created: invoice.createdAt,
            amountPaid: invoice.status === 'paid' ? invoice.amountTotal : 0,
            currency: invoice.currency,
            status: invoice.status,
            hostedInvoiceUrl: localDevInvoiceUrl(newest, invoice.id, DEV_CHECKOUT_PATH),
            invoicePdf: null,
          }))
        : [];
      return [
        ...sent,
        ...paid.map((session): InvoiceSummary => ({
          id: localIds(session).invoiceId,
          number: session.invoiceNumber,
          created: session.paidAt ?? session.createdAt,
          amountPaid: session.amountTotal,
          currency: session.currency,
          status: 'paid',
          hostedInvoiceUrl: localInvoiceUrl(session, DEV_CHECKOUT_PATH),
          invoicePdf: null,
        })),
      ].sort((a, b) => b.created - a.created);
    },

    async firstPaidInvoice(subscriptionId) {
      const session = await sessionOfSubscription(subscriptionId);
      if (!session) throw new PaymentProviderError('not_found', 'No such subscription.');
      // The same invoice object its `invoice.paid` event carries (local-events.ts).
      if (session.collectionMethod === 'charge_automatically') {
        if (session.paidAt === null) return null;
        const { object } = firstInvoicePaidEvent(session, session.paidAt, DEV_CHECKOUT_PATH).data;
        return { object, paidAt: session.paidAt, livemode: false };
      }
      const invoice = await store.getInvoice(localIds(session).invoiceId);
      if (invoice?.status !== 'paid' || invoice.paidAt === null) return null;
      const { object } = sentInvoicePaidEvent(session, invoice, DEV_CHECKOUT_PATH).data;
      return { object, paidAt: invoice.paidAt, livemode: false };
    },

    async cancelAtPeriodEnd(subscriptionId) {
      const paidAt = await paidAtOf(subscriptionId);
      return { cancelAtPeriodEnd: true, currentPeriodEnd: periodEndAfter(paidAt) };
    },

    async resumeSubscription(subscriptionId) {
      const session = await paidSessionOf(subscriptionId);
      const currentPeriodEnd = periodEndAfter(session.paidAt);
      // The stand-in keeps no "cancel at period end" flag: only an ended one cannot resume.
      if (session.canceledAt !== null || currentPeriodEnd <= now()) return { resumed: false };
      return { resumed: true, currentPeriodEnd };
    },

    async paymentCard({ customerId }) {
      // /dev/checkout pays with the one test card; its expiry is a few years after the payment.
      const [paid] = (await store.listPaid(customerId)).filter(
        (session) => session.collectionMethod === 'charge_automatically',
      );
      if (!paid) return null;
      const year = new Date(paid.paidAt ?? paid.createdAt).getUTCFullYear();
      return { ...LOCAL_TEST_CARD, expYear: year + LOCAL_CARD_YEARS };
    },

    async updateCustomerDetails(customerId) {
      // Nothing to keep: the stand-in makes no renewal invoices, and each paid checkout's invoice
      // keeps the details given on it. A customer exists once it has paid.
      if ((await store.listPaid(customerId)).length === 0) {
        throw new PaymentProviderError('not_found', 'No such customer.');
      }
      return 'updated';
    },

    async expireCheckoutSession(id) {
      const session = sessionIdPattern.test(id) ? await store.get(id) : null;
      if (!session) throw new PaymentProviderError('not_found', 'No such checkout session.');
      if (session.status === 'complete') return 'complete';
      await store.markExpired(id);
      // A Pay that won the race in between makes the session complete after all.
      return (await store.get(id))?.status === 'complete' ? 'complete' : 'expired';
    },

    async cancelNow(subscriptionId) {
      await paidAtOf(subscriptionId);
      const session = await store.markCanceled(subscriptionId, now());
      if (!session?.canceledAt)
        throw new PaymentProviderError('not_found', 'No such subscription.');
      // Cancelled once: a repeat answers the first cancellation's time.
      return { canceledAt: session.canceledAt };
    },

    async refundSubscription({ subscriptionId }) {
      await paidAtOf(subscriptionId);
      await store.markCanceled(subscriptionId, now());
      const session = await store.markRefunded(subscriptionId, {
        refundedAt: now(),
        kind: 'unapplied',
      });
      if (!session) throw new PaymentProviderError('not_found', 'No such subscription.');
      return refundOf(session);
    },

    async refundPayment({ invoiceId }) {
      // A local invoice is the one payment of its session: `in_local_<suffix>`.
      const match = /^in_local_([A-Za-z0-9]{1,64})$/.exec(invoiceId);
      const paid = match ? await store.get(`cs_local_${match[1]}`) : null;
      if (!paid?.subscriptionId || paid.paidAt === null) {
        throw new PaymentProviderError('not_found', 'No such invoice.');
      }
      const session = await store.markRefunded(paid.subscriptionId, {
        refundedAt: now(),
        kind: 'support',
      });
      if (!session) throw new PaymentProviderError('not_found', 'No such invoice.');
      return refundOf(session);
    },

    async previewSeats({ subscriptionId, quantity }) {
      const session = await paidSessionOf(subscriptionId);
      return seatProration(session, quantity, now());
    },

    async addSeats({ subscriptionId, preview, idempotencyKey }) {
      const { quantity, prorationDate } = preview;
      const session = await paidSessionOf(subscriptionId);
      const quote = seatProration(session, quantity, prorationDate);
      const invoice = await store.addSeatInvoice(
        {
          id: `in_local_${randomSuffix()}`,
          customerId: session.customerId,
          subscriptionId,
          quantity: quantity - session.subscriptionQuantity,
          unitAmount: Math.round(
            quote.subtotal / Math.max(1, quantity - session.subscriptionQuantity),
          ),
          amountSubtotal: quote.subtotal,
          amountTax: quote.tax,
          amountTotal: quote.total,
          taxRateBp: session.reverseCharge ? 0 : session.taxRateBp,
          reverseCharge: session.reverseCharge,
          currency: session.currency,
          billingDetails: session.billingDetails,
          periodStart: prorationDate,
          periodEnd: quote.periodEnd,
          createdAt: now(),
          idempotencyKey,
          invoiceNumber: null,
        },
        quantity,
      );
      return {
        invoiceId: invoice.id,
        number: invoice.invoiceNumber,
        subtotal: invoice.amountSubtotal,
        tax: invoice.amountTax,
        total: invoice.amountTotal,
        taxRateBp: invoice.amountTax > 0 ? invoice.taxRateBp : null,
        reverseCharge: invoice.reverseCharge,
        currency: invoice.currency,
        hostedInvoiceUrl: null,
        invoicePdf: null,
        created: invoice.createdAt,
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
        quantityAdded: invoice.quantity,
        unitAmount: invoice.unitAmount,
        buyer: invoice.billingDetails,
      };
    },

    async setRenewalSeats({ subscriptionId, quantity }) {
      // The stand-in makes no renewals: it only keeps the seats a renewal would bill.
      const session = await paidSessionOf(subscriptionId);
      await store.setRenewalQuantity(session.id, quantity);
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifyWebhookSignature(rawBody, signatureHeader, webhookSecret);
    },

    async getCheckout(id) {
      const session = sessionIdPattern.test(id) ? await store.get(id) : null;
      return session ? { ...session, expired: isExpired(session) } : null;
    },

    async saveCheckoutDetails(id, details, quote, quantity) {
      const current = sessionIdPattern.test(id) ? await store.get(id) : null;
      if (!current || current.status !== 'open' || isExpired(current)) return null;
      return store.saveDetails(id, details, quote, quantity ?? current.quantity);
    },

    completeCheckout,

    async getInvoice(id) {
      const invoice = /^in_local_[A-Za-z0-9]{1,64}$/.test(id) ? await store.getInvoice(id) : null;
      const session = invoice ? await sessionOfSubscription(invoice.subscriptionId) : null;
      return invoice && session ? { invoice, session } : null;
    },

    async invoiceFinalized(id) {
      const invoice = /^in_local_[A-Za-z0-9]{1,64}$/.test(id) ? await store.getInvoice(id) : null;
      const session = invoice ? await sessionOfSubscription(invoice.subscriptionId) : null;
      if (!invoice || !session) return null;
      return sign(invoiceFinalizedEvent(session, invoice, DEV_CHECKOUT_PATH));
    },

    async markInvoicePaid(id) {
      const invoice = /^in_local_[A-Za-z0-9]{1,64}$/.test(id)
        ? await store.markInvoicePaid(id, now())
        : null;
      const session = invoice ? await sessionOfSubscription(invoice.subscriptionId) : null;
      if (!invoice || !session) return null;
      return {
        invoice,
        events: [await sign(sentInvoicePaidEvent(session, invoice, DEV_CHECKOUT_PATH))],
      };
    },

    async payWithCard(id, cardNumber) {
      const current = sessionIdPattern.test(id) ? await store.get(id) : null;
      if (!current || current.status !== 'open' || isExpired(current)) return null;
      if (current.billingDetails === null) return { outcome: 'needs_details' };
      const declined = testCardOutcome(cardNumber);
      if (declined !== null) return { outcome: 'declined', message: declined };
      const paid = await completeCheckout(id);
      return paid && { outcome: 'paid', ...paid };
    },
  };
}
