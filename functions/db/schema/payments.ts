import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { refundReasons } from '../../../src/contract/messages';
import type { BillingDetails } from '../../../src/contract/billing';
import { collectionMethodValues, refundStatusValues } from './billing';

/** Development checkout sessions behind /dev/checkout (adapters/payments/local.ts). */
export const devCheckoutSessions = sqliteTable(
  'dev_checkout_sessions',
  {
    /** `cs_local_<suffix>`. */
    id: text('id').primaryKey(),
    clientReferenceId: text('client_reference_id').notNull(),
    /** Which kind of reference `client_reference_id` is. */
    referenceKind: text('reference_kind', { enum: ['pendingSignup', 'user'] }).notNull(),
    plan: text('plan', { enum: ['standard'] }).notNull(),
    customerEmail: text('customer_email').notNull(),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    /** Cents. */
    amountTotal: integer('amount_total').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
    createdAt: integer('created_at').notNull(),
    paidAt: integer('paid_at'),
    /** Set when a refund reached the local stand-in (automatic, or an operator's). */
    refundedAt: integer('refunded_at'),
    /** Who refunded it; null on rows from before operators could (those were automatic). */
    refundKind: text('refund_kind', { enum: ['unapplied', 'support'] }),
    /** Set when its subscription was cancelled at once (a refund, or an operator's cancel now). */
    canceledAt: integer('canceled_at'),
    /** The buyer's billing details (BillingDetails as JSON) once entered on the page. */
    billingDetails: text('billing_details', { mode: 'json' }).$type<BillingDetails>(),
    /** Cents before tax; `amount_total` is this plus `amount_tax`. */
    amountSubtotal: integer('amount_subtotal'),
    /** Cents of tax, from the details (services/billing/tax.ts). */
    amountTax: integer('amount_tax'),
    /** Basis points. */
    taxRateBp: integer('tax_rate_bp'),
    reverseCharge: integer('reverse_charge', { mode: 'boolean' }).notNull().default(false),
    /** The invoice's place in the sequence (SW-<year>-<seq>), given when paid; never reused. */
    invoiceSeq: integer('invoice_seq'),
    /** Seats bought at checkout. */
    quantity: integer('quantity').notNull().default(1),
    /** The subscription's seats now (the checkout's, plus seats added since). */
    subscriptionQuantity: integer('subscription_quantity').notNull().default(1),
    /** Seats from the next renewal on, when seats were removed; null when unchanged. */
    renewalQuantity: integer('renewal_quantity'),
    collectionMethod: text('collection_method', { enum: collectionMethodValues })
      .notNull()
      .default('charge_automatically'),
    poNumber: text('po_number'),
  },
  (table) => [
    index('dev_checkout_sessions_customer_paid_idx').on(table.customerId, table.paidAt),
    uniqueIndex('dev_checkout_sessions_invoice_seq_unique').on(table.invoiceSeq),
  ],
);

/**
 * Stripe events already acted on. A plain INSERT is the FIRST statement of the batch
 * that applies the event's effect, so a replayed id fails the primary key and rolls it all back.
 */
export const stripeEvents = sqliteTable('stripe_events', {
  /** `evt_…` */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The id of the event's object (checkout session, invoice, subscription). */
  objectId: text('object_id'),
  /** The event's `created`, in ms. */
  created: integer('created').notNull(),
  processedAt: integer('processed_at').notNull(),
});

/**
 * Webhook events whose handling failed (the provider delivers them again): upserted by id on
 * every failure, marked resolved when a later delivery succeeds. The console's "Money needing
 * attention" lists the unresolved ones.
 */
export const webhookFailures = sqliteTable(
  'webhook_failures',
  {
    /** `evt_…` */
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    objectId: text('object_id'),
    /** Our reason (never a stack trace or a payload). */
    error: text('error').notNull(),
    attempts: integer('attempts').notNull(),
    firstFailedAt: integer('first_failed_at').notNull(),
    lastFailedAt: integer('last_failed_at').notNull(),
    resolvedAt: integer('resolved_at'),
  },
  (table) => [index('webhook_failures_resolved_last_idx').on(table.resolvedAt, table.lastFailedAt)],
);

/**
 * The development stand-in's invoices after the checkout's own (that one is the checkout session
 * row): seats added during a term, and invoices sent for bank transfer. `in_local_<suffix>`.
 */
export const devInvoices = sqliteTable(
  'dev_invoices',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    /** Stripe's `billing_reason`: `subscription_update` for added seats, … */
    billingReason: text('billing_reason').notNull(),
    quantity: integer('quantity').notNull(),
    /** Cents per seat before tax. */
    unitAmount: integer('unit_amount').notNull(),
    amountSubtotal: integer('amount_subtotal').notNull(),
    amountTax: integer('amount_tax').notNull(),
    amountTotal: integer('amount_total').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    reverseCharge: integer('reverse_charge', { mode: 'boolean' }).notNull(),
    currency: text('currency').notNull(),
    billingDetails: text('billing_details', { mode: 'json' }).$type<BillingDetails>(),
    collectionMethod: text('collection_method', { enum: collectionMethodValues }).notNull(),
    status: text('status', { enum: ['open', 'paid', 'void'] }).notNull(),
    periodStart: integer('period_start').notNull(),
    periodEnd: integer('period_end').notNull(),
    dueAt: integer('due_at'),
    poNumber: text('po_number'),
    /** Shares the checkout sessions' sequence (SW-<year>-<seq>): given when issued. */
    invoiceSeq: integer('invoice_seq').notNull(),
    createdAt: integer('created_at').notNull(),
    paidAt: integer('paid_at'),
    /** The request that made it, so a retried seat change invoices once. */
    idempotencyKey: text('idempotency_key').notNull(),
  },
  (table) => [
    index('dev_invoices_customer_created_idx').on(table.customerId, table.createdAt),
    index('dev_invoices_subscription_idx').on(table.subscriptionId),
    uniqueIndex('dev_invoices_idempotency_unique').on(table.idempotencyKey),
    uniqueIndex('dev_invoices_invoice_seq_unique').on(table.invoiceSeq),
  ],
);
/** A row of `devInvoices`. */
export type DevInvoiceRow = typeof devInvoices.$inferSelect;

/** Where a checkout of ours stands (services/core/payments/open-checkouts.ts). */
export const checkoutStatusValues = ['opening', 'open', 'closed'] as const;

/**
 * The checkouts we open, at most ONE open per owner (an account, or a normalized e-mail for a
 * signup): the partial UNIQUE index makes a second `opening` row for the same owner a constraint
 * failure, so double clicks and two tabs cannot both open one.
 */
export const checkoutSessions = sqliteTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    /** `user:<id>` for an upgrade, `email:<normalized e-mail>` for a Standard signup. */
    ownerKey: text('owner_key').notNull(),
    kind: text('kind', { enum: ['signup', 'upgrade'] }).notNull(),
    /** The provider's session id (`cs_…`) once created. */
    providerSessionId: text('provider_session_id'),
    url: text('url'),
    status: text('status', { enum: checkoutStatusValues }).notNull(),
    createdAt: integer('created_at').notNull(),
    /** After this an `open` row no longer blocks a new checkout (the provider's session expired). */
    expiresAt: integer('expires_at').notNull(),
    closedAt: integer('closed_at'),
  },
  (table) => [
    uniqueIndex('checkout_sessions_owner_open_unique')
      .on(table.ownerKey)
      .where(sql`status in ('opening', 'open')`),
    index('checkout_sessions_provider_session_idx').on(table.providerSessionId),
  ],
);
/** A row of `checkoutSessions`. */
export type CheckoutRow = typeof checkoutSessions.$inferSelect;

/**
 * Payments that could not be applied, refunded automatically. One row per provider
 * subscription (UNIQUE): the call that inserts it does the refund, so a race of webhook, polling
 * and replays refunds once. Operators read this table; the cron retries `pending` rows.
 */
export const paymentRefunds = sqliteTable(
  'payment_refunds',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id').notNull(),
    customerId: text('customer_id'),
    /** The provider's checkout session (`cs_…`) the payment came from, when known. */
    checkoutSessionId: text('checkout_session_id'),
    pendingSignupId: text('pending_signup_id'),
    /** The account the payment was for, if any (no foreign key: it may be purged later). */
    userId: text('user_id'),
    email: text('email').notNull(),
    reason: text('reason', { enum: refundReasons }).notNull(),
    status: text('status', { enum: refundStatusValues }).notNull(),
    /** Cents, once refunded. */
    amount: integer('amount'),
    currency: text('currency'),
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    refundedAt: integer('refunded_at'),
  },
  (table) => [
    uniqueIndex('payment_refunds_subscription_unique').on(table.subscriptionId),
    index('payment_refunds_checkout_session_idx').on(table.checkoutSessionId),
    index('payment_refunds_status_created_idx').on(table.status, table.createdAt),
    index('payment_refunds_user_id_idx').on(table.userId),
    // The console's customer page lists refunds of payments made with the customer's e-mail.
    index('payment_refunds_email_idx').on(table.email),
  ],
);
/** A row of `paymentRefunds`. */
export type RefundRow = typeof paymentRefunds.$inferSelect;
