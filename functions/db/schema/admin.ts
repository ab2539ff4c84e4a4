import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { auditActions } from '../../../src/contract/admin';
import { users } from './accounts';

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
