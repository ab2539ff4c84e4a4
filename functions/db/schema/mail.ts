import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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
