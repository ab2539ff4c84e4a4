import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { BillingDetails } from '../../../src/contract/billing';
import { users } from './accounts';

/** Stripe's collection methods: card charged automatically, or an invoice the buyer pays. */
export const collectionMethodValues = ['charge_automatically', 'send_invoice'] as const;

/** Subscription states we show. */
export const subscriptionStatusValues = ['active', 'past_due', 'cancelling', 'canceled'] as const;

/** Standard subscriptions, one row per Stripe subscription. */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    stripeSubscriptionId: text('stripe_subscription_id').notNull(),
    status: text('status', { enum: subscriptionStatusValues }).notNull(),
    /** ms */
    currentPeriodEnd: integer('current_period_end'),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' })
      .notNull()
      .default(false),
    /** Why the customer cancelled, in their words, when they said (the cancel dialog asks). */
    cancelReason: text('cancel_reason'),
    /**
     * ms: when the latest renewal payment failed (the event's time); cleared when an invoice is
     * paid. Billing & Invoices says so while the subscription is past due.
     */
    paymentFailedAt: integer('payment_failed_at'),
    /** `created` (ms) of the newest event applied; older events never overwrite newer state. */
    updatedFromEventCreated: integer('updated_from_event_created').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** Seats bought: the subscription item's quantity (1 is a personal license). */
    quantity: integer('quantity').notNull().default(1),
    /** Seats from the next renewal on, when the owner removed seats; null when unchanged. */
    renewalQuantity: integer('renewal_quantity'),
    /** Cents per seat per year, before tax, as the price was when bought. */
    unitAmount: integer('unit_amount'),
    /** By card (charged automatically) or by invoice sent to the buyer (bank transfer). */
    collectionMethod: text('collection_method', { enum: collectionMethodValues })
      .notNull()
      .default('charge_automatically'),
    /**
     * ms: a seat addition holds the subscription from here until it is recorded, so two at once
     * are made one after the other and both are charged (services/billing/seats.ts).
     */
    seatChangeStartedAt: integer('seat_change_started_at'),
  },
  (table) => [
    uniqueIndex('subscriptions_stripe_subscription_id_unique').on(table.stripeSubscriptionId),
    index('subscriptions_user_id_idx').on(table.userId),
    index('subscriptions_stripe_customer_id_idx').on(table.stripeCustomerId),
    // The cron's renewal reminders: renewing subscriptions whose period ends within days.
    index('subscriptions_status_period_end_idx').on(table.status, table.currentPeriodEnd),
  ],
);
/** A row of `subscriptions`. */
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The card a payment-provider customer pays with, as the provider last reported it (brand, last
 * four digits, expiry): what Billing & Invoices shows. Never the number itself.
 */
export const paymentCards = sqliteTable('payment_cards', {
  /** `cus_…` */
  stripeCustomerId: text('stripe_customer_id').primaryKey(),
  /** The provider's lower-case brand: visa, mastercard, amex, … */
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** ms */
  updatedAt: integer('updated_at').notNull(),
});

/** Where a refund stands: asked for, done, or refused by the provider (retried). */
export const refundStatusValues = ['pending', 'refunded', 'failed'] as const;

/** Paid and failed invoices, for the Billing & Invoices page. */
export const invoices = sqliteTable(
  'invoices',
  {
    /** Stripe invoice id `in_…`. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    number: text('number'),
    /** Cents. */
    amountPaid: integer('amount_paid').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    invoicePdf: text('invoice_pdf'),
    /** ms */
    created: integer('created').notNull(),
    /**
     * An operator's refund of this payment (services/admin/money.ts): `pending` is claimed by
     * one conditional UPDATE before the provider is asked, so two operators refund once.
     */
    refundStatus: text('refund_status', { enum: refundStatusValues }),
    /** Cents, once refunded. */
    refundAmount: integer('refund_amount'),
    refundId: text('refund_id'),
    refundedAt: integer('refunded_at'),
    refundError: text('refund_error'),
    /**
     * The Stripe subscription an operator's full refund also cancels at once, chosen when the
     * refund is claimed; every attempt of the refund (a retry, the cron) finishes both.
     */
    refundCancelsSubscription: text('refund_cancels_subscription'),
    /** Cents before tax, as invoiced; null on rows from before tax was recorded. */
    subtotal: integer('subtotal'),
    /** Cents of tax included in `amount_paid` (0 for none and for reverse charge). */
    taxAmount: integer('tax_amount').notNull().default(0),
    /** Basis points; null when no tax applied. */
    taxRateBp: integer('tax_rate_bp'),
    reverseCharge: integer('reverse_charge', { mode: 'boolean' }).notNull().default(false),
    /** Whom it was billed to, as on the invoice when issued (BillingDetails as JSON). */
    buyer: text('buyer', { mode: 'json' }).$type<BillingDetails>(),
    /** Seats invoiced (bought, renewed or added); null on rows from before seats were sold. */
    quantity: integer('quantity'),
    /** Cents per seat before tax (for added seats: the prorated price for the rest of the term). */
    unitAmount: integer('unit_amount'),
    /** Why it was issued: `subscription_create`, `subscription_cycle`, `subscription_update`. */
    billingReason: text('billing_reason'),
    /** ms: the service period the invoice pays for. */
    periodStart: integer('period_start'),
    periodEnd: integer('period_end'),
    /** ms: when an invoice sent for bank transfer must be paid; null for card payments. */
    dueAt: integer('due_at'),
    /** The buyer's purchase-order reference, as printed on the invoice. */
    poNumber: text('po_number'),
    /**
     * The Stripe subscription an invoice sent for bank transfer belongs to: what the cron
     * suspends when it is not paid by `due_at`. Null for card payments recorded before.
     */
    stripeSubscriptionId: text('stripe_subscription_id'),
  },
  (table) => [
    index('invoices_user_id_created_idx').on(table.userId, table.created),
    // The cron's reminders and suspensions: open invoices by due date.
    index('invoices_open_due_idx')
      .on(table.dueAt)
      .where(sql`status = 'open' and due_at is not null`),
    // The console's money page: refunds under way or refused, and the recent refunded ones.
    index('invoices_refund_status_idx')
      .on(table.refundStatus, table.refundedAt)
      .where(sql`refund_status is not null`),
  ],
);

/** What the EU's VAT register said of a buyer's VAT number (services/billing/vat-check.ts). */
export const taxIdStatuses = ['confirmed', 'not_registered', 'unavailable'] as const;
export type TaxIdStatus = (typeof taxIdStatuses)[number];

/**
 * The register's answers, kept a day per number: the evidence for each reverse charge, and one
 * question to VIES however often a buyer asks for a quote. Outages are not kept.
 */
export const vatRegisterChecks = sqliteTable('vat_register_checks', {
  /** Normalized, country prefix first (EL for Greece). */
  vatNumber: text('vat_number').primaryKey(),
  registered: integer('registered', { mode: 'boolean' }).notNull(),
  checkedAt: integer('checked_at').notNull(),
});

/**
 * The account's billing details (company, name, address, tax ID) as its latest checkout gave
 * them; each invoice keeps its own copy in `invoices.buyer`.
 */
export const billingProfiles = sqliteTable('billing_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  company: text('company'),
  name: text('name').notNull(),
  line1: text('line1').notNull(),
  line2: text('line2'),
  postalCode: text('postal_code').notNull(),
  city: text('city').notNull(),
  state: text('state'),
  /** ISO 3166-1 alpha-2. */
  country: text('country').notNull(),
  taxId: text('tax_id'),
  /**
   * What the EU's VAT register said of an EU `tax_id` when it was given: only `confirmed` is
   * reverse-charged; null for none, for a number outside the EU, and for details saved before
   * numbers were checked (which count as unconfirmed).
   */
  taxIdStatus: text('tax_id_status', { enum: taxIdStatuses }),
  /** `created` (ms) of the checkout event the details came from; older ones never overwrite. */
  sourceCreated: integer('source_created').notNull(),
  updatedAt: integer('updated_at').notNull(),
});
