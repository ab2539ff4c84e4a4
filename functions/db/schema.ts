/**
 * D1 schema. Migrations in `migrations/` are generated from this file with
 * `npm run db:generate`; never edit a generated migration by hand, add a new one.
 *
 * Conventions: ids are random UUIDs (text); every time is milliseconds since the epoch (integer);
 * booleans are integers 0/1. Every column a query filters on has an index; rules that must hold
 * under concurrency (one account per e-mail, one trial per e-mail/Google account/fingerprint) are
 * UNIQUE constraints, never a check-then-insert.
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type SQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import { auditActions } from '../../src/contract/admin';
import type { FeatureSlug } from '../../src/config/feature-usage';
import { refundReasons } from '../../src/contract/messages';
import type { BillingDetails } from '../../src/contract/billing';

/** The partial index of deleted accounts (users.is_deleted = 1), named in `INDEXED BY`. */
export const USERS_DELETED_INDEX = 'users_deleted_idx';

/** The partial UNIQUE index of active devices (license_id, device_id), named in `INDEXED BY`. */
export const DEVICES_ACTIVE_INDEX = 'devices_license_device_active_unique';

/** Plan names as stored on users and licenses. */
export const planValues = ['Trial', 'Standard', 'Enterprise'] as const;
/** Stripe's collection methods: card charged automatically, or an invoice the buyer pays. */
export const collectionMethodValues = ['charge_automatically', 'send_invoice'] as const;

/** License states. */
export const licenseStatusValues = ['active', 'expired', 'suspended', 'revoked'] as const;
/** Roles an account can hold; granted only from the command line (scripts/admin.mjs). */
export const roleValues = ['admin'] as const;

/** Accounts. `email_normalized` is the identity; `email` is kept as the user typed it (trimmed). */
export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    /** Lower-case, without what the provider ignores (+tag, Gmail's dots): `normalizeEmail`. */
    emailNormalized: text('email_normalized').notNull(),
    /** Versioned PBKDF2 string; null for Google-only accounts. */
    passwordHash: text('password_hash'),
    /** Google account id (`sub`); null for e-mail accounts. */
    googleSub: text('google_sub'),
    plan: text('plan', { enum: planValues }).notNull(),
    isDeleted: integer('is_deleted', { mode: 'boolean' }).notNull().default(false),
    deletedAt: integer('deleted_at'),
    /** Set when the cron purge anonymized a deleted account after the retention window. */
    purgedAt: integer('purged_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** `admin` for operators (granted only by scripts/admin.mjs); null for everyone else. */
    role: text('role', { enum: roleValues }),
    /**
     * Account Settings' "Share feature usage" (on unless the customer turned it off): whether the
     * plugin's usage reports are stored, and what validate and activate tell the plugin.
     */
    shareUsage: integer('share_usage', { mode: 'boolean' }).notNull().default(true),
  },
  (table) => [
    uniqueIndex('users_email_normalized_unique').on(table.emailNormalized),
    uniqueIndex('users_google_sub_unique').on(table.googleSub),
    // The cron purge looks for accounts deleted longer ago than the retention window.
    index('users_deleted_at_idx').on(table.deletedAt),
    // Only the accounts scheduled for deletion: the session and license checks ask "is this
    // account deleted?" here (accountDeletedSql), a B-tree small enough to stay in the page
    // cache, instead of descending the primary key and the users table for every request.
    index(USERS_DELETED_INDEX)
      .on(table.id)
      .where(sql`is_deleted = 1`),
  ],
);
/** A row of `users`. */
export type UserRow = typeof users.$inferSelect;

/** Licenses; a user has one current license (the newest), older ones stay for history. */
export const licenses = sqliteTable(
  'licenses',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** Human-typable, checksummed (functions/services/license-keys.ts). */
    licenseKey: text('license_key').notNull(),
    plan: text('plan', { enum: planValues }).notNull(),
    status: text('status', { enum: licenseStatusValues }).notNull(),
    activatedAt: integer('activated_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
    /** Plugin version the trial signed up with (site.currentVersion at the time). */
    appVersion: text('app_version'),
    /**
     * Set when an operator reset the deactivation budget: deactivations before it no longer
     * count against `licensing.maxDeactivations`.
     */
    deactivationsResetAt: integer('deactivations_reset_at'),
  },
  (table) => [
    uniqueIndex('licenses_license_key_unique').on(table.licenseKey),
    // A user's licenses, newest last: the current license is the last entry, and "is there a
    // newer license?" is answered from the index alone.
    index('licenses_user_created_idx').on(table.userId, table.createdAt),
    // The cron expiry sweep selects active licenses past their expiry.
    index('licenses_status_expires_at_idx').on(table.status, table.expiresAt),
  ],
);
/** A row of `licenses`. */
export type LicenseRow = typeof licenses.$inferSelect;

/**
 * Browser and API sessions; the JWT's `jti` is the id. The table is `WITHOUT ROWID` (migration
 * 0007, which drizzle cannot express): every signed-in request finds its row by id in the table's
 * own B-tree, one search instead of the id index and then the table. A future migration that
 * rebuilds this table must keep `WITHOUT ROWID`.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    revokedAt: integer('revoked_at'),
    /**
     * When this session last proved a second factor (a passkey, an authenticator code or a
     * recovery code); null when it was started by password or Google alone. The console needs it,
     * and a step-up of a person with a second factor wants it recent (core/users/step-up.ts).
     */
    secondFactorAt: integer('second_factor_at'),
    /**
     * When the person at this session last proved who they are (sign-in, a code, a passkey, the
     * password): a step-up of a person without a second factor wants it recent.
     */
    verifiedAt: integer('verified_at'),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);
/** A row of `sessions`. */
export type SessionRow = typeof sessions.$inferSelect;

/** E-mail verification codes: stored as HMACs, bound to the e-mail, single use. */
export const verificationCodes = sqliteTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    emailNormalized: text('email_normalized').notNull(),
    /** HMAC-SHA256 of the code (base64url), keyed with a key derived from JWT_SECRET. */
    codeHash: text('code_hash').notNull(),
    /** JSON of the pending form: customerName, email, plan, fingerprintId. Never a password. */
    formData: text('form_data').notNull(),
    /** Wrong tries; carried over to the next code on resend so resends cannot reset it. */
    attempts: integer('attempts').notNull().default(0),
    /** Codes sent to this e-mail before this one in the current series (0 for the first). */
    resendCount: integer('resend_count').notNull().default(0),
    expiresAt: integer('expires_at').notNull(),
    verifiedAt: integer('verified_at'),
    consumedAt: integer('consumed_at'),
    /** Set when a newer code replaces this one. */
    supersededAt: integer('superseded_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    index('verification_codes_email_created_idx').on(table.emailNormalized, table.createdAt),
    index('verification_codes_expires_at_idx').on(table.expiresAt),
  ],
);
/** A row of `verificationCodes`. */
export type VerificationRow = typeof verificationCodes.$inferSelect;

/** Verified standard signups waiting for payment; paid signups fill it. */
export const pendingSignups = sqliteTable(
  'pending_signups',
  {
    id: text('id').primaryKey(),
    emailNormalized: text('email_normalized').notNull(),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    fingerprintId: text('fingerprint_id').notNull(),
    plan: text('plan', { enum: planValues }).notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    completedAt: integer('completed_at'),
    /** Seats the buyer chose (1 is a personal license; 2 or more make a team). */
    seats: integer('seats').notNull().default(1),
    /** How the buyer pays: by card, or by invoice paid by bank transfer (teams of 5 or more). */
    collectionMethod: text('collection_method', { enum: collectionMethodValues })
      .notNull()
      .default('charge_automatically'),
    /** The buyer's purchase-order reference, printed on the invoice. */
    poNumber: text('po_number'),
  },
  (table) => [
    index('pending_signups_email_normalized_idx').on(table.emailNormalized),
    index('pending_signups_expires_at_idx').on(table.expiresAt),
  ],
);
/** A row of `pendingSignups`. */
export type PendingSignupRow = typeof pendingSignups.$inferSelect;

/** Fixed-window rate-limit counters, updated by one conditional upsert (services/rate-limit.ts). */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    /** Rule and subject, e.g. `send:email:ada@example.com` or `login:ip:203.0.113.7`. */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: integer('window_start').notNull(),
  },
  (table) => [index('rate_limits_window_start_idx').on(table.windowStart)],
);

/** Delivery states of an outbox message (services/core/mail/delivery.ts). */
export const mailStatusValues = ['queued', 'sending', 'sent', 'failed', 'dead'] as const;

/**
 * Every e-mail, written in the same batch as the change that causes it and delivered by the mail
 * queue's consumer (docs/operating.md, "E-mail delivery"). `/dev/mailbox` reads it in development.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    /** Emptied once a message holding a secret (code, reset link) was handed to the provider. */
    text: text('text').notNull(),
    html: text('html'),
    tag: text('tag').notNull(),
    createdAt: integer('created_at').notNull(),
    /** Rows from before the queue were written by the local mailer: delivered. */
    status: text('status', { enum: mailStatusValues }).notNull().default('sent'),
    attempts: integer('attempts').notNull().default(0),
    /** The provider's (or our) reason for the last failed attempt; never the message body. */
    lastError: text('last_error'),
    lastAttemptAt: integer('last_attempt_at'),
    sentAt: integer('sent_at'),
    /**
     * When the cron should take an unfinished row as stuck (its queue message lost, its consumer
     * killed) and queue it again; pushed forward by every enqueue and attempt.
     */
    dueAt: integer('due_at').notNull().default(0),
    /**
     * What makes an e-mail once-only when no single change causes it (a reminder the hourly cron
     * finds due, e.g. `trial-ending:<license id>:<expiry>`): a second write of the same key is
     * dropped by the UNIQUE index (services/core/mail/outbox.ts). Null for e-mails written with their
     * cause; SQLite lets any number of rows hold null.
     */
    dedupeKey: text('dedupe_key'),
  },
  (table) => [
    index('outbox_created_at_idx').on(table.createdAt),
    index('outbox_to_email_idx').on(table.toEmail),
    index('outbox_status_due_at_idx').on(table.status, table.dueAt),
    uniqueIndex('outbox_dedupe_key_unique').on(table.dedupeKey),
  ],
);

/**
 * Single-use tokens seen once (bot-check tokens, Google ID token ids). The primary key makes the
 * second use of a token a constraint failure, so replay protection needs no check-then-insert.
 */
export const consumedTokens = sqliteTable(
  'consumed_tokens',
  {
    /** SHA-256 of the token (base64url), never the token itself. */
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').notNull(),
    /** After this the row can be purged: the token itself has expired. */
    expiresAt: integer('expires_at').notNull(),
  },
  (table) => [index('consumed_tokens_expires_at_idx').on(table.expiresAt)],
);

/** Inbox states of a contact message. */
export const contactStatusValues = ['new', 'handled'] as const;

/** Messages from the About page's Get in Touch form. */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** Milliseconds since the epoch; the rate limiter and the cron cleanup read ranges of it. */
    createdAt: integer('created_at').notNull(),
    /** Sender's IP (CF-Connecting-IP), kept for per-IP rate limiting and abuse reports. */
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Lower-case sender address, to match the message to an account (services/emails.ts). */
    emailNormalized: text('email_normalized'),
    /** The operator console's inbox state. */
    status: text('status', { enum: contactStatusValues }).notNull().default('new'),
    handledAt: integer('handled_at'),
    /** The operator (user id) who marked it handled. */
    handledBy: text('handled_by'),
    handledNote: text('handled_note'),
  },
  (table) => [
    index('contact_messages_created_at_idx').on(table.createdAt),
    index('contact_messages_status_created_idx').on(table.status, table.createdAt),
    index('contact_messages_email_normalized_idx').on(table.emailNormalized, table.createdAt),
  ],
);

/**
 * Operators' e-mail replies to contact messages (the console's inbox), each sent through the
 * outbox. The id comes from the console's reply form, so a retried or double-sent reply is
 * written, audited and e-mailed once (services/admin/inbox.ts).
 */
export const contactReplies = sqliteTable(
  'contact_replies',
  {
    id: text('id').primaryKey(),
    messageId: text('message_id')
      .notNull()
      .references(() => contactMessages.id),
    operatorId: text('operator_id').notNull(),
    /** The operator's e-mail at the time, as the audit log keeps it. */
    operatorEmail: text('operator_email').notNull(),
    text: text('text').notNull(),
    createdAt: integer('created_at').notNull(),
    /** The outbox row of the e-mail (its delivery state). */
    outboxId: text('outbox_id').notNull(),
  },
  (table) => [index('contact_replies_message_created_idx').on(table.messageId, table.createdAt)],
);

/** Single-use password reset links (stored as SHA-256 of the token). */
export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_token_hash_unique').on(table.tokenHash),
    index('password_reset_tokens_user_id_idx').on(table.userId),
  ],
);

/** What a trial is counted against. */
export const trialLedgerKinds = ['email', 'google', 'fingerprint'] as const;

/**
 * Every trial ever granted, by normalized e-mail, Google subject and browser fingerprint. The
 * UNIQUE(kind, value) constraint is the guard against a second trial: rows are inserted in the
 * same batch as the account, so a duplicate fails the whole batch. Rows outlive account deletion.
 */
export const trialLedger = sqliteTable(
  'trial_ledger',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: trialLedgerKinds }).notNull(),
    value: text('value').notNull(),
    userId: text('user_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('trial_ledger_kind_value_unique').on(table.kind, table.value),
    index('trial_ledger_user_id_idx').on(table.userId),
  ],
);

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

/**
 * The account's billing details (company, name, address, tax ID) as its latest checkout gave
 * them; each invoice keeps its own copy in `invoices.buyer`.
 */
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

/** What happened to a device activation (the audit trail on the Usage page). */
export const licenseEventActions = ['activated', 'deactivated', 'replaced', 'renamed'] as const;
/**
 * Who did it: the plugin (license API), the customer on the dashboard, the system (cron,
 * deletion), or support (an operator in the console).
 */
export const licenseEventSources = ['plugin', 'dashboard', 'system', 'support'] as const;

/**
 * Plugin devices a license is activated on. A row is active while `deactivated_at`
 * is null; the partial UNIQUE index makes a second activation of the same device on the same
 * license impossible, and the device limit is enforced by one conditional INSERT … SELECT.
 */
export const devices = sqliteTable(
  'devices',
  {
    id: text('id').primaryKey(),
    licenseId: text('license_id')
      .notNull()
      .references(() => licenses.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The plugin's stable machine id (opaque to us). */
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name').notNull(),
    /** Plugin version reported at activation or the last validation. */
    appVersion: text('app_version'),
    activatedAt: integer('activated_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    deactivatedAt: integer('deactivated_at'),
    /**
     * A small integer naming this activation in the usage tables (usage_days and the others key
     * by it instead of two UUIDs), given at its first usage report.
     */
    usageRef: integer('usage_ref'),
    /**
     * The oldest day (days since 1970-01-01) this device still has in usage_days, null when none:
     * the cron finds the devices with days to fold into months through its index.
     */
    usageOldestDay: integer('usage_oldest_day'),
    // Last, as the migration added it: inserts list the values in the table's column order.
    /**
     * When the customer renamed the device on the dashboard; null while it has the plugin's name.
     * A renamed device keeps its name when the plugin activates it again with another.
     */
    renamedAt: integer('renamed_at'),
  },
  (table) => [
    uniqueIndex('devices_usage_ref_unique')
      .on(table.usageRef)
      .where(sql`usage_ref is not null`),
    index('devices_usage_oldest_day_idx')
      .on(table.usageOldestDay)
      .where(sql`usage_oldest_day is not null`),
    uniqueIndex(DEVICES_ACTIVE_INDEX)
      .on(table.licenseId, table.deviceId)
      .where(sql`deactivated_at is null`),
    index('devices_license_active_idx').on(table.licenseId, table.deactivatedAt),
    index('devices_user_id_idx').on(table.userId),
    // The operator console finds a customer by device id, or by device name (any case).
    index('devices_device_id_idx').on(table.deviceId),
    index('devices_device_name_nocase_idx').on(sql`${table.deviceName} collate nocase`),
  ],
);
/** A row of `devices`. */
export type DeviceRow = typeof devices.$inferSelect;

/** Audit trail of activations and deactivations (usage logs: kept `retentionDays.usageLogs`). */
export const licenseEvents = sqliteTable(
  'license_events',
  {
    id: text('id').primaryKey(),
    licenseId: text('license_id')
      .notNull()
      .references(() => licenses.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name').notNull(),
    action: text('action', { enum: licenseEventActions }).notNull(),
    source: text('source', { enum: licenseEventSources }).notNull(),
    ip: text('ip'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    index('license_events_license_created_idx').on(table.licenseId, table.createdAt),
    index('license_events_user_created_idx').on(table.userId, table.createdAt),
    index('license_events_created_at_idx').on(table.createdAt),
  ],
);

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

/** What an operator did: the contract's list (src/contract/admin.ts), one source for both. */
export const auditActionValues = auditActions;

/**
 * The operators' audit log: one row per action, written in the same batch as the
 * action's effect. Append-only: migration 0009's triggers abort any UPDATE or DELETE, so no route
 * and no bug can rewrite history. Rows hold ids and values, not the customer's personal data, so
 * they can be kept as long as payment records (the account purge leaves them).
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    createdAt: integer('created_at').notNull(),
    operatorId: text('operator_id').notNull(),
    /** The operator's e-mail at the time, so the row still says who after changes. */
    operatorEmail: text('operator_email').notNull(),
    /** The customer acted on, if any. */
    userId: text('user_id'),
    action: text('action', { enum: auditActionValues }).notNull(),
    /** What was acted on, e.g. `license:<id>` or `device:<row id>`. */
    subject: text('subject').notNull(),
    reason: text('reason').notNull(),
    /** JSON of the changed values before and after. */
    before: text('before').notNull(),
    after: text('after').notNull(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_user_created_idx').on(table.userId, table.createdAt),
    index('audit_log_operator_created_idx').on(table.operatorId, table.createdAt),
    index('audit_log_action_created_idx').on(table.action, table.createdAt),
    // An organization's trail on its console page (subject 'organization:<id>').
    index('audit_log_subject_created_idx').on(table.subject, table.createdAt),
  ],
);

/**
 * Operators' internal notes on a customer (the console's customer page): never shown to the
 * customer. Personal data, unlike the audit log, so the account purge deletes them.
 */
export const customerNotes = sqliteTable(
  'customer_notes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    authorId: text('author_id').notNull(),
    /** The author's e-mail at the time, as the audit log keeps it. */
    authorEmail: text('author_email').notNull(),
    text: text('text').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('customer_notes_user_created_idx').on(table.userId, table.createdAt)],
);

/** Support tiers an Enterprise agreement can include. */
export const supportTierValues = ['standard', 'priority'] as const;
/** How an organization was sold: by agreement (Enterprise) or as Standard seats (a team). */
export const organizationKindValues = ['enterprise', 'team'] as const;

/**
 * Enterprise organizations, created by operators from an agreement signed outside
 * Stripe. `seats` licensed members at most, each with `device_limit` plugin devices; every
 * member's license ends with the term (`term_end`), and extending the term extends them.
 */
export const organizations = sqliteTable(
  'organizations',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The account that manages the team (invites, removes); it takes no seat of its own. */
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => users.id),
    seats: integer('seats').notNull(),
    /** Plugin devices per member (per seat). */
    deviceLimit: integer('device_limit').notNull(),
    termStart: integer('term_start').notNull(),
    termEnd: integer('term_end').notNull(),
    supportTier: text('support_tier', { enum: supportTierValues }).notNull(),
    /** The agreement's reference (contract or purchase order number). */
    agreementRef: text('agreement_ref'),
    /** Operators' notes; never shown to the customer. */
    notes: text('notes'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    // Last, as the migration added it: inserts list the values in the table's column order.
    /**
     * When the owner was told that 90% of the seats are in use; null while fewer are, so each new
     * crossing is told once (services/organizations/utilization.ts).
     */
    seatAlertAt: integer('seat_alert_at'),
    /**
     * `enterprise`: sold by agreement, recorded by an operator. `team`: Standard bought for 2 or
     * more seats; its seats and term follow the subscription below.
     */
    kind: text('kind', { enum: organizationKindValues }).notNull().default('enterprise'),
    /** A team's subscription (`sub_…`); null for Enterprise. One team per subscription. */
    stripeSubscriptionId: text('stripe_subscription_id'),
  },
  (table) => [
    index('organizations_owner_idx').on(table.ownerUserId),
    uniqueIndex('organizations_subscription_unique')
      .on(table.stripeSubscriptionId)
      .where(sql`stripe_subscription_id is not null`),
    index('organizations_name_nocase_idx').on(sql`${table.name} collate nocase`),
  ],
);
/** A row of `organizations`. */
export type OrganizationRow = typeof organizations.$inferSelect;

/**
 * Members of an organization, each holding one Enterprise license. A member row is active while
 * `removed_at` is null; the partial UNIQUE index keeps an account in one organization at a time,
 * and a member joins by ONE conditional INSERT that counts the seats taken (never over `seats`).
 *
 * The owner's team table sorts, filters and counts a team of hundreds one page at a time, so what
 * it sorts by is kept on the member row, in one covering index with the organization first
 * (`organization_members_roster_idx`): the member's name and e-mail (copies of the account's),
 * the devices in use and the last activity. Triggers keep them in step (migration
 * 0029_team_roster_triggers.sql) whoever writes the account, the devices or the feature usage;
 * the application never writes them.
 */
export const organizationMembers = sqliteTable(
  'organization_members',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The Enterprise license the member holds while a member. */
    licenseId: text('license_id').notNull(),
    joinedAt: integer('joined_at').notNull(),
    removedAt: integer('removed_at'),
    /** The account's name and e-mail, copied by triggers when the row is written and when they change. */
    customerName: text('customer_name').notNull().default(''),
    email: text('email').notNull().default(''),
    /** The license's active devices, counted again by triggers when a device comes or goes. */
    devicesInUse: integer('devices_in_use').notNull().default(0),
    /**
     * The member's last activity: the latest of a license check by any of the license's devices
     * (freed ones too) and the start of a day (or, for days folded by the cron, of a month) with a
     * command used; null for neither. Moved forward by triggers, never back (services/organizations/idle.ts).
     */
    lastActiveAt: integer('last_active_at'),
  },
  (table) => [
    uniqueIndex('organization_members_user_active_unique')
      .on(table.userId)
      .where(sql`removed_at is null`),
    // An organization's members (removed_at null) in name order, with every column the team
    // table sorts, filters and counts by: a page, its totals and the seats taken are read from
    // this index alone (services/organizations/people.ts).
    index('organization_members_roster_idx').on(
      table.organizationId,
      table.removedAt,
      sql`customer_name collate nocase`,
      sql`email collate nocase`,
      table.lastActiveAt,
      table.devicesInUse,
      table.joinedAt,
      table.userId,
      table.licenseId,
    ),
    index('organization_members_license_idx').on(table.licenseId),
  ],
);
/** A row of `organizationMembers`. */
export type MemberRow = typeof organizationMembers.$inferSelect;

/**
 * Invitations to join an organization: a single-use link e-mailed to one address, valid 7 days,
 * stored as the SHA-256 of its token. At most one open invitation per organization and address.
 */
export const organizationInvitations = sqliteTable(
  'organization_invitations',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    sentCount: integer('sent_count').notNull().default(1),
    lastSentAt: integer('last_sent_at').notNull(),
    acceptedAt: integer('accepted_at'),
    acceptedUserId: text('accepted_user_id'),
    revokedAt: integer('revoked_at'),
  },
  (table) => [
    uniqueIndex('organization_invitations_token_unique').on(table.tokenHash),
    uniqueIndex('organization_invitations_open_unique')
      .on(table.organizationId, table.emailNormalized)
      .where(sql`accepted_at is null and revoked_at is null`),
    index('organization_invitations_org_created_idx').on(table.organizationId, table.createdAt),
    // The open invitations of an organization not yet expired, with what the team table shows
    // and sorts by: read from this index alone (services/organizations/people.ts).
    index('organization_invitations_open_idx')
      .on(
        table.organizationId,
        table.expiresAt,
        table.email,
        table.createdAt,
        table.sentCount,
        table.id,
        // Always null here, but SQLite reads from the index alone only when it holds every
        // column the statement names.
        table.acceptedAt,
        table.revokedAt,
      )
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);
/** A row of `organizationInvitations`. */
export type InvitationRow = typeof organizationInvitations.$inferSelect;

/** What the team activity feed records besides the license events of members' licenses. */
export const organizationEventKinds = [
  'signed-in',
  'invited',
  'invitation-resent',
  'invitation-revoked',
  'joined',
  'removed',
  'seat-taken',
  'seat-left',
  'device-freed',
  'ownership-transferred',
  'term-changed',
  'seats-changed',
  'seats-added',
  'seats-removed-at-renewal',
] as const;

/**
 * The team activity feed's own events (sign-ins of members, invitations, membership, ownership).
 * Activations, deactivations and replacements are read from `license_events` of the members'
 * licenses, so the plugin's path writes nothing extra.
 */
export const organizationEvents = sqliteTable(
  'organization_events',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull(),
    /** The member (or invited address) the event is about, if any. */
    userId: text('user_id'),
    /** Who did it: the owner, an operator, or the member. */
    actorUserId: text('actor_user_id'),
    kind: text('kind', { enum: organizationEventKinds }).notNull(),
    /** Plain words shown in the feed, e.g. the invited address or the device name. */
    detail: text('detail').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    index('organization_events_org_created_idx').on(table.organizationId, table.createdAt),
    index('organization_events_org_user_created_idx').on(
      table.organizationId,
      table.userId,
      table.createdAt,
    ),
  ],
);

/**
 * Seats and devices in use per organization and UTC day, for the owner's utilization chart: the
 * past cannot be read back from today's rows (devices are freed, members removed), so the hourly
 * `snapshot-team-seats` job writes ONE row per organization and day with one INSERT … SELECT;
 * a later run the same day overwrites it, so a day shows its last hourly numbers.
 */
export const organizationSeatDays = sqliteTable(
  'organization_seat_days',
  {
    organizationId: text('organization_id').notNull(),
    /** `YYYY-MM-DD` (UTC). */
    day: text('day').notNull(),
    seatsUsed: integer('seats_used').notNull(),
    /** The seats bought that day. */
    seats: integer('seats').notNull(),
    /** The members' active devices. */
    devicesInUse: integer('devices_in_use').notNull(),
    /** Members × devices per seat. */
    devicesAllowed: integer('devices_allowed').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.day] })],
);
/** A row of `organizationSeatDays`. */
export type OrganizationSeatDayRow = typeof organizationSeatDays.$inferSelect;

/**
 * Passkeys (WebAuthn credentials). A passkey signs a fresh challenge with a key that never leaves
 * the person's device, and the device checks who holds it (fingerprint, PIN): it counts as both
 * factors. Only the public key is stored.
 */
export const passkeys = sqliteTable(
  'passkeys',
  {
    /** The credential id the authenticator chose (base64url); unique across every account. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The name the owner gave it ("Office laptop"); one line. */
    name: text('name').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter as last seen (0 for most platform passkeys). */
    counter: integer('counter').notNull().default(0),
    /** JSON array of transports the browser reported (usb, internal, hybrid, …). */
    transports: text('transports'),
    /** Whether the passkey is synced between the owner's devices (backup eligible and done). */
    backedUp: integer('backed_up', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at'),
  },
  (table) => [index('passkeys_user_id_idx').on(table.userId)],
);
/** A row of `passkeys`. */
export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * WebAuthn challenges: one per ceremony, single use, short-lived. A registration is bound to the
 * signed-in account; a sign-in challenge to nobody (the passkey names its account).
 */
export const webauthnChallenges = sqliteTable(
  'webauthn_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'sign-in', 'confirm'] }).notNull(),
    /** The account of a registration or a confirmation; null for a sign-in. */
    userId: text('user_id'),
    /** The challenge the browser must sign (base64url). */
    challenge: text('challenge').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (table) => [index('webauthn_challenges_expires_at_idx').on(table.expiresAt)],
);

/**
 * An authenticator app (TOTP, RFC 6238) of an account: at most one. The shared secret must be
 * read back to check codes, so it is stored encrypted (AES-GCM under a key derived from
 * JWT_SECRET), never in the clear. It protects sign-in once `confirmedAt` is set (the first code
 * proved the app holds it); an unconfirmed row is an enrolment in progress.
 */
export const totpFactors = sqliteTable('totp_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  /** `iv.ciphertext`, both base64url. */
  secretEncrypted: text('secret_encrypted').notNull(),
  createdAt: integer('created_at').notNull(),
  confirmedAt: integer('confirmed_at'),
  /** The 30-second step of the last accepted code: a code is accepted once, never replayed. */
  lastStep: integer('last_step'),
});
/** A row of `totp_factors`. */
export type TotpFactorRow = typeof totpFactors.$inferSelect;

/** Single-use recovery codes of two-step sign-in, stored as keyed hashes; shown once. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: integer('created_at').notNull(),
    usedAt: integer('used_at'),
  },
  (table) => [uniqueIndex('recovery_codes_user_hash_unique').on(table.userId, table.codeHash)],
);

/**
 * A sign-in halfway: the password (or Google) was right and the account asks for a code. The
 * browser holds the token (stored here as its SHA-256) for a few minutes; wrong codes count.
 */
export const pendingSignIns = sqliteTable(
  'pending_sign_ins',
  {
    /** SHA-256 of the token the browser holds. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: ['password', 'Google'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (table) => [index('pending_sign_ins_expires_at_idx').on(table.expiresAt)],
);

/** One integer count per command of `featureUsage.features`, named after its slug. */
function featureCounts() {
  return {
    renumberViews: integer('renumber_views').notNull().default(0),
    scheduleLink: integer('schedule_link').notNull().default(0),
    generalNotes: integer('general_notes').notNull().default(0),
    sheetNotes: integer('sheet_notes').notNull().default(0),
    legendsFromWord: integer('legends_from_word').notNull().default(0),
    dummySchedules: integer('dummy_schedules').notNull().default(0),
    draftingExport: integer('drafting_export').notNull().default(0),
    cadImport: integer('cad_import').notNull().default(0),
    wipeModel: integer('wipe_model').notNull().default(0),
  };
}

/**
 * Feature usage the plugin reports (services/licensing/feature-usage.ts), stored small enough for a
 * million customers (docs/performance.md): a row per device and UTC day holding one count per
 * command, keyed by integers only (`devices.usage_ref`, the day number) in a WITHOUT ROWID table
 * whose key starts with the device, so a customer's rows are one short range per device. The cron
 * finds the devices with days to fold into months through `devices.usage_oldest_day`.
 */
export const usageDays = sqliteTable(
  'usage_days',
  {
    /** Days since 1970-01-01 (UTC), as the plugin dated the use. */
    day: integer('day').notNull(),
    /** The device (activation) that reported: `devices.usage_ref`. */
    deviceRef: integer('device_ref').notNull(),
    ...featureCounts(),
  },
  (table) => [primaryKey({ columns: [table.deviceRef, table.day] })],
);

/**
 * Days older than `featureUsage.dailyForDays` folded into their calendar month by the cron: the
 * same counts, one row per device and month, kept until `retentionDays.usageLogs`.
 */
export const usageMonths = sqliteTable(
  'usage_months',
  {
    /** The UTC calendar month as yyyymm, e.g. 202611. */
    month: integer('month').notNull(),
    deviceRef: integer('device_ref').notNull(),
    ...featureCounts(),
  },
  (table) => [primaryKey({ columns: [table.month, table.deviceRef] })],
);

/**
 * The whole product's use per day, kept up to date by the same D1 batch as each report, so the
 * console's feature adoption reads a row a day instead of every device's: how many devices
 * reported use that day, and per command its uses and the devices that used it.
 */
export const usageTotals = sqliteTable('usage_totals', {
  day: integer('day').primaryKey(),
  devices: integer('devices').notNull().default(0),
  ...featureCounts(),
  renumberViewsDevices: integer('renumber_views_devices').notNull().default(0),
  scheduleLinkDevices: integer('schedule_link_devices').notNull().default(0),
  generalNotesDevices: integer('general_notes_devices').notNull().default(0),
  sheetNotesDevices: integer('sheet_notes_devices').notNull().default(0),
  legendsFromWordDevices: integer('legends_from_word_devices').notNull().default(0),
  dummySchedulesDevices: integer('dummy_schedules_devices').notNull().default(0),
  draftingExportDevices: integer('drafting_export_devices').notNull().default(0),
  cadImportDevices: integer('cad_import_devices').notNull().default(0),
  wipeModelDevices: integer('wipe_model_devices').notNull().default(0),
});

/** The count column of each reported command, by table. */
function countColumns(table: typeof usageDays | typeof usageMonths | typeof usageTotals) {
  return {
    'renumber-views': table.renumberViews,
    'schedule-link': table.scheduleLink,
    'general-notes': table.generalNotes,
    'sheet-notes': table.sheetNotes,
    'legends-from-word': table.legendsFromWord,
    'dummy-schedules': table.dummySchedules,
    'drafting-export': table.draftingExport,
    'cad-import': table.cadImport,
    'wipe-model': table.wipeModel,
  } as const satisfies Record<FeatureSlug, SQLiteColumn>;
}
export const usageDayColumns = countColumns(usageDays);
export const usageMonthColumns = countColumns(usageMonths);
export const usageTotalColumns = countColumns(usageTotals);
/** Per command, the column of `usage_totals` counting the devices that used it that day. */
export const usageTotalDeviceColumns = {
  'renumber-views': usageTotals.renumberViewsDevices,
  'schedule-link': usageTotals.scheduleLinkDevices,
  'general-notes': usageTotals.generalNotesDevices,
  'sheet-notes': usageTotals.sheetNotesDevices,
  'legends-from-word': usageTotals.legendsFromWordDevices,
  'dummy-schedules': usageTotals.dummySchedulesDevices,
  'drafting-export': usageTotals.draftingExportDevices,
  'cad-import': usageTotals.cadImportDevices,
  'wipe-model': usageTotals.wipeModelDevices,
} as const satisfies Record<FeatureSlug, SQLiteColumn>;

/**
 * Usage reports received: the primary key (device, batch) is the UNIQUE constraint that makes a
 * report count once however often or concurrently it is sent, written in the same D1 batch as
 * its counts. The plugin's batch id is kept as the first 64 bits of its SHA-256 (a collision
 * among one device's batches is out of reach). Kept `featureUsage.batchKeepDays`.
 */
export const usageReports = sqliteTable(
  'usage_reports',
  {
    deviceRef: integer('device_ref').notNull(),
    batch: integer('batch').notNull(),
    /** The day (days since 1970-01-01, UTC) it arrived. */
    receivedDay: integer('received_day').notNull(),
  },
  // Old ids go device by device (each report prunes its own device's, the cron a silent device's):
  // the key's device range, no index on the day.
  (table) => [primaryKey({ columns: [table.deviceRef, table.batch] })],
);

/** Where a plugin's sign-in request stands (services/plugin-sign-in/). */
export const deviceAuthorizationStatusValues = ['pending', 'approved', 'denied', 'used'] as const;

/**
 * The plugin's sign-in requests from its ribbon (the OAuth device authorization grant): the
 * plugin holds the device code and polls; the customer types the user code on /activate and
 * approves or denies. Neither code is stored: the device code as its SHA-256 (256 random bits),
 * the user code as a keyed HMAC (its 8 letters would fall to a plain hash). `used` once tokens
 * were issued, so a device code works once. The cron deletes rows a day after they expire.
 */
export const deviceAuthorizations = sqliteTable(
  'device_authorizations',
  {
    id: text('id').primaryKey(),
    deviceCodeHash: text('device_code_hash').notNull(),
    userCodeHash: text('user_code_hash').notNull(),
    clientId: text('client_id').notNull(),
    scope: text('scope').notNull(),
    /** What the plugin said about the computer (shown on /activate, kept with the tokens). */
    deviceName: text('device_name'),
    deviceId: text('device_id'),
    status: text('status', { enum: deviceAuthorizationStatusValues }).notNull(),
    /** The account that approved or denied it. */
    userId: text('user_id').references(() => users.id),
    /** Seconds between polls; slow_down adds to it. */
    intervalSeconds: integer('interval_seconds').notNull(),
    lastPolledAt: integer('last_polled_at'),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    decidedAt: integer('decided_at'),
    ip: text('ip'),
  },
  (table) => [
    uniqueIndex('device_authorizations_device_code_unique').on(table.deviceCodeHash),
    uniqueIndex('device_authorizations_user_code_unique').on(table.userCodeHash),
    index('device_authorizations_expires_at_idx').on(table.expiresAt),
    index('device_authorizations_user_id_idx').on(table.userId),
  ],
);
export type DeviceAuthorizationRow = typeof deviceAuthorizations.$inferSelect;

/**
 * A signed-in plugin: one row per approved sign-in, holding the SHA-256 of its current access
 * token and refresh token (never the tokens). A refresh replaces both; the replaced refresh
 * token joins the sign-in's family in `plugin_refresh_tokens`, so any earlier token used again (a
 * stolen copy) ends the sign-in. Revoked by the plugin (revocation endpoint), the customer (Usage
 * & Sessions), a password change or reset, and the account's deletion. The cron deletes rows a
 * day after they ended.
 */
export const pluginTokens = sqliteTable(
  'plugin_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    clientId: text('client_id').notNull(),
    scope: text('scope').notNull(),
    deviceName: text('device_name'),
    deviceId: text('device_id'),
    accessTokenHash: text('access_token_hash').notNull(),
    accessExpiresAt: integer('access_expires_at').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    refreshExpiresAt: integer('refresh_expires_at').notNull(),
    /** When the customer approved the sign-in. */
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at').notNull(),
    revokedAt: integer('revoked_at'),
  },
  (table) => [
    uniqueIndex('plugin_tokens_access_unique').on(table.accessTokenHash),
    uniqueIndex('plugin_tokens_refresh_unique').on(table.refreshTokenHash),
    index('plugin_tokens_user_id_idx').on(table.userId),
    index('plugin_tokens_refresh_expires_at_idx').on(table.refreshExpiresAt),
  ],
);
export type PluginTokenRow = typeof pluginTokens.$inferSelect;

/**
 * The family of a signed-in plugin: every refresh token it was given and has replaced, by
 * SHA-256. Presenting one of them again ends the sign-in, unless it is a retry of the latest
 * refresh (same client, within `pluginSignIn.refreshRetrySeconds`), which gets the same new pair
 * again: `successor_sealed` holds that pair encrypted under a key that needs the replaced token
 * itself (services/core/users/plugin-tokens.ts), only on the family's latest row and only until
 * the cron clears it after the retry window. Deleted with its sign-in.
 */
export const pluginRefreshTokens = sqliteTable(
  'plugin_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    pluginTokenId: text('plugin_token_id')
      .notNull()
      .references(() => pluginTokens.id, { onDelete: 'cascade' }),
    replacedAt: integer('replaced_at').notNull(),
    /** The refresh token that replaced this one: a retry is answered only while it is current. */
    successorHash: text('successor_hash').notNull(),
    successorSealed: text('successor_sealed'),
    /** Where the refresh that replaced it came from: a retry must come from there too. */
    replacedByIp: text('replaced_by_ip'),
  },
  (table) => [
    index('plugin_refresh_tokens_plugin_token_id_idx').on(table.pluginTokenId),
    index('plugin_refresh_tokens_sealed_idx')
      .on(table.replacedAt)
      .where(sql`successor_sealed is not null`),
  ],
);
export type PluginRefreshTokenRow = typeof pluginRefreshTokens.$inferSelect;
