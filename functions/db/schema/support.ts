import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

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
