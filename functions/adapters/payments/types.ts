/**
 * Card payments: the one interface routes and services use, with a
 * Stripe implementation (stripe.ts) and a development stand-in behind /dev/checkout (local.ts).
 * Shapes here are ours, not Stripe's: amounts in cents, times in milliseconds, ids as strings.
 */

import type { BillingDetails } from '../../../src/contract/billing';

/** The only plan sold by card (Standard, $129 a year: `standard` in src/config/plans.ts). */
export type PaidPlan = 'standard';

/**
 * Whom a checkout is for. A new customer pays before an account exists, so the reference is the
 * pending signup; an upgrading Trial user already has an account.
 * Sent as `client_reference_id` and as metadata, so every webhook can be traced back to it.
 */
export type CheckoutReference = { pendingSignupId: string } | { userId: string };

/** Input of createCheckoutSession. */
export type CreateCheckoutInput = CheckoutReference & {
  /** Prefills the checkout's e-mail; ignored by Stripe when `customerId` is given. */
  customerEmail: string;
  /** The provider's customer id when we already have one (an upgrade or a returning customer). */
  customerId?: string | undefined;
  /** Absolute; may contain the literal `{CHECKOUT_SESSION_ID}`, which the provider fills in. */
  successUrl: string;
  /** Absolute; where Cancel (or Back) on the checkout page goes. */
  cancelUrl: string;
  plan: PaidPlan;
  /** Seats (the price's quantity), 1 to 250, 1 when left out; the buyer may change it there. */
  quantity?: number | undefined;
};

/** A created checkout session: send the browser to `url`. */
export interface CheckoutSessionLink {
  id: string;
  url: string;
}

/** A checkout session as check-payment-completion and fulfillment read it. */
export interface CheckoutSessionInfo {
  id: string;
  /** Unknown provider states read as 'open': only 'complete' ever leads to fulfillment. */
  status: 'open' | 'complete' | 'expired';
  /** Unknown provider states read as 'unpaid' (fails closed). */
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  clientReferenceId: string | null;
  /** Parsed from the session's metadata; null if the session was not created by us. */
  reference: CheckoutReference | null;
  customerId: string | null;
  subscriptionId: string | null;
  customerEmail: string | null;
  /** Cents. */
  amountTotal: number | null;
  /** Lower-case ISO code, e.g. `usd`. */
  currency: string | null;
  /** Seats bought (the line's quantity); null when the provider did not say. */
  quantity: number | null;
}

/** One invoice for the Billing & Invoices page. */
export interface InvoiceSummary {
  id: string;
  number: string | null;
  /** Milliseconds since the epoch. */
  created: number;
  /** Cents. */
  amountPaid: number;
  currency: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void' | null;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
}

/**
 * A paid invoice as the provider holds it, for recording a payment whose `invoice.paid` webhook
 * never arrived. `object` is the provider's own invoice object (Stripe's JSON shape, which the
 * local stand-in imitates), read by services/billing/webhook-events.ts exactly as the object of
 * an `invoice.paid` event is.
 */
export interface PaidInvoice {
  object: unknown;
  /** Milliseconds since the epoch: when it was paid. */
  paidAt: number;
  livemode: boolean;
}

/** Result of cancelAtPeriodEnd: the license stays valid until `currentPeriodEnd`. */
export interface CancellationResult {
  cancelAtPeriodEnd: true;
  /** Milliseconds since the epoch. */
  currentPeriodEnd: number;
}

/**
 * A webhook event as the provider sends it, after its signature was checked. Only the envelope
 * is typed; `data.object` is parsed by services/billing/webhook-events.ts, which also copes with
 * older API versions a webhook endpoint may still be pinned to.
 */
export interface ProviderEvent {
  id: string;
  object: 'event';
  type: string;
  /** Seconds since the epoch, as Stripe sends it. */
  created: number;
  livemode: boolean;
  api_version?: string | null;
  data: { object: unknown };
}

/**
 * Result of resumeSubscription: renewing again until `currentPeriodEnd` (ms) and then every year,
 * or `ended` when the subscription has already ended (it cannot be resumed; buy again).
 */
export type ResumeResult = { resumed: true; currentPeriodEnd: number } | { resumed: false };

/** The card a customer pays with: never its number, only what a person recognizes it by. */
export interface PaymentCard {
  /** The provider's lower-case brand: `visa`, `mastercard`, `amex`, … */
  brand: string;
  /** The last four digits. */
  last4: string;
  /** 1-12. */
  expMonth: number;
  /** Four digits. */
  expYear: number;
}

/** Result of updateCustomerDetails. */
export type CustomerUpdate = 'updated' | 'tax_id_refused';

/** Result of cancelNow: the subscription has ended and will not renew or invoice again. */
export interface CancelNowResult {
  /** Milliseconds since the epoch: when it ended (an earlier cancellation's time on a repeat). */
  canceledAt: number;
}

/** A refund made by refundSubscription or refundPayment. */
export interface RefundResult {
  /** The provider's refund id (`re_…`). */
  refundId: string;
  /** Cents. */
  amount: number;
  /** Lower-case ISO code, e.g. `usd`. */
  currency: string;
}

/** What adding seats costs for the rest of the period, as the provider prorates it. */
export interface SeatProration {
  /** Seats after the change. */
  quantity: number;
  /** Cents before tax, tax and total. */
  subtotal: number;
  tax: number;
  total: number;
  currency: string;
  /** ms: the moment prorated for; addSeats with it charges exactly this. */
  prorationDate: number;
  /** ms: the end of the period the added seats are paid until. */
  periodEnd: number;
  /** An EU business: no VAT added (the invoice says "Reverse charge"). */
  reverseCharge: boolean;
  /** The subscription's seat line and its seats now: addSeats changes that line. */
  itemId: string;
  quantityBefore: number;
}

/** The invoice added seats were charged with (paid at once). */
export interface SeatInvoice {
  /** `in_…` */
  invoiceId: string;
  number: string | null;
  /** Cents. */
  subtotal: number;
  tax: number;
  total: number;
  /** Basis points; null when no tax applied. */
  taxRateBp: number | null;
  reverseCharge: boolean;
  currency: string;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
  /** ms */
  created: number;
  periodStart: number;
  periodEnd: number;
  /** Seats added, and the prorated price of one (cents, before tax). */
  quantityAdded: number;
  unitAmount: number;
  buyer: BillingDetails | null;
}

/**
 * Input of createInvoicedSubscription: a team of `standardSeats.invoiceMinimum` seats or more that
 * pays by invoice (bank transfer) instead of a card. The reference is the checkout's (metadata).
 */
export type InvoicedSubscriptionInput = CheckoutReference & {
  plan: PaidPlan;
  customerEmail: string;
  /** The provider's customer when we already have one; else one is created with `details`. */
  customerId?: string | undefined;
  /** What the invoice is billed to (name, address, tax ID). */
  details: BillingDetails;
  /** Seats, `standardSeats.invoiceMinimum` to `standardSeats.max`. */
  quantity: number;
  /** The buyer's purchase-order reference, printed on the invoice; null for none. */
  poNumber: string | null;
  /** The same key for a retry of the same purchase: one customer, one subscription. */
  idempotencyKey: string;
  /** Absolute: our page to come back to (the local stand-in's invoice pages live on its origin). */
  returnUrl: string;
};

/**
 * A subscription collected by invoice (`send_invoice`), running from its creation, and its
 * first invoice: finalized, open until paid, due `standardSeats.invoiceDueDays` days later.
 */
export interface InvoicedSubscription {
  customerId: string;
  subscriptionId: string;
  invoiceId: string;
  number: string | null;
  /** Cents: the total due, its subtotal and tax. */
  amountDue: number;
  subtotal: number;
  tax: number;
  reverseCharge: boolean;
  currency: string;
  /** ms */
  created: number;
  dueAt: number;
  periodStart: number;
  periodEnd: number;
  quantity: number;
  poNumber: string | null;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
}

/** What the card checkout and billing pages need from a payment provider. */
export interface PaymentProvider {
  /** 'local' only in development; /dev/checkout refuses anything else. */
  readonly kind: 'stripe' | 'local';
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSessionLink>;
  /** Throws PaymentProviderError('not_found') for an unknown or malformed id. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Newest first. */
  listInvoices(customerId: string): Promise<InvoiceSummary[]>;
  /**
   * The paid invoice that started the subscription (the first invoice of a paid checkout), or
   * null while none is paid. Throws PaymentProviderError('not_found') for an unknown id.
   */
  firstPaidInvoice(subscriptionId: string): Promise<PaidInvoice | null>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<CancellationResult>;
  /**
   * Undoes a cancellation at period end while the period runs: the subscription renews again.
   * Safe to repeat (one already renewing answers as resumed). A subscription that has ended
   * answers `{ resumed: false }`. Throws PaymentProviderError('not_found') for an unknown id.
   */
  resumeSubscription(subscriptionId: string): Promise<ResumeResult>;
  /**
   * The card renewals are charged to: the subscription's default payment method, else the
   * customer's invoice default. Null when there is none, or it is not a card.
   */
  paymentCard(input: {
    customerId: string;
    subscriptionId: string | null;
  }): Promise<PaymentCard | null>;
  /**
   * Makes `details` what the customer's future invoices carry: the name (the company when given),
   * the billing address and the tax ID (any other tax ID is removed). A tax ID the provider
   * refuses answers `tax_id_refused` before anything is changed. Throws
   * PaymentProviderError('not_found') for an unknown customer.
   */
  updateCustomerDetails(customerId: string, details: BillingDetails): Promise<CustomerUpdate>;
  /**
   * Ends the subscription at once: no proration, no final invoice, no refund (an operator's
   * "cancel now"; a refund is its own call). Safe to repeat: a subscription already cancelled
   * answers when it ended. Throws PaymentProviderError('not_found') for an unknown id.
   */
  cancelNow(subscriptionId: string, idempotencyKey: string): Promise<CancelNowResult>;
  /**
   * Closes a checkout session so it can no longer be paid, and answers its state afterwards:
   * `expired`, or `complete` when it was paid first (that payment is then fulfilled or refunded).
   * Throws PaymentProviderError('not_found') for an unknown id.
   */
  expireCheckoutSession(id: string): Promise<'expired' | 'complete'>;
  /**
   * Cancels the subscription at once (no proration, no further invoices) and refunds in full the
   * payment that started it: a payment we could not apply. Safe to repeat with the same
   * `idempotencyKey` (the provider refunds once).
   */
  refundSubscription(input: {
    subscriptionId: string;
    idempotencyKey: string;
    /** Shown to operators in the provider's dashboard. */
    reason: string;
  }): Promise<RefundResult>;
  /**
   * Refunds in full the payment of one paid invoice (an operator's refund); the subscription is
   * left as it is. Safe to repeat with the same `idempotencyKey` and `reason`: a payment refunded
   * already (an earlier attempt whose answer was lost) answers that refund, so it is refunded
   * once. Throws PaymentProviderError('not_found') for an invoice the provider does not know.
   */
  refundPayment(input: {
    /** `in_…` */
    invoiceId: string;
    idempotencyKey: string;
    /** Shown to operators in the provider's dashboard; keep it the same across retries. */
    reason: string;
  }): Promise<RefundResult>;
  /**
   * What raising the subscription's seats to `quantity` would charge now, prorated for the rest
   * of the period. Throws PaymentProviderError('not_found') for an unknown subscription.
   */
  previewSeats(input: { subscriptionId: string; quantity: number }): Promise<SeatProration>;
  /**
   * Raises the subscription's seats to `quantity` and charges the prorated amount at once with its
   * own invoice (Stripe: `proration_behavior: 'always_invoice'`), prorated at `prorationDate` as
   * previewed; `preview` is previewSeats' answer for this change (its line, seats and moment).
   * Safe to repeat with the same `idempotencyKey` (one change, one charge).
   */
  addSeats(input: {
    subscriptionId: string;
    preview: SeatProration;
    idempotencyKey: string;
  }): Promise<SeatInvoice>;
  /**
   * Makes the subscription renew with `quantity` seats from its next period, without proration
   * or refund (seats removed at renewal; called shortly before it). Safe to repeat.
   */
  setRenewalSeats(input: { subscriptionId: string; quantity: number }): Promise<void>;
  /**
   * Creates a subscription paid by invoice (bank transfer): a customer with the billing details
   * and tax ID (or the given one, updated), the PO number as an invoice custom field, and a
   * subscription with `collection_method: 'send_invoice'` due in `standardSeats.invoiceDueDays`
   * days, with the checkout's metadata. It runs at once; its first invoice is finalized (open).
   * Safe to repeat with the same `idempotencyKey`.
   */
  createInvoicedSubscription(input: InvoicedSubscriptionInput): Promise<InvoicedSubscription>;
  /**
   * Undoes a subscription paid by invoice that we cannot apply (nothing was paid, so nothing is
   * refunded): its open invoice is voided, so it is no longer owed, and the subscription is
   * cancelled at once (no proration, no final invoice). Safe to repeat with the same
   * `idempotencyKey`: an invoice already void and a subscription already cancelled are left as
   * they are. Throws PaymentProviderError('rejected') when the invoice was paid meanwhile (an
   * operator's case), 'not_found' for ids the provider does not know.
   */
  voidInvoicedSubscription(input: {
    subscriptionId: string;
    /** `in_…`: the subscription's open invoice. */
    invoiceId: string;
    idempotencyKey: string;
    /** Shown to operators in the provider's dashboard. */
    reason: string;
  }): Promise<void>;
  /**
   * Checks the `Stripe-Signature` header against the raw body (300 s tolerance) and returns the
   * event. Throws WebhookSignatureError for a missing, wrong or stale signature.
   */
  verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<ProviderEvent>;
}

/** Why a webhook was refused; all of them answer 400 so the sender sees the failure. */
export type WebhookRejection = 'missing_signature' | 'invalid_signature' | 'stale' | 'malformed';

/** A webhook whose signature or body cannot be trusted. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
  readonly reason: WebhookRejection;

  constructor(reason: WebhookRejection, message: string) {
    super(message);
    this.reason = reason;
  }
}

/**
 * A provider call that failed in an expected way. `not_found`: the id names nothing (a route
 * answers 404); `unavailable`: the provider is down or rate-limiting (503, try again);
 * `rejected`: the provider refused the request (a bug or a configuration error, logged as 500).
 */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  readonly code: 'not_found' | 'unavailable' | 'rejected';

  constructor(code: PaymentProviderError['code'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** A development checkout session, as LocalCheckoutStore keeps it. */
export interface LocalCheckoutSession {
  /** `cs_local_<suffix>`; the customer, subscription and invoice ids share the suffix. */
  id: string;
  clientReferenceId: string;
  reference: CheckoutReference;
  plan: PaidPlan;
  customerEmail: string;
  /** `cus_local_…`, or the customer id the caller passed (an upgrade). */
  customerId: string;
  /** `sub_local_<suffix>` once paid. */
  subscriptionId: string | null;
  successUrl: string;
  cancelUrl: string;
  /** Cents. */
  amountTotal: number;
  currency: string;
  /** `expired` once closed by expireCheckoutSession (the 24-hour expiry is computed). */
  status: 'open' | 'complete' | 'expired';
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** Milliseconds since the epoch, once paid. */
  paidAt: number | null;
  /** Milliseconds since the epoch, once refunded. */
  refundedAt: number | null;
  /** Who refunded it: automatically (a payment we could not apply) or support (an operator). */
  refundKind: LocalRefundKind | null;
  /** Milliseconds since the epoch, once its subscription was cancelled at once. */
  canceledAt: number | null;
  /** What the buyer entered on the page; null until then (Pay needs it). */
  billingDetails: BillingDetails | null;
  /** Cents before tax (`amountTotal` includes the tax). */
  amountSubtotal: number;
  /** Cents. */
  amountTax: number;
  /** Basis points. */
  taxRateBp: number;
  reverseCharge: boolean;
  /** `SW-<year>-<six digits>`, given in sequence when paid; null before. */
  invoiceNumber: string | null;
  /** Seats bought at checkout (the buyer may change them on the page before paying). */
  quantity: number;
  /** The subscription's seats now: the checkout's plus seats added since. */
  subscriptionQuantity: number;
  /** Seats from the next renewal on, when seats were removed; null when unchanged. */
  renewalQuantity: number | null;
  /** By card, or by invoice paid by bank transfer (then `paidAt` is when the subscription began). */
  collectionMethod: 'charge_automatically' | 'send_invoice';
  /** The buyer's purchase-order reference (an invoiced checkout). */
  poNumber: string | null;
}

/** The amounts the buyer's details lead to (the route asks services/billing/tax.ts). */
export interface LocalTaxQuote {
  subtotal: number;
  tax: number;
  total: number;
  rateBp: number;
  reverseCharge: boolean;
}

/** Why a development payment was refunded (the /dev/checkout pages say which). */
export type LocalRefundKind = 'unapplied' | 'support';

/**
 * Storage of development checkout sessions. The Worker backs it with a D1 table (sessions must
 * survive isolate restarts between creating the session and paying it); tests use memory.
 */
export interface LocalCheckoutStore {
  save(session: LocalCheckoutSession): Promise<void>;
  get(id: string): Promise<LocalCheckoutSession | null>;
  /**
   * Marks an open session paid, in one conditional write. Returns the updated session only to
   * the caller that made the change, and null if it was unknown or already paid, so a double
   * click on Pay sends the webhook events once.
   */
  markPaid(
    id: string,
    paid: { subscriptionId: string; paidAt: number },
  ): Promise<LocalCheckoutSession | null>;
  /**
   * Stores the buyer's details, the seats and the amounts they lead to on an open session; null
   * when it is not open (unknown, paid or closed).
   */
  saveDetails(
    id: string,
    details: BillingDetails,
    quote: LocalTaxQuote,
    /** The seats the amounts are for; the session's own when left out. */
    quantity?: number,
  ): Promise<LocalCheckoutSession | null>;
  /** Closes an open session; null when it was not open (unknown, paid or closed already). */
  markExpired(id: string): Promise<LocalCheckoutSession | null>;
  /**
   * Marks the paid session of `subscriptionId` refunded, once: the session on the first call,
   * the already refunded session on later ones, null when no paid session has that subscription.
   */
  markRefunded(
    subscriptionId: string,
    refund: { refundedAt: number; kind: LocalRefundKind },
  ): Promise<LocalCheckoutSession | null>;
  /**
   * Marks the subscription of a paid session cancelled, once (as markRefunded): the session,
   * or null when no paid session has that subscription.
   */
  markCanceled(subscriptionId: string, canceledAt: number): Promise<LocalCheckoutSession | null>;
  /** Paid sessions of one customer, newest first: the local stand-in for its invoices. */
  listPaid(customerId: string): Promise<LocalCheckoutSession[]>;
  /**
   * Records an invoice for seats added to a paid session's subscription and raises its seats to
   * `quantity`, once per `invoice.idempotencyKey`: a repeat answers the invoice recorded first.
   */
  addSeatInvoice(invoice: LocalSeatInvoice, quantity: number): Promise<LocalSeatInvoice>;
  /** Records the seats a paid session's subscription renews with. */
  setRenewalQuantity(sessionId: string, quantity: number): Promise<void>;
  /**
   * Completes an open session as a subscription paid by invoice and records its first invoice,
   * open until `dueAt`, numbered in the shared sequence, with the id `in_local_<suffix>`. Answers
   * the session and the invoice only to the caller that made the change; null otherwise.
   */
  markInvoiced(
    id: string,
    invoiced: {
      subscriptionId: string;
      invoicedAt: number;
      dueAt: number;
      poNumber: string | null;
    },
  ): Promise<{ session: LocalCheckoutSession; invoice: LocalInvoice } | null>;
  /** One development invoice (`dev_invoices`); null when unknown. */
  getInvoice(id: string): Promise<LocalInvoice | null>;
  /** The development invoices of one customer (seats added, invoices sent), newest first. */
  listInvoices(customerId: string): Promise<LocalInvoice[]>;
  /** Marks an open invoice paid, once: the invoice to the caller that made the change, else null. */
  markInvoicePaid(id: string, paidAt: number): Promise<LocalInvoice | null>;
  /** Marks an open invoice void (its order was undone), once; null when it was not open. */
  markInvoiceVoid(id: string): Promise<LocalInvoice | null>;
}

/** A development invoice as the hosted invoice page and the events show it. */
export interface LocalInvoice {
  /** `in_local_…` */
  id: string;
  customerId: string;
  subscriptionId: string;
  billingReason: string;
  quantity: number;
  unitAmount: number;
  amountSubtotal: number;
  amountTax: number;
  amountTotal: number;
  taxRateBp: number;
  reverseCharge: boolean;
  currency: string;
  billingDetails: BillingDetails | null;
  collectionMethod: 'charge_automatically' | 'send_invoice';
  status: 'open' | 'paid' | 'void';
  periodStart: number;
  periodEnd: number;
  dueAt: number | null;
  poNumber: string | null;
  invoiceNumber: string;
  createdAt: number;
  paidAt: number | null;
}

/** A development invoice for seats added during a term (`dev_invoices`). */
export interface LocalSeatInvoice {
  id: string;
  customerId: string;
  subscriptionId: string;
  quantity: number;
  unitAmount: number;
  amountSubtotal: number;
  amountTax: number;
  amountTotal: number;
  taxRateBp: number;
  reverseCharge: boolean;
  currency: string;
  billingDetails: BillingDetails | null;
  periodStart: number;
  periodEnd: number;
  createdAt: number;
  idempotencyKey: string;
  /** Given by the store, in the sequence of every local invoice. */
  invoiceNumber: string | null;
}
