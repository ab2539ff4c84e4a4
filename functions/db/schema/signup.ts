import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { planValues } from './accounts';
import { collectionMethodValues } from './billing';

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
